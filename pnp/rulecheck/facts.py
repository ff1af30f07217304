"""What a drawn face prints, read from its primitives: texts, art, filled shapes, grids, regions.

Rules over printed content query these facts, never the YAML that produced them. Positions are
in the face's millimetres (origin top-left) after every transform, so a rule can say where on
the face a text must be. A text is read as the printout shows it: the lines one text box wraps
into are joined back into one block.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field

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

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(slots=True, unsafe_hash=True)  # not frozen: a frozen class sets each field by a call
class TextFact:
    text: str
    box: Box  # where it prints, on the face
    colour: str
    size: float  # em size as printed, mm
    font: str
    region: int | None  # the clipped region (a die's face) it prints in, if any
    order: int  # drawing order: later covers earlier
    angle: float = 0.0  # degrees, clockwise on the page: 0 reads left to right, 90 top to bottom


@dataclass(slots=True, unsafe_hash=True)  # not frozen: a frozen class sets each field by a call
class MarkFact:
    """One drawing of a piece of art (a symbol, a pip, an icon) or an image."""

    art: str  # the art's name: suit-hearts, tank ...
    colour: str | None
    box: Box
    region: int | None
    order: int
    picture: bool = False  # an image file (PNG, JPEG, SVG), not a named symbol
    angle: float = 0.0  # degrees, clockwise on the page, as the art is turned (an arrow's way)
    symbol: str = ""  # the drawn symbol's id, to read its drawing (its outline)


@dataclass(slots=True, unsafe_hash=True)  # not frozen: a frozen class sets each field by a call
class ShapeFact:
    """A filled shape: a rectangle, circle or outline with its fill colour."""

    fill: str
    opacity: float
    box: Box
    area: float
    region: int | None
    order: int
    outline: tuple = ()  # a drawn outline's corners (paths only), to read its shape

    def holds(self, x: float, y: float) -> bool:
        """The point lies inside the shape (its outline when it has one, else its box)."""
        pts = self.outline
        inbox = self.box[0] <= x <= self.box[2] and self.box[1] <= y <= self.box[3]
        if not pts or not inbox:  # an outline's box is its corners': nothing outside is in it
            return inbox
        inside_ = False
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                inside_ = not inside_
        return inside_

    def row(self, y: float):
        """`holds` for the points of one height: the outline's crossings there are worked out
        once, for a lattice of points (a cell sampled row by row)."""
        if not self.outline:
            return lambda x: self.holds(x, y)
        xs = self.crossings(y)
        return lambda x: (len(xs) - bisect.bisect_right(xs, x)) % 2 == 1

    def crossings(self, y: float) -> list[float]:
        """Where the outline's edges cross the height y, sorted."""
        pts = self.outline
        return sorted(
            x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True)
            if (y0 > y) != (y1 > y)
        )

    def runs(self, y: float, xs: list[float]) -> list[tuple[int, int]]:
        """`row(y)` for sorted points `xs` at once: the runs of indices lo:hi it holds."""
        if self.outline:
            return odd_runs(self.crossings(y), xs)
        x0, y0, x1, y1 = self.box
        if not y0 <= y <= y1:
            return []
        lo, hi = bisect.bisect_left(xs, x0), bisect.bisect_right(xs, x1)
        return [(lo, hi)] if lo < hi else []


def odd_runs(crossings: list[float], xs: list[float]) -> list[tuple[int, int]]:
    """The runs lo:hi of sorted points `xs` that an odd number of the sorted `crossings` lie
    beyond (the even-odd test, (len(crossings) - bisect_right(crossings, x)) % 2 == 1, for
    every point): the points with k crossings at or before them lie between the k-th
    crossing's place among the points and the next's."""
    out = []
    n, lo = len(crossings), 0
    for k in range(n + 1):
        hi = bisect.bisect_left(xs, crossings[k]) if k < n else len(xs)
        if (n - k) % 2 == 1 and lo < hi:
            out.append((lo, hi))
        lo = hi
    return out


@dataclass(slots=True, unsafe_hash=True)  # not frozen: a frozen class sets each field by a call
class OutlineFact:
    """A shape drawn as an outline only (a space to put a piece on, a box): its kind and stroke colour."""

    kind: str  # rect | circle | path
    stroke: str
    box: Box
    region: int | None


