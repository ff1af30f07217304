"""Shared sheets read from the printed PDF: families of one stock packed together, never
overlapping, cut apart by guillotine cuts, cut marks on every item edge and over none, each back
behind its front; a family with `own_sheets: true` alone on its sheets."""

from __future__ import annotations

import functools
import itertools
import re

import pymupdf
import pytest
from conftest import one_paper_each, sweep

from pnp.cli import main

MM = 72 / 25.4
TOL = 0.05 * MM
GREY = 0.867  # every item's fill: #dddddd

GAME = """\
id: shared
title: Shared
credits: Test
players: {min: 1, max: 1}
components: [cards.yaml, tokens.yaml, chits.yaml, deck.yaml]
"""
FAMILY = """\
family: {name}
kind: {kind}
size: {{w: {w}mm, h: {h}mm}}
{extra}items:
  - {{id: "{p}{{n}}", for_each: {{n: [{ns}]}}}}
front:
  - rect: {{x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#dddddd"}}
  - text: {{text: "{P}{{n}}", x: 0mm, y: 40%, w: 100%, h: 20%, size: 7pt}}
"""
BACK = """\
back:
  - text: {{text: "{B}{{n}}", x: 0mm, y: 40%, w: 100%, h: 20%, size: 7pt}}
"""
RULES = """\
game: shared
rules:
  - id: cards
    cite: "Eleven cards."
    faces: {family: cards}
    expect: 11
"""
# (name, kind, w, h, count, front word, back word or None, extra keys)
FAMILIES = [
    ("cards", "card", 63, 88, 11, "C", "D", ""),  # a grid page of 9, two left to share
    ("tokens", "counter", 25, 25, 14, "T", "U", ""),
    ("chits", "counter", 15, 32, 9, "H", None, ""),  # one-sided: on any sheet
    ("deck", "card", 50, 70, 3, "K", "L", "own_sheets: true\n"),
]


def build(tmp_path, paper: str, engine: str = "reportlab", flip: str = "long") -> pymupdf.Document:
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "rules.yaml").write_text(RULES, encoding="utf-8")
    for name, kind, w, h, n, front, back, extra in FAMILIES:
        ns = ", ".join(str(i) for i in range(1, n + 1))
        text = FAMILY.format(name=name, kind=kind, w=w, h=h, extra=extra, p=name[0], ns=ns, P=front)
        if back:
            text += BACK.format(B=back)
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    out = tmp_path / f"out-{paper}-{engine}-{flip}"
    args = [
        "build",
        str(folder),
        "--paper",
        paper,
        "--engine",
        engine,
        "--out",
        str(out),
        "--quiet",
    ]
    assert main([*args, "--flip", flip]) == 0
    return pymupdf.open(next(out.rglob(f"*-{paper}.pdf")))


def items_and_marks(page: pymupdf.Page):
    """The items (their grey fills) and the cut marks (black straight strokes) on a page."""
    items, marks = [], []
    for d in page.get_drawings():
        if (
            d["type"] in ("f", "fs")
            and d.get("fill")
            and all(abs(c - GREY) < 0.01 for c in d["fill"])
        ):
            items.append(d["rect"])
        elif (
            d["type"] == "s"
            and d.get("color") == (0.0, 0.0, 0.0)
            and all(i[0] == "l" for i in d["items"])
        ):
            marks += [(i[1], i[2]) for i in d["items"]]
    return items, marks


def guillotine(rects: list[pymupdf.Rect]) -> bool:
    """Whether straight cuts right across the sheet, then across each piece, part every item."""
    if len(rects) <= 1:
        return True
    for lo, hi in ((lambda r: r.x0, lambda r: r.x1), (lambda r: r.y0, lambda r: r.y1)):
        for cut in sorted({hi(r) for r in rects}):
            before = [r for r in rects if hi(r) <= cut + TOL]
            after = [r for r in rects if lo(r) >= cut - TOL]
            if before and after and len(before) + len(after) == len(rects):
                return guillotine(before) and guillotine(after)
    return False


