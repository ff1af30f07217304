"""Read an SVG (the art library's, or a user's own as Inkscape or Illustrator saves it) into
drawing primitives.

svgelements does the reading: paths with every command (arcs too), transforms, style
attributes, CSS classes in <style>, and shapes (rect, circle, ellipse, line, polyline,
polygon). Before it sees the file, pnp checks it as untrusted input with defusedxml: no
DOCTYPE or entities, nothing that reaches outside the file (external hrefs, images, scripts,
foreign objects), at most MAX_SVG_BYTES, MAX_ELEMENTS elements and MAX_DEPTH levels. A
gradient or pattern fill is refused with what to do instead: pnp prints flat colours.
"""

from __future__ import annotations

import io
import math
import re
from functools import lru_cache
from pathlib import Path

import defusedxml.ElementTree as SafeET
import svgelements as se
from defusedxml import DefusedXmlException

from pnp.draw.colours import resolve_colour
from pnp.draw.pathdata import ops_of
from pnp.draw.primitives import Group, Style
from pnp.draw.primitives import Path as PathPrim

REFUSED = {"image", "script", "foreignObject", "iframe", "video", "audio", "feImage"}
MAX_SVG_BYTES = 2_000_000
MAX_ELEMENTS = 20_000
MAX_DEPTH = 64  # nested groups; real art nests a handful deep
MAX_NUMBER = 1e9  # any coordinate after transforms; larger is no drawing, only overflow
MAX_SCALE = 1e9  # the combined transform of nested groups, either way
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# currentColor is read as this colour, then marked again: the art's tintable parts
_CURRENT = "#fe01fd"
_CAPS = {"butt", "round", "square"}
_JOINS = {"miter", "round", "bevel"}


class ArtError(ValueError):
    pass


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


@lru_cache(maxsize=512)
def read_art(path: str) -> tuple[tuple, float, float, float, float]:
    """(children, min_x, min_y, width, height) of an SVG file, with 'currentColor' kept as is."""
    p = Path(path)
    if p.stat().st_size > MAX_SVG_BYTES:
        raise ArtError(f"SVG file is larger than {MAX_SVG_BYTES:,} bytes")
    raw = p.read_bytes()
    if b"<!ENTITY" in raw or b"<!DOCTYPE" in raw:
        raise ArtError(
            "SVG declares a DOCTYPE or entities, which are refused (they can read other files)"
        )
    try:
        root = SafeET.fromstring(raw)
    except DefusedXmlException as exc:
        raise ArtError(f"SVG is refused: {exc}") from None
    except SafeET.ParseError as exc:
        raise ArtError(f"not a readable SVG: {exc}") from None
    if _local(root.tag) != "svg":
        raise ArtError("not an SVG file (the root element is not <svg>)")
    _check_tree(root)
    mx, my, w, h = _frame(root)
    # the drawing in its own units: without width and height, svgelements maps the viewBox onto itself
    for key in ("width", "height", "preserveAspectRatio"):
        root.attrib.pop(key, None)
    root.set("viewBox", f"{mx:g} {my:g} {w:g} {h:g}")
    try:
        doc = se.SVG.parse(io.BytesIO(SafeET.tostring(root)), color=_CURRENT)
    except Exception as exc:  # noqa: BLE001 - untrusted art into a third-party reader: any failure is bad art
        raise ArtError(f"not a readable SVG ({type(exc).__name__}: {exc})") from None
    children = []
    for el in doc.elements():
        if not isinstance(el, se.Shape) or isinstance(el, se.SVGImage):
            continue
        if el.values.get("visibility") == "hidden" or el.values.get("display") == "none":
            continue
        m = el.transform
        det = abs(m.a * m.d - m.b * m.c)
        if not all(
            math.isfinite(v) and abs(v) <= MAX_SCALE for v in (m.a, m.b, m.c, m.d, m.e, m.f)
        ) or not (1 / MAX_SCALE**2 <= det <= MAX_SCALE**2):
            raise ArtError(
                f"SVG transforms scale the drawing by more than {MAX_SCALE:g} (or to nothing)"
            )
        try:
            ops = ops_of(se.Path(el))
        except ValueError as exc:
            raise ArtError(str(exc)) from None
        if ops:
            children.append(PathPrim(ops, _style(el)))
    return tuple(children), mx, my, w, h


