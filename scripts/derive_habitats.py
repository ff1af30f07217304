#!/usr/bin/env python3
"""Derive the habitat hex maps and coastline art for the Earth Our Home board.

The board shows two orthographic views of the Earth ("Earth 1" and "Earth 2"),
each a disc laid over a pointy-top, odd-r offset hex grid.  The two views
overlap (Europe, Africa, the Arctic), but each place of the world belongs to
one globe only: the globe whose view centre is nearer (the great circle
half-way between the two centres is the seam).  For every hex that touches the
disc this script decides its habitat from a dense lattice of points over the
hex, each projected back onto the Earth:

* ``none``      -- less than MIN_AREA_FRACTION of the hex lies inside the disc,
                   or less than OWN_MIN of it belongs to this globe (the place
                   is shown on the other globe; such hexes get ``elsewhere``);
* ``tropical``  -- at least LAND_MIN of the hex is land, and the mean latitude
                   of its land points is within TROPIC_LAT of the equator;
* ``temperate`` -- any other land (polar land included);
* ``marine``    -- the rest.

The four lettered pairs A-D (the rulebook: "The two bits marked with the same
letter are the same habitat") are hexes on the seam that show the same place
on both globes, with the same habitat; they are the only overlap between the
globes and the way across the seam.  ``pacific`` ("P") hexes are sea hexes on
the limb next to the unshown Pacific Ocean.  The land masses of each view are
traced into a filled-path SVG (viewBox 0..100, disc = circle centre (50,50)
radius 50).

Outputs (relative to the repository root)::

    components/earth-our-home/habitats/earth-1.yaml
    components/earth-our-home/habitats/earth-2.yaml
    components/earth-our-home/art/earth-1-land.svg
    components/earth-our-home/art/earth-2-land.svg
    tests/data/land-mask.pbm      (the land mask the tests compare the printed globes with)

The output is deterministic: running it twice gives byte-identical files.  The
script checks what it derives (every hex's habitat against its land share, the
places players look for, the habitats each continent needs) and stops if a
check fails.

How to run (the land mask is an optional extra dependency, not needed by pnp
itself)::

    python3 -m venv /tmp/geovenv
    /tmp/geovenv/bin/pip install global-land-mask numpy   # or: pip install -e '.[geo]'
    /tmp/geovenv/bin/python scripts/derive_habitats.py            # write files
    /tmp/geovenv/bin/python scripts/derive_habitats.py --check    # only report

It takes a few seconds.  The YAML files are meant to stay hand-editable: if
you edit them by hand, do not re-run this script (or re-apply your edits).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # pnp from this checkout
from pnp.draw import hexgrid  # noqa: E402 - the hex geometry the hexmap kind draws with

try:
    from global_land_mask import globe
except ImportError:  # pragma: no cover - optional dependency
    sys.exit(
        "derive_habitats.py needs the optional package 'global-land-mask':\n"
        "  pip install global-land-mask numpy"
    )

# ---------------------------------------------------------------------------
# Constants (edit these, then re-run)
# ---------------------------------------------------------------------------

# Orthographic view centres, (latitude, longitude) in degrees.
# Earth 1 shows the Americas, the Atlantic, western Europe and western Africa;
# its western limb runs through the eastern Pacific (~130 W at the equator).
# Earth 2 shows eastern Europe and Africa, Asia, the Indian Ocean and Australia;
# its eastern limb runs through the western Pacific (~170 E at the equator).
# The Pacific between the two limbs is the Pacific box.  The seam between the
# globes is the meridian plane half-way between the centres (about 20 E).
VIEWS = {
    "earth-1": (17, -38),
    "earth-2": (16, 78),
}

# Side of each globe that faces the (unshown) Pacific: -1 = west limb, +1 = east.
PACIFIC_SIDE = {"earth-1": -1, "earth-2": +1}

# Disc diameter in hex widths W (W = width across flats of a pointy-top hex).
DISC_DIAMETER = 10

# A hex with less than this fraction of its area inside the disc is "none".
MIN_AREA_FRACTION = 0.40

# A hex is land when at least this fraction of its in-disc area is land: a third
# keeps peninsulas and island chains (India, Indochina, Malaysia, Indonesia,
# Central America, Greenland) that a majority rule would drown.
LAND_MIN = 1 / 3

# A hex is in play on a globe when at least this fraction of it belongs to that
# globe (is nearer its view centre than the other's); otherwise it is shown on
# the other globe and is out of play here.
OWN_MIN = 0.5

# Near the seam both globes' hexes are stretched, and a hex mostly of its own globe can
# still show much of what in-play hexes of the other globe show.  While one in-play hex
# (outside the pairs) has more than REPEAT_MAX of it shown by the other globe's in-play
# hexes, the worst such hex goes out of play (it is shown on the other globe).
REPEAT_MAX = 0.4

# Land whose points' mean |latitude| is below this is tropical.
TROPIC_LAT = 23.5

# Points per hex: a triangular lattice with SAMPLE_STEPS steps per circumradius,
# clipped to the hex (about 3 * SAMPLE_STEPS^2 points).
SAMPLE_STEPS = 10

# A-D pairs: a usable hex on each globe, of the same habitat, that show the same
# place (at least PAIR_MIN_OVERLAP of each hex's points fall in the other) on
# the seam.  For each letter, in order, the candidate closest to the target
# point (sum of the great-circle distances of both hex centres) is taken,
# skipping hexes that are or touch an already chosen pair hex.  The habitats are
# the ones rules.yaml expects of each letter.
PAIR_TARGETS = [
    ("A", "temperate", (50, 20)),  # central Europe, on the seam
    ("B", "tropical", (5, 20)),  # central Africa
    ("C", "marine", (-40, 20)),  # the South Atlantic south of the Cape
    ("D", "marine", (80, 30)),  # the Arctic Ocean, north of Scandinavia
]
PAIR_MIN_OVERLAP = 0.3

# Pacific ("P") hexes: marine hexes in the limb ring on PACIFIC_SIDE whose
# centre lies in the Pacific basin (see in_pacific()).  Up to P_PER_GLOBE are
# marked, outermost (nearest the limb) first, never two next to each other;
# paired hexes are never P hexes.
P_PER_GLOBE = 4

# Regions players look for, as (lat_min, lat_max, lon_min, lon_max) boxes: at least
# REGION_MIN of each one's land must be in land hexes in play.
REGIONS = {
    "Greenland": ((60, 84), (-73, -12)),
    "Mexico": ((14, 33), (-118, -86)),
    "Central America": ((7, 18), (-92, -77)),
    "the Indian peninsula": ((8, 22), (72, 88)),
    "Indochina": ((8, 23), (97, 110)),
    "Malaysia": ((1, 7), (99, 105)),
    "Indonesia": ((-11, 6), (95, 141)),
}
REGION_MIN = 0.5

# Continents, as (lat_min, lat_max, lon_min, lon_max) boxes (rough, but no box
# reaches into another continent's land), and the land habitats each must keep:
# epoch 2 on, species live on land, and the A and B genes favour temperate and
# tropical habitats.
CONTINENTS = {
    "North America": ((7, 84), (-170, -52), {"temperate", "tropical"}),
    "South America": ((-56, 12), (-82, -34), {"temperate", "tropical"}),
    "Europe": ((36, 72), (-10, 40), {"temperate"}),
    "Africa": ((-35, 36), (-18, 52), {"temperate", "tropical"}),
    "Asia": ((-10, 78), (44, 180), {"temperate", "tropical"}),
    "Australia": ((-44, -10), (112, 155), {"temperate", "tropical"}),
}

# The land mask the tests read: LAND_MASK_STEP degrees per cell, 1 = land at the
# cell's centre, rows from the north, columns from 180 W.
LAND_MASK_STEP = 0.5

# Coastline art: the mask is sampled on MASK_SIZE x MASK_SIZE pixels over the
# disc, traced with marching squares, simplified with Douglas-Peucker at
# SIMPLIFY_TOL (viewBox units, disc radius 50) and rounded to 0.1.  Rings
# smaller than MIN_RING_AREA (square units) are dropped.
MASK_SIZE = 360
SIMPLIFY_TOL = 0.12
MIN_RING_AREA = 0.04
LAND_FILL = "#c9b27c"
LAND_STROKE = "#8f7a4a"
LAND_STROKE_WIDTH = "0.15"

ROOT = Path(__file__).resolve().parent.parent
HABITAT_DIR = ROOT / "components" / "earth-our-home" / "habitats"
ART_DIR = ROOT / "components" / "earth-our-home" / "art"
MASK_FILE = ROOT / "tests" / "data" / "land-mask.pbm"

# ---------------------------------------------------------------------------
# Geometry: grid (units of W) and orthographic projection
# ---------------------------------------------------------------------------

W = 1.0
R = hexgrid.hex_radius(W)  # circumradius of a pointy-top hex


def hex_centre(row: int, col: int) -> tuple[float, float]:
    """The centre of the hex at (row, col): this script keys hexes row first."""
    return hexgrid.hex_centre(col, row, W)


def hex_corners(cx: float, cy: float) -> list[tuple[float, float]]:
    return hexgrid.hex_corners(cx, cy, W)


def grid_rect(rows: int, cols: int) -> tuple[float, float]:
    return hexgrid.grid_size(cols, rows, W)


def dist_point_to_hex(px: float, py: float, corners) -> float:
    """Distance from a point to a convex polygon (0 when inside)."""
    inside = True
    best = float("inf")
    n = len(corners)
    for i in range(n):
        ax, ay = corners[i]
        bx, by = corners[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        # corners go clockwise on screen (y down): inside is to the right
        if ex * (py - ay) - ey * (px - ax) < 0:
            inside = False
        t = max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)))
        best = min(best, math.hypot(px - (ax + t * ex), py - (ay + t * ey)))
    return 0.0 if inside else best


def neighbours(row: int, col: int) -> list[tuple[int, int]]:
    if row % 2:
        d = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
    else:
        d = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
    return [(row + dr, col + dc) for dr, dc in d]


def choose_grid(disc_diameter: float) -> tuple[int, int]:
    """Smallest rows/cols such that every hex touching the centred disc exists."""
    radius = disc_diameter * W / 2
    for rows in range(1, 60):
        for cols in range(1, 60):
            width, height = grid_rect(rows, cols)
            if width < 2 * radius or height < 2 * radius:
                continue
            cx, cy = width / 2, height / 2
            ok = True
            for r in range(-2, rows + 2):
                for c in range(-2, cols + 2):
                    if 0 <= r < rows and 0 <= c < cols:
                        continue
                    hx, hy = hex_centre(r, c)
                    if dist_point_to_hex(cx, cy, hex_corners(hx, hy)) < radius:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                return rows, cols
    raise RuntimeError("no grid found")


def view_basis(lat0: float, lon0: float):
    p, lam = math.radians(lat0), math.radians(lon0)
    centre = np.array([math.cos(p) * math.cos(lam), math.cos(p) * math.sin(lam), math.sin(p)])
    east = np.array([-math.sin(lam), math.cos(lam), 0.0])
    north = np.array([-math.sin(p) * math.cos(lam), -math.sin(p) * math.sin(lam), math.cos(p)])
    return centre, east, north


def disc_to_latlon(u, v, view):
    """Inverse orthographic: disc coords (u east, v north, |(u,v)| <= 1)."""
    centre, east, north = view_basis(*view)
    u = np.asarray(u, dtype=float)
    v = np.asarray(v, dtype=float)
    z = np.sqrt(np.clip(1.0 - u * u - v * v, 0.0, None))
    pts = u[..., None] * east + v[..., None] * north + z[..., None] * centre
    lat = np.degrees(np.arcsin(np.clip(pts[..., 2], -1.0, 1.0)))
    lon = np.degrees(np.arctan2(pts[..., 1], pts[..., 0]))
    return lat, lon


def latlon_to_disc(lat, lon, view):
    """Forward orthographic: returns (u, v, visible)."""
    centre, east, north = view_basis(*view)
    la, lo = np.radians(lat), np.radians(lon)
    pts = np.stack([np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)], axis=-1)
    return pts @ east, pts @ north, pts @ centre > 0


def is_land(lat, lon):
    lat = np.clip(np.asarray(lat, dtype=float), -90.0, 90.0)
    lon = np.asarray(lon, dtype=float)
    lon = np.where(lon > 180.0, lon - 360.0, lon)
    lon = np.clip(np.where(lon < -180.0, lon + 360.0, lon), -180.0, 180.0)
    return np.asarray(globe.is_land(lat, lon), dtype=bool)


def great_circle_deg(lat1, lon1, lat2, lon2) -> float:
    a, b = math.radians(lat1), math.radians(lat2)
    d = math.radians(lon2 - lon1)
    c = math.sin(a) * math.sin(b) + math.cos(a) * math.cos(b) * math.cos(d)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def in_pacific(lat: float, lon: float) -> bool:
    """Crude test for the Pacific basin (good enough for limb hexes)."""
    if not -60.0 <= lat <= 66.0:
        return False
    if lat < -30.0 and 115.0 <= lon < 147.0:  # south of Australia: Southern/Indian
        return False
    if lon >= 120.0 or lon <= -100.0:
        return True
    if lon <= -78.0 and lat <= 8.0:  # west of Panama / Colombia
        return True
    return lon <= -70.0 and lat <= -5.0  # west of Peru / Chile


# ---------------------------------------------------------------------------
# Hex classification
# ---------------------------------------------------------------------------


def lattice(cx: float, cy: float, steps: int) -> tuple[np.ndarray, np.ndarray]:
    """A triangular lattice of points over the hex centred at (cx, cy), deterministic order."""
    xs, ys = [], []
    dx, dy = R * math.sqrt(3) / 2 / steps, R * 0.75 / steps
    for j in range(-2 * steps, 2 * steps + 1):
        for i in range(-2 * steps, 2 * steps + 1):
            xs.append(cx + (i + j / 2) * dx)
            ys.append(cy + j * dy)
    xs, ys = np.array(xs), np.array(ys)
    corners = hex_corners(cx, cy)
    inside = np.ones(xs.shape, dtype=bool)
    for k in range(6):
        ax, ay = corners[k]
        bx, by = corners[(k + 1) % 6]
        inside &= (bx - ax) * (ys - ay) - (by - ay) * (xs - ax) >= -1e-12
    return xs[inside], ys[inside]


def unit(lat, lon) -> np.ndarray:
    la, lo = np.radians(lat), np.radians(lon)
    return np.stack([np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)], axis=-1)


def owner(lat, lon) -> np.ndarray:
    """Which globe each point belongs to: the one whose view centre is nearer."""
    (n1, v1), (n2, v2) = VIEWS.items()
    p = unit(lat, lon)
    return np.where(p @ unit(*v1) >= p @ unit(*v2), n1, n2)


class Globe:
    def __init__(self, name: str):
        self.name = name
        self.view = VIEWS[name]
        self.rows, self.cols = choose_grid(DISC_DIAMETER)
        width, height = grid_rect(self.rows, self.cols)
        self.cx, self.cy = width / 2, height / 2
        self.radius = DISC_DIAMETER * W / 2
        self.hexes: dict[tuple[int, int], dict] = {}
        self.samples: dict[tuple[int, int], tuple] = {}
        self._build()

    def to_disc(self, x, y):
        return (np.asarray(x) - self.cx) / self.radius, -(np.asarray(y) - self.cy) / self.radius

    def from_disc(self, u, v):
        return self.cx + np.asarray(u) * self.radius, self.cy - np.asarray(v) * self.radius

    def _build(self) -> None:
        for row in range(self.rows):
            for col in range(self.cols):
                hx, hy = hex_centre(row, col)
                if dist_point_to_hex(self.cx, self.cy, hex_corners(hx, hy)) >= self.radius:
                    continue  # does not touch the disc: omitted
                xs, ys = lattice(hx, hy, SAMPLE_STEPS)
                u, v = self.to_disc(xs, ys)
                keep = u * u + v * v <= 1.0
                area = float(keep.mean())
                u, v = u[keep], v[keep]
                lat, lon = disc_to_latlon(u, v, self.view)
                land = is_land(lat, lon)
                own = owner(lat, lon) == self.name
                self.samples[(row, col)] = (u, v, lat, lon, land)
                info = {"area": area, "own": float(own.mean()) if len(u) else 0.0}
                info["land"] = float(land.mean()) if len(u) else 0.0
                info["geo"] = self._geo_habitat(lat, land)
                info["habitat"] = info["geo"]
                if area < MIN_AREA_FRACTION or len(u) == 0:
                    info["habitat"] = "none"
                elif info["own"] < OWN_MIN:
                    info["habitat"] = "none"
                    info["elsewhere"] = True
                self.hexes[(row, col)] = info

    @staticmethod
    def _geo_habitat(lat, land) -> str:
        """The habitat of a hex's place on Earth, whatever the globe shows of it."""
        if len(lat) == 0 or land.mean() < LAND_MIN:
            return "marine"
        return "tropical" if abs(float(lat[land].mean())) < TROPIC_LAT else "temperate"

    def usable(self, key) -> bool:
        return key in self.hexes and self.hexes[key]["habitat"] != "none"

    def limb_ring(self) -> list[tuple[int, int]]:
        return [
            k
            for k in sorted(self.hexes)
            if self.usable(k) and any(not self.usable(n) for n in neighbours(*k))
        ]

    def centre_latlon(self, key) -> tuple[float, float]:
        u, v = self.to_disc(*hex_centre(*key))
        lat, lon = disc_to_latlon(u, v, self.view)
        return float(lat), float(lon)

    def hex_at(self, x: float, y: float):
        """The hex (row, col) whose cell contains grid point (x, y), or None."""
        best, best_d = None, float("inf")
        row_guess = int(round((y - R) / (1.5 * R)))
        for row in range(row_guess - 1, row_guess + 2):
            col_guess = int(round((x - W / 2 - (W / 2 if row % 2 else 0)) / W))
            for col in range(col_guess - 1, col_guess + 2):
                hx, hy = hex_centre(row, col)
                d = math.hypot(x - hx, y - hy)
                if d < best_d:
                    best, best_d = (row, col), d
        return best if best in self.hexes else None


