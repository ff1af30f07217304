"""Colour names to #rrggbb. A game's palette comes first, then these common names."""

from __future__ import annotations

import re

NAMED = {
    "black": "#000000", "white": "#ffffff", "red": "#d62828", "blue": "#1d5fbf",
    "green": "#2a9d3a", "yellow": "#f2c200", "orange": "#f07f13", "grey": "#8a8a8a",
    "gray": "#8a8a8a", "purple": "#7b3fa0", "indigo": "#3f3fa8", "brown": "#8b5a2b",
    "pink": "#e47ca8", "cyan": "#20a8c8", "magenta": "#c42b9a", "navy": "#1b2a6b",
    "teal": "#1f8a83", "gold": "#d4a017", "silver": "#b8b8b8", "lightgrey": "#dddddd",
    "lightgray": "#dddddd", "darkgrey": "#4a4a4a", "darkgray": "#4a4a4a", "cream": "#fbf6e6",
    "paleblue": "#dbe8f7", "palegreen": "#e3f2dd", "darkgreen": "#1e6b2e", "darkred": "#8f1d1d",
    "darkblue": "#143d7a", "tan": "#d2b48c", "sand": "#e8d9b0", "sea": "#8ec3e6",
}
_HEX = re.compile(r"^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")


def resolve_colour(value: str, palette: dict[str, str]) -> str | None:
    """'none' -> None; a palette or common name or hex -> '#rrggbb'. Raises ValueError."""
    v = value.strip()
    if v.lower() in ("none", "transparent", ""):
        return None
    if v in palette:
        v = palette[v]
    elif v.lower() in NAMED:
        v = NAMED[v.lower()]
    m = _HEX.match(v)
    if not m:
        raise ValueError(f"unknown colour '{value}'")
    h = m.group(1)
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return "#" + h.lower()


def rgb(hexcolour: str) -> tuple[float, float, float]:
    return tuple(int(hexcolour[i : i + 2], 16) / 255.0 for i in (1, 3, 5))
