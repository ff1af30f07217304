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


# mm kept free above a sheet's items for its header (pnp.layout.header: a 2.2 mm line and its
# clearance), beyond the room their top marks take, wherever the slack allows: the items are
# moved down, never fewer
HEAD_ROOM = 3.4


def head_start(top: float, slack: float, keep: float) -> float:
    """Room before a block, from `top` (as its marks and bleed place it) down to the header's
    HEAD_ROOM above the room `keep` its top marks take, where the slack then still leaves
    below the block what `top` left there (up to `keep`); else `top`."""
    room = keep + HEAD_ROOM
    if top >= room - EPS:
        return top
    below = min(keep, slack - top)
    if slack - below < room - EPS:
        return top
    return max(top, room + (slack - room - below) / 2)


def fit_count(length: float, item: float, gutter: float) -> int:
    return max(0, math.floor((length + gutter + EPS) / (item + gutter)))


def impose_grid(
    w: float,
    h: float,
    area: tuple[float, float, float, float],
    gutter: float,
    keep: float = 0.0,
    bleed: float = 0.0,
    count: int | None = None,
) -> Grid | None:
    """The grid with the most w×h items inside `area` (x, y, width, height), centred (below
    room for the sheet's header where it has that much to spare: `head_start`).

    `keep`: the room to the area's edge the block's outer cut marks need. Each way the block
    keeps it on both sides where it can, else on one (the top, the left: a cut line needs a
    mark at one end only) and its `bleed` on the other, so a grid that would just fit with no
    marks is not a row or a column short for them. With `count` (the items to print), the
    items stay upright unless turned they take fewer pages."""
    ax, ay, aw, ah = area
    room = keep + max(bleed, 0.0) if keep > bleed else 2 * keep
    best = None
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        cols, rows = fit_count(aw - room, cw, gutter), fit_count(ah - room, ch, gutter)
        if cols * rows == 0:
            continue
        if best is None or _more(cols * rows, best[0] * best[1], count):
            best = (cols, rows, rotated, cw, ch)
    if best is None:
        return None
    cols, rows, rotated, cw, ch = best
    gw = cols * cw + (cols - 1) * gutter
    gh = rows * ch + (rows - 1) * gutter
    top = head_start(lead(ah - gh, keep), ah - gh, keep)  # the sheet's header above
    return Grid(cols, rows, rotated, cw, ch, gutter, ax + lead(aw - gw, keep), ay + top)


def _more(per: int, than: int, count: int | None) -> bool:
    """Whether `per` to a page beats `than`: more to a page, or, for `count` items, fewer pages."""
    if count is None:
        return per > than
    return -(-count // per) < -(-count // than)


def lead(slack: float, keep: float) -> float:
    """Room before the block: half the slack, or `keep` where half would leave less."""
    return slack / 2 if slack / 2 >= keep - EPS else keep