# ---------------------------------------------------------------------------
# Pairs and Pacific hexes
# ---------------------------------------------------------------------------


def overlap(src: Globe, key, dst: Globe) -> Counter:
    """Fraction of src hex `key`'s points that fall in each dst hex."""
    _, _, lat, lon, _ = src.samples[key]
    du, dv, vis = latlon_to_disc(lat, lon, dst.view)
    hits = Counter()
    for uu, vv, ok in zip(du, dv, vis, strict=True):
        if ok and uu * uu + vv * vv <= 1.0:
            x, y = dst.from_disc(uu, vv)
            h = dst.hex_at(float(x), float(y))
            if h is not None:
                hits[h] += 1.0 / len(lat)
    return hits


def pair_candidates(g1: Globe, g2: Globe) -> list:
    """All (score, key1, key2): hexes big enough to play on both globes, of the same
    habitat, that show the same place, scored by their mutual overlap."""

    def big(g, k):
        return g.hexes[k]["area"] >= MIN_AREA_FRACTION

    fwd = {k: overlap(g1, k, g2) for k in sorted(g1.hexes) if big(g1, k)}
    rev = {k: overlap(g2, k, g1) for k in sorted(g2.hexes) if big(g2, k)}
    cands = []
    for k1, hits in fwd.items():
        for k2, f in hits.items():
            if k2 not in rev or g1.hexes[k1]["geo"] != g2.hexes[k2]["geo"]:
                continue
            score = min(f, rev[k2].get(k1, 0.0))
            if score >= PAIR_MIN_OVERLAP:
                cands.append((score, k1, k2))
    return cands


