"""Legibility of drawn faces at print size: text size, text contrast, image resolution.

Reads the face primitives every engine receives. A text's background is what was drawn before
it under the text, from the paper's white up: each filled shape (blended by its opacity) and
each picture, whose pixels are read over the region the text covers (their mean colour, by
their transparency over what lies beneath). Contrast is WCAG 2's ratio of relative luminances.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from pnp.draw.colours import rgb
from pnp.draw.fonts import FontBook
from pnp.draw.primitives import (
    IDENTITY,
    Ellipse,
    Group,
    Image,
    Matrix,
    Path,
    Rect,
    Text,
    Use,
    apply,
    multiply,
)
from pnp.draw.primitives import invert as _invert
from pnp.draw.symbols import SymbolBook
from pnp.memo import ByIdentity
from pnp.rulecheck.pictures import Pictures

MIN_PT = 6.0
MIN_CONTRAST = 4.5
MIN_PPI = 150.0
PT_PER_MM = 72 / 25.4
PAPER = (1.0, 1.0, 1.0)


@dataclass
class Problem:
    """One kind of shortfall of one printed thing, over every item that has it."""

    what: str  # 'size', 'contrast' or 'resolution'
    side: str  # front or back
    subject: str  # the text or the image file
    worst: float
    items: list[str] = field(default_factory=list)


def _inside_ops(ops: tuple, x: float, y: float) -> bool:
    """Even-odd test against the polygon through the path's end points (curves as chords)."""
    return _inside_edges(_edges(ops), x, y)


def _edges(ops: tuple) -> list[tuple[float, float, float, float]]:
    """The edges of the polygons through a path's end points (curves as chords), each closed."""
    pts: list[list[tuple[float, float]]] = []
    for op in ops:
        if op[0] == "M":
            pts.append([(op[1], op[2])])
        elif op[0] in ("L", "C", "Q") and pts:
            pts[-1].append((op[-2], op[-1]))
    return [
        (x1, y1, x2, y2)
        for poly in pts
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True)
    ]


def _inside_edges(edges: list, x: float, y: float) -> bool:
    inside = False
    for x1, y1, x2, y2 in edges:
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _covers(shape, inv: Matrix, px: float, py: float, edges=_edges) -> bool:
    """The filled shape covers the page point; `edges(ops)` a path's edges (worked out once
    by a caller that tests many points)."""
    x, y = apply(inv, px, py)
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Ellipse):
        return (
            ((x - shape.cx) / shape.rx) ** 2 + ((y - shape.cy) / shape.ry) ** 2 <= 1
            if shape.rx and shape.ry
            else False
        )
    return _inside_edges(edges(shape.ops), x, y)


def _shapes_only(prims) -> bool:
    """True when the drawing has no text, image or symbol (which could hold either)."""
    stack = list(prims)
    while stack:
        p = stack.pop()
        if isinstance(p, Group):
            stack.extend(p.children)
        elif not isinstance(p, (Rect, Ellipse, Path)):
            return False
    return True


def _extent(shape) -> tuple[float, float, float, float]:
    """(least x, most x, least y, most y) of a filled shape or picture in its own units (a
    curve lies within its control points)."""
    if isinstance(shape, (Rect, Image)):
        xs, ys = (shape.x, shape.x + shape.w), (shape.y, shape.y + shape.h)
    elif isinstance(shape, Ellipse):
        xs, ys = (
            (shape.cx - shape.rx, shape.cx + shape.rx),
            (shape.cy - shape.ry, shape.cy + shape.ry),
        )
    else:
        coords = [c for op in shape.ops for c in op[1:]]
        xs, ys = coords[0::2] or [0.0], coords[1::2] or [0.0]
    return min(xs), max(xs), min(ys), max(ys)


def _page_box(shape, m: Matrix, extent=_extent) -> tuple[float, float, float, float]:
    """A box on the page that holds the filled shape or picture; `extent(shape)` its own
    (worked out once by a caller that places a shape many times)."""
    x0, x1, y0, y1 = extent(shape)
    a, b, c, d, e, f = m  # the four corners as `apply` places them, written out
    xs = (a * x0 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y0 + e, a * x1 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y0 + f, b * x1 + d * y1 + f)
    eps = 1e-6
    return (min(xs) - eps, min(ys) - eps, max(xs) + eps, max(ys) + eps)


def luminance(colour: tuple[float, float, float]) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _colour(value: str | None) -> tuple[float, float, float] | None:
    try:
        return rgb(value) if value and value.startswith("#") and len(value) == 7 else None
    except ValueError:
        return None


