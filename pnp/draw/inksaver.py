"""Ink-saver: a pass over a face's primitives that keeps it legible and distinct on far less ink.

It knows colours, areas and painting order, never a game. Each face is walked in the order it
is painted, remembering the fills drawn so far (as the legibility check does), and:

- a large fill (LARGE_MM2 or more, or LARGE_SHARE of a small face) of a colour becomes a light
  tint of it, mixed with white as far as it keeps its hue and does not read as white (red stays
  red: pieces told apart by colour still are), inside an outline in the full colour; a pale
  fill (cream, pastel) becomes paper white inside its outline;
- the players' colours (given by the caller) are tinted together, each keeping as much of its
  colour as it needs to stay told apart from the others and from white (palette_tints);
- no tint of black is still black: a black fill is lightened only when it is as large as a
  back or a board (BLACK_MM2), to paper white inside its outline with a hatching in black, so
  it stays unlike a white one; a black piece stays black;
- small fills keep their colour: symbols and marks carry meaning and cost little ink;
- art with no outline of its own that stood out from a fill and would not on its tint
  (ART_DISTINCT apart, or ART_CONTRAST, the rules check's ratio for a symbol), is outlined in
  that fill's colour (white art on blue becomes white art outlined in blue on pale blue), and
  such a line takes the fill's colour, as does art's own outline that would vanish where the
  art overhangs the rest of its drawing (a white-edged trunk past a white body); under a
  veil (a fill seen through), the colour that was seen there;
- a text that no longer reads at 4.5:1 on its lightened background takes the background's
  own colour if that reads, else black;
- lines wider than MAX_STROKE are drawn that wide; images are left as they are.

The PDF engine then writes black and greys for the black ink alone (pnp.engines.reportlab_pdf).

Shared drawings (symbols) are rewritten once for each way they are used, as new symbols, so a
deck's one back is still drawn once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from pnp.draw.colourdiff import DISTINCT, de2000, difference, lab
from pnp.draw.colours import rgb
from pnp.draw.primitives import (
    IDENTITY,
    Ellipse,
    Group,
    Matrix,
    Path,
    Rect,
    Style,
    Text,
    Use,
    apply,
    invert,
    multiply,
)

LARGE_SHARE = 0.25  # of the face's area: a background, a back, a panel
LARGE_MM2 = 150.0  # 1.5 cm²: a coloured area worth tinting even on a big face
BLACK_MM2 = 1500.0  # a black area this large (a back, a board's) is lightened
BLACK_FACE_MM2 = 250.0  # and one this large that is most of its face (a coin of 18 mm or more), not a piece's part
TINT = 0.05  # how much of a large fill's colour is kept (the rest is white)
PALE_LIGHTNESS = (
    0.8  # a large fill this light (HLS: cream, pastel) becomes white inside its outline
)
LIGHT_INK = 0.06  # a colour within 6% of white (paper, cream) is left alone
MAX_STROKE = 0.25  # mm: heavier lines are drawn this wide
OUTLINE = 0.25  # mm, the outline a lightened fill gets
HATCH_STEP = 4.0  # mm between the hatching lines of a lightened black or grey
HATCH_WIDTH = 0.2  # mm
MIN_CONTRAST = 4.5
BLACK = "#000000"


def ink(hexcolour: str) -> float:
    """A colour's ink: 1 - its luminance (0.2126 R + 0.7152 G + 0.0722 B, sRGB values)."""
    r, g, b = rgb(hexcolour)
    return 1.0 - (0.2126 * r + 0.7152 * g + 0.0722 * b)


def _hex(rgbv) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c * 255))):02x}" for c in rgbv)


def tint(hexcolour: str, keep: float = TINT) -> str:
    """The colour mixed with white, keeping `keep` of it (or more, until it does not read as white).

    Mixing with white keeps the hue; a very light tint, rounded to 8-bit channels, would read
    as white, so the tint keeps more of the colour until, rounded, its lightness is at most
    0.92 or its saturation at least 0.5: within those bounds the checker's colour names
    (pnp.rulecheck.colournames) still give a strong colour's hue (red stays red).
    """
    import colorsys

    c = rgb(hexcolour)
    while True:
        out = _hex(tuple(1 - keep * (1 - v) for v in c))
        _h, lightness, s = colorsys.rgb_to_hls(*rgb(out))
        if keep >= 1 or lightness <= 0.92 or s >= 0.5:
            return out
        keep = min(1.0, keep + 0.02)