def choose_pairs(globes: dict[str, Globe]) -> None:
    g1, g2 = (globes[n] for n in VIEWS)
    cands = pair_candidates(g1, g2)
    for letter, habitat, (tlat, tlon) in PAIR_TARGETS:
        best = None
        for score, k1, k2 in cands:
            if g1.hexes[k1]["geo"] != habitat:
                continue
            used = [k for k in neighbours(*k1) + [k1] if "pair" in g1.hexes.get(k, {})]
            used += [k for k in neighbours(*k2) + [k2] if "pair" in g2.hexes.get(k, {})]
            if used:
                continue  # keep pairs apart: no pair hex next to another
            d = great_circle_deg(*g1.centre_latlon(k1), tlat, tlon) + great_circle_deg(
                *g2.centre_latlon(k2), tlat, tlon
            )
            rank = (round(d, 6), -round(score, 6), k1, k2)
            if best is None or rank < best[0]:
                best = (rank, k1, k2)
        if best is None:
            raise RuntimeError(f"no valid pair found for {letter}")
        for g, k in ((g1, best[1]), (g2, best[2])):
            info = g.hexes[k]
            info["pair"] = letter
            info["habitat"] = info["geo"]  # in play on both globes, even where the seam cuts it
            info.pop("elsewhere", None)


