"""The `standee` kind: one strip, base | back (upside down) | front | base, built onto paper."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pymupdf
import pytest
from conftest import MM, texts_of

from pnp import build
from pnp.cli import main
from pnp.pipeline import prepare
from pnp.spec.load import load_game

DATA = Path(__file__).resolve().parent / "data" / "solids"
W, H, BASE = 19.05, 31.75, 12.7  # 0.75in x 1.25in, base 0.5in


@pytest.fixture(scope="module")
def pawns(tmp_path_factory):
    out = tmp_path_factory.mktemp("standees")
    game = load_game(str(DATA))
    res = {}
    for paper in ("a4", "letter"):
        o = build(game, [paper], out_dir=out / paper)[0]
        res[paper] = (pymupdf.open(o.pdf), json.loads(o.manifest.read_text()))
    return res


def placed(man):
    for page in man["pages"]:
        for it in page["items"]:
            if it["component"] == "pawns":
                yield page, it


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_item_per_standee_of_the_strip_size(pawns, paper):
    doc, man = pawns[paper]
    items = list(placed(man))
    assert sorted(it["id"] for _, it in items) == [
        "blue-pawn",
        "green-pawn",
        "red-pawn",
        "yellow-pawn",
    ]
    fam = next(f for f in man["families"] if f["component"] == "pawns")
    assert fam["count"] == 4 and fam["stock"] == "card" and not fam["two_sided"]
    for page, it in items:
        w, h = (it["w_mm"], it["h_mm"]) if it["rotation"] in (0, 180) else (it["h_mm"], it["w_mm"])
        assert w == pytest.approx(W, abs=0.01) and h == pytest.approx(2 * BASE + 2 * H, abs=0.01)
        # the cut line drawn in the PDF is the item's box
        box = (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])
        cuts = [
            d["rect"]
            for d in doc[page["number"] - 1].get_drawings()
            if d.get("color") and abs(d["color"][0] - 0.2) < 0.01 and not d.get("fill")
        ]
        rects = [(r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM) for r in cuts]
        assert any(all(abs(a - b) <= 0.1 for a, b in zip(r, box, strict=True)) for r in rects), (
            box,
            rects,
        )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_lines_dashed_between_panels(pawns, paper):
    """Every printed strip folds at base | back | front | base: three dashed lines across it,
    at the panel heights, read from the PDF."""
    doc, man = pawns[paper]
    upright = [(page, it) for page, it in placed(man) if it["rotation"] in (0, 180)]
    assert upright
    for page, it in upright:
        folds = []
        for d in doc[page["number"] - 1].get_drawings():
            if d.get("color") and abs(d["color"][0] - 0x77 / 255) < 0.01:
                assert d["dashes"] and "[]" not in d["dashes"]
                for op in d["items"]:
                    if op[0] != "l" or abs(op[1].y - op[2].y) > 1e-3:
                        continue
                    xs = sorted((op[1].x * MM, op[2].x * MM))
                    y = op[1].y * MM - it["y_mm"]
                    # this strip's lines: a shared sheet butts other strips above and below it
                    on_it = 0 < y < it["h_mm"]
                    if on_it and abs(xs[0] - it["x_mm"]) < 0.01 and abs(xs[1] - (it["x_mm"] + W)) < 0.01:
                        folds.append(y)
        assert sorted(round(y, 2) for y in folds) == [
            round(BASE, 2),
            round(BASE + H, 2),
            round(BASE + 2 * H, 2),
        ], it["id"]
        # each panel's tinted fill spans exactly its panel, back and front
        spans = set()
        for d in doc[page["number"] - 1].get_drawings():
            r = d["rect"]
            if (
                d.get("fill")
                and abs(r.x0 * MM - it["x_mm"]) < 0.01
                and abs(r.width * MM - W) < 0.01
            ):
                spans.add((round(r.y0 * MM - it["y_mm"], 2), round(r.y1 * MM - it["y_mm"], 2)))
        panels = {
            (round(BASE, 2), round(BASE + H, 2)),
            (round(BASE + H, 2), round(BASE + 2 * H, 2)),
        }
        assert panels <= spans, (it["id"], sorted(spans))


def test_back_is_upside_down_and_front_upright(pawns):
    doc, man = pawns["a4"]
    page, it = next((p, i) for p, i in placed(man) if i["id"] == "red-pawn")
    assert it["rotation"] == 0
    y0 = it["y_mm"]
    found = {}
    for block in doc[page["number"] - 1].get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            text = "".join(s["text"] for s in line["spans"]).strip()
            x = (line["bbox"][0] + line["bbox"][2]) / 2 * MM
            if not it["x_mm"] <= x <= it["x_mm"] + it["w_mm"]:
                continue
            y = (line["bbox"][1] + line["bbox"][3]) / 2 * MM - y0
            found[text] = (line["dir"], y)
    front_dir, front_y = found["red"]
    back_dir, back_y = found["red back"]
    assert front_dir == pytest.approx((1.0, 0.0)) and back_dir == pytest.approx((-1.0, 0.0))
    assert BASE + H < front_y < BASE + 2 * H  # front panel, near its foot (82% down)
    assert (
        BASE < back_y < BASE + H
    )  # back panel, near ... its foot, which is at the top of the strip
    assert front_y - (BASE + H) > 0.7 * H and back_y - BASE < 0.3 * H


def test_back_defaults_to_the_front(tmp_path):
    folder = tmp_path / "solids"
    shutil.copytree(DATA, folder)
    (folder / "pawns.yaml").write_text(
        "family: pawns\nkind: standee\nsize: {w: 20mm, h: 30mm}\nbase: 10mm\n"
        "front:\n  - text: {text: 'Hero {colour}', size: 6pt}\nitems:\n  - id: '{colour}'\n    per_player: true\n"
    )
    game = load_game(str(folder))
    faces = prepare(game, legibility=False).faces
    red = next(f for f in faces["pawns"] if f.id == "red")
    assert (red.w, red.h) == (20.0, 80.0)
    assert red.back is None
    texts = texts_of(red.front)
    assert texts == ["Hero red", "Hero red"]


def test_bad_standee_is_a_clean_error(tmp_path, capsys):
    folder = tmp_path / "solids"
    shutil.copytree(DATA, folder)
    pawns = folder / "pawns.yaml"
    pawns.write_text(pawns.read_text().replace("base: 0.5in", "base: 12"))
    assert main(["build", str(folder), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "pawns.yaml" in err and "base" in err and "bare number" in err
