"""The SVG route's PDF: the same primitives drawn on one cairo PDF surface.

cairo is what cairosvg draws with; drawing the primitives on it directly gives the same
picture without writing, re-parsing and expanding every page's SVG (every glyph and symbol
`<use>` re-read per use), and without joining one-page PDFs. Text is drawn from the font
files the layout measured (embedded as subsets, or drawn as the SVG pages' glyph outlines
where cairo has no FreeType), so neither output depends on installed fonts. A symbol is a
cairo recording surface, which cairo stores once as a form XObject however often it is used.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from pathlib import Path

import cairocffi as cairo
from fontTools.pens.basePen import BasePen
from fontTools.pens.recordingPen import replayRecording

from pnp.draw.colours import rgb
from pnp.draw.fonts import FontBook
from pnp.draw.primitives import IDENTITY, Group, Image, Rect, Style, Text, Use, outline_ops
from pnp.draw.primitives import Path as PathPrim
from pnp.draw.symbols import SymbolBook
from pnp.engines import DocInfo
from pnp.engines.cairo_fonts import font_face
from pnp.engines.page_boxes import add_boxes
from pnp.engines.svg_pages import GlyphSource, glyphs_for
from pnp.units import mm_to_pt

CAPS = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
JOINS = {
    "miter": cairo.LINE_JOIN_MITER,
    "round": cairo.LINE_JOIN_ROUND,
    "bevel": cairo.LINE_JOIN_BEVEL,
}
MOVE, LINE, CURVE, CLOSE = (
    cairo.PATH_MOVE_TO,
    cairo.PATH_LINE_TO,
    cairo.PATH_CURVE_TO,
    cairo.PATH_CLOSE_PATH,
)
PT = mm_to_pt(1.0)
# glyphs at their design advances, as the layout measured them
_UNHINTED = cairo.FontOptions()
_UNHINTED.set_hint_metrics(cairo.HINT_METRICS_OFF)
_UNHINTED.set_hint_style(cairo.HINT_STYLE_NONE)


# A glyph's em in device units (pixels, or points in a PDF) above which it is not drawn: FreeType
# takes at most 65,535 pixels an em, and no image or page pnp draws is near this size (a face
# of 0.0001 mm stretched onto one pixel would make its 28 pt text 99,000 pixels high).
MAX_GLYPH_PX = 50_000


class _OutlinePen(BasePen):
    """Glyph outlines as cairo path items, quadratic curves raised to cubics, shifted by dx."""

    def __init__(self, glyphset, dx: float, items: list):
        super().__init__(glyphset)
        self.dx = dx
        self.items = items

    def _moveTo(self, p):
        self.items.append((MOVE, (p[0] + self.dx, p[1])))

    def _lineTo(self, p):
        self.items.append((LINE, (p[0] + self.dx, p[1])))

    def _curveToOne(self, p1, p2, p3):
        dx = self.dx
        self.items.append((CURVE, (p1[0] + dx, p1[1], p2[0] + dx, p2[1], p3[0] + dx, p3[1])))

    def _closePath(self):
        self.items.append((CLOSE, ()))

    _endPath = _closePath


class _Encoded:
    """A path encoded for cairo once (cairo_path_t and its data), appended with one call."""

    __slots__ = ("path", "data")

    def __init__(self, items: list):
        from cairocffi.context import _encode_path

        self.path, self.data = _encode_path(items)

    def append(self, ctx: cairo.Context) -> None:
        cairo.cairo.cairo_append_path(ctx._pointer, self.path)


class CairoCanvas:
    """Draws primitives on any cairo context: the PDF's pages here, PNGs in cairo_png.py.

    Symbols (recording surfaces), images, text outlines and rounded outlines are made once.
    """

    def __init__(self, fonts: FontBook, symbols: SymbolBook):
        self.fonts = fonts
        self.symbols = symbols
        self.forms: dict[str, cairo.RecordingSurface] = {}
        self.images: dict[str, cairo.ImageSurface] = {}
        self.texts: dict[tuple, _Encoded] = {}
        self.outlines: dict[tuple, _Encoded] = {}

    def draw(self, ctx: cairo.Context, prims: Iterable) -> None:
        for p in prims:
            self._draw(ctx, p)

    # --- drawing -------------------------------------------------------------
    def _draw(self, ctx: cairo.Context, p) -> None:
        t = type(p)
        if t is Group:
            ctx.save()
            if p.transform != IDENTITY:
                ctx.transform(cairo.Matrix(*p.transform))
            if p.clip is not None:
                ctx.new_path()
                self._outline(ctx, p.clip)
                ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
                ctx.clip()
            for child in p.children:
                self._draw(ctx, child)
            ctx.restore()
        elif t is Use:
            ctx.save()
            if p.transform != IDENTITY:
                ctx.transform(cairo.Matrix(*p.transform))
            ctx.set_source_surface(self._form(p.symbol), 0, 0)
            ctx.paint()
            ctx.restore()
        elif t is Text:
            self._text(ctx, p)
        elif t is Image:
            img = self._image_for(ctx, p)
            ctx.save()
            ctx.translate(p.x, p.y)
            ctx.scale(p.w / img.get_width(), p.h / img.get_height())
            ctx.set_source_surface(img, 0, 0)
            ctx.paint()
            ctx.restore()
        else:
            self._shape(ctx, p)

    def _shape(self, ctx: cairo.Context, p) -> None:
        st: Style = p.style
        if st.fill is None and st.stroke is None:
            return
        ctx.new_path()
        self._outline(ctx, p)
        if st.fill is not None:
            ctx.set_source_rgba(*rgb(st.fill), st.opacity)
            ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if st.evenodd else cairo.FILL_RULE_WINDING)
            if st.stroke is None:
                ctx.fill()
                return
            ctx.fill_preserve()
        ctx.set_source_rgba(*rgb(st.stroke), st.opacity)
        ctx.set_line_width(st.stroke_width)
        ctx.set_dash(list(st.dash) if st.dash else [])
        ctx.set_line_cap(CAPS.get(st.cap, cairo.LINE_CAP_BUTT))
        ctx.set_line_join(JOINS.get(st.join, cairo.LINE_JOIN_MITER))
        ctx.stroke()

    def _outline(self, ctx: cairo.Context, shape) -> None:
        t = type(shape)
        if t is PathPrim:
            _trace(ctx, shape.ops)
            return
        if t is Rect and shape.r <= 0:
            ctx.rectangle(shape.x, shape.y, shape.w, shape.h)
            return
        # a card's rounded outline is its clip, background and cut line: encoded once
        key = (
            (t, shape.x, shape.y, shape.w, shape.h, shape.r)
            if t is Rect
            else (t, shape.cx, shape.cy, shape.rx, shape.ry)
        )
        enc = self.outlines.get(key)
        if enc is None:
            if len(self.outlines) > 4096:
                self.outlines.clear()
            enc = self.outlines[key] = _Encoded(_items(outline_ops(shape)))
        enc.append(ctx)

    def _text(self, ctx: cairo.Context, t: Text) -> None:
        fm = self.fonts.metrics(t.font)
        x0 = t.start_x(fm.width(t.text, t.size))
        kerns = fm.kerns(t.text)
        ctx.new_path()
        if max(map(abs, ctx.user_to_device_distance(t.size, t.size))) > MAX_GLYPH_PX:
            return  # larger than any image or page drawn: FreeType refuses it and ends the context
        face = font_face(str(self.fonts.files[t.font]))
        if face is not None:  # real text: a subset of the font is embedded once
            ctx.set_font_face(face)
            ctx.set_font_options(_UNHINTED)
            ctx.set_font_size(t.size)
            ctx.set_source_rgb(*rgb(t.colour))
            if not any(kerns):
                ctx.move_to(x0, t.y)
                ctx.show_text(t.text)
                return
            # each glyph moved by the font's kerning, as the layout measured it
            glyphs = ctx.get_scaled_font().text_to_glyphs(x0, t.y, t.text, with_clusters=False)
            shift, placed = 0.0, []
            for i, (index, gx, gy) in enumerate(glyphs):
                if 0 < i <= len(kerns):
                    shift += kerns[i - 1] * t.size
                placed.append((index, gx + shift, gy))
            ctx.show_glyphs(placed)
            return
        src = glyphs_for(self.fonts, t.font)
        key = (t.font, t.text)
        enc = self.texts.get(key)
        if enc is None:
            if len(self.texts) > 4096:
                self.texts.clear()
            enc = self.texts[key] = _text_outline(src, t.text, kerns)
        ctx.save()
        ctx.translate(x0, t.y)
        ctx.scale(t.size / src.upm, -t.size / src.upm)
        enc.append(ctx)
        ctx.restore()  # the path stays, in page coordinates
        ctx.set_source_rgb(*rgb(t.colour))
        ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        ctx.fill()

    def _form(self, ident: str) -> cairo.RecordingSurface:
        form = self.forms.get(ident)
        if form is None:
            sym = self.symbols[ident]
            # bounded a symbol's width and height beyond each edge: art may overhang its box
            form = cairo.RecordingSurface(
                cairo.CONTENT_COLOR_ALPHA, (-sym.w, -sym.h, 3 * sym.w, 3 * sym.h)
            )
            fctx = cairo.Context(form)
            for child in sym.children:
                self._draw(fctx, child)
            self.forms[ident] = form
        return form

    def _image_for(self, ctx: cairo.Context, p: Image) -> cairo.ImageSurface:
        """The surface image `p` is painted from: the whole file in a PDF."""
        return self._image(p.file)

    def _image(self, file: str) -> cairo.ImageSurface:
        img = self.images.get(file)
        if img is None:
            data = Path(file).read_bytes()
            if data[:4] == b"\x89PNG":
                img = cairo.ImageSurface.create_from_png(io.BytesIO(data))
            else:  # JPEG: decoded for cairo, and the original bytes kept for the PDF
                from PIL import Image as PILImage

                buf = io.BytesIO()
                PILImage.open(io.BytesIO(data)).convert("RGBA").save(buf, "PNG")
                buf.seek(0)
                img = cairo.ImageSurface.create_from_png(buf)
                img.set_mime_data("image/jpeg", data)
            self.images[file] = img
        return img


class CairoPdf(CairoCanvas):
    """A multi-page PDF drawn with cairo. page() for each page in order, then close()."""

    def __init__(self, path: Path, info: DocInfo, fonts: FontBook, symbols: SymbolBook):
        super().__init__(fonts, symbols)
        self.path = path
        self.info = info
        self.surface = cairo.PDFSurface(str(path), 595.0, 842.0)
        s = self.surface
        s.set_metadata(cairo.PDF_METADATA_TITLE, info.title)
        s.set_metadata(cairo.PDF_METADATA_AUTHOR, info.author)
        s.set_metadata(cairo.PDF_METADATA_SUBJECT, info.subject)
        s.set_metadata(cairo.PDF_METADATA_CREATOR, "pnp")
        # a fixed date given in UTC, so cairo does not write the local clock and zone (whose
        # length varies with TZ); _settle_info then writes the date asked for, or none
        s.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00+00:00")
        self.n = 0
        self.sizes: list = []  # (w, h, boxes) of each page, for its TrimBox (page_boxes.py)

    def page(
        self,
        w: float,
        h: float,
        prims: Iterable,
        bookmark: str | None = None,
        boxes: dict | None = None,
    ) -> None:
        """One page w × h mm; `boxes` names page boxes as in ReportlabWriter.page."""
        self.sizes.append((w, h, boxes))
        self.surface.set_size(w * PT, h * PT)
        ctx = cairo.Context(self.surface)
        ctx.scale(PT, PT)  # millimetres, origin top-left, y down: the drawing model's own
        self.draw(ctx, prims)
        self.n += 1
        if bookmark:
            self.surface.add_outline(cairo.PDF_OUTLINE_ROOT, bookmark, f"page={self.n}", 0)
        ctx.show_page()

    def close(self) -> None:
        self.surface.finish()
        _dedupe_resources(self.path)
        _settle_info(self.path, self.info.date)
        add_boxes(self.path, self.sizes)  # last: it appends to the file


def _text_outline(src: GlyphSource, text: str, kerns: list[float]) -> _Encoded:
    items: list = []
    pen = 0.0
    for i, ch in enumerate(text):
        if 0 < i <= len(kerns):
            pen += kerns[i - 1] * src.upm
        name, adv = src.glyph(ch)
        if name is not None:
            replayRecording(src.ops[name], _OutlinePen(None, pen, items))
        pen += adv
    return _Encoded(items)


_KINDS = {"M": MOVE, "L": LINE, "C": CURVE}


def _items(ops) -> list:
    """Path ops as cairo path items."""
    return [(_KINDS[op[0]], op[1:]) if op[0] in _KINDS else (CLOSE, ()) for op in ops]


def _trace(ctx: cairo.Context, ops) -> None:
    for op in ops:
        k = op[0]
        if k == "M":
            ctx.move_to(op[1], op[2])
        elif k == "L":
            ctx.line_to(op[1], op[2])
        elif k == "C":
            ctx.curve_to(*op[1:])
        else:
            ctx.close_path()


# cairo lists a form or image in a resource dictionary once per paint, not once per name
_RESOURCE_LIST = re.compile(
    rb"/(?:XObject|Pattern|Shading) <<((?: /[A-Za-z0-9_.-]+ \d+ \d+ R)+) >>"
)
_ENTRY = re.compile(rb" /[A-Za-z0-9_.-]+ \d+ \d+ R")
_XREF_ENTRY = re.compile(rb"(\d{10}) \d{5} n")


def _dedupe_resources(path: Path) -> None:
    """Name each resource once in its dictionary: a symbol drawn four times on a page is
    listed four times by cairo, and a duplicated key is a structure error that PDF checkers
    (qpdf) report and some print filters refuse. Every entry names the same object, so the
    repeats are dropped and the dictionary padded with spaces to its length: every offset in
    the file stays right. Only objects without a stream are read, so no content is touched.
    """
    with open(path, "r+b") as fh:
        data = fh.read()
        found = re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", data[-128:])
        if not found:
            return
        xref = int(found.group(1))
        if not data.startswith(b"xref", xref):
            return  # a cross-reference stream: cairo 1.16 to 1.18 write a table
        table = data[xref : data.find(b"trailer", xref)]
        starts = sorted(int(m.group(1)) for m in _XREF_ENTRY.finditer(table))
        for start, end in zip(starts, [*starts[1:], xref], strict=True):
            head = data[start:end]
            cut = head.find(b"stream")
            if cut != -1:
                head = head[:cut]
            for m in _RESOURCE_LIST.finditer(head):
                entries = _ENTRY.findall(m.group(1))
                unique = list(dict.fromkeys(entries))
                if len(unique) == len(entries):
                    continue
                body = b"".join(unique)
                fixed = m.group(0)[: m.start(1) - m.start(0)] + body + b" >>"
                fh.seek(start + m.start(0))
                fh.write(fixed.ljust(m.end(0) - m.start(0)))


# a PDF literal string; cairo's own producer string holds one level of balanced parentheses
_INFO_VALUE = re.compile(rb"/(Producer|CreationDate) (\((?:[^()\\]|\\.|\([^()]*\))*\))")


def _settle_info(path: Path, date: str | None) -> None:
    """Name pnp as the producer, and carry no clock: the date asked for, or none.

    cairo writes its own name and the current time into the document information, the
    object just before the cross-reference table; each value is overwritten in place,
    padded with spaces to its length, so every offset in the file stays right.
    """
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.seek(max(0, size - 128))
        found = re.search(rb"startxref\s+(\d+)", fh.read())
        if not found:
            return
        xref = int(found.group(1))
        start = max(0, xref - 4096)
        fh.seek(start)
        block = fh.read(xref - start)

        def settle(m: re.Match) -> bytes:
            whole = m.group(0)
            if m.group(1) == b"Producer":
                new = b"/Producer (pnp)"
            elif date:
                new = b"/CreationDate (D:" + date.replace("-", "").encode() + b"000000Z)"
            else:
                new = b""
            return new.ljust(len(whole)) if len(new) <= len(whole) else whole

        fixed = _INFO_VALUE.sub(settle, block)
        if fixed != block:
            fh.seek(start)
            fh.write(fixed)
