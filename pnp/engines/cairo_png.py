"""PNG images drawn with cairo straight from the primitives: the one raster route.

`pnp preview`, the Tabletop Simulator sheets, `pnp serve` and the print-shop card files all
draw their pictures here, with the canvas that draws the SVG engine's PDFs
(pnp/engines/cairo_pdf.py). No SVG is written and parsed back: measured in bench/raster.py,
every face of every shipped game takes an eighth of the CPU the cairosvg route took.
"""

from __future__ import annotations

import math
import zlib
from struct import pack

import cairocffi as cairo

from pnp import budget
from pnp.draw.colours import rgb
from pnp.draw.primitives import Image
from pnp.engines.cairo_pdf import CairoCanvas

ZLIB_LEVEL = 1  # measured: half the time of cairo's own PNG writer, about the same bytes


class CairoPng(CairoCanvas):
    """Draws primitives onto PNG images of an exact pixel size; symbols made once, and each
    raster file decoded once, at no more pixels than the images it is drawn on can show."""

    def __init__(self, *args):
        super().__init__(*args)
        self.rasters: dict[str, tuple[int, int, cairo.ImageSurface]] = {}  # file: asked, made

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
        RGBA with transparency where nothing is drawn when `background` is None. Its pixels
        count towards the run's `pixels` budget before any is drawn."""
        budget.spend("pixels", w_px * h_px)
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

    def _image_for(self, ctx: cairo.Context, p: Image) -> cairo.ImageSurface:
        """The file decoded at the pixels `p` covers on this image (a 50-megapixel PNG on a
        card previewed at 1,200 dpi: 12 megapixels, not 50), decoded again only if a later
        image needs more of them."""
        if not isinstance(ctx.get_target(), cairo.ImageSurface):  # inside a symbol: any size
            return self._image(p.file)
        need = [math.hypot(*ctx.user_to_device_distance(*d)) for d in ((p.w, 0), (0, p.h))]
        w, h = (max(1, math.ceil(n)) for n in need)
        have = self.rasters.get(p.file)
        if have is None or have[0] < w or have[1] < h:  # first use, or drawn larger than before
            size = (max(w, have[0]), max(h, have[1])) if have else (w, h)
            have = self.rasters[p.file] = (*size, decode(p.file, *size))
        return have[2]


def decode(file: str, w: int, h: int) -> cairo.ImageSurface:
    """A PNG or JPEG as a cairo surface of at most w x h pixels (fewer where the file has
    fewer), decoded once: a JPEG at reduced scale (Pillow's draft), then a band of rows at a
    time made RGBA (16 bits made 8) and averaged down, so that no more than BAND_ROWS rows of
    the file are ever four bytes a pixel (a 50-megapixel one-bit PNG is 50 MB, not 200)."""
    from PIL import Image as PILImage

    with PILImage.open(file) as im:
        if im.format == "JPEG":
            im.draft("RGB", (2 * w, 2 * h))  # DCT scaling, to twice the size: BOX does the rest
        im.load()
        W, H = im.size
        ow, oh = min(w, W), min(h, H)
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, ow, oh)  # stride: width × 4
        data, sy = surface.get_data(), H / oh
        step = max(1, int(BAND_ROWS / sy))  # output rows a band: about BAND_ROWS rows read
        for y0 in range(0, oh, step):
            y1 = min(oh, y0 + step)
            top, bottom = math.floor(y0 * sy), min(H, math.ceil(y1 * sy))
            band = _rgba(im.crop((0, top, W, bottom)))
            if band.size != (ow, y1 - y0):  # each output pixel the mean of those it covers
                box = (0, y0 * sy - top, W, y1 * sy - top)
                band = band.resize((ow, y1 - y0), PILImage.Resampling.BOX, box=box)
            data[y0 * ow * 4 : y1 * ow * 4] = band.tobytes("raw", "BGRa")  # premultiplied
    surface.mark_dirty()
    return surface


BAND_ROWS = 256  # rows of the decoded file made RGBA at a time


def _rgba(im):
    """Any Pillow image as 8-bit RGBA: 16-bit grey scaled to 8 bits, not clipped."""
    if im.mode in ("I", "I;16", "I;16B", "I;16L"):
        im = im.convert("I").point(lambda v: v * (1 / 257)).convert("L")
    return im if im.mode == "RGBA" else im.convert("RGBA")


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
