"""An element's arguments resolved for one item: its box in millimetres, its paint, its text
style, and the item's attributes put into its text, names and colours.

Every template element kind (kinds/template.py) takes its arguments from here, as each of
Squib's DSL verbs takes its own from a few shared argument classes (box, paint, text): a
length is read against the face in one place, a colour is checked against the palette in one
place, '{attr}' is filled in one place, and each problem names the element's file, line and
key the same way. template.py only maps resolved arguments to primitives.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.draw.colours import UnknownColour, colour_alpha, resolve_colour
from pnp.draw.primitives import Style
from pnp.errors import PnpError
from pnp.kinds.base import DrawContext
from pnp.spec.expand import BraceError, fill
from pnp.spec.model import Family
from pnp.spec.yamlfile import locate
from pnp.units import resolve


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on the face, in millimetres from its top-left corner."""

    x: float
    y: float
    w: float
    h: float

    def __iter__(self):
        return iter((self.x, self.y, self.w, self.h))


@dataclass(frozen=True, slots=True)
class TextStyle:
    """How a text element sets its text: everything but the words and the box."""

    font: str
    size: float
    colour: str
    align: str
    valign: str
    fit: str
    line_height: float


# Geometry, read from an element's lengths and percentages against a face of w x h mm.
# Percentages of x and w are of the face's width, of y and h of its height, of a radius or a
# symbol's size of the face's shorter side.


def box(e, w: float, h: float) -> Box:
    """The box of an element with x, y, w and h (rect, text, image, pips)."""
    return Box(resolve(e.x, w), resolve(e.y, h), resolve(e.w, w), resolve(e.h, h))


def point(e, w: float, h: float) -> tuple[float, float]:
    """An element's x and y (a centre or an origin)."""
    return resolve(e.x, w), resolve(e.y, h)


def ends(e, w: float, h: float) -> list[tuple[float, float]]:
    """A line's two ends."""
    return [(resolve(e.x1, w), resolve(e.y1, h)), (resolve(e.x2, w), resolve(e.y2, h))]


def points(e, w: float, h: float) -> list[tuple[float, float]]:
    """A polygon's corners."""
    return [(resolve(px, w), resolve(py, h)) for px, py in e.points]


def text_box(e, w: float, h: float) -> tuple[float, float, float, float | None]:
    """A text element's box; no height (None) when it is one line of its size."""
    return (
        resolve(e.x, w),
        resolve(e.y, h),
        resolve(e.w, w),
        resolve(e.h, h) if e.h is not None else None,
    )


def side(value, w: float, h: float) -> float:
    """A length measured against the face's shorter side (radius, symbol size)."""
    return resolve(value, min(w, h))


def radii(e, w: float, h: float) -> tuple[float, float]:
    """A circle's horizontal and vertical radius (ry defaults to r)."""
    rx = side(e.r, w, h)
    return rx, side(e.ry, w, h) if e.ry is not None else rx


def square(e, w: float, h: float) -> Box:
    """The square box of a symbol of e.size about its centre."""
    size = side(e.size, w, h)
    return Box(resolve(e.x, w) - size / 2, resolve(e.y, h) - size / 2, size, size)


