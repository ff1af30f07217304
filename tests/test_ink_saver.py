"""Ink-saver read from the printed PDFs: every shipped game prints on at most half the ink of
its normal build, its rulebook check and legibility check still pass over the ink-saver's
faces, the guide page's estimates match what the PDFs print, and dark backs become outlines
with dark text on white.

Ink is measured as a cartridge pays for it: Ghostscript's ink_cov device, which separates each
page into the C, M, Y and K a printer lays down (a black mixed from all four inks counts four
times); a game's ink is the sum over its pages and inks. The guide page's estimates are
coverage (docs/printing.md): the mean over a page of 1 - luminance, luminance = 0.2126 R +
0.7152 G + 0.0722 B of the rendered sRGB pixels.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pymupdf
import pytest
from conftest import game_yaml, sweep

from pnp.cli import main
from pnp.spec.load import builtin_games

MM = 72 / 25.4
DPI = 30
TOL = 0.025  # the guide rounds to whole per cent and estimates at 20 dpi


def coverage(page: pymupdf.Page, dpi: int = DPI) -> float:
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csRGB, alpha=False)
    s = pix.samples
    total = 2126 * sum(s[0::3]) + 7152 * sum(s[1::3]) + 722 * sum(s[2::3])
    return 1 - total / (10000 * 255 * (len(s) // 3))


def cartridge_ink(pdf) -> float:
    """The PDF's ink as Ghostscript's ink_cov device reports it: per page the share of the
    page each of C, M, Y and K covers, summed over inks and pages. The whole page is kept in
    memory (MaxBitmap): the same figures as drawing it in bands, in a fifth of the time."""
    gs = shutil.which("gs") or shutil.which("gswin64c")
    assert gs, "Ghostscript (gs) measures ink as a cartridge pays for it: install it"
    out = subprocess.run(
        [gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=ink_cov", "-dMaxBitmap=200000000", "-sOutputFile=-", str(pdf)],
        capture_output=True, text=True, check=True, timeout=300,
    ).stdout  # fmt: skip
    pages = re.findall(r"^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+CMYK", out, re.M)
    assert pages, out
    return sum(float(v) for page in pages for v in page) / 100


def build(tmp_path, game: str, *extra: str, engine: str = "reportlab") -> pymupdf.Document:
    out = tmp_path / ("ink" if "--ink-saver" in extra else "normal") / engine
    assert (
        main(
            [
                "build",
                game,
                "--paper",
                "a4",
                "--engine",
                engine,
                "--out",
                str(out),
                "--quiet",
                *extra,
            ]
        )
        == 0
    )
    return pymupdf.open(next(out.rglob("*-a4.pdf")))


def guide_estimates(doc: pymupdf.Document) -> dict[int, tuple[float, float]]:
    """The guide's 'page: this build / the normal build' estimates, as fractions: on its first
    page, or on the page after where the first has no room left for them."""
    words = " ".join(w[4] for page in doc[:2] for w in page.get_text("words"))
    assert "Ink-saver:" in words, "the guide page gives the ink estimates"
    pages = words.split("Page by page:", 1)[1]
    return {
        int(p): (int(k) / 100, int(n) / 100)
        for p, k, n in re.findall(r"(\d+): (\d+)% / (\d+)%", pages)
    }


# everyday: the game of text and thin lines that saves least (its black mixed of four inks would
# use more than half); every game with the deep tests
EVERYDAY_INK = {"global-warming"}


@pytest.mark.parametrize("game", sweep(sorted(builtin_games()), EVERYDAY_INK.__contains__))
def test_every_shipped_game_prints_on_half_the_ink_and_still_checks(tmp_path, game, capsys, built):
    normal = built(game, "a4").doc()  # the normal build, as `pnp build GAME --paper a4` writes it
    saver = build(tmp_path, game, "--ink-saver")
    # the guide's ink paragraph may push the design choices onto one more page
    shift = len(saver) - len(normal)
    assert shift in (0, 1)
    # the ink a cartridge pays for: at most half the normal build's (docs/printing.md)
    ink_n, ink_s = cartridge_ink(built(game, "a4").pdf), cartridge_ink(saver.name)
    assert ink_s <= 0.5 * ink_n, (
        f"{game}: ink-saver {ink_s:.2f} vs normal {ink_n:.2f} ({ink_s / ink_n:.0%})"
    )
    a = [coverage(p) for p in normal]
    b = [coverage(p) for p in saver]
    # the guide page's estimate of each page, beside the normal build's, is what prints; the
    # pages before the shift are guide pages, alike in both builds
    est = guide_estimates(saver)
    assert sorted(est) == list(range(1, len(saver) + 1))
    for n, (k, m) in est.items():
        printed = a[n - 1 - shift] if n > 1 + shift else b[n - 1]
        assert abs(k - b[n - 1]) <= TOL and abs(m - printed) <= TOL, (
            f"{game} page {n}: guide says {k:.0%} / {m:.0%}, printed {b[n - 1]:.1%} / {printed:.1%}"
        )
    # pnp check --ink-saver: the rulebook check and the legibility check read the ink-saver's
    # faces, and pass (a legibility shortfall is a warning on stderr)
    capsys.readouterr()
    assert main(["check", game, "--ink-saver", "--json"]) == 0
    out, err = capsys.readouterr()
    failed = [r for r in json.loads(out) if not r["passed"]]
    assert not failed, f"{game}: {failed[:3]}"
    assert "warning" not in err, err
    assert len(json.loads(out)) > 10


BACKS_GAME = game_yaml("backs")
BACKS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3]}}
front:
  - text: {text: "FRONT", x: 0mm, y: 40mm, w: 100%, h: 8mm, size: 12pt}
back_background: "#101828"
back:
  - text: {text: "BACKSIDE", x: 0mm, y: 40mm, w: 100%, h: 8mm, size: 14pt, colour: white}
"""


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_a_dark_back_becomes_an_outline_with_dark_text(tmp_path, engine):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(BACKS_GAME, encoding="utf-8")
    (folder / "cards.yaml").write_text(BACKS, encoding="utf-8")
    normal = build(tmp_path, str(folder), engine=engine)
    saver = build(tmp_path, str(folder), "--ink-saver", engine=engine)
    backs = [n for n, p in enumerate(normal) if "BACKSIDE" in p.get_text()]
    assert backs
    for n in backs:
        assert coverage(normal[n]) > 0.2 and coverage(saver[n]) < 0.05
        spans = [
            s
            for b in saver[n].get_text("dict")["blocks"]
            for line in b.get("lines", [])
            for s in line["spans"]
            if "BACKSIDE" in s["text"]
        ]
        assert spans and all(s["color"] == 0x000000 or s["color"] == 0x101828 for s in spans), [
            hex(s["color"]) for s in spans
        ]
        # each back keeps its edge: a card-sized outline drawn in the back's own colour
        outlines = [
            d
            for d in saver[n].get_drawings()
            if d.get("color")
            and abs(d["rect"].width / MM - 63) < 0.5
            and abs(d["rect"].height / MM - 88) < 0.5
            and max(
                abs(c - t)
                for c, t in zip(d["color"], (0x10 / 255, 0x18 / 255, 0x28 / 255), strict=True)
            )
            < 0.02
        ]
        assert len(outlines) >= 3
