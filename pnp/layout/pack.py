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


def pack(sizes: list[tuple[float, float]], area_w: float, area_h: float, gutter: float) -> list[list[Spot]]:
    """Pages of spots inside area_w × area_h, items at least `gutter` apart."""
    oriented = []
    for i, (w, h) in enumerate(sizes):
        fits_up = w <= area_w + EPS and h <= area_h + EPS
        fits_turned = h <= area_w + EPS and w <= area_h + EPS
        if not (fits_up or fits_turned):
            raise ValueError(f"item {w:.1f}×{h:.1f} mm does not fit the printable area")
        # lie flat (short side as the shelf height) unless only upright fits
        turn = fits_turned and (h > w) and w <= area_h + EPS
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
