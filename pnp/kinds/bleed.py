"""Art that reaches the bleed: what touches a face's edge is carried past it, so a cut that
wanders shows art, not white paper.

Three rules, one per sort of element:
- a box (rectangle) touching an edge grows outward by the bleed on that side;
- polygon points on an edge move outward by the bleed (bands and corner triangles);
- an image touching an edge is mirrored across it into the bleed, as print shops' bleed
  tools do: the art inside the trim stays exactly where it was, and the band past the edge
  continues it without stretching.
Everything else (text, symbols, circles) stays where it is drawn.
"""

from __future__ import annotations

from pnp.draw.primitives import Group, Rect, Style

EDGE_EPS = 0.01  # mm: a box this close to the edge touches it


def touching(
    x: float, y: float, w: float, h: float, fw: float, fh: float
) -> tuple[bool, bool, bool, bool]:
    """Which face edges (left, top, right, bottom) the box x, y, w, h reaches or passes."""
    return x <= EDGE_EPS, y <= EDGE_EPS, x + w >= fw - EDGE_EPS, y + h >= fh - EDGE_EPS


def grow_box(
    x: float, y: float, w: float, h: float, fw: float, fh: float, bleed: float
) -> tuple[float, float, float, float]:
    """The box with each side that touches the face's edge pushed out by `bleed`."""
    if bleed <= 0:
        return x, y, w, h
    left, top, right, bottom = touching(x, y, w, h, fw, fh)
    x0 = min(x, -bleed) if left else x
    y0 = min(y, -bleed) if top else y
    x1 = max(x + w, fw + bleed) if right else x + w
    y1 = max(y + h, fh + bleed) if bottom else y + h
    return x0, y0, x1 - x0, y1 - y0


def grow_points(
    points: list[tuple[float, float]], fw: float, fh: float, bleed: float
) -> list[tuple[float, float]]:
    """Points on the face's edge moved outward by `bleed`; the others unchanged."""
    if bleed <= 0:
        return points

    def out(v: float, whole: float) -> float:
        if v <= EDGE_EPS:
            return v - bleed
        if v >= whole - EDGE_EPS:
            return v + bleed
        return v

    return [(out(px, fw), out(py, fh)) for px, py in points]


SEAM_MM = 0.5  # wider than a pixel at the lowest shop resolution (72 dpi: 0.35 mm)


def mirrored_bleed(
    drawing, x: float, y: float, w: float, h: float, fw: float, fh: float, bleed: float
) -> list:
    """`drawing` (which fills the box x, y, w, h) with copies of it mirrored across each face
    edge the box touches, each clipped to the band of bleed beyond that edge (corners too).

    Two pictures that meet on a line each cover part of the pixel the line crosses, and the
    white under them shows through: a pale line exactly on the cut. So under the drawing goes
    each mirrored copy once more, moved SEAM_MM towards the face and clipped to its band grown
    that much inwards: every pixel the cut line crosses is covered whole before the exact
    copies are drawn, and inside the face the drawing covers the underlay again."""
    if bleed <= 0:
        return [drawing]
    left, top, right, bottom = touching(x, y, w, h, fw, fh)
    xs = [(0, 1.0, 0.0, x, w)]  # (side, factor, offset, band start, band width)
    if left:
        xs.append((-1, -1.0, 2 * x, x - bleed, bleed))
    if right:
        xs.append((1, -1.0, 2 * (x + w), x + w, bleed))
    ys = [(0, 1.0, 0.0, y, h)]
    if top:
        ys.append((-1, -1.0, 2 * y, y - bleed, bleed))
    if bottom:
        ys.append((1, -1.0, 2 * (y + h), y + h, bleed))
    under, over = [], []
    s = SEAM_MM
    for sx, ax, bx, cx, cw in xs:
        for sy, ay, by, cy, ch in ys:
            if sx == 0 and sy == 0:
                continue
            band = Rect(cx, cy, cw, ch, Style())
            over.append(Group((Group((drawing,), (ax, 0.0, 0.0, ay, bx, by)),), clip=band))
            grown = Rect(
                cx - s * (sx > 0), cy - s * (sy > 0), cw + s * abs(sx), ch + s * abs(sy), Style()
            )
            moved = (ax, 0.0, 0.0, ay, bx - s * sx, by - s * sy)
            under.append(Group((Group((drawing,), moved),), clip=grown))
    return [*under, drawing, *over]
