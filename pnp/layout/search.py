"""The packing search: a shared pool's sheets, the best of a stated number of packings.

Its budget: each pool is packed first as family blocks (pnp.layout.blocks: each run of like
items one block a sheet), at most BLOCK_WAYS ways (the product of SPLITS, ORDERS and three
yes-or-no choices: two-sided pieces first, a strip's label beside it, a board's pieces first);
only where the best of those takes more sheets than the pool's area needs, or a sheet more
cuts than the bound of docs/printing.md, is it also packed at most BUDGET ways more (those of
ACROSS, the runs cut into blocks before packing, times the same). Ways that cannot differ are
skipped (a choice that sets no piece apart, an order that lays the same shapes in the same
sequence), a packing stops as soon as it takes more sheets than the best so far, and a pool of
more than TRIED pieces is packed once (and not as family blocks; past ONCE, as family blocks
once). A `Search` keeps what it found by what the search reads of a pool (its area, gutter and
the sizes, sides and families of its pieces, never their ids or drawings): the plans an
imposition compares (the ways round a board is tiled) pack an unchanged pool once. A packing's
score (`_Score`) is worked out only as far as a comparison with the best so far needs, the
cuts last; a sheet's cuts are counted once for every packing that lays it out alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from math import ceil

from pnp.layout.blocks import BlockPacking, Recipe, parts_of, sources
from pnp.layout.cuts import cut_count
from pnp.layout.pack import GuillotinePacker
from pnp.layout.plan import ItemRef, SameRefs
from pnp.layout.share import Piece, SharedPool, pieces, sideways

TRIED = 2_000  # pieces past which one packing is made, not the best of several
ONCE = 300  # runs and pieces past which one family-block packing is made (none past TRIED)
ACROSS = (1.0, 0.5, 0.0)  # blocks as wide as their grid, half as wide, or every item alone
SPLITS = ("area", "short")  # GuillotinePacker's rules for its first cut
ORDERS = (  # largest first, by one measure or another; like items stay together in their order
    lambda p: -round(p.w * p.h, 1),
    lambda p: (-round(max(p.w, p.h), 1), -round(min(p.w, p.h), 1)),
    lambda p: (-round(min(p.w, p.h), 1), -round(max(p.w, p.h), 1)),
)
BLOCK_WAYS = len(SPLITS) * len(ORDERS) * 2 * 2 * 2  # family-block packings a pool, at most: 48
BUDGET = len(ACROSS) * BLOCK_WAYS  # other packings a pool, at most: 144


@dataclass(frozen=True)
class Packing:
    """A pool's best packing: how its runs were cut into pieces, and where each piece lies."""

    across: float
    side: bool  # flat strips with their label beside them
    packer: GuillotinePacker | BlockPacking
    recipe: Recipe | None = None  # a block packing's blocks (pnp.layout.blocks)


def pool_parts(pool: SharedPool, kept: Packing) -> list[Piece]:
    """The pool's pieces: its runs cut into blocks as the packing cut them, then its tiles."""
    area = pool.usable
    tiles = [sideways(t, area) for t in pool.tiles] if kept.side else pool.tiles
    if kept.recipe is not None:
        return parts_of(sources(pool, tiles), kept.recipe)
    return pieces(pool.runs, area, kept.across, pool.most) + tiles


class Search:
    """The packings of one imposition, kept by the content of the pools they pack."""

    def __init__(self) -> None:
        self.found: dict[tuple, Packing] = {}

    def packing(self, pool: SharedPool) -> tuple[list[Piece], GuillotinePacker]:
        """The pool's pieces and their best packing: searched once for pools alike."""
        key = content(pool)
        kept = self.found.get(key)
        if kept is None:
            parts, kept = best_packing(pool)
            self.found[key] = kept
            return parts, kept.packer
        return pool_parts(pool, kept), kept.packer


def content(pool: SharedPool) -> tuple:
    """All the search reads of a pool."""
    tiles = tuple(
        (p.refs[0].family, p.two_sided, p.turnable, p.tile.region[2:], p.tile.band, p.tile.side)
        for p in pool.tiles
    )
    runs = tuple((run.grid, _refs(run.refs)) for run in pool.runs)
    return (pool.usable, pool.gutter, pool.most, runs, tiles)


