"""Cut marks: short lines beside the items, on their edge lines, that never cross an item and
never leave the printable area (a mark in the paper's unprintable margin is not printed)."""

from __future__ import annotations

from pnp.draw.colours import resolve_colour
from pnp.draw.primitives import Path, Style
from pnp.spec.paper import PaperSpec

EPS = 1e-6
MIN_MARK = 3.0  # mm: the shortest mark every item edge keeps, long enough to lay a blade along
MIN_TICK = 0.8  # mm: a shorter tick in a narrow gutter is not drawn at all
MIN_GAP = 0.25  # mm: the least room between an item and its tick, so a cut never shows one

Box = tuple[float, float, float, float]  # x, y, width, height in page mm


def printable(paper: PaperSpec, page_w: float | None = None, page_h: float | None = None) -> Box:
    """The page inside the paper's margin: all ink lies here."""
    m = paper.margin
    w = paper.size.w if page_w is None else page_w
    h = paper.size.h if page_h is None else page_h
    return (m, m, w - 2 * m, h - 2 * m)


def reserve(paper: PaperSpec, bleed: float = 0.0, gap: float | None = None) -> float:
    """Room a block of items keeps to the printable area's edge: its bleed, and the gap (the
    paper's, unless given) and the shortest mark that its outer edges' marks need. Marks start
    `gap` from the cut line, as everywhere, and may lie over the bleed that is cut away."""
    if paper.cut_marks.style == "none":
        return bleed
    return max(bleed, (paper.cut_marks.gap if gap is None else gap) + MIN_MARK)


def corner_gap(paper: PaperSpec, gutter: float) -> float:
    """The gap between a packed item and its ticks: the paper's, less where the gutter would
    otherwise leave a tick between two items shorter than MIN_MARK, down to MIN_GAP; a quarter
    of a gutter too narrow for that."""
    if gutter - MIN_MARK >= MIN_GAP - EPS:
        return min(paper.cut_marks.gap, gutter - MIN_MARK)
    return min(paper.cut_marks.gap, gutter / 4)


def item_room(paper: PaperSpec, bleed: float = 0.0) -> float:
    """The room across an item, beside it, that its bleed and marks take on a sheet: its bleed
    on both sides and a mark at one end of each cut line (on a grid page or a shared sheet
    whose gutters hold a mark); a mark at both ends where the paper's gutter is too narrow."""
    if paper.cut_marks.style == "none":
        return 2 * bleed
    gutter = max(paper.packed_gutter, 2 * bleed)
    if gutter - corner_gap(paper, gutter) >= MIN_MARK - EPS:
        return 2 * bleed + paper.cut_marks.gap + MIN_MARK
    return 2 * reserve(paper, bleed)


def inset(area: Box, d: float) -> Box:
    return (area[0] + d, area[1] + d, area[2] - 2 * d, area[3] - 2 * d)


def _style(paper: PaperSpec) -> Style:
    return Style(
        None, resolve_colour(paper.cut_marks.colour, {}) or "#000000", paper.cut_marks.width
    )


def grid_marks(rects: list[Box], paper: PaperSpec, ink: Box) -> list:
    """Marks for a grid: every cut line extended outward from the block, as far as the paper's
    mark length or the printable area `ink` allows; a side with room for less than MIN_MARK
    keeps none (the block is placed so that the other side has room)."""
    if paper.cut_marks.style == "none" or not rects:
        return []
    cm = paper.cut_marks
    left = min(r[0] for r in rects)
    top = min(r[1] for r in rects)
    right = max(r[0] + r[2] for r in rects)
    bottom = max(r[1] + r[3] for r in rects)
    ix0, iy0, ix1, iy1 = ink[0], ink[1], ink[0] + ink[2], ink[1] + ink[3]
    xs = sorted({round(v, 4) for r in rects for v in (r[0], r[0] + r[2])})
    ys = sorted({round(v, 4) for r in rects for v in (r[1], r[1] + r[3])})
    # how far each side's marks reach: the paper's length, cut short by the printable area
    up = _reach(top - cm.gap, max(iy0, top - cm.gap - cm.length))
    down = _reach(bottom + cm.gap, min(iy1, bottom + cm.gap + cm.length))
    back = _reach(left - cm.gap, max(ix0, left - cm.gap - cm.length))
    fore = _reach(right + cm.gap, min(ix1, right + cm.gap + cm.length))
    ops: list[tuple] = []
    for x in xs:
        ops += [op for a, b in (up, down) if a is not None for op in _seg(x, a, x, b)]
    for y in ys:
        ops += [op for a, b in (back, fore) if a is not None for op in _seg(a, y, b, y)]
    return [Path(tuple(ops), _style(paper))] if ops else []


