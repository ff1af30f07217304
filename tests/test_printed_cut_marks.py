"""Cut marks read from the printed PDF: on the items' edges within 0.05 mm, never over an item."""

from __future__ import annotations

import pymupdf
import pytest

from pnp.cli import main

MM = 72 / 25.4
TOL = 0.05 * MM
GAME = """\
id: marks
title: Marks
credits: Test
players: {min: 1, max: 1}
components: [cards.yaml, tokens.yaml, chits.yaml]
"""
CARDS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}}
front:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#dddddd"}
"""
TOKENS = """\
family: tokens
kind: counter
size: {w: 25mm, h: 25mm}
sheet: bits
items:
  - {id: "t{n}", for_each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]}}
front:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#dddddd"}
"""
# a second size on the same sheet: the two families are packed, with corner ticks in the gutters
CHITS = """\
family: chits
kind: counter
size: {w: 15mm, h: 32mm}
sheet: bits
items:
  - {id: "h{n}", for_each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9]}}
front:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#dddddd"}
"""
RULES = """\
game: marks
rules:
  - id: cards
    cite: "Eleven cards."
    faces: {family: cards}
    expect: 11
"""


def build(tmp_path, paper: str, engine: str, fold: bool = False) -> pymupdf.Document:
    folder = tmp_path / "game"
    folder.mkdir()
    # gutter-fold: the same items with backs, fronts and backs on one sheet
    back = "back:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: \"#dddddd\"}\n" if fold else ""
    for name, text in (("game", GAME), ("cards", CARDS + back), ("tokens", TOKENS + back), ("chits", CHITS + back), ("rules", RULES)):
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    fold_flag = ["--fold"] if fold else []
    assert main(["build", str(folder), "--paper", paper, "--engine", engine, "--out", str(out), "--quiet", *fold_flag]) == 0
    return pymupdf.open(next(out.rglob(f"*-{paper}.pdf")))


def items_and_marks(page: pymupdf.Page):
    """The items (their grey fills) and the cut marks (black straight strokes) on a page."""
    items, marks = [], []
    for d in page.get_drawings():
        if d["type"] in ("f", "fs") and d.get("fill") and all(abs(c - 0.867) < 0.01 for c in d["fill"]):
            items.append(d["rect"])
        elif d["type"] == "s" and d.get("color") == (0.0, 0.0, 0.0) and all(i[0] == "l" for i in d["items"]):
            marks += [(i[1], i[2]) for i in d["items"]]
    return items, marks


@pytest.mark.parametrize("fold", [False, True], ids=["duplex", "fold"])
@pytest.mark.parametrize("engine", ["reportlab", "svg"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_on_item_edges_and_never_over_an_item(tmp_path, paper, engine, fold):
    doc = build(tmp_path, paper, engine, fold)
    pages = 0
    for page in doc:
        items, marks = items_and_marks(page)
        if not items:
            continue
        pages += 1
        xs = {round(v, 3) for r in items for v in (r.x0, r.x1)}
        ys = {round(v, 3) for r in items for v in (r.y0, r.y1)}
        assert marks, f"page {page.number + 1}: items but no cut marks"
        for a, b in marks:
            if abs(a.x - b.x) < 1e-6:  # vertical: on some item's left or right edge
                assert min(abs(a.x - x) for x in xs) <= TOL, f"page {page.number + 1}: mark at x={a.x / MM:.2f} mm"
            else:
                assert abs(a.y - b.y) < 1e-6, "cut marks are straight and square to the page"
                assert min(abs(a.y - y) for y in ys) <= TOL, f"page {page.number + 1}: mark at y={a.y / MM:.2f} mm"
            seg = pymupdf.Rect(min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))
            for r in items:
                # a mark on an item's edge line is over the item where it runs along that edge
                if abs(a.x - b.x) < 1e-6:
                    over = r.x0 - TOL <= seg.x0 <= r.x1 + TOL and seg.y1 > r.y0 + TOL and seg.y0 < r.y1 - TOL
                else:
                    over = r.y0 - TOL <= seg.y0 <= r.y1 + TOL and seg.x1 > r.x0 + TOL and seg.x0 < r.x1 - TOL
                assert not over, f"page {page.number + 1}: a cut mark runs over an item"
        # every item edge has a mark along it
        mx = {round(a.x, 3) for a, b in marks if abs(a.x - b.x) < 1e-6}
        my = {round(a.y, 3) for a, b in marks if abs(a.y - b.y) < 1e-6}
        assert all(min(abs(x - m) for m in mx) <= TOL for x in xs)
        assert all(min(abs(y - m) for m in my) <= TOL for y in ys)
    assert pages >= 2
