"""Item rectangles read from the printed PDF, not from the manifest that produced it.

An item on a sheet is found from what the page draws: each face is drawn inside its clip, and an
outlined piece (a card's frame, a coin's rim, a die net's cut outline) strokes its edge; cut
marks (solid black straight strokes, docs/printing.md) lie on every item edge's line and never
over an item. So an item is a drawn box (a clip or a stroke's bounds) with a cut mark on the line of each
of its four edges and none inside it, not inside another such box. The pieces of a packed set
(docs/kinds-polyomino.md), each drawn in its own clip, are one item: the boxes left over are
joined where they stand closer than an item gutter, and the joined box, taken in from the bleed
to the cut marks, is an item when its edges are marked. A tile page (a board part alone on a
page, cut on its own dashed trim lines, no cut marks) prints one item, its largest clip.

The stock is the one the sheet's footer names. The family of an item is the manifest's (the
printed face names no family): `families_of` gives each printed box the manifest item at the same
place, and tests/test_printed_items.py proves that the manifest's boxes are the printed ones on
every sheet of every shipped game.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import NamedTuple

import pymupdf
from conftest import one_paper_each

MM = 25.4 / 72.0  # millimetres per PDF point
MARGIN = 5.0  # mm, layouts/a4.yaml and letter.yaml: `margin: 5mm`, where nothing prints
ON = 0.06  # mm: a mark on an edge's line lies this close to it
SAME = 0.05  # mm: a printed box and a manifest box this close are one item
SET_GAP = 3.25  # mm: a packed set's blocks stand twice a bleed apart, items a 3.5 mm gutter
SNAP = 3.0  # mm: at most this far in from a joined box's edge (its bleed) to its cut mark
# the footer: "Card sheet 3 of 16, front", or "Card 3/16 front" where the line is short
STOCK = re.compile(r"\b(Card|Paper)\s+(?:sheet\s+)?\d+\s*(?:of|/)\s*\d+,?\s*(front|back|one side)?")
# a board part's label: "A1   Game board (500 x 556 mm, tiled)   row A, column 1 of 3×2"
TILE = re.compile(r"\brow [A-Z]+, column \d+ of \d+×\d+")
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm
COMPONENTS = Path(__file__).resolve().parent.parent / "components"
# every shipped game and the reduced Earth Our Home, each on both papers (one every day)
GAMES = [(d.name, None) for d in sorted(COMPONENTS.iterdir()) if (d / "game.yaml").is_file()]
GAMES.append(("earth-our-home", "reduced"))
PRINTS = one_paper_each([(g, v, p) for g, v in GAMES for p in ("a4", "letter")])


def _is_mark(d: dict) -> bool:
    """A cut mark's stroke: solid opaque black (a polyomino's grooves are translucent black, a
    tile's trim line dashed)."""
    dashes = str(d.get("dashes") or "[] 0").split("]")[0].strip("[ ")
    return (
        tuple(d.get("color") or ()) == (0.0, 0.0, 0.0)
        and (d.get("stroke_opacity") or 1.0) > 0.99
        and not dashes
    )