def _refs(refs: Sequence[ItemRef]) -> tuple:
    if isinstance(refs, SameRefs):
        r = refs.like
        return (len(refs), r.family, r.w, r.h, r.two_sided)
    return tuple((r.family, r.w, r.h, r.two_sided) for r in refs)


def best_packing(pool: SharedPool) -> tuple[list[Piece], Packing]:
    """The packing on the fewest sheets among a few ways of cutting the runs into blocks, orders
    (two-sided first, or all by size; a board's pieces before the rest or not), cutting rules and
    places for a strip's label (above it or beside it); among equals the one with the fewest
    sheets printed on both sides, then the one with a board's pieces on fewest sheets (easier to
    assemble), then `_rest`, `_cuts` and `_last`."""
    area, tried = pool.usable, set()
    beside = [sideways(t, area) for t in pool.tiles]
    known: dict = {}  # the pieces whose cuts are counted: sheets of several packings share them
    best = _family_blocks(pool, beside, known)
    if best is not None and best[0].sheets <= _least(pool, best[1]) and not best[0].at(1):
        return best[1], best[2]  # on as few sheets as the pool's area allows, within the bound
    ways, blocks = {}, {}  # each list of parts and what the orders read of it, worked out once
    most_size = pool.most
    for across, split, measure, sided, side, boards in product(
        ACROSS, SPLITS, ORDERS, (True, False), (False, True), (False, True)
    ):
        if side and beside == pool.tiles:
            continue  # no strip that its band could go beside
        if boards and not pool.tiles:
            continue
        if (across, side) not in ways:
            if across not in blocks:  # cut only where the family blocks did not do
                blocks[across] = pieces(pool.runs, area, across, most_size)
            ways[across, side] = _Way(blocks[across] + (beside if side else pool.tiles))
        way = ways[across, side]
        parts = way.parts
        # an order key that sets no part apart gives the packing already tried
        if (sided and not way.sided) or (boards and not way.boards):
            continue
        order = way.order(measure, sided, boards)
        # an order that lays the same sizes in the same sequence gives a packing already made
        shapes = (split, tuple(way.shapes[i] for i in order))
        if shapes in tried:
            continue
        tried.add(shapes)
        packer = GuillotinePacker(area[2], area[3], pool.gutter, split, way.smallest)
        most = best[0].sheets if best is not None else None  # sheets: more than the best loses
        for i in order:
            packer.add(i, parts[i].w, parts[i].h, turn=parts[i].turnable)
            if most is not None and len(packer.sheets) > most:
                break
        else:
            score = _Score(parts, packer, known)
            if score.beats(None if best is None else best[0]):
                best = (score, parts, Packing(across, side, packer))
        if len(parts) > TRIED:
            break
    return best[1], best[2]


def _family_blocks(pool: SharedPool, beside: list[Piece], known: dict) -> tuple | None:
    """The best packing of the pool's runs each as one block a sheet (pnp.layout.blocks), by
    the same orders, cutting rules and places for a strip's label as the other packings."""
    area, best, tried, most_size = pool.usable, None, set(), pool.most
    if len(sources(pool, pool.tiles)) > TRIED:
        return None  # each sheet's pass reads every source left: too many in a pool this large
    ways = {}
    for split, measure, sided, side, boards in product(
        SPLITS, ORDERS, (True, False), (False, True), (False, True)
    ):
        if (side and beside == pool.tiles) or (boards and not pool.tiles):
            continue
        if side not in ways:
            srcs = sources(pool, beside if side else pool.tiles)
            ways[side] = (srcs, _Way([s.piece for s in srcs]))
        srcs, way = ways[side]
        if (sided and not way.sided) or (boards and not way.boards):
            continue
        order = way.order(measure, sided, boards)
        shapes = (split, tuple(way.shapes[i] + (srcs[i].count,) for i in order))
        if shapes in tried:
            continue
        tried.add(shapes)
        packer = BlockPacking(area[2], area[3], pool.gutter, most_size)
        most = best[0].sheets if best is not None else None
        if not packer.pack(srcs, order, split, most):
            continue
        parts = packer.parts
        score = _Score(parts, packer, known)
        if score.beats(None if best is None else best[0]):
            best = (score, parts, Packing(1.0, side, packer, tuple(packer.recipe)))
        if len(srcs) > ONCE:
            break  # each sheet reads every source left: one packing of a pool this large
    return best