def _check_tree(root) -> None:
    """Refuse what could reach outside the file, and art too large or deep to be a drawing."""
    count = 0
    stack = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        count += 1
        if count > MAX_ELEMENTS:
            raise ArtError(f"SVG has more than {MAX_ELEMENTS:,} elements")
        if depth > MAX_DEPTH:
            raise ArtError(f"SVG nests elements more than {MAX_DEPTH} deep")
        tag = _local(el.tag) if isinstance(el.tag, str) else ""
        if tag in REFUSED:
            raise ArtError(
                f"SVG element <{tag}> is refused (it draws from outside the file, or runs code)"
            )
        for attr, value in el.attrib.items():
            v = value.strip()
            outside = _local(attr) == "href" and not v.startswith("#")
            if outside or ("url(" in v and not re.search(r"url\(\s*['\"]?#", v)):
                raise ArtError(
                    f"SVG <{tag}> refers to something outside itself ({_local(attr)}='{value}'), which is not supported"
                )
        if tag == "style" and el.text and re.search(r"@import|url\(\s*['\"]?(?!#)", el.text):
            raise ArtError("SVG's <style> refers to something outside itself (@import or url())")
        stack.extend((child, depth + 1) for child in el)


def _frame(root) -> tuple[float, float, float, float]:
    vb = root.get("viewBox")
    if vb:
        nums = [float(v) for v in _NUM.findall(vb)]
        if (
            len(nums) != 4
            or not all(math.isfinite(v) and abs(v) <= MAX_NUMBER for v in nums)
            or nums[2] <= 0
            or nums[3] <= 0
        ):
            raise ArtError(f"bad viewBox '{vb}'")
        return nums[0], nums[1], nums[2], nums[3]
    return 0.0, 0.0, _size(root.get("width")), _size(root.get("height"))


def _size(v: str | None) -> float:
    if not v:
        raise ArtError("SVG has neither a viewBox nor a width and height")
    m = _NUM.match(v.strip())
    if not m or not 0 < float(m.group()) <= MAX_NUMBER:
        raise ArtError(f"bad SVG size '{v}'")
    return float(m.group())


def _paint(el, key: str, colour) -> tuple[str | None, float]:
    """(#rrggbb, 'currentColor' or None, alpha) of an element's fill or stroke."""
    given = str(el.values.get(key, "") or "").strip()
    if given.startswith("url("):
        raise ArtError(
            f"SVG {key}s a shape with a gradient or pattern ({given}), which pnp does not print: "
            "give it a flat colour (Inkscape: Fill and Stroke, Flat colour; Illustrator: a solid swatch)"
        )
    if colour is None or colour.value is None:
        return None, 1.0
    hexcode = colour.hexrgb.lower()
    if hexcode == _CURRENT:
        return "currentColor", colour.opacity
    try:
        return resolve_colour(hexcode, {}), colour.opacity
    except ValueError:
        raise ArtError(f"unsupported colour '{given or hexcode}'") from None


def _style(el) -> Style:
    fill, fill_alpha = _paint(el, "fill", el.fill)
    stroke, stroke_alpha = _paint(el, "stroke", el.stroke)
    width = getattr(el, "implicit_stroke_width", None) or el.stroke_width or 0.0
    alphas = [a for c, a in ((fill, fill_alpha), (stroke, stroke_alpha)) if c is not None]
    opacity = (
        float(el.values.get("opacity", 1.0) or 1.0)
        if _NUM.fullmatch(str(el.values.get("opacity", "1")).strip())
        else 1.0
    )
    cap = str(el.values.get("stroke-linecap", "butt"))
    join = str(el.values.get("stroke-linejoin", "miter"))
    return Style(
        fill=fill,
        stroke=stroke,
        stroke_width=float(width) if math.isfinite(float(width)) else 1.0,
        opacity=min(1.0, max(0.0, opacity * (min(alphas) if alphas else 1.0))),
        evenodd=str(el.values.get("fill-rule", "nonzero")) == "evenodd",
        cap=cap if cap in _CAPS else "butt",
        join=join if join in _JOINS else "miter",
    )


def tint(children: tuple, colour: str | None) -> tuple:
    """Replace 'currentColor' with a real colour, all through the tree."""
    out = []
    for c in children:
        if isinstance(c, Group):
            out.append(Group(tint(c.children, colour), c.transform, c.clip))
        else:
            st = c.style
            if st.fill == "currentColor" or st.stroke == "currentColor":
                st = Style(
                    colour if st.fill == "currentColor" else st.fill,
                    colour if st.stroke == "currentColor" else st.stroke,
                    st.stroke_width,
                    st.dash,
                    st.opacity,
                    st.evenodd,
                    st.cap,
                    st.join,
                )
                c = type(c)(*[st if f == "style" else getattr(c, f) for f in c.__slots__])
            out.append(c)
    return tuple(out)
