"""Registration marks on the shipped games' print-and-cut sheets, read from the PDF and the cut
files a user gets: every printed mark keeps 2 mm from every other ink on its sheet, pnp's own cut
marks included (a cut mark beside an arm reads to the sensor as a doubled arm), and each cut
file's registration layer holds exactly the marks its sheet prints (none on a sheet cut by
hand, which the export's warning names)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import MM
from test_registration_bleed import gap, mark_boxes

from pnp.cli import main
from pnp.draw.primitives import Path as PathPrim
from pnp.draw.primitives import Style, Text
from pnp.layout.registration import registration_marks, with_registration

CLEAR = 2.0
PAPER = SimpleNamespace(registration=True, margin=5.0)


def _boxes(d) -> list[tuple[float, float, float, float]]:
    """The boxes (mm) that hold each piece of a drawing, its line width included."""
    half = (d.get("width") or 0) * MM / 2 if d.get("color") else 0.0
    out = []
    for item in d["items"]:
        if item[0] == "re":
            pts = [item[1].tl, item[1].br]
        elif item[0] == "qu":
            pts = [item[1].ul, item[1].ur, item[1].ll, item[1].lr]
        else:  # a line or a curve: its points
            pts = item[1:]
        xs, ys = [p.x * MM for p in pts], [p.y * MM for p in pts]
        out.append((min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half))
    return out


def _is_mark(d, marks) -> bool:
    r = d["rect"]
    box = (r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM)
    return any(
        gap(box, m) == 0 and abs(box[0] - m[0]) < 0.2 and abs(box[3] - m[3]) < 0.2 for m in marks
    )


def _cut_marks(svg: str) -> list[tuple[str, str]]:
    """The registration layer's shapes, as written."""
    layer = svg.split('id="registration"', 1)[1].split("</g>", 1)[0]
    return re.findall(r"<(rect|path) ([^>]*)/>", layer)


@pytest.mark.parametrize(
    ("game", "paper"),
    [("aftershock", "a4"), pytest.param("earth-our-home", "letter", marks=pytest.mark.deep)],
)
def test_marks_keep_clear_of_every_ink_and_the_cut_files_agree(
    built, tmp_path, capsys, game, paper
):
    out = tmp_path / "out"
    b = built(game, paper, mode="registration")  # `pnp build GAME --registration`
    capsys.readouterr()
    assert (
        main(["export", game, "--cut", "--paper", paper, "--registration", "--out", str(out)]) == 0
    )
    warned = capsys.readouterr().err
    stem = f"{game}-registration-{paper}"
    doc, manifest = b.doc(), b.manifest
    by_hand, printed = [], 0
    for p in manifest["pages"]:
        if p["kind"] != "sheet":
            continue
        page = doc[p["number"] - 1]
        marks = mark_boxes(page)
        assert len(marks) in (0, 3), f"p{p['number']}: {len(marks)} marks"
        cut = Path(out / game / "cut" / f"{stem}-cut-p{p['number']:03d}.svg")
        assert len(_cut_marks(cut.read_text(encoding="utf-8"))) == len(marks), (
            f"p{p['number']}: the cut file's marks are not the sheet's"
        )
        if not marks:
            by_hand.append(p["number"])
            continue
        printed += 1
        drawings = page.get_drawings()
        others = [b for d in drawings if not _is_mark(d, marks) for b in _boxes(d)]
        assert len(others) > 10  # the sheet's items, their art and cut marks are read
        nearest = min(gap(m, b) for m in marks for b in others)
        assert nearest >= CLEAR - 0.02, f"p{p['number']}: ink {nearest:.2f} mm from a mark"
    assert printed >= 5
    # a sheet that prints no marks is named by the export's warning, and is cut by hand
    for n in by_hand:
        assert re.search(rf"\b{n}\b", warned), (n, warned)


def _sheet(*marks):
    """A bare A4 sheet with no items and these marks (a cut mark, a label)."""
    return SimpleNamespace(w=210.0, h=297.0, items=[], marks=list(marks))


def test_a_cut_mark_beside_an_arm_is_shortened_and_a_label_beside_one_unmarks_the_sheet():
    style = Style(None, "#000000", 0.25)
    # a vertical cut mark 1 mm left of the top-right angle's vertical arm (x 199.7 to 200, y 10
    # to 30.15), running from y 5 to 40: its part within 2 mm of the mark goes, measured from
    # the edges of both lines (each half its width from its centre line)
    beside = PathPrim((("M", 198.7, 5.0), ("L", 198.7, 40.0)), style)
    far = PathPrim((("M", 100.0, 5.0), ("L", 100.0, 9.0)), style)  # nowhere near a mark
    marks = with_registration(_sheet(beside, far), PAPER)
    reg = registration_marks(210.0, 297.0)
    assert marks[-3:] == reg and far in marks
    kept = [m for m in marks if m not in reg and m != far]
    pieces = [
        ((a[1], a[2]), (b[1], b[2]))
        for m in kept
        for a, b in zip(m.ops[::2], m.ops[1::2], strict=True)
    ]
    assert pieces == [
        ((198.7, 5.0), (198.7, pytest.approx(7.875))),
        ((198.7, pytest.approx(32.275)), (198.7, 40.0)),
    ]
    # a label 1 mm right of the top-left square: the sheet prints no marks, and keeps its label
    label = Text(16.0, 14.0, "Card sheet 1", "regular", 3.0, "#000000")
    assert with_registration(_sheet(label, beside), PAPER) == [label, beside]
