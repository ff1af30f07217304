"""Text read from the printed PDF: alignment, word wrap and shrink-to-fit keep every line in its box.

Each text box sits on a grey rectangle of the same size, so the test finds the box and the
text it holds in the PDF itself.
"""

from __future__ import annotations

import pymupdf
import pytest

from pnp.cli import main

MM = 72 / 25.4
TOL = 0.3  # mm: glyph side bearings
GAME = """\
id: fit
title: Fit
credits: Test
players: {min: 1, max: 1}
components: [cards.yaml]
"""
RULES = """\
game: fit
rules:
  - id: cards
    cite: "One card."
    faces: {family: cards}
    expect: 1
"""
PARAGRAPH = "Every word of this paragraph wraps inside its box and no line is wider than the box is, however long."
CARDS = f"""\
family: cards
kind: card
size: {{w: 63mm, h: 110mm}}
items:
  - {{id: c1}}
front:
  - rect: {{x: 5mm, y: 5mm, w: 53mm, h: 8mm, fill: "#e0e0e0"}}
  - text: {{text: RIGHT, x: 5mm, y: 5mm, w: 53mm, h: 8mm, size: 10pt, align: right}}
  - rect: {{x: 5mm, y: 15mm, w: 53mm, h: 8mm, fill: "#e1e1e1"}}
  - text: {{text: CENTRE, x: 5mm, y: 15mm, w: 53mm, h: 8mm, size: 10pt, align: center}}
  - rect: {{x: 5mm, y: 25mm, w: 53mm, h: 8mm, fill: "#e2e2e2"}}
  - text: {{text: LEFT, x: 5mm, y: 25mm, w: 53mm, h: 8mm, size: 10pt, align: left}}
  - rect: {{x: 5mm, y: 35mm, w: 30mm, h: 20mm, fill: "#e3e3e3"}}
  - text: {{text: "{PARAGRAPH}", x: 5mm, y: 35mm, w: 30mm, h: 20mm, size: 8pt, align: left, valign: top, fit: wrap}}
  - rect: {{x: 5mm, y: 60mm, w: 40mm, h: 8mm, fill: "#e4e4e4"}}
  - text: {{text: "A heading too long for its box", x: 5mm, y: 60mm, w: 40mm, h: 8mm, size: 16pt, fit: shrink}}
  - rect: {{x: 5mm, y: 72mm, w: 12mm, h: 5mm, fill: "#e5e5e5"}}
  - text: {{text: "Far too long even at the smallest step", x: 5mm, y: 72mm, w: 12mm, h: 5mm, size: 12pt, fit: shrink}}
  - rect: {{x: 5mm, y: 82mm, w: 53mm, h: 20mm, fill: "#e6e6e6"}}
  - text: {{text: "{PARAGRAPH}", x: 5mm, y: 82mm, w: 53mm, h: 20mm, size: 8pt, align: left, valign: top, fit: wrap}}
  - rect: {{x: 5mm, y: 103mm, w: 30mm, h: 6mm, fill: "#e7e7e7"}}
  - text: {{text: "{PARAGRAPH}", x: 5mm, y: 103mm, w: 30mm, h: 6mm, size: 8pt, align: left, valign: top, fit: wrap}}
"""
GREYS = {"right": 0.878, "centre": 0.882, "left": 0.886, "wrap": 0.89, "shrink": 0.894, "tiny": 0.898, "wide": 0.902, "low": 0.906}


@pytest.fixture(scope="module", params=["reportlab", "svg"])
def page(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"fit-{request.param}")
    folder = tmp / "game"
    folder.mkdir()
    for name, text in (("game", GAME), ("cards", CARDS), ("rules", RULES)):
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    assert main(["build", str(folder), "--paper", "a4", "--engine", request.param, "--out", str(tmp / "o"), "--quiet"]) == 0
    doc = pymupdf.open(next((tmp / "o").rglob("*-a4.pdf")))
    return next(p for p in doc if "RIGHT" in p.get_text())


