"""Polyomino geometry: pieces as sets of (column, row) squares, their turns and outlines."""

from __future__ import annotations

Cell = tuple[int, int]


def normalise(cells) -> frozenset[Cell]:
    c0 = min(c for c, _ in cells)
    r0 = min(r for _, r in cells)
    return frozenset((c - c0, r - r0) for c, r in cells)


def rotations(cells: frozenset[Cell]) -> list[frozenset[Cell]]:
    """The piece turned 0, 90, 180 and 270 degrees, without repeats (never mirrored: the sides differ)."""
    out: list[frozenset[Cell]] = []
    cur = normalise(cells)
    for _ in range(4):
        if cur not in out:
            out.append(cur)
        cur = normalise({(-r, c) for c, r in cur})
    return out


def extent(cells) -> tuple[int, int]:
    return max(c for c, _ in cells) + 1, max(r for _, r in cells) + 1


def connected(cells: frozenset[Cell]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        c, r = todo.pop()
        for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def outline_loops(cells) -> list[list[tuple[int, int]]]:
    """The boundary of a set of squares as closed loops of grid points (outer edge and any holes)."""
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    cellset = set(cells)
    for c, r in cellset:
        # clockwise on the page (y down): top, right, bottom, left, kept where no neighbour shares it
        if (c, r - 1) not in cellset:
            edges.setdefault((c, r), []).append((c + 1, r))
        if (c + 1, r) not in cellset:
            edges.setdefault((c + 1, r), []).append((c + 1, r + 1))
        if (c, r + 1) not in cellset:
            edges.setdefault((c + 1, r + 1), []).append((c, r + 1))
        if (c - 1, r) not in cellset:
            edges.setdefault((c, r + 1), []).append((c, r))
    loops = []
    while edges:
        start = min(edges)
        loop = [start]
        cur = start
        while True:
            nxt = edges[cur].pop()
            if not edges[cur]:
                del edges[cur]
            if nxt == start:
                break
            loop.append(nxt)
            cur = nxt
        loops.append(_corners(loop))
    return loops


def _corners(loop):
    """Drop the points where the outline goes straight on."""
    out = []
    n = len(loop)
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        if (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) != 0:
            out.append(p)
    return out


def cut_lines(
    pieces: list[frozenset[Cell]], size: float, dx: float = 0.0, dy: float = 0.0
) -> tuple:
    """Path ops that cut a packed set into its pieces: every edge of every piece once (an edge
    two pieces share is one cut), joined into as few strokes as the edges allow, so that a
    cutting machine lifts its blade seldom and never cuts a line twice."""
    edges: set[frozenset] = set()
    for cells in pieces:
        for c, r in cells:
            for n, a, b in (((c, r - 1), (c, r), (c + 1, r)), ((c + 1, r), (c + 1, r), (c + 1, r + 1)),
                            ((c, r + 1), (c, r + 1), (c + 1, r + 1)), ((c - 1, r), (c, r), (c, r + 1))):  # fmt: skip
                if n not in cells:
                    edges.add(frozenset((a, b)))
    nbrs: dict[tuple[int, int], set] = {}
    for e in edges:
        a, b = tuple(e)
        nbrs.setdefault(a, set()).add(b)
        nbrs.setdefault(b, set()).add(a)
    ops: list[tuple] = []
    while nbrs:
        odd = sorted(p for p, n in nbrs.items() if len(n) % 2)
        start = odd[0] if odd else min(nbrs)
        trail, cur, heading = [start], start, None
        while nbrs.get(cur):
            # straight on where possible: long straight cuts, corners only where the outline turns
            nxt = sorted(
                nbrs[cur],
                key=lambda q, cur=cur, heading=heading: (q[0] - cur[0], q[1] - cur[1]) != heading,
            )[0]
            heading = (nxt[0] - cur[0], nxt[1] - cur[1])
            for x, y in ((cur, nxt), (nxt, cur)):
                nbrs[x].discard(y)
                if not nbrs[x]:
                    del nbrs[x]
            trail.append(nxt)
            cur = nxt
        closed = trail[0] == trail[-1] and len(trail) > 2
        pts = _corners(trail[:-1]) if closed else _straight(trail)
        ops.append(("M", dx + pts[0][0] * size, dy + pts[0][1] * size))
        ops += [("L", dx + x * size, dy + y * size) for x, y in pts[1:]]
        if closed:
            ops.append(("Z",))
    return tuple(ops)


def _straight(trail):
    """An open trail with the points where it goes straight on left out."""
    out = [trail[0]]
    for i in range(1, len(trail) - 1):
        a, p, b = trail[i - 1], trail[i], trail[i + 1]
        if (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) != 0:
            out.append(p)
    out.append(trail[-1])
    return out
