"""PNG pictures of primitives, drawn by cairo directly: the one raster route.

`pnp preview`, the Tabletop Simulator sheets and `pnp serve` all draw their pictures here, with
the same canvas that draws the SVG engine's PDFs (pnp/engines/cairo_pdf.py). Measured in
bench/raster.py: every face of every shipped game at 150 dpi in about a third of the time the
earlier route took (SVG text written, parsed back and drawn by cairosvg); the PNG encoding is
most of what is left.
"""

from __future__ import annotations

import zlib
from struct import pack

import cairocffi as cairo

from pnp.draw.colours import rgb
from pnp.engines.cairo_pdf import CairoCanvas

ZLIB_LEVEL = 1  # measured: half the time of cairo's own PNG writer, about the same bytes


class CairoPng(CairoCanvas):
    """Draws primitives laid out in pixel units into PNG bytes; symbols and images made once."""

    def png(self, prims, w_px: int, h_px: int, background: str | None = None) -> bytes:
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, w_px, h_px)
        ctx = cairo.Context(surface)
        if background:
            ctx.set_source_rgb(*rgb(background))
            ctx.paint()
        self.draw(ctx, prims)
        surface.flush()
        return encode(surface)


def encode(surface: cairo.ImageSurface) -> bytes:
    """An ARGB32 surface as an 8-bit RGBA PNG, every row unfiltered (filter byte 0)."""
    from PIL import Image

    w, h = surface.get_width(), surface.get_height()
    # PIL turns cairo's premultiplied BGRA into RGBA in C
    img = Image.frombuffer(
        "RGBA", (w, h), surface.get_data(), "raw", "BGRa", surface.get_stride(), 1
    )
    line = 4 * w
    # each row followed by one spare byte, which PIL leaves zero: shifted by one, that byte is
    # the next row's filter byte, so the PNG rows come out of one call
    padded = img.tobytes("raw", "RGBA", line + 1)
    if padded[line :: line + 1] == bytes(h):
        rows = b"\x00" + padded[:-1]
    else:
        raw = img.tobytes()
        rows = b"".join(b"\x00" + raw[i : i + line] for i in range(0, len(raw), line))
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)),
            _chunk(b"IDAT", zlib.compress(rows, ZLIB_LEVEL)),
            _chunk(b"IEND", b""),
        ]
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return pack(">I", len(data)) + kind + data + pack(">I", zlib.crc32(kind + data))
