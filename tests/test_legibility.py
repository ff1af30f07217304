"""Every shipped game's pages, read from the PDF: text of 6 pt or more, contrast of 4.5 : 1 or
more against what is printed behind it, images of 150 ppi or more at print size."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import one_paper_each, sweep

from pnp.spec.load import builtin_games

MIN_PT, MIN_CONTRAST, MIN_PPI = 6.0, 4.5, 150.0
DPI = 100


def _lum(rgb) -> float:
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ratio(a, b) -> float:
    hi, lo = sorted((_lum(a), _lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _background(pix, bbox, ink) -> tuple[int, int, int] | None:
    """The commonest colour inside the span's box that is not the text's own ink (among equals,
    the one met first, reading row by row)."""
    k = DPI / 72
    x0, y0 = max(int(bbox[0] * k), 0), max(int(bbox[1] * k), 0)
    x1, y1 = min(int(bbox[2] * k) + 1, pix.width), min(int(bbox[3] * k) + 1, pix.height)
    if x1 <= x0 or y1 <= y0:
        return None
    rows = np.frombuffer(pix.samples_mv, dtype=np.uint8).reshape(pix.height, pix.stride)
    box = rows[y0:y1, x0 * pix.n : x1 * pix.n].reshape(max(y1 - y0, 0), -1, pix.n)[..., :3]
    rgb = box.reshape(-1, 3).astype(np.int32)
    rgb = rgb[np.abs(rgb - np.array(ink)).max(axis=1) > 24]  # not the text's own ink
    if not len(rgb):
        return None
    keys = rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2]
    colours, first, counts = np.unique(keys, return_index=True, return_counts=True)
    top = np.flatnonzero(counts == counts.max())
    key = int(colours[top[np.argmin(first[top])]])
    return (key >> 16, key >> 8 & 255, key & 255)


def shortfalls(doc) -> list[str]:
    out = []
    for page in doc:
        pix = None
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    text = span["text"].strip()
                    if not text:
                        continue
                    if span["size"] < MIN_PT - 0.05:
                        out.append(f"p{page.number + 1} '{text}' {span['size']:.2f} pt")
                    pix = pix or page.get_pixmap(dpi=DPI)
                    c = span["color"]
                    ink = (c >> 16 & 255, c >> 8 & 255, c & 255)
                    bg = _background(pix, span["bbox"], ink)
                    if bg is not None and _ratio(ink, bg) < MIN_CONTRAST - 0.05:
                        out.append(
                            f"p{page.number + 1} '{text}' contrast {_ratio(ink, bg):.2f} on {bg}"
                        )
        for im in page.get_image_info():
            x0, y0, x1, y1 = im["bbox"]
            w_in, h_in = (x1 - x0) / 72, (y1 - y0) / 72
            ppi = min(im["width"] / w_in, im["height"] / h_in) if w_in and h_in else float("inf")
            if ppi < MIN_PPI - 0.5:
                out.append(f"p{page.number + 1} image {ppi:.0f} ppi")
    return out


def _prints() -> list[tuple[str, str | None, str]]:
    """Every shipped game, plain and in each of its variants, on both papers."""
    import yaml

    out = []
    for game, folder in sorted(builtin_games().items()):
        spec = yaml.safe_load((folder / "game.yaml").read_text())
        for variant in [None, *sorted(spec.get("variants") or {})]:
            out += [(game, variant, paper) for paper in ("a4", "letter")]
    return out


@pytest.mark.parametrize(("game", "variant", "paper"), one_paper_each(_prints()))
def test_every_page_meets_the_limits(built, game, variant, paper):
    found = shortfalls(built(game, paper, variant).doc())
    assert not found, f"{len(found)}: " + "; ".join(found[:12])


def _spoil(folder):
    """Quarters with 5 pt grey-on-silver text: too small and too faint."""
    path = folder / "quarters.yaml"
    text = path.read_text()
    spoiled = text.replace(
        'size: 6.5pt, font: bold, colour: "#444444"}',
        'size: 5pt, font: bold, colour: "#aaaaaa"}',
        1,
    )
    assert spoiled != text
    path.write_text(spoiled)
    line = next(n for n, s in enumerate(spoiled.splitlines(), 1) if "size: 5pt" in s)
    return line


@pytest.fixture
def spoiled_build(made, capsys):
    """A copy of the Greenway with _spoil's quarters, built for A4 once for the run as a user
    builds it: (the PDF, what the build wrote on stderr, the spoiled line)."""
    import shutil

    from pnp.cli import main
    from pnp.spec.load import find_game

    def make(dest) -> None:
        folder = dest / "greenway"
        shutil.copytree(find_game("greenway"), folder)
        line = _spoil(folder)
        capsys.readouterr()
        assert main(["build", str(folder), "--paper", "a4", "--out", str(dest / "out")]) == 0
        (dest / "stderr.txt").write_text(capsys.readouterr().err, encoding="utf-8")
        (dest / "line.txt").write_text(str(line), encoding="utf-8")

    dest = made("legibility-spoiled-greenway", make)
    err = (dest / "stderr.txt").read_text(encoding="utf-8")
    return dest / "out" / "greenway" / "greenway-a4.pdf", err, int((dest / "line.txt").read_text())


def test_the_pdf_reader_finds_planted_small_faint_text(spoiled_build):
    """The page check reads the PDF itself: 5 pt grey-on-silver text planted in a copy is found."""
    import pymupdf

    found = shortfalls(pymupdf.open(spoiled_build[0]))
    assert any("'HEADS' 5.00 pt" in f for f in found), found[:6]
    assert any("'HEADS' contrast" in f for f in found), found[:6]


def test_build_warns_with_file_and_line(spoiled_build):
    pdf, err, line = spoiled_build
    warnings = [w for w in err.splitlines() if w.startswith("warning:")]
    assert any(f"quarters.yaml:{line}:" in w and "'HEADS' is 5.0 pt" in w for w in warnings), err
    assert any(f"quarters.yaml:{line}:" in w and "'HEADS' is contrast" in w for w in warnings), err
    assert pdf.exists()


def test_strict_refuses_before_writing(game_copy, tmp_path, capsys):
    from pnp.cli import main

    folder = game_copy("greenway")
    _spoil(folder)
    assert main(["build", str(folder), "--strict", "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "nothing written (--strict" in err and "warning:" in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


# every game plain in the everyday run, its variants too with the deep tests
@pytest.mark.parametrize(
    ("game", "variant"),
    sweep(sorted({(g, v) for g, v, _ in _prints()}, key=str), lambda c: c[1] is None),
)
def test_shipped_game_builds_strict_without_warnings(built, game, variant):
    """--strict refuses a build that warns or fails a rule: the session's A4 build does neither."""
    b = built(game, "a4", variant)
    assert b.warnings == [] and b.failed == []


