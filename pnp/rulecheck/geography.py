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
from typing import Literal

from pydantic import Field

from pnp.rulecheck.facts import inside
from pnp.spec.types import Strict

Kind = Literal["sea", "land", "tropical", "temperate"]


class View(Strict):
    """The point of the Earth the globe is seen from (its disc's centre), in degrees."""

    lat: float = Field(..., ge=-90, le=90, description="latitude, north positive")
    lon: float = Field(..., ge=-180, le=180, description="longitude, east positive")


class ClimatesOf(Strict):
    """Each symbol against its cell on a globe: sea, or land of a climate by its latitude."""

    ground: str = Field(
        ...,
        description="the art of the globe's land masses; its drawn box is the globe's disc (an orthographic view)",
    )
    view: View = Field(..., description="the latitude and longitude the disc's centre shows")
    meaning: dict[str, Kind] = Field(
        ...,
        description="art name: the cell it must lie on: sea, land, tropical or temperate",
    )
    land: float = Field(
        1 / 3, gt=0, le=1, description="a cell is land when at least this share of it is land"
    )
    tropics: float = Field(
        23.5,
        ge=0,
        le=90,
        description="land whose points' mean latitude lies within this many degrees of the equator is tropical",
    )
    steps: int = Field(12, ge=3, le=60, description="lattice points across a cell, each way")


def climates(reader, opts: ClimatesOf, area, facts) -> list[str]:
    """The symbols whose cell disagrees: 'pine at 212, 70 mm: tropical (land 62 %, 12° N)'."""
    ground = reader.ground(opts.ground, facts)
    disc = next((k.box for k in facts.marks if k.art == opts.ground), None)
    if ground is None or disc is None:
        return [f"no '{opts.ground}' drawn"]
    boxes = reader.boxes(area)
    out = []
    for k in facts.marks:
        want = opts.meaning.get(k.art)
        if want is None or (boxes is not None and not any(inside(k.box, b) for b in boxes)):
            continue
        reader.saw([k])
        x, y = (k.box[0] + k.box[2]) / 2, (k.box[1] + k.box[3]) / 2
        got, why = _cell_kind(opts, ground, disc, _cell_under(facts, k, x, y))
        if not (got == want or (want == "land" and got in ("tropical", "temperate"))):
            out.append(f"{k.art} at {x / reader.k:.0f}, {y / reader.k:.0f} mm: {got} ({why})")
    return out


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
    pts = [
        (x0 + (i + 0.5) * (x1 - x0) / n, y0 + (j + 0.5) * (y1 - y0) / n)
        for j in range(n)
        for i in range(n)
    ]
    pts = [p for p in pts if cell.holds(*p) and (p[0] - cx) ** 2 + (p[1] - cy) ** 2 <= r * r]
    if not pts:
        return "no cell", "no point of it on the disc"
    land = [p for p in pts if ground(p)]
    share = len(land) / len(pts)
    if share < opts.land:
        return "sea", f"land {share:.0%}"
    lat = sum(_latitude(opts.view, (p[0] - cx) / r, (cy - p[1]) / r) for p in land) / len(land)
    kind = "tropical" if abs(lat) < opts.tropics else "temperate"
    return kind, f"land {share:.0%}, {abs(lat):.0f}° {'N' if lat >= 0 else 'S'}"


def _latitude(view: View, u: float, v: float) -> float:
    """The latitude of the point (u east, v north) of an orthographic disc of radius 1."""
    z = math.sqrt(max(0.0, 1.0 - u * u - v * v))
    p = math.radians(view.lat)
    return math.degrees(math.asin(max(-1.0, min(1.0, v * math.cos(p) + z * math.sin(p)))))
