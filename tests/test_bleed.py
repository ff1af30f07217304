"""Bleed read from the printed PDF: art that reaches a face's edge runs past the cut line by
the bleed, the background fills the bleed, no outline is drawn inside it, the cut marks sit on
the trim; a family whose art stops at the trim is warned about."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from conftest import build_a4, game_yaml

MM = 72 / 25.4
GAME = game_yaml("bled")
CARDS = """\
family: cards
kind: card
size: {w: 60mm, h: 88mm}  # three across A4 with their bleed and marks inside the margin: upright
bleed: 2mm
background: "#204080"
items:
  - {id: c1}
front:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 20mm, fill: "#c01010"}
  - rect: {x: 10mm, y: 40mm, w: 43mm, h: 10mm, fill: "#10c010"}
"""
RED, BLUE, GREEN, GREY = (
    (0.753, 0.063, 0.063),
    (0.125, 0.251, 0.502),
    (0.063, 0.753, 0.063),
    (0.604, 0.604, 0.604),
)


def near(a, b) -> bool:
    return a is not None and all(abs(x - y) < 0.01 for x, y in zip(a, b, strict=True))


def build(tmp: Path, cards: str, engine: str, capsys) -> tuple[pymupdf.Page, str]:
    folder = tmp / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(cards)
    assert build_a4(folder, tmp / "o", engine) == 0
    err = capsys.readouterr().err
    doc = pymupdf.open(tmp / "o" / "bled" / "bled-a4.pdf")
    return next(p for p in doc if any(near(d.get("fill"), RED) for d in p.get_drawings())), err


def rect_of(page, colour) -> pymupdf.Rect:
    """The extent the page shows in that colour (drawn under the card's clip), in mm."""
    found = [d for d in page.get_drawings() if near(d.get("fill"), colour)]
    assert found, f"nothing drawn in {colour}"
    r = pymupdf.Rect(found[0]["rect"])
    for d in found[1:]:
        r |= d["rect"]
    return pymupdf.Rect(r.x0 / MM, r.y0 / MM, r.x1 / MM, r.y1 / MM)


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_art_at_the_edge_and_the_background_run_into_the_bleed(tmp_path, capsys, engine):
    page, err = build(tmp_path, CARDS, engine, capsys)
    assert "warning:" not in err, err
    green = rect_of(page, GREEN)  # 10 mm inside the left edge of the card
    trim_x0 = green.x0 - 10
    trim_y0 = green.y0 - 40
    bg = rect_of(page, BLUE)
    assert (bg.x0, bg.y0) == pytest.approx((trim_x0 - 2, trim_y0 - 2), abs=0.05)
    assert (bg.width, bg.height) == pytest.approx((60 + 4, 88 + 4), abs=0.05)
    band = rect_of(page, RED)  # w: 100% and y: 0: reaches left, top and right
    assert (band.x0, band.y0, band.x1) == pytest.approx(
        (trim_x0 - 2, trim_y0 - 2, trim_x0 + 60 + 2), abs=0.05
    )
    assert band.y1 == pytest.approx(trim_y0 + 20, abs=0.05), (
        "the side inside the card stays where it was"
    )
    assert green.width == pytest.approx(43, abs=0.05), "art off the edges is not moved"
    # what prints, clip and all: 1 mm into the bleed is the art; 1 mm past it is paper
    pix = page.get_pixmap(dpi=254)  # 10 pixels a millimetre

    def colour_at(x_mm: float, y_mm: float):
        return tuple(v / 255 for v in pix.pixel(round(x_mm * 10), round(y_mm * 10)))

    mid_y = trim_y0 + 60
    assert near(colour_at(trim_x0 - 1, mid_y), BLUE) and near(colour_at(trim_x0 + 61, mid_y), BLUE)
    assert near(colour_at(trim_x0 - 3, mid_y), (1, 1, 1)) and near(
        colour_at(trim_x0 + 63, mid_y), (1, 1, 1)
    )
    assert near(colour_at(trim_x0 + 30, trim_y0 - 1), RED) and near(
        colour_at(trim_x0 + 59, trim_y0 - 1), RED
    )
    # no outline inside the bled art: nothing stroked grey, and every stroke is a cut mark
    # outside the bled card, on the line of a trim edge
    strokes = [
        d for d in page.get_drawings() if d.get("color") is not None and d["type"] in ("s", "fs")
    ]
    assert not [d for d in strokes if near(d["color"], GREY)]
    trims_x = {round(trim_x0, 1), round(trim_x0 + 60, 1)}
    trims_y = {round(trim_y0, 1), round(trim_y0 + 88, 1)}
    marks = 0
    for d in strokes:
        for item in d["items"]:
            if item[0] != "l":
                continue
            (x1, y1), (x2, y2) = (item[1].x / MM, item[1].y / MM), (item[2].x / MM, item[2].y / MM)
            inside = (
                bg.x0 + 0.01 < (x1 + x2) / 2 < bg.x1 - 0.01
                and bg.y0 + 0.01 < (y1 + y2) / 2 < bg.y1 - 0.01
            )
            assert not inside, "no line is drawn over the bled card"
            if (
                abs(x1 - x2) < 1e-3
                and round(x1, 1) in trims_x
                or abs(y1 - y2) < 1e-3
                and round(y1, 1) in trims_y
            ):
                marks += 1
    assert marks >= 8, "cut marks on the trim line of every edge"


def test_art_that_stops_at_the_trim_is_warned_about(tmp_path, capsys):
    """A circle (not carried into the bleed) touching the cut line over a white face."""
    cards = CARDS.replace('background: "#204080"\n', "") + '  - circle: {x: 50%, y: 50%, r: 50%, fill: "#10c010"}\n'
    _, err = build(tmp_path, cards, "reportlab", capsys)
    warnings = [w for w in err.splitlines() if w.startswith("warning:")]
    assert len(warnings) == 1, err
    assert "cards.yaml:10:" in warnings[0] and "front[2] (circle) stops at the cut line on the left, right edges" in warnings[0]


def test_the_same_circle_over_a_coloured_background_is_fine(tmp_path, capsys):
    _, err = build(tmp_path, CARDS + '  - circle: {x: 50%, y: 50%, r: 50%, fill: "#10c010"}\n', "reportlab", capsys)
    assert "warning:" not in err, err


def test_an_outline_asked_for_with_a_bleed_is_warned_about(tmp_path, capsys):
    cards = CARDS.replace("bleed: 2mm\n", "bleed: 2mm\noutline: black\n")
    page, err = build(tmp_path, cards, "reportlab", capsys)
    assert any("cards.yaml:5:" in w and "outline: is not drawn" in w for w in err.splitlines()), err
