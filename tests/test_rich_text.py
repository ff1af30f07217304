"""Rich text read from the printed PDF: bold and italic spans in their fonts, inline symbols on
the baseline inside the text box, wrapping and shrinking with the words, the font's kerning.
Both engines."""

from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf
import pytest
from conftest import build_a4, game_yaml
from fontTools.ttLib import TTFont

from pnp.draw.fonts import BUILTIN

MM = 72 / 25.4
BLUE = (0x15 / 255, 0x65 / 255, 0xC0 / 255)
GAME = game_yaml("rich", extra="fonts:\n  title: fonts/Title.ttf\n  title-bold: fonts/Title-Bold.ttf\n")
# A square that fills its whole view box: the drawn square is the inline symbol's box.
BOX_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="currentColor"/></svg>'
CARDS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: c1}
front:
  - text: {text: "Gain **two** :box: coins, then *discard* one.", x: 5mm, y: 5mm, w: 53mm, h: 10mm, size: 9pt, colour: "#1565c0", align: left}
  - text: {text: "Pay four :box: now", x: 5mm, y: 20mm, w: 15mm, h: 12mm, size: 9pt, colour: "#1565c0", align: left, valign: top}
  - text: {text: "AVAVAV", x: 5mm, y: 35mm, w: 53mm, h: 8mm, size: 12pt, align: left}
  - text: {text: "Star \\\\* and \\\\:box\\\\: stay", x: 5mm, y: 45mm, w: 53mm, h: 8mm, size: 9pt}
  - text: {text: "A long line :box: with :box: symbols to shrink", x: 5mm, y: 55mm, w: 40mm, h: 6mm, size: 12pt, fit: shrink, colour: "#1565c0"}
  - text: {text: "Own **font**", x: 5mm, y: 65mm, w: 53mm, h: 8mm, size: 10pt, font: title}
"""
BOXES = {"first": (5, 5, 53, 10), "wrap": (5, 20, 15, 12), "shrink": (5, 55, 40, 6)}


def make_game(folder: Path, cards: str = CARDS) -> Path:
    (folder / "art").mkdir(parents=True)
    (folder / "fonts").mkdir()
    (folder / "art" / "box.svg").write_text(BOX_SVG)
    shutil.copy(BUILTIN["regular"], folder / "fonts" / "Title.ttf")
    shutil.copy(BUILTIN["bold"], folder / "fonts" / "Title-Bold.ttf")
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(cards)
    return folder


@pytest.fixture(scope="module", params=["reportlab", "svg"])
def page(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"rich-{request.param}")
    folder = make_game(tmp / "game")
    assert build_a4(folder, tmp / "o", request.param) == 0
    doc = pymupdf.open(next((tmp / "o").rglob("*-a4.pdf")))
    return next(p for p in doc if "AVAVAV" in p.get_text())


def spans(page) -> list[dict]:
    return [
        s
        for b in page.get_text("rawdict")["blocks"]
        for ln in b.get("lines", [])
        for s in ln["spans"]
    ]


def span(page, text: str) -> dict:
    for s in spans(page):
        if "".join(c["c"] for c in s["chars"]).strip() == text:
            return s
    raise AssertionError(
        f"no span {text!r}: {[''.join(c['c'] for c in s['chars']) for s in spans(page)]}"
    )


def card_origin(page) -> tuple[float, float]:
    """The card's top-left in mm: the first text box's left edge is 5 mm in, its top 5 mm down."""
    s = span(page, "Gain")
    cap = _cap(BUILTIN["regular"])
    # first line of a one-line box: baseline at the box's middle plus half the cap height
    return s["origin"][0] / MM - 5, s["origin"][1] / MM - (5 + 5 + cap * 9 * 25.4 / 72 / 2)


def icons(page) -> list[pymupdf.Rect]:
    out = []
    for d in page.get_drawings():
        fill = d.get("fill")
        if fill and all(abs(a - b) < 0.01 for a, b in zip(fill, BLUE, strict=True)):
            out.append(pymupdf.Rect(*(v / MM for v in d["rect"])))
    return sorted(out, key=lambda r: (round(r.y0), r.x0))


def _cap(path) -> float:
    """The top of the font's 'H' (Vera has no OS/2 capital height), in ems."""
    tt = TTFont(str(path))
    return tt["glyf"][tt.getBestCmap()[ord("H")]].yMax / tt["head"].unitsPerEm


def test_bold_and_italic_spans_print_in_their_fonts(page):
    assert "Bold" in span(page, "two")["font"]
    assert "Obliqu" in span(page, "discard")["font"]  # PostScript names are cut short
    assert "Bold" not in span(page, "Gain")["font"] and "Obliqu" not in span(page, "Gain")["font"]


def test_a_games_own_font_prints_its_bold_file(page):
    assert "Bold" in span(page, "font")["font"]
    assert "Bold" not in span(page, "Own")["font"]