@dataclass
class FaceFacts:
    texts: list[TextFact] = field(default_factory=list)
    marks: list[MarkFact] = field(default_factory=list)
    shapes: list[ShapeFact] = field(default_factory=list)
    outlines: list[OutlineFact] = field(default_factory=list)
    regions: list[Box] = field(
        default_factory=list
    )  # clipped groups that hold text: a die net's faces
    lines_x: list[tuple[float, float, float]] = field(
        default_factory=list
    )  # vertical lines: x, y0, y1
    lines_y: list[tuple[float, float, float]] = field(
        default_factory=list
    )  # horizontal lines: y, x0, x1
    strokes: list[tuple[Box, str]] = field(
        default_factory=list
    )  # each straight line's box and colour: a grid in a suit's colour gives the suit away

    def signature(self) -> tuple:
        """Everything the face prints, rounded, to compare two faces (a marked back differs)."""

        def r(b):
            return tuple(round(v, 2) for v in b)

        return (
            tuple(sorted((t.text, r(t.box), t.colour) for t in self.texts)),
            tuple(sorted((m.art, m.colour or "", r(m.box)) for m in self.marks)),
            tuple(sorted((s.fill, round(s.opacity, 2), r(s.box)) for s in self.shapes)),
            tuple(sorted((c, r(b)) for b, c in self.strokes)),
        )


def _box(m: Matrix, x0: float, y0: float, x1: float, y1: float) -> Box:
    """The box round the four corners as `apply` places them (written out: every text and
    mark of every face has one)."""
    a, b, c, d, e, f = m
    xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f)
    return (min(xs), min(ys), max(xs), max(ys))


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def art_name(symbol_id: str) -> str | None:
    """'art:suit-hearts:#c8102e:ab12' -> 'suit-hearts'; 'img:map:..' -> 'map'; else None."""
    if symbol_id.startswith(("art:", "img:")):
        return symbol_id.split(":")[1]
    return None


def art_colour(symbol_id: str) -> str | None:
    parts = symbol_id.split(":")
    return (
        parts[2]
        if symbol_id.startswith("art:") and len(parts) > 2 and parts[2].startswith("#")
        else None
    )


class ReadMemo:
    """What a run of text lines reads as at one transform (its blocks, their boxes), kept for
    the faces of one game: kinds draw an element once per value and hand the same objects to
    every face that prints it (a card's title, its rules text). Only the drawing order and the
    clipped region differ from face to face; those are added to each face's facts afresh."""

    KEEP = 20_000  # entries in each table, cleared when full

    def __init__(self) -> None:
        self.texts: dict[tuple, tuple] = {}  # (ids of the lines, m) -> (lines, the blocks)

    def keep(self, table: dict, key, value):
        if len(table) >= self.KEEP:
            table.clear()
        table[key] = value
        return value


