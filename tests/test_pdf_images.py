"""Raster art in the printed PDF: copied without re-encoding where PDF allows it, each file once."""

from __future__ import annotations

import io
import zlib

import pymupdf
from PIL import Image as PILImage

from pnp.draw.fonts import FontBook
from pnp.draw.primitives import Image
from pnp.draw.symbols import SymbolBook
from pnp.engines import DocInfo
from pnp.engines.reportlab_pdf import ReportlabWriter


def _write(tmp_path, files: list, times: int = 3):
    out = tmp_path / "x.pdf"
    w = ReportlabWriter(out, DocInfo("T", "A", "S"), FontBook(), SymbolBook())
    for _ in range(2):
        w.page(100, 100, [Image(10 + 20 * (i % 3), 10 + 20 * i, 15, 15, str(f)) for i in range(times) for f in files])
    w.close()
    return pymupdf.open(out)


def _images(doc) -> list[int]:
    return [x for x in range(1, doc.xref_length()) if doc.xref_get_key(x, "Subtype")[1] == "/Image"]


def _picture(mode: str, colour) -> PILImage.Image:
    im = PILImage.new(mode, (8, 6), colour)
    im.putpixel((1, 1), colour if mode == "P" else tuple(255 - v for v in colour))
    return im


def test_jpeg_is_copied_as_is_and_stored_once(tmp_path):
    f = tmp_path / "a.jpg"
    _picture("RGB", (200, 30, 40)).save(f, quality=90)
    doc = _write(tmp_path, [f])
    (xref,) = _images(doc)
    assert doc.xref_stream_raw(xref) == f.read_bytes()
    assert doc.xref_get_key(xref, "Filter")[1] == "/DCTDecode"
    # drawn three times on each of two pages
    assert sum(len(p.get_image_info()) for p in doc) == 6
    r, g, b = doc[0].get_pixmap(dpi=150, clip=pymupdf.Rect(40, 40, 60, 60)).pixel(10, 10)
    assert abs(r - 200) < 12 and g < 50 and b < 60


def test_png_data_is_copied_with_its_predictor(tmp_path):
    f = tmp_path / "a.png"
    _picture("RGB", (10, 120, 220)).save(f)
    doc = _write(tmp_path, [f, tmp_path / "a.png"])
    (xref,) = _images(doc)
    raw = f.read_bytes()
    assert doc.xref_stream_raw(xref) in raw  # the IDAT bytes, not re-deflated pixels
    assert "/Predictor 15" in doc.xref_get_key(xref, "DecodeParms")[1]
    pix = pymupdf.Pixmap(doc, xref)
    assert (pix.width, pix.height) == (8, 6)
    assert pix.pixel(0, 0) == (10, 120, 220) and pix.pixel(1, 1) == (245, 135, 35)


def test_palette_png_keeps_its_palette(tmp_path):
    f = tmp_path / "p.png"
    im = PILImage.new("P", (8, 6), 1)
    im.putpalette([0, 0, 0, 250, 200, 0] + [0] * 762)
    im.save(f)
    doc = _write(tmp_path, [f])
    (xref,) = _images(doc)
    assert "/Indexed" in doc.xref_get_key(xref, "ColorSpace")[1]
    assert doc.xref_stream_raw(xref) in f.read_bytes()
    assert pymupdf.Pixmap(doc, xref).pixel(3, 3) == (250, 200, 0)


def test_png_with_alpha_gets_a_soft_mask(tmp_path):
    f = tmp_path / "t.png"
    im = PILImage.new("RGBA", (8, 6), (0, 200, 0, 255))
    im.putpixel((2, 2), (0, 0, 0, 0))
    im.save(f)
    doc = _write(tmp_path, [f])
    masks = [x for x in _images(doc) if doc.xref_get_key(x, "SMask")[0] == "xref"]
    assert len(masks) == 1
    smask = int(doc.xref_get_key(masks[0], "SMask")[1].split()[0])
    alpha = zlib.decompress(doc.xref_stream_raw(smask))
    assert alpha[2 * 8 + 2] == 0 and alpha[0] == 255


def test_same_bytes_in_two_files_are_stored_once(tmp_path):
    buf = io.BytesIO()
    _picture("RGB", (1, 2, 3)).save(buf, format="PNG")
    (tmp_path / "a.png").write_bytes(buf.getvalue())
    (tmp_path / "b.png").write_bytes(buf.getvalue())
    doc = _write(tmp_path, [tmp_path / "a.png", tmp_path / "b.png"])
    assert len(_images(doc)) == 1


def test_truncated_or_damaged_art_is_refused_before_it_is_copied(tmp_path):
    import pytest

    from pnp.errors import PnpError
    from pnp.kinds.template import check_raster

    good = tmp_path / "good.png"
    _picture("RGB", (10, 120, 220)).save(good)
    raw = good.read_bytes()
    jpg = tmp_path / "good.jpg"
    _picture("RGB", (10, 120, 220)).save(jpg)
    cases = {
        "cut.png": raw[: len(raw) - 20],
        "flip.png": raw[:40] + bytes([raw[40] ^ 0xFF]) + raw[41:],
        "cut.jpg": jpg.read_bytes()[:-30],
    }
    check_raster(good, "cards.yaml", "front[0].image.file")
    check_raster(jpg, "cards.yaml", "front[0].image.file")
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(PnpError):
            check_raster(tmp_path / name, "cards.yaml", "front[0].image.file")
