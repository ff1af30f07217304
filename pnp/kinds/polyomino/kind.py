"""The polyomino kind: its family keys, and each item (or packed set) as a face."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from pnp.draw.primitives import Group, Path, Style
from pnp.errors import PnpError
from pnp.kinds.args import colour_of
from pnp.kinds.base import DrawContext, Face, Kind
from pnp.kinds.polyomino.cells import Cell, connected, cut_lines, extent, normalise
from pnp.kinds.polyomino.draw import grooves, outline_path
from pnp.kinds.polyomino.pack import Packing, pack_rectangle
from pnp.spec.expand import fill as fill_template
from pnp.spec.game import FamilySpec
from pnp.spec.model import Family, Item
from pnp.spec.types import Colour, Size, Spacing, Strict

MAX_CELLS = 400  # squares in one piece


class PackLimit(Strict):
    cols: int | None = Field(None, ge=1, description="most squares across a packed rectangle")
    rows: int | None = Field(None, ge=1, description="most squares down a packed rectangle")


class PolyominoSpec(FamilySpec):
    cell: Size = Field(..., description="side of one square, e.g. 0.5in")
    fill: Colour = Field(
        "{fill}", description="piece colour; may name an item attribute, e.g. '{material}'"
    )
    stripes: bool | str = Field(
        False,
        description="thin grooved lines on the front: true, false, or an item attribute such as '{striped}'",
    )
    stripe_spacing: Size | None = Field(
        None, description="distance between grooves (default: a sixth of a square)"
    )
    stripe_angle: float = Field(
        45.0, description="direction of the grooves, degrees (0 = horizontal)"
    )
    stripe_margin: Spacing = Field(
        1.0, description="plain band between the grooves and the cut line"
    )
    stripe_colour: Colour = Field(
        "#000000", description="colour of the grooves (drawn at 35% opacity)"
    )
    outline: Colour = Field("#3a3a3a", description="cut line along every piece outline")
    outline_width: Spacing = Field(0.25, description="width of the cut line")
    back: Literal["none", "plain"] = Field(
        "none",
        description="'plain': a back page with each piece in its colour, no grooves (print duplex)",
    )
    pack_by: str | None = Field(
        None,
        description="an item attribute: pieces with the same value are packed into one rectangle",
    )
    pack_limit: PackLimit = Field(
        default_factory=PackLimit, description="largest packed rectangle, in squares"
    )


@dataclass(frozen=True)
class Piece:
    item: Item
    cells: frozenset[Cell]
    key: str  # where it came from, for errors


@dataclass(frozen=True)
class Placed:
    piece: Piece
    cells: frozenset[Cell]  # in the packed rectangle's squares
    dx: float = (
        0.0  # mm from the face's left edge to its block's (bleed packs: one block per colour)
    )
    dy: float = 0.0
    block_cols: int = (
        0  # its block's width in squares, for mirroring on the back (0: the whole face)
    )


class PolyominoKind(Kind):
    name = "polyomino"
    schema = PolyominoSpec
    default_stock = "card"
    description = (
        "pieces made of squares (cells), cut along their outlines; optionally packed per set"
    )

    def faces(self, family: Family, ctx: DrawContext) -> Iterator[Face]:
        spec: PolyominoSpec = family.spec
        pieces = [self._piece(family, n, item) for n, item in enumerate(family.items)]
        if spec.pack_by is None:
            for p in pieces:
                yield self._face(family, ctx, p.item.id, [Placed(p, p.cells)])
            return
        groups: dict[str, list[Piece]] = {}
        for p in pieces:
            if spec.pack_by not in p.item.attrs:
                raise PnpError(
                    "pack_by names an attribute the item does not have",
                    file=family.file,
                    key="pack_by",
                    expected="one of: " + ", ".join(sorted(p.item.attrs)),
                    found=spec.pack_by,
                )
            groups.setdefault(str(p.item.attrs[spec.pack_by]), []).append(p)
        for value, group in groups.items():
            if spec.bleed > 0:
                placed, wh = self._colour_blocks(family, ctx, group, value)
                yield self._face(family, ctx, f"{family.name}-{value}", placed, wh)
                continue
            packing = self._pack(family, ctx, group, value)
            w, h = packing.cols, packing.rows
            placed = [Placed(p, s) for p, s in zip(group, packing.spots, strict=True)]
            yield self._face(
                family, ctx, f"{family.name}-{value}", placed, (w * spec.cell, h * spec.cell)
            )

    def _pack(self, family: Family, ctx: DrawContext, pieces: list[Piece], value: str) -> Packing:
        """The pieces packed; a warning when they were placed one by one instead of tiled."""
        spec: PolyominoSpec = family.spec
        try:
            packing = pack_rectangle(
                [p.cells for p in pieces], spec.pack_limit.cols, spec.pack_limit.rows
            )
        except ValueError as exc:
            raise PnpError(
                f"the pieces of {spec.pack_by} '{value}' do not fit the pack limit",
                file=family.file,
                key="pack_limit",
                found=str(exc),
            ) from None
        if packing.fallback:
            w, h = packing.cols, packing.rows
            empty = w * h - sum(len(p.cells) for p in pieces)
            ctx.warn(
                family,
                "pack_by",
                f"the pieces of {spec.pack_by} '{value}' were placed one by one, not tiled "
                f"({packing.fallback}): {w} x {h} squares, {empty} of them empty",
            )
        return packing

    def _colour_blocks(
        self, family: Family, ctx: DrawContext, group: list[Piece], value: str
    ) -> tuple[list[Placed], tuple[float, float]]:
        """The pack's pieces of each colour tiled into a block of their own, the blocks laid out
        in shelves twice the bleed apart: the size that wastes least, squarest on a tie."""
        spec: PolyominoSpec = family.spec
        s, gap = spec.cell, 2 * spec.bleed
        by_colour: dict[str, list[Piece]] = {}
        for p in group:
            by_colour.setdefault(
                colour_of(spec.fill, p.item.attrs, ctx, family, "fill") or "", []
            ).append(p)
        blocks = []
        for pieces in by_colour.values():
            packing = self._pack(family, ctx, pieces, value)
            blocks.append((packing.cols, packing.rows, pieces, packing.spots))
        blocks.sort(key=lambda b: (-b[1], -b[0]))  # tallest first, then widest
        widths = [b[0] * s for b in blocks]
        best = None
        for limit in sorted(
            {
                sum(widths[i:j]) + gap * (j - i - 1)
                for i in range(len(widths))
                for j in range(i + 1, len(widths) + 1)
            }
        ):
            if limit < max(widths) - 1e-9:
                continue
            spots_mm, x, y, shelf_h, used_w = [], 0.0, 0.0, 0.0, 0.0
            for cols, rows, _, _ in blocks:
                if x > 0 and x + cols * s > limit + 1e-9:
                    x, y, shelf_h = 0.0, y + shelf_h + gap, 0.0
                spots_mm.append((x, y))
                used_w = max(used_w, x + cols * s)
                x += cols * s + gap
                shelf_h = max(shelf_h, rows * s)
            size = (used_w, y + shelf_h)
            score = (size[0] * size[1], abs(size[0] - size[1]))
            if best is None or score < best[0]:
                best = (score, size, spots_mm)
        assert best is not None
        _, size, spots_mm = best
        placed = [
            Placed(p, cells, dx, dy, cols)
            for (cols, _, pieces, spots), (dx, dy) in zip(blocks, spots_mm, strict=True)
            for p, cells in zip(pieces, spots, strict=True)
        ]
        return placed, size

    def _piece(self, family: Family, n: int, item: Item) -> Piece:
        raw = item.attrs.get("cells")
        key = f"items (item '{item.id}').cells"
        ok = (
            isinstance(raw, list)
            and raw
            and all(
                isinstance(c, list)
                and len(c) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                for c in raw
            )
        )
        if not ok:
            raise PnpError(
                "a polyomino item needs its squares",
                file=family.file,
                key=key,
                expected="cells: a list of [column, row] whole numbers, e.g. [[0, 0], [1, 0], [0, 1]]",
                found=repr(raw)[:60],
            )
        cells = frozenset((c, r) for c, r in raw)
        if len(cells) != len(raw):
            raise PnpError(
                "a square is listed twice", file=family.file, key=key, found=repr(raw)[:60]
            )
        if len(cells) > MAX_CELLS:
            raise PnpError(
                "too many squares in one piece",
                file=family.file,
                key=key,
                expected=f"at most {MAX_CELLS}",
                found=str(len(cells)),
            )
        if not connected(cells):
            raise PnpError(
                "the squares of a piece must touch edge to edge",
                file=family.file,
                key=key,
                expected="one connected piece",
                found=repr(raw)[:60],
            )
        return Piece(item, normalise(cells), key)

    def _striped(self, family: Family, attrs: dict) -> bool:
        v = family.spec.stripes
        if isinstance(v, bool):
            return v
        try:
            got = fill_template(v, attrs)
        except KeyError as exc:
            raise PnpError(
                f"stripes names an attribute the item does not have: {exc.args[0]}",
                file=family.file,
                key="stripes",
                found=v,
            ) from None
        if got.lower() in ("true", "yes", "1"):
            return True
        if got.lower() in ("false", "no", "0", "none"):
            return False
        raise PnpError(
            "stripes must be true or false",
            file=family.file,
            key="stripes",
            expected="true, false or '{attribute}'",
            found=got,
        )

    def _face(
        self,
        family: Family,
        ctx: DrawContext,
        ident: str,
        placed: list[Placed],
        size: tuple[float, float] | None = None,
    ) -> Face:
        spec: PolyominoSpec = family.spec
        s = spec.cell
        w, h = size if size else (extent(placed[0].cells)[0] * s, extent(placed[0].cells)[1] * s)
        line = colour_of(spec.outline, {}, ctx, family, "outline")
        groove = colour_of(spec.stripe_colour, {}, ctx, family, "stripe_colour") or "#000000"
        cut = Style(None, line, spec.outline_width) if line else None
        spacing = spec.stripe_spacing or s / 6
        # the bleed: each piece's outline stroked in its colour, twice the bleed wide, under every
        # piece (a stroke, not a fill, so the piece's filled shape stays exactly its squares)
        bleed_front, bleed_back, front, back = [], [], [], []
        for pl in placed:
            attrs = pl.piece.item.attrs
            colour = colour_of(spec.fill, attrs, ctx, family, "fill")
            body = outline_path(pl.cells, s, Style(colour), pl.dx, pl.dy)
            if spec.bleed > 0:
                bleed_front.append(
                    outline_path(pl.cells, s, Style(None, colour, 2 * spec.bleed), pl.dx, pl.dy)
                )
            front.append(body)
            if self._striped(family, attrs):
                # grooves stop short of the edge (a plain band inside the outline), so that
                # the cut line never looks like a groove
                band = outline_path(
                    pl.cells, s, Style(None, colour, 2 * spec.stripe_margin), pl.dx, pl.dy
                )
                front.append(
                    Group(
                        (
                            *grooves(pl.cells, s, spacing, spec.stripe_angle, groove, pl.dx, pl.dy),
                            band,
                        ),
                        clip=body,
                    )
                )
            if cut:
                front.append(outline_path(pl.cells, s, cut, pl.dx, pl.dy))
            if spec.back == "plain":
                # mirrored left to right: within its block, and the block within the face
                cols = pl.block_cols or round(w / s)
                mirrored = frozenset((cols - 1 - c, r) for c, r in pl.cells)
                bx = w - pl.dx - cols * s if pl.block_cols else 0.0
                if spec.bleed > 0:
                    bleed_back.append(
                        outline_path(mirrored, s, Style(None, colour, 2 * spec.bleed), bx, pl.dy)
                    )
                back.append(outline_path(mirrored, s, Style(colour), bx, pl.dy))
                if cut:
                    back.append(outline_path(mirrored, s, cut, bx, pl.dy))
        every = frozenset(c for p in placed for c in p.cells)
        front_drawing = Group((*bleed_front, *front))
        back_drawing = Group((*bleed_back, *back)) if spec.back == "plain" else None
        if not size:
            return Face(
                family.name,
                ident,
                w,
                h,
                front_drawing,
                back_drawing,
                cut=outline_path(every, s, Style()),
                bleed=spec.bleed,
            )
        # a packed set is cut into its pieces, every edge between and around them once (per
        # block: a bleed pack keeps each colour's block apart)
        blocks: dict[tuple[float, float], list] = {}
        for pl in placed:
            blocks.setdefault((pl.dx, pl.dy), []).append(pl.cells)
        ops = tuple(op for (bx, by), cells in blocks.items() for op in cut_lines(cells, s, bx, by))
        pieces = tuple(
            (pl.piece.item.id, outline_path(pl.cells, s, Style(), pl.dx, pl.dy)) for pl in placed
        )
        return Face(
            family.name,
            ident,
            w,
            h,
            front_drawing,
            back_drawing,
            cut=Path(ops, Style()),
            bleed=spec.bleed,
            pieces=pieces,
        )


KINDS = [PolyominoKind()]
