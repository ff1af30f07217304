"""Anything larger than the printable area is tiled: overlap strips, alignment marks, labels."""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from pnp.draw.primitives import Ellipse, Path, Rect, Style
from pnp.layout.marks import MIN_TICK
from pnp.spec.paper import PaperSpec

EPS = 1e-6
MARK_COLOUR = "#d01c8b"
MARK_SPACING = 60.0
ARM = 3.0  # half the width of an alignment crosshair
REACH = 4.0  # mm a tile page's ticks and trim lines reach past the tile: kept inside the margin


@dataclass(frozen=True)
class TileGrid:
    cols: int
    rows: int
    landscape: bool
    page_w: float
    page_h: float
    tile_w: float  # board mm shown per tile
    tile_h: float
    step_x: float
    step_y: float
    x0: float  # where a tile's region starts on the page (top-left of the content area)
    y0: float
    board_w: float
    board_h: float

    @property
    def count(self) -> int:
        return self.cols * self.rows

    @property
    def overlap_x(self) -> float:
        return self.tile_w - self.step_x if self.cols > 1 else 0.0

    @property
    def overlap_y(self) -> float:
        return self.tile_h - self.step_y if self.rows > 1 else 0.0

    def region(self, c: int, r: int) -> tuple[float, float, float, float]:
        x, y = c * self.step_x, r * self.step_y
        return (x, y, min(self.tile_w, self.board_w - x), min(self.tile_h, self.board_h - y))