class _Reader:
    def __init__(self, symbols, fonts, memo: ReadMemo | None = None):
        self.symbols = symbols
        self.fonts = fonts
        self.facts = FaceFacts()
        self.order = 0
        self.memo = memo if memo is not None else ReadMemo()

    def tick(self) -> int:
        self.order += 1
        return self.order

    def walk(self, node, m: Matrix, region: int | None) -> None:
        if node is None:
            return
        if isinstance(node, (list, tuple)):
            run: list[Text] = []  # consecutive lines, read as the blocks they make
            for child in node:
                if isinstance(child, Text):
                    run.append(child)
                    continue
                if run:
                    self.texts_of(run, m, region)
                    run = []
                self.walk(child, m, region)
            if run:
                self.texts_of(run, m, region)
            return
        if isinstance(node, Group):
            mm = multiply(m, node.transform)
            if (
                node.clip is not None
                and isinstance(node.clip, Path)
                and self._holds_text(node.children)
            ):
                self.facts.regions.append(self._path_box(mm, node.clip))
                region = len(self.facts.regions) - 1
            self.walk(node.children, mm, region)
        elif isinstance(node, Use):
            mm = multiply(m, node.transform)
            name = art_name(node.symbol)
            sym = self.symbols[node.symbol] if node.symbol in self.symbols else None
            if name is not None:
                w, h = (sym.w, sym.h) if sym is not None else (1.0, 1.0)
                self.facts.marks.append(
                    MarkFact(
                        name,
                        art_colour(node.symbol),
                        _box(mm, 0, 0, w, h),
                        region,
                        self.tick(),
                        angle=round(math.degrees(math.atan2(mm[1], mm[0])), 3) % 360,
                        symbol=node.symbol,
                    )
                )
            elif sym is not None:
                self.walk(sym.children, mm, region)
        elif isinstance(node, Image):
            stem = node.file.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
            self.facts.marks.append(
                MarkFact(
                    stem,
                    None,
                    _box(m, node.x, node.y, node.x + node.w, node.y + node.h),
                    region,
                    self.tick(),
                    picture=True,
                )
            )
        elif isinstance(node, Rect):
            b = _box(m, node.x, node.y, node.x + node.w, node.y + node.h)
            self.shape(node.style, b, abs(node.w * node.h) * _scale(m) ** 2, region)
            self.outline("rect", node.style, b, region)
        elif isinstance(node, Ellipse):
            b = _box(m, node.cx - node.rx, node.cy - node.ry, node.cx + node.rx, node.cy + node.ry)
            self.shape(node.style, b, math.pi * node.rx * node.ry * _scale(m) ** 2, region)
            self.outline("circle", node.style, b, region)
        elif isinstance(node, Path):
            self.path(node, m, region)
        elif isinstance(node, Text):
            self.texts_of((node,), m, region)

    def _holds_text(self, children) -> bool:
        """A clipped group that prints a text or a piece of art (a die's face) is a region."""
        stack = list(children)
        while stack:
            c = stack.pop()
            if isinstance(c, Text) or (isinstance(c, Use) and art_name(c.symbol) is not None):
                return True
            if isinstance(c, Group):
                stack.extend(c.children)
        return False

    def _path_box(self, m: Matrix, p: Path) -> Box:
        pts = [apply(m, op[-2], op[-1]) for op in p.ops if op[0] != "Z"]
        xs, ys = [q[0] for q in pts], [q[1] for q in pts]
        return (min(xs), min(ys), max(xs), max(ys))

    def shape(self, style, box: Box, area: float, region, outline: tuple = ()) -> None:
        if style.fill:
            self.facts.shapes.append(
                ShapeFact(style.fill, style.opacity, box, area, region, self.tick(), outline)
            )

    def outline(self, kind: str, style, box: Box, region) -> None:
        if style.stroke and not style.fill:
            self.facts.outlines.append(OutlineFact(kind, style.stroke, box, region))

    def path(self, p: Path, m: Matrix, region) -> None:
        got = _path_read(p, m)
        if got is None:
            return
        box, closed, area, pts, strokes, lines_x, lines_y = got
        if closed:
            self.outline("path", p.style, box, region)
        if p.style.fill:
            self.shape(p.style, box, area, region, pts)
        if strokes:
            self.facts.strokes += strokes
            self.facts.lines_x += lines_x
            self.facts.lines_y += lines_y

    def texts_of(self, nodes, m: Matrix, region) -> None:
        """Lines of one text box (same anchor, font, size, colour, evenly spaced) read as one block."""
        key = (tuple(map(id, nodes)), m)
        hit = self.memo.texts.get(key)
        if hit is None or any(a is not b for a, b in zip(hit[0], nodes, strict=True)):
            hit = self.memo.keep(self.memo.texts, key, (tuple(nodes), self._blocks(nodes, m)))
        for text, box, colour, size, font, angle in hit[1]:
            self.facts.texts.append(
                TextFact(text, box, colour, size, font, region, self.tick(), angle)
            )

    def _blocks(self, nodes, m: Matrix) -> list[tuple]:
        """The blocks the lines make: (text, box, colour, size, font, angle) each."""
        out: list[tuple] = []
        block: list[Text] = []

        def flush():
            if not block:
                return
            k = _scale(m)
            boxes = []
            for t in block:
                w = (
                    self.fonts.metrics(t.font).width(t.text, t.size)
                    if t.font in self.fonts
                    else len(t.text) * t.size * 0.6
                )
                x0 = t.start_x(w)
                boxes.append(_box(m, x0, t.y - t.size * 0.75, x0 + w, t.y + t.size * 0.2))
            box = (
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            )
            first = block[0]
            text = " ".join(t.text for t in block)
            angle = math.degrees(math.atan2(m[1], m[0])) % 360
            out.append((text, box, first.colour, first.size * k, first.font, round(angle, 3) % 360))
            block.clear()

        for node in nodes:
            if block:
                last = block[-1]
                step = node.y - last.y
                same = (node.x, node.anchor, node.font, node.size, node.colour) == (
                    last.x,
                    last.anchor,
                    last.font,
                    last.size,
                    last.colour,
                )
                even = 0 < step <= node.size * 2.0 and (
                    len(block) < 2 or abs(step - (last.y - block[-2].y)) < 1e-6
                )
                if not (same and even):
                    flush()
            block.append(node)
        flush()
        return out


