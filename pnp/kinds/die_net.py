"""The `die` kind: a flat net that folds into a die or a solid (cube, d4 ... d12, prisms, pyramid).

One item is one whole net. Its faces get the family's `front` elements, each drawn in the
face's own square box (upright for the reader of that face), its shared edges dashed fold
lines, its cut edges glue tabs, and one solid cut line runs round the lot.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from pnp.draw.primitives import (
    Group,
    Path,
    Rect,
    Style,
    Text,
    multiply,
    polygon,
    rotate,
    translate,
)
from pnp.errors import PnpError
from pnp.kinds.args import colour_of
from pnp.kinds.base import DrawContext, Face, Kind
from pnp.kinds.polyhedra.nets import Net, face_box, make_net
from pnp.kinds.polyhedra.solids import SOLID_NAMES, solid
from pnp.kinds.template import TemplateRenderer
from pnp.spec.elements import Element, TextEl
from pnp.spec.expand import fill
from pnp.spec.game import FamilySpec
from pnp.spec.model import Family, Item
from pnp.spec.types import Colour, Size, Spacing

SolidName = Literal["d4", "d6", "d8", "d10", "d12", "prism3", "prism5", "prism6", "pyramid4"]
assert set(SolidName.__args__) == set(SOLID_NAMES)

FOLD_DASH = (1.2, 0.8)


class DieSpec(FamilySpec):
    solid: SolidName = Field(
        ..., description="d4, d6, d8, d10, d12, prism3, prism5, prism6 or pyramid4"
    )
    edge: Size = Field(..., description="length of a face edge (d10: the kite's two short edges)")
    glue_tabs: bool = Field(
        True, description="trapezoid glue tabs, one for each pair of edges to be joined"
    )
    tab: Size | None = Field(
        None,
        description="tab depth (default: a quarter of the edge, at least 3mm; at most 0.4 of the edge)",
    )
    fold_line: Colour = Field("#777777", description="colour of the dashed fold lines, or 'none'")
    background: Colour = Field("white", description="face colour (may be '{colour}')")
    outline: Colour = Field("#333333", description="colour of the cut line round the whole net")
    outline_width: Spacing = Field(0.25, description="width of the cut line")
    fold_width: Spacing = Field(0.2, description="width of the fold lines")
    tab_fill: Colour = Field("#e4e4e4", description="colour of the glue tabs, or 'none'")
    front: list[Element] | None = Field(
        None,
        description="elements drawn on every face, in its own square box; '{face}' is the face's "
        "label and '{face_number}' its number (default: the label, bold, centred)",
    )
    gutter: Spacing | None = Field(3.0, description="space between nets on the sheet")


def default_front(edge: float) -> list[Element]:
    size = max(2.5, min(12.0, 0.35 * edge))
    return [
        Element(
            text=TextEl(
                text="{face}",
                x="0mm",
                y="0mm",
                w="100%",
                h="100%",
                size=f"{size:.3f}mm",
                font="bold",
                fit="shrink",
            )
        )
    ]


def face_labels(spec: DieSpec, family: Family, item: Item) -> list[str]:
    """The item's face labels, one per face of its solid (default: 1, 2, 3 ...)."""
    sol = solid(spec.solid)
    count = len(sol.faces)
    raw = item.attrs.get("faces")
    if raw is None:
        return [str(n + 1) for n in range(count)]
    key = _faces_key(spec, raw)
    if not isinstance(raw, list):
        raise PnpError(
            f"die '{item.id}': 'faces' must be a list of labels",
            file=family.file,
            key=key,
            expected=f"a list of {count} labels",
            found=repr(raw)[:60],
        )
    if len(raw) != count:
        raise PnpError(
            f"die '{item.id}' has {len(raw)} face label{'s' if len(raw) != 1 else ''}; a {spec.solid} ({sol.title}) has {count} faces",
            file=family.file,
            key=key,
            expected=f"{count} labels, in the solid's face order: {sol.order_note}",
            found=str(len(raw)),
        )
    out = []
    for n, label in enumerate(raw):
        text = "" if label is None else str(label)
        try:
            out.append(fill(text, item.attrs))
        except KeyError as exc:
            raise PnpError(
                f"die '{item.id}': face label names an attribute the item does not have: {exc.args[0]}",
                file=family.file,
                key=f"{key}[{n}]",
                found=text,
            ) from None
    return out


TURNED = {"0": "0", "1": "1", "8": "8", "6": "9", "9": "6"}


def turned(label: str) -> str | None:
    """The label as read upside down, when every character of it reads as one."""
    if not label or any(c not in TURNED for c in label):
        return None
    return "".join(TURNED[c] for c in reversed(label))


def ambiguous(labels: list[str]) -> set[str]:
    """Labels that read as another label of the same die when the die is turned over (6 and 9)."""
    present = set(labels)
    return {lab for lab in labels if (t := turned(lab)) is not None and t != lab and t in present}


def underline(content: list, label: str, fonts) -> list:
    """A bar under each line of text that prints `label`, so a 6 is never read as a 9."""
    out = []
    for p in content:
        if isinstance(p, Text) and p.text == label:
            w = fonts.metrics(p.font).width(p.text, p.size)
            x0 = p.start_x(w)
            y = p.y + p.size * 0.14
            out.append(
                Path(
                    (("M", x0, y), ("L", x0 + w, y)),
                    Style(None, p.colour, max(0.25, p.size * 0.08)),
                )
            )
    return out


