"""Polyomino pieces and standees for Tabletop Simulator: custom models of their printed shape.

A polyomino piece is its squares extruded to a thin slab: the top shows the printed front,
the bottom the printed back (as the piece turned over shows it), both from one image that
holds the printed face and its back side by side. A standee is the folded tent its strip
makes: front and back panels leaning together over the base, textured by the strip as it
prints, and a figurine in TTS (it stands itself up when picked up).
Sizes are TTS units at the printed size (pnp/export/tts_models.py).
"""

from __future__ import annotations

import math

from pnp.export.obj import Mesh, obj_text
from pnp.export.tts_models import MM_PER_UNIT
from pnp.export.tts_save import model_object
from pnp.face_images import place_face, render_png
from pnp.kinds.base import Face
from pnp.names import UniqueNames, safe_name

SLAB_MM = 1.5  # a piece's thickness on the virtual table: a mounted card, easy to pick up
PIECE_PX_PER_MM = 150 / 25.4
MAX_PX = 4096


def _loops(path) -> list[list[tuple[float, float]]]:
    loops: list[list[tuple[float, float]]] = []
    for op in path.ops:
        if op[0] == "M":
            loops.append([(op[1], op[2])])
        elif op[0] == "L":
            loops[-1].append((op[1], op[2]))
    return loops


def outline_loop(path) -> list[tuple[float, float]]:
    """The corners of a one-loop outline path (a polygon's cut line), in face mm."""
    return _loops(path)[0]


def _inside(x: float, y: float, loops) -> bool:
    """Even-odd: is (x, y) inside the outline loops (holes are loops inside loops)?"""
    hit = False
    for loop in loops:
        for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1], strict=True):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                hit = not hit
    return hit


def piece_cells(outline, cell: float) -> list[tuple[float, float]]:
    """The top-left corners (face mm) of the squares inside a piece's outline path."""
    loops = _loops(outline)
    pts = [p for loop in loops for p in loop]
    ox, oy = pts[0][0] % cell, pts[0][1] % cell
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)
    cols, rows = round((x1 - x0) / cell), round((y1 - y0) / cell)
    gx = ox + round((x0 - ox) / cell) * cell
    gy = oy + round((y0 - oy) / cell) * cell
    return [
        (gx + c * cell, gy + r * cell)
        for r in range(rows)
        for c in range(cols)
        if _inside(gx + (c + 0.5) * cell, gy + (r + 0.5) * cell, loops)
    ]


def slab_mesh(cells: list[tuple[float, float]], cell: float, face_w: float, face_h: float) -> Mesh:
    """The squares as a closed slab about their centre: `top` textured by the left half of the
    image (the face as printed), `bottom` by the right half (its back, mirrored left to right
    as turning the piece over shows it), `edge` walls along the outline."""
    k = 1 / MM_PER_UNIT
    cx = sum(x for x, _ in cells) / len(cells) + cell / 2
    cy = sum(y for _, y in cells) / len(cells) + cell / 2
    t = SLAB_MM * k / 2

    def top(x, y):
        return ((x - cx) * k, t, (y - cy) * k), (x / face_w / 2, 1 - y / face_h)

    def bottom(x, y):
        return ((x - cx) * k, -t, (y - cy) * k), (1 - x / face_w / 2, 1 - y / face_h)

    mesh = Mesh()
    x0, y0 = min(x for x, _ in cells), min(y for _, y in cells)

    def grid(x: float, y: float) -> tuple[int, int]:  # squares counted from the piece's corner
        return round((x - x0) / cell), round((y - y0) / cell)

    have = {grid(x, y) for x, y in cells}

    def apart(c: int, r: int, x: float, y: float) -> tuple:
        """A corner where this square meets another at that corner only is its own vertex, so
        that each edge of the slab joins exactly two faces."""
        gi, gj = grid(x, y)
        around = [(gi - 1, gj - 1) in have, (gi, gj - 1) in have]
        around += [(gi - 1, gj) in have, (gi, gj) in have]
        pinch = around in ([True, False, False, True], [False, True, True, False])
        return (f"{c},{r}",) if pinch else ()

    for face, at in (("top", top), ("bottom", bottom)):
        for x, y in cells:
            c, r = grid(x, y)
            sq = [(x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell)]
            up = 1 if face == "top" else -1
            mesh.add(face, [(*at(*p), *apart(c, r, *p)) for p in sq], (0, up, 0))
    for x, y in cells:
        c, r = grid(x, y)
        sides = (((0, -1), (x, y), (x + cell, y)), ((1, 0), (x + cell, y), (x + cell, y + cell)))
        sides += (((0, 1), (x + cell, y + cell), (x, y + cell)), ((-1, 0), (x, y + cell), (x, y)))
        for (dc, dr), a, b in sides:
            if (c + dc, r + dr) in have:
                continue
            (pa, uva), (pb, uvb) = top(*a), top(*b)
            ka, kb = apart(c, r, *a), apart(c, r, *b)
            wall = [(pa, uva, *ka), (pb, uvb, *kb), (bottom(*b)[0], uvb, *kb)]
            mesh.add("edge", [*wall, (bottom(*a)[0], uva, *ka)], (dc, 0, dr))
    return mesh


