"""The SVG route: svgwrite pages, kept in a folder, turned into one PDF by cairosvg."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

import cairosvg
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, ByteStringObject

from pnp.draw.fonts import FontBook
from pnp.draw.ident import stable_hash
from pnp.draw.symbols import SymbolBook
from pnp.engines import DocInfo
from pnp.engines.svg_pages import SvgPage


class SvgPdfWriter:
    """One PDF made of SVG pages. page() for each page in order, then close()."""

    def __init__(self, path: Path, info: DocInfo, fonts: FontBook, symbols: SymbolBook, svg_dir: Path):
        self.path = path
        self.info = info
        self.fonts = fonts
        self.symbols = symbols
        self.svg_dir = svg_dir
        svg_dir.mkdir(parents=True, exist_ok=True)
        for old in svg_dir.glob("page-*.svg"):
            old.unlink()
        self.writer = PdfWriter()
        self.n = 0
        self.marks: list[tuple[int, str]] = []

    def page(self, w: float, h: float, prims: Iterable, bookmark: str | None = None) -> None:
        page = SvgPage(w, h, self.fonts, self.symbols)
        page.draw(prims)
        text = page.tostring()
        self.n += 1
        (self.svg_dir / f"page-{self.n:03d}.svg").write_text(text, encoding="utf-8")
        pdf = cairosvg.svg2pdf(bytestring=text.encode("utf-8"))
        reader = PdfReader(io.BytesIO(pdf))
        self.writer.add_page(reader.pages[0])
        if bookmark:
            self.marks.append((self.n - 1, bookmark))

    def close(self) -> None:
        w = self.writer
        for index, title in self.marks:
            w.add_outline_item(title=title, page_number=index)
        meta = {"/Title": self.info.title, "/Author": self.info.author, "/Subject": self.info.subject, "/Creator": "pnp", "/Producer": "pnp"}
        if self.info.date:
            meta["/CreationDate"] = "D:" + self.info.date.replace("-", "") + "000000Z"
        w.add_metadata(meta)
        ident = ByteStringObject(bytes.fromhex(stable_hash(self.info.title + self.info.subject, 32).ljust(32, "0")))
        w._ID = ArrayObject([ident, ident])
        with open(self.path, "wb") as fh:
            w.write(fh)
