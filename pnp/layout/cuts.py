"""The cuts a sheet takes: straight cuts, each right across the piece it is made in (a paper
trimmer, pieces not stacked), that free every item. In a piece every line clear of items one way
is cut (or only those at a gap between items, so that blocks of items edge to edge are parted
before their items), then each strip the same way; the way that takes fewest cuts. An item's edge on the
piece's own edge takes no cut. The packing search prefers, among packings on as many sheets,
the one whose sheets take fewest (docs/printing.md, "The cuts a shared sheet takes")."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import pairwise

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm
EPS = 0.05  # mm: edges closer than this are one cut line


def cut_count(rects: Iterable[Box], region: Box, known: dict | None = None) -> int:
    """The cuts that free every item `rects` inside `region`; `known`: the pieces counted
    already (one search's, kept while it compares packings whose sheets share pieces)."""
    return _cuts(tuple(sorted(rects)), region, {} if known is None else known)


def _cuts(rects: tuple[Box, ...], region: Box, known: dict) -> int:
    """`known`: the pieces already counted in this sheet's count (one strip is reached both
    ways)."""
    key = (rects, region)
    got = known.get(key)  # a tuple's hash is not kept: looked up once
    if got is None:
        got = known[key] = _count(rects, region, known)
    return got


def _count(rects: tuple[Box, ...], region: Box, known: dict) -> int:
    if len(rects) == 1:
        return _edges(rects[0], region)
    best = None
    for axis in (0, 1):
        lo, hi = region[axis], region[axis + 2]
        free, apart = _free_lines(rects, axis, lo, hi)
        for lines in (apart, free) if apart != free else (free,):
            if not lines or (best is not None and len(lines) >= best):
                continue  # no line, or as many cuts as another way before its strips
            total = len(lines)
            strips: list[list[Box]] = [[] for _ in range(len(lines) + 1)]
            for r in rects:  # no item crosses a free line: each lies in one strip
                strips[bisect_right(lines, r[axis] + EPS)].append(r)
            for (a, b), inside in zip(pairwise([lo, *lines, hi]), strips, strict=True):
                if not inside:
                    continue
                sub = (a, region[1], b, region[3]) if axis == 0 else (region[0], a, region[2], b)
                # one item alone: its edges, counted without a look-up
                total += (
                    _edges(inside[0], sub) if len(inside) == 1 else _cuts(tuple(inside), sub, known)
                )
                if best is not None and total >= best:
                    break  # this way already takes as many as another
            best = total if best is None else min(best, total)
    if best is None:  # no straight line parts them: not a guillotine packing, never chosen
        return 10**6
    return best


def _edges(r: Box, region: Box) -> int:
    """The cuts one item takes: its edges not on the piece's own edge."""
    return (
        (abs(r[0] - region[0]) > EPS)
        + (abs(r[1] - region[1]) > EPS)
        + (abs(r[2] - region[2]) > EPS)
        + (abs(r[3] - region[3]) > EPS)
    )


def _free_lines(rects: tuple[Box, ...], axis: int, lo: float, hi: float) -> tuple[list, list]:
    """The item edges one way inside (lo, hi) that cross no item: where a cut goes (edges
    closer than EPS are one line); and of those, the ones at a gap between items (items edge
    to edge, a block, parted later): the blocks cut apart first."""
    end = axis + 2
    spans = sorted([(r[axis], r[end]) for r in rects])
    # the items' spans merged where they overlap by over EPS, and where they touch; each kept
    # as its ends, the open one's in c0, c1 (b0, b1)
    covered: list[float] = []
    blocks: list[float] = []
    c0, c1 = b0, b1 = spans[0]
    for a, b in spans[1:]:
        if a < c1 - 2 * EPS:
            if b > c1:
                c1 = b
        else:
            covered += (c0, c1)
            c0, c1 = a, b
        if a <= b1 + EPS:
            if b > b1:
                b1 = b
        else:
            blocks += (b0, b1)
            b0, b1 = a, b
    covered += (c0, c1)
    blocks += (b0, b1)
    return _lines(covered, lo, hi), _lines(blocks, lo, hi)


def _lines(ends: list[float], lo: float, hi: float) -> list[float]:
    free: list[float] = []
    lo, hi = lo + EPS, hi - EPS
    last = None
    for v in sorted([v for v in ends if lo < v < hi]):
        if last is None or v - last > EPS:
            free.append(v)
            last = v
    return free
