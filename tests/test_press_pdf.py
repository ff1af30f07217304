"""Press-ready PDFs (pnp export --press), read back: one face per page at trim plus bleed with
TrimBox and BleedBox, CMYK images only, the output intent's profile, the PDF/X keys, nothing
transparent, and the total ink of every pixel from two renderers that agree."""

from __future__ import annotations

import io
import shutil
import subprocess

import numpy as np
import pikepdf
import pymupdf
import pytest
from conftest import game_yaml
from PIL import Image, ImageCms
from pypdf import PdfReader

from pnp.cli import main

FRONT, BACK, DARK = (0x1D, 0x3F, 0x7A), (0x80, 0x00, 0x00), (0x20, 0x10, 0x10)
B = 0.125 * 72  # the default bleed, in points


def press_game(tmp_path):
    game = tmp_path / "press"
    game.mkdir()
    (game / "game.yaml").write_text(game_yaml("press"))
    # a dark red back: 50 % black and full magenta and yellow would be 250 % of ink
    (game / "cards.yaml").write_text(
        "family: deck\nkind: card\nsize: {w: 2.5in, h: 3.5in}\n"
        "items:\n  - {id: a, name: Alpha}\n  - {id: b, name: Beta, count: 2}\n"
        "front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: '#1d3f7a'}\n"
        "  - rect: {x: 10mm, y: 60mm, w: 20mm, h: 20mm, fill: '#201010'}\n"
        "  - text: {text: '{name}', x: 0mm, y: 20mm, size: 14pt, colour: white}\n"
        "back:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: '#800000'}\n"
    )
    return game


@pytest.fixture(scope="module")
def pdf(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("press")
    game = press_game(tmp)
    assert main(["export", str(game), "--press", "--out", str(tmp / "out"), "-q"]) == 0
    return tmp / "out" / "press" / "press" / "deck.pdf"


def test_one_face_per_page_with_trim_and_bleed_boxes(pdf):
    reader = PdfReader(pdf, strict=True)
    assert len(reader.pages) == 6  # three cards, front then back each
    W, H = 2.5 * 72 + 2 * B, 3.5 * 72 + 2 * B
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, W, H], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, W, H], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([B, B, W - B, H - B], abs=0.01)
    with pymupdf.open(pdf) as doc:  # a second reader sees the same trim
        assert doc[0].trimbox.width == pytest.approx(2.5 * 72, abs=0.01)