def test_the_guillotine_check_rejects_a_pinwheel():
    """Four items turning round a fifth cannot be parted by cuts right across: the check fails it."""
    R = pymupdf.Rect
    pinwheel = [
        R(0, 0, 20, 10),
        R(20, 0, 30, 20),
        R(10, 20, 30, 30),
        R(0, 10, 10, 30),
        R(10, 10, 20, 20),
    ]
    assert not guillotine(pinwheel)
    assert guillotine([R(0, 0, 10, 10), R(10, 0, 20, 10), R(0, 10, 20, 30)])


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


def cut_count(rects: list[Box], region: Box) -> int:
    """The straight cuts that free every item, each made right across the piece it is made in
    (a paper trimmer, pieces not stacked): in a piece, every line clear of items in one
    direction is cut, or only those at a gap between items (a block of items edge to edge is
    cut out before its items), then each strip the same way; the way that takes fewest cuts."""
    return _cut_count(tuple(sorted(rects)), region)


@functools.cache
def _cut_count(rects: tuple[Box, ...], region: Box) -> int:
    eps = 0.05
    if len(rects) == 1:  # its edges not yet cut
        return sum(abs(a - b) > eps for a, b in zip(rects[0], region, strict=True))
    best = None
    for axis in (0, 1):
        lo, hi = region[axis], region[axis + 2]
        edges = {v for r in rects for v in (r[axis], r[axis + 2]) if lo + eps < v < hi - eps}
        free = sorted(
            v for v in edges if not any(r[axis] + eps < v < r[axis + 2] - eps for r in rects)
        )
        # a gap's edges: clear of items, with no item's edge on the line from the other side
        gaps = [
            v
            for v in free
            if not (
                any(abs(r[axis + 2] - v) <= eps for r in rects)
                and any(abs(r[axis] - v) <= eps for r in rects)
            )
        ]
        for lines in (free, gaps):
            if not lines:
                continue
            bounds, total = [lo, *lines, hi], len(lines)
            for a, b in itertools.pairwise(bounds):
                inside = tuple(r for r in rects if r[axis] >= a - eps and r[axis + 2] <= b + eps)
                sub = (a, region[1], b, region[3]) if axis == 0 else (region[0], a, region[2], b)
                total += _cut_count(inside, sub) if inside else 0
            best = total if best is None else min(best, total)
    assert best is not None, f"items no straight cut parts: {rects}"
    return best


def test_the_cut_count_of_a_grid_and_of_an_item_alone():
    """Counted by hand: a 2 × 3 grid edge to edge is cut out as a block (4 cuts), then 2 cuts
    down it and 1 across each of its 3 columns (9; every line clear of items across the sheet
    first, then 4 down each of the 2 rows, 3 + 8 = 11); an item alone 4, one in a corner 2."""
    grid = [
        (10 + 20 * c, 10 + 30 * r, 30 + 20 * c, 40 + 30 * r) for r in range(2) for c in range(3)
    ]
    assert cut_count(grid, (0, 0, 100, 100)) == 9
    assert cut_count([(10, 10, 20, 20)], (0, 0, 100, 100)) == 4
    assert cut_count([(0, 0, 20, 20)], (0, 0, 100, 100)) == 2
    assert cut_count(BESIDE, (0, 0, 100, 20)) == 7


# a 16 mm item and a block of three 14 mm ones beside it, in a strip 20 mm high: parting the
# block from the item first (x = 16, 20 and 62), then its foot (y = 14), then its items (x = 34
# and 48) takes 3 + 1 + 1 + 2 = 7 cuts; cutting every line clear of items down the strip first
# (5), then each item's foot (4), 9
BESIDE = [(0, 0, 16, 16), (20, 0, 34, 14), (34, 0, 48, 14), (48, 0, 62, 14)]


def words(page: pymupdf.Page) -> dict[str, tuple[float, float]]:
    return {w[4]: ((w[0] + w[2]) / 2, (w[1] + w[3]) / 2) for w in page.get_text("words")}