def _least(pool: SharedPool, parts: list[Piece]) -> int:
    """The fewest sheets the pieces could take: their area, each with a gutter, over the sheet's."""
    g, (_, _, w, h) = pool.gutter, pool.usable
    need = sum((p.w + g) * (p.h + g) for p in parts) / ((w + g) * (h + g))
    return ceil(need - 1e-9)


class _Way:
    """One list of parts to pack, and what every order of it reads, read once."""

    def __init__(self, parts: list[Piece]) -> None:
        self.parts = parts
        self.one_sided = [not p.two_sided for p in parts]
        self.untiled = [p.tile is None for p in parts]
        self.shapes = [p.shape for p in parts]
        self.sided = len(set(self.one_sided)) > 1  # two-sided first sets some apart
        self.boards = len(set(self.untiled)) > 1  # a board's pieces first sets some apart
        self.smallest = min(min(p.w, p.h) for p in parts)
        self._keys: dict = {}

    def order(self, measure, sided: bool, boards: bool) -> list[int]:
        """Its parts in the order `measure` sorts them, two-sided and a board's pieces first
        where `sided` and `boards` say."""
        if measure not in self._keys:
            self._keys[measure] = [measure(p) for p in self.parts]
        keys = self._keys[measure]
        return sorted(
            range(len(self.parts)),
            key=lambda i: (sided and self.one_sided[i], boards and self.untiled[i], keys[i]),
        )


class _Score:
    """A packing's score: its sheets, then `_over`, `_first`, `_rest`, `_cuts` and `_last`,
    compared in that order. Each part is worked out only when a comparison reaches it (the
    cuts, the dearest, last), and a sheet's cuts only while the packing can still win."""

    def __init__(self, parts: list[Piece], packer: GuillotinePacker, known: dict) -> None:
        self.parts, self.packer, self.known = parts, packer, known
        self.sheets = len(packer.sheets)
        self._got: dict[int, int | float] = {0: self.sheets}

    def at(self, k: int, most: int | None = None) -> int | float | None:
        """Its k-th part; with `most`, None once the overs pass it (the packing loses)."""
        got = self._got
        if k not in got:
            parts, packer = self.parts, self.packer
            if k == 1:
                over = _over(parts, packer, self.known, most)
                if over is None:
                    return None
                got[1] = over
            elif k < 4:
                got[2], got[3] = _first(parts, packer)
            elif k < 6:
                got[4], got[5] = _rest(parts, packer)
            else:
                got[6], got[7] = _cuts(parts, packer, self.known), _last(parts, packer)
        return got[k]

    def beats(self, than: _Score | None) -> bool:
        """Whether it scores less than `than` (None: nothing to beat)."""
        if than is None:
            return True
        if self.sheets != than.sheets:
            return self.sheets < than.sheets
        over = than.at(1)
        if over == 0:  # it wins only with none over, and on what follows: that first
            for k in range(2, 8):
                a, b = self.at(k), than.at(k)
                if a != b:
                    return a < b and self.at(1, 0) == 0
            return False  # as good at best
        mine = self.at(1, over)
        if mine is None or mine != over:
            return mine is not None and mine < over
        for k in range(2, 8):
            a, b = self.at(k), than.at(k)
            if a != b:
                return a < b
        return False


def _first(parts: list[Piece], packer: GuillotinePacker) -> tuple:
    """Then fewest sheets printed on both sides, fewest holding a board's pieces."""
    duplex = sum(any(parts[s.index].two_sided for s in sh.spots) for sh in packer.sheets)
    on_boards = sum(any(parts[s.index].tile for s in sh.spots) for sh in packer.sheets)
    return (duplex, on_boards)


