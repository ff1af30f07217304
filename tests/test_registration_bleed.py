"""Registration marks keep their promised room on bled sheets: the band at the top and bottom
that holds Silhouette Studio's marks (32 mm from the page edge: 10 mm inset, 20 mm arms, 2 mm
clear) is measured from the art's outer edge (bleed included), and every mark prints at least
2 mm from any art, where Studio draws its own, read from the PDF a user prints."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from conftest import MM, game_yaml

from pnp.cli import main

ART = (0x33 / 255, 0x66 / 255, 0xAA / 255)  # the cards' full-bleed background
BAND, CLEAR, INSET, ARM, LINE = 32.0, 2.0, 10.0, 20.0, 0.3


def poker_game(tmp_path: Path, bleed: str) -> Path:
    game = tmp_path / "poker"
    game.mkdir()
    (game / "game.yaml").write_text(game_yaml("poker"))
    (game / "cards.yaml").write_text(
        "family: cards\nkind: card\nsize: {w: 2.5in, h: 3.5in}\n"
        f"bleed: {bleed}\n"
        "items:\n  - id: c{n}\n    for_each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9]}\n"
        "front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: '#3366aa'}\n"
        "  - text: {text: 'Card {n}', x: 0mm, y: 40mm, size: 12pt, colour: white}\n"
    )
    return game


def art_boxes(page) -> list[tuple[float, float, float, float]]:
    """The cards' painted extent (trim plus bleed) in mm: x0, y0, x1, y1."""
    out = []
    for d in page.get_drawings():
        fill = d.get("fill")
        if fill and all(abs(a - b) < 0.01 for a, b in zip(fill, ART, strict=True)):
            r = d["rect"]
            out.append((r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM))
    return out


def mark_boxes(page) -> list[tuple[float, float, float, float]]:
    """The printed registration marks: a black 5 mm square, black 0.3 mm right angles of 20 mm
    arms; their extent with the line width, in mm."""
    out = []
    for d in page.get_drawings():
        r = d["rect"]
        w, h = r.width * MM, r.height * MM
        if d.get("fill") == (0.0, 0.0, 0.0) and abs(w - 5) < 0.05 and abs(h - 5) < 0.05:
            out.append((r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM))
        elif d.get("color") == (0.0, 0.0, 0.0) and abs(d.get("width", 0) * MM - LINE) < 0.01:
            if abs(w + LINE / 2 - ARM) < 0.05 and abs(h + LINE / 2 - ARM) < 0.05:
                half = LINE / 2  # a stroke's half width lies outside its path
                out.append((r.x0 * MM - half, r.y0 * MM - half, r.x1 * MM + half, r.y1 * MM + half))
    return out


def gap(a, b) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


def sheets(out: Path, paper: str, stem: str = "poker"):
    doc = pymupdf.open(out / "poker" / f"{stem}-{paper}.pdf")
    manifest = json.loads((out / "poker" / f"{stem}-{paper}.json").read_text())
    return [doc[p["number"] - 1] for p in manifest["pages"] if p["kind"] == "sheet"]


# (three rows of poker cards fill A4 with a bleed to 1 mm, their marks inside the margin; Letter's
# 269.4 mm printable height leaves no room for a mark beside three rows, so it holds two)
@pytest.mark.parametrize(("paper", "bleed"), [("a4", "1mm"), ("a4", "0.2mm")])
def test_a_bled_three_by_three_sheet_keeps_the_band_and_the_clearance(
    tmp_path, capsys, paper, bleed
):
    game = poker_game(tmp_path, bleed)
    plain, marked = tmp_path / "plain", tmp_path / "marked"
    args = ["build", str(game), "--paper", paper, "--quiet"]
    assert main([*args, "--out", str(plain)]) == 0
    [full] = sheets(plain, paper)
    assert len(art_boxes(full)) == 9  # without marks, one 3 x 3 sheet
    assert main([*args, "--out", str(marked), "--registration"]) == 0
    pages = sheets(marked, paper, "poker-registration")  # a --registration build's own name
    counts = [len(art_boxes(p)) for p in pages]
    assert sum(counts) == 9
    assert 4 <= counts[0] < 9  # a row fewer, or two, never an empty sheet
    for page in pages:
        h = page.rect.height * MM
        arts, marks = art_boxes(page), mark_boxes(page)
        w = page.rect.width * MM
        # Silhouette Studio's Type 1 marks where Studio puts them: the square's corner and the
        # right angles' outer corners 10 mm in from the page's corners
        assert len(marks) == 3
        square = min(marks, key=lambda m: m[2] - m[0])
        top_right, bottom_left = sorted((m for m in marks if m is not square), key=lambda m: m[1])
        assert square[:2] == pytest.approx((INSET, INSET), abs=0.02)
        assert (top_right[2], top_right[1]) == pytest.approx((w - INSET, INSET), abs=0.02)
        assert (bottom_left[0], bottom_left[3]) == pytest.approx((INSET, h - INSET), abs=0.02)
        top, bottom = min(a[1] for a in arts), max(a[3] for a in arts)
        assert top >= BAND - 0.01, f"art starts {top:.2f} mm from the top"
        assert bottom <= h - BAND + 0.01, f"art ends {h - bottom:.2f} mm from the bottom"
        for m in marks:
            nearest = min(gap(m, a) for a in arts)
            assert nearest >= CLEAR - 0.01, f"a mark {nearest:.2f} mm from the art"
    # the cut files agree, and their export has nothing to warn about
    capsys.readouterr()
    assert (
        main(
            [
                "export",
                str(game),
                "--cut",
                "--paper",
                paper,
                "--registration",
                "--out",
                str(marked),
            ]
        )
        == 0
    )
    assert "registration marks" not in capsys.readouterr().err
