"""Flat pieces with a front and an optional back: cards, tiles, counters, tokens, boards, sheets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import Field

from pnp.draw.primitives import Group, Style, Use
from pnp.kinds.base import DrawContext, Face, FaceSize, Kind, SameSizes
from pnp.kinds.shapes import outline
from pnp.kinds.template import EDGES, TemplateRenderer, named_attributes, uses_attributes
from pnp.spec.game import FaceSpec
from pnp.spec.model import Family, ItemIds
from pnp.spec.types import Box, Colour, Spacing

Shape = Literal["rect", "circle", "hex", "hex-flat", "octagon"]


class FlatSpec(FaceSpec):
    size: Box = Field(..., description="trim size: {w: 2.5in, h: 3.5in}")
    shape: Shape = Field("rect", description="outline: rect, circle, hex, hex-flat or octagon")
    radius: Spacing | None = Field(None, description="corner radius of a rect (default by kind)")
    background: Colour = Field("white", description="face colour under the elements")
    back_background: Colour = Field("white", description="back colour under the back elements")
    outline: Colour = Field(
        "#9a9a9a",
        description="thin line on the cut edge, or 'none' (a rect with a bleed has none: the cut marks show the trim)",
    )
    outline_width: Spacing = Field(0.2, description="width of that line")


class FlatKind(Kind):
    schema = FlatSpec

    def __init__(self, name: str, stock: str, radius: float, description: str):
        self.name = name
        self.default_stock = stock
        self.default_radius = radius
        self.description = description

    def corner_radius(self, spec: FlatSpec) -> float:
        return self.default_radius if spec.radius is None else spec.radius

    def sizes(self, family: Family, ctx: DrawContext) -> SameSizes | None:
        if type(self).faces is not FlatKind.faces:
            return None  # a kind drawn some other way says its own sizes
        spec: FlatSpec = family.spec
        k = spec.scale
        w, h, two_sided = spec.size.w * k, spec.size.h * k, spec.back is not None
        bleed = spec.bleed if ctx.bleed is None else ctx.bleed
        return SameSizes(FaceSize("", w, h, two_sided, bleed, spec.shape), ItemIds(family.items))

    def faces(self, family: Family, ctx: DrawContext) -> Iterator[Face]:
        spec: FlatSpec = family.spec
        k = spec.scale
        w, h = spec.size.w, spec.size.h
        radius = self.corner_radius(spec)
        if ctx.bleed is not None:
            radius = (
                0.0  # a print shop's file fills its whole bleed box; the shop rounds the corners
            )
        draw = TemplateRenderer(family, ctx)
        bleed = spec.bleed if ctx.bleed is None else ctx.bleed
        grow = bleed / k  # in the face's own (unscaled) millimetres
        line = _cut_edge_colour(family, ctx, draw, bleed)
        cut_style = Style(None, line, spec.outline_width) if line else None
        clip = outline(spec.shape, w, h, radius, Style(), grow=grow)
        short: dict[
            tuple[str, int], set[str]
        ] = {}  # (side, element) -> edges where it stops at the cut line

        grounds: dict[str, object] = {}  # one drawing of the background in each colour
        cut_line = outline(spec.shape, w, h, radius, cut_style) if cut_style else None

        def face(elements, bg, attrs, side):
            prims = []
            bgc = draw.colour(
                bg, attrs, None, "background" if side == "front" else "back_background"
            )
            if bgc:
                ground = grounds.get(bgc)
                if ground is None:
                    ground = grounds[bgc] = outline(spec.shape, w, h, radius, Style(bgc), grow=grow)
                prims.append(ground)
            draw.stopped = {}
            prims += draw.render(elements, w, h, attrs, side, bleed=grow)
            # over a coloured background the bleed is that colour; over white, it is paper
            if grow > 0 and ctx.bleed is None and (not bgc or bgc == "#ffffff"):
                for n, edges in draw.stopped.items():
                    short.setdefault((side, n), set()).update(edges)
            body = Group(tuple(prims), clip=clip)
            parts = [body] + ([cut_line] if cut_line else [])
            return (
                Group(tuple(parts), (k, 0.0, 0.0, k, 0.0, 0.0)) if k != 1.0 else Group(tuple(parts))
            )

        # the cut line at the printed size, corners rounded as the piece is (print-shop files too)
        cut = outline(spec.shape, w * k, h * k, self.corner_radius(spec) * k, Style())
        two_sided = spec.back is not None
        shared_back = None
        if two_sided and not uses_attributes(spec.back) and "{" not in str(spec.back_background):
            shared_back = Use(ctx.symbols.define(
                f"back:{family.name}", (face(spec.back, spec.back_background, {}, "back"),), w * k, h * k
            ))  # fmt: skip
        # Items with identical fronts (copies of a counter, say) share one drawing, defined
        # once as a symbol: a form XObject in PDF, <symbol> in SVG.
        per_item = bool(named_attributes(spec.front) & {"id", "copy"})

        def key(item):
            return tuple(
                sorted((a, str(v)) for a, v in item.attrs.items() if a not in ("id", "copy"))
            )

        repeated = set() if per_item else _repeated(family.items, key)
        shared: dict = {}
        for item in family.items:
            k_ = key(item) if repeated else None
            if k_ is not None and hash(k_) in repeated:
                if k_ not in shared:
                    ident = ctx.symbols.define(
                        f"front:{family.name}:{item.id}",
                        (face(spec.front, spec.background, item.attrs, "front"),),
                        w * k,
                        h * k,
                    )
                    shared[k_] = Use(ident)
                front = shared[k_]
            else:
                front = face(spec.front, spec.background, item.attrs, "front")
            back = None
            if two_sided:
                back = shared_back or face(spec.back, spec.back_background, item.attrs, "back")
            yield Face(
                family.name,
                item.id,
                w * k,
                h * k,
                front,
                back,
                cut=cut,
                bleed=bleed,
                shape=spec.shape,
            )
        _warn_short(family, ctx, short, bleed)


def _cut_edge_colour(family: Family, ctx: DrawContext, draw: TemplateRenderer, bleed: float):
    """The colour of the thin line on the cut edge, or None.

    On a bled rectangle that line would print inside the art, and the cut marks show the trim:
    no line (one asked for is a warning). A round or shaped piece keeps it: cut marks cannot
    show a curve, the line is what the scissors follow. A print shop's file has none.
    """
    spec: FlatSpec = family.spec
    no_line = bool(bleed) and spec.shape == "rect"
    line = (
        draw.colour(spec.outline, {}, None, "outline")
        if ctx.bleed is None and not no_line
        else None
    )
    if no_line and ctx.bleed is None and "outline" in family.data and spec.outline != "none":
        ctx.warn(
            family,
            "outline",
            "outline: is not drawn on a family with a bleed (it would print inside the bled art; the cut marks show the trim)",
        )
    return line


def _repeated(items, key) -> set[int]:
    """The hashes of the keys more than one item has. Counted by hash, so a deck of 50,000
    different cards holds no 50,000 keys; a rare collision only sends a lone item through the
    shared drawings, which are keyed exactly."""
    seen: set[int] = set()
    repeated: set[int] = set()
    for item in items:
        h = hash(key(item))
        (repeated if h in seen else seen).add(h)
    return repeated


def _warn_short(family: Family, ctx: DrawContext, short: dict, bleed: float) -> None:
    """A warning for each element that stops at the cut line of a bled face over paper."""
    spec: FlatSpec = family.spec
    for (side, n), edges in short.items():
        where = [e for e in EDGES if e in edges]
        el = (spec.front if side == "front" else spec.back)[n]
        ctx.warn(
            family, f"{side}[{n}]",
            f"family '{family.name}' has bleed: {bleed:g}mm, but its {side}[{n}] ({el.kind}) stops at the cut line "
            f"on the {', '.join(where)} edge{'s' if len(where) > 1 else ''}: a cut that wanders shows white paper "
            f"there (give the face a background: of that colour, or draw it as a rect or polygon, which reach the bleed)",
        )  # fmt: skip


KINDS = [
    FlatKind("card", "card", 3.0, "a card with a front and an optional back"),
    FlatKind("tile", "card", 1.0, "a square or shaped tile"),
    FlatKind("counter", "card", 0.0, "a small counter or token (rect, circle, hex...)"),
    FlatKind("token", "card", 0.0, "a token; the same as counter"),
    FlatKind("board", "paper", 0.0, "a board; tiled across pages when larger than the paper"),
    FlatKind("sheet", "paper", 0.0, "a printed sheet: reference card, player aid, setup sheet"),
]
