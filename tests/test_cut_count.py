"""pnp.layout.cuts counts a sheet's cuts as docs/printing.md says ("The cuts a shared sheet
takes"; the counts by hand are in tests/test_turned_runs.py): as the plain count of
tests/test_shared_sheets.py (every way to cut first tried, nothing left out early) on the sheets
the packers make and on random layouts cut straight across."""

from __future__ import annotations

import random

from test_shared_sheets import cut_count as plain_count

from pnp.layout.blocks import BlockPacking, sources
from pnp.layout.cuts import cut_count
from pnp.layout.pack import GuillotinePacker
from pnp.layout.plan import ItemRef
from pnp.layout.share import Run, SharedPool
from pnp.layout.strategies import like_runs


def _sheets(seed: int) -> list[list[tuple[float, float, float, float]]]:
    """The sheets of a random guillotine packing of cards, chits and tiles (some in blocks of
    like items edge to edge, as family blocks lie), as x0, y0, x1, y1."""
    rng = random.Random(seed)
    area = (0.0, 0.0, 190.0, 270.0)
    refs = []
    for f in range(rng.randint(2, 5)):
        w, h = rng.choice([(63.5, 88.9), (25.0, 25.0), (41.0, 63.0), (19.0, 19.0), (70.0, 120.0)])
        refs += [
            ItemRef(f"f{f}", k, f"f{f}-{k}", w, h, False, "card") for k in range(rng.randint(1, 14))
        ]
    gutter = rng.choice([0.0, 2.0, 3.0])
    out = []
    if seed % 2:  # family blocks
        pool = SharedPool(area, gutter, like_runs(refs, area, gutter))
        packer = BlockPacking(area[2], area[3], gutter, (area[2], area[3]))
        srcs = sources(pool, [])
        packer.pack(srcs, list(range(len(srcs))), rng.choice(["area", "short"]), None)
        parts = packer.parts
    else:  # every item alone
        pool = SharedPool(area, gutter, [Run(refs, None)])
        packer = GuillotinePacker(area[2], area[3], gutter, rng.choice(["area", "short"]))
        for k, r in enumerate(refs):
            packer.add(k, r.w, r.h)
        parts = None
    for sh in packer.sheets:
        rects = []
        for s in sh.spots:
            if parts is None:
                rects.append((s.x, s.y, s.x + s.w, s.y + s.h))
                continue
            for p in parts[s.index].placements(s.x, s.y, s.rotated):
                rects.append((p.x, p.y, p.x + p.w, p.y + p.h))
        out.append(rects)
    return out


def test_the_count_of_packed_sheets_is_the_plain_count():
    """Sheets of packings of every kind, each and each family on it counted alone; the counts
    kept for a search (`known`) shared between them, as the search shares them."""
    known: dict = {}
    counted = 0
    for seed in range(40):
        for rects in _sheets(seed):
            # clear of the sheet's edge, as the search counts, and on it (an edge there is cut)
            for region in ((-1.0, -1.0, 191.0, 271.0), (0.0, 0.0, 190.0, 270.0)):
                assert cut_count(rects, region, known) == plain_count(rects, region), (seed, rects)
                assert cut_count(rects, region) == plain_count(rects, region)
            counted += 1
    assert counted > 60


def _layout(rng: random.Random, box, depth: int) -> list:
    """Items filling `box` cut straight across at random, some edge to edge, some a gap apart,
    some left out."""
    x0, y0, x1, y1 = box
    if depth == 0 or rng.random() < 0.25:
        return [] if rng.random() < 0.2 else [box]
    axis = rng.randrange(2)
    lo, hi = (x0, x1) if axis == 0 else (y0, y1)
    at = lo + (hi - lo) * rng.choice((0.25, 0.5, 0.75))
    gap = rng.choice((0.0, 0.0, 2.0))
    if axis == 0:
        return _layout(rng, (x0, y0, at, y1), depth - 1) + _layout(
            rng, (at + gap, y0, x1, y1), depth - 1
        )
    return _layout(rng, (x0, y0, x1, at), depth - 1) + _layout(
        rng, (x0, at + gap, x1, y1), depth - 1
    )


def test_the_count_of_random_guillotine_layouts_is_the_plain_count():
    rng = random.Random(7)
    for _ in range(1500):
        rects = [
            r for r in _layout(rng, (0.0, 0.0, 64.0, 64.0), 4) if min(r[2] - r[0], r[3] - r[1]) > 1
        ]
        if len(rects) < 2:
            continue
        for region in ((0.0, 0.0, 64.0, 64.0), (-1.0, -1.0, 65.0, 65.0)):
            assert cut_count(rects, region) == plain_count(rects, region), (region, rects)
