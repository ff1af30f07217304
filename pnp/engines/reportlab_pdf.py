"""Draw pages of primitives straight into a PDF. Symbols become form XObjects.

reportlab provides the document: fonts (TrueType subsets), outlines, the info dictionary,
reached through rl_internals (the one module that touches its private internals). Raster
images are copied in by pdf_images. Pages are encoded here as PDF operators and streamed to the file as soon as
they are drawn, so a document of any length holds one page in memory, not all of them:

- each page's content is compressed and written at once; only its object number stays;
- every page and form shares one resource dictionary, written at the end;
- a page whose content equals a recent page's (the back page of every full sheet of a
  shared back) points at the same content stream: it is stored once;
- each raster file is written once, however often it is drawn;
- reportlab's own objects (fonts, outlines, catalog) are written at close().
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName
from reportlab.pdfbase.ttfonts import TTFont

from pnp.draw.colours import rgb
from pnp.draw.fonts import FontBook
from pnp.draw.ident import stable_hash
from pnp.draw.primitives import Group, Image, Rect, Style, Text, Use, outline_ops
from pnp.draw.primitives import Path as PathPrim
from pnp.draw.symbols import SymbolBook
from pnp.engines import DocInfo
from pnp.engines.page_boxes import page_boxes
from pnp.engines.pdf_images import Stream, image_streams
from pnp.engines.rl_internals import RLDocument, SharedResources
from pnp.fontfiles import truetype_source
from pnp.memo import ByIdentity
from pnp.units import mm_to_pt

K = 72.0 / 25.4
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
RECENT_PAGES = 32  # identical page contents looked for among this many recent ones
_registered: dict[str, str] = {}


def font_name(fonts: FontBook, key: str) -> str:
    path = str(fonts.files[key])
    if path not in _registered:
        name = f"pnp{len(_registered)}-{Path(path).stem}"
        pdfmetrics.registerFont(TTFont(name, truetype_source(fonts.files[key])))  # CFF: as TrueType
        _registered[path] = name
    return _registered[path]


def _n(v: float, known: dict = {}) -> str:  # noqa: B006 - a deliberate memo, by value
    """A length in mm: four decimals are a tenth of a micrometre.

    Formatted once per value: the shipped games' paths hold 54,000 numbers of 1,600 values.
    Zero is not kept: 0.0 and -0.0 are one key, but print "0" and "-0"."""
    s = known.get(v)
    if s is None:
        s = f"{v:.4f}".rstrip("0").rstrip(".")
        if v:
            if len(known) >= 65536:
                known.clear()
            known[v] = s
    return s


def _m(v: float) -> str:
    """A matrix factor: more digits, never an exponent."""
    r = round(v, 6)
    i = int(r)
    return str(i) if r == i else f"{r:.6f}".rstrip("0")


def _cm(m, cache: dict = {}) -> str:  # noqa: B006 - a deliberate memo: a grid's places recur on every sheet
    s = cache.get(m)
    if s is None:
        a, b, c, d, e, f = m
        s = f"{_m(a)} {_m(b)} {_m(c)} {_m(d)} {_n(e)} {_n(f)} cm"
        if len(cache) >= 4096:
            cache.clear()
        cache[m] = s
    return s


def _colour(hexcode: str, op: str, gray: bool = False, cache: dict = {}) -> str:  # noqa: B006 - a deliberate memo
    """The PDF operator setting a colour (op: rg fill, RG stroke). With `gray`, a neutral colour
    (black, a grey) is DeviceGray, which a printer prints with its black ink alone, where a
    DeviceRGB black may be mixed from all four inks (the ink-saver's)."""
    key = (hexcode, op, gray)
    s = cache.get(key)
    if s is None:
        r, g, b = rgb(hexcode)
        if gray and r == g == b:
            s = f"{_m(r)} {'g' if op == 'rg' else 'G'}"
        else:
            s = f"{_m(r)} {_m(g)} {_m(b)} {op}"
        cache[key] = s
    return s


class Shared:
    """What the PDFs of one build work out once for all of them (its A4 and Letter PDFs draw
    the same faces): each path's operators, and each line of text's width and kerning. What
    depends on the document (a font's subset codes, a form's or image's object) stays with
    each writer."""

    def __init__(self):
        self.paths = ByIdentity(_ops, limit=16384)  # a path's ops tuple -> its operators
        self.metrics: dict[tuple, tuple[float, list[float]]] = {}  # (font, text, size) -> ...


class ReportlabWriter:
    """One PDF. Call page() for each page in order, then close(); `shared` (a Shared) is what
    the other PDFs of the same build have worked out already."""

    def __init__(
        self, path: Path, info: DocInfo, fonts: FontBook, symbols: SymbolBook, gray: bool = False,
        shared: Shared | None = None,
    ):  # fmt: skip
        self.gray = gray  # neutral colours in DeviceGray: black ink only (--ink-saver)
        self.shared = shared or Shared()
        self.fonts = fonts
        self.symbols = symbols
        self.path = path
        self.rl = RLDocument(str(path), info, font_name(fonts, "regular"))
        self.xobjects: dict[str, str] = {}  # resource name -> internal object id
        self.states: dict[str, PDFDictionary] = {}  # ExtGState name -> dictionary
        self.resources = self.rl.reference(SharedResources(self.xobjects, self.states))
        self.pages_id = self.rl.pages_id()
        self.kids: list[int] = []  # object numbers of the pages, in order
        self.offsets: dict[int, int] = {}  # object number -> file offset, for what is written
        self.recent: dict[bytes, int] = {}  # digest of page content -> its stream's object number
        self.defined: dict[str, str] = {}  # symbol id -> form resource name
        self.images: dict[str, str] = {}  # file -> image resource name
        self.image_digests: dict[bytes, str] = {}  # file content digest -> image resource name
        self.text_cache: dict[tuple, tuple[str, float]] = {}
        self.outlines: dict[tuple, str] = {}
        self.drawn = ByIdentity(self._draw_one)  # a primitive's operators (not a group's)
        self.bookmarks = 0
        self.fh = open(path, "wb")  # noqa: SIM115 - closed in close()
        self._write(b"%PDF-1.4\n%\x93\x8c\x8b\x9e pnp\n")

    # --- the file ------------------------------------------------------------
    def _write(self, data: bytes) -> int:
        at = self.fh.tell()
        self.fh.write(data)
        return at

    def _number(self) -> int:
        """A fresh object number that is not one of reportlab's objects."""
        return self.rl.new_number()

    def _put(self, num: int, body: bytes) -> None:
        self.offsets[num] = self._write(b"%d 0 obj\n" % num + body + b"\nendobj\n")

    def _stream(self, content: str | bytes, extra: str = "") -> int:
        data = content.encode("latin-1") if isinstance(content, str) else content
        return self._raw_stream(Stream(extra + "/Filter /FlateDecode", zlib.compress(data, 6)))

    # --- pages -----------------------------------------------------------------
    def page(
        self,
        w: float,
        h: float,
        prims: Iterable,
        bookmark: str | None = None,
        boxes: dict | None = None,
    ) -> None:
        """One page w × h mm; `boxes` names page boxes ('TrimBox', 'BleedBox') as (x, y, w, h) mm
        from the top-left; without a TrimBox the whole page is the trim (pnp/engines/page_boxes.py)."""
        out: list[str] = [f"q {_m(K)} 0 0 {_m(-K)} 0 {_n(mm_to_pt(h))} cm"]
        for p in prims:
            self._draw(p, out)
        out.append("Q")
        content = "\n".join(out).encode("latin-1")  # once, for the digest and the stream
        key = hashlib.blake2b(content, digest_size=16).digest()
        stream = self.recent.get(key)
        if stream is None:
            stream = self._stream(content)
            self.recent[key] = stream
            if len(self.recent) > RECENT_PAGES:
                del self.recent[next(iter(self.recent))]
        num = self._number()
        self.kids.append(num)
        if bookmark:
            self.rl.bookmark(len(self.kids), num, bookmark, f"b{self.bookmarks}")
            self.bookmarks += 1
        res = self.rl.number(self.resources)
        parent = self.rl.number(self.pages_id)
        body = (
            f"<< /Type /Page /Parent {parent} 0 R /MediaBox [0 0 {_n(mm_to_pt(w))} {_n(mm_to_pt(h))}]"
            + page_boxes(w, h, boxes)
            + f" /Resources {res} 0 R /Contents {stream} 0 R >>"
        )
        self._put(num, body.encode("latin-1"))

    def close(self) -> None:
        try:
            self._finish()
        finally:
            self.fh.close()

    def _finish(self) -> None:
        pages_num = self.rl.number(self.pages_id)
        kids = " ".join(f"{k} 0 R" for k in self.kids)
        self._put(
            pages_num,
            f"<< /Type /Pages /Count {len(self.kids)} /Kids [{kids}] >>".encode("latin-1"),
        )
        for n, body in self.rl.finish(set(self.offsets)):
            self.offsets[n] = self._write(body)
        total = self.rl.count()
        xref = [b"xref\n0 %d\n0000000000 65535 f \n" % (total + 1)]
        xref += [b"%010d 00000 n \n" % self.offsets[i] for i in range(1, total + 1)]
        at = self._write(b"".join(xref))
        self._write(self.rl.trailer(at))

    # --- symbols -------------------------------------------------------------
    def _form(self, ident: str) -> str:
        name = self.defined.get(ident)
        if name is None:
            sym = self.symbols[ident]
            out: list[str] = []
            for p in sym.children:
                self._draw(p, out)
            name = _form_name(ident)
            num = self._stream(
                "\n".join(out),
                f"/Type /XObject /Subtype /Form /BBox [-10000 -10000 10000 10000] /Resources "
                f"{self.rl.number(self.resources)} 0 R ",
            )
            oid = f"pnpForm{num}"
            self.rl.name_number(oid, num)
            self.xobjects[name] = oid
            self.defined[ident] = name
        return name

    def _image(self, file: str) -> str:
        name = self.images.get(file)
        if name is None:
            raw = Path(file).read_bytes()
            digest = hashlib.blake2b(raw, digest_size=16).digest()
            name = self.image_digests.get(digest)
            if name is None:
                # named by its bytes, not its path: the same wherever the game folder lies
                name = "Im" + digest.hex()[:12]
                image, mask = image_streams(raw)
                if mask is not None:
                    image = Stream(f"{image.head} /SMask {self._raw_stream(mask)} 0 R", image.data)
                num = self._raw_stream(image)
                oid = f"pnpImage{num}"
                self.rl.name_number(oid, num)
                self.xobjects[name] = oid
                self.image_digests[digest] = name
            self.images[file] = name
        return name

    def _raw_stream(self, s: Stream) -> int:
        num = self._number()
        head = f"<< {s.head} /Length {len(s.data)} >>\nstream\n".encode("latin-1")
        self._put(num, head + s.data + b"\nendstream")
        return num

    def _alpha(self, key: str, value: float) -> str:
        name = f"GS{key}{int(round(value * 1000))}"
        if name not in self.states:
            self.states[name] = PDFDictionary({"Type": PDFName("ExtGState"), key: round(value, 4)})
        return name

    # --- drawing -------------------------------------------------------------
    def _draw(self, p, out: list[str]) -> None:
        if type(p) is not Group:
            # a shape, line of text or symbol many faces share (kinds draw an element once per
            # value) is encoded once: the same object draws the same operators
            hit = self.drawn.entries.get(id(p))
            out.extend(hit[1] if hit is not None and hit[0] is p else self.drawn(p))
            return
        out.append("q")
        if p.transform != IDENTITY:
            out.append(_cm(p.transform))
        if p.clip is not None:
            self._outline(p.clip, out)
            out.append("W n")
        for child in p.children:
            self._draw(child, out)
        out.append("Q")

    def _draw_one(self, p) -> list[str]:
        out: list[str] = []
        t = type(p)
        if t is Use:
            name = self._form(p.symbol)
            if p.transform == IDENTITY:
                out.append(f"/{name} Do")
            else:
                out.append(f"q {_cm(p.transform)} /{name} Do Q")
        elif t is Text:
            self._text(p, out)
        elif t is Image:
            name = self._image(p.file)
            out.append(f"q {_n(p.w)} 0 0 {_n(-p.h)} {_n(p.x)} {_n(p.y + p.h)} cm /{name} Do Q")
        else:
            st = p.style
            fill, stroke = st.fill is not None, st.stroke is not None
            if not fill and not stroke:
                return out
            wrap = st.opacity < 1 or st.dash or st.cap != "butt" or st.join != "miter"
            if wrap:
                out.append("q")
            self._paint(st, out)
            self._outline(p, out)
            if fill and stroke:
                out.append("B*" if st.evenodd else "B")
            elif fill:
                out.append("f*" if st.evenodd else "f")
            else:
                out.append("S")
            if wrap:
                out.append("Q")
        return out

    def _paint(self, st: Style, out: list[str]) -> None:
        if st.fill is not None:
            out.append(_colour(st.fill, "rg", self.gray))
            if st.opacity < 1:
                out.append(f"/{self._alpha('ca', st.opacity)} gs")
        if st.stroke is not None:
            out.append(_colour(st.stroke, "RG", self.gray))
            out.append(f"{_n(st.stroke_width)} w")
            if st.opacity < 1:
                out.append(f"/{self._alpha('CA', st.opacity)} gs")
            if st.dash:
                out.append("[" + " ".join(_n(v) for v in st.dash) + "] 0 d")
            if st.cap != "butt":
                out.append(f"{CAPS.get(st.cap, 0)} J")
            if st.join != "miter":
                out.append(f"{JOINS.get(st.join, 0)} j")

    def _text(self, t: Text, out: list[str]) -> None:
        key = (t.font, t.text, t.size)
        hit = self.text_cache.get(key)
        if hit is None:
            metrics = self.shared.metrics.get(key)
            if metrics is None:
                fm = self.fonts.metrics(t.font)
                metrics = (fm.width(t.text, t.size), fm.kerns(t.text))
                if len(self.shared.metrics) > 16384:
                    self.shared.metrics.clear()
                self.shared.metrics[key] = metrics
            shows = self.rl.show(font_name(self.fonts, t.font), t.text, _n(t.size), metrics[1])
            hit = (shows, metrics[0])
            if len(self.text_cache) > 4096:
                self.text_cache.clear()
            self.text_cache[key] = hit
        shows, width = hit
        x = t.start_x(width)
        out.append(
            f"BT {_colour(t.colour, 'rg', self.gray)} 1 0 0 -1 {_n(x)} {_n(t.y)} Tm {shows} ET"
        )

    def _outline(self, shape, out: list[str]) -> None:
        t = type(shape)
        if t is PathPrim:
            out.append(self.shared.paths(shape.ops))
            return
        # the same card outline is clip, background and cut line of every card: encode it once
        key = (
            (t, shape.x, shape.y, shape.w, shape.h, shape.r)
            if t is Rect
            else (t, shape.cx, shape.cy, shape.rx, shape.ry)
        )
        hit = self.outlines.get(key)
        if hit is None:
            part: list[str] = []
            self._shape(shape, part)
            if len(self.outlines) > 4096:
                self.outlines.clear()
            hit = self.outlines[key] = part[0]
        out.append(hit)

    def _shape(self, shape, out: list[str]) -> None:
        if type(shape) is Rect and shape.r <= 0:
            out.append(f"{_n(shape.x)} {_n(shape.y)} {_n(shape.w)} {_n(shape.h)} re")
        else:
            out.append(_ops(outline_ops(shape)))


def _ops(ops) -> str:
    n = _n
    parts = []
    for op in ops:
        k = op[0]
        if k == "M":
            parts.append(f"{n(op[1])} {n(op[2])} m")
        elif k == "L":
            parts.append(f"{n(op[1])} {n(op[2])} l")
        elif k == "C":
            parts.append(" ".join([n(v) for v in op[1:]]) + " c")
        else:
            parts.append("h")
    return " ".join(parts)


def _form_name(ident: str) -> str:
    return "F" + "".join(ch if ch.isalnum() else "_" for ch in ident)[:60] + stable_hash(ident)
