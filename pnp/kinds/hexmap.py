"""The `hexmap` kind: a board of hexagons given hex by hex as data, optionally on a disc (a globe).

Grid convention: pointy-top hexes; `hex` is the width across flats W; circumradius R = W/√3;
rows are 1.5·R apart; odd rows are shifted right by W/2 ("odd-r" offset coordinates). Hex
(col, row) is centred at x = W/2 + col·W (+ W/2 on odd rows), y = R + row·1.5·R from the grid
rectangle's top-left. The item is the grid rectangle plus `margin` on every side.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Literal

from pydantic import ConfigDict, Field

from pnp.draw.hexgrid import grid_size, hex_centre, hex_corners
from pnp.draw.primitives import Ellipse, Group, Path, Rect, Style, polygon
from pnp.errors import PnpError
from pnp.kinds.base import DrawContext, Face, Kind
from pnp.kinds.template import TemplateRenderer
from pnp.spec.elements import Element
from pnp.spec.expand import fill
from pnp.spec.game import FamilySpec
from pnp.spec.model import Family
from pnp.spec.types import Colour, PosSize, Size, Spacing, Strict
from pnp.units import resolve


class HexGrid(Strict):
    rows: int = Field(..., ge=1, le=200, description="rows of hexes")
    cols: int = Field(..., ge=1, le=200, description="hexes per row")
    disc_diameter: float | None = Field(
        None, gt=0, description="a disc (globe) centred on the grid, in hex widths"
    )


class HexCell(Strict):
    """One hex: its place and any attributes (terrain, port, ...)."""

    model_config = ConfigDict(extra="allow", frozen=True)
    row: int = Field(..., ge=0, description="row, from 0 at the top")
    col: int = Field(..., ge=0, description="column, from 0 at the left")


class HexStyle(Strict):
    fill: Colour = Field("none", description="hex fill")
    opacity: float = Field(1.0, ge=0, le=1, description="fill opacity")
    symbol: str | None = Field(None, description="art drawn in the hex centre")
    symbol_colour: Colour = Field("black", description="colour of the symbol")
    hatch: bool = Field(False, description="diagonal hatching: marks a hex out of play")
    hatch_colour: Colour = Field("#555555", description="colour of the hatching")


class DiscStyle(Strict):
    fill: Colour = Field("none", description="disc colour")
    stroke: Colour = Field("none", description="disc outline colour")
    stroke_width: Spacing = Field(0.8, description="disc outline width")
    art: str | None = Field(
        None, description="art drawn over the disc's square box (e.g. coastlines)"
    )


class Badge(Strict):
    attr: str = Field(..., description="hexes with this attribute get the badge")
    text: str = Field(..., description="badge text; may use the hex's attributes, e.g. '{pair}'")
    fill: Colour = "white"
    colour: Colour = "black"
    stroke: Colour = "black"
    at: Literal["top", "bottom", "left", "right", "center"] = Field(
        "top", description="where in the hex"
    )
    size: PosSize = Field("22%", description="badge diameter, as a length or % of the hex width")


class HexmapSpec(FamilySpec):
    hex: Size = Field(..., description="width of one hex across its flats")
    grid: HexGrid = Field(..., description="rows, columns and the optional disc")
    hexes: list[HexCell] = Field(
        ..., min_length=1, description="the hexes, one mapping each: {row, col, ...attributes}"
    )
    view: dict | None = Field(None, description="free data about the map (e.g. how it was derived)")
    margin: Spacing = Field(10.0, description="paper around the grid rectangle")
    background: Colour = Field("white", description="colour of the whole item")
    disc: DiscStyle | None = Field(
        None, description="how the disc is drawn (needs grid.disc_diameter)"
    )
    style_by: str = Field("type", description="the hex attribute that picks a style")
    styles: dict[str, HexStyle] = Field(
        default_factory=dict, description="style per value of style_by"
    )
    symbol_size: PosSize = Field(
        "35%", description="symbol size, as a length or % of the hex width"
    )
    stroke: Colour = Field("#333333", description="hex outline colour")
    stroke_width: Spacing = Field(0.35, description="hex outline width")
    badges: list[Badge] = Field(
        default_factory=list, description="labels for hexes with an attribute"
    )
    front: list[Element] = Field(
        default_factory=list, description="elements drawn over the map, item mm"
    )
    outline: Colour = Field("none", description="a line round the whole item, or none")


class HexmapKind(Kind):
    name = "hexmap"
    schema = HexmapSpec
    default_stock = "paper"
    description = "a map of hexagons given hex by hex, optionally on a disc (a globe)"

    def faces(self, family: Family, ctx: DrawContext) -> Iterator[Face]:
        spec: HexmapSpec = family.spec
        w, m, k = spec.hex, spec.margin, spec.scale
        gw, gh = grid_size(spec.grid.cols, spec.grid.rows, w)
        iw, ih = gw + 2 * m, gh + 2 * m
        draw = TemplateRenderer(family, ctx)

        def col(value: str, attrs: dict, key: str):
            return draw.colour(value, attrs, None, key)

        _check_hexes(spec, family)
        for item in family.items:
            a = item.attrs
            out: list = []
            bg = col(spec.background, a, "background")
            if bg:
                out.append(Rect(0, 0, iw, ih, Style(bg)))
            clip = None
            disc_r = 0.0
            dcx, dcy = m + gw / 2, m + gh / 2
            if spec.grid.disc_diameter:
                disc_r = spec.grid.disc_diameter * w / 2
                clip = Ellipse(dcx, dcy, disc_r, disc_r, Style())
                if spec.disc:
                    dfill = col(spec.disc.fill, a, "disc.fill")
                    if dfill:
                        out.append(Ellipse(dcx, dcy, disc_r, disc_r, Style(dfill)))
                    if spec.disc.art:
                        out.append(
                            Group(
                                (
                                    draw.symbol(
                                        spec.disc.art, None, dcx, dcy, 2 * disc_r, 0.0, 0, "disc"
                                    ),
                                ),
                                clip=clip,
                            )
                        )
            cells, marks = self._cells(spec, a, draw, (m, dcx, dcy, disc_r))
            body = Group(tuple(cells), clip=clip) if clip is not None else Group(tuple(cells))
            out.append(body)
            if spec.disc and clip is not None:
                dline = col(spec.disc.stroke, a, "disc.stroke")
                if dline:
                    out.append(
                        Ellipse(
                            dcx, dcy, disc_r, disc_r, Style(None, dline, spec.disc.stroke_width)
                        )
                    )
            out += marks
            out += draw.render(spec.front, iw, ih, a, "front")
            edge = col(spec.outline, a, "outline")
            if edge:
                out.append(Rect(0, 0, iw, ih, Style(None, edge, 0.3)))
            drawing = (
                Group(tuple(out), (k, 0.0, 0.0, k, 0.0, 0.0)) if k != 1.0 else Group(tuple(out))
            )
            yield Face(family.name, item.id, iw * k, ih * k, drawing)

    def _cells(self, spec: HexmapSpec, a: dict, draw: TemplateRenderer, place: tuple) -> tuple:
        """Each hex's fill, hatching and outline (drawn under the disc's clip), and the symbols
        and badges over them (pulled onto the disc); place is (margin, disc centre x and y,
        disc radius)."""
        m, dcx, dcy, disc_r = place
        w = spec.hex

        def col(value: str, attrs: dict, key: str):
            return draw.colour(value, attrs, None, key)

        cells: list = []
        marks: list = []
        line = col(spec.stroke, a, "stroke")
        sym_size = resolve(spec.symbol_size, w)
        for h in spec.hexes:
            attrs = {**a, **(h.model_extra or {}), "row": h.row, "col": h.col}
            cx, cy = hex_centre(h.col, h.row, w)
            cx, cy = cx + m, cy + m
            pts = hex_corners(cx, cy, w)
            st = spec.styles.get(str(attrs.get(spec.style_by))) if spec.styles else None
            if st is not None:
                f = col(st.fill, attrs, f"styles.{attrs.get(spec.style_by)}.fill")
                if f:
                    cells.append(polygon(pts, Style(f, opacity=st.opacity)))
                if st.hatch:
                    cells.append(
                        Group(
                            (self._hatch(pts, w, col(st.hatch_colour, attrs, "hatch_colour")),),
                            clip=polygon(pts, Style()),
                        )
                    )
            if line:
                cells.append(polygon(pts, Style(None, line, spec.stroke_width, join="round")))
            px, py = self._inside(cx, cy, dcx, dcy, disc_r, sym_size)
            if st is not None and st.symbol:
                scol = col(st.symbol_colour, attrs, "symbol_colour")
                marks.append(
                    draw.symbol(fill(st.symbol, attrs), scol, px, py, sym_size, 0.0, 0, "styles")
                )
            for b in spec.badges:
                if attrs.get(b.attr) in (None, False, ""):
                    continue
                marks += self._badge(b, attrs, px, py, w, draw)
        return cells, marks

    @staticmethod
    def _inside(cx, cy, dcx, dcy, r, size):
        """The hex centre, pulled toward the disc centre until a symbol there stays on the disc."""
        if r <= 0:
            return cx, cy
        d = math.hypot(cx - dcx, cy - dcy)
        limit = r - size * 0.6
        if d <= limit or d == 0:
            return cx, cy
        t = max(limit, 0.0) / d
        return dcx + (cx - dcx) * t, dcy + (cy - dcy) * t

    @staticmethod
    def _hatch(pts, w, colour) -> Path:
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        step = w / 8
        ops = []
        t = -(y1 - y0)
        while t < (x1 - x0):
            ops += [("M", x0 + t, y1), ("L", x0 + t + (y1 - y0), y0)]
            t += step
        return Path(tuple(ops), Style(None, colour or "#555555", max(0.2, w / 150)))

    @staticmethod
    def _badge(
        b: Badge, attrs: dict, px: float, py: float, w: float, draw: TemplateRenderer
    ) -> list:
        from pnp.draw.text import layout_text

        d = resolve(b.size, w)
        off = w * 0.3
        bx, by = {
            "top": (px, py - off),
            "bottom": (px, py + off),
            "left": (px - off, py),
            "right": (px + off, py),
            "center": (px, py),
        }[b.at]
        text = draw.text_of(b.text, attrs, 0, "badges")
        out = [
            Ellipse(
                bx,
                by,
                d / 2,
                d / 2,
                Style(
                    draw.colour(b.fill, attrs, None, "badges"),
                    draw.colour(b.stroke, attrs, None, "badges"),
                    max(0.2, d / 40),
                ),
            )
        ]
        out += layout_text(
            text,
            x=bx - d / 2,
            y=by - d / 2,
            w=d,
            h=d,
            size=d * 0.6,
            font="bold",
            colour=draw.colour(b.colour, attrs, None, "badges") or "#000000",
            align="center",
            valign="middle",
            fit="shrink",
            line_height=1.0,
            fonts=draw.ctx.fonts,
        )
        return out


KINDS = [HexmapKind()]


def _check_hexes(spec: HexmapSpec, family: Family) -> None:
    """Every hex inside the grid, listed once, with a style when the family has styles."""
    seen: set[tuple[int, int]] = set()
    for n, h in enumerate(spec.hexes):
        if h.row >= spec.grid.rows or h.col >= spec.grid.cols:
            raise PnpError(
                "hex outside the grid",
                file=family.file,
                key=f"hexes[{n}]",
                expected=f"row < {spec.grid.rows} and col < {spec.grid.cols}",
                found=f"row {h.row}, col {h.col}",
            )
        if (h.row, h.col) in seen:
            raise PnpError(
                "hex listed twice",
                file=family.file,
                key=f"hexes[{n}]",
                found=f"row {h.row}, col {h.col}",
            )
        seen.add((h.row, h.col))
        value = (h.model_extra or {}).get(spec.style_by)
        if spec.styles and str(value) not in spec.styles:
            raise PnpError(
                f"hex has no style for {spec.style_by} '{value}'",
                file=family.file,
                key=f"hexes[{n}].{spec.style_by}",
                expected="one of: " + ", ".join(spec.styles),
                found=str(value),
            )
