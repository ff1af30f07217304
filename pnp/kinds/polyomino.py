"""Polyominoes: pieces made of equal squares, cut along their own outlines.

Each item gives its squares as `cells: [[col, row], ...]`. A family may print every piece as its own
item (its bounding box goes to the layout), or pack the pieces that share an attribute value
(`pack_by: colour` packs each player's set) into one compact rectangle of squares: the pieces tile
the rectangle, so neighbours share their cut lines and nothing is wasted between them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from pnp import budget
from pnp.draw.primitives import Group, Path, Style
from pnp.errors import PnpError
from pnp.kinds.base import DrawContext, Face, Kind
from pnp.kinds.template import colour_of
from pnp.spec.expand import fill as fill_template
from pnp.spec.game import FamilySpec
from pnp.spec.model import Family, Item
from pnp.spec.types import Colour, Size, Spacing, Strict

Cell = tuple[int, int]
MAX_CELLS = 400  # squares in one piece
SEARCH_BUDGET = 60_000  # tiling steps tried per candidate rectangle before the next one


class PackLimit(Strict):
    cols: int | None = Field(None, ge=1, description="most squares across a packed rectangle")
    rows: int | None = Field(None, ge=1, description="most squares down a packed rectangle")


class PolyominoSpec(FamilySpec):
    cell: Size = Field(..., description="side of one square, e.g. 0.5in")
    fill: Colour = Field(
        "{fill}", description="piece colour; may name an item attribute, e.g. '{material}'"
    )
    stripes: bool | str = Field(
        False,
        description="thin grooved lines on the front: true, false, or an item attribute such as '{striped}'",
    )
    stripe_spacing: Size | None = Field(
        None, description="distance between grooves (default: a sixth of a square)"
    )
    stripe_angle: float = Field(
        45.0, description="direction of the grooves, degrees (0 = horizontal)"
    )
    stripe_margin: Spacing = Field(
        1.0, description="plain band between the grooves and the cut line"
    )
    stripe_colour: Colour = Field(
        "#000000", description="colour of the grooves (drawn at 35% opacity)"
    )
    outline: Colour = Field("#3a3a3a", description="cut line along every piece outline")
    outline_width: Spacing = Field(0.25, description="width of the cut line")
    back: Literal["none", "plain"] = Field(
        "none",
        description="'plain': a back page with each piece in its colour, no grooves (print duplex)",
    )
    pack_by: str | None = Field(
        None,
        description="an item attribute: pieces with the same value are packed into one rectangle",
    )
    pack_limit: PackLimit = Field(
        default_factory=PackLimit, description="largest packed rectangle, in squares"
    )


@dataclass(frozen=True)
class Piece:
    item: Item
    cells: frozenset[Cell]
    key: str  # where it came from, for errors


@dataclass(frozen=True)
class Placed:
    piece: Piece
    cells: frozenset[Cell]  # in the packed rectangle's squares


# --- geometry ------------------------------------------------------------------------------------


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


def outline_path(cells, size: float, style: Style, dx: float = 0.0, dy: float = 0.0) -> Path:
    ops: list[tuple] = []
    for loop in outline_loops(cells):
        ops.append(("M", dx + loop[0][0] * size, dy + loop[0][1] * size))
        ops += [("L", dx + x * size, dy + y * size) for x, y in loop[1:]]
        ops.append(("Z",))
    return Path(
        tuple(ops),
        Style(
            style.fill,
            style.stroke,
            style.stroke_width,
            style.dash,
            style.opacity,
            True,
            "butt",
            "miter",
        ),
    )


# --- packing -------------------------------------------------------------------------------------


def pack_rectangle(
    shapes: list[frozenset[Cell]], max_cols: int | None = None, max_rows: int | None = None
) -> tuple[int, int, list[frozenset[Cell]]]:
    """Place every shape (turned as needed) in the smallest rectangle of squares found.

    Returns (cols, rows, cells of each shape in the rectangle). Tries rectangles by area, squarest
    first, with an exact-cover search that may leave as many squares empty as the area allows;
    when no tiling turns up within the budget it falls back to placing pieces bottom-left first.
    """
    area = sum(len(s) for s in shapes)
    turns = [rotations(s) for s in shapes]
    need = max(min(max(extent(t)) for t in ts) for ts in turns)  # every piece fits some way
    big = max(max(extent(t)) for ts in turns for t in ts)
    cols_cap = max_cols or area
    rows_cap = max_rows or area
    candidates = []
    for w in range(need, cols_cap + 1):
        for h in range(1, rows_cap + 1):
            if w * h < area or w * h > area * 1.5 + big * big:
                continue
            candidates.append((w * h, abs(w - h), -w, w, h))
    candidates.sort()
    for _, _, _, w, h in candidates:
        found = _tile(turns, w, h, w * h - area)
        if found is not None:
            return w, h, found
    return _greedy(
        turns, cols_cap if max_cols else max(big, math.ceil(math.sqrt(area * 1.3))), max_rows
    )


def _tile(turns, w, h, slack):
    # identical shapes are tried once per step, so the search does not repeat itself
    kinds: dict[frozenset, list[int]] = {}
    for i, ts in enumerate(turns):
        kinds.setdefault(ts[0], []).append(i)
    groups = list(kinds.values())
    options = []
    for g in groups:
        opts = []
        for t in turns[g[0]]:
            tw, th = extent(t)
            if tw > w or th > h:
                continue
            # anchor: the first square in the scan order (column by column, top to bottom)
            ac, ar = min(t)
            opts.append([(c - ac, r - ar) for c, r in t])
        if not opts:
            return None
        options.append(opts)
    left = [len(g) for g in groups]
    used = [[False] * h for _ in range(w)]
    placed: list[tuple[int, list[Cell]]] = []
    budget = [SEARCH_BUDGET]
    order = sorted(range(len(groups)), key=lambda k: -len(turns[groups[k][0]][0]))

    def first_empty(start):
        for i in range(start, w * h):
            c, r = divmod(i, h)
            if not used[c][r]:
                return i
        return None

    def search(pos, slack_left) -> bool:
        pos = first_empty(pos)
        if pos is None:
            return all(n == 0 for n in left)
        budget[0] -= 1
        if budget[0] < 0:
            return False
        c, r = divmod(pos, h)
        for k in order:
            if not left[k]:
                continue
            for off in options[k]:
                cells = [(c + dc, r + dr) for dc, dr in off]
                if all(0 <= x < w and 0 <= y < h and not used[x][y] for x, y in cells):
                    for x, y in cells:
                        used[x][y] = True
                    left[k] -= 1
                    placed.append((k, cells))
                    if search(pos + 1, slack_left):
                        return True
                    placed.pop()
                    left[k] += 1
                    for x, y in cells:
                        used[x][y] = False
        if slack_left > 0:
            used[c][r] = True
            if search(pos + 1, slack_left - 1):
                return True
            used[c][r] = False
        return False

    if not search(0, slack):
        return None
    result: list[frozenset[Cell] | None] = [None] * len(turns)
    queues = {k: list(groups[k]) for k in range(len(groups))}
    for k, cells in placed:
        result[queues[k].pop(0)] = frozenset(cells)
    return result


def _greedy(turns, cols, max_rows):
    """Bottom-left placement, largest pieces first: always succeeds if the widest piece fits."""
    occupied: set[Cell] = set()
    result: list[frozenset[Cell] | None] = [None] * len(turns)
    order = sorted(range(len(turns)), key=lambda i: -len(turns[i][0]))
    for i in order:
        best = None
        for t in turns[i]:
            tw, th = extent(t)
            if tw > cols:
                continue
            r = 0
            while best is None or r < best[0]:
                for c in range(cols - tw + 1):
                    cells = frozenset((c + x, r + y) for x, y in t)
                    if not cells & occupied:
                        if best is None or (r + th, c) < (best[0], best[1]):
                            best = (r + th, c, cells)
                        break
                r += 1
        result[i] = best[2]
        occupied |= best[2]
    w = max(c for s in result for c, _ in s) + 1
    h = max(r for s in result for _, r in s) + 1
    if max_rows and h > max_rows:
        raise ValueError(f"the pieces need {h} rows of squares; pack_limit allows {max_rows}")
    return w, h, result


# --- the kind ------------------------------------------------------------------------------------


class PolyominoKind(Kind):
    name = "polyomino"
    schema = PolyominoSpec
    default_stock = "card"
    description = (
        "pieces made of squares (cells), cut along their outlines; optionally packed per set"
    )

    def faces(self, family: Family, ctx: DrawContext) -> Iterator[Face]:
        spec: PolyominoSpec = family.spec
        pieces = [self._piece(family, n, item) for n, item in enumerate(family.items)]
        if spec.pack_by is None:
            for p in pieces:
                yield self._face(family, ctx, p.item.id, [Placed(p, p.cells)])
            return
        groups: dict[str, list[Piece]] = {}
        for p in pieces:
            if spec.pack_by not in p.item.attrs:
                raise PnpError(
                    "pack_by names an attribute the item does not have",
                    file=family.file,
                    key="pack_by",
                    expected="one of: " + ", ".join(sorted(p.item.attrs)),
                    found=spec.pack_by,
                )
            groups.setdefault(str(p.item.attrs[spec.pack_by]), []).append(p)
        for value, group in groups.items():
            try:
                w, h, spots = pack_rectangle(
                    [p.cells for p in group], spec.pack_limit.cols, spec.pack_limit.rows
                )
            except ValueError as exc:
                raise PnpError(
                    f"the pieces of {spec.pack_by} '{value}' do not fit the pack limit",
                    file=family.file,
                    key="pack_limit",
                    found=str(exc),
                ) from None
            placed = [Placed(p, s) for p, s in zip(group, spots, strict=True)]
            yield self._face(family, ctx, f"{family.name}-{value}", placed, (w, h))

    def _piece(self, family: Family, n: int, item: Item) -> Piece:
        raw = item.attrs.get("cells")
        key = f"items (item '{item.id}').cells"
        ok = (
            isinstance(raw, list)
            and raw
            and all(
                isinstance(c, list)
                and len(c) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                for c in raw
            )
        )
        if not ok:
            raise PnpError(
                "a polyomino item needs its squares",
                file=family.file,
                key=key,
                expected="cells: a list of [column, row] whole numbers, e.g. [[0, 0], [1, 0], [0, 1]]",
                found=repr(raw)[:60],
            )
        cells = frozenset((c, r) for c, r in raw)
        if len(cells) != len(raw):
            raise PnpError(
                "a square is listed twice", file=family.file, key=key, found=repr(raw)[:60]
            )
        if len(cells) > MAX_CELLS:
            raise PnpError(
                "too many squares in one piece",
                file=family.file,
                key=key,
                expected=f"at most {MAX_CELLS}",
                found=str(len(cells)),
            )
        if not connected(cells):
            raise PnpError(
                "the squares of a piece must touch edge to edge",
                file=family.file,
                key=key,
                expected="one connected piece",
                found=repr(raw)[:60],
            )
        return Piece(item, normalise(cells), key)

    def _striped(self, family: Family, attrs: dict) -> bool:
        v = family.spec.stripes
        if isinstance(v, bool):
            return v
        try:
            got = fill_template(v, attrs)
        except KeyError as exc:
            raise PnpError(
                f"stripes names an attribute the item does not have: {exc.args[0]}",
                file=family.file,
                key="stripes",
                found=v,
            ) from None
        if got.lower() in ("true", "yes", "1"):
            return True
        if got.lower() in ("false", "no", "0", "none"):
            return False
        raise PnpError(
            "stripes must be true or false",
            file=family.file,
            key="stripes",
            expected="true, false or '{attribute}'",
            found=got,
        )

    def _face(
        self,
        family: Family,
        ctx: DrawContext,
        ident: str,
        placed: list[Placed],
        size: tuple[int, int] | None = None,
    ) -> Face:
        spec: PolyominoSpec = family.spec
        s = spec.cell
        cols, rows = size if size else extent(placed[0].cells)
        w, h = cols * s, rows * s
        line = colour_of(spec.outline, {}, ctx, family, "outline")
        groove = colour_of(spec.stripe_colour, {}, ctx, family, "stripe_colour") or "#000000"
        cut = Style(None, line, spec.outline_width) if line else None
        spacing = spec.stripe_spacing or s / 6
        front, back = [], []
        for pl in placed:
            attrs = pl.piece.item.attrs
            colour = colour_of(spec.fill, attrs, ctx, family, "fill")
            body = outline_path(pl.cells, s, Style(colour))
            front.append(body)
            if self._striped(family, attrs):
                # grooves stop short of the edge (a plain band inside the outline), so that
                # the cut line never looks like a groove
                band = outline_path(pl.cells, s, Style(None, colour, 2 * spec.stripe_margin))
                front.append(
                    Group(
                        (*_grooves(pl.cells, s, spacing, spec.stripe_angle, groove), band),
                        clip=body,
                    )
                )
            if cut:
                front.append(outline_path(pl.cells, s, cut))
            if spec.back == "plain":
                mirrored = frozenset((cols - 1 - c, r) for c, r in pl.cells)
                back.append(outline_path(mirrored, s, Style(colour)))
                if cut:
                    back.append(outline_path(mirrored, s, cut))
        every = frozenset(c for p in placed for c in p.cells)
        if not size:
            return Face(family.name, ident, w, h, Group(tuple(front)), Group(tuple(back)) if spec.back == "plain" else None,
                        cut=outline_path(every, s, Style()))  # fmt: skip
        # a packed set: cut into its pieces, every edge between and around them cut once
        pieces = tuple((pl.piece.item.id, outline_path(pl.cells, s, Style())) for pl in placed)
        return Face(family.name, ident, w, h, Group(tuple(front)), Group(tuple(back)) if spec.back == "plain" else None,
                    cut=Path(cut_lines([pl.cells for pl in placed], s), Style()), pieces=pieces)  # fmt: skip


def cut_lines(pieces: list[frozenset[Cell]], size: float) -> tuple:
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
            options = sorted(nbrs[cur], key=lambda q: (q[0] - cur[0], q[1] - cur[1]) != heading)
            nxt = options[0]
            heading = (nxt[0] - cur[0], nxt[1] - cur[1])
            for x, y in ((cur, nxt), (nxt, cur)):
                nbrs[x].discard(y)
                if not nbrs[x]:
                    del nbrs[x]
            trail.append(nxt)
            cur = nxt
        closed = trail[0] == trail[-1] and len(trail) > 2
        pts = _corners(trail[:-1]) if closed else _straight(trail)
        ops.append(("M", pts[0][0] * size, pts[0][1] * size))
        ops += [("L", x * size, y * size) for x, y in pts[1:]]
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


def _grooves(cells, s: float, spacing: float, angle: float, colour: str) -> list:
    """Parallel grooves over the piece's box: a dark line with a light line beside it."""
    cw, ch = extent(cells)
    w, h = cw * s, ch * s
    a = math.radians(angle)
    ux, uy = math.cos(a), -math.sin(a)  # along a groove (y down, so positive angles rise)
    nx, ny = -uy, ux  # across the grooves
    reach = math.hypot(w, h)
    cx, cy = w / 2, h / 2
    # counted before any groove is made: a tiny spacing would be millions of lines
    budget.check("stripes", math.ceil(reach / spacing) + 1, key="stripe_spacing")
    dark, light = [], []
    k = -math.ceil(reach / 2 / spacing)
    while k * spacing <= reach / 2:
        ox, oy = cx + nx * k * spacing, cy + ny * k * spacing
        for ops, shift in ((dark, 0.0), (light, min(0.3, spacing / 4))):
            px, py = ox + nx * shift, oy + ny * shift
            ops += [
                ("M", px - ux * reach, py - uy * reach),
                ("L", px + ux * reach, py + uy * reach),
            ]
        k += 1
    width = min(0.3, spacing / 5)
    return [
        Path(tuple(dark), Style(None, colour, width, opacity=0.35)),
        Path(tuple(light), Style(None, "#ffffff", width, opacity=0.45)),
    ]


KINDS = [PolyominoKind()]
