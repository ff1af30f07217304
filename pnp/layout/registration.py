"""Registration marks for print-and-cut machines: Silhouette Studio's own, where it looks for them.

A print-and-cut machine's optical sensor finds the printed sheet by its registration marks, at
the places its software says; the marks must be printed where the software draws them. pnp
prints Silhouette Studio's default marks (Registration Marks panel: Type 1, length 20 mm,
thickness 0.3 mm, inset 10 mm): a filled 5 mm square with its corner 10 mm in from the top-left
corner of the page, and right angles of 20 mm arms, 0.3 mm thick, whose outer corners are
10 mm in from the top-right and bottom-left corners. Set Studio's panel to those values and its
marks lie on the printed ones. (The figures are those of Studio's defaults as the
inkscape-silhouette project reproduces them for the CAMEO: 5 mm square, 20 mm arms, 0.3 mm
lines; docs/printing.md says where each comes from.)

Items keep CLEAR millimetres from every mark, their bleed included: a mark printed over a card
would be cut into it, and a sensor that reads art as a mark puts every cut in the wrong place.
So does every other ink on the sheet: a cut mark that runs close beside an arm reads to the
sensor as a doubled arm, so cut marks are shortened to stop CLEAR short of the marks (each cut
line keeps its mark at its other end). A sheet whose items, or whose other marks that cannot be
shortened (a label), come within CLEAR of where the marks go prints none, and its cut file has
none either: it is cut by hand.
The same marks go into the cut file's registration layer and, when asked for (`pnp build
--registration`, or `registration: true` in the paper file), onto the printed sheet, whose
items then keep out of a band at the top and bottom that holds the marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.draw.primitives import Path, Rect, Style, Text

REG_SIZE = 5.0  # mm, the square mark
REG_ARM = 20.0  # mm, each arm of a right angle (Studio's "length")
REG_WIDTH = 0.3  # mm, the right angles' line (Studio's "thickness")
REG_INSET = 10.0  # mm from the page edges to the marks' outer edges (Studio's "inset")
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


def registration_marks(page_w: float, page_h: float, margin: float = 0.0, items=()) -> list:
    """The three marks (the square, then the top-right and bottom-left right angles) as
    primitives in page mm, where Silhouette Studio draws its own. `margin` and `items` are not
    used: the marks' places are fixed by the page size alone."""
    i, half = REG_INSET, REG_WIDTH / 2
    out: list = [Rect(i, i, REG_SIZE, REG_SIZE, Style(INK))]
    style = Style(None, INK, REG_WIDTH, cap="butt", join="miter")
    # the line's outer edge on the inset: its centre half a line width further in
    right, top = page_w - i - half, i + half
    out.append(
        Path(
            (
                ("M", right - REG_ARM + half, top),
                ("L", right, top),
                ("L", right, top + REG_ARM - half),
            ),
            style,
        )
    )
    left, bottom = i + half, page_h - i - half
    out.append(
        Path(
            (
                ("M", left, bottom - REG_ARM + half),
                ("L", left, bottom),
                ("L", left + REG_ARM - half, bottom),
            ),
            style,
        )
    )
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
    """The band kept free at the top and bottom of the printable area for the marks (0 without
    them): from the page edge, the inset, an arm and the clearance."""
    return max(0.0, REG_INSET + REG_ARM + CLEAR - paper.margin) if paper.registration else 0.0


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
    """The marks a sheet prints: none where an item leaves them no room (a sheet-sized player
    aid: cut by hand), since a mark printed on art spoils it and misleads the sensor."""
    marks = registration_marks(page.w, page.h)
    items = item_boxes([p for p in page.items if p.side == "front"])
    return marks if registration_clear(marks, items) else []


def with_registration(page, paper) -> list:
    """The sheet's marks with the registration marks it prints added, its other marks kept
    CLEAR from them: straight cut-mark lines shortened, and no registration marks at all where
    another mark that cannot be shortened (a label) comes too near."""
    reg = sheet_registration(page, paper)
    if not reg:
        return list(page.marks)
    keep_out = [_grown(mark_box(m), CLEAR) for m in reg]
    out = []
    for m in page.marks:
        if _straight(m):
            half = m.style.stroke_width / 2  # the line's edge keeps CLEAR, not its centre
            ops = _trimmed(m.ops, [_grown(mark_box(r), CLEAR + half) for r in reg])
            if ops:
                out.append(Path(ops, m.style))
        elif any(_overlap(_rough_box(m), b) for b in keep_out):
            return list(page.marks)  # a label beside a mark: the sheet is cut by hand
        else:
            out.append(m)
    return [*out, *reg]


def printed_registration(page) -> list:
    """The registration marks the sheet prints (those in its marks), for its cut file."""
    return [m for m in registration_marks(page.w, page.h) if m in page.marks]


MIN_PIECE = 0.5  # mm: a cut mark shortened to less is left out


def _grown(box: Box, d: float) -> tuple[float, float, float, float]:
    """An (x, y, w, h) box grown by d on every side, as (x0, y0, x1, y1)."""
    x, y, w, h = box
    return x - d, y - d, x + w + d, y + h + d


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _straight(m) -> bool:
    """A stroked path of straight lines only (cut marks): one that can be shortened."""
    return type(m) is Path and m.style.fill is None and all(op[0] in ("M", "L") for op in m.ops)


def _rough_box(m) -> tuple[float, float, float, float]:
    """A box that holds the mark: a text's from its size and length (a generous 0.6 em a
    letter), a shape's from its points and line."""
    if type(m) is Text:
        w = 0.6 * m.size * len(m.text)
        x0 = m.x - (w / 2 if m.anchor == "middle" else w if m.anchor == "end" else 0.0)
        return x0, m.y - m.size, x0 + w, m.y + 0.3 * m.size
    if type(m) is Rect:
        pts = [(m.x, m.y), (m.x + m.w, m.y + m.h)]
    elif type(m) is Path:
        pts = [(op[-2], op[-1]) for op in m.ops if op[0] != "Z"]
    else:
        return (0.0, 0.0, 0.0, 0.0)  # nothing drawn beside the marks (a group is not a mark)
    h = (m.style.stroke_width / 2) if m.style.stroke else 0.0
    xs, ys = [p[0] for p in pts] or [0.0], [p[1] for p in pts] or [0.0]
    return min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h


def _trimmed(ops: tuple, boxes: list) -> tuple:
    """The path's lines with the parts inside any box taken out."""
    out: list[tuple] = []
    at = None
    for op in ops:
        if op[0] == "M":
            at = (op[1], op[2])
            continue
        if at is None:
            continue
        pieces = [(at, (op[1], op[2]))]
        for b in boxes:
            pieces = [q for seg in pieces for q in _outside(seg, b)]
        for a, c in pieces:
            if abs(a[0] - c[0]) + abs(a[1] - c[1]) >= MIN_PIECE:
                out += [("M", *a), ("L", *c)]
        at = (op[1], op[2])
    return tuple(out)


def _outside(seg, box) -> list:
    """The parts of a line segment outside an (x0, y0, x1, y1) box (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return [seg]  # parallel to this side and outside it
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return [seg]

    def at(t: float) -> tuple[float, float]:
        return x0 + t * dx, y0 + t * dy

    return [piece for piece in ((seg[0], at(t0)), (at(t1), seg[1])) if piece[0] != piece[1]]
