"""Registration marks for print-then-cut machines, placed clear of every item on the sheet.

The marks are those most cutters' optical sensors read: a filled square near the top-left
corner of the printable area and right-angle marks near the other three. Each is put as close
to its corner as it can be while keeping CLEAR millimetres from every item (bleed included):
a mark printed over a card would be cut into it, and a sensor that reads art as a mark puts
every cut in the wrong place. The same marks go into the cut file's registration layer and,
when asked for (`pnp build --registration`, or `registration: true` in the paper file), onto
the printed sheet, so the two line up.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.draw.primitives import Path, Rect, Style

REG_SIZE = 5.0  # mm, the square mark
REG_ARM = (
    5.0  # mm, the arms of the corner marks (as long as the square: both fit the same free corner)
)
REG_WIDTH = 0.5  # mm, the corner marks' line width
CLEAR = 2.0  # mm between a mark and any item
INK = "#000000"

Box = tuple[float, float, float, float]  # x, y, w, h


def _clear(box: Box, items: Sequence[Box]) -> bool:
    x, y, w, h = box
    for ix, iy, iw, ih in items:
        if (
            x < ix + iw + CLEAR
            and ix < x + w + CLEAR
            and y < iy + ih + CLEAR
            and iy < y + h + CLEAR
        ):
            return False
    return True


def _spot(
    size: float,
    corner: tuple[float, float],
    inward: tuple[int, int],
    area: Box,
    items: Sequence[Box],
) -> Box | None:
    """The size × size box nearest `corner` inside `area` that keeps clear of the items.

    Candidates are the corner itself and the places just past each item's edges (where a
    free spot nearest a corner always starts), tried nearest first.
    """
    ax, ay, aw, ah = area
    sx, sy = inward
    xs = {ax if sx > 0 else ax + aw - size}
    ys = {ay if sy > 0 else ay + ah - size}
    for ix, iy, iw, ih in items:
        xs |= {ix + iw + CLEAR, ix - CLEAR - size}
        ys |= {iy + ih + CLEAR, iy - CLEAR - size}
    xs = {x for x in xs if ax - 1e-9 <= x <= ax + aw - size + 1e-9}
    ys = {y for y in ys if ay - 1e-9 <= y <= ay + ah - size + 1e-9}
    cx, cy = corner
    for _, x, y in sorted(
        (abs(x + (0 if sx > 0 else size) - cx) + abs(y + (0 if sy > 0 else size) - cy), x, y)
        for x in xs
        for y in ys
    ):
        if _clear((x, y, size, size), items):
            return x, y, size, size
    return None


def registration_marks(page_w: float, page_h: float, margin: float, items: Sequence[Box]) -> list:
    """The four marks (a square, then three corner marks) as primitives in page mm.

    `items` are the boxes to keep clear of, in page mm. A corner with no free spot inside the
    printable area gets its mark in the corner anyway; `registration_clear` says whether all
    four kept clear.
    """
    area = (margin, margin, page_w - 2 * margin, page_h - 2 * margin)
    x0, y0, x1, y1 = margin, margin, page_w - margin, page_h - margin
    out: list = []
    square = _spot(REG_SIZE, (x0, y0), (1, 1), area, items) or (x0, y0, REG_SIZE, REG_SIZE)
    out.append(Rect(*square, Style(INK)))
    half = REG_WIDTH / 2
    for corner, (dx, dy) in (((x1, y0), (-1, 1)), ((x0, y1), (1, -1)), ((x1, y1), (-1, -1))):
        box = _spot(REG_ARM, corner, (dx, dy), area, items)
        if box is None:
            box = (
                corner[0] if dx > 0 else corner[0] - REG_ARM,
                corner[1] if dy > 0 else corner[1] - REG_ARM,
                REG_ARM,
                REG_ARM,
            )
        bx, by, s, _ = box
        # the right angle sits in the box's corner nearest the page corner, arms pointing inward
        px = (bx if dx > 0 else bx + s) - dx * -half
        py = (by if dy > 0 else by + s) - dy * -half
        ops = (
            ("M", px + dx * (REG_ARM - half), py),
            ("L", px, py),
            ("L", px, py + dy * (REG_ARM - half)),
        )
        out.append(Path(ops, Style(None, INK, REG_WIDTH, cap="butt", join="miter")))
    return out


def registration_clear(marks: list, items: Sequence[Box]) -> bool:
    """True when every mark keeps CLEAR from every item."""
    return all(_clear(mark_box(m), items) for m in marks)


def mark_box(mark) -> Box:
    """A mark's extent, line width included."""
    if isinstance(mark, Rect):
        return mark.x, mark.y, mark.w, mark.h
    xs = [op[1] for op in mark.ops if op[0] != "Z"]
    ys = [op[2] for op in mark.ops if op[0] != "Z"]
    h = mark.style.stroke_width / 2
    return min(xs) - h, min(ys) - h, max(xs) - min(xs) + 2 * h, max(ys) - min(ys) + 2 * h


def item_boxes(placements, bleed_of=lambda p: p.ref.bleed) -> list[Box]:
    """The boxes a page's items cover, their bleed included."""
    out = []
    for p in placements:
        b = bleed_of(p)
        out.append((p.x - b, p.y - b, p.w + 2 * b, p.h + 2 * b))
    return out


def registration_band(paper) -> float:
    """The band kept free at the top and bottom of a sheet for the marks (0 without them)."""
    return REG_SIZE + CLEAR if paper.registration else 0.0


def registration_area(area: Box, paper, bleed: float) -> Box:
    """Where a sheet's items (their trim boxes) may go when the sheet prints the marks.

    The band is measured from the items' outer edge, their bleed included: art past the cut
    line that reached into the band would sit under (or beside) a mark. A full sheet may so
    hold a row fewer; that is the price of marks a sensor reads cleanly.
    """
    band = registration_band(paper)
    if not band:
        return area
    x, y, w, h = area
    inset = band + max(0.0, bleed)
    return x, y + inset, w, h - 2 * inset


def sheet_registration(page, paper) -> list:
    """A sheet page's marks, from its front items: the printed page and its cut file use this."""
    return registration_marks(
        page.w, page.h, paper.margin, item_boxes([p for p in page.items if p.side == "front"])
    )
