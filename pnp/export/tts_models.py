"""Tabletop Simulator custom models of dice and solids: an OBJ mesh of the solid, one diffuse
image of its drawn faces, and the rotation that puts each face up.

Scale: pnp takes 1 TTS unit as 1 inch (25.4 mm), the scale TTS's measuring tool reports in,
so a model is its printed size on the table.

Frames: the OBJ is right-handed with +Y up (Wavefront's and Blender's convention); TTS, a
Unity game, loads it into its left-handed frame by negating x, which leaves the shape as it
was. A rotation in a Saved Object (`Transform.rot*`, `RotationValues[].Rotation`) is Unity's
Euler angles in degrees: about z, then about x, then about y, each about the fixed world axes
(Unity's `Quaternion.Euler`), i.e. the matrix Ry·Rx·Rz applied to the object's points, with
the usual right-hand-rule matrices for each axis applied to TTS's coordinates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.draw.primitives import Group, Rect, Style, apply, invert, multiply, rotate, translate
from pnp.export.obj import Mesh
from pnp.kinds.polyhedra.nets import NetFace, face_box, make_net
from pnp.kinds.polyhedra.solids import solid
from pnp.kinds.polyhedra.vectors import Vec3, cross, dot, sub

MM_PER_UNIT = 25.4
ATLAS_PX = 1024  # a die's diffuse image: square, a power of two as TTS advises for models


@dataclass(frozen=True)
class FaceCell:
    """Where one face of a solid is drawn in the diffuse image: its cell (column, row) and
    the side (mm) of the square box its content is drawn in."""

    col: int
    row: int
    side: float
    to_box: tuple  # the matrix from page mm of the face on the net to mm in its content box
    net: NetFace  # the face as the net prints it


def grid(count: int) -> int:
    """Columns (and at most as many rows) of a die's diffuse image."""
    return math.ceil(math.sqrt(count))


def y_up(p: Vec3) -> Vec3:
    """A point of pnp's solids (right-handed, +Z up) in the OBJ's frame (right-handed, +Y up)."""
    return (p[0], p[2], -p[1])


def volume_centre(points: list[Vec3], faces) -> Vec3:
    """The centre of mass of a closed convex solid (so that it rolls true in TTS)."""
    o = points[0]
    total, acc = 0.0, [0.0, 0.0, 0.0]
    for f in faces:
        for i in range(1, len(f) - 1):
            a, b, c = points[f[0]], points[f[i]], points[f[i + 1]]
            v = dot(sub(a, o), cross(sub(b, o), sub(c, o))) / 6
            total += v
            for k in range(3):
                acc[k] += v * (o[k] + a[k] + b[k] + c[k]) / 4
    return (acc[0] / total, acc[1] / total, acc[2] / total)


def face_cells(solid_name: str, edge: float) -> dict[int, FaceCell]:
    """Each face's cell in the diffuse image and the map from its net outline (as printed) to
    its content box, so texture coordinates put each corner where the print has it."""
    net = make_net(solid_name, edge, False, None)
    cols = grid(len(net.faces))
    out = {}
    for f in net.faces:
        (cx, cy), side, deg = face_box(f.points, f.up)
        m = multiply(translate(cx, cy), multiply(rotate(deg), translate(-side / 2, -side / 2)))
        to_box = invert(m)
        out[f.index] = FaceCell(f.index % cols, f.index // cols, side, to_box, f)
    return out


def solid_mesh(solid_name: str, edge: float) -> Mesh:
    """The solid at `edge` mm, in TTS units about its centre of mass; group `face{n}` is face n
    (1-based, the solid's face order), its texture coordinates in its cell of the image."""
    sol = solid(solid_name)
    pts = [y_up(tuple(c * edge / MM_PER_UNIT for c in v)) for v in sol.vertices]
    faces = sol.faces
    centre = volume_centre(pts, faces)
    pts = [sub(p, centre) for p in pts]
    cells = face_cells(solid_name, edge)
    cols = grid(len(faces))
    mesh = Mesh()
    for i, f in enumerate(faces):
        cell = cells[i]
        at = dict(zip(cell.net.vertices, cell.net.points, strict=True))
        poly = []
        for vi in f:
            bx, by = apply(cell.to_box, *at[vi])
            u = (cell.col + bx / cell.side) / cols
            v = 1 - (cell.row + by / cell.side) / cols
            poly.append((pts[vi], (u, v)))
        mesh.add(f"face{i + 1}", poly)
    return mesh


def atlas(face_contents: list, cells: dict[int, FaceCell], ground: str | None) -> list:
    """The primitives of a die's diffuse image: each face's content (drawn in its side × side
    mm box) scaled into its cell, on the die's colour."""
    cols = grid(len(cells))
    px = ATLAS_PX / cols
    prims = [Rect(0, 0, ATLAS_PX, ATLAS_PX, Style(ground))] if ground else []
    for i, content in enumerate(face_contents):
        cell = cells[i]
        k = px / cell.side
        m = multiply(translate(cell.col * px, cell.row * px), (k, 0.0, 0.0, k, 0.0, 0.0))
        prims.append(Group((content,), m))
    return prims


def face_up_rotation(n: Vec3) -> tuple[float, float, float]:
    """Euler angles (x, y, z degrees, TTS's convention above) that turn an object so that its
    outward normal `n` (TTS's frame) points up: z first swings n into the y-z plane, then x
    lifts it to +Y; y is left at 0 (any turn about the vertical keeps the face up)."""
    nx, ny, nz = n
    rz = math.degrees(math.atan2(nx, ny))
    lifted = math.hypot(nx, ny)
    rx = math.degrees(math.atan2(-nz, lifted))
    return (round(rx, 4) + 0.0, 0.0, round(rz, 4) + 0.0)


def tts_normal(n: Vec3) -> Vec3:
    """A direction of the OBJ's frame in TTS's (x negated, see above)."""
    return (-n[0], n[1], n[2])
