"""`climates` reads a cell's lattice as runs of columns (the cell's, the disc's and the land's,
found by bisection): each cell's answer and its numbers are those of testing every point of
the lattice on its own, as the measure is documented (docs/rules.md, `climates`)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pnp.pipeline import draw_printed
from pnp.rulecheck.facts import ShapeFact, odd_runs
from pnp.rulecheck.geography import _cell_kind
from pnp.rulecheck.ground import ground_of
from pnp.rulecheck.printed_spec import ClimatesOf
from pnp.spec.load import load_game

VIEWS = {"earth-1": (17, -38), "earth-2": (16, 78)}  # as the globes' captions print them


@pytest.fixture(scope="module")
def printed():
    return draw_printed(load_game("earth-our-home"))


def _point_by_point(opts, land, disc, cell) -> tuple[str, str]:
    """Every point of the lattice tested alone: in the cell (its outline's test of one point,
    tests/test_globe_geography.py), on the disc, on land; the land points' latitudes averaged
    in reading order."""
    cx, cy = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2
    r = (disc[2] - disc[0]) / 2
    x0, y0, x1, y1 = cell.box
    n = opts.steps
    pts, on = [], []
    for j in range(n):
        y = y0 + (j + 0.5) * (y1 - y0) / n
        for i in range(n):
            x = x0 + (i + 0.5) * (x1 - x0) / n
            if cell.row(y)(x) and (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                pts.append((x, y))
                if land((x, y)):
                    on.append((x, y))
    if not pts:
        return "no cell", "no point of it on the disc"
    share = len(on) / len(pts)
    if share < opts.land:
        return "sea", f"land {share:.0%}"
    t = math.radians(opts.view.lat)
    lats = []
    for x, y in on:
        u, v = (x - cx) / r, (cy - y) / r
        z = math.sqrt(max(0.0, 1.0 - u * u - v * v))
        s = v * math.cos(t) + z * math.sin(t)
        lats.append(math.degrees(math.asin(max(-1.0, min(1.0, s)))))
    lat = sum(lats) / len(lats)
    kind = "tropical" if abs(lat) < opts.tropics else "temperate"
    return kind, f"land {share:.0%}, {abs(lat):.0f}° {'N' if lat >= 0 else 'S'}"


def _moved(cell: ShapeFact, dx: float, dy: float) -> ShapeFact:
    x0, y0, x1, y1 = cell.box
    return replace(
        cell,
        box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy),
        outline=tuple((x + dx, y + dy) for x, y in cell.outline),
    )


@pytest.mark.parametrize("globe", ["earth-1", "earth-2"])
@pytest.mark.parametrize("steps", [5, 24, 37])
def test_each_cell_reads_as_its_points_one_by_one(printed, globe, steps):
    face = printed.faces(globe)[0]
    facts = printed.facts(face)
    mark, land = ground_of(f"{globe}-land", facts, printed.symbols)
    lat, lon = VIEWS[globe]
    opts = ClimatesOf(
        ground=f"{globe}-land",
        view={"lat": lat, "lon": lon},
        meaning={"palm": "tropical"},
        steps=steps,
    )
    hexes = [s for s in facts.shapes if len(s.outline) == 6]
    assert len(hexes) > 20
    d = mark.box
    r = (d[2] - d[0]) / 2
    cells = hexes + [
        # cells across the disc's edge, off it, and a filled box with no outline
        _moved(hexes[0], r * 0.9, 0.0),
        _moved(hexes[-1], -r * 1.05, r * 0.3),
        _moved(hexes[1], 0.0, 3 * r),
        replace(hexes[2], outline=()),
        replace(_moved(hexes[3], r * 0.95, r * 0.2), outline=()),
    ]
    kinds = set()
    for cell in cells:
        got = _cell_kind(opts, land, d, cell)
        assert got == _point_by_point(opts, land, d, cell), cell.box
        kinds.add(got[0])
    assert {"sea", "tropical", "temperate", "no cell"} <= kinds  # every answer among them


@pytest.mark.parametrize(
    "crossings",
    [[], [3.0], [2.0, 2.0], [1.5, 4.0], [0.0, 2.0, 2.5, 9.0], [-1.0, 3.0, 3.0, 5.5, 6.0, 20.0]],
)
def test_runs_are_the_even_odd_test_of_each_point(crossings):
    xs = [0.0, 0.5, 1.5, 2.0, 2.0, 3.0, 4.0, 5.5, 6.0, 8.0]
    inside = [
        i for i, x in enumerate(xs) if (len(crossings) - sum(c <= x for c in crossings)) % 2 == 1
    ]
    assert [i for lo, hi in odd_runs(crossings, xs) for i in range(lo, hi)] == inside