def _path_read(p: Path, m: Matrix) -> tuple | None:
    """What a path adds to a face's facts at transform m: (its box, closed, its area, its
    corners, its straight strokes with the level and upright ones among them); None for a
    path with no points."""
    a, b, c, d, e, f = m  # apply(m, x, y) written out, for every point of every path
    pts = [
        (a * op[-2] + c * op[-1] + e, b * op[-2] + d * op[-1] + f) for op in p.ops if op[0] != "Z"
    ]
    if not pts:
        return None
    kinds = {op[0] for op in p.ops}  # one pass over the ops: closed? straight lines only?
    closed = "Z" in kinds
    box: Box = (0.0, 0.0, 0.0, 0.0)
    if closed or p.style.fill:
        xs, ys = [q[0] for q in pts], [q[1] for q in pts]
        box = (min(xs), min(ys), max(xs), max(ys))
    strokes: list = []
    lines_x: list = []
    lines_y: list = []
    if p.style.stroke and kinds <= {"M", "L"}:
        _strokes(p, pts, strokes, lines_x, lines_y)
    area = _poly_area(pts) if p.style.fill else 0.0
    return box, closed, area, tuple(pts), strokes, lines_x, lines_y


def _strokes(p: Path, pts: list, strokes: list, lines_x: list, lines_y: list) -> None:
    """Straight strokes (moves and lines only, one point each): a grid's lines, read back
    as rows and columns."""
    start = None
    for op, (x, y) in zip(p.ops, pts, strict=True):
        if op[0] == "L" and start is not None:
            sx, sy = start  # min(x, sx) and max(x, sx) as written out: they are many
            x0, x1 = (sx if sx < x else x), (sx if sx > x else x)
            y0, y1 = (sy if sy < y else y), (sy if sy > y else y)
            strokes.append(((x0, y0, x1, y1), p.style.stroke))
            if abs(x - sx) < 1e-6:
                lines_x.append((x, y0, y1))
            elif abs(y - sy) < 1e-6:
                lines_y.append((y, x0, x1))
        start = (x, y)


def _poly_area(pts) -> float:
    return (
        abs(
            sum(
                x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True)
            )
        )
        / 2
    )


def read_face(drawing, symbols, fonts, memo: ReadMemo | None = None) -> FaceFacts:
    """The facts of one drawn face (a front or a back), with shared symbols looked up in
    `symbols`; `memo` keeps what its runs of text lines read as, for other faces of the game."""
    r = _Reader(symbols, fonts, memo)
    r.walk(drawing, IDENTITY, None)
    return r.facts


def inside(box: Box, area: Box) -> bool:
    """The centre of `box` lies in `area`."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return area[0] - 1e-6 <= cx <= area[2] + 1e-6 and area[1] - 1e-6 <= cy <= area[3] + 1e-6


def fill_under(facts: FaceFacts, box: Box, before: int) -> ShapeFact | None:
    """The topmost mostly-opaque filled shape drawn before `before` under the centre of `box`."""
    best = None
    for s in facts.shapes:
        if (
            s.order < before
            and s.opacity >= 0.5
            and inside(box, s.box)
            and (best is None or s.order > best.order)
        ):
            best = s
    return best
