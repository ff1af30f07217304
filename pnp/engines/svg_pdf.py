"""The SVG route: SVG pages, kept in a folder, and one PDF of the same pages drawn by cairo."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pnp.draw.fonts import FontBook
from pnp.draw.symbols import SymbolBook
from pnp.engines import DocInfo
from pnp.engines.cairo_pdf import CairoPdf
from pnp.engines.svg_pages import SvgPage


class SvgPdfWriter:
    """Portable SVG pages and their PDF. page() for each page in order, then close()."""

    def __init__(self, path: Path, info: DocInfo, fonts: FontBook, symbols: SymbolBook, svg_dir: Path):
        self.fonts = fonts
        self.symbols = symbols
        self.svg_dir = svg_dir
        svg_dir.mkdir(parents=True, exist_ok=True)
        for old in svg_dir.glob("page-*.svg"):
            old.unlink()
        self.pdf = CairoPdf(path, info, fonts, symbols)
        self.n = 0

    def page(self, w: float, h: float, prims: Iterable, bookmark: str | None = None) -> None:
        prims = tuple(prims)
        page = SvgPage(w, h, self.fonts, self.symbols)
        page.draw(prims)
        self.n += 1
        (self.svg_dir / f"page-{self.n:03d}.svg").write_text(page.tostring(), encoding="utf-8")
        self.pdf.page(w, h, prims, bookmark)

    def close(self) -> None:
        self.pdf.close()