ART_DISTINCT = 2 * DISTINCT  # ΔE00 art (lines, icons) keeps from its ground, else outlined
ART_CONTRAST = 1.4  # WCAG ratio of a symbol to its ground (pnp.rulecheck.contrast.MIN_SYMBOL)
KEEP_STEP = 0.02  # how much more of a colour a tint keeps at each step of palette_tints
WHITE = "#ffffff"


def _apart(a: str, b: str, was_a: str, was_b: str) -> bool:
    """a and b are told apart (DISTINCT, ΔE00) by normal and by deuteranope eyes wherever
    was_a and was_b were: a pair that was never told apart by colour alone (red and green, to
    a deuteranope) relies on other marks, and keeps them."""
    return all(
        de2000(lab(a, d), lab(b, d)) >= DISTINCT
        for d in (False, True)
        if de2000(lab(was_a, d), lab(was_b, d)) >= DISTINCT
    )


def palette_tints(colours, start: dict[str, float] | None = None) -> dict[str, float]:
    """How much of each colour its tint keeps so that the tints stay told apart, from each
    other and from paper white, by DISTINCT (ΔE00) for normal and for deuteranope eyes (in
    each vision where the full colours were). Of a pair too near, the tint nearer white keeps
    more, step by step, until every pair is apart (a yellow player's cream tint would pass
    for white). Black is left out: it is not tinted. `start`: what each keeps already."""
    keep = {c: (start or {}).get(c, TINT) for c in dict.fromkeys(colours) if not black(c)}
    while True:
        tints = {c: tint(c, k) for c, k in keep.items()}
        short = [c for c in keep if keep[c] < 1 and not _apart(tints[c], WHITE, c, WHITE)]
        for i, a in enumerate(list(keep)):
            for b in list(keep)[i + 1 :]:
                if not _apart(tints[a], tints[b], a, b):
                    lighter = min((a, b), key=lambda c: (keep[c] >= 1, -_lum(tints[c])))
                    short.append(lighter)
        short = [c for c in dict.fromkeys(short) if keep[c] < 1]
        if not short:
            return keep
        for c in short:
            keep[c] = min(1.0, keep[c] + KEEP_STEP)


def black(hexcolour: str) -> bool:
    """Black or near it: no tint of it is still called black."""
    import colorsys

    _h, lightness, s = colorsys.rgb_to_hls(*rgb(hexcolour))
    return lightness < 0.18 or (lightness < 0.25 and s < 0.35)


def pale(hexcolour: str) -> bool:
    """Cream, pastel: light already, its tint would read as white."""
    import colorsys

    return colorsys.rgb_to_hls(*rgb(hexcolour))[1] >= PALE_LIGHTNESS