def test_cmyk_only_no_transparency_no_fonts_and_the_pdfx_keys(pdf):
    with pikepdf.open(pdf) as doc:
        assert doc.check_pdf_syntax() + doc.get_warnings() == []
        assert doc.pdf_version == "1.3"
        assert str(doc.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        assert doc.docinfo["/Trapped"] == pikepdf.Name("/False")
        assert str(doc.docinfo["/CreationDate"]).startswith("D:")
        assert len(doc.trailer.ID) == 2
        [intent] = doc.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and intent.DestOutputProfile.N == 4
        profile = ImageCms.ImageCmsProfile(io.BytesIO(intent.DestOutputProfile.read_bytes()))
        assert profile.profile.xcolor_space.strip() == "CMYK"
        assert "total ink 240%" in ImageCms.getProfileDescription(profile)
        for obj in doc.objects:
            if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                keys = set(obj.keys())
                assert not keys & {"/SMask", "/Group", "/ExtGState", "/Font", "/CA", "/ca"}
                if obj.get("/Subtype") == "/Image":
                    assert obj.ColorSpace == "/DeviceCMYK" and obj.BitsPerComponent == 8
        assert (
            sum(
                1
                for o in doc.objects
                if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
            )
            == 3
        )  # two fronts, one shared back
    with pymupdf.open(pdf) as doc:
        assert all(not page.get_fonts() for page in doc)


def ink_pymupdf(pdf, page: int) -> np.ndarray:
    """Per-pixel C, M, Y, K (0..1) of a page as pymupdf renders it in CMYK, without colour
    management (which would convert the file's CMYK into MuPDF's own press condition)."""
    pymupdf.TOOLS.set_icc(False)
    try:
        with pymupdf.open(pdf) as doc:
            pix = doc[page].get_pixmap(dpi=72, colorspace=pymupdf.csCMYK, alpha=False)
            return np.frombuffer(pix.samples, np.uint8).reshape(pix.h, pix.w, 4) / 255.0
    finally:
        pymupdf.TOOLS.set_icc(True)


def ink_second(pdf, page: int) -> np.ndarray:
    """The same from a second renderer: Ghostscript's CMYK device where installed, else the
    page's image decoded from the file by pikepdf."""
    if shutil.which("gs"):
        tif = pdf.with_name(f"{pdf.stem}-p{page + 1}.tif")
        subprocess.run(
            [
                "gs",
                "-q",
                "-dSAFER",
                "-dBATCH",
                "-dNOPAUSE",
                "-sDEVICE=tiff32nc",
                "-r72",
                f"-dFirstPage={page + 1}",
                f"-dLastPage={page + 1}",
                f"-sOutputFile={tif}",
                str(pdf),
            ],
            capture_output=True,
            check=True,
        )
        with Image.open(tif) as img:
            return np.asarray(img.convert("CMYK"), dtype=np.float64) / 255.0
    with pikepdf.open(pdf) as doc:
        [image] = doc.pages[page].Resources.XObject.values()
        data = np.frombuffer(image.read_bytes(), np.uint8)
        return data.reshape(int(image.Height), int(image.Width), 4) / 255.0


# the front's darkest colour (#201010) is 187 % of ink as separated; the back's dark red would
# be 250 % (50 % black, full magenta and yellow) and is held to the limit, not far below it
@pytest.mark.parametrize(("page", "darkest"), [(0, 185), (1, 238)])
def test_total_ink_is_at_most_240_per_cent_and_two_renderers_agree(pdf, page, darkest):
    first, second = ink_pymupdf(pdf, page), ink_second(pdf, page)
    for ink in (first, second):
        total = ink.sum(axis=-1) * 100
        assert darkest <= total.max() <= 240.5
    # the renderers agree on each ink's average over the page
    assert first.mean(axis=(0, 1)) == pytest.approx(second.mean(axis=(0, 1)), abs=0.01)


def test_the_profile_reads_the_cmyk_back_as_the_colours_drawn(pdf):
    """Through the embedded profile, the front's blue and the back's red come back as drawn."""
    with pikepdf.open(pdf) as doc:
        icc = doc.Root.OutputIntents[0].DestOutputProfile.read_bytes()
    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    to_rgb = ImageCms.buildTransform(profile, ImageCms.createProfile("sRGB"), "CMYK", "RGB")
    for page, colour in ((0, FRONT), (1, BACK)):
        ink = ink_pymupdf(pdf, page)
        middle = ink[ink.shape[0] // 5, ink.shape[1] // 2]  # clear of text and the dark box
        img = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in middle))
        got = ImageCms.applyTransform(img, to_rgb).getpixel((0, 0))
        assert all(abs(a - b) <= 8 for a, b in zip(got, colour, strict=True)), (got, colour)


def test_out_of_range_ink_limit_is_refused(tmp_path, capsys):
    game = press_game(tmp_path)
    assert (
        main(["export", str(game), "--press", "--ink-limit", "90", "--out", str(tmp_path / "o")])
        == 2
    )
    assert "bad --ink-limit" in capsys.readouterr().err


# press_game's pages need three images: a's front, b's front (its two copies alike) and the
# one back, each 2.75 x 3.75 in at 300 dpi = 825 x 1125 px (docs/printing.md) with --press;
# 3 mm of bleed makes 821 x 1121 px with --cards
@pytest.mark.parametrize(
    ("what", "need"), [("--press", 3 * 825 * 1125), ("--cards", 3 * 821 * 1121)]
)
def test_the_pixel_budget_is_counted_before_anything_is_drawn(
    tmp_path, capsys, monkeypatch, what, need
):
    from pnp.engines.cairo_png import CairoPng

    game = press_game(tmp_path)
    real = CairoPng.png
    drawn = []
    monkeypatch.setattr(
        CairoPng, "png", lambda self, *a, **k: drawn.append(1) or real(self, *a, **k)
    )
    out = tmp_path / "out"
    argv = ["export", str(game), what, "--out", str(out), "-q", "--limit"]
    assert main([*argv, f"pixels={need - 1}"]) == 2
    err = capsys.readouterr().err
    assert f"found: {need:,}\n" in err and "pixels drawn" in err
    assert not drawn and not (out / "press").exists()
    # exactly the pixels counted are drawn: the same limit, one pixel higher, is enough
    assert main([*argv, f"pixels={need}"]) == 0
    assert len(drawn) == 3
