"""Raster files as PDF image objects, copied rather than re-encoded where PDF allows it.

- JPEG (greyscale or RGB): the file itself, as a DCTDecode stream.
- PNG (greyscale, RGB or palette; 1 to 8 bits; not interlaced; no transparency): the
  compressed pixel data copied as is, with the PNG predictor named in DecodeParms.
- anything else (alpha, transparency, 16 bits, interlacing, CMYK, other formats): decoded
  with Pillow to RGB, deflated, and its alpha as a soft mask.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass

from PIL import Image as PILImage

PNG_SIG = b"\x89PNG\r\n\x1a\n"
PNG_COLOURS = {0: ("/DeviceGray", 1), 2: ("/DeviceRGB", 3)}


@dataclass(frozen=True)
class Stream:
    """A PDF image stream: its dictionary entries (without /Length) and its data."""

    head: str
    data: bytes


def image_streams(raw: bytes) -> tuple[Stream, Stream | None]:
    """The image and its soft mask (or None) for the bytes of one raster file."""
    if raw.startswith(PNG_SIG):
        direct = _png_direct(raw)
        if direct is not None:
            return direct, None
    elif raw.startswith(b"\xff\xd8"):
        direct = _jpeg_direct(raw)
        if direct is not None:
            return direct, None
    return _decoded(raw)


def _head(w: int, h: int, space: str, bits: int, rest: str) -> str:
    return f"/Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace {space} /BitsPerComponent {bits} {rest}"


def _jpeg_direct(raw: bytes) -> Stream | None:
    with PILImage.open(io.BytesIO(raw)) as im:
        spaces = {"L": "/DeviceGray", "RGB": "/DeviceRGB"}
        if im.format != "JPEG" or im.mode not in spaces:
            return None
        return Stream(_head(im.width, im.height, spaces[im.mode], 8, "/Filter /DCTDecode"), raw)


def _png_direct(raw: bytes) -> Stream | None:
    pos = len(PNG_SIG)
    idat: list[bytes] = []
    palette = b""
    ihdr = None
    while pos + 8 <= len(raw):
        length, kind = struct.unpack(">I4s", raw[pos : pos + 8])
        body = raw[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"tRNS":
            return None  # transparency needs a mask: decode
        elif kind == b"IEND":
            break
    if ihdr is None or not idat:
        return None
    w, h, bits, colour, _comp, _filter, interlace = ihdr
    if interlace or bits > 8:
        return None
    if colour == 3 and palette:
        space = f"[/Indexed /DeviceRGB {len(palette) // 3 - 1} <{palette.hex()}>]"
        colours = 1
    elif colour in PNG_COLOURS:
        space, colours = PNG_COLOURS[colour]
    else:
        return None
    parms = (
        f"/DecodeParms << /Predictor 15 /Colors {colours} /BitsPerComponent {bits} /Columns {w} >>"
    )
    return Stream(_head(w, h, space, bits, "/Filter /FlateDecode " + parms), b"".join(idat))


BAND_PIXELS = 1_000_000  # converted and deflated a band of rows at a time: memory stays near the decoded image's


def _decoded(raw: bytes) -> tuple[Stream, Stream | None]:
    with PILImage.open(io.BytesIO(raw)) as im:
        im.load()
        has_alpha = im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info
        w, h = im.size
        rows = max(1, BAND_PIXELS // max(w, 1))
        rgb_z, alpha_z = zlib.compressobj(6), zlib.compressobj(6)
        rgb_parts: list[bytes] = []
        alpha_parts: list[bytes] = []
        opaque = True
        for top in range(0, h, rows):
            band = im.crop((0, top, w, min(h, top + rows)))
            if has_alpha:
                band = band if band.mode == "RGBA" else band.convert("RGBA")
                alpha = band.getchannel("A")
                opaque = opaque and alpha.getextrema() == (255, 255)
                alpha_parts.append(alpha_z.compress(alpha.tobytes()))
            rgb = band if band.mode == "RGB" else band.convert("RGB")
            rgb_parts.append(rgb_z.compress(rgb.tobytes()))
    rgb_parts.append(rgb_z.flush())
    image = Stream(_head(w, h, "/DeviceRGB", 8, "/Filter /FlateDecode"), b"".join(rgb_parts))
    if not has_alpha or opaque:
        return image, None
    alpha_parts.append(alpha_z.flush())
    return image, Stream(
        _head(w, h, "/DeviceGray", 8, "/Filter /FlateDecode"), b"".join(alpha_parts)
    )