def _lum(hexcolour: str) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb(hexcolour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _norm(hexcolour: str) -> str:
    return _hex(rgb(hexcolour))


def _faded(art: str, was: str, now: str) -> bool:
    """Art that stood out from what lay under it (was) and no longer does on its new colour
    (now): a thin line or a small shape needs twice the difference a large area does; and
    art that reached the rules check's contrast for a symbol and falls below it on the tint
    (pale blue drops on a grey-blue sea turned pale grey)."""
    return (difference(art, was) >= ART_DISTINCT and difference(art, now) < ART_DISTINCT) or (
        contrast(art, was) >= ART_CONTRAST > contrast(art, now)
    )


def _large(area: float, dark: bool, face_area: float) -> bool:
    """A fill worth lightening: no tint of black is still black, so only large areas of it (a
    back, a board) lose it, and keep a hatching; a black piece stays black."""
    if dark:
        return area >= BLACK_MM2 or (area >= BLACK_FACE_MM2 and area >= LARGE_SHARE * face_area)
    return area >= min(LARGE_MM2, LARGE_SHARE * face_area)


def _det(m: Matrix) -> float:
    return abs(m[0] * m[3] - m[1] * m[2])


CURVE_STEPS = 8  # a curve is followed by this many chords where a point is tested against it


def _points(ops, curves: bool = False) -> list[list[tuple[float, float]]]:
    """Each subpath's points: curves as one chord, or followed closely (`curves`), so that a
    point inside a curve's bulge (a gill line on a fish) is inside."""
    polys: list[list[tuple[float, float]]] = []
    for op in ops:
        if op[0] == "M":
            polys.append([(op[1], op[2])])
        elif op[0] == "C" and curves and polys:
            (x0, y0), (x1, y1, x2, y2, x3, y3) = polys[-1][-1], op[1:]
            for i in range(1, CURVE_STEPS + 1):
                t = i / CURVE_STEPS
                a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3
                polys[-1].append(
                    (a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)
                )
        elif op[0] != "Z" and polys:
            polys[-1].append((op[-2], op[-1]))
    return polys


def _area(shape) -> float:
    """The shape's own area (curves as chords), before any transform."""
    if type(shape) is Rect:
        return abs(shape.w * shape.h)
    if type(shape) is Ellipse:
        return math.pi * abs(shape.rx * shape.ry)
    total = 0.0
    for poly in _points(shape.ops):
        s = sum(
            x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True)
        )
        total += s / 2
    return abs(total)


def bounds(shape) -> tuple[float, float, float, float]:
    if type(shape) is Rect:
        return (
            min(shape.x, shape.x + shape.w),
            min(shape.y, shape.y + shape.h),
            max(shape.x, shape.x + shape.w),
            max(shape.y, shape.y + shape.h),
        )
    if type(shape) is Ellipse:
        return (shape.cx - shape.rx, shape.cy - shape.ry, shape.cx + shape.rx, shape.cy + shape.ry)
    pts = [p for poly in _points(shape.ops) for p in poly]
    if not pts:
        return (0.0, 0.0, 0.0, 0.0)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def covers(shape, x: float, y: float) -> bool:
    if type(shape) is Rect:
        x0, y0, x1, y1 = bounds(shape)
        return x0 <= x <= x1 and y0 <= y <= y1
    if type(shape) is Ellipse:
        return (
            bool(shape.rx and shape.ry)
            and ((x - shape.cx) / shape.rx) ** 2 + ((y - shape.cy) / shape.ry) ** 2 <= 1
        )
    inside = False
    for poly in _points(shape.ops, curves=True):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


class _Painted:
    """The fills painted so far on one face, topmost last: what lies under a point."""

    __slots__ = ("fills", "base")

    def __init__(self, base: tuple[str, str, str] | None):
        self.base = base  # what lay under a symbol's use (as `under` gives it), or None for paper
        self.fills: list[tuple] = []  # (shape, matrix, inverse, face box, original, new)

    def add(self, shape, m: Matrix, original: str, new: str) -> None:
        inv = invert(m)
        if inv is None:
            return
        x0, y0, x1, y1 = bounds(shape)
        corners = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        box = (
            min(c[0] for c in corners),
            min(c[1] for c in corners),
            max(c[0] for c in corners),
            max(c[1] for c in corners),
        )
        self.fills.append((shape, m, inv, box, original, new))

    def under(self, x: float, y: float) -> tuple[str, str, str] | None:
        """At face point (x, y): the original colour of the topmost fill there, the new colour
        seen there (the new fills blended by their opacity, from the paper up) and the original
        colour seen there (the same of the original fills: a veil of 22% pale blue over navy
        was a mid blue); None for bare paper. A symbol's rewrite starts from what lay under
        its use."""
        white = (1.0, 1.0, 1.0)
        top = self.base
        seen = rgb(self.base[1]) if self.base else white
        was = rgb(self.base[2]) if self.base else white
        for shape, _m, inv, box, original, new in self.fills:
            if box[0] <= x <= box[2] and box[1] <= y <= box[3] and covers(shape, *apply(inv, x, y)):
                a = shape.style.opacity
                seen = tuple(a * f + (1 - a) * c for f, c in zip(rgb(new), seen, strict=True))
                was = tuple(a * f + (1 - a) * c for f, c in zip(rgb(original), was, strict=True))
                top = (original, new)
        return None if top is None else (top[0], _hex(seen), _hex(was))


