"""Each sheet's header: one small line saying what the sheet is ("Card sheet 4 of 15, front").

The line goes where nothing else is: inside the printable area (never in the paper's margin,
where a printer may not print), CLEAR millimetres from every item (its bleed included) and every
mark on the page. It is looked for first along the top and bottom of the printable area, read
across or upward; then in any gap on the sheet (a packed sheet's gutters); then written short.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from pnp.draw.fonts import FontBook
from pnp.draw.primitives import Ellipse, Group, Path, Rect, Text, multiply, rotate, translate
from pnp.layout.jobs import sheet_titles
from pnp.layout.plan import Page
from pnp.layout.registration import registration_marks

# mm, the header's em size: 6.2 pt, above the 6 pt every printed text keeps (pnp.rulecheck.legibility),
# for the long line and for the short one tried where the long one finds no room
SIZE = 2.2
CLEAR = 1.2  # mm between the header and any other ink (1 mm, and its antialiasing)
# mm between the header and another text: on one line, two texts closer than a few spaces
# read as one (a tile's label and the header beside it)
TEXT_CLEAR = 3.0
REGISTRATION_CLEAR = 2.0  # mm: a print-and-cut sheet keeps every ink this far from its marks
COLOUR = "#555555"
FONT = "regular"

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _apply(m, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _boxes(prim, m, fonts: FontBook) -> Iterable[Box]:
    """The boxes a mark covers, in page mm: each line of a path on its own (a page's cut marks
    are one path of many short lines, whose overall box would be the whole page)."""
    if isinstance(prim, Group):
        inner = multiply(m, prim.transform)
        for child in prim.children:
            yield from _boxes(child, inner, fonts)
        return
    if isinstance(prim, Text):
        metrics = fonts.metrics(prim.font) if prim.font in fonts else fonts.metrics("regular")
        w = metrics.width(prim.text, prim.size)
        x0 = prim.start_x(w)
        top, bottom = prim.y - metrics.ascent * prim.size, prim.y + metrics.descent * prim.size
        yield _box_of(m, [(x0, top), (x0 + w, top), (x0, bottom), (x0 + w, bottom)], 0.0)
        return
    if isinstance(prim, Rect):
        pts = [(prim.x, prim.y), (prim.x + prim.w, prim.y + prim.h)]
        pts += [(prim.x + prim.w, prim.y), (prim.x, prim.y + prim.h)]
        yield _box_of(m, pts, prim.style.stroke_width / 2 if prim.style.stroke else 0.0)
        return
    if isinstance(prim, Ellipse):
        pts = [(prim.cx - prim.rx, prim.cy - prim.ry), (prim.cx + prim.rx, prim.cy + prim.ry)]
        pts += [(prim.cx + prim.rx, prim.cy - prim.ry), (prim.cx - prim.rx, prim.cy + prim.ry)]
        yield _box_of(m, pts, prim.style.stroke_width / 2 if prim.style.stroke else 0.0)
        return
    if isinstance(prim, Path):
        half = prim.style.stroke_width / 2 if prim.style.stroke else 0.0
        if prim.style.fill:  # a filled shape covers its whole outline
            pts = [(op[k], op[k + 1]) for op in prim.ops for k in range(1, len(op) - 1, 2)]
            if pts:
                yield _box_of(m, pts, half)
            return
        prev = None
        flat = m == IDENTITY
        for op in prim.ops:
            if op[0] == "Z" or len(op) < 3:
                continue
            if flat and op[0] == "L" and len(op) == 3 and prev is not None:
                (x0, y0), x1, y1 = prev, op[1], op[2]  # a straight line on the page: its ends
                yield min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half
                prev = x1, y1
                continue
            pts = [(op[k], op[k + 1]) for k in range(1, len(op) - 1, 2)]
            if op[0] != "M" and prev is not None:
                yield _box_of(m, [prev, *pts], half)
            prev = pts[-1]


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _box_of(m, pts, grow: float) -> Box:
    if m == IDENTITY:  # most marks are drawn on the page as they are: no point moved
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
    else:
        placed = [_apply(m, x, y) for x, y in pts]
        xs, ys = [p[0] for p in placed], [p[1] for p in placed]
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


def _texts(prim) -> bool:
    """Whether a mark is text (or a group of it)."""
    if isinstance(prim, Group):
        return any(_texts(c) for c in prim.children)
    return isinstance(prim, Text)


def obstacles(page: Page, fonts: FontBook, clear: float = 0.0) -> list[Box]:
    """Every item (bleed included) and every mark on the page, as boxes x0, y0, x1, y1, each
    grown by the room the header keeps from it: `clear` from items and marks, TEXT_CLEAR from
    text, REGISTRATION_CLEAR from print-and-cut registration marks."""
    rows = [
        grow((p.x - p.ref.bleed, p.y - p.ref.bleed, p.x + p.w + p.ref.bleed,
              p.y + p.h + p.ref.bleed), clear)
        for p in page.items
    ]  # fmt: skip
    registration = registration_marks(page.w, page.h)
    for mark in page.marks:
        room = (
            max(clear, REGISTRATION_CLEAR) if mark in registration
            else max(clear, TEXT_CLEAR) if _texts(mark) else clear
        )  # fmt: skip
        rows.extend(grow(b, room) for b in _boxes(mark, IDENTITY, fonts))
    return rows


def grow(box: Box, by: float) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _free_x(obs: list[Box], y: float, h: float, x0: float, x1: float, w: float) -> float | None:
    """The leftmost x in x0..x1 where a w × h box at height y meets no obstacle."""
    x = x0
    for a, b in sorted((o[0], o[2]) for o in obs if o[1] < y + h and o[3] > y):
        if a >= x + w:
            break
        x = max(x, b)
    return x if x + w <= x1 else None


def find_spot(obs: list[Box], area: Box, w: float, h: float, anywhere: bool) -> Box | None:
    """A w × h box inside `area` clear of every obstacle (already grown by the clearance): at
    the area's top or bottom, or, `anywhere`, at any height an obstacle's edge allows."""
    ax0, ay0, ax1, ay1 = area
    if w > ax1 - ax0 or h > ay1 - ay0:
        return None
    ys = [ay0, ay1 - h]
    if anywhere:
        ys += sorted({*(o[3] for o in obs), *(o[1] - h for o in obs)})
    for y in ys:
        if ay0 <= y <= ay1 - h:
            x = _free_x(obs, y, h, ax0, ax1, w)
            if x is not None:
                return x, y, x + w, y + h
    return None


def header(
    page: Page, lines: tuple[str, str], margin: float, fonts: FontBook, clear: float = CLEAR
) -> tuple[int, list]:
    """The header's primitives, the long line (0) or else the short one (1), placed where they
    touch no other ink; [] where no room is left."""
    obs = obstacles(page, fonts, clear)
    area = (margin, margin, page.w - margin, page.h - margin)
    metrics = fonts.metrics(FONT)
    size = SIZE
    for which, line in enumerate(lines):
        w, h = metrics.width(line, size), (metrics.ascent + metrics.descent) * size
        for anywhere in (False, True):
            spot = find_spot(obs, area, w, h, anywhere)
            if spot is not None:
                return which, [
                    Text(spot[0], spot[1] + metrics.ascent * size, line, FONT, size, COLOUR)
                ]
            across = [(b, a, d, c) for a, b, c, d in obs]  # the page seen turned
            turned = find_spot(across, (area[1], area[0], area[3], area[2]), w, h, anywhere)
            if turned is not None:  # read upward: the transposed box's x is the page's y
                y0, x0 = turned[0], turned[1]
                text = Text(0.0, metrics.ascent * size, line, FONT, size, COLOUR)
                return which, [Group((text,), multiply(translate(x0, y0 + w), rotate(-90)))]
    return 0, []


def add_headers(pages: list[Page], paper, fonts: FontBook) -> list[int]:
    """Gives every component page (front, back, fold or tile) its header; returns the pages
    left without one for want of room."""
    titles = sheet_titles(pages)
    seen: dict[tuple, list] = {}  # pages laid out alike (a deck's full grids) share one answer
    lost = []
    for page in pages:
        lines = titles.get(page.number)
        if lines is None:
            continue
        rects = tuple((p.x, p.y, p.w, p.h, p.ref.bleed) for p in page.items)
        shape = tuple(re.sub(r"\d", "0", line) for line in lines)  # every digit is as wide
        # marks by identity: a deck's pages share one list, sheets alike their corner marks
        key = (page.w, page.h, tuple(map(id, page.marks)), rects, shape)
        if key not in seen:
            seen[key] = header(page, lines, paper.margin, fonts)
        which, prims = seen[key]
        placed = [_retitled(t, lines[which]) for t in prims]
        if not placed:
            lost.append(page.number)
        page.marks = [*page.marks, *placed]
    return lost


def _retitled(prim: Text | Group, line: str):
    """A header placed for a page laid out alike, given this page's line."""
    if isinstance(prim, Group):
        return replace(prim, children=tuple(_retitled(t, line) for t in prim.children))
    return replace(prim, text=line)
