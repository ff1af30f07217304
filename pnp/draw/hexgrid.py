"""Pointy-top hexagons on an odd-r offset grid: the one place their geometry lives.

`w` is a hex's width across its flats; odd rows are shifted right by half a hex. Used by the
hexmap kind and by scripts/derive_habitats.py (which imports nothing else of pnp: keep this
module free of imports beyond the standard library).
"""

from __future__ import annotations

import math


def hex_radius(w: float) -> float:
    """Centre to corner of a hex `w` wide across its flats."""
    return w / math.sqrt(3)


def hex_centre(col: int, row: int, w: float) -> tuple[float, float]:
    r = hex_radius(w)
    return w / 2 + col * w + (w / 2 if row % 2 else 0.0), r + row * 1.5 * r


def hex_corners(cx: float, cy: float, w: float) -> list[tuple[float, float]]:
    """The six corners, clockwise on the page (y down) from the top one."""
    r = hex_radius(w)
    return [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def grid_size(cols: int, rows: int, w: float) -> tuple[float, float]:
    """Width and height of a cols x rows grid."""
    r = hex_radius(w)
    return cols * w + w / 2, 2 * r + (rows - 1) * 1.5 * r
