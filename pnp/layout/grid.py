"""Uniform items: the most that fit the printable area, trying both orientations."""

from __future__ import annotations

import math
from dataclasses import dataclass

EPS = 1e-6


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    rotated: bool  # items turned 90° on the page
    cell_w: float  # placed item size (after rotation)
    cell_h: float
    gutter: float
    x0: float  # top-left of the first item on the page
    y0: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def position(self, k: int) -> tuple[float, float]:
        r, c = divmod(k, self.cols)
        return self.x0 + c * (self.cell_w + self.gutter), self.y0 + r * (self.cell_h + self.gutter)

    @property
    def width(self) -> float:
        return self.cols * self.cell_w + (self.cols - 1) * self.gutter

    @property
    def height(self) -> float:
        return self.rows * self.cell_h + (self.rows - 1) * self.gutter


# mm kept free at the top of a sheet for its header (pnp.layout.header: a 2.2 mm line and its
# clearance) wherever the items leave that much room: they are moved down, never fewer
HEAD_ROOM = 3.4


def head_rooms(paper) -> tuple[float, ...]:
    """The rooms to try keeping above a sheet's items, largest first: the header above the ends
    of the cut marks (which then leave it the page's whole width), else beside them."""
    cm = paper.cut_marks
    reach = 0.0 if cm.style == "none" else cm.gap + cm.length
    return (HEAD_ROOM + reach, HEAD_ROOM)


def head_start(start: float, length: float, used: float, rooms=(HEAD_ROOM,)) -> float:
    """Where a block `used` long starts in `length` from `start`: centred, or, when centring
    leaves less than a room above it but the slack holds it, centred below that room."""
    slack = length - used
    for room in rooms:
        if slack / 2 >= room:
            break
        if slack >= room:
            return start + room + (slack - room) / 2
    return start + slack / 2


def fit_count(length: float, item: float, gutter: float) -> int:
    return max(0, math.floor((length + gutter + EPS) / (item + gutter)))


def impose_grid(
    w: float, h: float, area: tuple[float, float, float, float], gutter: float, rooms=(HEAD_ROOM,)
) -> Grid | None:
    """The grid with the most w×h items inside `area` (x, y, width, height), centred (below
    room for the sheet's header where it has that much to spare: `head_start`)."""
    ax, ay, aw, ah = area
    best = None
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        cols, rows = fit_count(aw, cw, gutter), fit_count(ah, ch, gutter)
        if cols * rows == 0:
            continue
        if best is None or cols * rows > best[0] * best[1]:
            best = (cols, rows, rotated, cw, ch)
    if best is None:
        return None
    cols, rows, rotated, cw, ch = best
    gw = cols * cw + (cols - 1) * gutter
    gh = rows * ch + (rows - 1) * gutter
    return Grid(
        cols, rows, rotated, cw, ch, gutter, ax + (aw - gw) / 2, head_start(ay, ah, gh, rooms)
    )