def _drawn(page: pymupdf.Page, margin: float) -> tuple[list[Box], list[Box], list[Box]]:
    """The boxes the page draws within its printable area (clips, and strokes' bounds cut to
    the clip they are drawn in), the clips alone, and its cut marks (solid black straight
    strokes), in mm."""
    w, h = page.rect.width * MM, page.rect.height * MM
    boxes, clips, marks = set(), set(), []
    scissors: dict[int, tuple] = {}  # the clip in force at each nesting level
    for d in page.get_cdrawings(extended=True):
        kind, level = d.get("type"), d.get("level", 0)
        scissors = {k: v for k, v in scissors.items() if k < level}
        if kind == "s" and _is_mark(d):
            marks += [
                (min(a[0], b[0]) * MM, min(a[1], b[1]) * MM, max(a[0], b[0]) * MM, max(a[1], b[1]) * MM)
                for _, a, b in (it for it in d["items"] if it[0] == "l")
            ]
            continue
        if kind == "clip":
            scissors[level] = rect = d["scissor"]
        elif kind in ("s", "fs"):  # a groove's stroke runs past its clip: only what shows
            rect = d["rect"]
            if scissors:
                c = scissors[max(scissors)]
                rect = (max(rect[0], c[0]), max(rect[1], c[1]), min(rect[2], c[2]), min(rect[3], c[3]))
        else:
            continue
        x0, y0, x1, y1 = (v * MM for v in rect)
        inside = x0 > margin - 0.1 and y0 > margin - 0.1 and x1 < w - margin + 0.1
        if inside and y1 < h - margin + 0.1 and x1 - x0 > 1 and y1 - y0 > 1:
            box = (round(x0, 4), round(y0, 4), round(x1, 4), round(y1, 4))
            boxes.add(box)
            if kind == "clip":
                clips.add(box)
    return sorted(boxes), sorted(clips), marks


def _within(a: Box, b: Box, tol: float = SAME) -> bool:
    return a != b and a[0] >= b[0] - tol and a[1] >= b[1] - tol and a[2] <= b[2] + tol and a[3] <= b[3] + tol


def _outermost(boxes: list[Box]) -> list[Box]:
    """The boxes inside no other, each once (a box drawn twice may differ in the last digit)."""
    kept: list[Box] = []
    for b in {tuple(round(v, 1) for v in b): b for b in boxes}.values():  # most repeats at once
        if not any(same(b, k) for k in kept):
            kept.append(b)
    return [b for b in kept if not any(_within(b, o) and not same(b, o) for o in kept)]


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > SAME and min(a[3], b[3]) - max(a[1], b[1]) > SAME


class _Marks:
    """The lines the cut marks lie on, and where they lie."""

    def __init__(self, marks: list[Box]):
        self.marks = marks
        self.xs = sorted({m[0] for m in marks if m[2] - m[0] < 1e-3})
        self.ys = sorted({m[1] for m in marks if m[3] - m[1] < 1e-3})

    def edged(self, b: Box) -> bool:
        """Whether each of the box's four edges has a mark on its line."""
        return all(any(abs(v - x) <= ON for x in self.xs) for v in (b[0], b[2])) and all(
            any(abs(v - y) <= ON for y in self.ys) for v in (b[1], b[3])
        )

    def over(self, b: Box) -> bool:
        """Whether a mark lies inside the box: it holds more than one item (a group's clip)."""
        return any(
            b[0] + ON < (m[0] + m[2]) / 2 < b[2] - ON and b[1] + ON < (m[1] + m[3]) / 2 < b[3] - ON
            for m in self.marks
        )

    def snapped(self, b: Box) -> Box:
        """The box with each unmarked edge moved in to the nearest mark line within SNAP."""

        def snap(v: float, lines: list[float], inward: int) -> float:
            if any(abs(v - m) <= ON for m in lines):
                return v
            near = [m for m in lines if 0 < (m - v) * inward <= SNAP]
            return min(near, key=lambda m: abs(m - v)) if near else v

        return (snap(b[0], self.xs, 1), snap(b[1], self.ys, 1), snap(b[2], self.xs, -1), snap(b[3], self.ys, -1))


def _joined(boxes: list[Box], marks: _Marks) -> list[Box]:
    """The bounds of each group of boxes standing closer than SET_GAP to one another, with no
    cut mark's line between them (two sets' bleeds may touch; a cut parts them)."""
    parent = list(range(len(boxes)))

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for i, j in itertools.combinations(range(len(boxes)), 2):
        a, b = boxes[i], boxes[j]
        if max(a[0], b[0]) - min(a[2], b[2]) > SET_GAP or max(a[1], b[1]) - min(a[3], b[3]) > SET_GAP:
            continue
        cx, cy = sorted((a[0] + a[2], b[0] + b[2])), sorted((a[1] + a[3], b[1] + b[3]))
        if any(cx[0] < 2 * x < cx[1] for x in marks.xs) or any(cy[0] < 2 * y < cy[1] for y in marks.ys):
            continue
        parent[root(i)] = root(j)
    groups: dict[int, list[Box]] = {}
    for i, b in enumerate(boxes):
        groups.setdefault(root(i), []).append(b)
    return [
        (min(b[0] for b in g), min(b[1] for b in g), max(b[2] for b in g), max(b[3] for b in g))
        for g in groups.values()
    ]


