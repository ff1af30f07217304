"""Gutter-fold sheets: fronts on one half of the page, their backs mirrored on the other.

Folding the sheet along the marked line puts each back behind its front, so two-sided items
print on a printer without duplex and never depend on how well it lines up two sides. The
fold line is the page's middle, vertical or horizontal: the axis that prints the family on the
fewest sheets wins, then the one whose half holds more items, then the vertical one. Items keep
FOLD_GAP / 2 clear of the line on each side, so a fold that wanders by a millimetre or two never
shows on an item.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.draw.primitives import Group, Path, Style, Text, multiply, rotate, translate
from pnp.layout.grid import EPS, Grid, impose_grid
from pnp.layout.pack import Spot, pack
from pnp.layout.plan import Placement

FOLD_GAP = 6.0  # mm between the two halves' nearest items, the fold line in its middle
LINE = Style(None, "#555555", 0.3, dash=(2.0, 1.5))
LABEL_SIZE = 2.8  # mm (8 pt): the word "fold" on the line
LABEL_FONT = "regular"


@dataclass(frozen=True)
class Fold:
    """A fold line: 'vertical' at x = at, or 'horizontal' at y = at, in page millimetres."""

    axis: str
    at: float


def half_area(
    area: tuple[float, float, float, float], fold: Fold
) -> tuple[float, float, float, float]:
    """The printable area's first half (left or top), kept FOLD_GAP / 2 clear of the fold."""
    x, y, w, h = area
    if fold.axis == "vertical":
        return x, y, max(0.0, fold.at - FOLD_GAP / 2 - x), h
    return x, y, w, max(0.0, fold.at - FOLD_GAP / 2 - y)


def folds(W: float, H: float) -> tuple[Fold, Fold]:
    return Fold("vertical", W / 2), Fold("horizontal", H / 2)


def mirror(p: Placement, fold: Fold) -> Placement:
    """The back of a placed front, reflected across the fold so it lies behind the front once folded.

    Folded about a vertical line and turned over like a book page, the back reads upright: the
    same turn as a long-edge duplex flip. About a horizontal line, the back is turned end over
    end as well, like a short-edge flip.
    """
    if fold.axis == "vertical":
        return Placement(p.ref, "back", 2 * fold.at - p.x - p.w, p.y, p.w, p.h, (-p.rotation) % 360)
    return Placement(
        p.ref, "back", p.x, 2 * fold.at - p.y - p.h, p.w, p.h, (180 - p.rotation) % 360
    )


def best_grid(
    w: float, h: float, n: int, area, W: float, H: float, gutter: float
) -> tuple[Fold, Grid] | None:
    """The fold axis and half-page grid that print n w×h items on the fewest sheets (the most
    to a sheet when n fills several); None if none fits a half."""
    best = None
    for fold in folds(W, H):
        grid = impose_grid(w, h, half_area(area, fold), gutter)
        if grid is None:
            continue
        key = (-(-n // grid.per_page), -grid.per_page)
        if best is None or key < best[0]:
            best = (key, fold, grid)
    return best[1:] if best else None


def best_pack(
    sizes: list[tuple[float, float]], area, W: float, H: float, gutter: float
) -> tuple[Fold, list[list[Spot]], tuple] | None:
    """The fold axis whose half packs these sizes on the fewest pages; None if one fits no half."""
    best = None
    for fold in folds(W, H):
        half = half_area(area, fold)
        if not all(_fits(s, half) for s in sizes):
            continue
        pages = pack(sizes, half[2], half[3], gutter)
        if best is None or len(pages) < len(best[1]):
            best = (fold, pages, half)
    return best


def fits_half(w: float, h: float, area, W: float, H: float) -> bool:
    return any(_fits((w, h), half_area(area, f)) for f in folds(W, H))


def _fits(size: tuple[float, float], half) -> bool:
    w, h = size
    return (w <= half[2] + EPS and h <= half[3] + EPS) or (
        h <= half[2] + EPS and w <= half[3] + EPS
    )


class FoldItems(Sequence):
    """A fold page's placements: the fronts, then each front's mirrored back, made when read."""

    __slots__ = ("fronts", "fold")

    def __init__(self, fronts: Sequence[Placement], fold: Fold):
        self.fronts = fronts
        self.fold = fold

    def __len__(self) -> int:
        return 2 * len(self.fronts)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        n = len(self.fronts)
        if k < 0:
            k += 2 * n
        if not 0 <= k < 2 * n:
            raise IndexError("placement index out of range")
        return self.fronts[k] if k < n else mirror(self.fronts[k - n], self.fold)


def fold_line(fold: Fold, W: float, H: float, margin: float, fonts) -> list:
    """The dashed fold line across the printable area, with the word 'fold' at its start."""
    label_w = fonts.metrics(LABEL_FONT).width("fold", LABEL_SIZE)
    start = margin + label_w + 1.5
    if fold.axis == "vertical":
        line = Path((("M", fold.at, start), ("L", fold.at, H - margin)), LINE)
        # read along the line, top to bottom, centred on it
        label = Group(
            (Text(0.0, LABEL_SIZE * 0.35, "fold", LABEL_FONT, LABEL_SIZE, LINE.stroke),),
            _along(fold.at, margin),
        )
    else:
        line = Path((("M", start, fold.at), ("L", W - margin, fold.at)), LINE)
        label = Group(
            (
                Text(
                    margin, fold.at + LABEL_SIZE * 0.35, "fold", LABEL_FONT, LABEL_SIZE, LINE.stroke
                ),
            )
        )
    return [line, label]


def _along(x: float, y: float):
    return multiply(translate(x, y), rotate(90))