class FaceReader:
    """Walks one face's drawing and records the shortfalls of its texts and images.

    What many faces share is read once: a shape's page box (a symbol's shapes too), and a
    line of text over the same shapes (the same objects: kinds draw an element once per value).
    """

    KEEP = 20_000  # entries in each of the caches below, cleared when full

    def __init__(self, fonts: FontBook, symbols: SymbolBook, image_ppi):
        self.fonts = fonts
        self.symbols = symbols
        self.image_ppi = image_ppi  # file -> (pixels wide, pixels high), cached by the caller
        self.pictures = Pictures()  # what a picture shows under a text
        self.fills: list[
            tuple[
                object, Matrix, tuple[float, float, float], float, tuple[float, float, float, float]
            ]
        ] = []
        self.found: list[tuple[str, str, float]] = []
        self._fill_of: dict[
            tuple[int, Matrix], tuple
        ] = {}  # (id(shape), m) -> (shape, fill entry or None)
        # (text, m, number of the fills), or (place, ink, width, m, number) -> (keep-alive, shortfalls)
        self._texts: dict[tuple, tuple] = {}
        self._contrast: dict[tuple, float] = {}
        self._symbol_fills: dict[
            tuple, list
        ] = {}  # (symbol, m) -> the fills it adds, when it draws only shapes
        # (how many fills, their ids, the number of that list of ids): the shapes under the
        # next text; 0 for none
        self._sig: tuple[int, tuple, int] = (0, (), 0)
        self._sigs: dict[tuple, int] = {}  # the ids of fills -> their number
        self._sig_count = 0
        self._width = ByIdentity(
            lambda t: fonts.metrics(t.font).width(t.text, t.size)
        )  # a line's width, once per Text
        self._edges = ByIdentity(_edges)  # a path's edges, once per path (its ops)
        self._extent = ByIdentity(_extent)  # a shape's own box, once per shape
        self._colours: dict[str | None, tuple | None] = {}  # a colour as numbers (or None)

    def read(self, prim, m: Matrix = IDENTITY) -> list[tuple[str, str, float]]:
        self.fills, self.found = [], []
        self._sig = (0, (), 0)
        self._walk(prim, m)
        return self.found

    def _walk(self, p, m: Matrix) -> None:
        if isinstance(p, Group):
            # most groups only gather (a face's frame, a card's elements): no product to work out
            inner = m if p.transform == IDENTITY else multiply(m, p.transform)
            for child in p.children:
                self._walk(child, inner)
        elif isinstance(p, Use):
            if p.symbol in self.symbols:
                inner = multiply(m, p.transform)
                key = (p.symbol, inner)
                known = self._symbol_fills.get(key)
                if known is not None:  # shapes only: what it adds under later text is known
                    self.fills.extend(known)
                    return
                before, found = len(self.fills), len(self.found)
                children = self.symbols[p.symbol].children
                for child in children:
                    self._walk(child, inner)
                if len(self.found) == found and _shapes_only(children):
                    self._keep(self._symbol_fills, key, self.fills[before:])
        elif isinstance(p, Text):
            self._text(p, m)
        elif isinstance(p, Image):
            self._image(p, m)
            inv = _invert(m)
            if inv is not None and p.w and p.h:  # what it shows lies under later text
                self.fills.append((p, inv, None, 1.0, _page_box(p, m, self._extent)))
        elif isinstance(p, (Rect, Ellipse, Path)):
            key = (id(p), m)
            known = self._fill_of.get(key)
            if known is None or known[0] is not p:
                fill = self._colour(p.style.fill)
                inv = _invert(m)
                drawn = fill is not None and inv is not None and p.style.opacity > 0
                entry = (
                    (p, inv, fill, p.style.opacity, _page_box(p, m, self._extent))
                    if drawn
                    else None
                )
                known = self._keep(self._fill_of, key, (p, entry))
            if known[1] is not None:
                self.fills.append(known[1])

    def _colour(self, value: str | None) -> tuple[float, float, float] | None:
        """_colour, once for each colour a game draws in."""
        if value in self._colours:
            return self._colours[value]
        return self._keep(self._colours, value, _colour(value))

    def _keep(self, cache: dict, key, value):
        if len(cache) >= self.KEEP:
            cache.clear()
        cache[key] = value
        return value

    def background(
        self, x: float, y: float, rx: float = 0.0, ry: float = 0.0
    ) -> tuple[float, float, float]:
        """The colour under page point (x, y): fills blended from the paper up; a picture's
        mean colour over the region rx, ry page mm either side of the point."""
        colour = PAPER
        for shape, inv, fill, alpha, (x0, y0, x1, y1) in self.fills:
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                continue
            if fill is None:  # a picture
                seen = self._picture(shape, inv, x, y, rx, ry)
                if seen is not None:
                    *fill, alpha = seen
                    colour = tuple(
                        alpha * f + (1 - alpha) * c for f, c in zip(fill, colour, strict=True)
                    )
                continue
            if _covers(shape, inv, x, y, self._edges):
                colour = (
                    fill
                    if alpha >= 1
                    else tuple(
                        alpha * f + (1 - alpha) * c for f, c in zip(fill, colour, strict=True)
                    )
                )
        return colour

    def _picture(self, im: Image, inv: Matrix, x: float, y: float, rx: float, ry: float):
        """The picture's mean (r, g, b, alpha) over the region, or None off the picture."""
        corners = [apply(inv, x + dx, y + dy) for dx in (-rx, rx) for dy in (-ry, ry)]
        us = [(c[0] - im.x) / im.w for c in corners]
        vs = [(c[1] - im.y) / im.h for c in corners]
        cu, cv = sum(us) / 4, sum(vs) / 4  # the point itself
        if not (0 <= cu <= 1 and 0 <= cv <= 1):
            return None
        return self.pictures.mean(im.file, min(us), min(vs), max(us), max(vs))

    def _text(self, t: Text, m: Matrix) -> None:
        if not t.text.strip():
            return
        fills = self.fills
        counted, ids, sig = self._sig
        if counted != len(fills):  # fills are only ever added while a face is read
            ids += tuple(id(f[0]) for f in fills[counted:])
            sig = self._sigs.get(ids)
            if sig is None:  # the keys below name the fills by a number, hashed at once
                self._sig_count += 1
                sig = self._keep(self._sigs, ids, self._sig_count)
            self._sig = (len(fills), ids, sig)
        key = (id(t), m, sig)  # by identity: hashing a Text hashes every field
        hit = self._texts.get(key)
        if hit is not None and hit[0] is t:
            known = hit[1]
        else:
            # the same line's result holds for any text as wide, in the same place and ink
            width = self._width(t)
            like = (t.x, t.y, t.size, t.colour, t.anchor, width, m, sig)
            known = self._texts.get(like)
            if known is None:
                known = self._keep(
                    self._texts, like, (tuple(f[0] for f in fills), self._shortfalls(t, m, width))
                )
            self._keep(self._texts, key, (t, known))  # holds t: its id stays its own
        if known[1]:
            self.found.extend((what, t.text, value) for what, value in known[1])

    def _shortfalls(self, t: Text, m: Matrix, width: float) -> list[tuple[str, float]]:
        found = []
        k = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        pt = t.size * k * PT_PER_MM
        if pt < MIN_PT - 1e-6:
            found.append(("size", pt))
        ink = self._colour(t.colour)
        if ink is None:
            return found
        x0 = t.start_x(width)
        mid = t.y - t.size * 0.35  # half the x-height above the baseline
        # a picture is read over the text's region: a sixth of its width and its x-height
        # about each of the three points, on the page
        rx, ry = width * k / 6, t.size * k * 0.35
        worst = math.inf
        for f in (0.1, 0.5, 0.9):
            bg = self.background(*apply(m, x0 + width * f, mid), rx, ry)
            c = self._contrast.get((ink, bg))
            if c is None:
                c = self._keep(self._contrast, (ink, bg), contrast(ink, bg))
            worst = min(worst, c)
        if worst < MIN_CONTRAST - 1e-6:
            found.append(("contrast", worst))
        return found

    def _image(self, im: Image, m: Matrix) -> None:
        px = self.image_ppi(im.file)
        if px is None:
            return
        k = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        w_in, h_in = im.w * k / 25.4, im.h * k / 25.4
        ppi = min(px[0] / w_in if w_in else math.inf, px[1] / h_in if h_in else math.inf)
        if ppi < MIN_PPI - 1e-6:
            self.found.append(("resolution", im.file, ppi))


