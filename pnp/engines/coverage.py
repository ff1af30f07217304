"""Ink coverage of a page: its primitives drawn by cairo onto a small image, then averaged.

Coverage is the mean over the page of (1 - luminance), luminance = 0.2126 R + 0.7152 G +
0.0722 B of the sRGB values (0 to 1): white paper is 0, solid black 1. It estimates how much
of the page the printer covers with ink (docs/printing.md); the tests measure the printed PDF
the same way.
"""

from __future__ import annotations

from collections.abc import Iterable

import cairocffi as cairo

from pnp.draw.fonts import FontBook
from pnp.draw.symbols import SymbolBook
from pnp.engines.cairo_pdf import CairoPdf

DPI = 20.0  # enough for a page's average: a pixel is 1.3 mm


class CoverageMeter(CairoPdf):
    """Draws pages as the SVG engine's cairo does, onto an image instead of a PDF."""

    def __init__(self, fonts: FontBook, symbols: SymbolBook, dpi: float = DPI):  # noqa: D107 - no PDF surface
        self.fonts = fonts
        self.symbols = symbols
        self.dpi = dpi
        self.forms: dict = {}
        self.images: dict = {}
        self.texts: dict = {}
        self.outlines: dict = {}

    def coverage(self, w: float, h: float, prims: Iterable) -> float:
        """The page's ink coverage, 0 (blank) to 1 (solid black)."""
        k = self.dpi / 25.4
        pw, ph = max(1, round(w * k)), max(1, round(h * k))
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, pw, ph)
        ctx = cairo.Context(surface)
        ctx.set_source_rgb(1, 1, 1)
        ctx.paint()
        ctx.scale(pw / w, ph / h)
        for p in prims:
            self._draw(ctx, p)
        surface.flush()
        data = bytes(surface.get_data())
        stride = surface.get_stride()
        # RGB24 is stored as native-endian 32-bit words: B, G, R, unused on little-endian machines
        import sys

        b_, g_, r_ = (0, 1, 2) if sys.byteorder == "little" else (3, 2, 1)
        total = 0
        for y in range(ph):
            row = data[y * stride : y * stride + 4 * pw]
            total += 2126 * sum(row[r_::4]) + 7152 * sum(row[g_::4]) + 722 * sum(row[b_::4])
        return 1.0 - total / (10000 * 255 * pw * ph)
