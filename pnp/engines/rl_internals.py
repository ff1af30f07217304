"""Every use of reportlab's private internals, in one place.

The streamed PDF writer lets reportlab own fonts, outlines and the info dictionary but
writes pages itself, which reportlab's public canvas cannot do (it keeps every page in
memory and formats the file at the end). For that it reads and sets internals of
reportlab's document object that no public API exposes.

Tested with reportlab 5.1; pyproject.toml pins ``reportlab>=5.1,<6``. Each internal touched
here has a smoke test in tests/test_rl_internals.py: a new reportlab that renames or
reshapes one fails there by name, before any page is drawn wrong.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from itertools import compress

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import (
    PDFDictionary,
    PDFIndirectObject,
    PDFObjectReference,
    PDFResourceDictionary,
    PDFTrailer,
    TimeStamp,
)
from reportlab.pdfgen import canvas as rl_canvas

from pnp.engines import DocInfo


class SharedResources(PDFResourceDictionary):
    """One resource dictionary for every page and form, completed when it is written.

    format(document) is reportlab's internal formatting protocol.
    """

    def __init__(self, xobjects: dict[str, str], states: dict[str, PDFDictionary]):
        super().__init__()
        self.basicFonts()
        self.allProcs()
        self._xobjects = xobjects  # resource name -> internal object id
        self._states = states

    def format(self, document):
        self.XObject = {k: PDFObjectReference(v) for k, v in sorted(self._xobjects.items())}
        self.ExtGState = {k: v for k, v in sorted(self._states.items())}
        return super().format(document)


class RLDocument:
    """reportlab's document behind a canvas, seen through the few operations the writer needs."""

    def __init__(self, path: str, info: DocInfo, font: str):
        c = self.canvas = rl_canvas.Canvas(
            path, invariant=1, pageCompression=1, initialFontName=font, initialFontSize=10
        )
        c.setTitle(info.title)
        c.setAuthor(info.author)
        c.setSubject(info.subject)
        c.setCreator("pnp")
        c.setProducer("pnp")
        self.doc = c._doc
        # a text's characters as subset codes, by font and text: the same line at another size
        # or colour is split once per document (its codes never change once given)
        self.splits: dict[tuple[str, str], list] = {}
        if info.date:
            # the given day at 00:00 UTC as CreationDate and ModDate; the file stays invariant
            stamp = TimeStamp(invariant=1)
            stamp.YMDhms = dt.date.fromisoformat(info.date).timetuple()[:6]
            stamp.dhh = stamp.dmm = 0
            self.doc._timeStamp = stamp

    def reference(self, obj) -> str:
        """Hand obj to reportlab to number and write at the end; its internal id."""
        return self.doc.Reference(obj).name

    def pages_id(self) -> str:
        return self.doc.Reference(self.doc.Pages).name

    def new_number(self) -> int:
        """A fresh object number that is none of reportlab's objects."""
        self.doc.objectcounter += 1
        return self.doc.objectcounter

    def number(self, oid: str) -> int:
        """The object number of an internal id reportlab numbered."""
        return self.doc.idToObjectNumberAndVersion[oid][0]

    def name_number(self, oid: str, num: int) -> None:
        """Let reportlab refer to object num (written by the caller) by the id oid."""
        self.doc.idToObjectNumberAndVersion[oid] = (num, 0)

    def bookmark(self, page_index: int, page_num: int, title: str, key: str) -> None:
        """A top-level outline entry for the page_index-th page (1-based), object page_num."""
        doc = self.doc
        # reportlab's outline names the page "Page<n>": give that name this page's number
        doc.pageCounter = page_index
        self.name_number(doc.thisPageName(), page_num)
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(title, key, level=0)
        doc.inObject = None

    def show(self, rlname: str, text: str, size: str, kerns: list[float] | None = None) -> str:
        """PDF text operators showing text in a registered TrueType font, subset by subset.

        kerns (ems, one per character after the first) move each character by the font's
        kerning: numbers in a TJ array, in thousandths of an em, positive moving left.
        """
        font = pdfmetrics.getFont(rlname)
        doc = self.doc
        esc = self.canvas._escape
        # the characters a kern moves (by their index in text), found without a loop
        moved = list(compress(range(1, len(kerns) + 1), kerns)) if kerns else []
        parts, at, m = [], 0, 0
        split = self.splits.get((rlname, text))
        if split is None:
            split = self.splits[(rlname, text)] = font.splitString(text, doc)
        for subset, chunk in split:
            head = f"{font.getSubsetInternalName(subset, doc)} {size} Tf"
            if not moved:
                parts.append(f"{head} ({esc(chunk)}) Tj")
                continue
            arr, start, end = [], 0, at + len(chunk)
            while m < len(moved) and moved[m] < end:  # the kerns inside this subset's characters
                i = moved[m] - at
                if i:
                    arr.append(f"({esc(chunk[start:i])})")
                    start = i
                arr.append(f"{-kerns[moved[m] - 1] * 1000:.1f}".rstrip("0").rstrip("."))
                m += 1
            arr.append(f"({esc(chunk[start:])})")
            parts.append(f"{head} [{' '.join(arr)}] TJ")
            at = end
        return " ".join(parts)

    def finish(self, written: set[int]) -> Iterator[tuple[int, bytes]]:
        """reportlab's own objects (fonts, outlines, catalog, info), formatted as its format() would.

        Yields (number, bytes) for every numbered object not in written; call last() after.
        """
        doc = self.doc
        # what reportlab's GetPDFData does before formatting
        for fnt in doc.delayedFonts:
            fnt.addObjects(doc)
        doc.info.invariant = doc.invariant
        doc.info.digest(doc.signature)
        doc.Reference(doc.Catalog)
        doc.Reference(doc.info)
        doc.Outlines.prepare(doc, self.canvas)
        if doc.Outlines.ready < 0:
            doc.Catalog.Outlines = None
        doc.encrypt.prepare(doc)
        n = 0
        while n < doc.objectcounter:  # formatting may number new objects
            n += 1
            if n in written:
                continue
            oid = doc.numberToId.get(n)
            if oid is None:
                raise RuntimeError(f"PDF object {n} was numbered but never made")
            yield n, PDFIndirectObject(oid, doc.idToObject[oid]).format(doc)

    def count(self) -> int:
        return self.doc.objectcounter

    def trailer(self, xref_at: int) -> bytes:
        """The trailer, its startxref and %%EOF."""
        doc = self.doc
        cat = doc.Reference(doc.Catalog)
        info = doc.Reference(doc.info)
        trailer = PDFTrailer(
            startxref=xref_at,
            Size=doc.objectcounter + 1,
            Root=cat,
            Info=info,
            Encrypt=None,
            ID=doc.ID(),
        )
        return trailer.format(doc)