@pytest.mark.parametrize(
    ("game", "family"),
    [
        ("aftershock", "meeples"),
        ("aftershock", "houses"),
        ("aftershock", "bridges"),
        ("aftershock", "score-markers"),
        ("greenway", "protectors"),
        ("greenway", "selectors"),
    ],
)
def test_player_pieces_differ_by_more_than_colour(built, game, family):
    """Each player's pieces carry printed text of their own (read from the PDF inside each piece)."""
    import pymupdf

    b = built(game)
    doc = b.doc()
    k = 72 / 25.4
    by_colour: dict[str, set] = {}
    for page in b.manifest["pages"]:
        for it in page["items"]:
            if it["component"] != family or it["side"] != "front":
                continue
            box = pymupdf.Rect(
                it["x_mm"] * k,
                it["y_mm"] * k,
                (it["x_mm"] + it["w_mm"]) * k,
                (it["y_mm"] + it["h_mm"]) * k,
            )
            words = doc[page["number"] - 1].get_text("words", clip=box)
            text = " ".join(w[4] for w in words if pymupdf.Rect(w[:4]).intersects(box))
            by_colour.setdefault(it["id"].split("-")[0], set()).add(text)
    assert len(by_colour) >= 4, by_colour
    colours = list(by_colour)
    for i, a in enumerate(colours):
        for c in colours[i + 1 :]:
            assert not (by_colour[a] & by_colour[c]), (a, c, by_colour[a])


def _covered(tile: dict, tiles: list[dict]) -> tuple[float, float]:
    """How far in from its right and bottom edges a tile is covered by the tiles laid over it."""
    x, y, w, h = tile["region_mm"]
    right = [
        t["region_mm"][0]
        for t in tiles
        if abs(t["region_mm"][1] - y) < 0.01 and t["region_mm"][0] > x + 0.01
    ]
    below = [
        t["region_mm"][1]
        for t in tiles
        if abs(t["region_mm"][0] - x) < 0.01 and t["region_mm"][1] > y + 0.01
    ]
    return (x + w - min(right) if right else 0.0, y + h - min(below) if below else 0.0)


