"""A line drawn again in one PDF (another size, another font, between new characters) prints
as typed in its own font and size: the writer reuses a line's subset codes per font (the
codes of characters past ASCII follow the order each font first met them in)."""

from __future__ import annotations

import pymupdf
from conftest import build_a4, game_yaml

CARDS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: c1}
front:
  - text: {text: "Café über", x: 5mm, y: 5mm, w: 53mm, h: 8mm, size: 9pt, align: left}
  - text: {text: "Ünïon ñame", x: 5mm, y: 15mm, w: 53mm, h: 8mm, size: 9pt, align: left}
  - text: {text: "Café über", x: 5mm, y: 25mm, w: 53mm, h: 8mm, size: 14pt, align: left}
  - text: {text: "Ünïon ñame", x: 5mm, y: 35mm, w: 53mm, h: 8mm, size: 9pt, font: bold, align: left}
  - text: {text: "Café über", x: 5mm, y: 45mm, w: 53mm, h: 8mm, size: 9pt, font: bold, align: left}
"""


def test_a_line_drawn_again_prints_in_its_own_font_and_size(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("codes"))
    (folder / "cards.yaml").write_text(CARDS)
    assert build_a4(folder, tmp_path / "o") == 0
    doc = pymupdf.open(next((tmp_path / "o").rglob("*-a4.pdf")))
    page = next(p for p in doc if "ñame" in p.get_text())
    seen = sorted(
        (round(s["size"], 1), "Bold" in s["font"], s["text"].strip())
        for b in page.get_text("dict")["blocks"]
        for ln in b.get("lines", [])
        for s in ln["spans"]
        if s["text"].strip() and s["size"] > 8  # the card texts, not the page's own label
    )
    assert seen == [
        (9.0, False, "Café über"),
        (9.0, False, "Ünïon ñame"),
        (9.0, True, "Café über"),
        (9.0, True, "Ünïon ñame"),
        (14.0, False, "Café über"),
    ]
