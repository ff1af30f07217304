"""The solids of the `die` kind: 3-D vertex and face tables, in units of their reference edge.

Faces are vertex indices, counter-clockwise seen from outside, in the solid's face order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, partial

from pnp.kinds.polyhedra.vectors import (
    Vec3,
    centroid3,
    cross,
    dist3,
    dot,
    face_normal,
    norm,
    sub,
    unit,
)

PHI = (1 + math.sqrt(5)) / 2


@dataclass(frozen=True)
class Solid:
    name: str
    title: str
    vertices: tuple[Vec3, ...]  # in units of the reference edge (`edge` in the YAML)
    faces: tuple[tuple[int, ...], ...]  # counter-clockwise seen from outside, in face order
    order_note: str  # how the face order runs
    # how to build candidate spanning trees: ("bfs", root face) or ("caps", group_a, group_b) ...
    strategies: tuple = ()
    kite: bool = False  # faces are kites: their "up" points at the sharp (pole) corner

    @property
    def edges(self) -> set[tuple[int, int]]:
        return {
            tuple(sorted((f[i], f[(i + 1) % len(f)]))) for f in self.faces for i in range(len(f))
        }

    def edge_length(self, a: int, b: int) -> float:
        return dist3(self.vertices[a], self.vertices[b])

    def face_angle(self, face: int, vertex: int) -> float:
        """Interior angle (radians) of a face at one of its vertices."""
        f = self.faces[face]
        i = f.index(vertex)
        p, a, b = self.vertices[f[i]], self.vertices[f[i - 1]], self.vertices[f[(i + 1) % len(f)]]
        u, v = sub(a, p), sub(b, p)
        return math.acos(max(-1.0, min(1.0, dot(u, v) / (norm(u) * norm(v)))))


def convex_hull_faces(vertices: list[Vec3]) -> list[tuple[int, ...]]:
    """The faces of a convex polyhedron given by its vertices (brute force: a handful of points)."""
    n = len(vertices)
    seen: set[frozenset] = set()
    faces = []
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                a, b, c = vertices[i], vertices[j], vertices[k]
                nrm = cross(sub(b, a), sub(c, a))
                if norm(nrm) < 1e-9:
                    continue
                nrm = unit(nrm)
                d = dot(nrm, a)
                above = below = False  # most planes through three corners cut the solid
                for v in vertices:
                    s = dot(nrm, v) - d
                    above, below = above or s > 1e-9, below or s < -1e-9
                    if above and below:
                        break
                if above and below:
                    continue
                side = [dot(nrm, v) - d for v in vertices]
                out = nrm if not above else (-nrm[0], -nrm[1], -nrm[2])
                on = frozenset(m for m, s in enumerate(side) if abs(s) <= 1e-9)
                if on in seen:
                    continue
                seen.add(on)
                faces.append(_ccw(list(on), vertices, out))
    return faces


def _ccw(idx: list[int], vertices: list[Vec3], outward: Vec3) -> tuple[int, ...]:
    c = centroid3([vertices[i] for i in idx])
    u = unit(sub(vertices[idx[0]], c))
    w = cross(outward, u)
    return tuple(
        sorted(
            idx, key=lambda i: math.atan2(dot(sub(vertices[i], c), w), dot(sub(vertices[i], c), u))
        )
    )


def _rotation_to_z(d: Vec3):
    """A function rotating direction d onto +z (Rodrigues)."""
    d = unit(d)
    z = (0.0, 0.0, 1.0)
    axis = cross(d, z)
    s, c = norm(axis), dot(d, z)
    if s < 1e-12:
        return (lambda p: p) if c > 0 else (lambda p: (p[0], -p[1], -p[2]))
    k = unit(axis)

    def rot(p):
        kxp = cross(k, p)
        kdp = dot(k, p)
        return tuple(p[i] * c + kxp[i] * s + k[i] * kdp * (1 - c) for i in range(3))

    return rot


def _azimuth(n: Vec3) -> float:
    """Angle of a direction around +z, counter-clockwise seen from above, 0 at the front (-y)."""
    return round((math.atan2(n[1], n[0]) + math.pi / 2) % (2 * math.pi), 6) % round(2 * math.pi, 6)


def _ordered(vertices: list[Vec3], key) -> tuple[tuple[int, ...], ...]:
    faces = convex_hull_faces(vertices)
    normals = [face_normal([vertices[i] for i in f]) for f in faces]
    order = sorted(range(len(faces)), key=lambda i: key(normals[i]))
    return tuple(faces[i] for i in order)


def _symmetric_order(
    vertices: list[Vec3], first_half, interleave: bool = False
) -> tuple[tuple[int, ...], ...]:
    """Face order of a centrally symmetric solid: face F+1-n is opposite face n.

    first_half picks and orders half the faces (by their normals). With interleave, those take
    the odd places (1, 3, 5 ...) and their opposites the even ones, still so that n and F+1-n
    are opposite.
    """
    faces = convex_hull_faces(vertices)
    normals = [face_normal([vertices[i] for i in f]) for f in faces]
    half = first_half(normals)
    total = len(faces)
    slots: list[int | None] = [None] * total
    places = list(range(0, total, 2)) if interleave else list(range(total // 2))
    for place, fi in zip(places, half, strict=True):
        slots[place] = fi
        opp = min(range(total), key=lambda j: dist3(normals[j], tuple(-x for x in normals[fi])))
        slots[total - 1 - place] = opp
    assert sorted(slots) == list(range(total)), "face order is not a permutation"
    return tuple(faces[i] for i in slots)


def _scaled(vertices: list[Vec3], edge: float) -> list[Vec3]:
    return [(x / edge, y / edge, z / edge) for x, y, z in vertices]


def _cube() -> Solid:
    v = [(x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)]
    axes = [(0, 0, 1), (0, -1, 0), (1, 0, 0)]  # top, front, right: 1-2-3 counter-clockwise

    def half(normals):
        return [min(range(6), key=lambda j, a=a: dist3(normals[j], a)) for a in axes]

    return Solid(
        "d6",
        "cube",
        tuple(v),
        _symmetric_order(v, half),
        "1 top, 2 front, 3 right, 4 left, 5 back, 6 bottom: face n is opposite face 7-n "
        "(so 1..6 give a standard die, 1-2-3 counter-clockwise)",
        (("bfs", 0),),
    )


def _tetrahedron() -> Solid:
    raw = [(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)]
    rot = _rotation_to_z((1, 1, 1))  # vertex (1,1,1) up: the opposite face is the bottom
    v = _scaled([rot(p) for p in raw], math.sqrt(8))
    faces = _ordered(v, lambda n: (n[2] > -0.9, _azimuth(n)))
    return Solid(
        "d4",
        "tetrahedron",
        tuple(v),
        faces,
        "1 the bottom, then 2-4 counter-clockwise seen from above",
        (("bfs", 0), ("bfs", 1)),
    )


def _octahedron() -> Solid:
    v = [(s * a[0], s * a[1], s * a[2]) for a in ((1, 0, 0), (0, 1, 0), (0, 0, 1)) for s in (1, -1)]
    v = _scaled(v, math.sqrt(2))

    def half(normals):
        up = [i for i, n in enumerate(normals) if n[2] > 0]
        return sorted(up, key=lambda i: _azimuth(normals[i]))

    faces = _symmetric_order(v, half)
    return Solid(
        "d8",
        "octahedron",
        tuple(v),
        faces,
        "1-4 around the top corner counter-clockwise, 5-8 around the bottom corner: "
        "face n is opposite face 9-n",
        (("caps", (0, 1, 2, 3), (4, 5, 6, 7)),),
    )


def _dodecahedron() -> Solid:
    ip = 1 / PHI
    raw = [(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    for a in (-1, 1):
        for b in (-1, 1):
            raw += [(0, a * ip, b * PHI), (a * ip, b * PHI, 0), (a * PHI, 0, b * ip)]
    f0 = convex_hull_faces(raw)[0]
    rot = _rotation_to_z(face_normal([raw[i] for i in f0]))  # a face on top
    v = _scaled([rot(p) for p in raw], 2 / PHI)

    def half(normals):
        top = max(range(12), key=lambda i: normals[i][2])
        ring = sorted(
            (i for i, n in enumerate(normals) if 0.1 < n[2] < 0.9),
            key=lambda i: _azimuth(normals[i]),
        )
        return [top, *ring]

    faces = _symmetric_order(v, half)
    return Solid(
        "d12",
        "dodecahedron",
        tuple(v),
        faces,
        "1 top, 2-6 around it counter-clockwise, 7-11 the lower ring, 12 bottom: "
        "face n is opposite face 13-n",
        (("caps", (0, 1, 2, 3, 4, 5), (11, 6, 7, 8, 9, 10)),),
    )


def _trapezohedron() -> Solid:
    """The d10: the dual of the uniform pentagonal antiprism (Conway dA5).

    Geometry source: the pentagonal trapezohedron as the polar reciprocal of the uniform
    (all edges equal) pentagonal antiprism, e.g. https://en.wikipedia.org/wiki/Pentagonal_trapezohedron
    and https://polytope.miraheze.org/wiki/Pentagonal_antitegum: ten congruent kites with angles
    108°, 108°, 108° and 36° (at the poles); the long edges are (3+√5)/2 ≈ 2.618 times the
    short ones. Face-transitive, so every face is equally likely: a fair die. The tests check
    these angles and ratios from the table below.
    """
    n = 5
    r = 1 / (2 * math.sin(math.pi / n))  # antiprism edge 1
    h2 = 1 - 2 * r * r * (1 - math.cos(math.pi / n))  # (height)^2 so the side edges are 1 too
    hz = math.sqrt(h2) / 2
    anti = [
        (r * math.cos(2 * math.pi * k / n), r * math.sin(2 * math.pi * k / n), hz) for k in range(n)
    ]
    anti += [
        (r * math.cos(2 * math.pi * (k + 0.5) / n), r * math.sin(2 * math.pi * (k + 0.5) / n), -hz)
        for k in range(n)
    ]
    dual = []
    for f in convex_hull_faces(anti):
        pts = [anti[i] for i in f]
        nrm = face_normal(pts)
        d = dot(nrm, pts[0])
        dual.append((nrm[0] / d, nrm[1] / d, nrm[2] / d))
    faces0 = convex_hull_faces(dual)
    # short edge = the reference edge
    short = min(dist3(dual[f[i]], dual[f[(i + 1) % 4]]) for f in faces0 for i in range(4))
    v = _scaled(dual, short)

    def half(normals):
        up = [i for i, nn in enumerate(normals) if nn[2] > 0]
        return sorted(up, key=lambda i: _azimuth(normals[i]))

    faces = _symmetric_order(v, half, interleave=True)
    odd = tuple(range(0, 10, 2))
    even = tuple(range(1, 10, 2))
    # the classic zig-zag strip: faces around the equator in turn
    ring = sorted(range(10), key=lambda i: _azimuth(face_normal([v[j] for j in faces[i]])))
    return Solid(
        "d10",
        "pentagonal trapezohedron",
        tuple(v),
        faces,
        "odd faces (1, 3 ... 9) meet at the top pole, even faces at the bottom pole; "
        "face n is opposite face 11-n (label them 0-9 in order and opposite faces add up to 9)",
        tuple(("tree", _path(ring[k:] + ring[:k])) for k in range(2)) + (("caps", odd, even),),
        kite=True,
    )


def _path(order) -> tuple[tuple[int, int], ...]:
    return tuple(zip(order, order[1:], strict=False))


def _strip(n: int, k: int) -> tuple[tuple[int, int], ...]:
    """A prism's sides in a row (faces 1..n, 0-based), the top and bottom hung on side k."""
    mid = list(range(1, n + 1))
    i = mid.index(k)
    left, right = mid[:i][::-1], mid[i + 1 :]
    pairs = [(k, 0), (k, n + 1)]
    for side in (left, right):
        prev = k
        for f in side:
            pairs.append((prev, f))
            prev = f
    return tuple(pairs)


