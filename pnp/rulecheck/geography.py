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
    pts, land = [], []  # the lattice's points on the cell and the disc; those on land
    for j in range(n):
        y = y0 + (j + 0.5) * (y1 - y0) / n
        dy = (y - cy) ** 2
        if dy > r * r:  # the row passes above or below the disc
            continue
        # a row of the lattice shares its crossings of the cell and of the land
        in_cell, on_land = cell.row(y), ground.row(y)
        for i in range(n):
            x = x0 + (i + 0.5) * (x1 - x0) / n
            if in_cell(x) and (x - cx) ** 2 + dy <= r * r:
                pts.append((x, y))
                if on_land(x):
                    land.append((x, y))
    if not pts:
        return "no cell", "no point of it on the disc"
    share = len(land) / len(pts)
    if share < opts.land:
        return "sea", f"land {share:.0%}"
    tilt = math.radians(opts.view.lat)  # the view's latitude, as every point's sum uses it
    cos_t, sin_t = math.cos(tilt), math.sin(tilt)
    lat = sum(_latitude(cos_t, sin_t, (x - cx) / r, (cy - y) / r) for x, y in land) / len(land)
    kind = "tropical" if abs(lat) < opts.tropics else "temperate"
    return kind, f"land {share:.0%}, {abs(lat):.0f}° {'N' if lat >= 0 else 'S'}"


def _latitude(cos_t: float, sin_t: float, u: float, v: float) -> float:
    """The latitude of the point (u east, v north) of an orthographic disc of radius 1, seen
    from the latitude whose cosine and sine are given."""
    z = math.sqrt(max(0.0, 1.0 - u * u - v * v))
    return math.degrees(math.asin(max(-1.0, min(1.0, v * cos_t + z * sin_t))))
