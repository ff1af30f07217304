"""The colours a symbol shows where it meets its ground: the edge the eye sees.

A symbol's parts are walked in painting order. A part lying wholly on earlier filled parts (an
eye, a stripe, a tusk on the body) meets the art, not the ground, and is passed over. Each
other part shows its outline where it has one at least EDGE_MM wide as printed (the outline
the ink-saver draws round white art on a pale tint), else its fill; a line (a stroke with no
fill) shows its stroke: it is the art.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from pnp.draw.inksaver import bounds, covers
from pnp.draw.primitives import (
    IDENTITY,
    Ellipse,
    Group,
    Matrix,
    Path,
    Rect,
    Use,
    apply,
    invert,
    multiply,
)

EDGE_MM = 0.2  # an outline this wide, as printed, is seen round the art (the ink-saver's is 0.25)
SIDE = 0.4  # sample points at this share of a part's width and height from its centre


def _parts(kids, m: Matrix, symbols: Mapping, out: list) -> list:
    """(shape, matrix) of every filled or stroked shape, in painting order."""
    for c in kids:
        if type(c) is Group:
            _parts(c.children, multiply(m, c.transform), symbols, out)
        elif type(c) is Use and c.symbol in symbols:
            _parts(symbols[c.symbol].children, multiply(m, c.transform), symbols, out)
        elif type(c) in (Rect, Ellipse, Path) and (c.style.fill or c.style.stroke):
            if c.style.opacity > 0:
                out.append((c, m))
    return out


def _samples(shape, m: Matrix) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = bounds(shape)
    cx, cy, dx, dy = (x0 + x1) / 2, (y0 + y1) / 2, SIDE * (x1 - x0), SIDE * (y1 - y0)
    pts = ((cx, cy), (cx - dx, cy), (cx + dx, cy), (cx, cy - dy), (cx, cy + dy))
    return [apply(m, x, y) for x, y in pts]


def _on_art(pts, earlier: list) -> bool:
    """Every sample point lies inside an earlier filled part."""

    def inside(x: float, y: float) -> bool:
        for shape, inv in earlier:
            if covers(shape, *apply(inv, x, y)):
                return True
        return False

    return bool(earlier) and all(inside(x, y) for x, y in pts)


def edge(symbols: Mapping, symbol_id: str, scale: float) -> list[str]:
    """The colours the symbol shows at its edge (one per part that meets the ground); `scale`
    is the symbol's mm on the face per unit of its own drawing. Empty for an unknown symbol."""
    sym = symbols.get(symbol_id)
    if sym is None:
        return []
    out, earlier = [], []
    for shape, m in _parts(sym.children, IDENTITY, symbols, []):
        s = shape.style
        if not _on_art(_samples(shape, m), earlier):
            width = s.stroke_width * math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) * scale
            out.append(s.stroke if s.stroke and (not s.fill or width >= EDGE_MM) else s.fill)
        inv = invert(m)
        if s.fill and inv is not None:
            earlier.append((shape, inv))
    return out


def scale_of(symbols: Mapping, symbol_id: str, box, angle: float) -> float:
    """mm on the face per unit of the symbol, from the box it prints in and its turn."""
    sym = symbols.get(symbol_id)
    if sym is None:
        return 1.0
    a = math.radians(angle)
    span = sym.w * abs(math.cos(a)) + sym.h * abs(math.sin(a))
    return (box[2] - box[0]) / span if span else 1.0