def drop_repeats(globes: dict[str, Globe]) -> None:
    """Take hexes that mostly repeat the other globe out of play, the worst first."""
    while True:
        worst = max(repeats(globes), key=lambda r: (r[2], r[0], r[1]))
        if worst[2] <= REPEAT_MAX:
            return
        info = globes[worst[0]].hexes[worst[1]]
        info["habitat"] = "none"
        info["elsewhere"] = True


def choose_pacific(g: Globe) -> None:
    side = PACIFIC_SIDE[g.name]
    cands = []
    for key in g.limb_ring():
        info = g.hexes[key]
        if info["habitat"] != "marine" or "pair" in info:
            continue
        u, v = g.to_disc(*hex_centre(*key))
        if u * side <= 0:
            continue
        lat, lon = g.centre_latlon(key)
        if in_pacific(lat, lon):
            # outermost first (closest to the limb), ties by position
            cands.append((-round(math.hypot(u, v), 9), key))
    cands.sort()
    if not cands:
        raise RuntimeError(f"{g.name}: no Pacific limb hex")
    chosen: list[tuple[int, int]] = []
    for _, key in cands:
        if len(chosen) < P_PER_GLOBE and not any(n in chosen for n in neighbours(*key)):
            chosen.append(key)
    for key in chosen:
        g.hexes[key]["pacific"] = True


