"""A face is a tree of these immutable primitives. Both engines draw exactly these."""

from __future__ import annotations

import math
from dataclasses import dataclass

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
KAPPA = 0.5522847498  # a quarter circle as one cubic Bézier


@dataclass(frozen=True, slots=True)
class Style:
    fill: str | None = None  # '#rrggbb' or None
    stroke: str | None = None
    stroke_width: float = 0.3
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0
    evenodd: bool = False
    cap: str = "butt"  # butt|round|square
    join: str = "miter"  # miter|round|bevel


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    r: float = 0.0


@dataclass(frozen=True, slots=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    style: Style


@dataclass(frozen=True, slots=True)
class Path:
    """ops: ('M', x, y), ('L', x, y), ('C', x1, y1, x2, y2, x, y), ('Z',); all absolute."""

    ops: tuple
    style: Style


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; (x, y) is the baseline point at the anchor."""

    x: float
    y: float
    text: str
    font: str  # a font key known to the FontBook
    size: float  # em size in mm
    colour: str
    anchor: str = "start"  # start|middle|end

    def start_x(self, width: float) -> float:
        """Where a line `width` wide starts, for this anchor."""
        return self.x - (
            width / 2 if self.anchor == "middle" else width if self.anchor == "end" else 0.0
        )


@dataclass(frozen=True, slots=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    file: str  # absolute path of a PNG or JPEG


@dataclass(frozen=True, slots=True)
class Group:
    children: tuple
    transform: Matrix = IDENTITY
    clip: Rect | Ellipse | Path | None = None  # in the group's own coordinates


@dataclass(frozen=True, slots=True)
class Use:
    """Draw a symbol defined once (a form XObject in PDF, <symbol> in SVG)."""

    symbol: str
    transform: Matrix = IDENTITY


@dataclass(frozen=True, slots=True)
class Symbol:
    id: str
    children: tuple
    w: float
    h: float


def translate(x: float, y: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(deg: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    """Clockwise on the page (y grows downward)."""
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    if abs(c) < 1e-12:
        c = 0.0
    if abs(s) < 1e-12:
        s = 0.0
    return multiply(translate(cx, cy), multiply((c, s, -s, c, 0.0, 0.0), translate(-cx, -cy)))


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies n first, then m."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def invert(m: Matrix) -> Matrix | None:
    """The matrix that undoes m; None when m flattens the plane."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def place(
    x: float,
    y: float,
    sx: float = 1.0,
    sy: float | None = None,
    rot: float = 0.0,
    w: float = 0.0,
    h: float = 0.0,
) -> Matrix:
    """Move a w×h drawing to (x, y), scaled, turned clockwise about its centre."""
    m = multiply(translate(x, y), scale(sx, sy))
    if rot:
        m = multiply(m, rotate(rot, w / 2, h / 2))
    return m


def line(x1: float, y1: float, x2: float, y2: float, style: Style) -> Path:
    return Path((("M", x1, y1), ("L", x2, y2)), style)


def polygon(points, style: Style, closed: bool = True) -> Path:
    ops = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    if closed:
        ops.append(("Z",))
    return Path(tuple(ops), style)


def outline_ops(shape: Rect | Ellipse) -> tuple:
    """A rounded rectangle or an ellipse as path ops (M, L, C, Z), the same in every engine."""
    if type(shape) is Ellipse:
        cx, cy, rx, ry = shape.cx, shape.cy, shape.rx, shape.ry
        kx, ky = rx * KAPPA, ry * KAPPA
        return (
            ("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
            ("Z",),
        )
    x, y, w, h = shape.x, shape.y, shape.w, shape.h
    r = min(shape.r, abs(w) / 2, abs(h) / 2)
    k = r * (1 - KAPPA)
    x2, y2 = x + w, y + h
    return (
        ("M", x + r, y), ("L", x2 - r, y), ("C", x2 - k, y, x2, y + k, x2, y + r),
        ("L", x2, y2 - r), ("C", x2, y2 - k, x2 - k, y2, x2 - r, y2),
        ("L", x + r, y2), ("C", x + k, y2, x, y2 - k, x, y2 - r),
        ("L", x, y + r), ("C", x, y + k, x + k, y, x + r, y), ("Z",),
    )  # fmt: skip


def measure(*drawings) -> tuple[int, int]:
    """(drawing operations, characters of text) in drawings; a shared symbol counts once."""
    prims = chars = 0
    stack = [d for d in drawings if d is not None]
    while stack:
        d = stack.pop()
        t = type(d)  # the exact types first: this runs for every face
        if t is Group or (t is not Text and t is not Path and isinstance(d, Group)):
            stack.extend(d.children)
            prims += 1
        elif t is Text or isinstance(d, Text):
            prims += 1
            chars += len(d.text)
        elif t is Path or isinstance(d, Path):
            prims += len(d.ops)
        elif t is tuple or t is list or isinstance(d, (list, tuple)):
            stack.extend(d)
        else:
            prims += 1
    return prims, chars


def spend_drawing(what: str, *drawings) -> None:
    """Check one face's (or symbol's) drawing against the budget, and count its text."""
    from pnp import budget

    prims, chars = measure(*drawings)
    where = {"key": f"items ({what})"}
    budget.check("primitives", prims, **where)
    budget.check("text", chars, **where)
