"""Wavefront OBJ meshes: polygons with texture coordinates, written as the text TTS loads.

A mesh is named groups (`g`) of convex polygons; each polygon is its corners, each corner a
point and its texture coordinate (u right, v up, both 0..1 across the one diffuse image).
Points are right-handed with +Y up, as Wavefront OBJ files from Blender and most tools are.
Polygons are written as triangle fans (TTS asks for triangulated meshes), with one flat
normal (`vn`) per polygon so that faces stay flat when lit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.kinds.polyhedra.vectors import Vec3, cross, dot, norm, sub

# a point and its texture coordinate; a third item, when given, keeps this corner's point apart
# from another at the same place (two parts of a piece that touch at one corner only)
Corner = tuple


@dataclass
class Mesh:
    groups: list[tuple[str, list[list[Corner]]]] = field(default_factory=list)

    def add(self, name: str, polygon: list[Corner], outward: Vec3 | None = None) -> None:
        """A polygon of group `name`; turned round when `outward` says it faces inside."""
        if outward is not None and dot(normal([c[0] for c in polygon]), outward) < 0:
            polygon = polygon[::-1]
        if self.groups and self.groups[-1][0] == name:
            self.groups[-1][1].append(polygon)
        else:
            self.groups.append((name, [polygon]))


def normal(points: list[Vec3]) -> Vec3:
    """The unit normal of a polygon whose corners run counter-clockwise seen from its front."""
    n = (0.0, 0.0, 0.0)
    for i in range(1, len(points) - 1):
        c = cross(sub(points[i], points[0]), sub(points[i + 1], points[0]))
        n = (n[0] + c[0], n[1] + c[1], n[2] + c[2])
    length = norm(n) or 1.0
    return (n[0] / length, n[1] / length, n[2] / length)


def obj_text(mesh: Mesh, title: str) -> str:
    """The OBJ file: shared points and texture coordinates, one normal and fan per polygon."""
    vs: dict[tuple, int] = {}
    vts: dict[tuple, int] = {}
    head, body = [f"# {title}", "# units: Tabletop Simulator units (1 = 25.4 mm), +Y up"], []
    vn = 0

    def index(table: dict, values: tuple, tag: str, apart: tuple = ()) -> int:
        key = (*values, *apart)
        if key not in table:
            table[key] = len(table) + 1
            head.append(f"{tag} " + " ".join(f"{x:.6f}" for x in values))
        return table[key]

    for name, polygons in mesh.groups:
        body.append(f"g {name}")
        for poly in polygons:
            vn += 1
            nx, ny, nz = normal([c[0] for c in poly])
            body.append(f"vn {nx:.6f} {ny:.6f} {nz:.6f}")
            refs = [
                f"{index(vs, tuple(round(c, 6) for c in corner[0]), 'v', corner[2:])}/"
                f"{index(vts, tuple(round(c, 6) for c in corner[1]), 'vt')}/{vn}"
                for corner in poly
            ]
            body += [f"f {refs[0]} {refs[i]} {refs[i + 1]}" for i in range(1, len(refs) - 1)]
    return "\n".join(head + body) + "\n"
