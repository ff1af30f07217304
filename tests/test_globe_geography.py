"""Earth Our Home's globes: each printed habitat symbol agrees with the world's geography.

The print says where each globe is seen from ("Seen from above 17° N, 38° W"); every drop, palm
and pine drawn on the globe is projected back onto the Earth and compared with a land mask of
the world (tests/data/land-mask.pbm, 0.5 degree cells, written by scripts/derive_habitats.py).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from pnp.pipeline import draw_printed
from pnp.spec.load import load_game

MASK = Path(__file__).parent / "data" / "land-mask.pbm"


def read_mask() -> tuple[int, int, bytes]:
    data = MASK.read_bytes()
    _, dims, rest = data.split(b"\n", 2)
    w, h = map(int, dims.split())
    return w, h, rest


def is_land(mask, lat: float, lon: float) -> bool:
    w, h, bits = mask
    row = min(h - 1, int((90 - lat) / 180 * h))
    col = min(w - 1, int((lon + 180) / 360 * w))
    stride = (w + 7) // 8
    return bool(bits[row * stride + col // 8] & (0x80 >> (col % 8)))


def disc_to_latlon(u: float, v: float, lat0: float, lon0: float) -> tuple[float, float]:
    """Inverse orthographic projection: u east, v north, on the unit disc."""
    p, lam = math.radians(lat0), math.radians(lon0)
    centre = (math.cos(p) * math.cos(lam), math.cos(p) * math.sin(lam), math.sin(p))
    east = (-math.sin(lam), math.cos(lam), 0.0)
    north = (-math.sin(p) * math.cos(lam), -math.sin(p) * math.sin(lam), math.cos(p))
    z = math.sqrt(max(0.0, 1 - u * u - v * v))
    x, y, zz = (u * e + v * n + z * c for e, n, c in zip(east, north, centre, strict=True))
    return math.degrees(math.asin(max(-1.0, min(1.0, zz)))), math.degrees(math.atan2(y, x))


def view_of(texts) -> tuple[float, float]:
    caption = next(t.text for t in texts if t.text.startswith("Seen from above"))
    m = re.match(r"Seen from above (\d+)° ([NS]), (\d+)° ([EW])", caption)
    lat = float(m[1]) * (1 if m[2] == "N" else -1)
    lon = float(m[3]) * (1 if m[4] == "E" else -1)
    return lat, lon


@pytest.fixture(scope="module")
def printed():
    return draw_printed(load_game("earth-our-home"))


@pytest.mark.parametrize("globe", ["earth-1", "earth-2"])
def test_habitat_symbols_match_the_land_under_them(printed, globe):
    mask = read_mask()
    face = printed.faces(globe)[0]
    facts = printed.facts(face)
    lat0, lon0 = view_of(facts.texts)
    disc = next(m.box for m in facts.marks if m.art == f"{globe}-land")
    cx, cy, r = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2, (disc[2] - disc[0]) / 2
    agree = total = 0
    for m in facts.marks:
        if m.art not in ("drop", "palm", "pine"):
            continue
        mx, my = (m.box[0] + m.box[2]) / 2, (m.box[1] + m.box[3]) / 2
        # the land share around the symbol: a small ring of points about its hex's centre
        pts = [(mx + dx, my + dy) for dx in (-8, 0, 8) for dy in (-8, 0, 8)]
        land = 0
        for x, y in pts:
            u, v = (x - cx) / r, (cy - y) / r
            if u * u + v * v < 1:
                land += is_land(mask, *disc_to_latlon(u, v, lat0, lon0))
        says_land = land * 2 >= len(pts)
        total += 1
        agree += says_land == (m.art != "drop")
    assert total > 60
    # coasts cut through hexes: nine in ten symbols must agree with the ground under them
    assert agree / total >= 0.9, f"{globe}: {agree} of {total} habitat symbols match the land mask"


@pytest.mark.parametrize("globe", ["earth-1", "earth-2"])
def test_inside_the_land_is_the_even_odd_rule_over_every_coastline_edge(printed, globe):
    """The checker's inside/outside test (edges filed by height band) answers as the plain
    even-odd count over every edge of the land, for points all over the globe."""
    import random

    from pnp.rulecheck.facts import art_name
    from pnp.rulecheck.ground import ground_of, rings

    face = printed.faces(globe)[0]
    facts = printed.facts(face)
    art = f"{globe}-land"
    _, holds = ground_of(art, facts, printed.symbols)
    mark = next(m for m in facts.marks if m.art == art)
    sym = next(v for k, v in printed.symbols.items() if art_name(k) == art)
    land = rings(sym.children)
    x0, y0, x1, y1 = mark.box
    sx, sy = (x1 - x0) / sym.w, (y1 - y0) / sym.h

    def even_odd(p) -> bool:
        u, v = (p[0] - x0) / sx, (p[1] - y0) / sy
        crossed = 0
        for ring in land:
            for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
                if (ay > v) != (by > v) and u < ax + (v - ay) * (bx - ax) / (by - ay):
                    crossed += 1
        return crossed % 2 == 1

    rnd = random.Random(7)
    corners = [p for ring in land for p in ring]  # heights where bands and edges meet
    points = [(rnd.uniform(x0 - 5, x1 + 5), rnd.uniform(y0 - 5, y1 + 5)) for _ in range(1500)]
    points += [(x0 + rnd.uniform(0, 1) * (x1 - x0), y0 + c[1] * sy) for c in corners[::7]]
    answers = [holds(p) for p in points]
    assert answers == [even_odd(p) for p in points]
    assert 200 < sum(answers) < len(points) - 200  # both land and sea among them


def _even_odd(ring, x: float, y: float) -> bool:
    """Inside a closed outline: how many of its edges a ray to the right of the point crosses."""
    crossed = 0
    for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            crossed += 1
    return crossed % 2 == 1


@pytest.mark.parametrize("globe", ["earth-1", "earth-2"])
def test_a_row_of_points_reads_as_each_point_alone(printed, globe):
    """`climates` samples a cell on a lattice row by row, each row's crossings of the cell and
    of the land worked out once: a row answers for each point as the plain even-odd count over
    the cell's outline, and as the land's test of that point alone."""
    import random

    from pnp.rulecheck.ground import ground_of

    face = printed.faces(globe)[0]
    facts = printed.facts(face)
    _, land = ground_of(f"{globe}-land", facts, printed.symbols)
    cells = [s for s in facts.shapes if len(s.outline) == 6]  # the globe's hexes
    assert len(cells) > 20
    rnd = random.Random(11)
    inside = 0
    for cell in cells[:: max(1, len(cells) // 25)]:
        x0, y0, x1, y1 = cell.box
        for _ in range(6):
            y = rnd.uniform(y0 - 1, y1 + 1)
            in_cell, on_land = cell.row(y), land.row(y)
            for x in [rnd.uniform(x0 - 1, x1 + 1) for _ in range(12)]:
                assert in_cell(x) == _even_odd(cell.outline, x, y), (cell.box, x, y)
                assert on_land(x) == land((x, y)), (x, y)
                inside += in_cell(x)
    assert inside > 100  # points inside the cells among them, not only outside
