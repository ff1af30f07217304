"""PNG images drawn with cairo straight from the primitives: the one raster route.

`pnp preview`, the Tabletop Simulator sheets, `pnp serve` and the print-shop card files all
draw their pictures here, with the canvas that draws the SVG engine's PDFs
(pnp/engines/cairo_pdf.py). No SVG is written and parsed back: measured in bench/raster.py,
every face of every shipped game takes an eighth of the CPU the cairosvg route took.
"""

from __future__ import annotations

import zlib
from struct import pack

import cairocffi as cairo

from pnp.draw.colours import rgb
from pnp.engines.cairo_pdf import CairoCanvas

ZLIB_LEVEL = 1  # measured: half the time of cairo's own PNG writer, about the same bytes


class CairoPng(CairoCanvas):
    """Draws primitives onto PNG images of an exact pixel size; symbols and images made once."""

    def png(
        self,
        prims,
        w_px: int,
        h_px: int,
        px_per_mm_x: float = 1.0,
        px_per_mm_y: float = 1.0,
        background: str | None = "#ffffff",
    ) -> bytes:
        """`prims` scaled by px_per_mm onto a w_px × h_px image: RGB over `background`, or
        RGBA with transparency where nothing is drawn when `background` is None."""
        opaque = background is not None
        surface = cairo.ImageSurface(
            cairo.FORMAT_RGB24 if opaque else cairo.FORMAT_ARGB32, w_px, h_px
        )
        ctx = cairo.Context(surface)
        if opaque:
            ctx.set_source_rgb(*rgb(background))
            ctx.paint()
        ctx.scale(px_per_mm_x, px_per_mm_y)
        self.draw(ctx, prims)
        surface.flush()
        return encode(surface, opaque)


def encode(surface: cairo.ImageSurface, opaque: bool = False) -> bytes:
    """An image surface as an 8-bit RGB or RGBA PNG, every row unfiltered (filter byte 0)."""
    from PIL import Image

    w, h = surface.get_width(), surface.get_height()
    mode, raw, colour_type = (
        ("RGB", "BGRX", 2) if opaque else ("RGBA", "BGRa", 6)
    )  # BGRa: premultiplied
    img = Image.frombuffer(mode, (w, h), surface.get_data(), "raw", raw, surface.get_stride(), 1)
    line = len(mode) * w
    # each row followed by one spare byte, which PIL leaves zero: shifted by one, that byte is
    # the next row's filter byte, so the PNG rows come out of one call
    padded = img.tobytes("raw", mode, line + 1)
    if padded[line :: line + 1] == bytes(h):
        rows = b"\x00" + padded[:-1]
    else:
        flat = img.tobytes()
        rows = b"".join(b"\x00" + flat[i : i + line] for i in range(0, len(flat), line))
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)),
            _chunk(b"IDAT", zlib.compress(rows, ZLIB_LEVEL)),
            _chunk(b"IEND", b""),
        ]
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return pack(">I", len(data)) + kind + data + pack(">I", zlib.crc32(kind + data))