# ---------------------------------------------------------------------------
# Coastline tracing
# ---------------------------------------------------------------------------


def land_field(view, n: int) -> np.ndarray:
    """Signed field on n x n pixel centres over the disc: >0 land inside disc."""
    px = 100.0 / n
    c = (np.arange(n) + 0.5) * px
    x, y = np.meshgrid(c, c)
    u, v = (x - 50.0) / 50.0, (50.0 - y) / 50.0
    r = np.hypot(u, v)
    inside = r <= 1.0
    lat, lon = disc_to_latlon(np.where(inside, u, 0.0), np.where(inside, v, 0.0), view)
    land = is_land(lat, lon) & inside
    limb = (1.0 - r) * 50.0 / px  # signed distance to the limb, in pixels
    field = np.minimum(np.where(land, 1.0, -1.0), limb)
    padded = -np.ones((n + 2, n + 2))
    padded[1:-1, 1:-1] = field
    return padded


def marching_squares(f: np.ndarray, px: float, origin: float) -> list[list[tuple[float, float]]]:
    """Closed iso-0 contours of f (rows = y).  Returns rings of (x, y)."""
    h, w = f.shape

    def pt(key):
        kind, i, j = key
        if kind == "h":  # between (i, j) and (i, j+1)
            a, b = f[i, j], f[i, j + 1]
            t = a / (a - b)
            return origin + (j + t) * px, origin + i * px
        a, b = f[i, j], f[i + 1, j]  # between (i, j) and (i+1, j)
        t = a / (a - b)
        return origin + j * px, origin + (i + t) * px

    adj: dict[tuple, list] = {}

    def link(a, b):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)

    pos = f > 0
    for i in range(h - 1):
        for j in range(w - 1):
            tl, tr, br, bl = pos[i, j], pos[i, j + 1], pos[i + 1, j + 1], pos[i + 1, j]
            idx = tl * 8 + tr * 4 + br * 2 + bl
            if idx in (0, 15):
                continue
            top, bottom = ("h", i, j), ("h", i + 1, j)
            left, right = ("v", i, j), ("v", i, j + 1)
            edges = []
            if tl != tr:
                edges.append(top)
            if tr != br:
                edges.append(right)
            if br != bl:
                edges.append(bottom)
            if bl != tl:
                edges.append(left)
            if len(edges) == 2:
                link(*edges)
            else:  # saddle: decide by the cell-centre average
                centre = (f[i, j] + f[i, j + 1] + f[i + 1, j + 1] + f[i + 1, j]) / 4
                if (centre > 0) == bool(tl):
                    link(top, right)
                    link(bottom, left)
                else:
                    link(top, left)
                    link(bottom, right)
    rings = []
    seen = set()
    for start in sorted(adj):
        if start in seen:
            continue
        ring = [start]
        seen.add(start)
        prev, cur = None, start
        while True:
            nxt = [k for k in adj[cur] if k != prev]
            # for saddle points a key can have >2 links; take a fresh one
            nxt = [k for k in nxt if k not in seen] or nxt
            if not nxt:
                break
            prev, cur = cur, nxt[0]
            if cur == start or cur in seen:
                break
            ring.append(cur)
            seen.add(cur)
        if len(ring) >= 3:
            rings.append([pt(k) for k in ring])
    return rings


