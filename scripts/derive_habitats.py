#!/usr/bin/env python3
"""Derive the habitat hex maps and coastline art for the Earth Our Home board.

The board shows two orthographic views of the Earth ("Earth 1" and "Earth 2"),
each a disc laid over a pointy-top, odd-r offset hex grid.  For every hex that
touches the disc this script decides its habitat:

* ``none``      -- less than MIN_AREA_FRACTION of the hex lies inside the disc;
* ``marine``    -- most of the hex's sample points are sea;
* ``tropical``  -- land, and the land samples' mean latitude is within TROPIC_LAT;
* ``temperate`` -- any other land (polar land included).

It also marks the A-D pairs (the same region seen on both globes) and the
``pacific`` ("P") sea hexes on the limb next to the unshown Pacific Ocean, and
traces the land masses of each view into a filled-path SVG (viewBox 0..100,
disc = circle centre (50,50) radius 50).

Outputs (relative to the repository root)::

    components/earth-our-home/habitats/earth-1.yaml
    components/earth-our-home/habitats/earth-2.yaml
    components/earth-our-home/art/earth-1-land.svg
    components/earth-our-home/art/earth-2-land.svg

The output is deterministic: running it twice gives byte-identical files.

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
# Earth 1 shows the Americas, the Atlantic, Europe and Africa; its western limb
# runs through the eastern Pacific (~130 W at the equator), so the Pacific lies
# beyond that limb.  Earth 2 shows Africa, Eurasia, the Indian Ocean and
# Australia; its eastern limb runs through the western Pacific (~170 E at the
# equator).  The views overlap over Africa / Europe / the eastern Atlantic.
VIEWS = {
    "earth-1": (15, -40),
    "earth-2": (10, 80),
}

# Side of each globe that faces the (unshown) Pacific: -1 = west limb, +1 = east.
PACIFIC_SIDE = {"earth-1": -1, "earth-2": +1}

# Disc diameter in hex widths W (W = width across flats of a pointy-top hex).
DISC_DIAMETER = 10

# A hex with less than this fraction of its area inside the disc is "none".
MIN_AREA_FRACTION = 0.40

# A hex is land when MORE than this fraction of its in-disc samples is land.
LAND_MAJORITY = 0.5

# Land whose samples' mean |latitude| is below this is tropical.
TROPIC_LAT = 23.5

# Sample points per hex: a hexagonal pattern with this many rings
# (3 rings -> 37 points), its outer ring at SAMPLE_SPREAD x the circumradius.
SAMPLE_RINGS = 3
SAMPLE_SPREAD = 0.8

# A-D pairs.  Chosen automatically, steered by hand.  A candidate pair is a
# usable Earth 1 hex and a usable Earth 2 hex with the SAME habitat that show
# the same region: at least PAIR_MIN_OVERLAP of each hex's sample points falls
# inside the other (projected onto the other globe).  Such hexes only exist
# where the views overlap (Africa, Europe, the eastern Atlantic, the Arctic),
# i.e. near Earth 1's eastern limb and Earth 2's western or northern limb.  For
# each letter, in order, the candidate closest to the target point (sum of the
# great-circle distances of both hex centres) is taken, skipping hexes that are
# or touch an already chosen pair hex.
PAIR_TARGETS = [
    ("A", (60, 30)),  # Scandinavia / western Russia: temperate
    ("B", (6, 8)),  # Nigeria / Cameroon: tropical
    ("C", (-15, 5)),  # South Atlantic off Angola: marine
    ("D", (85, 50)),  # Arctic Ocean, seen over the north pole on both: marine
]
PAIR_MIN_OVERLAP = 0.4

# Pacific ("P") hexes: marine hexes in the limb ring on PACIFIC_SIDE whose
# centre lies in the Pacific basin (see in_pacific()).  Up to P_PER_GLOBE are
# marked, outermost (nearest the limb) first, never two next to each other;
# paired hexes are never P hexes.
P_PER_GLOBE = 4

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

# ---------------------------------------------------------------------------
# Geometry: grid (units of W) and orthographic projection
# ---------------------------------------------------------------------------

W = 1.0
R = W / math.sqrt(3)  # circumradius of a pointy-top hex


def hex_centre(row: int, col: int) -> tuple[float, float]:
    x = W / 2 + col * W + (W / 2 if row % 2 else 0.0)
    y = R + row * 1.5 * R
    return x, y


def hex_corners(cx: float, cy: float) -> list[tuple[float, float]]:
    return [
        (cx + R * math.cos(math.radians(a)), cy + R * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def grid_rect(rows: int, cols: int) -> tuple[float, float]:
    return cols * W + W / 2, 2 * R + (rows - 1) * 1.5 * R


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


def sample_offsets() -> list[tuple[float, float]]:
    """Hexagonal pattern of sample offsets (pointy-top), deterministic order."""
    n = SAMPLE_RINGS
    s = SAMPLE_SPREAD * R / n
    pts = []
    for q in range(-n, n + 1):
        for r in range(-n, n + 1):
            if abs(q + r) > n:
                continue
            # axial -> pointy-top pattern: a vertex of the pattern on the y axis
            pts.append((s * math.sqrt(3) / 2 * r, s * (q + r / 2)))
    return pts


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

    def _area_fraction(self, hx: float, hy: float) -> float:
        # fine triangular-lattice sampling of the hex (deterministic)
        n = 24
        xs, ys = [], []
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x = hx + (i + j / 2) * (R * math.sqrt(3) / (2 * n))
                y = hy + j * (R * 0.75 / n)
                xs.append(x)
                ys.append(y)
        xs, ys = np.array(xs), np.array(ys)
        corners = hex_corners(hx, hy)
        inside = np.ones(xs.shape, dtype=bool)
        for i in range(6):
            ax, ay = corners[i]
            bx, by = corners[(i + 1) % 6]
            inside &= (bx - ax) * (ys - ay) - (by - ay) * (xs - ax) >= 0
        xs, ys = xs[inside], ys[inside]
        in_disc = np.hypot(xs - self.cx, ys - self.cy) <= self.radius
        return float(in_disc.mean())

    def _build(self) -> None:
        offsets = sample_offsets()
        for row in range(self.rows):
            for col in range(self.cols):
                hx, hy = hex_centre(row, col)
                if dist_point_to_hex(self.cx, self.cy, hex_corners(hx, hy)) >= self.radius:
                    continue  # does not touch the disc: omitted
                frac = self._area_fraction(hx, hy)
                xs = np.array([hx + dx for dx, dy in offsets])
                ys = np.array([hy + dy for dx, dy in offsets])
                u, v = self.to_disc(xs, ys)
                keep = u * u + v * v <= 1.0
                u, v = u[keep], v[keep]
                lat, lon = disc_to_latlon(u, v, self.view)
                land = is_land(lat, lon)
                self.samples[(row, col)] = (u, v, lat, lon, land)
                info = {"area": frac}
                if frac < MIN_AREA_FRACTION or len(u) == 0:
                    info["habitat"] = "none"
                elif land.mean() > LAND_MAJORITY:
                    mean_lat = float(lat[land].mean())
                    info["habitat"] = "tropical" if abs(mean_lat) < TROPIC_LAT else "temperate"
                else:
                    info["habitat"] = "marine"
                self.hexes[(row, col)] = info

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
    """Fraction of src hex `key`'s sample points that fall in each dst hex."""
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
    """All (score, key1, key2): usable hexes of the same habitat on the two
    globes that show the same region, scored by their mutual overlap."""
    fwd = {k: overlap(g1, k, g2) for k in sorted(g1.hexes) if g1.usable(k)}
    rev = {k: overlap(g2, k, g1) for k in sorted(g2.hexes) if g2.usable(k)}
    cands = []
    for k1, hits in fwd.items():
        for k2, f in hits.items():
            if not g2.usable(k2) or g1.hexes[k1]["habitat"] != g2.hexes[k2]["habitat"]:
                continue
            score = min(f, rev[k2].get(k1, 0.0))
            if score >= PAIR_MIN_OVERLAP:
                cands.append((score, k1, k2))
    return cands


