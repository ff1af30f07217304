"""Branches no shipped game takes, each taken by a small game of its own and read from the print.

The shipped games print on the default gutter of 0, never scale a bled family, bleed no polygon,
turn no two-sided item on its page, have no black fill between a piece's part and a back, and
in `pnp serve` nobody saves an image at the same size: a bug on any of these paths passed every
game test. Each test here builds the smallest game that takes the path.
"""

from __future__ import annotations

import math
import os

import pymupdf
import pytest

from pnp.serve.digest import Namer, file_stamp
from pnp.spec.paper import load_paper
from tests.conftest import build_a4, game_yaml

MM = 72 / 25.4


def built(tmp_path, cards: str, *extra: str, engine: str = "reportlab") -> pymupdf.Document:
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(game_yaml("branch"), encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    out = tmp_path / f"out-{engine}-{len(extra)}"
    assert build_a4(folder, out, engine, *extra) == 0
    return pymupdf.open(next(out.rglob("*-a4.pdf")))


def mm_rect(r) -> tuple[float, float, float, float]:
    return (r.x0 / MM, r.y0 / MM, r.x1 / MM, r.y1 / MM)


def outlines(page, w: float, h: float) -> list[tuple[float, float, float, float]]:
    """The stroked w x h mm outlines on a page (cut lines), either way up, top to bottom, left
    to right."""
    found = {
        tuple(round(v, 2) for v in mm_rect(d["rect"]))
        for d in page.get_drawings()
        if d.get("color")
        and sorted((round(d["rect"].width / MM, 1), round(d["rect"].height / MM, 1)))
        == sorted((w, h))
    }
    return sorted(found, key=lambda r: (r[1], r[0]))


# -- a gutter: the cards stand that far apart, and as many fit as the page holds ----------------

GUTTER_CARDS = """\
family: cards
kind: card
gutter: 4mm
size: {w: 62mm, h: 90mm}  # three across A4's 196 mm with two gutters (200 less 4 for marks)
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]}}
front:
  - text: {text: "C{n}", y: 30mm, h: 10mm}
"""


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_a_gutter_grid_spaces_cards_by_the_gutter_and_fills_the_page(tmp_path, engine):
    doc = built(tmp_path, GUTTER_CARDS, engine=engine)
    page = next(p for p in doc if "C1" in p.get_text().split())
    cards = outlines(page, 62, 90)
    paper = load_paper("a4")
    # a cut line keeps room for a mark at one end, inside the margin: the 1 mm gap and 3 mm
    room = 1 + 3
    aw, ah = paper.size.w - 2 * paper.margin - room, paper.size.h - 2 * paper.margin - room
    fits = max(
        math.floor((aw + 4) / (cw + 4)) * math.floor((ah + 4) / (ch + 4))
        for cw, ch in ((62, 90), (90, 62))
    )
    assert len(cards) == fits, (
        f"{len(cards)} cards on the first page; {fits} fit with a 4 mm gutter"
    )
    gaps = {
        round(b[0] - a[2], 2)
        for a, b in zip(cards, cards[1:], strict=False)
        if abs(a[1] - b[1]) < 0.1
    }
    gaps |= {
        round(b[1] - a[3], 2)
        for a in cards
        for b in cards
        if abs(a[0] - b[0]) < 0.1 and 0 < b[1] - a[3] < 20
    }
    assert gaps == {4.0}, f"gaps between neighbouring cards: {sorted(gaps)} mm, not the 4 mm gutter"
    left, right = min(c[0] for c in cards), max(c[2] for c in cards)
    # centred, but for the room of a mark at one end of each cut line (4 mm, left)
    free_l, free_r = left - paper.margin, paper.size.w - paper.margin - right
    assert free_l == pytest.approx(max((free_l + free_r) / 2, room), abs=0.05), (
        f"the grid is not centred across the page: {left:.2f} mm and {paper.size.w - right:.2f} mm free"
    )


# -- a bled family at half scale, with a band and a corner polygon at its edges -----------------

BLED_CARDS = """\
family: cards
kind: card
bleed: 2mm
scale: 0.5
size: {w: 60mm, h: 80mm}
background: "#2040a0"
items:
  - {id: c1}
front:
  - rect: {x: 0mm, y: 0mm, w: 60mm, h: 10mm, fill: "#c02020"}
  - polygon: {points: [[60mm, 80mm], [40mm, 80mm], [60mm, 60mm]], fill: "#20a040"}
  - text: {text: Bled, y: 30mm, h: 10mm}
"""


def filled(page, colour: str) -> list[tuple[float, float, float, float]]:
    want = tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return [
        mm_rect(d["rect"])
        for d in page.get_drawings()
        if d.get("fill") and max(abs(a - b) for a, b in zip(d["fill"], want, strict=True)) < 0.01
    ]


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_the_bleed_of_a_scaled_family_is_its_printed_width_and_reaches_bands_and_polygons(
    tmp_path, engine
):
    page = next(p for p in built(tmp_path, BLED_CARDS, engine=engine) if "Bled" in p.get_text())
    # printed: a 30 x 40 mm piece, 2 mm of bleed on every side (the bleed is not scaled)
    [ground] = filled(page, "#2040a0")
    x0, y0 = ground[0], ground[1]
    assert (ground[2] - x0, ground[3] - y0) == pytest.approx((34, 44), abs=0.05), (
        f"background {ground}"
    )
    [band] = filled(page, "#c02020")
    assert tuple(v - o for v, o in zip(band, (x0, y0, x0, y0), strict=True)) == pytest.approx(
        (0, 0, 34, 7), abs=0.05
    ), "the band at the top edge reaches the bleed on three sides and keeps its 5 mm inside"
    [corner] = filled(page, "#20a040")
    assert tuple(v - o for v, o in zip(corner, (x0, y0, x0, y0), strict=True)) == pytest.approx(
        (22, 32, 34, 44), abs=0.05
    ), "the corner triangle's edge points reach the bleed; its inner point stays"


# -- two-sided cards turned on their page, duplex on the long edge ------------------------------

ROTATED_CARDS = """\
family: cards
kind: card
size: {w: 120mm, h: 50mm}
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3, 4, 5, 6]}}  # one page turned, two upright
front:
  - text: {text: "F{n}", x: 5mm, y: 5mm, w: 30mm, h: 8mm, align: left}
  - text: {text: "M{n}", x: 85mm, y: 5mm, w: 30mm, h: 8mm, align: right}
back:
  - text: {text: "B{n}", x: 5mm, y: 5mm, w: 30mm, h: 8mm, align: left}
"""


def centres(page, prefix: str) -> dict[str, tuple[float, float]]:
    return {
        w[1:]: ((x0 + x1) / 2 / MM, (y0 + y1) / 2 / MM)
        for x0, y0, x1, y1, w, *_ in page.get_text("words")
        if w.startswith(prefix) and w[1:].isdigit()
    }


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_a_turned_cards_back_lands_behind_its_own_mirror_corner(tmp_path, engine):
    """Turned over like a card (about its own long axis), the back's top-left lies behind the
    front's top-right: for a card turned 90° on its page as for one that is not."""
    doc = built(tmp_path, ROTATED_CARDS, "--flip", "long", engine=engine)
    n = next(i for i, p in enumerate(doc) if "F1" in p.get_text().split())
    front, back = doc[n], doc[n + 1]
    cards = outlines(front, 50, 120)
    assert len(cards) == 6 and all(c[3] - c[1] > 100 for c in cards), (
        "the 120 x 50 mm cards are turned on the page"
    )
    mirror, backs = centres(front, "M"), centres(back, "B")
    assert sorted(mirror) == sorted(backs) == ["1", "2", "3", "4", "5", "6"]
    W = back.rect.width / MM
    for n, (bx, by) in backs.items():
        seen = (
            W - bx,
            by,
        )  # through the sheet, flipped on its long edge (1 mm: M and B differ in width)
        assert seen == pytest.approx(mirror[n], abs=1), (
            f"card {n}: back text lands at {seen}, not behind {mirror[n]}"
        )


# -- ink saver: a black fill between a piece's part and a back stays black ----------------------

BLACK_CARDS = """\
family: boards
kind: board
size: {w: 150mm, h: 100mm}
items:
  - {id: b1}
front:
  - rect: {x: 5mm, y: 5mm, w: 20mm, h: 20mm, fill: black}
  - rect: {x: 40mm, y: 5mm, w: 30mm, h: 30mm, fill: black}
  - rect: {x: 5mm, y: 45mm, w: 60mm, h: 40mm, fill: black}
  - text: {text: Ink, x: 100mm, y: 50mm, w: 30mm, h: 10mm}
"""


def test_ink_saver_keeps_mid_size_black_fills_and_lightens_back_sized_ones(tmp_path):
    page = next(
        p for p in built(tmp_path, BLACK_CARDS, "--ink-saver") if "Ink" in p.get_text().split()
    )
    black = [r for r in filled(page, "#000000")]

    def has(w: float, h: float) -> bool:
        return any(abs(r[2] - r[0] - w) < 0.1 and abs(r[3] - r[1] - h) < 0.1 for r in black)

    assert has(20, 20), "a 4 cm² black square (a piece's part) stays black"
    assert has(30, 30), "a 9 cm² black square, below a back's size, stays black"
    assert not has(60, 40), "a 24 cm² black area (a back's size) is lightened"


# -- pnp serve: an image saved at the same size is a new image ---------------------------------


def test_a_same_size_save_changes_the_files_stamp_and_the_drawings_name(tmp_path):
    from pnp.draw.primitives import Image
    from pnp.draw.symbols import SymbolBook

    art = tmp_path / "art.png"
    art.write_bytes(b"\x89PNG first version")
    namer = Namer(SymbolBook(), {})
    drawing = Image(0, 0, 10, 10, str(art))
    before, name = file_stamp(art), namer.name(drawing, 100, 100)
    st = os.stat(art)
    art.write_bytes(b"\x89PNG other version")  # the same number of bytes
    os.utime(art, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    assert art.stat().st_size == st.st_size
    assert file_stamp(art) != before, "a save of the same size is seen"
    assert namer.name(drawing, 100, 100) != name, "the face showing the image is drawn again"


# -- a board needing exactly --max-tiles pages is printed; one page fewer is refused ------------

BOARD = """\
family: board
kind: board
size: {w: 300mm, h: 250mm}
items:
  - {id: b1}
front:
  - text: {text: Board, y: 100mm, h: 20mm}
"""


def test_a_board_needing_exactly_max_tiles_pages_is_printed(tmp_path):
    doc = built(tmp_path, BOARD)
    tiles = [
        p for p in doc if any(w[0] == "A" and w[1:].isdigit() for w in p.get_text().split()[:3])
    ]
    assert len(tiles) >= 2, "the board is tiled"
    folder = tmp_path / "game"
    assert build_a4(folder, tmp_path / "exact", "reportlab", "--max-tiles", str(len(tiles))) == 0
    assert (
        build_a4(folder, tmp_path / "fewer", "reportlab", "--max-tiles", str(len(tiles) - 1)) == 2
    )


# -- a hex one past the grid's last row or column is refused ------------------------------------


@pytest.mark.parametrize(
    "where", ["{row: 3, col: 2, terrain: sea}", "{row: 2, col: 4, terrain: sea}"]
)
def test_a_hex_just_past_the_grid_is_refused(tmp_path, capsys, where):
    """tests/data/hexes is 3 rows by 4 columns, counted from 0: row 3 and column 4 are outside."""
    import shutil
    from pathlib import Path

    folder = tmp_path / "hexes"
    shutil.copytree(Path(__file__).parent / "data" / "hexes", folder)
    f = folder / "island.yaml"
    assert "grid: {rows: 3, cols: 4" in f.read_text()
    f.write_text(f.read_text().replace("{row: 2, col: 2, terrain: sea}", where))
    assert build_a4(folder, tmp_path / "out") == 2
    err = capsys.readouterr().err
    assert "hex outside the grid" in err and "island.yaml" in err


# -- a rule on a size fails when the printed size is half a millimetre off ----------------------

SIZED = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: c1}
front:
  - text: {text: Sized}
"""


@pytest.mark.parametrize(("expect", "code"), [("63mm", 0), ("62.5mm", 1), ("2.48in", 0)])
def test_a_size_rule_holds_to_a_hundredth_of_a_millimetre(tmp_path, capsys, expect, code):
    from pnp.cli import main

    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(
        game_yaml("sized").replace("rules: null\n", ""), encoding="utf-8"
    )
    (folder / "cards.yaml").write_text(SIZED, encoding="utf-8")
    rules = f'game: sized\nrules:\n  - id: width\n    cite: "Cards are 63 mm wide."\n    property: {{family: cards, key: size.w}}\n    expect: {expect}\n'
    (folder / "rules.yaml").write_text(rules, encoding="utf-8")
    assert main(["check", str(folder)]) == code, capsys.readouterr().out


# -- pnp serve's hover label shows a card's rules text whole, cutting only a runaway value ------


def test_serve_hover_labels_keep_a_cards_text_whole():
    from pnp.serve.snapshot import _attrs

    rules_text = (
        "When you play this card, draw two cards, then discard one card of your choice; " * 2
    )
    assert 150 < len(rules_text) <= 200
    shown = _attrs({"text": rules_text, "cost": 3, "runaway": "x" * 5000})
    assert shown["text"] == rules_text and shown["cost"] == "3"
    assert shown["runaway"].endswith("...") and len(shown["runaway"]) <= 200


# -- a standee's base panels in a colour of their own sit exactly between their folds ----------

STANDEE = """\
family: pawns
kind: standee
size: {w: 20mm, h: 30mm}
base: 10mm
background: white
base_background: "#20a040"
items:
  - {id: hero}
front:
  - text: {text: Hero, size: 8pt}
"""


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_a_standees_base_panels_are_their_depth_and_two_figures_apart(tmp_path, engine):
    page = next(p for p in built(tmp_path, STANDEE, engine=engine) if "Hero" in p.get_text())
    bases = sorted(
        {
            (round(r[0], 2), round(r[1], 2), round(r[2], 2), round(r[3], 2))
            for r in filled(page, "#20a040")
        },
        key=lambda r: r[1],
    )
    assert len(bases) == 2, bases
    (top, bottom) = bases
    for b in bases:
        assert (b[2] - b[0], b[3] - b[1]) == pytest.approx((20, 10), abs=0.05), (
            f"a base panel is {b}"
        )
    assert bottom[1] - top[3] == pytest.approx(2 * 30, abs=0.05), (
        "back and front panels between the bases"
    )


# -- a preview of one family keeps the other families' previews ---------------------------------


def test_a_preview_of_one_family_keeps_the_others(small_game, tmp_path):
    from pnp.cli import main

    out = tmp_path / "out"
    assert main(["preview", str(small_game), "--out", str(out), "--dpi", "20", "--quiet"]) == 0
    before = {p.relative_to(out).parts[-2:] for p in out.rglob("*.png")}
    assert {f for f, _ in before} >= {"board", "deck"}
    assert (
        main(
            [
                "preview",
                str(small_game),
                "--out",
                str(out),
                "--dpi",
                "20",
                "--family",
                "deck",
                "--quiet",
            ]
        )
        == 0
    )
    after = {p.relative_to(out).parts[-2:] for p in (out / "small").rglob("*.png")}
    assert {p for p in before if p[0] == "board"} <= after, "the board's previews are kept"
    assert {p for p in before if p[0] == "deck"} <= after, "the deck's previews are written again"


# -- Tabletop Simulator: a small card's image stops at 300 dpi ---------------------------------


def test_tts_small_cards_are_drawn_at_300_dpi_and_poker_cards_fill_the_sheet():
    """No shipped deck is small enough for the 300 dpi cap: a 20 x 30 mm card is 236 x 354 px;
    a poker card is as large as ten across and seven down a 4096 px sheet allow (one side full)."""
    from pnp.export.tts import cell_size

    assert cell_size(20, 30) == (236, 354)
    w, h = cell_size(63.5, 88.9)
    assert w <= 4096 // 10 and h <= 4096 // 7 and min(4096 // 10 - w, 4096 // 7 - h) <= 2
