"""One smoke test per reportlab internal the streamed PDF writer touches (pnp/engines/rl_internals.py).

A reportlab release that renames or reshapes one of them fails here by name.
"""

from __future__ import annotations

import re

import pymupdf
import pytest
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName

from pnp.draw.fonts import FontBook
from pnp.engines import DocInfo
from pnp.engines.reportlab_pdf import font_name
from pnp.engines.rl_internals import RLDocument, SharedResources

INFO = DocInfo("T", "A", "S")


@pytest.fixture
def rl(tmp_path):
    return RLDocument(str(tmp_path / "x.pdf"), INFO, font_name(FontBook(), "regular"))


def _whole_file(rl: RLDocument, pages: list[int] | None = None) -> bytes:
    """A minimal PDF written the way the writer does: our objects, then reportlab's, xref, trailer."""
    out = bytearray(b"%PDF-1.4\n")
    offsets: dict[int, int] = {}
    pages_num = rl.number(rl.pages_id())
    kids = pages or []
    offsets[pages_num] = len(out)
    out += b"%d 0 obj\n<< /Type /Pages /Count %d /Kids [%s] >>\nendobj\n" % (
        pages_num, len(kids), " ".join(f"{k} 0 R" for k in kids).encode())
    for k in kids:
        offsets[k] = len(out)
        out += b"%d 0 obj\n<< /Type /Page /Parent %d 0 R /MediaBox [0 0 100 100] >>\nendobj\n" % (k, pages_num)
    for n, body in rl.finish(set(offsets)):
        offsets[n] = len(out)
        out += body
    at = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (rl.count() + 1)
    out += b"".join(b"%010d 00000 n \n" % offsets[i] for i in range(1, rl.count() + 1))
    return bytes(out + rl.trailer(at))


def test_canvas_doc_and_objectcounter(rl):
    # canvas._doc and doc.objectcounter: fresh numbers follow reportlab's own
    first = rl.new_number()
    assert rl.new_number() == first + 1
    assert rl.count() == first + 1


def test_reference_and_id_to_object_number(rl):
    # doc.Reference and doc.idToObjectNumberAndVersion
    oid = rl.reference(PDFDictionary({"Type": PDFName("X")}))
    assert isinstance(rl.number(oid), int) and rl.number(oid) >= 1
    n = rl.new_number()
    rl.name_number("pnpTest", n)
    assert rl.number("pnpTest") == n


def test_timestamp_internal(tmp_path):
    # doc._timeStamp: the given date becomes CreationDate
    rl = RLDocument(str(tmp_path / "x.pdf"), DocInfo("T", "A", "S", date="2024-03-05"), font_name(FontBook(), "regular"))
    doc = pymupdf.open(stream=_whole_file(rl, [rl.new_number()]), filetype="pdf")
    assert doc.metadata["creationDate"].startswith("D:20240305000000")


def test_page_counter_this_page_name_and_in_object(rl):
    # doc.pageCounter, doc.thisPageName(), doc.inObject: an outline entry points at our page
    page = rl.new_number()
    rl.bookmark(1, page, "Chapter", "b0")
    doc = pymupdf.open(stream=_whole_file(rl, [page]), filetype="pdf")
    assert doc.get_toc() == [[1, "Chapter", 1]]


def test_show_split_string_subset_name_and_escape(rl):
    # font.splitString(text, doc), font.getSubsetInternalName(subset, doc), canvas._escape
    ops = rl.show(font_name(FontBook(), "regular"), "a(b)\\c", "10")
    assert re.fullmatch(r"/F\d+\+0 10 Tf \(.*\) Tj", ops)
    assert "\\(" in ops and "\\)" in ops and "\\\\" in ops


def test_delayed_fonts_info_outlines_and_trailer(rl):
    # doc.delayedFonts, doc.info.digest, doc.Outlines.prepare, doc.encrypt, doc.numberToId,
    # doc.idToObject, PDFIndirectObject, PDFTrailer: the font used is embedded, the file opens
    rlname = font_name(FontBook(), "regular")
    rl.show(rlname, "Hi", "10")
    data = _whole_file(rl, [rl.new_number()])
    doc = pymupdf.open(stream=data, filetype="pdf")
    assert doc.metadata["title"] == "T" and doc.metadata["author"] == "A"
    fonts = [doc.xref_get_key(x, "FontFile2") for x in range(1, doc.xref_length()) if doc.xref_get_key(x, "Type")[1] == "/FontDescriptor"]
    assert fonts and all(kind == "xref" for kind, _ in fonts)
    assert doc.xref_get_key(-1, "Root")[0] == "xref"


def test_shared_resources_format(rl):
    # PDFResourceDictionary.format(document): XObjects and ExtGStates filled in when written
    states = {"GSca500": PDFDictionary({"Type": PDFName("ExtGState"), "ca": 0.5})}
    n = rl.new_number()
    rl.name_number("pnpForm", n)
    oid = rl.reference(SharedResources({"F1": "pnpForm"}, states))
    body = dict(rl.finish({n}))[rl.number(oid)]
    assert b"/F1 %d 0 R" % n in body and b"/GSca500" in body and b"/ca .5" in body
