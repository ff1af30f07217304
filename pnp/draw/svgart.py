"""Read a small SVG (the art library's format, or a user's own) into drawing primitives.

Only shapes are read: g, path, rect, circle, ellipse, line, polyline, polygon, with
presentation attributes. Anything that could reach outside the file (entities, external
references, scripts, images) is refused, so a drawing never depends on the machine.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from pnp.draw.colours import resolve_colour
from pnp.draw.pathdata import parse_path
from pnp.draw.primitives import (
    IDENTITY,
    Ellipse,
    Group,
    Rect,
    Style,
    multiply,
    polygon,
    rotate,
    scale,
    translate,
)
from pnp.draw.primitives import Path as PathPrim

SHAPES = {"g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
IGNORED = {"title", "desc", "metadata", "defs"}
MAX_SVG_BYTES = 2_000_000
MAX_ELEMENTS = 20_000
MAX_DEPTH = 64  # nested groups; real art nests a handful deep
MAX_NUMBER = 1e9  # any coordinate, size or transform entry; larger is no drawing, only overflow
MAX_SCALE = 1e9  # the combined transform of nested groups, either way
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


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
        raise ArtError("SVG declares a DOCTYPE or entities, which are refused (they can read other files)")
    try:
        root = SafeET.fromstring(raw)
    except DefusedXmlException as exc:
        raise ArtError(f"SVG is refused: {exc}") from None
    except SafeET.ParseError as exc:
        raise ArtError(f"not a readable SVG: {exc}") from None
    if _local(root.tag) != "svg":
        raise ArtError("not an SVG file (the root element is not <svg>)")
    vb = root.get("viewBox")
    if vb:
        nums = [float(v) for v in _NUM.findall(vb)]
        if len(nums) != 4 or not all(math.isfinite(v) for v in nums) or nums[2] <= 0 or nums[3] <= 0:
            raise ArtError(f"bad viewBox '{vb}'")
        mx, my, w, h = nums
    else:
        mx = my = 0.0
        w, h = _size(root.get("width")), _size(root.get("height"))
    if sum(1 for _ in root.iter()) > MAX_ELEMENTS:
        raise ArtError(f"SVG has more than {MAX_ELEMENTS:,} elements")
    children = tuple(_children(root, {"fill": "#000000", "stroke": None, "stroke-width": 1.0}, 0, IDENTITY))
    return children, mx, my, w, h


def _size(v: str | None) -> float:
    if not v:
        raise ArtError("SVG has neither a viewBox nor a width and height")
    m = _NUM.match(v.strip())
    if not m or not 0 < float(m.group()) < math.inf:
        raise ArtError(f"bad SVG size '{v}'")
    return float(m.group())


def _children(node, inherited: dict, depth: int, ctm: tuple) -> list:
    if depth > MAX_DEPTH:
        raise ArtError(f"SVG nests elements more than {MAX_DEPTH} deep")
    out = []
    for el in node:
        tag = _local(el.tag)
        if tag in IGNORED:
            continue
        if tag not in SHAPES:
            raise ArtError(f"SVG element <{tag}> is not supported (only shapes: {', '.join(sorted(SHAPES))})")
        for attr, value in el.attrib.items():
            if _local(attr) == "href" or value.strip().lower().startswith(("url(", "http:", "https:", "file:")):
                if "url(#" not in value:
                    raise ArtError(f"SVG refers to something outside itself ({_local(attr)}='{value}')")
        style = dict(inherited)
        for key in ("fill", "stroke", "stroke-width", "fill-rule", "opacity", "stroke-linecap", "stroke-linejoin"):
            if el.get(key) is not None:
                style[key] = el.get(key)
        if el.get("style"):
            for part in el.get("style").split(";"):
                if ":" in part:
                    k, v = (s.strip() for s in part.split(":", 1))
                    style[k] = v
        shape = _shape(tag, el, style)
        m = _transform(el.get("transform"))
        inner = _combined(ctm, m) if m != IDENTITY else ctm
        if tag == "g":
            kids = tuple(_children(el, style, depth + 1, inner))
            out.append(Group(kids, m) if m != IDENTITY else Group(kids))
        elif shape is not None:
            out.append(Group((shape,), m) if m != IDENTITY else shape)
    return out


def _combined(ctm: tuple, m: tuple) -> tuple:
    """The transform of a nested element, refused when it overflows or flattens the drawing."""
    out = multiply(ctm, m)
    a, b, c, d = out[:4]
    det = abs(a * d - b * c)
    if not all(math.isfinite(v) and abs(v) <= MAX_SCALE for v in out) or not 1 / MAX_SCALE**2 <= det <= MAX_SCALE**2:
        raise ArtError(f"SVG transforms scale the drawing by more than {MAX_SCALE:g} (or to nothing)")
    return out


def _num(text: str, what: str) -> float:
    v = float(text)
    if not abs(v) <= MAX_NUMBER:
        raise ArtError(f"{what} {text} is out of range (at most {MAX_NUMBER:g} either way)")
    return v


def _f(el, name: str, default: float = 0.0) -> float:
    v = el.get(name)
    if v is None:
        return default
    m = _NUM.match(v.strip())
    if not m:
        raise ArtError(f"bad number {name}='{v}'")
    return _num(m.group(), name)


def _style(style: dict) -> Style:
    def col(v):
        if v is None or v == "none":
            return None
        if v == "currentColor":
            return "currentColor"
        try:
            return resolve_colour(v, {})
        except ValueError:
            raise ArtError(f"unsupported colour '{v}' (use #rrggbb, a name, none or currentColor)") from None

    sw = style.get("stroke-width", 1.0)
    try:
        sw = float(_NUM.match(str(sw)).group())
    except AttributeError:
        sw = 1.0
    return Style(
        fill=col(style.get("fill")),
        stroke=col(style.get("stroke")),
        stroke_width=sw,
        opacity=_opacity(style.get("opacity", 1.0)),
        evenodd=style.get("fill-rule") == "evenodd",
        cap=style.get("stroke-linecap", "butt"),
        join=style.get("stroke-linejoin", "miter"),
    )


def _opacity(v) -> float:
    m = _NUM.match(str(v).strip())
    if not m:
        raise ArtError(f"bad opacity '{v}'")
    return min(1.0, max(0.0, float(m.group())))


def _shape(tag: str, el, style: dict):
    if tag == "g":
        return None
    st = _style(style)
    if tag == "path":
        try:
            return PathPrim(parse_path(el.get("d", "")), st)
        except ValueError as exc:
            raise ArtError(str(exc)) from None
    if tag == "rect":
        return Rect(_f(el, "x"), _f(el, "y"), _f(el, "width"), _f(el, "height"), st, _f(el, "rx", _f(el, "ry")))
    if tag == "circle":
        r = _f(el, "r")
        return Ellipse(_f(el, "cx"), _f(el, "cy"), r, r, st)
    if tag == "ellipse":
        return Ellipse(_f(el, "cx"), _f(el, "cy"), _f(el, "rx"), _f(el, "ry"), st)
    if tag == "line":
        return polygon([(_f(el, "x1"), _f(el, "y1")), (_f(el, "x2"), _f(el, "y2"))], st, closed=False)
    nums = [_num(v, "point") for v in _NUM.findall(el.get("points", ""))]
    pts = list(zip(nums[::2], nums[1::2], strict=False))
    if len(pts) < 2:
        raise ArtError(f"<{tag}> needs at least two points")
    return polygon(pts, st, closed=(tag == "polygon"))


def _transform(text: str | None):
    if not text:
        return IDENTITY
    m = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        a = [float(v) for v in _NUM.findall(args)]
        if not a or not all(abs(v) <= MAX_NUMBER for v in a):
            raise ArtError(f"bad transform '{name}({args})' (numbers at most {MAX_NUMBER:g} either way)")
        if name == "translate":
            t = translate(a[0], a[1] if len(a) > 1 else 0.0)
        elif name == "scale":
            t = scale(a[0], a[1] if len(a) > 1 else None)
        elif name == "rotate":
            t = rotate(a[0], *(a[1:3] if len(a) >= 3 else (0.0, 0.0)))
        elif name == "matrix" and len(a) == 6:
            t = tuple(a)
        else:
            raise ArtError(f"unsupported transform '{name}'")
        m = multiply(m, t)
    return m


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
                    st.stroke_width, st.dash, st.opacity, st.evenodd, st.cap, st.join,
                )
                c = type(c)(*[st if f == "style" else getattr(c, f) for f in c.__slots__])
            out.append(c)
    return tuple(out)
