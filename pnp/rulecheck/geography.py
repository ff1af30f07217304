"""The `climates` measure: each symbol of a globe against the whole cell it is drawn on.

A globe drawn as an orthographic view (its land masses an art whose box is the globe's disc)
says, in each cell (the filled hex or square under a symbol), whether the place is sea or land
and, from the latitude of its land, whether that land is tropical or temperate. The measure
derives both from the drawing: it samples the cell on a lattice, asks the land art whether each
point is land, and turns each land point back into a latitude. A symbol whose cell is not what
its meaning says is one reading, so a pine moved to a tropical hex, a palm on the sea, or a
land hex marked with the other climate fails, with no list of exceptions.
"""

from __future__ import annotations

import math

from pnp.rulecheck.ground import ground_of
from pnp.rulecheck.printed_spec import ClimatesOf
from pnp.rulecheck.reading import Reading, meant


def climates(view, opts: ClimatesOf) -> Reading:
    """The symbols whose cell disagrees: 'pine at 212, 70 mm: tropical (land 62 %, 12° N)'."""
    facts, k = view.facts, view.scale
    mark, ground = ground_of(opts.ground, facts, view.rule.printed.symbols)
    seen: list = [mark] if mark else []
    if ground is None or mark is None:
        return Reading([f"no '{opts.ground}' drawn"], seen=tuple(seen))
    area = view.boxes()
    out = []
    for m, want, (x, y) in meant(facts, opts.meaning, area):
        seen.append(m)
        got, why = _cell_kind(opts, ground, mark.box, _cell_under(facts, m, x, y))
        if not (got == want or (want == "land" and got in ("tropical", "temperate"))):
            out.append(f"{m.art} at {x / k:.0f}, {y / k:.0f} mm: {got} ({why})")
    return Reading(out, seen=tuple(seen))


def _cell_under(facts, mark, x: float, y: float):
    """The filled shape on top under the symbol's centre (its hex), or None."""
    under = [s for s in facts.shapes if s.order < mark.order and s.opacity > 0 and s.holds(x, y)]
    return max(under, key=lambda s: s.order) if under else None


def _cell_kind(opts: ClimatesOf, ground, disc, cell) -> tuple[str, str]:
    """What the cell shows of the Earth: sea, tropical or temperate, and the numbers why."""
    if cell is None:
        return "no cell", "no filled shape under the symbol"
    cx, cy = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2
    r = (disc[2] - disc[0]) / 2
    x0, y0, x1, y1 = cell.box
    n = opts.steps
    # the lattice's columns, the same in every row: each row's points in the cell, on the disc
    # and on land are runs of columns found by bisection, not tested one point at a time
    xs = [x0 + (i + 0.5) * (x1 - x0) / n for i in range(n)]
    on_ground = ground.across(xs)
    rr = r * r
    count, land = 0, []  # the lattice's points on the cell and the disc; runs of those on land
    for j in range(n):
        y = y0 + (j + 0.5) * (y1 - y0) / n
        dy = (y - cy) ** 2
        if dy > rr:  # the row passes above or below the disc
            continue
        shores = None
        for lo, hi in cell.runs(y, xs):
            # the disc holds a run of columns: trim the run's ends to it
            while lo < hi and (xs[lo] - cx) ** 2 + dy > rr:
                lo += 1
            while hi > lo and (xs[hi - 1] - cx) ** 2 + dy > rr:
                hi -= 1
            if lo == hi:
                continue
            count += hi - lo
            if shores is None:
                shores = ground.runs(y, on_ground)
            land += [(y, a, b) for a, b in _overlaps(shores, lo, hi)]
    if not count:
        return "no cell", "no point of it on the disc"
    share = sum(b - a for _, a, b in land) / count
    if share < opts.land:
        return "sea", f"land {share:.0%}"
    lats = _latitudes(
        opts.view.lat, [(x - cx) / r for x in xs], [(cy - y, a, b) for y, a, b in land], r
    )
    lat = sum(lats) / len(lats)
    kind = "tropical" if abs(lat) < opts.tropics else "temperate"
    return kind, f"land {share:.0%}, {abs(lat):.0f}° {'N' if lat >= 0 else 'S'}"


def _overlaps(runs: list[tuple[int, int]], lo: int, hi: int) -> list[tuple[int, int]]:
    """The parts of `runs` within lo:hi."""
    return [(max(a, lo), min(b, hi)) for a, b in runs if max(a, lo) < min(b, hi)]


def _latitudes(view_lat: float, us: list[float], rows: list, r: float) -> list[float]:
    """The latitude of each land point, in reading order: the points are runs a:b of the
    columns `us` (east, on a disc of radius 1) in rows (r times north, a, b), seen from the
    latitude `view_lat` (an orthographic view); each column's and row's terms worked out once."""
    tilt = math.radians(view_lat)  # the view's latitude, as every point's sum uses it
    cos_t, sin_t = math.cos(tilt), math.sin(tilt)
    uu = [u * u for u in us]
    sqrt, asin, degrees = math.sqrt, math.asin, math.degrees
    out: list[float] = []
    for north, a, b in rows:
        v = north / r
        vv, vc = v * v, v * cos_t
        out += [
            degrees(asin(max(-1.0, min(1.0, vc + sqrt(max(0.0, 1.0 - uu[i] - vv)) * sin_t))))
            for i in range(a, b)
        ]
    return out
