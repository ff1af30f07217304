"""Outlines of flat pieces: the cut line and the clip of a face."""

from __future__ import annotations

import math

from pnp.draw.primitives import Ellipse, Rect, Style, polygon


def outline(shape: str, w: float, h: float, radius: float, style: Style, grow: float = 0.0):
    """The piece's outline, grown outward by `grow` (for bleed)."""
    x, y, w2, h2 = -grow, -grow, w + 2 * grow, h + 2 * grow
    if shape == "circle":
        return Ellipse(w / 2, h / 2, w2 / 2, h2 / 2, style)
    if shape in ("hex", "hex-flat", "octagon"):
        sides = 8 if shape == "octagon" else 6
        start = 0.0 if shape == "hex-flat" else 90.0
        if shape == "octagon":
            start = 22.5
        pts = []
        for i in range(sides):
            a = math.radians(start + 360.0 * i / sides)
            pts.append((w / 2 + w2 / 2 * math.cos(a), h / 2 + h2 / 2 * math.sin(a)))
        return polygon(pts, style)
    return Rect(x, y, w2, h2, style, radius + grow if radius else 0.0)