def _reach(start: float, end: float) -> tuple[float | None, float]:
    """A mark from `start` to `end`, or none when that is shorter than MIN_MARK."""
    return (start, end) if abs(end - start) >= MIN_MARK - EPS else (None, end)


def corner_marks(
    rects: list[Box], paper: PaperSpec, gutter: float, ink: Box, blockers: list[Box] = ()
) -> list:
    """Marks for packed items: at each corner a tick along each edge line, outward, in the
    gutter; each runs until the paper's mark length, the next item (or one of `blockers`,
    which get no marks of their own: a tile's label band) or the printable area's edge,
    whichever comes first, and is left out when that leaves less than MIN_TICK."""
    if paper.cut_marks.style == "none" or not rects:
        return []
    gap = corner_gap(paper, gutter)
    length = paper.cut_marks.length
    ix0, iy0, ix1, iy1 = ink[0], ink[1], ink[0] + ink[2], ink[1] + ink[3]
    ops: list[tuple] = []
    near = _Buckets([*rects, *blockers], gutter)
    for x, y, w, h in rects:
        for cx, sx in ((x, -1), (x + w, 1)):
            for cy, sy in ((y, -1), (y + h, 1)):
                # along the vertical edge line, outward, then along the horizontal one
                y0 = cy + sy * gap
                y1 = _stop(near, y0, y0 + sy * length, cx, vertical=True)
                y1 = max(iy0, min(iy1, y1))
                if (y1 - y0) * sy >= MIN_TICK - EPS:
                    ops += _seg(cx, y0, cx, y1)
                x0 = cx + sx * gap
                x1 = _stop(near, x0, x0 + sx * length, cy, vertical=False)
                x1 = max(ix0, min(ix1, x1))
                if (x1 - x0) * sx >= MIN_TICK - EPS:
                    ops += _seg(x0, cy, x1, cy)
    return [Path(tuple(ops), _style(paper))] if ops else []


def _stop(near: _Buckets, a: float, b: float, at: float, vertical: bool) -> float:
    """Where a tick along the line `at` (x for a vertical tick, y for a horizontal one) from `a`
    towards `b` meets an item: on it, across it or along one of its edges (items laid edge to
    edge share an edge, and a tick there would be drawn over both). Returns `a` when it starts
    on one, `b` when it meets none."""
    sign = 1.0 if b >= a else -1.0
    seg = (at, min(a, b), at, max(a, b)) if vertical else (min(a, b), at, max(a, b), at)
    end = b
    # the items near the whole tick: those it starts on among them (a rectangle holding the
    # start is filed in the start's cell, which the tick's cells include)
    for rx, ry, rw, rh in near.around(seg):
        if vertical:  # read along y, across x
            c0, lo, cw, long = rx, ry, rw, rh
        else:
            c0, lo, cw, long = ry, rx, rh, rw
        if not c0 - EPS <= at <= c0 + cw + EPS:
            continue
        hi = lo + long
        if lo + EPS < a < hi - EPS:
            return a
        near_side = lo if sign > 0 else hi
        if (near_side - a) * sign >= -EPS and (end - near_side) * sign > 0:
            end = near_side
    return end


class _Buckets:
    """Rectangles filed by the grid cells they touch, so a tick is tested against its few
    neighbours only, however many items share the sheet: near linear in the items."""

    def __init__(self, rects: list[Box], gutter: float):
        # cells near the items' usual pitch: tiny counters are a few to a cell, not hundreds,
        # and a large card is not filed in hundreds of cells
        sides = sorted(min(r[2], r[3]) for r in rects)
        self.cell = max(1.0, 2 * sides[len(sides) // 2])
        self.cells: dict[tuple[int, int], list[Box]] = {}
        for r in rects:
            for key in self._keys(r[0], r[1], r[0] + r[2], r[1] + r[3]):
                self.cells.setdefault(key, []).append(r)

    def _keys(self, x0: float, y0: float, x1: float, y1: float):
        c = self.cell
        for i in range(int(x0 // c), int(x1 // c) + 1):
            for j in range(int(y0 // c), int(y1 // c) + 1):
                yield i, j

    def around(self, seg) -> list[Box]:
        """The rectangles filed in the cells the segment (x0 <= x1, y0 <= y1) touches."""
        x0, y0, x1, y1 = seg
        c, cells, out = self.cell, self.cells, []
        j0, j1 = int(y0 // c), int(y1 // c) + 1
        for i in range(int(x0 // c), int(x1 // c) + 1):
            for j in range(j0, j1):
                got = cells.get((i, j))
                if got:
                    out += got
        return out


def _seg(x1, y1, x2, y2):
    if abs(x1 - x2) < EPS and abs(y1 - y2) < EPS:
        return []
    return [("M", x1, y1), ("L", x2, y2)]
