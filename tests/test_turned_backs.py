"""Two-sided pieces turned on a sheet, read from the printed PDF: an item of a family whose run
fits its shared sheet only turned has its back behind it, turned alike (docs/printing.md,
"Duplex"), in both engines and on both flips; and a duplex `--offset` that would move backs into
the paper's margin is a warning naming the `--margin` that keeps them out, which does.

Each face carries pairs of squares, a red one with a green one 7 mm to its right; its back the
same pairs mirrored left to right (yellow, cyan), as a card's back is the front turned over. A
back turned the wrong way, or shifted, puts a cyan square off its green one."""

from __future__ import annotations

import json

import numpy as np
import pymupdf
import pytest
from conftest import edit, mini_game
from test_printed_margin import ink_in_margin
from test_tiled_backs import board_yaml

from pnp.cli import main

PT = 72 / 25.4
S = 4.0  # mm: a marker's side
NEAR = 0.5  # mm
PAIRS = {"#e00000": "#f0e000", "#00a000": "#00c0c0"}  # front colour: its back's
W, H = 250.0, 120.0  # fits A4 and Letter only turned


def wide_yaml() -> str:
    spots = [(8, 8), (8, H - 20), (W - 30, H / 2), (W / 2, 30)]

    def rect(x: float, y: float, colour: str) -> str:
        return f'  - rect: {{x: {x}mm, y: {y}mm, w: {S}mm, h: {S}mm, fill: "{colour}"}}\n'

    front = "".join(rect(u, v, "#e00000") + rect(u + 7, v, "#00a000") for u, v in spots)
    back = "".join(
        rect(W - u - S, v, "#f0e000") + rect(W - u - 7 - S, v, "#00c0c0") for u, v in spots
    )
    return (
        f"family: wide\nkind: card\nstock: card\nsize: {{w: {W}mm, h: {H}mm}}\n"
        "items:\n  - id: w{n}\n    for_each: {n: [1, 2, 3]}\n"
        f'front:\n{front}back:\n  - rect: {{x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#2050c0"}}\n'
        f"{back}"
    )


def squares(page: pymupdf.Page, colour: str) -> list[tuple[float, float]]:
    rgb = [int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5)]
    out = []
    for d in page.get_drawings():
        r, fill = d["rect"], d.get("fill")
        if fill and np.allclose(fill, rgb, atol=0.01) and abs(r.width - S * PT) < 0.2:
            out.append(((r.x0 + r.x1) / 2 / PT, (r.y0 + r.y1) / 2 / PT))
    return out


def build(tmp_path, paper: str, flip: str, engine: str):
    game = mini_game(tmp_path)
    (game / "wide.yaml").write_text(wide_yaml())
    edit(game / "game.yaml", "  - cards.yaml\n", "  - cards.yaml\n  - wide.yaml\n")
    out = tmp_path / "out"
    args = ["build", str(game), "--paper", paper, "--flip", flip, "--engine", engine]
    assert main([*args, "--out", str(out)]) == 0
    pdf = next((out / "mini").glob("*.pdf"))
    return pymupdf.open(pdf), json.loads(pdf.with_suffix(".json").read_text())


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
@pytest.mark.parametrize(("paper", "flip"), [("a4", "long"), ("a4", "short"), ("letter", "long")])
def test_a_turned_item_has_its_back_behind_it_turned_alike(tmp_path, paper, flip, engine):
    doc, manifest = build(tmp_path, paper, flip, engine)
    pages = manifest["pages"]
    turned = [
        p["number"]
        for p in pages
        for it in p["items"]
        if it["component"] == "wide" and it["side"] == "front" and it["rotation"] == 90
    ]
    assert len(turned) == 3, "each wide item is turned on its sheet"
    for n in turned:
        back = pages[n]
        assert back["kind"] == "backs", f"page {n} has no back after it"
        w, h = back["size_mm"]
        for front_colour, back_colour in PAIRS.items():
            fronts = squares(doc[n - 1], front_colour)
            behind = [
                (w - x, y) if flip == "long" else (x, h - y)
                for x, y in squares(doc[n], back_colour)
            ]
            assert len(fronts) == len(behind) == 4, (n, front_colour, fronts, behind)
            for a, b, side in ((fronts, behind, "front"), (behind, fronts, "back")):
                for c in a:
                    gap = min(np.hypot(c[0] - d[0], c[1] - d[1]) for d in b)
                    assert gap <= NEAR, (
                        f"page {n}: a {side} {front_colour} square at {c} is {gap:.1f} mm off"
                    )


def build_board(tmp_path, w: float, h: float, *extra: str):
    """The board built on A4 with a 10 mm margin: exit code, warnings, the PDF (None if none)."""
    game = mini_game(tmp_path / f"{w}{extra}")
    (game / "board.yaml").write_text(board_yaml(w, h))
    edit(game / "game.yaml", "  - cards.yaml\n", "  - cards.yaml\n  - board.yaml\n")
    out = tmp_path / f"out{w}{extra}"
    code = main(["build", str(game), "--paper", "a4", "--margin", "10", "--out", str(out), *extra])
    pdf = next((out / "mini").glob("*.pdf"), None)
    return code, pdf and pymupdf.open(pdf)


def test_backs_the_offset_would_move_into_the_margin_are_kept_out(tmp_path, capsys):
    # the full tiles reach the printable area's edge: -4,-4 would move their backs 4 mm past it
    _, plain = build_board(tmp_path, 330, 420)
    code, doc = build_board(tmp_path, 330, 420, "--offset=-4,-4")
    err = capsys.readouterr().err
    assert code == 0 and "warning" not in err, err
    assert len(doc) == len(plain), "kept out at no page's cost"
    for k, page in enumerate(doc):
        n, first = ink_in_margin(page, 10)
        assert not n, f"page {k + 1}: ink in the 10 mm margin at {first}"


def test_backs_that_must_enter_the_margin_are_a_warning(tmp_path, capsys):
    # two full tiles across: 4 mm further in, the board would take more pages
    code, doc = build_board(tmp_path, 360, 270, "--offset=4,4")
    err = capsys.readouterr().err
    assert code == 0, err
    ink = [k + 1 for k, page in enumerate(doc) if ink_in_margin(page, 10)[0]]
    said = "backs on pages " + ", ".join(map(str, ink)) + " up to 4.0 mm into the 10 mm margin"
    assert ink and said in err and "paper guides" in err, (ink, err)
    code, doc = build_board(tmp_path, 360, 270, "--offset=4,4", "--strict")
    assert code != 0 and doc is None, "--strict refuses backs in the margin"