def template_line(data, side: str, subject: str, what: str) -> tuple[str | None, int | None]:
    """(file, line) of the element that most likely printed `subject`; else of the side's key."""
    from pnp.spec.yamlfile import locate

    elements = data.get(side) if isinstance(data, dict) else None
    if isinstance(elements, list):
        best, best_score = None, -1
        for i, el in enumerate(elements):
            spec = (
                el.get("text")
                if what != "resolution" and isinstance(el, dict)
                else (el.get("image") if isinstance(el, dict) else None)
            )
            value = (
                spec.get("text" if what != "resolution" else "file")
                if isinstance(spec, dict)
                else spec
            )
            if isinstance(value, str) and _matches(value, subject):
                # the template with the most fixed text wins: "{value}" matches anything
                score = len(re.sub(r"\{[^}]*\}", "", value))
                if score > best_score:
                    best, best_score = i, score
        if best is not None:
            return locate(data, (side, best))
    return locate(data, (side,))


def _matches(template: str, printed: str) -> bool:
    if printed in template or template.endswith(printed.rsplit("/", 1)[-1]):
        return True
    parts = re.split(r"\{[^}]*\}", template)  # the fixed text between the {attributes}
    return _fits(parts, printed) or any(_fits(parts, w) for w in printed.split())


def _fits(parts: list[str], text: str) -> bool:
    """Whether `text` is the fixed parts in order with anything between them: each part found
    at its first place after the last, in one pass (as a regular expression, `{v}{v}{v}X`
    backtracks for hours on a few hundred letters)."""
    if len(parts) == 1:
        return text == parts[0]
    first, *middle, last = parts
    end = len(text) - len(last)
    if end < len(first) or not text.startswith(first) or not text.endswith(last):
        return False
    at = len(first)
    for part in middle:
        at = text.find(part, at, end)
        if at < 0:
            return False
        at += len(part)
    return True


