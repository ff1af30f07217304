"""Cut marks: short lines in the margins and gutters that never cross an item."""

from __future__ import annotations

from pnp.draw.colours import resolve_colour
from pnp.draw.primitives import Path, Style
from pnp.spec.paper import PaperSpec

EPS = 1e-6


def _style(paper: PaperSpec) -> Style:
    return Style(
        None, resolve_colour(paper.cut_marks.colour, {}) or "#000000", paper.cut_marks.width
    )


def grid_marks(
    rects: list[tuple[float, float, float, float]], paper: PaperSpec, page_w: float, page_h: float
) -> list:
    """Marks for a grid: every cut line extended outward from the block to the page edge."""
    if paper.cut_marks.style == "none" or not rects:
        return []
    cm = paper.cut_marks
    left = min(r[0] for r in rects)
    top = min(r[1] for r in rects)
    right = max(r[0] + r[2] for r in rects)
    bottom = max(r[1] + r[3] for r in rects)
    xs = sorted({round(v, 4) for r in rects for v in (r[0], r[0] + r[2])})
    ys = sorted({round(v, 4) for r in rects for v in (r[1], r[1] + r[3])})
    ops: list[tuple] = []
    edge = 1.0  # stop short of the paper's very edge
    for x in xs:
        ops += _seg(x, top - cm.gap, x, max(edge, top - cm.gap - cm.length))
        ops += _seg(x, bottom + cm.gap, x, min(page_h - edge, bottom + cm.gap + cm.length))
    for y in ys:
        ops += _seg(left - cm.gap, y, max(edge, left - cm.gap - cm.length), y)
        ops += _seg(right + cm.gap, y, min(page_w - edge, right + cm.gap + cm.length), y)
    return [Path(tuple(ops), _style(paper))] if ops else []


def corner_marks(
    rects: list[tuple[float, float, float, float]], paper: PaperSpec, gutter: float
) -> list:
    """Marks for packed items: short ticks at each corner, in the gutter, kept off every item."""
    if paper.cut_marks.style == "none" or not rects:
        return []
    gap = min(paper.cut_marks.gap, gutter / 4)
    length = max(0.8, min(paper.cut_marks.length, gutter - gap))
    ops: list[tuple] = []
    near = _Buckets(rects)
    for x, y, w, h in rects:
        for cx, sx in ((x, -1), (x + w, 1)):
            for cy, sy in ((y, -1), (y + h, 1)):
                # along the vertical edge line, outward
                seg_v = (cx, cy + sy * gap, cx, cy + sy * (gap + length))
                seg_h = (cx + sx * gap, cy, cx + sx * (gap + length), cy)
                for seg in (seg_v, seg_h):
                    if not any(_crosses(seg, r) for r in near.around(seg)):
                        ops += _seg(*seg)
    return [Path(tuple(ops), _style(paper))] if ops else []


class _Buckets:
    """Rectangles filed by the grid cells they touch, so a tick is tested against its
    neighbours only: testing every tick against every item was most of a packed page's time."""

    CELL = 20.0  # mm

    def __init__(self, rects: list[tuple[float, float, float, float]]):
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
        for r in rects:
            for key in self._keys(r[0], r[1], r[0] + r[2], r[1] + r[3]):
                self.cells.setdefault(key, []).append(r)

    def _keys(self, x0: float, y0: float, x1: float, y1: float):
        c = self.CELL
        for i in range(int(x0 // c), int(x1 // c) + 1):
            for j in range(int(y0 // c), int(y1 // c) + 1):
                yield i, j

    def around(self, seg) -> list[tuple[float, float, float, float]]:
        x1, y1, x2, y2 = seg
        keys = self._keys(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
        return [r for key in keys for r in self.cells.get(key, ())]


def _seg(x1, y1, x2, y2):
    if abs(x1 - x2) < EPS and abs(y1 - y2) < EPS:
        return []
    return [("M", x1, y1), ("L", x2, y2)]


def _crosses(seg, rect) -> bool:
    """Over the item: across it, or along one of its edges (items laid edge to edge in a block
    share an edge, and a tick there would be drawn on both)."""
    x1, y1, x2, y2 = seg
    rx, ry, rw, rh = rect
    lo_x, hi_x = min(x1, x2), max(x1, x2)
    lo_y, hi_y = min(y1, y2), max(y1, y2)
    if hi_x - lo_x < EPS:  # vertical
        return rx - EPS <= lo_x <= rx + rw + EPS and lo_y < ry + rh - EPS and hi_y > ry + EPS
    return ry - EPS <= lo_y <= ry + rh + EPS and lo_x < rx + rw - EPS and hi_x > rx + EPS