def _prism(n: int) -> Solid:
    r = 1 / (2 * math.sin(math.pi / n))
    v = []
    for z in (0.5, -0.5):
        for k in range(n):
            a = -math.pi / 2 + math.pi / n + 2 * math.pi * k / n  # a side faces the front (-y)
            v.append((r * math.cos(a), r * math.sin(a), z))
    faces = _ordered(v, lambda nn: (0 if nn[2] > 0.5 else (2 if nn[2] < -0.5 else 1), _azimuth(nn)))
    names = {3: "triangular", 5: "pentagonal", 6: "hexagonal"}
    return Solid(
        f"prism{n}",
        f"{names[n]} prism",
        tuple(v),
        faces,
        f"1 top, 2-{n + 1} the sides counter-clockwise seen from above (2 at the front), {n + 2} bottom",
        tuple(("tree", _strip(n, k)) for k in range(1, n + 1)),
    )


def _pyramid4() -> Solid:
    v = [(x, y, 0.0) for x in (-0.5, 0.5) for y in (-0.5, 0.5)] + [(0.0, 0.0, 1 / math.sqrt(2))]
    faces = _ordered(v, lambda nn: (nn[2] > -0.9, _azimuth(nn)))
    return Solid(
        "pyramid4",
        "square pyramid",
        tuple(v),
        faces,
        "1 the square base, then 2-5 the triangles counter-clockwise seen from above",
        (("bfs", 0),),
    )


BUILDERS = {  # each solid by its name, built when first asked for
    "d4": _tetrahedron,
    "d6": _cube,
    "d8": _octahedron,
    "d10": _trapezohedron,
    "d12": _dodecahedron,
    "prism3": partial(_prism, 3),
    "prism5": partial(_prism, 5),
    "prism6": partial(_prism, 6),
    "pyramid4": _pyramid4,
}
SOLID_NAMES = tuple(BUILDERS)


@cache
def solid(name: str) -> Solid:
    built = BUILDERS[name]()
    assert built.name == name, (name, built.name)
    return built
