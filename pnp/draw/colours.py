"""Colour names to #rrggbb: the one place pnp reads a colour (specs, SVG art, paper files).

A game's palette comes first; then pnp's print shades of the common names (a red, blue or
green that prints well on card, and a few of pnp's own: cream, sand, sea ...); then every CSS
colour name at its CSS value (crimson, rebeccapurple ...), from Pillow's table of them.
Hex is #rgb, #rrggbb or #rrggbbaa (the alpha is read by `colour_alpha`).
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from PIL import ImageColor

PRINT_SHADES = {
    "black": "#000000", "white": "#ffffff", "red": "#d62828", "blue": "#1d5fbf",
    "green": "#2a9d3a", "yellow": "#f2c200", "orange": "#f07f13", "grey": "#8a8a8a",
    "gray": "#8a8a8a", "purple": "#7b3fa0", "indigo": "#3f3fa8", "brown": "#8b5a2b",
    "pink": "#e47ca8", "cyan": "#20a8c8", "magenta": "#c42b9a", "navy": "#1b2a6b",
    "teal": "#1f8a83", "gold": "#d4a017", "silver": "#b8b8b8", "lightgrey": "#dddddd",
    "lightgray": "#dddddd", "darkgrey": "#4a4a4a", "darkgray": "#4a4a4a", "cream": "#fbf6e6",
    "paleblue": "#dbe8f7", "palegreen": "#e3f2dd", "darkgreen": "#1e6b2e", "darkred": "#8f1d1d",
    "darkblue": "#143d7a", "tan": "#d2b48c", "sand": "#e8d9b0", "sea": "#8ec3e6",
}  # fmt: skip
CSS = {
    name: value.lower() for name, value in ImageColor.colormap.items() if str(value).startswith("#")
}
NAMED = {**CSS, **PRINT_SHADES}
_HEX = re.compile(r"^#([0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")


class UnknownColour(ValueError):
    """A colour pnp cannot read; `near` is the closest known name, if any."""

    def __init__(self, value: str, near: str | None):
        super().__init__(f"unknown colour '{value}'")
        self.near = near


def _hex(value: str, palette: dict[str, str]) -> str | None:
    v = value.strip()
    if v.lower() in ("none", "transparent", ""):
        return None
    if v in palette:
        v = palette[v]
    elif v.lower() in NAMED:
        v = NAMED[v.lower()]
    m = _HEX.match(v)
    if not m:
        near = difflib.get_close_matches(v.lower(), [*palette, *NAMED], n=1, cutoff=0.7)
        raise UnknownColour(value, near[0] if near else None)
    h = m.group(1).lower()
    return "#" + ("".join(c * 2 for c in h) if len(h) == 3 else h)


def resolve_colour(value: str, palette: dict[str, str]) -> str | None:
    """'none' -> None; a palette, common or CSS name, or hex -> '#rrggbb'. Raises UnknownColour."""
    h = _hex(value, palette)
    return h[:7] if h else None


def colour_alpha(value: str, palette: dict[str, str]) -> float:
    """The alpha of a #rrggbbaa colour (0 to 1); 1 for every other colour."""
    h = _hex(value, palette)
    return int(h[7:9], 16) / 255 if h and len(h) == 9 else 1.0


@lru_cache(maxsize=4096)  # the checker asks for the same few colours many thousand times
def rgb(hexcolour: str) -> tuple[float, float, float]:
    return tuple(int(hexcolour[i : i + 2], 16) / 255.0 for i in (1, 3, 5))
