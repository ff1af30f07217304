"""A family's `gutter:` narrower than twice its bleed: each item's bleed would print over its
neighbour's art. The items print twice the bleed apart instead, read from the PDF's pixels, and
the build says so with the file and line of `gutter:`."""

from __future__ import annotations

import pymupdf
from conftest import build_a4, game_yaml

MM = 72 / 25.4
RED, BLUE = (0xC0, 0x20, 0x20), (0x20, 0x40, 0xC0)
CARDS = """\
family: cards
kind: card
size: {w: 60mm, h: 88mm}
bleed: 2mm
gutter: 0mm
background: "{colour}"
items:
  - {id: r1, colour: "#c02020"}
  - {id: b1, colour: "#2040c0"}
  - {id: r2, colour: "#c02020"}
  - {id: b2, colour: "#2040c0"}
front:
  - rect: {x: 4mm, y: 4mm, w: 10mm, h: 10mm, fill: "#10c010"}
"""


def near(c: tuple, want: tuple) -> bool:
    return all(abs(a - b) <= 3 for a, b in zip(c, want, strict=True))


def test_a_bleed_never_covers_the_neighbours_art(tmp_path, capsys):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("gb"), encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    assert build_a4(folder, tmp_path / "o") == 0
    err = capsys.readouterr().err
    assert "cards.yaml:5:" in err and "gutter: 0mm" in err, err
    doc = pymupdf.open(tmp_path / "o" / "gb" / "gb-a4.pdf")
    page = next(p for p in doc if "Card sheet" in p.get_text())
    # each card's cut line: its green square sits 4 mm inside the card's top-left corner
    greens = [
        d["rect"] for d in page.get_drawings() if d.get("fill") and abs(d["fill"][1] - 0.753) < 0.01
    ]
    trims = sorted((round(r.x0 / MM - 4, 2), round(r.y0 / MM - 4, 2)) for r in greens)
    assert len(trims) == 4
    pix = page.get_pixmap(dpi=254, alpha=False)  # 10 pixels a millimetre

    def colour(x: float, y: float) -> tuple:
        return tuple(pix.pixel(round(x * 10), round(y * 10)))

    # a red card with a blue one to its right, on the same row
    (x0, y0), (x1, _y1) = (
        trims[0],
        next(t for t in trims if t[1] == trims[0][1] and t[0] > trims[0][0]),
    )
    assert x1 - (x0 + 60) >= 4 - 0.01, "the cards stand closer than twice their bleed"
    mid = y0 + 44
    assert near(colour(x0 + 58.5, mid), RED), "the red card's own art, 1.5 mm inside its cut line"
    assert near(colour(x1 + 1.5, mid), BLUE), "the blue card's own art, 1.5 mm inside its cut line"
    assert near(colour(x0 + 61.5, mid), RED), "the red card's bleed runs its full 2 mm"
    assert near(colour(x1 - 1.5, mid), BLUE), "the blue card's bleed runs its full 2 mm"
