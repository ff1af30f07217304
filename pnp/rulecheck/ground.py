"""The ground a symbol is drawn on: whether a point of a face lies inside the filled shapes of
one art as drawn there (a globe's land masses), for the `symbols_on` measure."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pnp.rulecheck.facts import FaceFacts, MarkFact, art_name

Point = tuple[float, float]


def ground_of(
    art: str, facts: FaceFacts, symbols: Mapping, mark: MarkFact | None = None
) -> tuple[MarkFact | None, Callable[[Point], bool] | None]:
    """The art's drawing on the face (None: not drawn), and a test of whether a point of the face
    lies inside its filled shapes (None: the art is not drawn, or not a drawing pnp has). With
    `mark`, that drawing of it; else its first."""
    mark = mark or next((k for k in facts.marks if k.art == art), None)
    sym = next((v for key, v in symbols.items() if art_name(key) == art), None)
    if mark is None or sym is None:
        return mark, None
    x0, y0, x1, y1 = mark.box
    sx, sy = (x1 - x0) / (sym.w or 1.0), (y1 - y0) / (sym.h or 1.0)
    # A coastline has thousands of edges: each is filed under the horizontal bands it
    # spans, so a point tests only the few edges of its own band.
    edges = [
        (a[0], a[1], b[0], b[1])
        for ring in rings(sym.children)
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
        if a[1] != b[1]  # a level edge never spans a point's height
    ]
    if not edges:
        return mark, lambda p: False
    low = min(min(e[1], e[3]) for e in edges)
    high = max(max(e[1], e[3]) for e in edges)
    count = max(1, len(edges) // 8)
    step = (high - low) / count

    def band(v: float) -> int:
        return min(int((v - low) / step), count - 1)

    bands: list[list[tuple[float, float, float, float]]] = [[] for _ in range(count)]
    for e in edges:
        for k in range(band(min(e[1], e[3])), band(max(e[1], e[3])) + 1):
            bands[k].append(e)

    def holds(p: Point) -> bool:
        """Even-odd: how many edges a ray to the right of the point crosses."""
        u, v = (p[0] - x0) / sx, (p[1] - y0) / sy
        if not low <= v < high:  # above or below every edge
            return False
        k = band(v)
        crossed = sum(
            (ay > v) != (by > v) and u < ax + (v - ay) * (bx - ax) / (by - ay)
            for ax, ay, bx, by in bands[k]
        )
        return crossed % 2 == 1

    return mark, holds


def rings(nodes, m=None) -> list[list[Point]]:
    """The closed outlines of every filled path in a drawing, in its own units (curves by their end points)."""
    from pnp.draw.primitives import IDENTITY, Group, Path, apply, multiply

    m = IDENTITY if m is None else m
    out: list[list[Point]] = []
    for n in nodes:
        if isinstance(n, Group):
            out += rings(n.children, multiply(m, n.transform))
        elif isinstance(n, Path) and n.style.fill:
            ring: list[Point] = []
            for op in n.ops:
                if op[0] == "M":
                    if len(ring) > 2:
                        out.append(ring)
                    ring = [apply(m, op[1], op[2])]
                elif op[0] in ("L", "C"):
                    ring.append(apply(m, op[-2], op[-1]))
            if len(ring) > 2:
                out.append(ring)
    return out
