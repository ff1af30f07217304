"""Draw pages of primitives straight into a PDF with reportlab. Symbols become form XObjects."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from pathlib import Path

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import TimeStamp
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

from pnp.draw.colours import rgb
from pnp.draw.fonts import FontBook
from pnp.draw.ident import stable_hash
from pnp.draw.primitives import Ellipse, Group, Image, Rect, Style, Text, Use
from pnp.draw.primitives import Path as PathPrim
from pnp.draw.symbols import SymbolBook
from pnp.engines import DocInfo
from pnp.units import mm_to_pt

K = 72.0 / 25.4
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
_registered: dict[str, str] = {}


def font_name(fonts: FontBook, key: str) -> str:
    path = str(fonts.files[key])
    if path not in _registered:
        name = f"pnp{len(_registered)}-{Path(path).stem}"
        pdfmetrics.registerFont(TTFont(name, path))
        _registered[path] = name
    return _registered[path]


class ReportlabWriter:
    """One PDF. Call page() for each page in order, then close()."""

    def __init__(self, path: Path, info: DocInfo, fonts: FontBook, symbols: SymbolBook):
        self.fonts = fonts
        self.symbols = symbols
        self.defined: set[str] = set()
        self.images: dict[str, ImageReader] = {}
        regular = font_name(fonts, "regular")
        self.c = rl_canvas.Canvas(
            str(path), invariant=1, pageCompression=1, initialFontName=regular, initialFontSize=10
        )
        c = self.c
        c.setTitle(info.title)
        c.setAuthor(info.author)
        c.setSubject(info.subject)
        c.setCreator("pnp")
        c.setProducer("pnp")
        if info.date:
            # the given day at 00:00 UTC as CreationDate and ModDate; the file stays invariant
            stamp = TimeStamp(invariant=1)
            stamp.YMDhms = dt.date.fromisoformat(info.date).timetuple()[:6]
            stamp.dhh = stamp.dmm = 0
            c._doc._timeStamp = stamp
        self.state_font = None
        self.bookmarks = 0

    def page(self, w: float, h: float, prims: Iterable, bookmark: str | None = None) -> None:
        c = self.c
        c.setPageSize((mm_to_pt(w), mm_to_pt(h)))
        prims = list(prims)
        self._define_needed(prims)
        if bookmark:
            key = f"b{self.bookmarks}"
            self.bookmarks += 1
            c.bookmarkPage(key)
            c.addOutlineEntry(bookmark, key, level=0)
        c.saveState()
        c.transform(K, 0, 0, -K, 0, mm_to_pt(h))  # millimetres, y down
        for p in prims:
            self._draw(p)
        c.restoreState()
        c.showPage()

    def close(self) -> None:
        self.c.save()

    # --- symbols -------------------------------------------------------------
    def _define_needed(self, prims) -> None:
        for ident in _uses(prims):
            self._define(ident)

    def _define(self, ident: str) -> None:
        if ident in self.defined:
            return
        sym = self.symbols[ident]
        for inner in _uses(sym.children):
            self._define(inner)
        c = self.c
        c.beginForm(_form_name(ident), -1e4, -1e4, 1e4, 1e4)
        for p in sym.children:
            self._draw(p)
        c.endForm()
        self.defined.add(ident)

    # --- drawing -------------------------------------------------------------
    def _draw(self, p) -> None:
        c = self.c
        t = type(p)
        if t is Group:
            c.saveState()
            if p.transform != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                c.transform(*p.transform)
            if p.clip is not None:
                path = c.beginPath()
                self._outline(path, p.clip)
                c.clipPath(path, stroke=0, fill=0, fillMode=0)
            for child in p.children:
                self._draw(child)
            c.restoreState()
        elif t is Use:
            c.saveState()
            c.transform(*p.transform)
            c.doForm(_form_name(p.symbol))
            c.restoreState()
        elif t is Text:
            self._text(p)
        elif t is Image:
            c.saveState()
            c.translate(p.x, p.y + p.h)
            c.scale(1, -1)
            # an ImageReader is named by its pixels, a file name by its path: only the first
            # gives the same bytes wherever the game folder lies
            if p.file not in self.images:
                self.images[p.file] = ImageReader(p.file)
            c.drawImage(self.images[p.file], 0, 0, p.w, p.h, mask="auto")
            c.restoreState()
        else:
            st = p.style
            if st.fill is None and st.stroke is None:
                return
            c.saveState()
            self._paint(st)
            stroke, fill = int(st.stroke is not None), int(st.fill is not None)
            if t is Rect:
                if p.r > 0:
                    c.roundRect(p.x, p.y, p.w, p.h, p.r, stroke=stroke, fill=fill)
                else:
                    c.rect(p.x, p.y, p.w, p.h, stroke=stroke, fill=fill)
            elif t is Ellipse:
                c.ellipse(p.cx - p.rx, p.cy - p.ry, p.cx + p.rx, p.cy + p.ry, stroke=stroke, fill=fill)
            elif t is PathPrim:
                path = c.beginPath()
                self._ops(path, p.ops)
                c.drawPath(path, stroke=stroke, fill=fill, fillMode=1 if st.evenodd else 0)
            c.restoreState()

    def _paint(self, st: Style) -> None:
        c = self.c
        if st.fill is not None:
            c.setFillColorRGB(*rgb(st.fill))
            if st.opacity < 1:
                c.setFillAlpha(st.opacity)
        if st.stroke is not None:
            c.setStrokeColorRGB(*rgb(st.stroke))
            c.setLineWidth(st.stroke_width)
            if st.opacity < 1:
                c.setStrokeAlpha(st.opacity)
            if st.dash:
                c.setDash(list(st.dash))
            if st.cap != "butt":
                c.setLineCap(CAPS.get(st.cap, 0))
            if st.join != "miter":
                c.setLineJoin(JOINS.get(st.join, 0))

    def _text(self, t: Text) -> None:
        c = self.c
        c.saveState()
        c.setFillColorRGB(*rgb(t.colour))
        c.translate(t.x, t.y)
        c.scale(1, -1)
        c.setFont(font_name(self.fonts, t.font), t.size)
        if t.anchor == "middle":
            c.drawCentredString(0, 0, t.text)
        elif t.anchor == "end":
            c.drawRightString(0, 0, t.text)
        else:
            c.drawString(0, 0, t.text)
        c.restoreState()

    @staticmethod
    def _ops(path, ops) -> None:
        for op in ops:
            k = op[0]
            if k == "M":
                path.moveTo(op[1], op[2])
            elif k == "L":
                path.lineTo(op[1], op[2])
            elif k == "C":
                path.curveTo(*op[1:])
            else:
                path.close()

    def _outline(self, path, shape) -> None:
        if isinstance(shape, Rect):
            if shape.r > 0:
                path.roundRect(shape.x, shape.y, shape.w, shape.h, shape.r)
            else:
                path.rect(shape.x, shape.y, shape.w, shape.h)
        elif isinstance(shape, Ellipse):
            path.ellipse(shape.cx - shape.rx, shape.cy - shape.ry, 2 * shape.rx, 2 * shape.ry)
        else:
            self._ops(path, shape.ops)


def _form_name(ident: str) -> str:
    return "F" + "".join(ch if ch.isalnum() else "_" for ch in ident)[:60] + stable_hash(ident)


def _uses(prims) -> list[str]:
    out: list[str] = []
    stack = list(prims)
    while stack:
        p = stack.pop()
        t = type(p)
        if t is Use:
            out.append(p.symbol)
        elif t is Group:
            stack.extend(p.children)
    return out
