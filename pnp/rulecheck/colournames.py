"""A drawn colour read as the word a rulebook uses for it: red, blue, indigo, grey ..."""

from __future__ import annotations

import colorsys
from functools import lru_cache

from pnp.draw.colours import rgb

# Hue bands in degrees, as a player names a colour at a glance.
HUES = (
    (15, "red"),
    (42, "orange"),
    (70, "yellow"),
    (165, "green"),
    (228, "blue"),
    (262, "indigo"),
    (330, "purple"),
    (361, "red"),
)
BASIC = ("red", "orange", "yellow", "green", "blue", "indigo", "purple", "black", "white", "grey")


@lru_cache(maxsize=4096)  # a pure function of the colour, asked per primitive
def colour_name(hexcolour: str) -> str:
    """The basic name of a #rrggbb colour."""
    h, lightness, s = colorsys.rgb_to_hls(*rgb(hexcolour))
    if lightness < 0.18:
        return "black"
    if lightness > 0.92 and s < 0.5:
        return "white"
    if s < 0.2 or (lightness < 0.25 and s < 0.35):
        return "grey"
    deg = h * 360
    return next(name for top, name in HUES if deg < top)
