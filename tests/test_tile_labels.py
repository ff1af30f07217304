"""A tile's label is never crossed by a mark, read from the printed PDF: on tile pages and on
shared sheets, no stroked line (cut mark, alignment tick, dashed trim line) runs through the
box of a label's text; a label beside its strip reads upward, never downward."""

from __future__ import annotations

import re

import pymupdf
import pytest
from conftest import one_paper_each

MM = 72 / 25.4
LABEL = re.compile(r"^[A-Z]+\d+\s+\S")
MARKS = [(0.0, 0.0, 0.0), tuple(v / 255 for v in (0xD0, 0x1C, 0x8B))]
TILED = [
    ("aftershock", None),
    ("earth-our-home", "reduced"),
    ("earthquake", None),
    ("greenway", None),
]


def label_lines(page: pymupdf.Page) -> list[tuple[pymupdf.Rect, tuple[float, float]]]:
    """The box and writing direction of each line of a tile's label (and the line after it:
    a label that wraps goes on below)."""
    out = []
    for block in page.get_text("dict")["blocks"]:
        lines = block.get("lines", [])
        if lines and LABEL.match("".join(s["text"] for s in lines[0]["spans"])):
            out += [(pymupdf.Rect(line["bbox"]), line["dir"]) for line in lines]
    return out


def crossing(page: pymupdf.Page, box: pymupdf.Rect) -> list:
    """The marks (black cut marks and trim lines, pink alignment ticks: stroked 0.2-0.25 mm)
    that pass through the box (shrunk by 0.1 mm). The board's own art, drawn whole under each
    tile's clip, is left out: it prints only inside the tile."""
    inner = pymupdf.Rect(box.x0 + 0.1 * MM, box.y0 + 0.1 * MM, box.x1 - 0.1 * MM, box.y1 - 0.1 * MM)
    out = []
    for d in page.get_cdrawings():
        colour = d.get("color") or ()
        if d.get("type") not in ("s", "fs") or not any(
            len(colour) == 3 and max(abs(a - b) for a, b in zip(colour, m, strict=True)) < 0.01
            for m in MARKS
        ):
            continue
        if not 0.19 <= (d.get("width") or 0) / MM <= 0.26:
            continue
        for it in d["items"]:
            if it[0] != "l":
                continue
            (x1, y1), (x2, y2) = it[1], it[2]
            seg = pymupdf.Rect(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
            # an upright or level line: it crosses the box where its box meets it
            if (
                seg.x0 <= inner.x1
                and seg.x1 >= inner.x0
                and seg.y0 <= inner.y1
                and seg.y1 >= inner.y0
            ):
                out.append(tuple(round(v / MM, 1) for v in (x1, y1, x2, y2)))
    return out


@pytest.mark.parametrize(
    ("game", "variant", "paper"),
    one_paper_each([(g, v, p) for g, v in TILED for p in ("a4", "letter")]),
)
def test_tile_labels_are_clear_of_marks_and_read_up_or_across(built, game, variant, paper):
    b = built(game, paper, variant=variant)
    doc = b.doc()
    seen = 0
    for entry in b.manifest["pages"]:
        if entry["kind"] not in ("tile", "sheet") or not any("tile" in i for i in entry["items"]):
            continue
        page = doc[entry["number"] - 1]
        for box, direction in label_lines(page):
            seen += 1
            assert direction[1] <= 1e-6, f"page {entry['number']}: a label reads downward"
            hit = crossing(page, box)
            assert not hit, f"page {entry['number']}: a label at {box / MM} is crossed by {hit[:3]}"
    assert seen
