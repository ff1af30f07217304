"""Text fills as much of its box as it can, read from the printed PDF.

The text-fit tests prove every line stays inside its box; these prove the other bound. A word
wrap that breaks a line while the next word would still fit, or a shrink-to-fit that shrinks
further than the box needs, prints text that stays inside its box and so passes the upper
bound: here each wrapped line is too full to take the next line's first word, and a shrunk
line is within one shrink step of its box's width.
"""

from __future__ import annotations

import pymupdf
import pytest

from pnp.draw.text import MIN_SHRINK
from tests.conftest import build_a4, game_yaml

MM = 72 / 25.4
TOL = 0.3  # mm: glyph side bearings
STEP = 0.95  # the shrink step of pnp/draw/text.py: a shrunk line is at least this full
PARAGRAPH = (
    "Wrapping greedily puts on every line as many words as fit, so a line never ends while "
    "the first word of the next one would still have room after it, whatever the words are."
)
# short words: every line ends within a word's width of full, so a break even 1 mm early shows
RICH = "So **it** is: *a* line of us is as full as it can be, if we go by the one rule, and no **two** of us are on it by luck or by a whim of its own; so it is."
CARDS = f"""\
family: cards
kind: card
size: {{w: 90mm, h: 140mm}}
items:
  - {{id: c1}}
front:
  - rect: {{x: 4mm, y: 4mm, w: 41mm, h: 30mm, fill: "#e0e0e0"}}
  - text: {{text: "{PARAGRAPH}", x: 4mm, y: 4mm, w: 41mm, h: 30mm, size: 9pt, align: left, valign: top, fit: wrap}}
  - rect: {{x: 4mm, y: 36mm, w: 50mm, h: 22mm, fill: "#e1e1e1"}}
  - text: {{text: "{RICH}", x: 4mm, y: 36mm, w: 50mm, h: 22mm, size: 9pt, align: left, valign: top, fit: wrap}}
  - rect: {{x: 4mm, y: 118mm, w: 12mm, h: 5mm, fill: "#e3e3e3"}}
  - text: {{text: "Far too long even at the smallest step", x: 4mm, y: 118mm, w: 12mm, h: 5mm, size: 12pt, fit: shrink}}
  - rect: {{x: 4mm, y: 126mm, w: 55mm, h: 8mm, fill: "#e4e4e4"}}
  - text: {{text: "Short", x: 4mm, y: 126mm, w: 55mm, h: 8mm, size: 14pt, fit: shrink}}
"""
# headings in boxes of eight widths: whatever step a wrong shrink takes, one of them ends well
# short of its box
WIDTHS = [38 + 2 * k for k in range(8)]
for k, w in enumerate(WIDTHS):
    y = 60 + 7 * k
    CARDS += f"""\
  - rect: {{x: 4mm, y: {y}mm, w: {w}mm, h: 6mm, fill: "#{0xC0 + 2 * k:02x}{0xC0 + 2 * k:02x}{0xC0 + 2 * k:02x}"}}
  - text: {{text: "A heading too long for its box", x: 4mm, y: {y}mm, w: {w}mm, h: 6mm, size: 16pt, fit: shrink}}
"""
GREYS = {"wrap": 0.878, "rich": 0.882, "tiny": 0.89, "fits": 0.894}
GREYS |= {f"shrink{k}": (0xC0 + 2 * k) / 255 for k in range(len(WIDTHS))}


@pytest.fixture(scope="module", params=["reportlab", "svg"])
def page(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"lower-{request.param}")
    folder = tmp / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("lower"), encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    assert build_a4(folder, tmp / "o", request.param) == 0
    doc = pymupdf.open(next((tmp / "o").rglob("*-a4.pdf")))
    return next(p for p in doc if "Short" in p.get_text())


def box(page, name: str) -> pymupdf.Rect:
    for d in page.get_drawings():
        if d["type"] in ("f", "fs") and d.get("fill") and abs(d["fill"][0] - GREYS[name]) < 0.002:
            return pymupdf.Rect(*(v / MM for v in d["rect"]))
    raise AssertionError(f"no box {name}")


def lines_in(page, b: pymupdf.Rect) -> list[tuple[str, pymupdf.Rect, float]]:
    """The printed lines whose middle lies in the box, top to bottom: text, box in mm, size in pt."""
    out = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            r = pymupdf.Rect(*(v / MM for v in line["bbox"]))
            if b.x0 - 1 < (r.x0 + r.x1) / 2 < b.x1 + 1 and b.y0 < (r.y0 + r.y1) / 2 < b.y1:
                out.append(("".join(s["text"] for s in line["spans"]), r, line["spans"][0]["size"]))
    return sorted(out, key=lambda t: t[1].y0)


def first_word_width(page, line_rect: pymupdf.Rect) -> float:
    """The printed width in mm of the first word of the line in this box."""
    clip = pymupdf.Rect(*(v * MM for v in line_rect))
    chars = [
        c
        for block in page.get_text("rawdict", clip=clip)["blocks"]
        for ln in block.get("lines", [])
        for span in ln["spans"]
        for c in span["chars"]
    ]
    chars.sort(key=lambda c: c["bbox"][0])
    word = []
    for c in chars:
        if c["c"].isspace():
            break
        word.append(c)
    assert word, "a line with a word"
    return (word[-1]["bbox"][2] - word[0]["bbox"][0]) / MM


@pytest.mark.parametrize("name", ["wrap", "rich"])
def test_each_wrapped_line_is_too_full_for_the_next_word(page, name):
    b = box(page, name)
    lines = lines_in(page, b)
    assert len(lines) >= 3, "the paragraph wraps"
    for (text, r, size), (nxt, r2, _) in zip(lines, lines[1:], strict=False):
        space = 0.2 * size / MM  # narrower than any font's space: the bound errs towards passing
        room = b.width - (r.x1 - b.x0)
        word = first_word_width(page, r2)
        assert space + word > room - TOL, (
            f"{text!r} ends with {room:.1f} mm free in a {b.width:.1f} mm box, "
            f"room for {nxt.split()[0]!r} ({word:.1f} mm) from the next line"
        )


@pytest.mark.parametrize("k", range(len(WIDTHS)))
def test_a_shrunk_line_is_within_one_step_of_its_box(page, k):
    b = box(page, f"shrink{k}")
    [(text, r, size)] = lines_in(page, b)
    assert size < 16, "the heading was shrunk"
    assert r.width >= STEP * b.width - TOL, (
        f"{text!r} shrunk to {size:.2f} pt is {r.width:.1f} mm wide in a {b.width:.1f} mm box: "
        f"one step larger ({size / STEP:.2f} pt) would fit"
    )


def test_text_too_long_for_the_smallest_step_fills_its_box_exactly(page):
    b = box(page, "tiny")
    [(text, r, size)] = lines_in(page, b)
    assert size < 12 * MIN_SHRINK + 0.01, "shrunk past the smallest step"
    assert r.width == pytest.approx(b.width, abs=TOL), (
        f"{text!r} is {r.width:.1f} mm wide in a {b.width:.1f} mm box"
    )


def test_text_that_fits_keeps_its_size(page):
    [(text, _, size)] = lines_in(page, box(page, "fits"))
    assert text == "Short" and size == pytest.approx(14, abs=0.01)