def tile_label(c: int, r: int) -> str:
    """Row letter and column number: A1 is the top-left tile."""
    letters = string.ascii_uppercase
    row = letters[r] if r < 26 else letters[r // 26 - 1] + letters[r % 26]
    return f"{row}{c + 1}"


def _counts(bw, bh, cw, ch, ov):
    if cw <= ov + EPS or ch <= ov + EPS:
        return None
    cols = 1 if bw <= cw + EPS else math.ceil((bw - ov) / (cw - ov) - EPS)
    rows = 1 if bh <= ch + EPS else math.ceil((bh - ov) / (ch - ov) - EPS)
    return cols, rows


def tile_board(
    bw: float, bh: float, paper: PaperSpec, other_way: bool = False, even_cols: bool = False
) -> TileGrid:
    """The fewest pages that cover a bw×bh board with at least the paper's overlap; `other_way`:
    the other orientation of the page, when it takes no more pages (its strips may pack better).
    Rows are full height, so the bottom strip is as short as it can be; with `even_cols` the
    columns share the width equally (every one narrower than the page, which leaves a strip room
    for its label beside it on a shared sheet) instead of all full but the last."""
    ov, band = paper.tile_overlap, paper.label_band
    best = None
    for landscape in (True, False) if other_way else (False, True):
        pw, ph = (paper.size.h, paper.size.w) if landscape else (paper.size.w, paper.size.h)
        cells = tile_cells(bw, bh, pw, ph, paper)
        if cells is None:
            continue
        cols, rows, cw, ch = cells
        if best is None or cols * rows < best[0] * best[1]:
            best = (cols, rows, landscape, pw, ph, cw, ch)
    if best is None:
        raise ValueError("the paper is too small to tile anything")
    cols, rows, landscape, pw, ph, cw, ch = best
    tw, th = min(cw, bw), min(ch, bh)
    if even_cols and cols > 1:
        tw = (bw + (cols - 1) * ov) / cols
    # Neighbours overlap by exactly the paper's strip; the last column and row are narrower.
    step_x = tw - ov if cols > 1 else 0.0
    step_y = th - ov if rows > 1 else 0.0
    side, top, _ = _reaches(paper, cols > 1, rows > 1)
    x0, y0 = paper.margin + side, paper.margin + band + top
    return TileGrid(cols, rows, landscape, pw, ph, tw, th, step_x, step_y, x0, y0, bw, bh)


def _reaches(paper: PaperSpec, across: bool, down: bool) -> tuple[float, float, float]:
    """Room a tile keeps to its left and right, above (besides the label band) and below for
    the marks that reach REACH past it: the ticks and trim line of a column's seam run up and
    down, a row's seam's left and right. The label band holds what reaches up; room is kept on
    the left, while on the right and below the marks print only as far as the slack allows
    (the tick above, the one on the left and the dashed line along the edge suffice)."""
    side = REACH if down else 0.0
    top = max(0.0, REACH - paper.label_band) if across else 0.0
    return side, top, 0.0


def tile_room(
    pw: float, ph: float, paper: PaperSpec, across: bool = True, down: bool = True
) -> tuple[float, float]:
    """The board a tile page shows, pw × ph, inside the margin and below the label band, with
    room for its marks when the board has several columns (`across`) or rows (`down`)."""
    side, top, bottom = _reaches(paper, across, down)
    m = paper.margin
    return pw - 2 * m - side, ph - 2 * m - paper.label_band - top - bottom


def tile_cells(bw: float, bh: float, pw: float, ph: float, paper: PaperSpec):
    """(cols, rows, tile width, tile height) of a bw × bh board on pw × ph pages; None if the
    page is too small. The room kept for marks depends on the counts and takes from the tile,
    so the counts are worked out again until they hold (each pass only adds room: at most 3)."""
    across = down = False
    for _ in range(3):
        cw, ch = tile_room(pw, ph, paper, across, down)
        counts = _counts(bw, bh, cw, ch, paper.tile_overlap)
        if counts is None:
            return None
        if (counts[0] > 1, counts[1] > 1) == (across, down):
            break
        across, down = across or counts[0] > 1, down or counts[1] > 1
    return (*counts, cw, ch)


def alignment_points(g: TileGrid) -> list[tuple[float, float]]:
    """Board points in the middle of every overlap strip, where matching marks are printed."""
    pts = []
    for c in range(1, g.cols):
        x = c * g.step_x + g.overlap_x / 2
        n = max(2, math.ceil(g.board_h / MARK_SPACING))
        pts += [(x, g.board_h * (k + 0.5) / n) for k in range(n)]
    for r in range(1, g.rows):
        y = r * g.step_y + g.overlap_y / 2
        n = max(2, math.ceil(g.board_w / MARK_SPACING))
        pts += [(g.board_w * (k + 0.5) / n, y) for k in range(n)]
    return pts


def tile_overlay(
    g: TileGrid,
    c: int,
    r: int,
    reach: float = REACH,
    ink: tuple[float, float, float, float] | None = None,
) -> list:
    """Alignment marks inside the overlaps and dashed trim lines, in page coordinates; ticks and
    trim lines reach `reach` mm past the tile (less on a shared sheet: within its gutter), and
    no further than the printable area `ink` (a tick left shorter than MIN_TICK is not drawn)."""
    tick = reach - 0.5
    lo_x, lo_y, hi_x, hi_y = (
        (-1e9, -1e9, 1e9, 1e9)
        if ink is None
        else (ink[0], ink[1], ink[0] + ink[2], ink[1] + ink[3])
    )
    rx, ry, rw, rh = g.region(c, r)
    out = []
    mark = Style(None, MARK_COLOUR, 0.25)
    ops = []
    x1, y1, x2, y2 = g.x0, g.y0, g.x0 + rw, g.y0 + rh
    ticks_x, ticks_y = set(), set()
    for bx, by in alignment_points(g):
        if rx - EPS <= bx <= rx + rw + EPS and ry - EPS <= by <= ry + rh + EPS:
            px, py = g.x0 + bx - rx, g.y0 + by - ry
            # the whole crosshair, arms and all, inside a strip the next tile is glued over
            covered = (c < g.cols - 1 and px - ARM >= x2 - g.overlap_x - EPS) or (
                r < g.rows - 1 and py - ARM >= y2 - g.overlap_y - EPS
            )
            if covered:  # the crosshair never shows on the assembled board
                # (its arms cut short at the printable area's edge, near a tile's corner)
                ops += [
                    ("M", max(lo_x, px - ARM), py),
                    ("L", min(hi_x, px + ARM), py),
                    ("M", px, max(lo_y, py - ARM)),
                    ("L", px, min(hi_y, py + ARM)),
                ]
                if lo_x <= px - 1.8 and px + 1.8 <= hi_x and lo_y <= py - 1.8 and py + 1.8 <= hi_y:
                    out.append(Ellipse(px, py, 1.8, 1.8, mark))
            elif (
                c > 0 and px <= x1 + g.overlap_x + EPS
            ):  # this tile's own strip lies on top: ticks outside the art
                ticks_x.add(round(px, 4))
            elif r > 0 and py <= y1 + g.overlap_y + EPS:
                ticks_y.add(round(py, 4))
    for px in sorted(ticks_x):
        ops += _tick(px, max(lo_y, y1 - tick), y1 - 0.8, True)
        ops += _tick(px, y2 + 0.8, min(hi_y, y2 + tick), True)
    for py in sorted(ticks_y):
        ops += _tick(py, max(lo_x, x1 - tick), x1 - 0.8, False)
        ops += _tick(py, x2 + 0.8, min(hi_x, x2 + tick), False)
    if ops:
        out.append(Path(tuple(ops), mark))
    # Trim lines: the left and top edges of every tile but the first column and row are
    # laid over the neighbour's overlap strip, so they are cut exactly at the board edge.
    trim = Style(None, "#000000", 0.2, dash=(2.0, 1.5))
    out.append(Rect(x1, y1, rw, rh, Style(None, "#777777", 0.15)))
    edges = []
    if c > 0:
        edges += [("M", x1, max(lo_y, y1 - reach)), ("L", x1, min(hi_y, y2 + reach))]
    if r > 0:
        edges += [("M", max(lo_x, x1 - reach), y1), ("L", min(hi_x, x2 + reach), y1)]
    if edges:
        out.append(Path(tuple(edges), trim))
    # Shade the strips that the next tile will cover, lightly, so the glue area is visible.
    shade = Style("#d01c8b", None, opacity=0.07)
    if c < g.cols - 1:
        out.append(Rect(x2 - g.overlap_x, y1, g.overlap_x, rh, shade))
    if r < g.rows - 1:
        out.append(Rect(x1, y2 - g.overlap_y, rw, g.overlap_y, shade))
    return out


def _tick(at: float, a: float, b: float, vertical: bool) -> list:
    """A tick from a to b along the line `at`, or none when the printable area leaves it
    shorter than MIN_TICK."""
    if b - a < MIN_TICK - EPS:
        return []
    return [("M", at, a), ("L", at, b)] if vertical else [("M", a, at), ("L", b, at)]
