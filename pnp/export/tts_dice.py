"""Dice for Tabletop Simulator: one image per die, its faces laid out as TTS's die template.

A TTS custom die (`Custom_Dice`) is one of TTS's own die models wearing one image; the image
must put each face where that model's template has it. The templates ship with TTS (Steam/
steamapps/common/Tabletop Simulator/Modding/Dice Templates: D4, D6, D8, D10, D12, D20.png); the
knowledge base's "Custom Dice" page shows the D6 template being edited (its images
custom-dice/ps1.png and folder.png), and that is the layout below, measured from it:

    a square image in a 3 × 3 grid of equal cells; the top row unused;
    middle row: faces 2, 4, 5; bottom row: faces 1, 3, 6, with 1 and 6 upside down;
    each face centred in its cell, its flat part 88 % of the cell (the rest is the bevel).

The other templates are triangles, kites and pentagons whose corners cannot be measured from the
knowledge base's thumbnails, so every other solid (d4, d8, d10, d12, prisms, pyramid) is a
custom model instead: its own mesh, an image of its faces and the rotation of each face
(pnp/export/tts_models.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.draw.primitives import Group, Rect, Style, multiply, rotate, scale, translate
from pnp.export.obj import normal, obj_text
from pnp.export.tts_models import (
    ATLAS_PX,
    atlas,
    face_cells,
    face_up_rotation,
    solid_mesh,
    tts_normal,
)
from pnp.export.tts_save import die_object, model_object
from pnp.face_images import render_png
from pnp.kinds.args import colour_of
from pnp.kinds.die_net import (
    ambiguous,
    default_front,
    face_content,
    face_drawings,
    face_labels,
)
from pnp.kinds.template import TemplateRenderer
from pnp.names import UniqueNames, safe_name

DIE_KINDS = {"die"}
DIE_PX = 1024  # the die image's side: ~300 px a face, sharp on screen; a power of two for TTS
FLAT = 0.88  # the share of a template cell that is the face's flat part


@dataclass(frozen=True)
class DieTemplate:
    grid: tuple[int, int]  # columns, rows of equal cells
    cells: dict[int, tuple[int, int, int]]  # face number -> (column, row, degrees turned)


TEMPLATES = {  # by pnp's solid (pnp/kinds/polyhedra/solids.py)
    "d6": DieTemplate(
        (3, 3),
        {2: (0, 1, 0), 4: (1, 1, 0), 5: (2, 1, 0), 1: (0, 2, 180), 3: (1, 2, 0), 6: (2, 2, 180)},
    ),
}
TTS_TYPES = {"d4": 0, "d6": 1, "d8": 2, "d10": 3, "d12": 4, "d20": 5}  # CustomDice.Type


def cell_box(template: DieTemplate, face_number: int, size: int = DIE_PX) -> tuple[float, ...]:
    """(x0, y0, x1, y1) in pixels of a face's whole cell in a size × size die image."""
    col, row, _ = template.cells[face_number]
    cols, rows = template.grid
    return (col * size / cols, row * size / rows, (col + 1) * size / cols, (row + 1) * size / rows)


def die_image(template: DieTemplate, faces: list, side: float, ground: str | None) -> list:
    """The primitives of one die image: each face (a side × side mm drawing) in its cell, the
    cell's bevel in the die's colour."""
    prims = []
    for n, drawing in enumerate(faces, 1):
        x0, y0, x1, y1 = cell_box(template, n)
        w = x1 - x0
        if ground:  # half a pixel over the cell's edges: no seam where two cells meet
            prims.append(Rect(x0 - 0.5, y0 - 0.5, w + 1, y1 - y0 + 1, Style(ground)))
        flat = w * FLAT
        turn = template.cells[n][2]
        m = multiply(
            translate((x0 + x1) / 2, (y0 + y1) / 2),
            multiply(
                rotate(turn),
                multiply(scale(flat / side, flat / side), translate(-side / 2, -side / 2)),
            ),
        )
        prims.append(Group((drawing,), m))
    return prims


def dice_objects(ctx, fam, root: Path, url, z: float) -> list[dict]:
    """A `Custom_Dice` object per die of a d6 family (TTS's own d6 model wearing the image);
    a `Custom_Model` of type Dice per die of every other solid."""
    spec = fam.spec
    template = TEMPLATES.get(spec.solid)
    if template is None:
        return model_dice(ctx, fam, root, url, z)
    stem = safe_name(fam.name)
    names = UniqueNames()
    out = []
    for n, (item, side, ground, faces) in enumerate(face_drawings(fam, ctx)):
        name = f"{stem}-{names(item.id)}-die.png"
        prims = die_image(template, faces, side, ground)
        (root / name).write_bytes(render_png(ctx, prims, DIE_PX, DIE_PX, "#ffffff"))
        out.append(
            die_object(
                item.id,
                f"{fam.name}/{item.id}",
                url(name),
                TTS_TYPES[spec.solid],
                _values(fam, item),
                3.0 * n,
                z,
            )
        )
    return out


def _values(fam, item) -> list[str]:
    """What TTS says a roll shows: the face's label, or its number when the label is blank."""
    return [lab.strip() or str(k) for k, lab in enumerate(face_labels(fam.spec, fam, item), 1)]


def model_dice(ctx, fam, root: Path, url, z: float) -> list[dict]:
    """Each die of the family as a custom model: `FAMILY-solid.obj` (one mesh for the family's dice,
    which differ only in their images) and `FAMILY-ITEM-faces.png`."""
    spec = fam.spec
    stem = safe_name(fam.name)
    mesh = solid_mesh(spec.solid, spec.edge * spec.scale)
    mesh_name = f"{stem}-solid.obj"
    (root / mesh_name).write_text(obj_text(mesh, f"{fam.name}: a {spec.solid}"), encoding="utf-8")
    rotations = [
        face_up_rotation(tts_normal(normal([p for p, _ in polys[0]]))) for _, polys in mesh.groups
    ]
    cells = face_cells(spec.solid, spec.edge)
    draw = TemplateRenderer(fam, ctx)
    elements = spec.front if spec.front is not None else default_front(spec.edge)
    names = UniqueNames()
    out = []
    for n, item in enumerate(fam.items):
        labels = face_labels(spec, fam, item)
        marked = ambiguous(labels)
        ground = colour_of(spec.background, item.attrs, ctx, fam, "background")
        contents = []
        for i in range(len(labels)):
            side = cells[i].side
            content = face_content(draw, elements, item, labels, marked, i, spec.solid, side, ctx)
            under = [Rect(0, 0, side, side, Style(ground))] if ground else []
            contents.append(Group(tuple(under + content)))
        name = f"{stem}-{names(item.id)}-faces.png"
        prims = atlas(contents, cells, ground)
        (root / name).write_bytes(render_png(ctx, prims, ATLAS_PX, ATLAS_PX, "#ffffff"))
        out.append(
            model_object(
                item.id,
                f"{fam.name}/{item.id}",
                url(mesh_name),
                url(name),
                "dice",
                3.0 * n,
                z,
                collider_url=url(mesh_name),
                rotations=list(zip(_values(fam, item), rotations, strict=True)),
            )
        )
    return out