def prism_mesh(loop: list[tuple[float, float]], face_w: float, face_h: float) -> Mesh:
    """A convex outline (face mm) as a slab, textured as slab_mesh is: a shaped two-sided
    token (hexagon, octagon) whose back TTS's own tokens would not show."""
    k = 1 / MM_PER_UNIT
    cx, cy, t = face_w / 2, face_h / 2, SLAB_MM / MM_PER_UNIT / 2

    def top(x, y):
        return ((x - cx) * k, t, (y - cy) * k), (x / face_w / 2, 1 - y / face_h)

    def bottom(x, y):
        return ((x - cx) * k, -t, (y - cy) * k), (1 - x / face_w / 2, 1 - y / face_h)

    mesh = Mesh()
    mesh.add("top", [top(*p) for p in loop], (0, 1, 0))
    mesh.add("bottom", [bottom(*p) for p in loop], (0, -1, 0))
    for a, b in zip(loop, loop[1:] + loop[:1], strict=True):
        (pa, uva), (pb, uvb) = top(*a), top(*b)
        out = ((a[0] + b[0]) / 2 - cx, 0, (a[1] + b[1]) / 2 - cy)
        mesh.add("edge", [(pa, uva), (pb, uvb), (bottom(*b)[0], uvb), (bottom(*a)[0], uva)], out)
    return mesh


def two_sided_image(ctx, face: Face, root, name: str) -> None:
    """The face and its back side by side, the image slab_mesh and prism_mesh expect."""
    k = min(PIECE_PX_PER_MM, MAX_PX / (2 * face.w), MAX_PX / face.h)
    w_px, h_px = max(1, round(face.w * k)), max(1, round(face.h * k))
    sides = [place_face(face.front, 0, 0, face, w_px, h_px)]
    if face.back is not None:
        sides.append(place_face(face.back, w_px, 0, face, w_px, h_px))
    (root / name).write_bytes(render_png(ctx, sides, 2 * w_px, h_px, "#ffffff"))