def _over(
    parts: list[Piece], packer: GuillotinePacker, known: dict, most: int | None = None
) -> int | None:
    """Then the fewest sheets that take more cuts than their families would alone on the sheet,
    plus one a further family (docs/printing.md, "The cuts a shared sheet takes"); None once
    there are more than `most` (the packing has lost: the rest are not counted)."""
    over = 0
    for sh in packer.sheets:
        spots = sh.spots
        family = parts[spots[0].index].like[0]
        if all(parts[s.index].like[0] == family for s in spots):
            continue  # one family alone on its sheet is never over
        over += _sheet_over(parts, spots, packer, known)
        if most is not None and over > most:
            return None
    return over


def _sheet_over(parts: list[Piece], spots: list, packer: GuillotinePacker, known: dict) -> bool:
    """Whether one sheet of several families takes more cuts than the bound; kept by what lies
    where on it."""
    key = ("over", *_sheet(parts, spots))
    got = known.get(key)
    if got is not None:
        return got
    region = (-1.0, -1.0, packer.area_w + 1.0, packer.area_h + 1.0)  # no item on its edge
    families: dict[str, list] = {}
    for s in spots:
        for p in parts[s.index].placements(s.x, s.y, s.rotated):
            families.setdefault(p.ref.family, []).append((p.x, p.y, p.x + p.w, p.y + p.h))
    alone = sum(cut_count(rs, region, known) for rs in families.values())
    every = cut_count((r for rs in families.values() for r in rs), region, known)
    over = every > alone + len(families) - 1
    known[key] = over
    return over


def _sheet(parts: list[Piece], spots: list) -> list:
    """What lies where on a sheet, as far as its cuts read it: sheets alike share their counts."""
    return sorted((_look(parts[s.index]), s.x, s.y, s.rotated) for s in spots)


def _look(p: Piece) -> tuple:
    """All a sheet's cuts read of a piece (a tile's item: its region, after its band)."""
    t = p.tile
    tile = None if t is None else (t.region[2], t.region[3], t.band, t.side)
    look = (p.like[0], len(p.refs), p.cols, p.cell_w, p.cell_h, p.gap, p.turned, p.shape)
    return (*look, tile)


def _rest(parts: list[Piece], packer: GuillotinePacker) -> tuple:
    """Then the fewest runs of like items whose outline on a sheet holds another family's items
    (that family is cut out from among them), the fewest blocks of like items split apart on a
    sheet (each is cut out on its own)."""
    split = 0
    for sh in packer.sheets:
        runs = [parts[s.index].like for s in sh.spots if parts[s.index].tile is None]
        split += len(runs) - len(set(runs))
    held = sum(_held(parts, sh.spots) for sh in packer.sheets)
    return (held, split)


def _cuts(parts: list[Piece], packer: GuillotinePacker, known: dict) -> int:
    """Then the fewest cuts that free every item of every sheet (pnp.layout.cuts)."""
    region = (-1.0, -1.0, packer.area_w + 1.0, packer.area_h + 1.0)  # no item on its edge
    total = 0
    for sh in packer.sheets:
        key = ("cuts", *_sheet(parts, sh.spots))  # a sheet laid out alike: counted once
        got = known.get(key)
        if got is None:
            placed = [p for s in sh.spots for p in parts[s.index].placements(s.x, s.y, s.rotated)]
            rects = ((p.x, p.y, p.x + p.w, p.y + p.h) for p in placed)
            got = known[key] = cut_count(rects, region, known)
        total += got
    return total


def _last(parts: list[Piece], packer: GuillotinePacker) -> float:
    """Then the least on the last sheet (waste in one place)."""
    return sum(parts[s.index].w * parts[s.index].h for s in packer.sheets[-1].spots)


def _held(parts: list[Piece], spots: list) -> int:
    """The runs of like items on one sheet whose outline holds another family's item."""
    outlines: dict[tuple, list[float]] = {}
    for s in spots:
        if parts[s.index].tile is None:
            o = outlines.setdefault(parts[s.index].like, [s.x, s.y, s.x + s.w, s.y + s.h])
            o[:] = min(o[0], s.x), min(o[1], s.y), max(o[2], s.x + s.w), max(o[3], s.y + s.h)
    eps = 1e-6
    return sum(
        any(
            parts[s.index].like[0] != like[0]
            and s.x < o[2] - eps
            and s.x + s.w > o[0] + eps
            and s.y < o[3] - eps
            and s.y + s.h > o[1] + eps
            for s in spots
        )
        for like, o in outlines.items()
    )