def stray_marks(doc, manifest) -> tuple[int, list[str]]:
    """(alignment marks read, those on art the assembled board shows), from every tile page.

    A tile's right and bottom strips are glued under the next tile (the trim lines say so); the
    rest of its art, its own overlap strips included, shows on the assembled board.
    """
    import pymupdf

    from pnp.layout.tiles import MARK_COLOUR

    k = 72 / 25.4
    pink = tuple(int(MARK_COLOUR[i : i + 2], 16) / 255 for i in (1, 3, 5))
    # every tile: on a page of its own, or (an edge strip) on a shared sheet, maybe turned
    placed = [(page, it) for page in manifest["pages"] for it in page["items"] if "tile" in it]
    tiles = [it for _, it in placed]
    checked, bad = 0, []
    for page, it in placed:
        same_board = [t for t in tiles if t["component"] == it["component"] and t["id"] == it["id"]]
        cover_x, cover_y = _covered(it, same_board)
        x0, y0 = it["x_mm"], it["y_mm"]
        w, h = it["region_mm"][2], it["region_mm"][3]
        turned = it["rotation"] == 90
        for d in doc[page["number"] - 1].get_drawings():
            if d.get("color") is None or any(
                abs(a - c) > 0.02 for a, c in zip(d["color"], pink, strict=True)
            ):
                continue
            for item in d["items"]:
                for p in (q for q in item[1:] if isinstance(q, pymupdf.Point)):
                    x, y = p.x / k - x0, p.y / k - y0  # mm on the tile's art
                    if turned:  # turned 90° clockwise on a shared sheet
                        x, y = y, h - x
                    checked += 1
                    on_art = 0.3 < x < w - 0.3 and 0.3 < y < h - 0.3
                    glued_under = (cover_x and x > w - cover_x + 0.3) or (
                        cover_y and y > h - cover_y + 0.3
                    )
                    if on_art and not glued_under:
                        bad.append(
                            f"p{page['number']} {it['tile']}: mark at ({x:.1f}, {y:.1f}) mm on the art"
                        )
    return checked, bad


@pytest.mark.parametrize(
    ("game", "paper"), one_paper_each([(g, p) for g in sorted(builtin_games()) for p in ("a4", "letter")])
)
def test_tile_crosshairs_sit_only_where_the_next_tile_covers_them(built, game, paper):
    """Read from the PDF: every pink alignment mark on a tile page lies off the art, or in the
    right or bottom strip that the next tile is glued over; never on art the assembled board shows."""
    b = built(game, paper)
    checked, bad = stray_marks(b.doc(), b.manifest)
    assert not bad, f"{len(bad)} of {checked}: " + "; ".join(bad[:8])
    if any(p["kind"] == "tile" for p in b.manifest["pages"]):
        assert checked > 0


def test_a_crosshair_on_visible_art_is_found(monkeypatch, tmp_path):
    """Crosshairs put in every overlap strip, the ones left showing included: the test sees them."""
    import json

    import pymupdf

    from pnp import build
    from pnp.layout import tiles
    from pnp.spec.load import load_game

    real = tiles.tile_overlay

    def everywhere(g, c, r, reach=4.0, **kw):
        out = real(g, c, r, reach, **kw)
        rx, ry, rw, rh = g.region(c, r)
        for bx, by in tiles.alignment_points(g):
            if rx <= bx <= rx + rw and ry <= by <= ry + rh:
                out.append(
                    tiles.Ellipse(
                        g.x0 + bx - rx,
                        g.y0 + by - ry,
                        1.8,
                        1.8,
                        tiles.Style(None, tiles.MARK_COLOUR, 0.25),
                    )
                )
        return out

    monkeypatch.setattr(tiles, "tile_overlay", everywhere)
    import pnp.layout.strategies as strategies

    monkeypatch.setattr(strategies, "tile_overlay", everywhere)
    out = build(load_game("greenway"), ["a4"], out_dir=tmp_path / "out")[0]
    checked, bad = stray_marks(pymupdf.open(out.pdf), json.loads(out.manifest.read_text()))
    assert bad, checked


def test_low_resolution_image_is_found_at_print_size():
    """A raster image is measured at the size it prints: the same file passes small and fails large."""
    from PIL import Image as PILImage

    from pnp.draw.fonts import FontBook
    from pnp.draw.primitives import Group, Image
    from pnp.draw.symbols import SymbolBook
    from pnp.rulecheck.legibility import FaceReader, _pixels
    from tests.conftest import REPO

    png = REPO / "docs/examples/my-back.png"
    px_w, _ = PILImage.open(png).size
    reader = FaceReader(FontBook(), SymbolBook(), _pixels({}))
    at_300 = px_w / 300 * 25.4  # mm wide at 300 ppi
    assert reader.read(Group((Image(0, 0, at_300, at_300, str(png)),))) == []
    found = reader.read(Group((Image(0, 0, 4 * at_300, 2 * at_300, str(png)),)))
    assert [w[0] for w in found] == ["resolution"] and found[0][2] < 150
