"""Never colour alone, read from the PDF: no two printed items differ only by their colours.

Each placed item's content is read from its page: the words inside it (and where), and every
drawing inside it (its kind of path, its points, filled or stroked, its line width), all relative
to the item's corner. Two items whose words and drawings match in everything but colour are told
apart by colour alone (blue and purple to a colour-blind player): a letter, a number, a pattern or
a symbol must differ too.
"""

from __future__ import annotations

import pymupdf
import pytest

from pnp.spec.load import builtin_games
from tests.conftest import MM, edit

K = 72 / 25.4  # points per mm


def _r(v: float) -> float:
    return round(v * MM * 4) / 4  # quarter millimetres


def _colour(c) -> tuple | None:
    return None if c is None else tuple(round(v * 255) for v in c[:3])


def _points(it, x0: float, y0: float) -> tuple:
    out = [it[0]]
    for p in it[1:]:
        if isinstance(p, pymupdf.Point):
            out.append((_r(p.x - x0), _r(p.y - y0)))
        elif isinstance(p, pymupdf.Rect):
            out.append((_r(p.x0 - x0), _r(p.y0 - y0), _r(p.x1 - x0), _r(p.y1 - y0)))
        elif isinstance(p, pymupdf.Quad):
            out.append(tuple((_r(q.x - x0), _r(q.y - y0)) for q in (p.ul, p.ur, p.ll, p.lr)))
    return tuple(out)


def _inside(r: tuple, box: tuple) -> bool:
    """pymupdf's `Rect(r) in Rect(box)`, on plain numbers (it runs for every item and drawing)."""
    return box[0] <= r[0] <= r[2] <= box[2] and box[1] <= r[1] <= r[3] <= box[3]


def printed_items(doc, manifest, side: str = "front"):
    """(family, id, words and drawings without colour, colours) of each placed item."""
    out = []
    for page in manifest["pages"]:
        items = [it for it in page["items"] if it["side"] == side and not it.get("tile")]
        if not items:
            continue
        pdf_page = doc[page["number"] - 1]
        drawings = [(tuple(d["rect"]), d) for d in pdf_page.get_drawings()]
        words = [(w[:4], w) for w in pdf_page.get_text("words")]
        for it in items:
            box = pymupdf.Rect(
                it["x_mm"] * K,
                it["y_mm"] * K,
                (it["x_mm"] + it["w_mm"]) * K,
                (it["y_mm"] + it["h_mm"]) * K,
            )
            grown = tuple(box + (-0.5, -0.5, 0.5, 0.5))
            x0, y0 = box.x0, box.y0
            text = tuple(
                sorted((w[4], _r(w[0] - x0), _r(w[1] - y0)) for r, w in words if _inside(r, grown))
            )
            shapes, colours = [], []
            for r, d in drawings:
                if not _inside(r, grown):
                    continue
                shapes.append(
                    (
                        d["type"],
                        round((d.get("width") or 0) * MM, 2),
                        tuple(_points(i, x0, y0) for i in d["items"]),
                    )
                )
                colours.append((_colour(d.get("fill")), _colour(d.get("color"))))
            out.append(
                (
                    it["component"],
                    it["id"],
                    (_r(box.width), _r(box.height), text, tuple(shapes)),
                    tuple(colours),
                )
            )
    return out


def colour_only_twins(doc, manifest) -> list[str]:
    """Items alike in everything but colour (front with front, back with back), one line per look."""
    looks: dict[tuple, dict[tuple, str]] = {}
    for side in ("front", "back"):
        for family, ident, look, colours in printed_items(doc, manifest, side):
            if not look[3] and not look[2]:
                continue  # nothing drawn inside the item's box (a tile, a board): nothing to compare
            looks.setdefault((side, look), {}).setdefault(colours, f"{family}/{ident} ({side})")
    return [
        " vs ".join(sorted(by_colour.values())[:4])
        for by_colour in looks.values()
        if len(by_colour) > 1
    ]


@pytest.mark.parametrize("game", sorted(builtin_games()))
def test_no_two_items_differ_by_colour_alone(built, game):
    b = built(game)
    twins = colour_only_twins(b.doc(), b.manifest)
    assert not twins, f"{len(twins)} looks told apart by colour alone: " + "; ".join(twins[:8])


def test_pieces_differing_only_by_colour_are_found(game_copy, tmp_path):
    """Greenway's Protectors without their seat labels differ only by colour: the test sees it."""
    import json

    from pnp import build
    from pnp.spec.load import load_game

    folder = game_copy("greenway")
    text = (folder / "protectors.yaml").read_text()
    label = next(line for line in text.splitlines() if 'text: "P{player}"' in line)
    edit(folder / "protectors.yaml", label + "\n", "")
    out = build(load_game(str(folder)), ["a4"], out_dir=tmp_path / "out")[0]
    twins = colour_only_twins(pymupdf.open(out.pdf), json.loads(out.manifest.read_text()))
    assert any("protectors/" in t for t in twins), twins
