"""Packing a set of polyominoes into one compact rectangle of squares."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.kinds.polyomino.cells import Cell, extent, rotations

# The search is counted in steps, not seconds, so that a game packs the same way on every
# machine (builds stay byte-identical). About 250,000 steps a second on one core.
SEARCH_STEPS = 250_000  # tiling steps one packing may take, over every rectangle it tries
RECTANGLE_STEPS = (
    60_000  # of which one rectangle may take, so that a hopeless one leaves the rest a turn
)


@dataclass(frozen=True)
class Packing:
    cols: int
    rows: int
    spots: list[frozenset[Cell]]  # the cells of each shape in the rectangle, in the shapes' order
    fallback: str | None = None  # why the pieces were placed bottom-left first instead of tiled


def pack_rectangle(
    shapes: list[frozenset[Cell]],
    max_cols: int | None = None,
    max_rows: int | None = None,
    steps: int = SEARCH_STEPS,
) -> Packing:
    """Place every shape (turned as needed) in the smallest rectangle of squares found.

    Tries rectangles by area, squarest first, with an exact-cover search that may leave as many
    squares empty as the area allows. When no tiling turns up, or the search has taken `steps`
    steps over all the rectangles, it falls back to placing pieces bottom-left first and says why
    in `Packing.fallback`.
    """
    area = sum(len(s) for s in shapes)
    turns = [rotations(s) for s in shapes]
    need = max(min(max(extent(t)) for t in ts) for ts in turns)  # every piece fits some way
    big = max(max(extent(t)) for ts in turns for t in ts)
    cols_cap = max_cols or area
    rows_cap = max_rows or area
    candidates = []
    for w in range(need, cols_cap + 1):
        for h in range(1, rows_cap + 1):
            if w * h < area or w * h > area * 1.5 + big * big:
                continue
            candidates.append((w * h, abs(w - h), -w, w, h))
    candidates.sort()
    steps_left = [steps]  # shared by every rectangle tried
    for _, _, _, w, h in candidates:
        if steps_left[0] <= 0:
            break
        found = _tile(turns, w, h, w * h - area, steps_left)
        if found is not None:
            return Packing(w, h, found)
    if steps_left[0] <= 0:
        why = f"no tiling turned up within the search budget of {steps:,} steps"
    else:
        why = "the pieces tile no rectangle near their area"
    cols_fit = cols_cap if max_cols else max(big, math.ceil(math.sqrt(area * 1.3)))
    cols, rows, spots = _greedy(turns, cols_fit, max_rows)
    return Packing(cols, rows, spots, why)


def _tile(turns, w, h, slack, steps_left: list[int]):
    """The shapes tiling a w x h rectangle with at most `slack` squares empty, or None.

    Takes at most RECTANGLE_STEPS of the call's `steps_left`, and takes off what it used."""
    # identical shapes are tried once per step, so the search does not repeat itself
    kinds: dict[frozenset, list[int]] = {}
    for i, ts in enumerate(turns):
        kinds.setdefault(ts[0], []).append(i)
    groups = list(kinds.values())
    options = []
    for g in groups:
        opts = []
        for t in turns[g[0]]:
            tw, th = extent(t)
            if tw > w or th > h:
                continue
            # anchor: the first square in the scan order (column by column, top to bottom)
            ac, ar = min(t)
            opts.append([(c - ac, r - ar) for c, r in t])
        if not opts:
            return None
        options.append(opts)
    left = [len(g) for g in groups]
    used = [[False] * h for _ in range(w)]
    placed: list[tuple[int, list[Cell]]] = []
    allowed = min(RECTANGLE_STEPS, steps_left[0])
    budget = [allowed]
    order = sorted(range(len(groups)), key=lambda k: -len(turns[groups[k][0]][0]))

    def first_empty(start):
        for i in range(start, w * h):
            c, r = divmod(i, h)
            if not used[c][r]:
                return i
        return None

    def search(pos, slack_left) -> bool:
        pos = first_empty(pos)
        if pos is None:
            return all(n == 0 for n in left)
        budget[0] -= 1
        if budget[0] < 0:
            return False
        c, r = divmod(pos, h)
        for k in order:
            if not left[k]:
                continue
            for off in options[k]:
                cells = [(c + dc, r + dr) for dc, dr in off]
                if all(0 <= x < w and 0 <= y < h and not used[x][y] for x, y in cells):
                    for x, y in cells:
                        used[x][y] = True
                    left[k] -= 1
                    placed.append((k, cells))
                    if search(pos + 1, slack_left):
                        return True
                    placed.pop()
                    left[k] += 1
                    for x, y in cells:
                        used[x][y] = False
        if slack_left > 0:
            used[c][r] = True
            if search(pos + 1, slack_left - 1):
                return True
            used[c][r] = False
        return False

    found = search(0, slack)
    steps_left[0] -= allowed - max(budget[0], 0)
    if not found:
        return None
    result: list[frozenset[Cell] | None] = [None] * len(turns)
    queues = {k: list(groups[k]) for k in range(len(groups))}
    for k, cells in placed:
        result[queues[k].pop(0)] = frozenset(cells)
    return result


def _greedy(turns, cols, max_rows):
    """Bottom-left placement, largest pieces first: always succeeds if the widest piece fits."""
    occupied: set[Cell] = set()
    result: list[frozenset[Cell] | None] = [None] * len(turns)
    order = sorted(range(len(turns)), key=lambda i: -len(turns[i][0]))
    for i in order:
        best = None
        for t in turns[i]:
            tw, th = extent(t)
            if tw > cols:
                continue
            r = 0
            while best is None or r < best[0]:
                for c in range(cols - tw + 1):
                    cells = frozenset((c + x, r + y) for x, y in t)
                    if not cells & occupied:
                        if best is None or (r + th, c) < (best[0], best[1]):
                            best = (r + th, c, cells)
                        break
                r += 1
        result[i] = best[2]
        occupied |= best[2]
    w = max(c for s in result for c, _ in s) + 1
    h = max(r for s in result for _, r in s) + 1
    if max_rows and h > max_rows:
        raise ValueError(f"the pieces need {h} rows of squares; pack_limit allows {max_rows}")
    return w, h, result
