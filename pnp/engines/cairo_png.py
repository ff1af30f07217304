"""PNG images drawn with cairo straight from the primitives: the cairo engine on an image surface.

No SVG is written and parsed back (the preview's route), so a card image costs about what a
PDF page does. One drawer keeps its symbols, images and text outlines across every image.
"""

from __future__ import annotations

import io

import cairocffi as cairo

from pnp.draw.fonts import FontBook
from pnp.draw.symbols import SymbolBook
from pnp.engines.cairo_pdf import CairoPdf


class CairoPng(CairoPdf):
    """Draws primitives (mm, origin top-left) onto PNG images of an exact pixel size."""

    def __init__(self, fonts: FontBook, symbols: SymbolBook):  # noqa: D107 - no PDF surface here
        self.fonts = fonts
        self.symbols = symbols
        self.forms = {}
        self.images = {}
        self.texts = {}
        self.outlines = {}

    def png(
        self,
        prims,
        w_px: int,
        h_px: int,
        px_per_mm_x: float,
        px_per_mm_y: float,
        background: str = "#ffffff",
    ) -> bytes:
        """`prims` in mm, scaled by px_per_mm onto a w_px × h_px image over `background`."""
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, w_px, h_px)
        ctx = cairo.Context(surface)
        ctx.set_source_rgb(*(int(background[i : i + 2], 16) / 255 for i in (1, 3, 5)))
        ctx.paint()
        ctx.scale(px_per_mm_x, px_per_mm_y)
        for p in prims:
            self._draw(ctx, p)
        surface.flush()
        buf = io.BytesIO()
        surface.write_to_png(buf)
        return buf.getvalue()