def test_inline_symbol_sits_on_the_baseline_between_its_words(page):
    first = icons(page)[0]
    base = span(page, "coins, then")["origin"][1] / MM
    assert first.y1 == pytest.approx(base, abs=0.05), "the symbol rests on the baseline"
    side = 9 * 25.4 / 72 * _cap(BUILTIN["regular"])
    assert first.height == pytest.approx(side, abs=0.05) and first.width == pytest.approx(
        side, abs=0.05
    )
    two = span(page, "two")
    assert two["bbox"][2] / MM < first.x0 < first.x1 < span(page, "coins, then")["bbox"][2] / MM
    ox, oy = card_origin(page)
    x, y, w, h = BOXES["first"]
    assert (
        ox + x <= first.x0
        and first.x1 <= ox + x + w
        and oy + y <= first.y0
        and first.y1 <= oy + y + h
    )


def test_inline_symbol_wraps_with_the_words(page):
    ox, oy = card_origin(page)
    x, y, w, h = BOXES["wrap"]
    inside = [r for r in icons(page) if oy + y - 1 < r.y0 < oy + y + h]
    assert len(inside) == 1
    sym = inside[0]
    pay = span(page, "Pay four")
    assert sym.y1 > pay["origin"][1] / MM + 1, (
        "the symbol went down to the second line with its word"
    )
    assert sym.x0 == pytest.approx(ox + x, abs=0.05), "and starts that line"
    assert sym.y1 == pytest.approx(span(page, "now")["origin"][1] / MM, abs=0.05)


def test_shrink_fits_text_and_symbols_in_the_box(page):
    ox, oy = card_origin(page)
    x, y, w, h = BOXES["shrink"]
    inside = [r for r in icons(page) if oy + y - 1 < r.y0 < oy + y + h]
    assert len(inside) == 2
    shrunk = [s for s in spans(page) if oy + y < s["origin"][1] / MM < oy + y + h]
    assert shrunk and all(s["size"] < 12 for s in shrunk)
    for r in inside + [pymupdf.Rect(*(v / MM for v in s["bbox"])) for s in shrunk]:
        assert ox + x - 0.3 <= r.x0 and r.x1 <= ox + x + w + 0.3


def test_kerning_comes_from_the_font(page):
    tt = TTFont(str(BUILTIN["regular"]))
    upm = tt["head"].unitsPerEm
    cmap = tt.getBestCmap()
    a, v = cmap[ord("A")], cmap[ord("V")]
    kern = tt["kern"].kernTables[0].kernTable[(a, v)]
    assert kern < 0
    chars = span(page, "AVAVAV")["chars"]
    step = (chars[1]["origin"][0] - chars[0]["origin"][0]) / MM
    size = 12 * 25.4 / 72
    assert step == pytest.approx((tt["hmtx"][a][0] + kern) / upm * size, abs=0.01)


def test_escaped_star_and_colon_print_as_typed(page):
    s = span(page, "Star * and :box: stay")
    assert s["size"] == pytest.approx(9, abs=0.01)


def test_an_unknown_symbol_is_an_error_with_did_you_mean(tmp_path, capsys):
    cards = CARDS.split("front:")[0] + 'front:\n  - text: {text: "Take :bxo: here", size: 9pt}\n'
    folder = make_game(tmp_path / "g", cards)
    assert (
        build_a4(folder, tmp_path / "o") == 2
    )
    err = capsys.readouterr().err
    assert "did you mean 'box'" in err and "cards.yaml" in err and "front[0]" in err
    assert not (tmp_path / "o").exists() or not list((tmp_path / "o").rglob("*.pdf"))


def test_a_star_or_colon_that_is_no_markup_prints_as_typed(tmp_path):
    text = "**open 7*6 a * b 10:30:00 1:2:3"
    cards = CARDS.split("front:")[0] + f'front:\n  - text: {{text: "{text}", size: 9pt, w: 60mm}}\n'
    folder = make_game(tmp_path / "g", cards)
    assert (
        build_a4(folder, tmp_path / "o") == 0
    )
    doc = pymupdf.open(next((tmp_path / "o").rglob("*-a4.pdf")))
    printed = [s for p in doc for s in spans(p) if "open" in "".join(c["c"] for c in s["chars"])]
    assert ["".join(c["c"] for c in s["chars"]) for s in printed] == [text]
    assert "Bold" not in printed[0]["font"] and "Obliqu" not in printed[0]["font"]


def test_a_font_without_a_bold_file_names_the_key_to_add(tmp_path, capsys):
    cards = (
        CARDS.split("front:")[0]
        + 'front:\n  - text: {text: "x **y**", font: title-bold, size: 9pt}\n  - text: {text: "*z*", font: title, size: 9pt}\n'
    )
    folder = make_game(tmp_path / "g", cards)
    assert (
        build_a4(folder, tmp_path / "o") == 2
    )
    err = capsys.readouterr().err
    assert "title-italic" in err and "front[1]" in err