class FamilyArgs:
    """Resolves the arguments of one family's elements, and reports their problems."""

    def __init__(self, family: Family, ctx: DrawContext):
        self.family = family
        self.ctx = ctx

    def key(self, n: int | None, side: str, field: str | None = None) -> str:
        return (f"{side}[{n}]" if n is not None else side) + (f".{field}" if field else "")

    def warn(self, message: str, n: int, side: str, field: str | None = None) -> None:
        """A warning about element n of side, at its file and line."""
        self.ctx.warn(
            self.family,
            self.key(n, side, field),
            f"family '{self.family.name}' {side}[{n}]: {message}",
        )

    def fail(
        self, message: str, n: int | None, side: str, field: str | None = None, **kw
    ) -> PnpError:
        """An error about element n of side (or the side itself), at its file and line."""
        where, line = locate(self.family.data, (side, n) if n is not None else (side,))
        return PnpError(
            message, file=where or self.family.file, line=line, key=self.key(n, side, field), **kw
        )

    def colour(
        self, value: str, attrs: dict, n: int | None, side: str, alpha_ok: bool = False
    ) -> str | None:
        """A colour as #rrggbb (None for 'none'); an alpha only a shape's paint draws is a warning."""
        c = colour_of(value, attrs, self.ctx, self.family, self.key(n, side))
        if (
            c
            and not alpha_ok
            and n is not None
            and "#" in value + str(self.ctx.palette.get(value, ""))
        ):
            if colour_alpha(fill(value, attrs), self.ctx.palette) < 1:
                self.warn(
                    f"the alpha of colour '{value}' is not drawn here (only a shape's fill and stroke take it)",
                    n,
                    side,
                )
        return c

    def text(self, value: str, attrs: dict, n: int, side: str) -> str:
        """value with the item's attributes put in for '{name}'."""
        try:
            return fill(value, attrs)
        except BraceError:
            raise self.fail(
                "text has a brace that is not closed",
                n,
                side,
                expected="{name}, or {{ and }} for a brace itself",
                found=value,
            ) from None
        except KeyError as exc:
            raise self.fail(
                f"text names an attribute the item does not have: {exc.args[0]}",
                n,
                side,
                expected=_attributes_expected(attrs),
                found=value,
            ) from None

    def paint(self, e, attrs: dict, n: int, side: str) -> Style:
        """A shape's fill, outline, dash and opacity; a #rrggbbaa colour's alpha is the shape's
        opacity (one for fill and outline together)."""
        fill_, stroke = getattr(e, "fill", "none"), e.stroke
        fill_c, stroke_c = (
            self.colour(fill_, attrs, n, side, True),
            self.colour(stroke, attrs, n, side, True),
        )
        alphas = [
            colour_alpha(fill(v, attrs), self.ctx.palette)
            for v, c in ((fill_, fill_c), (stroke, stroke_c))
            if c
        ]
        return Style(
            fill=fill_c,
            stroke=stroke_c,
            stroke_width=e.stroke_width,
            dash=tuple(e.dash) if e.dash else None,
            opacity=e.opacity * (min(alphas) if alphas else 1.0),
        )

    def line_paint(self, e, attrs: dict, n: int, side: str) -> Style:
        """A line's stroke: its colour's alpha is not drawn (a warning says so), its ends round."""
        colour = self.colour(e.stroke, attrs, n, side)
        return Style(
            None, colour, e.stroke_width, tuple(e.dash) if e.dash else None, e.opacity, cap="round"
        )

    def grid_paint(self, e, attrs: dict, n: int, side: str) -> tuple[Style, Style | None]:
        """A grid's lines (square ends, so corners meet) and its background (None: none)."""
        lines = Style(None, self.colour(e.stroke, attrs, n, side), e.stroke_width, cap="square")
        bg = self.colour(e.fill, attrs, n, side)
        return lines, Style(bg) if bg else None

    def text_style(self, e, attrs: dict, n: int, side: str) -> TextStyle:
        """A text element's font (one the game has), size, colour, alignment and fitting."""
        if e.font not in self.ctx.fonts:
            raise self.fail(
                "unknown font",
                n,
                side,
                expected="one of: " + ", ".join(sorted(self.ctx.fonts.files)),
                found=e.font,
            )
        colour = self.colour(e.colour, attrs, n, side) or "#000000"
        return TextStyle(e.font, e.size, colour, e.align, e.valign, e.fit, e.line_height)


def colour_of(value: str, attrs: dict, ctx: DrawContext, family: Family, key: str) -> str | None:
    """A colour from a spec ('red', '#c8102e', '{colour}') as #rrggbb, or a clean error naming the key."""
    try:
        return resolve_colour(fill(value, attrs), ctx.palette)
    except KeyError as exc:
        raise PnpError(
            f"colour names an attribute the item does not have: {exc.args[0]}",
            file=family.file,
            key=key,
            expected=_attributes_expected(attrs),
            found=value,
        ) from None
    except UnknownColour as exc:
        raise PnpError(
            "unknown colour",
            file=family.file,
            key=key,
            expected="a palette name, a CSS colour name (crimson, teal ...), #rgb, #rrggbb or #rrggbbaa",
            found=fill(value, attrs),
            hint=f"did you mean '{exc.near}'?" if exc.near else None,
        ) from None


def _attributes_expected(attrs: dict) -> str:
    """What a '{name}' may name here: the item's attributes, or none (a value drawn alike for
    every item, such as a die net's outline, names no attribute)."""
    if not attrs:
        return (
            "no '{name}' here: this value is drawn alike for every item (a palette name or #rrggbb)"
        )
    return "one of: " + ", ".join(sorted(attrs))
