"""Every shipped game's PDFs, from both engines on both papers, are structurally valid, with
every font embedded.

Three readers check each file: qpdf's full check (`qpdf --check`, through pikepdf, which
bundles qpdf, so it runs everywhere and never skips) with no warning allowed, pypdf in strict
mode, and pymupdf.
"""

from __future__ import annotations

import warnings

import pikepdf
import pymupdf
import pytest
from conftest import one_paper_each, sweep
from pypdf import PdfReader

from pnp.spec.load import builtin_games

GAMES = sorted(builtin_games())
PAPERS = ["a4", "letter"]


@pytest.fixture(scope="module")
def outputs(built):
    """(pdf, manifest) of a game's build: the session's builds, shared with the other tests."""

    def get(game: str, paper: str, engine: str = "reportlab"):
        b = built(game, paper, engine=engine)
        return b.pdf, b.manifest

    return get


# The SVG engine's pages differ by paper only in size: every game on A4, one on Letter too.
CASES = [(g, p, "reportlab") for g in GAMES for p in PAPERS]
CASES += [(g, "a4", "svg") for g in GAMES] + [("greenway", "letter", "svg")]
# everyday: each game on one paper from the PDF engine (tests/conftest.py one_paper_each), and
# from the SVG engine the games other tests build with it too; the rest with the deep tests
SVG_EVERYDAY = {"earthquake", "global-warming", "greenway", "piecepack"}
EVERYDAY = {c for c in CASES if c[2] == "svg" and c[0] in SVG_EVERYDAY} | {
    (p.values[0], p.values[1], "reportlab")
    for p in one_paper_each([(g, pp) for g in GAMES for pp in PAPERS])
    if not p.marks
}


@pytest.mark.parametrize(("game", "paper", "engine"), sweep(CASES, EVERYDAY.__contains__))
def test_pdf_is_structurally_valid(game, paper, engine, outputs):
    pdf, manifest = outputs(game, paper, engine)
    pages = len(manifest["pages"])

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pypdf reports repairs as warnings: none allowed
        reader = PdfReader(pdf, strict=True)
        assert len(reader.pages) == pages
        for page in reader.pages:
            page.get_contents()  # every content stream decodes
            assert page.mediabox.width > 0 and page.mediabox.height > 0
        assert reader.trailer["/Root"]["/Type"] == "/Catalog"

    with pymupdf.open(pdf) as doc:
        assert not doc.is_repaired, "pymupdf had to repair the file"
        assert doc.page_count == pages
        fonts = 0
        for page in doc:
            for xref, ext, ftype, name, *_ in page.get_fonts(full=True):
                fonts += 1
                assert ext != "n/a", (
                    f"page {page.number + 1}: font {name} ({ftype}, xref {xref}) is not embedded"
                )
        assert fonts > 0, "the guide page has text, so there are fonts to check"

    assert qpdf_problems(pdf) == []


def qpdf_problems(path) -> list[str]:
    """What `qpdf --check` reports: every warning and error, from parsing the file, its
    structures, every stream decoded and every page's content parsed."""
    with pikepdf.open(path) as pdf:
        return pdf.check_pdf_syntax() + pdf.get_warnings()


def test_structure_check_sees_a_duplicated_key(tmp_path):
    """The check above fails on the fault the SVG engine's PDFs once had: a resource named twice."""
    bad = tmp_path / "dup.pdf"
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(bad, compress_streams=False, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    data = bad.read_bytes().replace(b"/Type /Page", b"/Type /Page /Foo 1 /Foo 2", 1)
    bad.write_bytes(data)
    problems = qpdf_problems(bad)
    assert any("duplicated key /Foo" in p for p in problems), problems


def test_every_shipped_game_is_checked():
    """The structure checks above run on every game folder the repository ships, none left out."""
    from pathlib import Path

    shipped = {
        p.parent.name
        for p in (Path(__file__).resolve().parent.parent / "components").glob("*/game.yaml")
    }
    assert len(shipped) >= 6
    assert set(GAMES) == shipped
