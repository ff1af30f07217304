"""Blocks of items with no gutter between them (`gutter: 0mm`, the cut lines shared): the cut
file cuts each card at its own size, neighbours sharing their edge; the cut marks stand on every
shared line, outside the block; each card prints its own colour. Read from the PDF and the SVG.
With a bleed the items print twice the bleed apart instead (tests/test_gutter_bleed.py): a
shared cut line would put each card's bleed over its neighbour's art."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pymupdf
import pytest
from conftest import MM, game_yaml
from cutgeom import INKSCAPE, SVG

from pnp.cli import main

# nine cards: a full page of 3 x 3, so the sheet is a grid (cut lines run across the page)
COLOURS = {
    "r": "#c00000",
    "g": "#00a000",
    "b": "#0000c0",
    "y": "#c0a000",
    "m": "#800080",
    "t": "#008080",
    "o": "#e06000",
    "k": "#303030",
    "p": "#e080a0",
}
W, H = 63.0, 88.0  # the cards' size, as cards.yaml gives it: nine fill an A4 page


def cards_yaml(bleed: str) -> str:
    items = "".join(f'  - {{id: {i}, c: "{c}"}}\n' for i, c in COLOURS.items())
    return (
        f"family: cards\nkind: card\nsize: {{w: {W:g}mm, h: {H:g}mm}}\nradius: 0mm\n"
        f"bleed: {bleed}\ngutter: 0mm\nitems:\n{items}"
        'front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "{c}"}\n'
    )


@pytest.fixture(params=["0mm"], ids=["no-bleed"])
def printed(request, tmp_path) -> tuple[Path, float]:
    game = tmp_path / "blocks"
    game.mkdir()
    (game / "game.yaml").write_text(game_yaml("blocks", "cards.yaml"), encoding="utf-8")
    (game / "cards.yaml").write_text(cards_yaml(request.param), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    assert main(["export", str(game), "--cut", "--out", str(out), "-q"]) == 0
    return out / "blocks", float(request.param.removesuffix("mm"))


def cut_boxes(folder: Path) -> tuple[int, dict[str, tuple[float, float, float, float]]]:
    """(page number, card id -> the box of its cut path in page mm) from the one cut file."""
    import xml.etree.ElementTree as ET

    [svg] = (folder / "cut").glob("*.svg")
    page = int(re.search(r"-p(\d+)\.svg$", svg.name).group(1))
    boxes = {}
    for g in ET.parse(svg).getroot().iter(f"{SVG}g"):
        if g.get(f"{INKSCAPE}label") != "cut":
            continue
        for p in g.iter(f"{SVG}path"):
            nums = [float(v) for v in re.findall(r"-?[\d.]+", p.get("d"))]
            xs, ys = nums[0::2], nums[1::2]
            boxes[p.get(f"{INKSCAPE}label").split("/")[1]] = (min(xs), min(ys), max(xs), max(ys))
    return page, boxes


def test_the_cut_file_cuts_each_card_at_its_size_sharing_edges(printed):
    folder, _ = printed
    _, boxes = cut_boxes(folder)
    assert sorted(boxes) == sorted(COLOURS)
    for i, (x0, y0, x1, y1) in boxes.items():
        assert (round(x1 - x0, 2), round(y1 - y0, 2)) == (W, H), (
            f"card {i} is cut {x1 - x0} x {y1 - y0}"
        )
    shared = 0
    for (a, p), (b, q) in itertools.combinations(boxes.items(), 2):
        # no two cards overlap (at most they touch)
        assert (
            min(p[2], q[2]) - max(p[0], q[0]) < 0.01 or min(p[3], q[3]) - max(p[1], q[1]) < 0.01
        ), (a, b)
        shared += abs(p[2] - q[0]) < 0.01 and abs(p[1] - q[1]) < 0.01  # side by side, no gap
    assert shared >= 2, f"no gutter, yet only {shared} pairs of cards share a cut line: {boxes}"


def _marks(page: pymupdf.Page, boxes) -> list[tuple[float, float, float, float]]:
    """Straight lines under 20 mm drawn outside every card: the cut marks, in mm."""
    out = []
    for d in page.get_drawings():
        for it in d["items"]:
            if it[0] != "l":
                continue
            (x0, y0), (x1, y1) = (it[1].x * MM, it[1].y * MM), (it[2].x * MM, it[2].y * MM)
            if abs(x1 - x0) + abs(y1 - y0) < 20:
                out.append((x0, y0, x1, y1))
    return out


def test_cut_marks_stand_on_every_cut_line_and_never_on_a_card(printed):
    folder, _ = printed
    n, boxes = cut_boxes(folder)
    with pymupdf.open(folder / "blocks-a4.pdf") as doc:
        marks = _marks(doc[n - 1], boxes)
    for x0, y0, x1, y1 in marks:
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        for i, (a, b, c, d) in boxes.items():
            inside = a + 0.05 < mx < c - 0.05 and b + 0.05 < my < d - 0.05
            assert not inside, f"a mark at ({mx:.1f}, {my:.1f}) mm is drawn on card {i}"
    upright = {round(x0, 1) for x0, y0, x1, y1 in marks if abs(x0 - x1) < 0.01}
    across = {round(y0, 1) for x0, y0, x1, y1 in marks if abs(y0 - y1) < 0.01}
    for i, (a, b, c, d) in boxes.items():
        for x in (a, c):
            assert round(x, 1) in upright, f"no cut mark on the line x = {x:.1f} mm (card {i})"
        for y in (b, d):
            assert round(y, 1) in across, f"no cut mark on the line y = {y:.1f} mm (card {i})"


def _colour(page: pymupdf.Page, x: float, y: float) -> tuple[int, int, int]:
    pix = page.get_pixmap(dpi=144, clip=pymupdf.Rect(x - 0.2, y - 0.2, x + 0.2, y + 0.2) / MM)
    return pix.pixel(pix.width // 2, pix.height // 2)


def _near(found, colour: str) -> bool:
    want = [int(colour[k : k + 2], 16) for k in (1, 3, 5)]
    return all(abs(a - b) <= 8 for a, b in zip(found, want, strict=True))


def test_each_card_prints_its_colour_and_the_bleed_reaches_past_the_outer_cuts(printed):
    folder, bleed = printed
    n, boxes = cut_boxes(folder)
    with pymupdf.open(folder / "blocks-a4.pdf") as doc:
        page = doc[n - 1]
        for i, (a, b, c, d) in boxes.items():
            centre = _colour(page, (a + c) / 2, (b + d) / 2)
            assert _near(centre, COLOURS[i]), f"card {i} prints {centre} at its centre"
            # past each cut line no other card touches: the bleed's art, or paper without one
            for x, y, side in ((a - 1, (b + d) / 2, "left"), (c + 1, (b + d) / 2, "right")):
                if any(p[0] - 0.01 <= x <= p[2] + 0.01 and p[1] < y < p[3] for p in boxes.values()):
                    continue  # a neighbour is there
                got = _colour(page, x, y)
                if bleed:
                    assert _near(got, COLOURS[i]), f"1 mm {side} of card {i}: {got}, not its bleed"
                else:
                    assert got == (255, 255, 255), f"1 mm {side} of card {i}: {got}, not paper"
