"""Mixed sizes: pack items onto shared sheets in shelves, tallest first, in reading order.

Shelves keep like items together in rows, which is what a person cutting them expects;
each item is laid with its long side across the shelf when that fits more in.
"""

from __future__ import annotations

from dataclasses import dataclass

EPS = 1e-6


@dataclass(frozen=True)
class Spot:
    index: int  # index into the list given to pack()
    x: float
    y: float
    w: float
    h: float
    rotated: bool


def pack(
    sizes: list[tuple[float, float]],
    area_w: float,
    area_h: float,
    gutter: float,
    *,
    turned: bool | None = None,
) -> list[list[Spot]]:
    """Pages of spots inside area_w × area_h, items at least `gutter` apart. Each item is
    laid flat (long side across) by default; with `turned` False each is as given and with
    True each is turned, wherever it fits so."""
    oriented = []
    for i, (w, h) in enumerate(sizes):
        fits_up = w <= area_w + EPS and h <= area_h + EPS
        fits_turned = h <= area_w + EPS and w <= area_h + EPS
        if not (fits_up or fits_turned):
            raise ValueError(f"item {w:.1f}×{h:.1f} mm does not fit the printable area")
        # by default lie flat (short side as the shelf height); either way, as it fits
        turn = fits_turned and (h > w if turned is None else turned)
        if not fits_up:
            turn = True
        pw, ph = (h, w) if turn else (w, h)
        oriented.append((i, pw, ph, turn))
    order = sorted(oriented, key=lambda o: (-round(o[2], 3), o[0]))
    pages: list[list[Spot]] = []
    page: list[Spot] = []
    x = y = shelf_h = 0.0
    for i, pw, ph, turn in order:
        if page and x + pw > area_w + EPS:  # next shelf
            y += shelf_h + gutter
            x, shelf_h = 0.0, 0.0
        if page and y + ph > area_h + EPS:  # next page
            pages.append(page)
            page, x, y, shelf_h = [], 0.0, 0.0, 0.0
        page.append(Spot(i, x, y, pw, ph, turn))
        x += pw + gutter
        shelf_h = max(shelf_h, ph)
    if page:
        pages.append(page)
    for p in pages:
        p.sort(key=lambda s: s.index)
    return pages


@dataclass
class Sheet:
    """One sheet of a guillotine packing: its spots, and the free rectangles left to fill.

    Rectangles are kept with the gutter added to their right and bottom (the area too), so
    items placed in them stay `gutter` apart. Every free rectangle comes from cutting a larger
    one straight across, so the sheet is always cut apart by guillotine cuts.
    """

    free: list[tuple[float, float, float, float]]
    spots: list[Spot]


class GuillotinePacker:
    """Items of any size onto the fewest sheets, each placed where it leaves the least room on its
    shorter side (best short side fit), turned when that fits better; earlier sheets first."""

    LOOKBACK = 24  # sheets tried for each item: a packing of any length stays linear

    def __init__(
        self,
        area_w: float,
        area_h: float,
        gutter: float,
        split: str = "area",
        smallest: float = 0.0,
    ):
        """`smallest`: no item to come has a side shorter than this, so a free rectangle
        narrower or lower is dropped at once (it could never be used)."""
        self.area_w, self.area_h, self.gutter, self.split = area_w, area_h, gutter, split
        self.least = smallest + gutter - EPS
        self.sheets: list[Sheet] = []

    def add(
        self,
        index: int,
        w: float,
        h: float,
        *,
        turn: bool = True,
        sheets: list[Sheet] | None = None,
    ) -> Sheet:
        """Place item `index` (w × h, turned 90° where that fits better if `turn`) on the first of
        `sheets` (default: this packing's) it fits, or on a new sheet; returns the sheet."""
        g = self.gutter
        choices = [(w, h, False)] + ([(h, w, True)] if turn and abs(w - h) > EPS else [])
        choices = [c for c in choices if c[0] <= self.area_w + EPS and c[1] <= self.area_h + EPS]
        if not choices:
            raise ValueError(f"item {w:.1f}×{h:.1f} mm does not fit the printable area")
        pool = self.sheets if sheets is None else sheets
        needs = [(pw + g, ph + g, pw, ph, turn) for pw, ph, turn in choices]
        for sheet in pool[-self.LOOKBACK :]:
            best = None
            for k, (_, _, fw, fh) in enumerate(sheet.free):
                fw_, fh_ = fw + EPS, fh + EPS
                for nw, nh, pw, ph, turn in needs:
                    if nw <= fw_ and nh <= fh_:
                        dx, dy = fw - pw - g, fh - ph - g
                        fit = (dx, dy, turn) if dx <= dy else (dy, dx, turn)
                        if best is None or fit < best[0]:
                            best = (fit, k, pw, ph, turn)
            if best is not None:
                _, k, pw, ph, turn = best
                self._place(sheet, k, index, pw, ph, turn)
                return sheet
        sheet = Sheet([(0.0, 0.0, self.area_w + g, self.area_h + g)], [])
        self.sheets.append(sheet)
        pw, ph, turn = choices[0]
        if len(choices) > 1 and self._better_turned(w, h):
            pw, ph, turn = choices[1]
        self._place(sheet, 0, index, pw, ph, turn)
        return sheet

    def _better_turned(self, w: float, h: float) -> bool:
        """On an empty sheet: turned when more of the item fit across and down that way."""
        g = self.gutter

        def count(a: float, b: float) -> int:
            return int((self.area_w + g + EPS) // (a + g)) * int((self.area_h + g + EPS) // (b + g))

        return count(h, w) > count(w, h)

    def _place(self, sheet: Sheet, k: int, index: int, pw: float, ph: float, turn: bool) -> None:
        place(sheet, k, Spot(index, 0.0, 0.0, pw, ph, turn), self.gutter, self.split, self.least)


def place(sheet: Sheet, k: int, spot: Spot, g: float, split: str, least: float = 0.0) -> None:
    """The spot at the corner of the sheet's free rectangle `k`; the rest of it cut in two
    straight across, each piece kept if an item at least `least` wide and high could use it."""
    fx, fy, fw, fh = sheet.free.pop(k)
    iw, ih = spot.w + g, spot.h + g
    sheet.spots.append(Spot(spot.index, fx, fy, spot.w, spot.h, spot.rotated))
    right_w, below_h = fw - iw, fh - ih
    # the first cut: the one that leaves the larger piece whole (or as `split` says)
    if split == "area":
        down_first = right_w * fh >= fw * below_h
    else:  # "short": along the shorter leftover side
        down_first = right_w > below_h
    if down_first:
        right, below = (fx + iw, fy, right_w, fh), (fx, fy + ih, iw, below_h)
    else:
        right, below = (fx + iw, fy, right_w, ih), (fx, fy + ih, fw, below_h)
    for r in (right, below):
        if r[2] > g + EPS and r[3] > g + EPS and r[2] >= least and r[3] >= least:
            sheet.free.append(r)
