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
STEP = 25.0  # mm between markers, give or take a few: no shift of a whole step reads as lined up
NEAR = 0.5  # mm: a back lies behind its front this closely
RED, YELLOW, BLUE = (0.875, 0.0, 0.0), (0.9375, 0.875, 0.0), (0.125, 0.3125, 0.75)


def board_yaml(w: float, h: float) -> str:
    """A two-sided board: red squares on its front, on its back a blue ground and a yellow square
    behind each red one (the back is the front turned over left to right, as a card's is)."""
    us = [8 + STEP * i + i * i % 7 for i in range(int((w - 20) // STEP) + 1)]
    vs = [8 + STEP * j + 3 * j * j % 11 for j in range(int((h - 20) // STEP) + 1)]
    spots = [(u, v) for u in us for v in vs if u + SQUARE < w and v + SQUARE < h]
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
    (264, 190, "letter", 6, "long", False),
    (264, 190, "a4", 10, "short", False),
    (330, 420, "a4", 10, "long", False),
    (330, 420, "letter", 6, "short", True),
    # a strip that fits its shared sheet only turned (a quarter clockwise), on either flip
    (295, 400, "a4", 10, "long", True),
    (295, 400, "a4", 10, "short", True),
    (330, 420, "letter", 10, "long", True),
]


# the board of one tile every day (tests/test_turned_backs.py turns pieces every day), the others deep
@pytest.mark.parametrize(
    ("w", "h", "paper", "margin", "flip", "turned"),
    sweep(CASES, lambda c: c == CASES[0]),
)
def test_each_tile_has_its_back_behind_it(tmp_path, w, h, paper, margin, flip, turned):
    doc, manifest = build_board(tmp_path, w, h, paper, margin, flip)
    pages = manifest["pages"]
    fronts, backs = tiles(manifest, "front"), tiles(manifest, "back")
    strips = [
        it["rotation"]
        for p in pages
        for it in p["items"]
        if p["kind"] == "sheet" and it["component"] == "board" and it["side"] == "front"
    ]
    assert (90 in strips) == turned, f"strips turned {strips}"
    assert fronts and set(backs) == set(fronts), (sorted(fronts), sorted(backs))
    for p in pages:  # a tile page is followed by its back
        if p["kind"] == "tile":
            assert pages[p["number"]]["kind"] == "backs", f"tile page {p['number']} has no back"
    for label, (n, rect) in fronts.items():
        back_n = backs[label][0]
        assert back_n == n + 1, f"tile {label} on page {n}, its back on page {back_n}"
        page = pages[back_n - 1]
        red = squares(doc[n - 1], RED)
        yellow = [mirrored(*c, page, flip) for c in squares(doc[back_n - 1], YELLOW)]
        assert [c for c in red if inside(c, rect)], f"tile {label}: no marker read"
        miss = unmatched(red, yellow, rect)
        assert not miss, f"tile {label}: markers with nothing behind them: {miss}"
        on_sheet = [r for m, r in fronts.values() if m == n]  # a shared sheet's strips
        assert not blue_outside(doc[back_n - 1], page, on_sheet, flip), (
            f"tile {label}'s back spills"
        )
    for page, entry in zip(doc, pages, strict=True):
        n, first = ink_in_margin(page, margin)
        assert not n, f"page {entry['number']} ({entry['kind']}): ink in the margin at {first}"
    check_plan(doc, manifest)
    tile_pages = {n for n, _ in fronts.values()}
    for job in guide_jobs(doc):
        if tile_pages & set(range(job["first"], job["last"] + 1)):
            assert job["duplex"], job


def unmatched(front: list, back: list, rect) -> list[tuple[str, tuple]]:
    """The markers inside `rect` (seen from the front; the back's mirrored) with none of the
    other side's within NEAR, each with its side. A marker centred on the rectangle's very edge
    is not held to it (its twin may round to the other side), but may be another's twin."""
    return [
        (side, c)
        for side, a, b in (("front", front, back), ("back", back, front))
        for c in a
        if inside(c, rect, -0.01)
        and min((np.hypot(c[0] - d[0], c[1] - d[1]) for d in b), default=99) > NEAR
    ]


def blue_outside(page: pymupdf.Page, entry: dict, rects: list, flip: str) -> int:
    """Pixels of the back's blue ground outside the rectangles of the tiles on its sheet, seen
    from the front."""
    dpi = 50
    pix = page.get_pixmap(dpi=dpi, alpha=False)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)
    blue = np.all(np.abs(img.astype(int) - [0x20, 0x50, 0xC0]) < 24, axis=2)
    ys, xs = np.nonzero(blue)
    px = 25.4 / dpi
    return sum(
        1
        for x, y in zip(xs, ys, strict=True)
        if not any(
            inside(mirrored((x + 0.5) * px, (y + 0.5) * px, entry, flip), r, px) for r in rects
        )
    )
