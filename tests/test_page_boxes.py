"""Every page of every PDF pnp writes carries a TrimBox, read back by three readers: a home
sheet's is the whole page (it is printed on paper of its size, not trimmed) and it has no
BleedBox; a print-shop page's TrimBox is the card and its BleedBox the bled page."""

from __future__ import annotations

import pikepdf
import pymupdf
import pytest
from conftest import build_a4
from pypdf import PdfReader


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_every_home_sheet_has_the_whole_page_as_its_trim(small_game, tmp_path, engine):
    out = tmp_path / "out"
    assert build_a4(small_game, out, engine) == 0
    pdf = out / "small" / "small-a4.pdf"
    pages = PdfReader(pdf, strict=True).pages
    assert len(pages) >= 3
    for page in pages:
        assert "/TrimBox" in page and "/BleedBox" not in page
        media = [float(v) for v in page.mediabox]
        assert media[2:] == pytest.approx([595.28, 841.89], abs=0.01)  # A4 in points
        assert [float(v) for v in page.trimbox] == pytest.approx(media, abs=0.001)
    with pymupdf.open(pdf) as doc:
        assert not doc.is_repaired
        for page in doc:
            assert tuple(page.trimbox) == pytest.approx(tuple(page.mediabox), abs=0.001)
    with pikepdf.open(pdf) as doc:  # qpdf: the cairo file's update is clean
        assert doc.check_pdf_syntax() + doc.get_warnings() == []
        for page in doc.pages:
            trim = [float(v) for v in page.TrimBox]
            media = [float(v) for v in page.MediaBox]
            # within the media box, as PDF requires
            assert trim[0] >= media[0] and trim[1] >= media[1]
            assert trim[2] <= media[2] and trim[3] <= media[3]