def _pixels(cache: dict):
    def size(file: str) -> tuple[int, int] | None:
        if file not in cache:
            try:
                from PIL import Image as PILImage

                with PILImage.open(file) as im:
                    cache[file] = im.size
            except (OSError, ValueError):
                cache[file] = None
        return cache[file]

    return size


LIMIT = {
    "size": f"below {MIN_PT:g} pt",
    "contrast": f"below {MIN_CONTRAST:g} : 1",
    "resolution": f"below {MIN_PPI:g} ppi",
}
UNIT = {"size": "{:.1f} pt", "contrast": "contrast {:.2f} : 1", "resolution": "{:.0f} ppi"}
_DIGITS = {"size": 1, "contrast": 2, "resolution": 0}


def shown_value(what: str, value: float) -> str:
    """The value as a message shows it, rounded down: a value below its limit never reads as
    the limit itself (4.499 is "4.49 : 1", not "4.50 : 1 ... below 4.5 : 1")."""
    k = 10 ** _DIGITS[what]
    return UNIT[what].format(math.floor(value * k + 1e-9) / k)


def _in_folder(file: str, folder) -> str:
    """An image's path as the game's YAML names it: relative to the game folder."""
    from pathlib import Path

    try:
        return Path(file).relative_to(folder).as_posix()
    except ValueError:
        return Path(file).name


class LegibilityReader:
    """Reads faces one at a time, as they are drawn, and gathers each family's shortfalls.

    Faces of a family are read in item order; a family read again starts over (`reset`).
    """

    def __init__(self, game, fonts: FontBook, symbols: SymbolBook):
        self.game = game
        self.reader = FaceReader(fonts, symbols, _pixels({}))
        self.problems: dict[str, dict[tuple[str, str, str], Problem]] = {}
        self.last: dict[
            str, dict[str, tuple[object, list]]
        ] = {}  # a back every item shares is read once

    def reset(self, family: str) -> None:
        self.problems.pop(family, None)
        self.last.pop(family, None)

    def face(self, family: str, face) -> None:
        problems = self.problems.setdefault(family, {})
        last = self.last.setdefault(family, {})
        for side, prim in (("front", face.front), ("back", face.back)):
            if prim is None:
                continue
            known = last.get(side)
            if known is None or known[0] is not prim:
                known = last[side] = (prim, self.reader.read(prim))
            for what, subject, value in known[1]:
                p = problems.setdefault((what, side, subject), Problem(what, side, subject, value))
                p.worst = min(p.worst, value)
                if len(p.items) < 1000:
                    p.items.append(face.id)

    def lines(self) -> list[str]:
        """One line per shortfall (file:line, family, side, what is printed, worst value, items)."""
        out: list[str] = []
        for fam in self.game.families:
            for p in self.problems.get(fam.name, {}).values():
                out.append(_line(self.game, fam, p))
        return out


def _line(game, fam, p: Problem) -> str:
    file, line = template_line(fam.data, p.side, p.subject, p.what)
    where = f"{file or fam.file}:{line or 1}"
    shown = _in_folder(p.subject, game.folder) if p.what == "resolution" else p.subject
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    items = f"{len(p.items)} item{'s' if len(p.items) > 1 else ''}" + (
        f" ({p.items[0]}" + (", ..." if len(p.items) > 1 else "") + ")" if p.items[0] else ""
    )
    noun = "image" if p.what == "resolution" else "text"
    return (
        f"{where}: family '{fam.name}' {p.side}: {noun} '{shown}' is {shown_value(p.what, p.worst)} at print size, "
        f"{LIMIT[p.what]}, on {items}"
    )


def legibility_warnings(game, faces_of, fonts: FontBook, symbols: SymbolBook) -> list[str]:
    """One line per shortfall, every family read in one pass.

    `faces_of(family)` yields the family's faces as printed (true size).
    """
    reading = LegibilityReader(game, fonts, symbols)
    for fam in game.families:
        for face in faces_of(fam):
            reading.face(fam.name, face)
    return reading.lines()
