"""A two-sided item larger than the printable area, tiled, read from the printed PDF: every tile
has its back on the back of its own page (a full tile's page, or the shared sheet holding a
strip), each back's drawing lies behind its front within 0.5 mm once the sheet is flipped as the
paper says (docs/printing.md, "Duplex"), no back spills past its tile, nothing prints in the
margin, and the guide's print plan prints those pages duplex."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from conftest import edit, mini_game, sweep
from test_print_plan import check_plan, guide_jobs
from test_printed_margin import ink_in_margin

from pnp.cli import main

PT = 72 / 25.4  # PDF points per millimetre
SQUARE = 4.0  # mm: the markers' size
STEP = 25.0  # mm between markers
NEAR = 0.5  # mm: a back lies behind its front this closely
RED, YELLOW, BLUE = (0.875, 0.0, 0.0), (0.9375, 0.875, 0.0), (0.125, 0.3125, 0.75)


def board_yaml(w: float, h: float) -> str:
    """A two-sided board: red squares on its front, on its back a blue ground and a yellow square
    behind each red one (the back is the front turned over left to right, as a card's is)."""
    spots = [
        (8 + STEP * i, 8 + STEP * j)
        for i in range(int((w - 12) // STEP) + 1)
        for j in range(int((h - 12) // STEP) + 1)
    ]
    front = "".join(
        f'  - rect: {{x: {u}mm, y: {v}mm, w: {SQUARE}mm, h: {SQUARE}mm, fill: "#e00000"}}\n'
        for u, v in spots
    )
    back = "".join(
        f"  - rect: {{x: {w - u - SQUARE}mm, y: {v}mm, w: {SQUARE}mm, h: {SQUARE}mm, "
        f'fill: "#f0e000"}}\n'
        for u, v in spots
    )
    return (
        "family: board\nkind: sheet\nstock: card\n"
        f"size: {{w: {w}mm, h: {h}mm}}\nitems:\n  - id: b1\n"
        f"front:\n{front}"
        f'back:\n  - rect: {{x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#2050c0"}}\n{back}'
    )


def build_board(tmp_path: Path, w: float, h: float, paper: str, margin: float, flip: str):
    game = mini_game(tmp_path)
    (game / "board.yaml").write_text(board_yaml(w, h))
    edit(game / "game.yaml", "  - cards.yaml\n", "  - cards.yaml\n  - board.yaml\n")
    out = tmp_path / "out"
    args = ["build", str(game), "--paper", paper, "--margin", str(margin), "--flip", flip]
    assert main([*args, "--out", str(out)]) == 0
    pdf = next((out / "mini").glob("*.pdf"))
    manifest = json.loads(pdf.with_suffix(".json").read_text())
    return pymupdf.open(pdf), manifest


def squares(page: pymupdf.Page, colour) -> list[tuple[float, float]]:
    """The centres, in mm, of the filled squares of `colour` drawn on the page."""
    out = []
    for d in page.get_drawings():
        fill = d.get("fill")
        r = d["rect"]
        if fill and np.allclose(fill, colour, atol=0.01) and abs(r.width - SQUARE * PT) < 0.2:
            out.append(((r.x0 + r.x1) / 2 / PT, (r.y0 + r.y1) / 2 / PT))
    return out


def mirrored(x: float, y: float, page: dict, flip: str) -> tuple[float, float]:
    """The point of the front page behind (x, y) of its back page, offset 0."""
    w, h = page["size_mm"]
    return (w - x, y) if flip == "long" else (x, h - y)


def inside(pt, rect, by: float = 0.0) -> bool:
    x, y, w, h = rect
    return x - by <= pt[0] <= x + w + by and y - by <= pt[1] <= y + h + by


def tiles(manifest: dict, side: str) -> dict[str, tuple[int, tuple]]:
    """Each of the board's tiles on `side`: its page number and its rectangle on the page."""
    return {
        it["tile"]: (p["number"], (it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"]))
        for p in manifest["pages"]
        for it in p["items"]
        if it["component"] == "board" and it["side"] == side
    }


CASES = [  # a board just too big for the page (one tile, a page turned) and one of many tiles
    (264, 190, "letter", 6, "long"),
    (264, 190, "a4", 10, "short"),
    (330, 420, "a4", 10, "long"),
    (330, 420, "letter", 6, "short"),
]


# the board of one tile every day, the other three deep
@pytest.mark.parametrize(
    ("w", "h", "paper", "margin", "flip"), sweep(CASES, lambda c: c == CASES[0])
)
def test_each_tile_has_its_back_behind_it(tmp_path, w, h, paper, margin, flip):
    doc, manifest = build_board(tmp_path, w, h, paper, margin, flip)
    pages = manifest["pages"]
    fronts, backs = tiles(manifest, "front"), tiles(manifest, "back")
    assert fronts and set(backs) == set(fronts), (sorted(fronts), sorted(backs))
    for p in pages:  # a tile page is followed by its back
        if p["kind"] == "tile":
            assert pages[p["number"]]["kind"] == "backs", f"tile page {p['number']} has no back"
    for label, (n, rect) in fronts.items():
        back_n = backs[label][0]
        assert back_n == n + 1, f"tile {label} on page {n}, its back on page {back_n}"
        page = pages[back_n - 1]
        red = [c for c in squares(doc[n - 1], RED) if inside(c, rect)]
        yellow = [mirrored(*c, page, flip) for c in squares(doc[back_n - 1], YELLOW)]
        yellow = [c for c in yellow if inside(c, rect)]
        assert red, f"tile {label}: no marker read"
        for a, b, what in ((red, yellow, "front"), (yellow, red, "back")):
            for c in a:
                gap = min(np.hypot(c[0] - d[0], c[1] - d[1]) for d in b) if b else 99
                assert gap <= NEAR, f"tile {label}: a {what} marker at {c} has nothing behind it"
        assert not blue_outside(doc[back_n - 1], page, rect, flip), f"tile {label}'s back spills"
    for page, entry in zip(doc, pages, strict=True):
        n, first = ink_in_margin(page, margin)
        assert not n, f"page {entry['number']} ({entry['kind']}): ink in the margin at {first}"
    check_plan(doc, manifest)
    tile_pages = {n for n, _ in fronts.values()}
    for job in guide_jobs(doc):
        if tile_pages & set(range(job["first"], job["last"] + 1)):
            assert job["duplex"], job


def blue_outside(page: pymupdf.Page, entry: dict, rect, flip: str) -> int:
    """Pixels of the back's blue ground outside the tile's own rectangle, seen from the front."""
    dpi = 50
    pix = page.get_pixmap(dpi=dpi, alpha=False)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)
    blue = np.all(np.abs(img.astype(int) - [0x20, 0x50, 0xC0]) < 24, axis=2)
    ys, xs = np.nonzero(blue)
    px = 25.4 / dpi
    return sum(
        1
        for x, y in zip(xs, ys, strict=True)
        if not inside(mirrored((x + 0.5) * px, (y + 0.5) * px, entry, flip), rect, px)
    )