def printed_items(page: pymupdf.Page, margin: float = MARGIN, text: str | None = None) -> list[Box]:
    """The items a sheet prints, read from its drawing (see the module's docstring); `text`,
    the page's text where the caller has read it."""
    boxes, clips, raw = _drawn(page, margin)
    if TILE.search(page.get_text("text") if text is None else text):
        # a board part alone on its page: its region's clip, the largest
        return [max(clips, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))] if clips else []
    marks = _Marks(raw)
    boxes = [b for b in boxes if not marks.over(b)]
    items = _outermost([b for b in boxes if marks.edged(b)])
    rest = _outermost([b for b in boxes if not any(_overlap(b, i) for i in items)])
    sets = [marks.snapped(g) for g in _joined(rest, marks)]
    return sorted(items + [s for s in sets if marks.edged(s) and not any(_within(s, i) for i in items)])


def printed_stock(text: str) -> tuple[str, str] | None:
    """The stock and side the page's footer names ("Card sheet 3 of 16, front" is ('card',
    'front'); "Paper sheet 1 of 6, one side" ('paper', 'one side'); "Card 5/10" ('card', '')),
    None on a page that is no sheet (the guide, a map, a calibration page), from its text."""
    found = STOCK.findall(" ".join(text.split()))
    return (found[-1][0].lower(), found[-1][1]) if found else None


class Sheet(NamedTuple):
    number: int  # the page's, from 1
    stock: str  # 'card' or 'paper', as its footer names it
    size: tuple[float, float]  # the page's width and height, mm
    items: list[tuple[dict | None, Box]]  # each printed box, with the manifest item there


_read: dict[str, list[Sheet]] = {}


def printed_sheets(built) -> list[Sheet]:
    """Every sheet a build (conftest's Built) prints with its fronts up, each item's box read
    from the page with the manifest item at that place, for its family (None where the manifest
    has none there; tests/test_printed_items.py proves there is one). Read once per process."""
    key = str(built.pdf)
    if key not in _read:
        fronts = {
            p["number"]: [it for it in p["items"] if it["side"] == "front"]
            for p in built.manifest["pages"]
        }
        out = []
        for page in pymupdf.open(built.pdf):
            text = page.get_text("text")
            footer = printed_stock(text)
            if footer is None or footer[1] == "back":
                continue
            n = page.number + 1
            found = families_of(printed_items(page, MARGIN, text), fronts.get(n, []))
            out.append(Sheet(n, footer[0], (page.rect.width * MM, page.rect.height * MM), found))
        _read[key] = out
    return _read[key]


def box_of(item: dict) -> Box:
    return item["x_mm"], item["y_mm"], item["x_mm"] + item["w_mm"], item["y_mm"] + item["h_mm"]


def same(a: Box, b: Box) -> bool:
    return all(abs(u - v) <= SAME for u, v in zip(a, b, strict=True))


def families_of(printed: list[Box], items: list[dict]) -> list[tuple[dict | None, Box]]:
    """Each printed box with the manifest item at the same place (None if none)."""
    return [(next((it for it in items if same(box_of(it), b)), None), b) for b in printed]


def mismatch(printed: list[Box], items: list[dict]) -> tuple[list[Box], list[Box]]:
    """Manifest boxes the page does not print, and printed boxes the manifest does not list."""
    boxes = [box_of(it) for it in items]
    return (
        [b for b in boxes if not any(same(b, p) for p in printed)],
        [p for p in printed if not any(same(b, p) for b in boxes)],
    )
