"""Draw pages of primitives as standalone SVG files that need no installed fonts.

Text is drawn from glyph outlines taken from the same TTF files the layout measured, each
glyph defined once per page; symbols become <symbol> + <use>; images are embedded.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable

import svgwrite
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from pnp.draw.fonts import FontBook
from pnp.draw.ident import stable_hash
from pnp.draw.primitives import Ellipse, Group, Image, Rect, Text, Use
from pnp.draw.primitives import Path as PathPrim
from pnp.draw.symbols import SymbolBook

_glyph_cache: dict[str, GlyphSource] = {}


class GlyphSource:
    def __init__(self, path: str):
        tt = TTFont(path)
        self.upm = tt["head"].unitsPerEm
        self.cmap = tt.getBestCmap()
        self.glyphs = tt.getGlyphSet()
        self.hmtx = tt["hmtx"].metrics
        self.paths: dict[str, str] = {}
        self.tag = stable_hash(path.rsplit("/", 1)[-1], 6)

    def glyph(self, ch: str) -> tuple[str | None, float]:
        name = self.cmap.get(ord(ch))
        if name is None:
            return None, 0.6 * self.upm
        if name not in self.paths:
            pen = SVGPathPen(self.glyphs)
            self.glyphs[name].draw(pen)
            self.paths[name] = pen.getCommands()
        return name, self.hmtx[name][0]


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


def _ident(text: str) -> str:
    return "s" + stable_hash(text, 12)


class SvgPage:
    def __init__(self, w: float, h: float, fonts: FontBook, symbols: SymbolBook):
        self.d = svgwrite.Drawing(size=(f"{_num(w)}mm", f"{_num(h)}mm"), viewBox=f"0 0 {_num(w)} {_num(h)}", profile="full", debug=False)
        self.fonts = fonts
        self.symbols = symbols
        self.defined: set[str] = set()
        self.clips = 0

    def draw(self, prims: Iterable) -> None:
        for p in prims:
            self.d.add(self._el(p))

    def tostring(self) -> str:
        return self.d.tostring()

    def _define(self, ident: str) -> str:
        sid = _ident(ident)
        if sid not in self.defined:
            self.defined.add(sid)
            sym = self.symbols[ident]
            node = self.d.symbol(id=sid, overflow="visible")
            for child in sym.children:
                node.add(self._el(child))
            self.d.defs.add(node)
        return sid

    def _glyph(self, src: GlyphSource, name: str) -> str:
        gid = f"g{src.tag}-{stable_hash(name, 8)}"
        if gid not in self.defined:
            self.defined.add(gid)
            self.d.defs.add(self.d.path(d=src.paths[name] or "M0 0", id=gid))
        return gid

    def _paint(self, el, st) -> None:
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
        d = self.d
        t = type(p)
        if t is Group:
            g = d.g()
            if p.transform != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                g["transform"] = _matrix(p.transform)
            if p.clip is not None:
                self.clips += 1
                cid = f"c{self.clips}"
                cp = d.clipPath(id=cid)
                shape = self._el(p.clip)
                cp.add(shape)
                d.defs.add(cp)
                inner = d.g(clip_path=f"url(#{cid})")
                for child in p.children:
                    inner.add(self._el(child))
                g.add(inner)
            else:
                for child in p.children:
                    g.add(self._el(child))
            return g
        if t is Use:
            sid = self._define(p.symbol)
            return d.use(f"#{sid}", transform=_matrix(p.transform))
        if t is Text:
            return self._text(p)
        if t is Image:
            with open(p.file, "rb") as fh:
                data = fh.read()
            mime = "image/png" if data[:4] == b"\x89PNG" else "image/jpeg"
            href = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
            return d.image(href, insert=(p.x, p.y), size=(p.w, p.h), preserveAspectRatio="none")
        if t is Rect:
            el = d.rect(insert=(_num(p.x), _num(p.y)), size=(_num(p.w), _num(p.h)))
            if p.r > 0:
                el["rx"] = el["ry"] = _num(p.r)
        elif t is Ellipse:
            el = d.ellipse(center=(_num(p.cx), _num(p.cy)), r=(_num(p.rx), _num(p.ry)))
        elif t is PathPrim:
            el = d.path(d=_path_d(p.ops))
        else:
            raise TypeError(f"cannot draw {t.__name__}")
        self._paint(el, p.style)
        return el

    def _text(self, t: Text):
        src = glyphs_for(self.fonts, t.font)
        s = t.size / src.upm
        pen = 0.0
        uses = []
        for ch in t.text:
            name, adv = src.glyph(ch)
            if name is not None and src.paths[name]:
                uses.append((self._glyph(src, name), pen))
            pen += adv
        width = pen * s
        x0 = t.x - (width / 2 if t.anchor == "middle" else width if t.anchor == "end" else 0.0)
        g = self.d.g(transform=f"translate({_num(x0)} {_num(t.y)}) scale({_num(s)} {_num(-s)})", fill=t.colour)
        for gid, x in uses:
            g.add(self.d.use(f"#{gid}", x=_num(x)))
        return g


def _path_d(ops) -> str:
    out = []
    for op in ops:
        out.append(op[0] + " ".join(_num(v) for v in op[1:]))
    return " ".join(out)