# each engine and each paper every day, the other two pairs with the deep tests
@pytest.mark.parametrize(
    ("paper", "engine"),
    sweep([(p, e) for p in ("a4", "letter") for e in ("reportlab", "svg")], lambda c: c in {("a4", "reportlab"), ("letter", "svg")}),
)
def test_families_share_sheets_that_cut_apart(tmp_path, paper, engine):
    doc = build(tmp_path, paper, engine)
    sheets = []
    for page in doc:
        items, marks = items_and_marks(page)
        if not items:
            continue
        n = page.number + 1
        sheets.append((page, items))
        for i, a in enumerate(items):  # never overlapping
            for b in items[i + 1 :]:
                inter = pymupdf.Rect(a) & b
                assert inter.is_empty or min(inter.width, inter.height) <= TOL, (
                    f"page {n}: items overlap"
                )
        assert guillotine(items), f"page {n}: the items cannot be parted by guillotine cuts"
        xs = {round(v, 3) for r in items for v in (r.x0, r.x1)}
        ys = {round(v, 3) for r in items for v in (r.y0, r.y1)}
        mx = {round(a.x, 3) for a, b in marks if abs(a.x - b.x) < 1e-6}
        my = {round(a.y, 3) for a, b in marks if abs(a.y - b.y) < 1e-6}
        assert all(min(abs(x - m) for m in mx) <= TOL for x in xs), (
            f"page {n}: an item edge without a mark"
        )
        assert all(min(abs(y - m) for m in my) <= TOL for y in ys), (
            f"page {n}: an item edge without a mark"
        )
        for a, b in marks:
            vertical = abs(a.x - b.x) < 1e-6
            seg = pymupdf.Rect(min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y))
            for r in items:  # a mark along an item's edge is over it too
                if vertical:
                    over = (
                        r.x0 - TOL <= seg.x0 <= r.x1 + TOL
                        and seg.y1 > r.y0 + TOL
                        and seg.y0 < r.y1 - TOL
                    )
                else:
                    over = (
                        r.y0 - TOL <= seg.y0 <= r.y1 + TOL
                        and seg.x1 > r.x0 + TOL
                        and seg.x0 < r.x1 - TOL
                    )
                assert not over, f"page {n}: a cut mark over an item"
    sizes = {name: (w * MM, h * MM) for name, _, w, h, *_ in FAMILIES}

    def family(r: pymupdf.Rect) -> str:
        return next(
            k
            for k, (w, h) in sizes.items()
            if {round(r.width), round(r.height)} == {round(w), round(h)}
        )

    per_sheet = [{family(r) for r in items} for _, items in sheets]
    # the cards' grid page, one sheet shared by what is left of the cards, the tokens and the
    # one-sided chits, and the deck that keeps to a sheet of its own
    assert len(sheets) == 3, per_sheet
    assert sorted(map(sorted, per_sheet)) == [["cards"], ["cards", "chits", "tokens"], ["deck"]]
    counted = sum(len(items) for _, items in sheets)
    assert counted == sum(f[4] for f in FAMILIES)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_lies_behind_its_front_on_a_shared_sheet(tmp_path, flip):
    doc = build(tmp_path, "a4", flip=flip)
    pairs = {front: back for _, _, _, _, _, front, back, _ in FAMILIES}
    checked = 0
    for k, page in enumerate(doc):
        if not items_and_marks(page)[0]:
            continue
        fronts = words(page)
        backs = words(doc[k + 1]) if k + 1 < len(doc) else {}
        W, H = page.rect.width, page.rect.height
        for word, (fx, fy) in fronts.items():
            front, num = word[:1], word[1:]
            if front not in pairs or not num.isdigit():
                continue
            if pairs[front] is None:  # one-sided: nothing of it on the next page
                assert not any(
                    b[1:] == num and b[:1] in "DUL" and _near(backs[b], fx, fy, W, H, flip)
                    for b in backs
                )
                continue
            bx, by = backs[pairs[front] + num]
            assert _near((bx, by), fx, fy, W, H, flip), f"{word}: its back is not behind it"
            checked += 1
    assert checked == 11 + 14 + 3


def _near(b, fx, fy, W, H, flip) -> bool:
    bx, by = b
    seen = (W - bx, by) if flip == "long" else (bx, H - by)
    return abs(seen[0] - fx) < TOL and abs(seen[1] - fy) < TOL