class InkSaver:
    """Rewrites faces for ink-saving; new symbols go into the build's symbol book."""

    def __init__(
        self, symbols, keep_apart: Sequence[str] = (), groups: Sequence[Sequence[str]] = ()
    ):
        self.symbols = symbols  # pnp.draw.symbols.SymbolBook
        self.made: dict[tuple, str] = {}
        # the colours that tell players apart: their tints are chosen together
        self.keep = palette_tints(_norm(c) for c in keep_apart)
        self._keep_groups([[_norm(c) for c in g] for g in groups])

    def _keep_groups(self, groups: list[list[str]]) -> None:
        """The tints of each group of colours (those a rule names) told apart too: a colour in
        several groups keeps the most any of them needs, until every group is apart."""
        if not groups:
            return
        everyone = [list(self.keep), *groups]
        while True:
            before = dict(self.keep)
            for g in everyone:
                self.keep.update(palette_tints(g, self.keep))
            if self.keep == before:
                return

    def _lighter(self, fill: str, dark: bool) -> str:
        """A large fill's new colour: paper white for black and pale ones, else a tint that
        keeps its name (and, for a player's colour, stays told apart from the others)."""
        keep = self.keep.get(_norm(fill))
        if keep is not None:
            return tint(fill, keep)
        return WHITE if dark or pale(fill) else tint(fill)

    def face(self, face):
        """The face with its front and back rewritten (pnp.kinds.base.Face)."""
        area = max(face.w * face.h, 1e-9)
        front = self.drawing(face.front, area)
        back = self.drawing(face.back, area) if face.back is not None else None
        return replace(face, front=front, back=back)

    def drawing(
        self, prim, face_area: float, base: tuple[str, str] | None = None, m: Matrix = IDENTITY
    ):
        painted = _Painted(base)
        return self._walk(prim, m, face_area, painted)

    # --- the walk ------------------------------------------------------------
    def _walk(self, p, m: Matrix, face_area: float, painted: _Painted):
        t = type(p)
        if t is Group:
            inner = multiply(m, p.transform)
            kids = tuple(self._walk(c, inner, face_area, painted) for c in p.children)
            return Group(kids, p.transform, p.clip)
        if t is Use:
            return self._use(p, m, face_area, painted)
        if t is Text:
            return self._text(p, m, painted)
        if t in (Rect, Ellipse, Path):
            return self._shape(p, m, face_area, painted)
        if isinstance(p, (list, tuple)):
            return type(p)(self._walk(c, m, face_area, painted) for c in p)
        return p

    def _centre(self, p, m: Matrix) -> tuple[float, float]:
        x0, y0, x1, y1 = bounds(p)
        return apply(m, (x0 + x1) / 2, (y0 + y1) / 2)

    def _shape(self, p, m: Matrix, face_area: float, painted: _Painted):
        style = p.style
        fill, stroke = style.fill, style.stroke
        dark = bool(fill) and black(fill)
        large = bool(fill) and _large(_area(p) * _det(m), dark, face_area)
        # a line of its own that would vanish on a lightened fill under its middle; the outline
        # of a piece of art, also where the art overhangs (a white-edged trunk past a white
        # body): read before the shape paints
        own = (
            self._faded_ground(p, m, painted, stroke, sides=bool(fill) and not large)
            if stroke
            else None
        )
        extra = []
        if fill:
            new_fill = fill
            if ink(fill) >= LIGHT_INK and large:
                # black and pale colours become paper white inside their outline; others a
                # tint that keeps their name
                new_fill = self._lighter(fill, dark)
                if not stroke:
                    stroke = fill
                    style = replace(style, stroke_width=OUTLINE / math.sqrt(_det(m) or 1.0))
                if dark and new_fill == WHITE:
                    extra.append(self._hatch(p, fill, m))
            elif not stroke and (faded := self._faded_ground(p, m, painted, fill)):
                # art with no outline of its own that would vanish on a lightened fill (white
                # art on yellow), wholly or at an edge, is outlined in that fill's own colour
                stroke = faded
                style = replace(style, stroke_width=OUTLINE / math.sqrt(_det(m) or 1.0))
            painted.add(p, m, fill, new_fill)
            fill = new_fill
        if own and style.stroke == stroke:
            stroke = own
        k = math.sqrt(_det(m)) or 1.0
        if stroke and style.stroke_width * k > MAX_STROKE:
            style = replace(style, stroke_width=MAX_STROKE / k)  # a heavy line, kept but thinner
        style = replace(style, fill=fill, stroke=stroke)
        shape = replace(p, style=style)
        return Group((shape, *extra)) if extra else shape

    def _faded_ground(
        self, p, m: Matrix, painted: _Painted, art: str, sides: bool = True
    ) -> str | None:
        """The original colour of a lightened fill on which the art no longer stands out, read
        at its centre and near the middle of each side (art may overhang its neighbour)."""
        x0, y0, x1, y1 = bounds(p)
        cx, cy, dx, dy = (x0 + x1) / 2, (y0 + y1) / 2, 0.4 * (x1 - x0), 0.4 * (y1 - y0)
        points = ((cx, cy), (cx - dx, cy), (cx + dx, cy), (cx, cy - dy), (cx, cy + dy))
        for x, y in points if sides else points[:1]:
            below = painted.under(*apply(m, x, y))
            # the topmost fill's own colour, else (under a veil) the colour seen there
            for was in () if below is None else (below[0], below[2]):
                if _faded(art, was, below[1]):
                    return was
        return None

    def _hatch(self, p, colour: str, m: Matrix) -> Group:
        """Diagonal lines in `colour` across the shape, clipped to it."""
        x0, y0, x1, y1 = bounds(p)
        k = math.sqrt(_det(m)) or 1.0
        step, ops = HATCH_STEP / k, []
        span = (x1 - x0) + (y1 - y0)
        d = 0.0
        while d <= span:
            ops += [("M", x0 + d, y0), ("L", x0 + d - (y1 - y0), y1)]
            d += step
        clip = p if type(p) is not Path else Path(p.ops, Style())
        return Group((Path(tuple(ops), Style(None, colour, HATCH_WIDTH / k)),), clip=clip)

    def _text(self, t: Text, m: Matrix, painted: _Painted):
        below = painted.under(*apply(m, t.x, t.y - t.size * 0.35))
        colour = t.colour
        if (
            below is not None
            and colour.startswith("#")
            and contrast(colour, below[1]) < MIN_CONTRAST
        ):
            # text that no longer reads on its lightened background: in the background's own
            # colour if that reads, else black
            colour = below[0] if contrast(below[0], below[1]) >= MIN_CONTRAST else BLACK
        return replace(t, colour=colour) if colour != t.colour else t

    def _use(self, u: Use, m: Matrix, face_area: float, painted: _Painted):
        if u.symbol not in self.symbols:
            return u
        sym = self.symbols[u.symbol]
        inner = multiply(m, u.transform)
        below = painted.under(*apply(inner, sym.w / 2, sym.h / 2))
        # the rewrite depends on the scale and turn, the face's size and what lies beneath;
        # it is made without the move, so one rewrite serves the symbol wherever it is placed
        linear = (*inner[:4], 0.0, 0.0)
        key = (u.symbol, tuple(round(v, 6) for v in inner[:4]), round(face_area, 3), below)
        made = self.made.get(key)
        if made is None:
            sub = _Painted(below)
            kids = tuple(self._walk(c, linear, face_area, sub) for c in sym.children)
            ident = f"{u.symbol}~ink{len(self.made)}"
            self.symbols.define(ident, kids, sym.w, sym.h)
            made = self.made[key] = (ident, [(f[0], f[1], f[4], f[5]) for f in sub.fills])
        ident, fills = made
        # what the symbol paints lies under whatever the face draws after it
        move = (1.0, 0.0, 0.0, 1.0, inner[4], inner[5])
        for shape, mrel, original, new in fills:
            painted.add(shape, multiply(move, mrel), original, new)
        return Use(ident, u.transform)
