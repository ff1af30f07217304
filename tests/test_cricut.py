"""Cricut Print Then Cut sheets (pnp export --cricut), measured: every image within Design
Space's 6.75 x 9.25 in at 300 dpi written in the file, each item an opaque shape of its own
on transparency, one cut outline per item lying on its shape, and no registration marks."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import numpy as np
from conftest import build_a4
from cutgeom import SVG, parse_d
from PIL import Image

from pnp.cli import main

LIMIT_PX = (round(6.75 * 300), round(9.25 * 300))


def test_sheets_fit_print_then_cut_with_an_outline_per_item(small_game, tmp_path):
    out = tmp_path / "out"
    assert main(["export", str(small_game), "--cricut", "--out", str(out), "-q"]) == 0
    folder = out / "small" / "cricut"
    pngs = sorted(folder.glob("small-cricut-*.png"))
    assert pngs and len(pngs) == len(sorted(folder.glob("small-cricut-*.svg")))
    items = 0
    for png in pngs:
        img = Image.open(png)
        assert img.size[0] <= LIMIT_PX[0] and img.size[1] <= LIMIT_PX[1], img.size
        assert [round(v) for v in img.info["dpi"]] == [300, 300]
        alpha = np.asarray(img.convert("RGBA"))[..., 3]
        root = ET.parse(png.with_suffix(".svg")).getroot()
        layers = {g.get("id") for g in root.findall(f"{SVG}g")}
        assert layers == {"cut"}  # Design Space prints its own marks: none of pnp's
        w_mm = float(root.get("width").removesuffix("mm"))
        k = img.size[0] / w_mm
        assert abs(k - 300 / 25.4) < 0.05  # the SVG and the PNG are the same sheet
        paths = list(root.iter(f"{SVG}path"))
        items += len(paths)
        for el in paths:
            [sub] = parse_d(el.get("d"))
            xs = [p[0] for seg in sub for p in seg[1:]]
            ys = [p[1] for seg in sub for p in seg[1:]]
            cx, cy = (min(xs) + max(xs)) / 2 * k, (min(ys) + max(ys)) / 2 * k
            assert alpha[int(cy), int(cx)] == 255  # the item's middle is printed
            # and just outside its outline is nothing: each item a shape of its own
            for x, y in ((min(xs) - 1.5, cy / k), (max(xs) + 1.5, cy / k), (cx / k, min(ys) - 1.5)):
                if 0 <= x * k < img.size[0] and 0 <= y * k < img.size[1]:
                    assert alpha[int(y * k), int(x * k)] == 0
    # every front the printed PDF holds, of every family but the board (too large: left out)
    assert build_a4(small_game, tmp_path / "pdf") == 0
    manifest = json.loads((tmp_path / "pdf" / "small" / "small-a4.json").read_text())
    fronts = [i for p in manifest["pages"] if p["kind"] == "sheet" for i in p["items"]]
    assert items == len([i for i in fronts if i["component"] != "board"]) > 20


def cards_game(folder, w: str, h: str, count: int):
    from conftest import game_yaml

    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml(folder.name))
    (folder / "cards.yaml").write_text(
        f"family: cards\nkind: card\nsize: {{w: {w}, h: {h}}}\nitems:\n  - {{id: c, count: {count}}}\n"
        "front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: '#1d3f7a'}\n"
    )
    return folder


def outlines(svg) -> list[tuple[float, float]]:
    """Each cut outline's width and height in mm."""
    sizes = []
    for el in ET.parse(svg).getroot().iter(f"{SVG}path"):
        [sub] = parse_d(el.get("d"))
        xs = [p[0] for seg in sub for p in seg[1:]]
        ys = [p[1] for seg in sub for p in seg[1:]]
        sizes.append((round(max(xs) - min(xs), 1), round(max(ys) - min(ys), 1)))
    return sizes


# within 6.75 x 9.25 in, 3 mm apart (docs/printing.md): poker cards (2.5 x 3.5 in) lie two
# across and two down upright, but one across and three down turned; 100 x 40 mm strips lie
# one across and five down as given, four across and two down turned
def test_print_then_cut_fits_as_many_items_as_the_image_takes(tmp_path):
    poker = cards_game(tmp_path / "poker", "2.5in", "3.5in", 8)
    assert main(["export", str(poker), "--cricut", "--out", str(tmp_path / "o"), "-q"]) == 0
    svgs = sorted((tmp_path / "o" / "poker" / "cricut").glob("*.svg"))
    assert [outlines(s) for s in svgs] == [[(63.5, 88.9)] * 4] * 2  # upright, four an image
    strips = cards_game(tmp_path / "strips", "100mm", "40mm", 8)
    assert main(["export", str(strips), "--cricut", "--out", str(tmp_path / "o"), "-q"]) == 0
    svgs = sorted((tmp_path / "o" / "strips" / "cricut").glob("*.svg"))
    assert [outlines(s) for s in svgs] == [[(40.0, 100.0)] * 8]  # turned: eight on one image
