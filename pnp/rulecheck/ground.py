"""The ground a symbol is drawn on: whether a point of a face lies inside the filled shapes of
one art as drawn there (a globe's land masses), for the `symbols_on` measure."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping

from pnp.memo import ByIdentity
from pnp.rulecheck.facts import FaceFacts, MarkFact, art_name, odd_runs

Point = tuple[float, float]


def ground_of(
    art: str, facts: FaceFacts, symbols: Mapping, mark: MarkFact | None = None
) -> tuple[MarkFact | None, Ground | None]:
    """The art's drawing on the face (None: not drawn), and a test of whether a point of the face
    lies inside its filled shapes (None: the art is not drawn, or not a drawing pnp has). With
    `mark`, that drawing of it; else its first."""
    mark = mark or next((k for k in facts.marks if k.art == art), None)
    land = _outline(art, symbols) if mark is not None else None
    if mark is None or land is None:
        return mark, None
    return mark, Ground(land, mark.box)


class Ground:
    """An art's outline as drawn in a box of the face: called with a point, whether it lies
    inside; `row(y)`, the same test for the points of one height."""

    def __init__(self, land: _Outline, box) -> None:
        self.land = land
        x0, y0, x1, y1 = box
        self.x0, self.y0 = x0, y0
        self.sx, self.sy = (x1 - x0) / (land.w or 1.0), (y1 - y0) / (land.h or 1.0)

    def __call__(self, p: Point) -> bool:
        return self.land.holds((p[0] - self.x0) / self.sx, (p[1] - self.y0) / self.sy)

    def row(self, y: float) -> Callable[[float], bool]:
        xs = self.land.crossings((y - self.y0) / self.sy)
        x0, sx = self.x0, self.sx
        return lambda x: (len(xs) - bisect.bisect_right(xs, (x - x0) / sx)) % 2 == 1

    def across(self, xs: list[float]) -> list[float]:
        """Points of the face, sorted, in the art's own units, for `runs`."""
        x0, sx = self.x0, self.sx
        return [(x - x0) / sx for x in xs]

    def runs(self, y: float, across: list[float]) -> list[tuple[int, int]]:
        """`row(y)` for every point of `across` at once: the runs of indices lo:hi inside."""
        return odd_runs(self.land.crossings((y - self.y0) / self.sy), across)


class _Outline:
    """The filled shapes of one art, in its own units, as edges filed by height band: a
    coastline has thousands of edges, and a point tests only the few of its own band."""

    def __init__(self, sym) -> None:
        self.w, self.h = sym.w, sym.h
        edges = [
            (a[0], a[1], b[0], b[1])
            for ring in rings(sym.children)
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
            if a[1] != b[1]  # a level edge never spans a point's height
        ]
        self.low = min((min(e[1], e[3]) for e in edges), default=0.0)
        self.high = max((max(e[1], e[3]) for e in edges), default=0.0)
        self.count = max(1, len(edges) // 8)
        self.step = (self.high - self.low) / self.count
        self.bands: list[list[tuple[float, float, float, float]]] = [[] for _ in range(self.count)]
        for e in edges:
            for k in range(self.band(min(e[1], e[3])), self.band(max(e[1], e[3])) + 1):
                self.bands[k].append(e)
        # the crossings of a ray at one height, sorted: the points of a row (a cell's
        # lattice, a text's box) share it
        self.rows: dict[float, list[float]] = {}

    def band(self, v: float) -> int:
        return min(int((v - self.low) / self.step), self.count - 1)

    def holds(self, u: float, v: float) -> bool:
        """Even-odd: how many edges a ray to the right of the point crosses."""
        xs = self.crossings(v)
        return (len(xs) - bisect.bisect_right(xs, u)) % 2 == 1

    def crossings(self, v: float) -> list[float]:
        """Where a ray at height v crosses the edges, sorted."""
        if not self.low <= v < self.high:  # above or below every edge (or no edges at all)
            return []
        xs = self.rows.get(v)
        if xs is None:
            xs = self.rows[v] = sorted(
                ax + (v - ay) * (bx - ax) / (by - ay)
                for ax, ay, bx, by in self.bands[self.band(v)]
                if (ay > v) != (by > v)
            )
        return xs


# a game's drawings (its symbols) -> art name -> its outline: made once in a build
_GROUNDS: ByIdentity[Mapping, dict[str, _Outline]] = ByIdentity(lambda symbols: {}, limit=16)


def _outline(art: str, symbols: Mapping) -> _Outline | None:
    """The art's outline, made once for a game's drawings; None: not a drawing pnp has."""
    made = _GROUNDS(symbols)
    got = made.get(art)
    if got is None:
        sym = next((v for k, v in symbols.items() if art_name(k) == art), None)
        if sym is None:
            return None  # not kept: a symbol defined later may be it
        got = made[art] = _Outline(sym)
    return got


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