def douglas_peucker(pts: np.ndarray, tol: float) -> np.ndarray:
    keep = np.zeros(len(pts), dtype=bool)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        a, b = stack.pop()
        if b <= a + 1:
            continue
        seg = pts[b] - pts[a]
        rel = pts[a + 1 : b] - pts[a]
        norm = math.hypot(*seg)
        if norm == 0:
            d = np.hypot(rel[:, 0], rel[:, 1])
        else:
            d = np.abs(seg[0] * rel[:, 1] - seg[1] * rel[:, 0]) / norm
        k = int(np.argmax(d))
        if d[k] > tol:
            m = a + 1 + k
            keep[m] = True
            stack.append((a, m))
            stack.append((m, b))
    return pts[keep]


def simplify_ring(ring, tol: float):
    pts = np.array(ring)
    # split the closed ring at its first point and the point farthest from it
    far = int(np.argmax(np.hypot(*(pts - pts[0]).T)))
    if far == 0:
        return []
    a = douglas_peucker(pts[: far + 1], tol)
    b = douglas_peucker(np.vstack([pts[far:], pts[:1]]), tol)
    out = []
    for x, y in np.vstack([a[:-1], b[:-1]]):
        p = (round(float(x), 1), round(float(y), 1))
        if not out or p != out[-1]:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def ring_area(ring) -> float:
    s = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        s += x1 * y2 - x2 * y1
    return abs(s) / 2


