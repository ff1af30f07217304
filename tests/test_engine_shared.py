"""The PDF engine works numbers, paths and lines of text out once (a number per value, a path
and a line's width per build) and shares them between the PDFs of one build: what a page
prints must not depend on what was drawn before it, in its own PDF or in another."""

from __future__ import annotations

import pymupdf
import pytest

from pnp.draw.fonts import FontBook
from pnp.draw.primitives import Group, Path, Rect, Style, Text, Use
from pnp.draw.symbols import SymbolBook
from pnp.engines import DocInfo, rl_internals
from pnp.engines.reportlab_pdf import ReportlabWriter, Shared

INK = Style(fill="#204080")
FONTS = FontBook()


def symbols() -> SymbolBook:
    book = SymbolBook()
    book.define("dot", (Rect(0.0, 0.0, 1.0, 1.0, INK),), 1.0, 1.0)
    return book


def page_of(shared_path: Path) -> list:
    """A page of the things the engine works out once: a path given to every PDF of the build,
    a line of kerned text, a symbol, and both zeros (0.0 prints "0", -0.0 prints "-0")."""
    return [
        Group((shared_path,), (1.0, 0.0, 0.0, 1.0, 5.0, 5.0)),
        Path((("M", -0.0, 2), ("L", 12.5, 0.0)), Style(stroke="#000000", stroke_width=0.25)),
        Text(30.0, 40.0, "AVAV WAVE", "regular", 5.0, "#000000", "middle"),  # placed by its width
        Use("dot", (4.0, 0.0, 0.0, 4.0, 30.0, 30.0)),
    ]


def other_page() -> list:
    """What an earlier page, or the other paper's PDF, may have drawn first."""
    return [
        Rect(0.0, 0.0, 5.0, 5.0, INK),  # 0.0 first: -0.0 must still print as "-0"
        Text(10.0, 20.0, "WAVE AVAV", "regular", 5.0, "#000000"),
        Text(10.0, 30.0, "AVAV WAVE", "regular", 4.0, "#000000"),  # the same line, smaller
    ]


def contents(path) -> list[bytes]:
    doc = pymupdf.open(path)
    return [b"".join(doc.xref_stream(x) for x in page.get_contents()) for page in doc]


def write(path, pages: list[list], shared: Shared | None = None):
    w = ReportlabWriter(path, DocInfo("T", "A", "S"), FONTS, symbols(), shared=shared)
    for prims in pages:
        w.page(60, 60, prims)
    w.close()
    return contents(path)


PATH = Path(
    (("M", 0.0, 0.0), ("L", 10, 0.0), ("C", 10.0, 5.0, 5.00004, 10.0, 0.0, 10.0), ("Z",)),
    INK,
)


def test_a_page_prints_the_same_after_other_pages_and_other_pdfs(tmp_path):
    alone = write(tmp_path / "alone.pdf", [page_of(PATH)])[0]
    shared = Shared()
    write(tmp_path / "a4.pdf", [other_page(), page_of(PATH)], shared)  # the build's other PDF
    after = write(tmp_path / "letter.pdf", [other_page(), page_of(PATH)], shared)
    assert after[1] == alone
    # what the numbers print as: four decimals at most, trailing zeros dropped, -0.0 as "-0"
    assert b"0 0 m 10 0 l 10 5 5 10 0 10 c h\nf" in alone
    assert b"-0 2 m 12.5 0 l\nS" in alone
    assert b"0 0 5 5 re" in after[0]


def test_a_kerned_line_is_cut_at_its_kerned_characters(tmp_path):
    (page,) = write(tmp_path / "k.pdf", [[Text(0.0, 10.0, "AVAV WAVE", "regular", 5.0, "#000000")]])
    # Vera's kern table (2048 units an em): A-V and V-A -131 (64 thousandths of an em), W-A
    # -112 (54.7); none between a space and a letter
    assert b"[(A) 64 (V) 64 (A) 64 (V W) 54.7 (A) 64 (VE)] TJ" in page


class _TwoSubsets:
    """A font whose characters fall into two subsets (a font of more than 256 glyphs)."""

    def splitString(self, text, doc):  # noqa: N802 - reportlab's name
        data = text.encode("latin-1")
        return [(0, data[:2]), (1, data[2:])]

    def getSubsetInternalName(self, subset, doc):  # noqa: N802 - reportlab's name
        return f"/F1+{subset}"


@pytest.mark.parametrize(
    ("kerns", "expected"),
    [
        ([0.0, 0.0, 0.0], "/F1+0 10 Tf (AB) Tj /F1+1 10 Tf (CD) Tj"),
        # a kern before the second subset's first character opens its array
        ([0.0, -0.05, -0.02], "/F1+0 10 Tf [(AB)] TJ /F1+1 10 Tf [50 (C) 20 (D)] TJ"),
        # a kern inside the first subset; the second has none, but is an array all the same
        ([-0.1, 0.0, 0.0], "/F1+0 10 Tf [(A) 100 (B)] TJ /F1+1 10 Tf [(CD)] TJ"),
        ([0.03, 0.0, 0.0125], "/F1+0 10 Tf [(A) -30 (B)] TJ /F1+1 10 Tf [(C) -12.5 (D)] TJ"),
    ],
)
def test_kerns_across_font_subsets(tmp_path, monkeypatch, kerns, expected):
    rl = rl_internals.RLDocument(str(tmp_path / "x.pdf"), DocInfo("T", "A", "S"), "Helvetica")
    monkeypatch.setattr(rl_internals.pdfmetrics, "getFont", lambda name: _TwoSubsets())
    assert rl.show("any", "ABCD", "10", kerns) == expected