SHIPPED = [
    (g, None)
    for g in (
        "aftershock",
        "earth-our-home",
        "earthquake",
        "global-warming",
        "greenway",
        "piecepack",
    )
]


@pytest.mark.parametrize(
    ("game", "variant", "paper"),
    one_paper_each([(g, v, p) for g, v in [*SHIPPED, ("earth-our-home", "reduced")] for p in ("a4", "letter")]),
)
def test_every_shipped_sheet_cuts_apart(built, game, variant, paper):
    """On every sheet of every game: items apart, parted by guillotine cuts, and each item edge
    with a cut mark printed in the PDF along its line, outside every item."""
    b = built(game, paper, variant=variant)
    doc = b.doc()
    shared = 0
    for page in b.manifest["pages"]:
        if page["kind"] != "sheet" or not page["items"]:
            continue
        n = page["number"]
        rects = [
            pymupdf.Rect(it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])
            * MM
            for it in page["items"]
        ]
        shared += len({it["component"] for it in page["items"]}) > 1
        for i, a in enumerate(rects):
            for c in rects[i + 1 :]:
                inter = pymupdf.Rect(a) & c
                assert inter.is_empty or min(inter.width, inter.height) <= TOL, (
                    f"page {n}: items overlap"
                )
        assert guillotine(rects), f"{game} {paper} page {n}: not parted by guillotine cuts"
        _, lines = items_and_marks(doc[n - 1])

        inner = [(r.x0 + TOL, r.y0 + TOL, r.x1 - TOL, r.y1 - TOL) for r in rects]
        marks = [(a, c) for a, c in lines if _outside(a, c, inner)]
        mx = [a.x for a, c in marks if abs(a.x - c.x) < 1e-6]
        my = [a.y for a, c in marks if abs(a.y - c.y) < 1e-6]
        for r in rects:
            for x in (r.x0, r.x1):
                assert any(abs(x - m) <= TOL for m in mx), (
                    f"{game} {paper} page {n}: no mark at x={x / MM:.1f} mm"
                )
            for y in (r.y0, r.y1):
                assert any(abs(y - m) <= TOL for m in my), (
                    f"{game} {paper} page {n}: no mark at y={y / MM:.1f} mm"
                )
    assert shared >= 1  # every game has families that share a sheet


@pytest.mark.parametrize(
    ("game", "variant", "paper"),
    one_paper_each([(g, v, p) for g, v in [*SHIPPED, ("earth-our-home", "reduced")] for p in ("a4", "letter")]),
)
def test_identical_items_on_a_shared_sheet_stand_the_same_way_round(built, game, variant, paper):
    """Like items stay together the same way round (docs/printing.md), families that name one
    `sheet:` included (Aftershock's bridges among its pieces): every item of one family and one
    size on a sheet is placed at one turn, upright or across."""
    b = built(game, paper, variant=variant)
    for page in b.manifest["pages"]:
        if page["kind"] != "sheet" or len({it["component"] for it in page["items"]}) < 2:
            continue
        turns: dict[tuple, set] = {}
        for it in page["items"]:
            if it.get("tile"):
                continue  # a board's tiles are parts of one item, each its own size
            turned = it["rotation"] % 180 == 90
            size = (it["h_mm"], it["w_mm"]) if turned else (it["w_mm"], it["h_mm"])
            turns.setdefault((it["component"], *size), set()).add(turned)
        mixed = [k for k, v in turns.items() if len(v) > 1]
        assert not mixed, f"{game} {paper} page {page['number']}: {mixed} both upright and turned"


def _outside(a, c, inner) -> bool:
    """A stroke from a to c whose middle is in no item (each item's box shrunk by TOL, as
    (x0, y0, x1, y1)): a cut mark, not the items' own art."""
    x, y = (a.x + c.x) / 2, (a.y + c.y) / 2
    return not any(x0 <= x < x1 and y0 <= y < y1 for x0, y0, x1, y1 in inner)