def fmt(v: float) -> str:
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def land_svg(view) -> str:
    n = MASK_SIZE
    px = 100.0 / n
    f = land_field(view, n)
    # padded pixel (i, j) has its centre at ((j - 0.5) px, (i - 0.5) px)
    rings = marching_squares(f, px, -0.5 * px)
    parts = []
    for ring in rings:
        simple = simplify_ring(ring, SIMPLIFY_TOL)
        if len(simple) < 3 or ring_area(simple) < MIN_RING_AREA:
            continue
        d = "M" + fmt(simple[0][0]) + " " + fmt(simple[0][1])
        d += "".join("L" + fmt(x) + " " + fmt(y) for x, y in simple[1:]) + "Z"
        parts.append(d)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n'
        f'<path fill="{LAND_FILL}" fill-rule="evenodd" stroke="{LAND_STROKE}" '
        f'stroke-width="{LAND_STROKE_WIDTH}" d="{"".join(parts)}"/>\n'
        "</svg>\n"
    )


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else str(v)


def caption(view) -> str:
    lat, lon = view
    ns = f"{num(abs(lat))}\u00b0 {'N' if lat >= 0 else 'S'}"
    ew = f"{num(abs(lon))}\u00b0 {'E' if lon >= 0 else 'W'}"
    return f"Seen from above {ns}, {ew}"


def habitats_yaml(g: Globe) -> str:
    lat, lon = g.view
    lines = [
        "# yaml-language-server: $schema=../../../schema/fragment.schema.json",
        f"# Derived from real geography (view centred on lat {num(lat)}, lon {num(lon)}) by a "
        "script in pnp's source repository, not in this folder. Safe to edit by hand.",
        "# elsewhere: the place is shown on the other globe, so the hex is out of play here.",
        f"grid: {{rows: {g.rows}, cols: {g.cols}, disc_diameter: {num(DISC_DIAMETER)}}}",
        f"view: {{centre_lat: {num(lat)}, centre_lon: {num(lon)}}}",
        f'options: {{view_caption: "{caption(g.view)}"}}',
        "hexes:",
    ]
    for (row, col), info in sorted(g.hexes.items()):
        s = f"- {{row: {row}, col: {col}, habitat: {info['habitat']}"
        if info.get("elsewhere"):
            s += ", elsewhere: true"
        if info.get("pacific"):
            s += ", pacific: true"
        if "pair" in info:
            s += f", pair: {info['pair']}"
        lines.append(s + "}")
    return "\n".join(lines) + "\n"


def land_mask_pbm() -> bytes:
    """The world's land at LAND_MASK_STEP degrees as a binary PBM (1 = land)."""
    n_lat, n_lon = round(180 / LAND_MASK_STEP), round(360 / LAND_MASK_STEP)
    lats = 90 - (np.arange(n_lat) + 0.5) * LAND_MASK_STEP
    lons = -180 + (np.arange(n_lon) + 0.5) * LAND_MASK_STEP
    lon, lat = np.meshgrid(lons, lats)
    bits = is_land(lat, lon)
    return f"P4\n{n_lon} {n_lat}\n".encode() + np.packbits(bits, axis=1).tobytes()


# ---------------------------------------------------------------------------
# Checks: what the derivation promises, measured on what it derived
# ---------------------------------------------------------------------------


def region_on_land(globes: dict[str, Globe], box) -> float:
    """The share of a region's land (on a 0.25 degree grid, by area) in land hexes in play."""
    (la0, la1), (lo0, lo1) = box
    lat, lon = np.meshgrid(
        np.arange(la0 + 0.125, la1, 0.25), np.arange(lo0 + 0.125, lo1, 0.25), indexing="ij"
    )
    lat, lon = lat.ravel(), lon.ravel()
    land = is_land(lat, lon)
    lat, lon, weight = lat[land], lon[land], np.cos(np.radians(lat[land]))
    on_land = np.zeros(len(lat), dtype=bool)
    for g in globes.values():
        u, v, vis = latlon_to_disc(lat, lon, g.view)
        for i in np.nonzero(vis & (u * u + v * v <= 1.0))[0]:
            x, y = g.from_disc(u[i], v[i])
            k = g.hex_at(float(x), float(y))
            if k is not None and g.usable(k) and g.hexes[k]["habitat"] != "marine":
                on_land[i] = True
    return float((weight * on_land).sum() / weight.sum())


