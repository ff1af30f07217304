"""The assembly map says which page each tile is on, read from the printed PDF alone: under each
tile's label on the map, "page N"; page N prints that tile, under its own label."""

from __future__ import annotations

import re

import pymupdf
import pytest
from conftest import one_paper_each

LABEL = re.compile(r"^[A-Z]+\d+$")
PAGE = re.compile(r"^page (\d+)$")
TILED = [
    ("aftershock", None),
    ("earth-our-home", "reduced"),
    ("earthquake", None),
    ("greenway", None),
]


def map_entries(page: pymupdf.Page) -> dict[str, int]:
    """Each tile label on the map and the page printed just under it."""
    lines = [
        ("".join(s["text"] for s in line["spans"]).strip(), pymupdf.Rect(line["bbox"]))
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", [])
    ]
    labels = [(t, r) for t, r in lines if LABEL.match(t)]
    pages = [(int(PAGE.match(t).group(1)), r) for t, r in lines if PAGE.match(t)]
    out = {}
    for label, r in labels:
        below = [
            (p.y0 - r.y1, n)
            for n, p in pages
            if -1 < p.y0 - r.y1 < 12 and abs((p.x0 + p.x1) / 2 - (r.x0 + r.x1) / 2) < 3
        ]
        assert below, f"no page under tile {label}"
        out[label] = min(below)[1]
    return out


@pytest.mark.parametrize(
    ("game", "variant", "paper"),
    one_paper_each([(g, v, p) for g, v in TILED for p in ("a4", "letter")]),
)
def test_the_map_names_the_page_of_every_tile(built, game, variant, paper):
    doc = built(game, paper, variant=variant).doc()
    maps = 0
    for page in doc:
        text = page.get_text()
        if not text.startswith("Assembly map: "):
            continue
        maps += 1
        name = text.removeprefix("Assembly map: ").splitlines()[0]
        entries = map_entries(page)
        count = int(re.search(r"printed on (\d+) tiles", " ".join(text.split())).group(1))
        assert len(entries) == count, (name, entries)
        for label, n in entries.items():
            # a narrow strip's label may wrap: read the page's words in order
            on = " ".join(doc[n - 1].get_text().split())
            assert f"{label} {name.split(' (')[0]}" in on, (
                f"{name}: tile {label} is not printed on page {n}"
            )
    assert maps


def test_a_narrow_printable_area_keeps_the_map_whole(tmp_path):
    """A 540 × 370 mm board on A4 with a 10 mm margin: its map's intro wraps to one more line
    and its last column is a thin strip at the page's right. The intro ends above the map's
    frame, each tile's label and page stay inside the printable area, and the map still names
    every tile's page."""
    from test_tiled_backs import build_board, ink_in_margin

    doc, manifest = build_board(tmp_path, 540, 370, "a4", 10.0, "long")
    n = next(p["number"] for p in manifest["pages"] if p["kind"] == "assembly")
    page = doc[n - 1]
    assert ink_in_margin(page, 10.0)[0] == 0
    frame_top = min(it[1].y0 for d in page.get_drawings() for it in d["items"] if it[0] == "re")
    words = page.get_text("words")
    intro = [w for w in words if w[1] < frame_top + 2 and not LABEL.match(w[4])]
    assert intro and max(w[3] for w in intro) <= frame_top, "the intro runs into the map"
    assert len(map_entries(page)) == 8
