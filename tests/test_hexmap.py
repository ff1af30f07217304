"""The hexmap kind: hex geometry, drawing from data, checks over hexes, clean errors."""

import math
from pathlib import Path

import pytest
from conftest import MM

from pnp.cli import main
from pnp.draw.hexgrid import grid_size, hex_centre, hex_corners

DATA = Path(__file__).parent / "data" / "hexes"


def test_pointy_top_odd_r_geometry():
    w = 40.0
    r = w / math.sqrt(3)
    assert hex_centre(0, 0, w) == pytest.approx((20.0, r))
    assert hex_centre(0, 1, w) == pytest.approx((40.0, r + 1.5 * r))  # odd row shifted by W/2
    assert hex_centre(2, 2, w) == pytest.approx((100.0, r + 3 * r))
    corners = hex_corners(0.0, 0.0, w)
    # pointy top: a corner straight up, flats 40 mm apart
    assert corners[0] == pytest.approx((0.0, -r))
    assert max(x for x, _ in corners) - min(x for x, _ in corners) == pytest.approx(40.0)
    # neighbours in a row and across rows are exactly one hex width apart
    for a, b in [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((1, 1), (1, 2)), ((1, 1), (2, 2))]:
        ax, ay = hex_centre(*a, w)
        bx, by = hex_centre(*b, w)
        assert math.hypot(ax - bx, ay - by) == pytest.approx(w)
    assert grid_size(4, 3, w) == pytest.approx((4 * w + w / 2, 2 * r + 2 * 1.5 * r))


def test_built_map_size_symbols_and_badges(built):
    b = built(str(DATA), "a4")
    ((page, it),) = [(p, i) for p in b.manifest["pages"] for i in p["items"] if i["component"] == "island"]
    w = 30.0
    r = w / math.sqrt(3)
    assert it["w_mm"] == pytest.approx(4 * w + w / 2 + 20, abs=0.1)
    assert it["h_mm"] == pytest.approx(2 * r + 3 * r + 20, abs=0.1)
    pg = b.doc()[page["number"] - 1]
    words = [x[4] for x in pg.get_text("words")]
    assert "Q" in words and "R" in words and "ISLAND" in words
    # the disc is drawn at the grid's centre with diameter 3.2 hex widths
    cx, cy = it["x_mm"] + it["w_mm"] / 2, it["y_mm"] + it["h_mm"] / 2
    discs = [d for d in pg.get_drawings() if abs(d["rect"].width * MM - 96.0) < 0.1 and abs(d["rect"].height * MM - 96.0) < 0.1]
    assert any(abs((d["rect"].x0 + d["rect"].x1) / 2 * MM - cx) < 0.1 and abs((d["rect"].y0 + d["rect"].y1) / 2 * MM - cy) < 0.1 for d in discs)


def test_checks_over_hexes(capsys):
    assert main(["check", str(DATA)]) == 0
    out = capsys.readouterr().out
    assert "ok   two-ports" in out and "ok   some-sea" in out


def test_a_third_port_fails_the_check(tmp_path, capsys):
    import shutil

    folder = tmp_path / "hexes"
    shutil.copytree(DATA, folder)
    f = folder / "island.yaml"
    f.write_text(f.read_text().replace("{row: 2, col: 2, terrain: sea}", "{row: 2, col: 2, terrain: sea, port: Q}"))
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if "two-ports" in ln)
    assert line.startswith("DEPARTS") and "Q: 2" in line


@pytest.mark.parametrize(
    "old, new, fragment",
    [
        ("{row: 2, col: 2, terrain: sea}", "{row: 2, col: 9, terrain: sea}", "hex outside the grid"),
        ("{row: 2, col: 2, terrain: sea}", "{row: 2, col: 1, terrain: sea}", "hex listed twice"),
        ("{row: 2, col: 2, terrain: sea}", "{row: 2, col: 2, terrain: lava}", "no style for terrain 'lava'"),
    ],
)
def test_bad_hexes_are_refused(tmp_path, capsys, old, new, fragment):
    import shutil

    folder = tmp_path / "hexes"
    shutil.copytree(DATA, folder)
    f = folder / "island.yaml"
    f.write_text(f.read_text().replace(old, new))
    assert main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "out"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert fragment in err and "island.yaml" in err and "Traceback" not in err


def test_records_unless_leaves_out_matching_hexes(tmp_path, capsys):
    import shutil

    folder = tmp_path / "hexes"
    shutil.copytree(DATA, folder)
    rules = folder / "rules.yaml"
    rules.write_text(
        rules.read_text()
        + "  - id: ports-at-sea\n    cite: \"example: ports are sea hexes\"\n"
        + "    records: {family: island, field: hexes, where: {port: [Q, R]}, unless: {terrain: sea}}\n    expect: 0\n"
        + "  - id: all-typed\n    cite: \"example: every hex has a terrain\"\n"
        + "    records: {family: island, field: hexes, unless: {terrain: [sea, land, void]}}\n    expect: 0\n"
    )
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    # port R is on land: one hex left after leaving out the sea ones
    line = next(ln for ln in out.splitlines() if " ports-at-sea " in ln)
    assert line.startswith("DEPARTS") and line.split()[-2:] == ["|", "1"], line
    line = next(ln for ln in out.splitlines() if " all-typed " in ln)
    assert line.startswith("ok") and line.split()[-2:] == ["|", "0"], line