@pytest.mark.parametrize(
    ("game", "variant", "paper"),
    one_paper_each([(g, v, p) for g, v in [*SHIPPED, ("earth-our-home", "reduced")] for p in ("a4", "letter")]),
)
def test_tiles_reassemble_every_board_at_true_size(built, game, variant, paper):
    """Every board's tiles, on pages of their own or on shared sheets: each prints its region at
    true size, under its label; together they cover the board, neighbours overlapping; the map
    names the pages they are on, and says it leaves out the board's text."""
    b = built(game, paper, variant=variant)
    doc = b.doc()
    boards: dict[tuple, list] = {}
    for page in b.manifest["pages"]:
        for it in page["items"]:
            if "tile" in it:
                boards.setdefault((it["component"], it["id"]), []).append((page["number"], it))
    maps = [p for p in b.manifest["pages"] if p["kind"] == "assembly"]
    assert len(maps) == len(boards)
    words: dict[int, list[str]] = {}  # page -> its words, read once
    boxes: dict[int, list[pymupdf.Rect]] = {}  # page -> the boxes of what it draws, read once
    for (component, _), tiles in boards.items():
        bw, bh = tiles[0][1]["board_mm"]
        for n, it in tiles:
            w, h = (it["w_mm"], it["h_mm"]) if it["rotation"] == 0 else (it["h_mm"], it["w_mm"])
            assert w == pytest.approx(it["region_mm"][2], abs=0.01) and h == pytest.approx(
                it["region_mm"][3], abs=0.01
            )
            if n not in words:
                words[n] = doc[n - 1].get_text().split()
                boxes[n] = [pymupdf.Rect(d["rect"]) for d in doc[n - 1].get_cdrawings()]
            assert it["tile"] in words[n], (component, it["tile"])
            # the art is printed there: something drawn inside the placed box
            box = (  # (and 0.01 mm round it: the outline drawn on its edge, rounded)
                pymupdf.Rect(
                    it["x_mm"] - 0.01,
                    it["y_mm"] - 0.01,
                    it["x_mm"] + it["w_mm"] + 0.01,
                    it["y_mm"] + it["h_mm"] + 0.01,
                )
                * MM
            )
            assert any(box.contains(r) for r in boxes[n]), (
                component,
                it["tile"],
            )
        regions = [it["region_mm"] for _, it in tiles]
        for x in [i * bw / 30 for i in range(31)]:
            for y in [j * bh / 30 for j in range(31)]:
                assert any(
                    r[0] - 1e-6 <= x <= r[0] + r[2] + 1e-6
                    and r[1] - 1e-6 <= y <= r[1] + r[3] + 1e-6
                    for r in regions
                )
        for a in regions:  # each tile overlaps the one to its right and the one below
            right = [r for r in regions if abs(r[1] - a[1]) < 0.01 and r[0] > a[0] + 0.01]
            below = [r for r in regions if abs(r[0] - a[0]) < 0.01 and r[1] > a[1] + 0.01]
            if right:
                assert a[0] + a[2] - min(r[0] for r in right) >= 8.0
            if below:
                assert a[1] + a[3] - min(r[1] for r in below) >= 8.0
    for page in maps:
        text = " ".join(doc[page["number"] - 1].get_text().split())
        assert "leaves out the board's own text" in text
        on = sorted({n for tiles in boards.values() for n, it in tiles})
        assert any(str(n) in text for n in on)


def test_the_guide_says_what_to_buy(tmp_path, built):
    """The guide page counts the sheets of card stock and of paper, and names their pages."""
    doc = build(tmp_path, "a4")
    text = " ".join(doc[0].get_text().split())
    held = [p.number + 1 for p in doc if items_and_marks(p)[0]]
    assert f"To buy: 3 sheets of card stock (A4: pages {', '.join(map(str, held))})" in text
    assert "of paper" not in text.split("To buy:")[1].split(".")[0]
    b = built("greenway", "letter")
    text = " ".join(b.doc()[0].get_text().split())
    by_stock: dict[str, set[int]] = {}
    for page, it in ((p, it) for p in b.manifest["pages"] for it in p["items"]):
        if page["kind"] in ("sheet", "tile", "fold") and it["side"] == "front":
            by_stock.setdefault(it["stock"], set()).add(page["number"])
    card, paper = len(by_stock["card"]), len(by_stock["paper"])
    assert card >= 5 and paper >= 1
    assert f"To buy: {card} sheets of card stock" in text and f"and {paper} sheets of paper" in text
    # one sheet is one page: "1 sheet of paper (A4: page 2)"
    text = " ".join(built("global-warming", "a4").doc()[0].get_text().split())
    assert "1 sheet of paper (A4: page 2)" in text