def continent_habitats(globes: dict[str, Globe]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {name: set() for name in CONTINENTS}
    for g in globes.values():
        for key, info in g.hexes.items():
            if not g.usable(key) or info["habitat"] == "marine":
                continue
            _, _, lat, lon, land = g.samples[key]
            for name, ((la0, la1), (lo0, lo1), _) in CONTINENTS.items():
                inside = (
                    (lat[land] >= la0)
                    & (lat[land] <= la1)
                    & (lon[land] >= lo0)
                    & (lon[land] <= lo1)
                )
                if inside.mean() > 0.5:
                    found[name].add(info["habitat"])
    return found


def repeats(globes: dict[str, Globe]) -> list[tuple[str, tuple, float]]:
    """Every in-play hex outside the pairs with the share of it that in-play hexes of the other
    globe outside the pairs show too."""
    out = []
    names = list(globes)
    for a, b in ((names[0], names[1]), (names[1], names[0])):
        src, dst = globes[a], globes[b]
        for key, info in sorted(src.hexes.items()):
            if not src.usable(key) or "pair" in info:
                continue
            hits = overlap(src, key, dst)
            share = sum(f for k, f in hits.items() if dst.usable(k) and "pair" not in dst.hexes[k])
            out.append((a, key, share))
    return out


def check(globes: dict[str, Globe]) -> list[str]:
    """What fails; empty when the maps keep every promise."""
    fails = []
    letters = Counter()
    habitat_of: dict[str, set] = {}
    for g in globes.values():
        per_globe = Counter(i["pair"] for i in g.hexes.values() if "pair" in i)
        letters.update(per_globe)
        if any(c != 1 for c in per_globe.values()):
            fails.append(f"{g.name}: a pair letter twice")
        for info in g.hexes.values():
            if "pair" in info:
                habitat_of.setdefault(info["pair"], set()).add(info["habitat"])
            if info["habitat"] != "none" and info["habitat"] != info["geo"]:
                fails.append(f"{g.name}: a hex's habitat is not its place's")
        if not any(i.get("pacific") for i in g.hexes.values()):
            fails.append(f"{g.name}: no P hex")
    want = {letter: {habitat} for letter, habitat, _ in PAIR_TARGETS}
    if sorted(letters) != sorted(want) or set(letters.values()) != {2} or habitat_of != want:
        fails.append(f"pairs: {dict(letters)} {habitat_of}")
    for region, box in REGIONS.items():
        share = region_on_land(globes, box)
        if share < REGION_MIN:
            fails.append(f"only {share:.0%} of {region} is in land hexes")
    for name, have in continent_habitats(globes).items():
        need = CONTINENTS[name][2]
        if not need <= have:
            fails.append(f"{name} lacks {sorted(need - have)}")
    worst = max(repeats(globes), key=lambda r: r[2])
    if worst[2] >= 0.5:
        fails.append(f"{worst[0]} hex {worst[1]} repeats {worst[2]:.0%} of the other globe")
    return fails


def report(globes: dict[str, Globe]) -> None:
    for g in globes.values():
        counts = Counter(i["habitat"] for i in g.hexes.values())
        elsewhere = sum(1 for i in g.hexes.values() if i.get("elsewhere"))
        pairs = {i["pair"]: k for k, i in g.hexes.items() if "pair" in i}
        ps = [k for k, i in g.hexes.items() if i.get("pacific")]
        print(
            f"{g.name}: view {g.view}, grid {g.rows}x{g.cols}, {dict(sorted(counts.items()))} "
            f"({elsewhere} of the none shown on the other globe), pairs {dict(sorted(pairs.items()))}, P {ps}"
        )
    rep = repeats(globes)
    print(
        f"repeats: the most of one hex shown by the other globe {max(r[2] for r in rep):.0%}, "
        f"hexes over a quarter: {sum(1 for r in rep if r[2] > 0.25)}"
    )
    for region, box in REGIONS.items():
        print(f"  {region}: {region_on_land(globes, box):.0%} of its land in land hexes")
    for name, have in continent_habitats(globes).items():
        print(f"  {name}: {sorted(have)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report only, write nothing")
    args = ap.parse_args(argv)

    globes = {name: Globe(name) for name in VIEWS}
    choose_pairs(globes)
    drop_repeats(globes)
    for g in globes.values():
        choose_pacific(g)
    report(globes)
    fails = check(globes)
    for f in fails:
        print("FAIL:", f)
    if fails:
        return 1
    if args.check:
        return 0
    HABITAT_DIR.mkdir(parents=True, exist_ok=True)
    ART_DIR.mkdir(parents=True, exist_ok=True)
    for g in globes.values():
        (HABITAT_DIR / f"{g.name}.yaml").write_text(habitats_yaml(g))
        (ART_DIR / f"{g.name}-land.svg").write_text(land_svg(g.view))
    MASK_FILE.write_bytes(land_mask_pbm())
    return 0


if __name__ == "__main__":
    sys.exit(main())
