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


def fit_count(length: float, item: float, gutter: float) -> int:
    return max(0, math.floor((length + gutter + EPS) / (item + gutter)))


def impose_grid(
    w: float, h: float, area: tuple[float, float, float, float], gutter: float
) -> Grid | None:
    """The grid with the most w×h items inside `area` (x, y, width, height), centred."""
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
    return Grid(cols, rows, rotated, cw, ch, gutter, ax + (aw - gw) / 2, ay + (ah - gh) / 2)
