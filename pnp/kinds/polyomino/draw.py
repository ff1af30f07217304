"""Drawing polyominoes: outlines as paths, and the grooves of striped pieces."""

from __future__ import annotations

import math

from pnp import budget
from pnp.draw.primitives import Path, Style
from pnp.kinds.polyomino.cells import extent, outline_loops


def outline_path(cells, size: float, style: Style, dx: float = 0.0, dy: float = 0.0) -> Path:
    ops: list[tuple] = []
    for loop in outline_loops(cells):
        ops.append(("M", dx + loop[0][0] * size, dy + loop[0][1] * size))
        ops += [("L", dx + x * size, dy + y * size) for x, y in loop[1:]]
        ops.append(("Z",))
    return Path(
        tuple(ops),
        Style(
            style.fill,
            style.stroke,
            style.stroke_width,
            style.dash,
            style.opacity,
            True,
            "butt",
            "miter",
        ),
    )


def grooves(
    cells, s: float, spacing: float, angle: float, colour: str, dx: float = 0.0, dy: float = 0.0
) -> list:
    """Parallel grooves over the piece's box: a dark line with a light line beside it."""
    cw, ch = extent(cells)
    w, h = cw * s, ch * s
    a = math.radians(angle)
    ux, uy = math.cos(a), -math.sin(a)  # along a groove (y down, so positive angles rise)
    nx, ny = -uy, ux  # across the grooves
    reach = math.hypot(w, h)
    cx, cy = dx + w / 2, dy + h / 2
    # counted before any groove is made: a tiny spacing would be millions of lines
    budget.check("stripes", math.ceil(reach / spacing) + 1, key="stripe_spacing")
    dark, light = [], []
    k = -math.ceil(reach / 2 / spacing)
    while k * spacing <= reach / 2:
        ox, oy = cx + nx * k * spacing, cy + ny * k * spacing
        for ops, shift in ((dark, 0.0), (light, min(0.3, spacing / 4))):
            px, py = ox + nx * shift, oy + ny * shift
            ops += [
                ("M", px - ux * reach, py - uy * reach),
                ("L", px + ux * reach, py + uy * reach),
            ]
        k += 1
    width = min(0.3, spacing / 5)
    return [
        Path(tuple(dark), Style(None, colour, width, opacity=0.35)),
        Path(tuple(light), Style(None, "#ffffff", width, opacity=0.45)),
    ]
