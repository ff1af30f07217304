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
