"""Pieces larger than any shipped game's: a d6 net with 100 mm faces (a 400 x 300 mm net) and a
700 x 500 mm board are tiled over A4 pages, as docs/errors.md and docs/kinds-die-standee.md
say, never clipped: every face of the net and every quarter of the board is printed whole
across the tile pages. Each is one colour, counted in the printed pages' pixels."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from conftest import game_yaml

from pnp.cli import main

DPI = 25  # pixels an inch the tile pages are counted at
PX_MM2 = (DPI / 25.4) ** 2  # pixels in a square millimetre
FACES = ["#c00000", "#00a000", "#0000c0", "#c0a000", "#800080", "#008080"]
DIE = (
    "family: die\nkind: die\nsolid: d6\nedge: 100mm\nitems:\n  - id: huge\n"
    f"    faces: [{', '.join(repr(c) for c in FACES)}]\n"
    'front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "{face}"}\n'
)
QUARTERS = FACES[:4]
BOARD = "family: board\nkind: board\nsize: {w: 700mm, h: 500mm}\nfront:\n" + "".join(
    f'  - rect: {{x: {x}, y: {y}, w: 50%, h: 50%, fill: "{c}"}}\n'
    for (x, y), c in zip(
        [("0%", "0%"), ("50%", "0%"), ("0%", "50%"), ("50%", "50%")], QUARTERS, strict=True
    )
)


def build(tmp_path: Path, family: str) -> Path:
    game = tmp_path / "big"
    game.mkdir()
    (game / "game.yaml").write_text(game_yaml("big", "piece.yaml"), encoding="utf-8")
    (game / "piece.yaml").write_text(family, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    return out / "big"


def printed_area(folder: Path, colours: list[str]) -> tuple[int, dict[str, float]]:
    """(tile pages, colour -> mm² printed in it) over the pages that print the piece (the
    assembly map, a small picture of the whole, is left out: the manifest names the pages)."""
    m = json.loads((folder / "big-a4.json").read_text(encoding="utf-8"))
    pages = [p["number"] for p in m["pages"] if p["items"]]
    area = dict.fromkeys(colours, 0.0)
    with pymupdf.open(folder / "big-a4.pdf") as doc:
        for n in pages:
            pix = doc[n - 1].get_pixmap(dpi=DPI)
            px = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)[..., :3]
            for c in colours:
                want = np.array([int(c[k : k + 2], 16) for k in (1, 3, 5)])
                hit = np.all(np.abs(px.astype(int) - want) <= 8, axis=2)
                area[c] += hit.sum() / PX_MM2
    return len(pages), area


def test_a_die_net_larger_than_the_page_is_tiled_with_every_face_whole(tmp_path):
    folder = build(tmp_path, DIE)
    pages, area = printed_area(folder, FACES)
    assert pages >= 4, f"a 400 x 300 mm net on {pages} A4 page(s)"
    for c, mm2 in area.items():
        # a 100 mm square face less its fold and cut lines (a few per cent at this resolution);
        # a tile strip left out takes a tenth of a face or more
        assert mm2 >= 0.9 * 100 * 100, f"face {c}: {mm2:.0f} mm² printed of 10,000"


def test_a_board_larger_than_any_shipped_one_is_tiled_with_every_quarter_whole(tmp_path):
    folder = build(tmp_path, BOARD)
    pages, area = printed_area(folder, QUARTERS)
    # 350,000 mm² over A4's printable area (190 x 277 mm) needs at least 7 pages
    assert pages >= 7, f"a 700 x 500 mm board on {pages} A4 page(s)"
    for c, mm2 in area.items():
        assert mm2 >= 0.97 * 350 * 250, f"quarter {c}: {mm2:.0f} mm² printed of 87,500"


@pytest.mark.parametrize("tiles,ok", [(4, True), (3, False)])
def test_the_net_needs_four_tile_pages_and_max_tiles_refuses_fewer(tmp_path, capsys, tiles, ok):
    """docs/errors.md: an item needing more than --max-tiles pages is refused, exit 2."""
    game = tmp_path / "big"
    build(tmp_path, DIE)
    out = tmp_path / "again"
    capsys.readouterr()
    rc = main(["build", str(game), "--paper", "a4", "--out", str(out), "--max-tiles", str(tiles)])
    err = capsys.readouterr().err
    assert (rc == 0) == ok, err
    if not ok:
        assert rc == 2 and "tile pages" in err and "Traceback" not in err, err