def _faces_key(spec: DieSpec, raw: object) -> str:
    """Where an item's `faces` came from, as a key path (so errors can name the line)."""
    for n, entry in enumerate(spec.items):
        if (entry.model_extra or {}).get("faces") is raw:
            return f"items[{n}].faces"
    return "options.faces" if spec.options.get("faces") is raw else "items"


class DieKind(Kind):
    name = "die"
    schema = DieSpec
    default_stock = "card"
    description = "a flat net that folds into a die or solid: d4, d6, d8, d10, d12, prisms, pyramid"

    def faces(self, family: Family, ctx: DrawContext) -> Iterator[Face]:
        spec: DieSpec = family.spec
        k = spec.scale
        try:
            net = make_net(spec.solid, spec.edge, spec.glue_tabs, spec.tab)
        except ValueError as exc:  # no net without overlaps: only for absurd tab sizes
            raise PnpError(
                f"cannot lay out a {spec.solid} net: {exc}",
                file=family.file,
                key="tab",
                hint="use a smaller tab or glue_tabs: false",
            ) from None
        draw = TemplateRenderer(family, ctx)
        elements = spec.front if spec.front is not None else default_front(spec.edge)
        fixed = _fixed_parts(spec, net, ctx, family)
        for item in family.items:
            labels = face_labels(spec, family, item)
            marked = ambiguous(labels)
            bg = colour_of(spec.background, item.attrs, ctx, family, "background")
            parts = list(fixed["under"])
            for f in net.faces:
                clip = polygon(list(f.points), Style())
                if bg:
                    parts.append(polygon(list(f.points), Style(bg)))
                (cx, cy), side, deg = face_box(f.points, f.up)
                content = face_content(
                    draw, elements, item, labels, marked, f.index, spec.solid, side, ctx
                )
                if content:
                    m = multiply(
                        translate(cx, cy), multiply(rotate(deg), translate(-side / 2, -side / 2))
                    )
                    parts.append(Group((Group(tuple(content), m),), clip=clip))
            parts += fixed["over"]
            body = (
                Group(tuple(parts), (k, 0.0, 0.0, k, 0.0, 0.0)) if k != 1.0 else Group(tuple(parts))
            )
            cut, score = fixed["cut"], fixed["score"]
            if k != 1.0:
                cut = Path(tuple((op[0], *(v * k for v in op[1:])) for op in cut.ops), cut.style)
                score = score and Path(
                    tuple((op[0], *(v * k for v in op[1:])) for op in score.ops), score.style
                )
            yield Face(
                family.name,
                item.id,
                net.w * k,
                net.h * k,
                body,
                None,
                cut=cut,
                bleed=spec.bleed,
                shape="outline",
                score=score,
            )


def face_content(
    draw: TemplateRenderer,
    elements: list[Element],
    item: Item,
    labels: list[str],
    marked: set[str],
    index: int,
    solid_name: str,
    side: float,
    ctx: DrawContext,
) -> list:
    """What face `index` of an item shows, drawn upright in a side × side mm box."""
    attrs = {
        **item.attrs,
        "face": labels[index],
        "face_number": index + 1,
        "solid": solid_name,
        "face_count": len(labels),
    }
    content = list(draw.render(elements, side, side, attrs, "front"))
    if labels[index] in marked:
        content += underline(content, labels[index], ctx.fonts)
    return content


def face_drawings(
    family: Family, ctx: DrawContext
) -> Iterator[tuple[Item, float, str | None, list[Group]]]:
    """Each item with the side of its faces' boxes (mm; the largest, which on a regular solid is
    every face's), its background colour and its faces one by one (in face order), each a square:
    the background and what the face shows, as in its box on the net (for images of single
    faces, such as a Tabletop Simulator die)."""
    spec: DieSpec = family.spec
    net = make_net(spec.solid, spec.edge, False, None)
    draw = TemplateRenderer(family, ctx)
    elements = spec.front if spec.front is not None else default_front(spec.edge)
    side = max(face_box(f.points, f.up)[1] for f in net.faces)
    for item in family.items:
        labels = face_labels(spec, family, item)
        marked = ambiguous(labels)
        bg = colour_of(spec.background, item.attrs, ctx, family, "background")
        faces = []
        for n in range(len(labels)):
            ground = [Rect(0, 0, side, side, Style(bg))] if bg else []
            content = face_content(draw, elements, item, labels, marked, n, spec.solid, side, ctx)
            faces.append(Group(tuple(ground + content)))
        yield item, side, bg, faces


def _fixed_parts(spec: DieSpec, net: Net, ctx: DrawContext, family: Family) -> dict:
    """What every item of the family shares: tabs (under), fold and cut lines (over)."""
    tab_fill = colour_of(spec.tab_fill, {}, ctx, family, "tab_fill")
    fold = colour_of(spec.fold_line, {}, ctx, family, "fold_line")
    line = colour_of(spec.outline, {}, ctx, family, "outline")
    under = [polygon(list(t.points), Style(tab_fill)) for t in net.tabs] if tab_fill else []
    over = []
    score = None
    if net.folds:
        ops = []
        for a, b in net.folds:
            ops += [("M", *a), ("L", *b)]
        score = Path(tuple(ops), Style(None, fold or "#000000", spec.fold_width, FOLD_DASH))
        if fold:
            over.append(score)
    cut_ops = []
    for loop in net.outline:
        cut_ops += [("M", *loop[0])] + [("L", *p) for p in loop[1:]] + [("Z",)]
    cut = Path(tuple(cut_ops), Style(None, line or "#000000", spec.outline_width, join="round"))
    if line:
        over.append(cut)
    return {"under": under, "over": over, "cut": cut, "score": score}


KINDS = [DieKind()]
