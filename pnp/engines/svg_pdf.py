"""The SVG route: SVG pages, kept in a folder, and one PDF of the same pages drawn by cairo."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pnp.draw.fonts import FontBook
from pnp.draw.symbols import SymbolBook
from pnp.engines import DocInfo
from pnp.engines.cairo_pdf import CairoPdf
from pnp.engines.svg_pages import SvgPage


class SvgPageFiles:
    """The kept SVG pages, page-001.svg on, in a folder (any left from before are removed)."""

    def __init__(self, svg_dir: Path, fonts: FontBook, symbols: SymbolBook):
        self.fonts = fonts
        self.symbols = symbols
        self.svg_dir = svg_dir
        svg_dir.mkdir(parents=True, exist_ok=True)
        for old in svg_dir.glob("page-*.svg"):
            old.unlink()
        self.n = 0

    def page(self, w: float, h: float, prims: Iterable) -> None:
        page = SvgPage(w, h, self.fonts, self.symbols)
        page.draw(prims)
        self.n += 1
        (self.svg_dir / f"page-{self.n:03d}.svg").write_text(page.tostring(), encoding="utf-8")


class SvgPdfWriter:
    """Portable SVG pages and their PDF. page() for each page in order, then close().

    Without `svg_dir`, the PDF only: the build's helper process writes the SVG pages
    (pnp/build.py), on another core.
    """

    def __init__(self, path: Path, info: DocInfo, fonts: FontBook, symbols: SymbolBook, svg_dir: Path | None):
        self.pages = SvgPageFiles(svg_dir, fonts, symbols) if svg_dir is not None else None
        self.pdf = CairoPdf(path, info, fonts, symbols)

    def page(self, w: float, h: float, prims: Iterable, bookmark: str | None = None) -> None:
        prims = tuple(prims)
        if self.pages is not None:
            self.pages.page(w, h, prims)
        self.pdf.page(w, h, prims, bookmark)

    def close(self) -> None:
        self.pdf.close()
