"""Draw pages of primitives as standalone SVG files that need no installed fonts.

Text is drawn from glyph outlines taken from the same TTF files the layout measured, each
glyph defined once per page; symbols become <symbol> + <use>; images are embedded.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable

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


_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _ident(text: str) -> str:
    return "s" + stable_hash(text, 12)


_ROOT = (
    '<svg baseProfile="full" height="{h}mm" version="1.1" viewBox="0 0 {w} {h}" width="{w}mm"'
    ' xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events"'
    ' xmlns:xlink="http://www.w3.org/1999/xlink">'
)
_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("\n", "&#10;"), ("\r", "&#13;"), ("\t", "&#09;"))


def _esc(v: str) -> str:
    for ch, ent in _ESCAPES:
        if ch in v:
            v = v.replace(ch, ent)
    return v


def _tag(name: str, attrs: dict[str, str]) -> str:
    """An empty element; attributes sorted and empty ones left out, as XML writers do."""
    return "<" + name + "".join(f' {k}="{_esc(v)}"' for k, v in sorted(attrs.items()) if v) + " />"


class SvgPage:
    """One page as SVG text, written directly: a tree of element objects costs ten times more."""

    def __init__(self, w: float, h: float, fonts: FontBook, symbols: SymbolBook):
        self.root = _ROOT.format(w=_num(w), h=_num(h))
        self.fonts = fonts
        self.symbols = symbols
        self.defs: list[str] = []
        self.body: list[str] = []
        self.defined: set[str] = set()
        self.clips = 0

    def draw(self, prims: Iterable) -> None:
        for p in prims:
            self._el(p, self.body)

    def tostring(self) -> str:
        defs = "<defs>" + "".join(self.defs) + "</defs>" if self.defs else "<defs />"
        return self.root + defs + "".join(self.body) + "</svg>"

    def _container(self, out: list[str], open_tag: str, children: Iterable) -> None:
        """`open_tag` (without its closing '>') around the children; empty, a short tag."""
        at = len(out)
        out.append(open_tag + ">")
        for child in children:
            self._el(child, out)
        if len(out) == at + 1:
            out[at] = open_tag + " />"
        else:
            out.append("</" + open_tag[1:].split(" ", 1)[0] + ">")

    def _define(self, ident: str) -> str:
        sid = _ident(ident)
        if sid not in self.defined:
            self.defined.add(sid)
            node: list[str] = []
            self._container(node, f'<symbol id="{sid}" overflow="visible"', self.symbols[ident].children)
            self.defs.append("".join(node))
        return sid

    def _glyph(self, src: GlyphSource, name: str) -> str:
        gid = f"g{src.tag}-{stable_hash(name, 8)}"
        if gid not in self.defined:
            self.defined.add(gid)
            self.defs.append(f'<path d="{src.paths[name] or "M0 0"}" id="{gid}" />')
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

    def _el(self, p, out: list[str]) -> None:
        t = type(p)
        if t is Group:
            tag = "<g" if p.transform == _IDENTITY else f'<g transform="{_matrix(p.transform)}"'
            if p.clip is None:
                self._container(out, tag, p.children)
                return
            self.clips += 1
            cid = f"c{self.clips}"
            shape: list[str] = []
            self._el(p.clip, shape)
            self.defs.append(f'<clipPath id="{cid}">' + "".join(shape) + "</clipPath>")
            out.append(tag + ">")
            self._container(out, f'<g clip-path="url(#{cid})"', p.children)
            out.append("</g>")
            return
        if t is Use:
            sid = self._define(p.symbol)
            out.append(f'<use transform="{_matrix(p.transform)}" xlink:href="#{sid}" />')
            return
        if t is Text:
            self._text(p, out)
            return
        if t is Image:
            with open(p.file, "rb") as fh:
                data = fh.read()
            mime = "image/png" if data[:4] == b"\x89PNG" else "image/jpeg"
            href = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
            el = {"x": _num(p.x), "y": _num(p.y), "width": _num(p.w), "height": _num(p.h)}
            out.append(_tag("image", {**el, "preserveAspectRatio": "none", "xlink:href": href}))
            return
        if t is Rect:
            el = {"x": _num(p.x), "y": _num(p.y), "width": _num(p.w), "height": _num(p.h)}
            if p.r > 0:
                el["rx"] = el["ry"] = _num(p.r)
            name = "rect"
        elif t is Ellipse:
            el = {"cx": _num(p.cx), "cy": _num(p.cy), "rx": _num(p.rx), "ry": _num(p.ry)}
            name = "ellipse"
        elif t is PathPrim:
            el = {"d": _path_d(p.ops)}
            name = "path"
        else:
            raise TypeError(f"cannot draw {t.__name__}")
        self._paint(el, p.style)
        out.append(_tag(name, el))

    def _text(self, t: Text, out: list[str]) -> None:
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
                uses.append(f'<use x="{_num(pen)}" xlink:href="#{self._glyph(src, name)}" />')
            pen += adv
        x0 = t.start_x(pen * s)
        tag = f'<g fill="{_esc(t.colour)}" transform="translate({_num(x0)} {_num(t.y)}) scale({_num(s)} {_num(-s)})"'
        out.append(tag + ">" + "".join(uses) + "</g>" if uses else tag + " />")


def _path_d(ops) -> str:
    out = []
    for op in ops:
        out.append(op[0] + " ".join(_num(v) for v in op[1:]))
    return " ".join(out)