def box(page, name: str) -> pymupdf.Rect:
    grey = GREYS[name]
    for d in page.get_drawings():
        if d["type"] in ("f", "fs") and d.get("fill") and abs(d["fill"][0] - grey) < 0.002:
            return pymupdf.Rect(*(v / MM for v in d["rect"]))
    raise AssertionError(f"no box {name}")


def lines_in(page, b: pymupdf.Rect) -> list[tuple[str, pymupdf.Rect, float]]:
    """The text lines whose middle lies in the box, with their boxes in mm and their size in pt."""
    out = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            spans = line["spans"]
            r = pymupdf.Rect(*(v / MM for v in line["bbox"]))
            mid = ((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2)
            if b.x0 - 20 < mid[0] < b.x1 + 20 and b.y0 < mid[1] < b.y1:
                out.append(("".join(s["text"] for s in spans), r, spans[0]["size"]))
    return out


def test_right_centre_and_left_alignment(page):
    for name, word in (("right", "RIGHT"), ("centre", "CENTRE"), ("left", "LEFT")):
        b = box(page, name)
        [(text, r, _)] = lines_in(page, b)
        assert text == word
        if name == "right":
            assert r.x1 == pytest.approx(b.x1, abs=TOL)
        elif name == "centre":
            assert (r.x0 + r.x1) / 2 == pytest.approx((b.x0 + b.x1) / 2, abs=TOL)
        else:
            assert r.x0 == pytest.approx(b.x0, abs=TOL)


def test_wrapped_lines_stay_in_their_box(page):
    b = box(page, "wrap")
    lines = lines_in(page, b)
    assert len(lines) >= 4, "the paragraph wraps"
    assert " ".join(t for t, _, _ in lines) == PARAGRAPH
    for text, r, _ in lines:
        assert b.x0 - TOL <= r.x0 and r.x1 <= b.x1 + TOL, f"{text!r} is {r.width:.1f} mm wide in a {b.width:.1f} mm box"


def test_the_same_text_wraps_to_each_box(page):
    """The paragraph printed again in a wider box wraps to that box, not as it did in the first."""
    narrow, wide = lines_in(page, box(page, "wrap")), lines_in(page, box(page, "wide"))
    b = box(page, "wide")
    assert " ".join(t for t, _, _ in wide) == PARAGRAPH
    assert len(wide) < len(narrow), [t for t, _, _ in wide]
    for text, r, _ in wide:
        assert b.x0 - TOL <= r.x0 and r.x1 <= b.x1 + TOL, f"{text!r} is {r.width:.1f} mm wide in a {b.width:.1f} mm box"
    assert max(r.x1 for _, r, _ in wide) > box(page, "wrap").x1 + 5, "the wide box's lines use its width"


@pytest.mark.parametrize("name", ["shrink", "tiny"])
def test_shrink_to_fit_keeps_the_line_in_its_box(page, name):
    b = box(page, name)
    [(text, r, size)] = lines_in(page, b)
    assert size < 12, "the text was shrunk"
    assert b.x0 - TOL <= r.x0 and r.x1 <= b.x1 + TOL, f"{text!r} is {r.width:.1f} mm wide in a {b.width:.1f} mm box"


def test_the_same_text_shrinks_to_a_lower_box(page):
    """The paragraph printed again as wide but in a lower box is smaller, to fit that box."""
    tall, low = lines_in(page, box(page, "wrap")), lines_in(page, box(page, "low"))
    b = box(page, "low")
    assert " ".join(t for t, _, _ in low) == PARAGRAPH
    assert max(size for _, _, size in low) < min(size for _, _, size in tall) - 1
    for text, r, _ in low:  # every line's middle lies in the box (lines_in), its ends too
        assert b.x0 - TOL <= r.x0 and r.x1 <= b.x1 + TOL, f"{text!r} is {r.width:.1f} mm wide in a {b.width:.1f} mm box"