TILE_LABEL = re.compile(r"^([A-Z]+)(\d+)\s+(.+?) \(board part\)")
BOARD_SIZE = re.compile(r"The board is ([\d.]+) × ([\d.]+) mm")


def _printed_tiles(
    doc: pymupdf.Document,
) -> dict[str, dict[tuple[str, int], tuple[int, pymupdf.Rect]]]:
    """Each board's tiles as printed: label (row, column) -> page and the tile's outline, the thin
    grey rectangle round its region, the one nearest its label."""
    boards: dict[str, dict] = {}
    for page in doc:
        outlines = [
            d["rect"]
            for d in page.get_drawings()
            if d.get("color")
            and all(abs(v - 0x77 / 255) < 0.01 for v in d["color"])
            # a rectangle, or four lines where the tile is turned on a shared sheet
            and [i[0] for i in d["items"]] in (["re"], ["l"] * 4)
        ]
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                found = TILE_LABEL.match("".join(s["text"] for s in line["spans"]))
                if not found:
                    continue
                row, col, board = found.group(1), int(found.group(2)), found.group(3)
                label = pymupdf.Rect(line["bbox"])

                def gap(r, label=label):
                    dx = max(r.x0 - label.x1, label.x0 - r.x1, 0)
                    dy = max(r.y0 - label.y1, label.y0 - r.y1, 0)
                    return dx + dy

                near = min(outlines, key=gap)
                # (on a shared sheet the ticks reaching past the tile lie between them)
                assert gap(near) < 8 * MM, (page.number + 1, board, row, col)
                boards.setdefault(board, {})[(row, col)] = (page.number + 1, near)
    return boards


def _reassembles(dims: dict, turns, rows: list, cols: list, bw: float, bh: float) -> bool:
    """The tiles, each its way round, make a grid covering the board with a 10 mm overlap at
    every seam: a column as wide in every row, a row as high in every column."""
    wh = {k: (d[::-1] if t else d) for (k, d), t in zip(dims.items(), turns, strict=True)}
    widths = [wh[(rows[0], c)][0] for c in cols]
    heights = [wh[(r, cols[0])][1] for r in rows]
    same = all(
        abs(wh[(r, c)][0] - widths[i]) < 0.1 and abs(wh[(r, c)][1] - heights[j]) < 0.1
        for j, r in enumerate(rows)
        for i, c in enumerate(cols)
    )
    ox = (sum(widths) - bw) / (len(cols) - 1)
    oy = (sum(heights) - bh) / (len(rows) - 1)
    return same and 9.8 < ox < 10.2 and 9.8 < oy < 10.2


def test_the_reduced_globes_tile_on_five_a4_sheets_and_reassemble(built):
    """Read from the PDF alone: the reduced Earth Our Home's two 75 % globes, full-height tiles
    and the strips under them packed four to a sheet, take 5 sheets of A4 (their area alone needs
    5), and each globe's tiles, every one under its label, reassemble it at its printed size with
    the 10 mm gluing overlap at every seam."""
    doc = built("earth-our-home", "a4", variant="reduced").doc()
    sizes = {}
    for page in doc:
        text = " ".join(page.get_text().split())
        if text.startswith("Assembly map: "):
            name = text.removeprefix("Assembly map: ").split(" (board part)")[0]
            w, h = BOARD_SIZE.search(text).groups()
            sizes[name] = (float(w), float(h))
    boards = _printed_tiles(doc)
    assert set(boards) == set(sizes) == {"Earth 1", "Earth 2"}
    sheets = {n for tiles in boards.values() for n, _ in tiles.values()}
    assert len(sheets) == 5, sorted(sheets)
    for name, tiles in boards.items():
        bw, bh = sizes[name]
        rows = sorted({r for r, _ in tiles})
        cols = sorted({c for _, c in tiles})
        assert len(tiles) == len(rows) * len(cols) == 4, (name, sorted(tiles))
        dims = {k: (r.width / MM, r.height / MM) for k, (_, r) in tiles.items()}
        turns = itertools.product((False, True), repeat=len(dims))
        assert any(_reassembles(dims, t, rows, cols, bw, bh) for t in turns), (
            name,
            {k: (round(w, 1), round(h, 1)) for k, (w, h) in dims.items()},
            (bw, bh),
        )