def choose_pairs(globes: dict[str, Globe]) -> None:
    g1, g2 = (globes[n] for n in VIEWS)
    cands = pair_candidates(g1, g2)
    for letter, (tlat, tlon) in PAIR_TARGETS:
        best = None
        for score, k1, k2 in cands:
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
        g1.hexes[best[1]]["pair"] = letter
        g2.hexes[best[2]]["pair"] = letter


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


def habitats_yaml(g: Globe) -> str:
    lat, lon = g.view
    lines = [
        f"# Generated by scripts/derive_habitats.py (view centred on lat {num(lat)}, "
        f"lon {num(lon)}). Safe to edit by hand.",
        f"grid: {{rows: {g.rows}, cols: {g.cols}, disc_diameter: {num(DISC_DIAMETER)}}}",
        f"view: {{centre_lat: {num(lat)}, centre_lon: {num(lon)}}}",
        "hexes:",
    ]
    for (row, col), info in sorted(g.hexes.items()):
        s = f"- {{row: {row}, col: {col}, habitat: {info['habitat']}"
        if info.get("pacific"):
            s += ", pacific: true"
        if "pair" in info:
            s += f", pair: {info['pair']}"
        lines.append(s + "}")
    return "\n".join(lines) + "\n"


def check(globes: dict[str, Globe]) -> None:
    letters = Counter()
    habitat_of = {}
    for g in globes.values():
        per_globe = Counter()
        for info in g.hexes.values():
            if "pair" in info:
                letters[info["pair"]] += 1
                per_globe[info["pair"]] += 1
                habitat_of.setdefault(info["pair"], set()).add(info["habitat"])
        assert all(c == 1 for c in per_globe.values()), f"{g.name}: pair twice on one globe"
        assert any(i.get("pacific") for i in g.hexes.values()), f"{g.name}: no P hex"
    assert sorted(letters) == ["A", "B", "C", "D"] and set(letters.values()) == {2}, letters
    assert all(len(s) == 1 for s in habitat_of.values()), habitat_of


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report only, write nothing")
    args = ap.parse_args(argv)

    globes = {name: Globe(name) for name in VIEWS}
    choose_pairs(globes)
    for g in globes.values():
        choose_pacific(g)
    check(globes)

    for g in globes.values():
        counts = Counter(i["habitat"] for i in g.hexes.values())
        pairs = {i["pair"]: k for k, i in g.hexes.items() if "pair" in i}
        ps = [k for k, i in g.hexes.items() if i.get("pacific")]
        print(
            f"{g.name}: view {g.view}, grid {g.rows}x{g.cols}, "
            f"{dict(sorted(counts.items()))}, pairs {dict(sorted(pairs.items()))}, P {ps}"
        )
        if args.check:
            continue
        HABITAT_DIR.mkdir(parents=True, exist_ok=True)
        ART_DIR.mkdir(parents=True, exist_ok=True)
        (HABITAT_DIR / f"{g.name}.yaml").write_text(habitats_yaml(g))
        (ART_DIR / f"{g.name}-land.svg").write_text(land_svg(g.view))
    return 0


if __name__ == "__main__":
    sys.exit(main())
