"""Draw pages of primitives as standalone SVG files that need no installed fonts.

svgwrite writes each page. Text is drawn from glyph outlines taken from the same TTF files the
layout measured, each glyph defined once per page; symbols become <symbol> + <use>; images
are embedded.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from pathlib import Path

import svgwrite
from fontTools.pens.recordingPen import RecordingPen, replayRecording
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont
from svgwrite.container import Group as SvgGroup
from svgwrite.container import Symbol
from svgwrite.container import Use as SvgUse
from svgwrite.image import Image as SvgImage
from svgwrite.masking import ClipPath
from svgwrite.path import Path as SvgPath
from svgwrite.shapes import Ellipse as SvgEllipse
from svgwrite.shapes import Rect as SvgRect

from pnp.draw.fonts import FontBook
from pnp.draw.ident import stable_hash
from pnp.draw.primitives import Ellipse, Group, Image, Rect, Text, Use
from pnp.draw.primitives import Path as PathPrim
from pnp.draw.symbols import SymbolBook
from pnp.fontfiles import truetype_source

_glyph_cache: dict[str, GlyphSource] = {}


class GlyphSource:
    """A font's glyph outlines as SVG path data, each glyph's worked out once per build.

    Read from TrueType outlines (a CFF font's conversion, pnp.fontfiles), drawn by
    `outline_ops` in time linear in the glyph's points; the font was checked when the game
    was loaded (pnp.fontwork), so no glyph holds itself or more points than its file allows."""

    def __init__(self, path: str):
        tt = TTFont(truetype_source(Path(path)))
        self.upm = tt["head"].unitsPerEm
        self.cmap = tt.getBestCmap()
        self.glyf = tt["glyf"]
        self.hmtx = tt["hmtx"].metrics
        self.ops: dict[str, list] = {}  # each glyph's pen calls (fontTools' RecordingPen value)
        self.paths: dict[str, str] = {}
        self.tag = stable_hash(path.rsplit("/", 1)[-1], 6)

    def glyph(self, ch: str) -> tuple[str | None, float]:
        name = self.cmap.get(ord(ch))
        if name is None:
            return None, 0.6 * self.upm
        if name not in self.paths:
            self.ops[name] = ops = outline_ops(self.glyf[name], self.glyf, self.hmtx[name][1])
            pen = SVGPathPen(None)
            replayRecording(ops, pen)
            self.paths[name] = pen.getCommands()
        return name, self.hmtx[name][0]


def outline_ops(glyph, glyf, lsb: int) -> list:
    """A TrueType glyph's outline as the pen calls fontTools' own drawing makes (moved to its
    left side bearing, `lsb`), but in one pass over its points: fontTools re-slices a contour
    at every on-curve point, which takes a minute for a contour of 60,000 points."""
    pen = RecordingPen()
    coords, ends, flags = glyph.getCoordinates(glyf)
    if not glyph.isComposite() and hasattr(glyph, "xMin") and lsb != glyph.xMin:
        coords = coords.copy()
        coords.translate((lsb - glyph.xMin, 0))
    start = 0
    for end in ends:
        points = list(coords[start : end + 1])
        on = [bool(f & 1) for f in flags[start : end + 1]]
        start = end + 1
        if not points:
            continue
        if not any(on):  # all off-curve: a closed quadratic spline with no fixed point
            pen.qCurveTo(*points, None)
            pen.closePath()
            continue
        first = on.index(True) + 1  # turned to end at an on-curve point, where it starts
        points, on = points[first:] + points[:first], on[first:] + on[:first]
        pen.moveTo(points[-1])
        offs: list = []
        for i, (pt, is_on) in enumerate(zip(points, on, strict=True)):
            if not is_on:
                offs.append(pt)
            elif offs:
                pen.qCurveTo(*offs, pt)
                offs = []
            elif i < len(points) - 1:  # the closing line is closePath's
                pen.lineTo(pt)
        pen.closePath()
    return pen.value


def glyphs_for(fonts: FontBook, key: str) -> GlyphSource:
    path = str(fonts.files[key])
    if path not in _glyph_cache:
        _glyph_cache[path] = GlyphSource(path)
    return _glyph_cache[path]


def _num(v: float) -> str:
    # Four decimals of a millimetre are plenty; tiny factors (glyph scales) keep 6 significant digits.
    s = f"{v:.4f}".rstrip("0").rstrip(".") if abs(v) >= 0.01 or v == 0 else f"{v:.6g}"
    return "0" if s in ("-0", "") else s


def _matrix(m) -> str:
    return "matrix(" + " ".join(_num(v) for v in m) + ")"


_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _ident(text: str) -> str:
    return "s" + stable_hash(text, 12)


DEBUG = False
"""svgwrite's validator while pages are built. Off at run time, where it would double the SVG
route's time; the test suite turns it on (tests/conftest.py), so every SVG page a test makes
has every element and attribute checked against SVG 1.1 Full as it is made."""


class SvgPage:
    """One page as an svgwrite drawing; debug (default DEBUG) turns svgwrite's validator on."""

    def __init__(
        self, w: float, h: float, fonts: FontBook, symbols: SymbolBook, debug: bool | None = None
    ):
        debug = DEBUG if debug is None else debug
        self.d = svgwrite.Drawing(
            size=(f"{_num(w)}mm", f"{_num(h)}mm"),
            viewBox=f"0 0 {_num(w)} {_num(h)}",
            profile="full",
            debug=debug,
        )
        self.fonts = fonts
        self.symbols = symbols
        self.defined: set[str] = set()
        self.clips = 0

    def draw(self, prims: Iterable) -> None:
        for p in prims:
            self.d.add(self._el(p))

    def tostring(self) -> str:
        return self.d.tostring()

    def _make(self, cls, attrs: dict[str, str], *args):
        """An svgwrite element sharing the drawing's settings (debug, profile), attrs set."""
        el = cls(*args, factory=self.d)
        el.update(attrs)
        return el

    def _define(self, ident: str) -> str:
        sid = _ident(ident)
        if sid not in self.defined:
            self.defined.add(sid)
            node = self._make(Symbol, {"id": sid, "overflow": "visible"})
            for child in self.symbols[ident].children:
                node.add(self._el(child))
            self.d.defs.add(node)
        return sid

    def _glyph(self, src: GlyphSource, name: str) -> str:
        gid = f"g{src.tag}-{stable_hash(name, 8)}"
        if gid not in self.defined:
            self.defined.add(gid)
            self.d.defs.add(self._make(SvgPath, {"id": gid}, src.paths[name] or "M0 0"))
        return gid

    @staticmethod
    def _paint(el: dict[str, str], st) -> None:
        el["fill"] = st.fill or "none"
        if st.stroke:
            el["stroke"] = st.stroke
            el["stroke-width"] = _num(st.stroke_width)
            if st.dash:
                el["stroke-dasharray"] = " ".join(_num(v) for v in st.dash)
            if st.cap != "butt":
                el["stroke-linecap"] = st.cap
            if st.join != "miter":
                el["stroke-linejoin"] = st.join
        if st.opacity < 1:
            el["opacity"] = _num(st.opacity)
        if st.evenodd:
            el["fill-rule"] = "evenodd"

    def _el(self, p):
        t = type(p)
        if t is Group:
            g = self._make(
                SvgGroup, {} if p.transform == _IDENTITY else {"transform": _matrix(p.transform)}
            )
            inner = g
            if p.clip is not None:
                self.clips += 1
                cid = f"c{self.clips}"
                clip = self._make(ClipPath, {"id": cid})
                clip.add(self._el(p.clip))
                self.d.defs.add(clip)
                inner = self._make(SvgGroup, {"clip-path": f"url(#{cid})"})
                g.add(inner)
            for child in p.children:
                inner.add(self._el(child))
            return g
        if t is Use:
            sid = self._define(p.symbol)
            return self._make(SvgUse, {"transform": _matrix(p.transform)}, f"#{sid}")
        if t is Text:
            return self._text(p)
        if t is Image:
            with open(p.file, "rb") as fh:
                data = fh.read()
            mime = "image/png" if data[:4] == b"\x89PNG" else "image/jpeg"
            href = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
            el = {"x": _num(p.x), "y": _num(p.y), "width": _num(p.w), "height": _num(p.h)}
            return self._make(SvgImage, {**el, "preserveAspectRatio": "none"}, href)
        if t is Rect:
            el = {"x": _num(p.x), "y": _num(p.y), "width": _num(p.w), "height": _num(p.h)}
            if p.r > 0:
                el["rx"] = el["ry"] = _num(p.r)
            cls = SvgRect
        elif t is Ellipse:
            el = {"cx": _num(p.cx), "cy": _num(p.cy), "rx": _num(p.rx), "ry": _num(p.ry)}
            cls = SvgEllipse
        elif t is PathPrim:
            el = {}
            cls = SvgPath
        else:
            raise TypeError(f"cannot draw {t.__name__}")
        self._paint(el, p.style)
        if cls is SvgPath:  # svgwrite keeps a path's data as commands, written as its d
            return self._make(cls, el, _path_d(p.ops))
        return self._make(cls, el)

    def _text(self, t: Text):
        src = glyphs_for(self.fonts, t.font)
        kerns = self.fonts.metrics(t.font).kerns(t.text)
        s = t.size / src.upm
        pen = 0.0
        uses = []
        for i, ch in enumerate(t.text):
            if 0 < i <= len(kerns):
                pen += kerns[i - 1] * src.upm  # the font's kerning, as the layout measured it
            name, adv = src.glyph(ch)
            if name is not None and src.paths[name]:
                uses.append((self._glyph(src, name), pen))
            pen += adv
        x0 = t.start_x(pen * s)
        g = self._make(
            SvgGroup,
            {
                "fill": t.colour,
                "transform": f"translate({_num(x0)} {_num(t.y)}) scale({_num(s)} {_num(-s)})",
            },
        )
        for gid, x in uses:
            g.add(self._make(SvgUse, {"x": _num(x)}, f"#{gid}"))
        return g


def _path_d(ops) -> str:
    out = []
    for op in ops:
        out.append(op[0] + " ".join(_num(v) for v in op[1:]))
    return " ".join(out)


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