def polyomino_objects(ctx, fam, faces: list[Face], root, url, z: float) -> list[dict]:
    """One custom model per piece: a packed face's pieces each their own slab, on the image of
    the whole face (drawn once for them all)."""
    stem = safe_name(fam.name)
    names = UniqueNames()
    cell = fam.spec.cell
    out = []
    for face in faces:
        image = f"{stem}-{names(face.id)}-faces.png"
        two_sided_image(ctx, face, root, image)
        pieces = face.pieces or ((face.id, face.cut),)
        for ident, outline in pieces:
            cells = piece_cells(outline, cell)
            mesh_name = f"{stem}-{names(ident)}.obj"
            mesh = slab_mesh(cells, cell, face.w, face.h)
            (root / mesh_name).write_text(obj_text(mesh, f"{fam.name}: {ident}"), encoding="utf-8")
            n = len(out)
            out.append(
                model_object(
                    ident,
                    f"{fam.name}/{ident}",
                    url(mesh_name),
                    url(image),
                    "generic",
                    3.0 * (n % 10),
                    z - 3.0 * (n // 10),
                )
            )
    return out


def tent_mesh(w: float, h: float, base: float) -> Mesh:
    """A standee folded: panels h high meeting at the top, their feet `base` apart (the two
    base panels glued over each other under the tent), the front facing -Z (towards the player
    at the foot of TTS's table); texture coordinates into the strip as it prints
    (base | back upside down | front | base, from the top)."""
    k = 1 / MM_PER_UNIT
    total = 2 * base + 2 * h
    rise = math.sqrt(max(h * h - base * base / 4, (h / 10) ** 2))
    y0 = rise / 3  # the centre of mass of the tent's triangle

    def at(sx: float, sy: float, y: float, z: float):
        # seen from the front, the strip's left is the viewer's left: world -x is their right
        return ((w / 2 - sx) * k, (y - y0) * k, z * k), (sx / w, 1 - sy / total)

    apex, front, back, under = base + h, base + 2 * h, base, base + 2 * h
    mesh = Mesh()
    mesh.add(
        "front",
        [
            at(0, apex, rise, 0),
            at(w, apex, rise, 0),
            at(w, front, 0, -base / 2),
            at(0, front, 0, -base / 2),
        ],
        (0, 0, -1),
    )
    mesh.add(
        "back",
        [
            at(0, apex, rise, 0),
            at(w, apex, rise, 0),
            at(w, back, 0, base / 2),
            at(0, back, 0, base / 2),
        ],
        (0, 0, 1),
    )
    mesh.add(
        "base",
        [
            at(0, under, 0, -base / 2),
            at(w, under, 0, -base / 2),
            at(w, total, 0, base / 2),
            at(0, total, 0, base / 2),
        ],
        (0, -1, 0),
    )
    # the open ends of the tent show the base panel's colour (a small triangle inside it)
    mid = under + base / 2
    for sx, out in ((0, 1), (w, -1)):
        corners = [at(sx, apex, rise, 0), at(sx, front, 0, -base / 2), at(sx, back, 0, base / 2)]
        inside = [(w / 2, mid - base / 4), (w / 4, mid + base / 4), (3 * w / 4, mid + base / 4)]
        mesh.add(
            "ends",
            [(p, (u / w, 1 - v / total)) for (p, _), (u, v) in zip(corners, inside, strict=True)],
            (out, 0, 0),
        )
    return mesh


def standee_objects(ctx, fam, faces: list[Face], root, url, z: float) -> list[dict]:
    """One figurine per standee: its tent mesh and the image of its strip as printed."""
    stem = safe_name(fam.name)
    names = UniqueNames()
    spec = fam.spec
    w, h, base = (v * spec.scale for v in (spec.size.w, spec.size.h, spec.base))
    mesh_name = f"{stem}-tent.obj"
    (root / mesh_name).write_text(
        obj_text(tent_mesh(w, h, base), f"{fam.name}: a folded standee"), encoding="utf-8"
    )
    out = []
    for n, face in enumerate(faces):
        k = min(PIECE_PX_PER_MM * 2, MAX_PX / max(face.w, face.h))  # seen close: 300 dpi
        w_px, h_px = max(1, round(face.w * k)), max(1, round(face.h * k))
        image = f"{stem}-{names(face.id)}-strip.png"
        (root / image).write_bytes(
            render_png(ctx, [place_face(face.front, 0, 0, face, w_px, h_px)], w_px, h_px, "#ffffff")
        )
        out.append(
            model_object(
                face.id, f"{fam.name}/{face.id}", url(mesh_name), url(image), "figurine", 3.0 * n, z
            )
        )
    return out
