"""Duplex backs read from the printed PDF: with the calibration offset, each back lands behind its front.

The model is the calibration page's (docs/printing.md): a printer that puts the back X mm to
the right and Y mm down, as seen from the front, is corrected by `--offset X,Y`. So each back,
mapped through the flip onto the front side and moved by the printer's (X, Y), must land on its
front within 0.05 mm, on both flip edges, in both engines.
"""

from __future__ import annotations

import pymupdf
import pytest

from pnp.cli import main

MM = 72 / 25.4
GAME = """\
id: duplex
title: Duplex
credits: Test
players: {min: 1, max: 1}
components: [cards.yaml]
"""
CARDS = """\
family: cards
kind: card
size: {w: 50mm, h: 70mm}
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3, 4, 5, 6, 7]}}
front:
  - text: {text: "F{n}", x: 0mm, y: 30mm, w: 100%, h: 10mm, size: 12pt}
back:
  - text: {text: "B{n}", x: 0mm, y: 30mm, w: 100%, h: 10mm, size: 12pt}
"""
RULES = """\
game: duplex
rules:
  - id: cards
    cite: "Seven cards."
    faces: {family: cards}
    expect: 7
"""


def centres(page: pymupdf.Page, prefix: str) -> dict[str, tuple[float, float]]:
    """Each word starting with prefix, by its number: the centre of its box, in mm."""
    out = {}
    for x0, y0, x1, y1, word, *_ in page.get_text("words"):
        if word.startswith(prefix) and word[1:].isdigit():
            out[word[1:]] = ((x0 + x1) / 2 / MM, (y0 + y1) / 2 / MM)
    return out


def build(tmp_path, flip: str, offset: str | None, engine: str) -> pymupdf.Document:
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (folder / "rules.yaml").write_text(RULES, encoding="utf-8")
    out = tmp_path / f"out-{flip}-{offset}-{engine}"
    args = ["build", str(folder), "--paper", "a4", "--engine", engine, "--out", str(out), "--flip", flip, "--quiet"]
    if offset:
        args.append(f"--offset={offset}")  # a leading minus must not read as an option
    assert main(args) == 0
    return pymupdf.open(next(out.rglob("*-a4.pdf")))


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0), (-3.0, 0.75)])
def test_each_back_lands_behind_its_front(tmp_path, engine, flip, offset):
    ox, oy = offset
    doc = build(tmp_path, flip, f"{ox},{oy}" if offset != (0.0, 0.0) else None, engine)
    fronts, backs = {}, {}
    for n, page in enumerate(doc):
        f, b = centres(page, "F"), centres(page, "B")
        if f:
            fronts.update({k: (n, v) for k, v in f.items()})
        if b:
            backs.update({k: (n, v) for k, v in b.items()})
    assert sorted(fronts) == sorted(backs) == [str(i) for i in range(1, 8)]
    for card, (fpage, (fx, fy)) in fronts.items():
        bpage, (bx, by) = backs[card]
        assert bpage == fpage + 1, f"card {card}: back on page {bpage + 1}, front on {fpage + 1}"
        W, H = doc[bpage].rect.width / MM, doc[bpage].rect.height / MM
        # the back as seen through the sheet from the front, then where the printer puts it
        seen = (W - bx, by) if flip == "long" else (bx, H - by)
        landed = (seen[0] + ox, seen[1] + oy)
        assert landed[0] == pytest.approx(fx, abs=0.05) and landed[1] == pytest.approx(fy, abs=0.05), (
            f"card {card}: back lands at {landed}, front at {(fx, fy)}"
        )
