"""Family blocks: a shared pool packed sheet by sheet, each run of like items one block a sheet.

A run's items on one sheet stand in one rectangle of its grid's cells (whole rows but the last,
the grid's way round), so no other family's item lies among them; a run that does not fit on
one sheet goes on in a block on the next. Each sheet is filled by one pass over the pool's
runs in the search's order: a run's block goes where it holds the most of what is left of the
run, then where it fits best (best short side), and the free rectangle is cut in two straight
across, so every sheet comes apart with guillotine cuts: blocks first, then the items in them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.layout.grid import fit_count
from pnp.layout.pack import EPS, Sheet, Spot, place
from pnp.layout.share import Piece, SharedPool

Recipe = tuple[tuple[int, int, int, int], ...]  # each block: (source, first item, items, columns)


@dataclass(frozen=True)
class Source:
    """What the packer lays: a run of like items (in blocks) or one fixed piece (a board's
    tile, an item of a run with no grid)."""

    piece: Piece  # one item of the run (its cell, its gap), or the fixed piece
    refs: Sequence  # the run's items (a fixed piece's own)
    fixed: bool  # laid as it is, not in blocks

    @property
    def count(self) -> int:
        return 1 if self.fixed else len(self.refs)

    def block(self, start: int, n: int, cols: int) -> Piece:
        """Its items start..start + n as a block `cols` wide (a fixed source: its piece)."""
        if self.fixed:
            return self.piece
        p = self.piece
        return Piece(self.refs[start : start + n], cols, p.cell_w, p.cell_h, p.gap, p.turned, False)


def sources(pool: SharedPool, tiles: Sequence[Piece]) -> list[Source]:
    """The pool's runs and `tiles` as sources, in the pool's order."""
    area = pool.usable
    out = []
    for run in pool.runs:
        g = run.grid
        if g is None:
            out += [Source(Piece((r,), 1, r.w, r.h, 0.0, False), (r,), True) for r in run.refs]
            continue
        upright = g.cell_w <= area[2] + 1e-6 and g.cell_h <= area[3] + 1e-6
        probe = Piece(run.refs[:1], 1, g.cell_w, g.cell_h, g.gutter, g.rotated, not upright)
        if upright:
            out.append(Source(probe, run.refs, False))
        else:  # turned to fit after all: each item a piece of its own
            out += [
                Source(Piece((r,), 1, g.cell_w, g.cell_h, 0.0, g.rotated, True), (r,), True)
                for r in run.refs
            ]
    return out + [Source(t, t.refs, True) for t in tiles]


def parts_of(srcs: list[Source], recipe: Recipe) -> list[Piece]:
    """The pieces of a packing's `recipe`, made from `srcs` (a pool alike in all but its items)."""
    return [srcs[k].block(start, n, cols) for k, start, n, cols in recipe]


class BlockPacking:
    """A pool's sources packed as blocks: the pieces made, and the sheets (as GuillotinePacker's)."""

    def __init__(self, area_w: float, area_h: float, gutter: float, most: tuple[float, float]):
        self.area_w, self.area_h, self.gutter = area_w, area_h, gutter
        self.most = most
        self.sheets: list[Sheet] = []
        self.parts: list[Piece] = []
        self.recipe: list[tuple[int, int, int, int]] = []

    def pack(self, srcs: list[Source], order: Sequence[int], split: str, limit: int | None) -> bool:
        """Lay every source in `order`, sheet by sheet; False once past `limit` sheets."""
        left = [s.count for s in srcs]
        done = [0] * len(srcs)
        todo = [k for k in order if left[k]]
        g = self.gutter
        while todo:
            if limit is not None and len(self.sheets) >= limit:
                return False
            sheet = Sheet([(0.0, 0.0, self.area_w + g, self.area_h + g)], [])
            self.sheets.append(sheet)
            for k in todo:
                if not sheet.free:
                    break
                n = self._place(sheet, srcs[k], k, left[k], done[k], split)
                left[k] -= n
                done[k] += n
            if not sheet.spots:
                p = srcs[todo[0]].piece
                raise ValueError(f"item {p.w:.1f}×{p.h:.1f} mm does not fit the printable area")
            todo = [k for k in todo if left[k]]
        return True

    def _place(self, sheet: Sheet, src: Source, k: int, left: int, start: int, split: str) -> int:
        """The source's block on the sheet where it holds most, then fits best: items laid."""
        g = self.gutter
        best = None
        p = src.piece
        short, long = sorted((p.cell_w, p.cell_h) if not src.fixed else (p.w, p.h))
        for f, (_, _, fw, fh) in enumerate(sheet.free):
            if short > min(fw, fh) - g + EPS or long > max(fw, fh) - g + EPS:
                continue  # fits this rectangle neither way round
            for w, h, cols, n, turn in self._shapes(src, left, fw - g, fh - g):
                dx, dy = fw - w - g, fh - h - g
                # a two-sided piece turned only where it fits no other way (its back is placed
                # behind it turned alike)
                fit = (-n, turn and src.piece.two_sided, min(dx, dy), max(dx, dy))
                if best is None or fit < best[0]:
                    best = (fit, f, w, h, cols, n, turn)
        if best is None:
            return 0
        _, f, w, h, cols, n, turn = best
        self.recipe.append((k, start, n, cols))
        self.parts.append(src.block(start, n, cols))
        place(sheet, f, Spot(len(self.parts) - 1, 0.0, 0.0, w, h, turn), g, split)
        return n

    def _shapes(self, src: Source, left: int, fw: float, fh: float):
        """The blocks of the source that fit fw × fh: (w, h, columns, items, turned)."""
        p = src.piece
        if src.fixed:
            for w, h, turn in ((p.w, p.h, False), (p.h, p.w, True)):
                if (
                    (turn and (not p.turnable or abs(p.w - p.h) < EPS))
                    or w > fw + EPS
                    or h > fh + EPS
                ):
                    continue
                yield w, h, 1, 1, turn
            return
        gap = p.gap
        if p.cell_w > fw + EPS or p.cell_h > fh + EPS:
            return
        # no wider or taller than `most` (an item larger than that: a block of one)
        cols = min(max(1, fit_count(min(fw, self.most[0]), p.cell_w, gap)), left)
        rows = max(1, fit_count(min(fh, self.most[1]), p.cell_h, gap))
        n = min(left, cols * rows)
        seen = set()
        # as wide as it may be, or as few columns as hold the items in the rows there are
        for c in (cols, -(-n // rows)):
            c = min(c, n)
            if c in seen:
                continue
            seen.add(c)
            r = -(-n // c)
            yield c * p.cell_w + (c - 1) * gap, r * p.cell_h + (r - 1) * gap, c, n, False