@pytest.mark.parametrize(
    ("game", "variant", "paper"),
    one_paper_each([(g, v, p) for g, v in [*SHIPPED, ("earth-our-home", "reduced")] for p in ("a4", "letter")]),
)
def test_every_shipped_back_lies_behind_its_front(built, game, variant, paper):
    """On every shipped sheet printed on both sides: each two-sided item's back is on the page
    after its front, where the paper's duplex flip carries the front, and the PDF prints
    something there (a back drawn elsewhere would leave that place blank)."""
    b = built(game, paper, variant=variant)
    doc = b.doc()
    W, H = b.manifest["page_size_mm"]
    flip = b.manifest["duplex_flip"]
    pages = {p["number"]: p for p in b.manifest["pages"]}
    checked = 0
    for n, page in pages.items():
        backs = pages.get(n + 1)
        if page["kind"] != "sheet" or not backs or backs["kind"] != "backs":
            continue
        behind = {(it["component"], it["id"]): it for it in backs["items"]}
        for it in page["items"]:
            back = behind.pop((it["component"], it["id"]), None)
            if back is None:
                continue  # a one-sided item on a duplex sheet: nothing behind it
            x, y, w, h = it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"]
            want = (W - x - w, y) if flip == "long" else (x, H - y - h)
            assert abs(back["x_mm"] - want[0]) <= 0.01 and abs(back["y_mm"] - want[1]) <= 0.01, (
                f"{game} {paper} page {n + 1}: {it['id']}'s back is at {back['x_mm']}, {back['y_mm']}, not {want}"
            )
            clip = pymupdf.Rect(back["x_mm"], back["y_mm"], back["x_mm"] + w, back["y_mm"] + h) * MM
            pix = doc[n].get_pixmap(clip=clip, dpi=24)
            assert any(v < 245 for v in pix.samples), (
                f"{game} {paper} page {n + 1}: nothing printed behind {it['id']}"
            )
            checked += 1
        assert not behind, f"{game} {paper} page {n + 1}: backs with no front: {sorted(behind)[:3]}"
    assert checked, f"{game} {paper}: no two-sided item found on a duplex sheet"


@pytest.mark.parametrize(
    ("game", "variant", "paper"),
    one_paper_each([(g, v, p) for g, v in [*SHIPPED, ("earth-our-home", "reduced")] for p in ("a4", "letter")]),
)
def test_a_shared_sheet_takes_few_more_cuts_than_its_families_alone(built, game, variant, paper):
    """The bound in docs/printing.md: a shared sheet of F families needs at most the cuts each
    family's items would need alone on the sheet, plus F - 1 (a cut to part each further block)."""
    b = built(game, paper, variant=variant)
    for page in b.manifest["pages"]:
        families: dict[str, list[Box]] = {}
        for it in page["items"]:
            x, y = it["x_mm"], it["y_mm"]
            families.setdefault(it["component"], []).append((x, y, x + it["w_mm"], y + it["h_mm"]))
        if page["kind"] != "sheet" or len(families) < 2:
            continue
        region = (0.0, 0.0, *page["size_mm"])
        cuts = cut_count([r for rs in families.values() for r in rs], region)
        alone = {f: cut_count(rs, region) for f, rs in families.items()}
        bound = sum(alone.values()) + len(families) - 1
        assert cuts <= bound, (
            f"{game} {paper} page {page['number']}: {cuts} cuts, bound {bound} ({alone})"
        )
