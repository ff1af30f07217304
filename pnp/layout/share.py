"""Shared sheets: what is left of every family of one stock, packed together on the fewest sheets.

A family's items that fill whole grid pages print on them; the rest (a last part-page, a
family too small for a page, items of mixed sizes) goes to its stock's shared sheets. There a
family's like items stay together as blocks, edge to edge as on their grid: one block a sheet
for each run (pnp.layout.blocks), or, where that takes more sheets, runs cut into blocks first
and packed by pnp.layout.pack.GuillotinePacker (pnp.layout.search chooses). Each sheet is cut
apart with straight cuts right across it or across a block, and its cut marks stand in the
gutters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from pnp.draw.primitives import Group, Rect, Style, multiply, rotate, translate
from pnp.layout.grid import Grid, fit_count, head_start
from pnp.layout.marks import MIN_MARK, corner_gap, corner_marks, reserve
from pnp.layout.pack import GuillotinePacker
from pnp.layout.plan import ItemRef, Placement
from pnp.spec.paper import PaperSpec

PIECE_REACH = 2.5  # mm a shared tile's ticks and trim lines reach past it: inside the gutter


@dataclass(frozen=True)
class Run:
    """Items to share sheets: like items with their grid (laid as blocks), or mixed ones."""

    refs: Sequence[ItemRef]
    grid: Grid | None  # None: items of several sizes, each placed alone


@dataclass
class SharedPool:
    """The runs of one stock, from every family that does not keep to sheets of its own."""

    area: tuple[float, float, float, float]  # the printable area: all ink lies inside
    gutter: float  # between blocks: the paper's packed gutter, or more for bleed
    runs: list[Run] = field(default_factory=list)
    tiles: list[Piece] = field(default_factory=list)  # parts of tiled boards (pnp.layout.tiles)
    bleed: float = 0.0  # the most any of its items has
    paper: PaperSpec | None = None  # its cut marks: None, no room kept for them

    @property
    def _gap(self) -> float | None:
        """The gap of its ticks, or None where the gutters are too narrow for a tick of
        MIN_MARK between two items (then every outer edge's mark is kept room outside)."""
        if self.paper is None or self.paper.cut_marks.style == "none":
            return 0.0
        gap = corner_gap(self.paper, self.gutter)
        return gap if self.gutter - gap >= MIN_MARK - 1e-6 else None

    @property
    def keep(self) -> float:
        """Room every outer item keeps to the area's edge: its bleed (a tile's ticks are cut
        short at the edge instead: its dashed trim lines run along its edges). An edge whose mark outward would not fit has one inward, into a gutter at least
        MIN_MARK wide or free room: `most` keeps every block that far from the other side."""
        if self.paper is None:
            return self.bleed
        room = self.bleed if self._gap is not None else reserve(self.paper, self.bleed)
        return room

    @property
    def usable(self) -> tuple[float, float, float, float]:
        """Where the items are packed: the area less the room their outer marks take."""
        x, y, w, h = self.area
        k = self.keep
        return (x + k, y + k, w - 2 * k, h - 2 * k)

    @property
    def short(self) -> float:
        """How much shorter than the usable area a block is kept, so that its cut lines keep
        room for a mark at one end at least: the tick's gap and MIN_MARK."""
        gap = self._gap
        return 0.0 if gap is None or self.paper.cut_marks.style == "none" else gap + MIN_MARK

    @property
    def most(self) -> tuple[float, float]:
        """The widest and tallest block."""
        _, _, w, h = self.usable
        return w - self.short, h - self.short


@dataclass(frozen=True)
class TilePart:
    """A tile of a board on a shared sheet: its label band above the board's region or, `side`,
    beside it (to its left, read upward), which keeps a flat strip as low as it can be."""

    label: str
    region: tuple[float, float, float, float]  # board mm
    band: float
    overlay: tuple  # its alignment marks and trim lines, the region at (0, 0)
    caption: tuple = ()  # its label, x 0..region width, y 0..band
    side_caption: tuple = ()  # its label, x 0..region height, y 0..band
    side: bool = False
    label_h: float = 0.0  # the label's height, at the outer side of the band (0: the band's)
    # its label laid out along a side this long, in place of the captions: made only for the
    # sheets of the plan kept, not for every plan compared
    label_of: Callable[[float], list] | None = field(default=None, compare=False, repr=False)

    @property
    def offset(self) -> tuple[float, float]:
        """Where the region starts in the piece."""
        return (self.band, 0.0) if self.side else (0.0, self.band)

    def marks(self, turned: bool = False) -> tuple:
        """Its overlay and label, the piece `turned` 90° clockwise on the sheet or not: a label
        reads along the page or upward, never downward."""
        ox, oy = self.offset
        rw, rh = self.region[2], self.region[3]
        if self.side:  # the label turned to read upward, in the band left of the region
            label = Group(self._label(rh), multiply(translate(0.0, rh), rotate(-90)))
        elif turned:  # upside down in the band above, so that turned with the piece it reads up
            h = self.label_h or self.band
            label = Group(self._label(rw), multiply(translate(rw, h), rotate(180)))
        else:
            label = Group(self._label(rw))
        return (Group(self.overlay, translate(ox, oy)), label)

    def _label(self, along: float) -> tuple:
        if self.label_of is not None:
            return tuple(self.label_of(along))
        return self.side_caption if self.side else self.caption


def tile_piece(ref: ItemRef, tile: TilePart) -> Piece:
    """A tile as a piece to pack: its region and its band, above or beside it."""
    rw, rh = tile.region[2], tile.region[3]
    w, h = (tile.band + rw, rh) if tile.side else (rw, tile.band + rh)
    return Piece((ref,), 1, w, h, 0.0, False, True, tile)


def sideways(piece: Piece, area) -> Piece:
    """A flat tile strip with its band beside it rather than above, where it still fits the
    printable area (other pieces unchanged)."""
    t = piece.tile
    if t is None or t.side or t.region[3] >= t.region[2]:
        return piece
    out = tile_piece(piece.refs[0], replace(t, side=True))
    w, h = sorted((out.w, out.h))
    return out if w <= min(area[2], area[3]) + 1e-6 and h <= max(area[2], area[3]) + 1e-6 else piece


@dataclass(frozen=True)
class Piece:
    """Items laid edge to edge (or their grid's gutter apart), cols × rows, placed as one."""

    refs: Sequence[ItemRef]
    cols: int
    cell_w: float
    cell_h: float
    gap: float  # between items in the block
    turned: bool  # each item turned 90° in the block
    turnable: bool = True  # the block may be turned 90° on the sheet
    tile: TilePart | None = None  # a tile of a board: one item, its band and region

    # its size, worked out once: read for every packing tried
    rows: int = field(init=False, repr=False, compare=False)
    w: float = field(init=False, repr=False, compare=False)
    h: float = field(init=False, repr=False, compare=False)
    two_sided: bool = field(init=False, repr=False, compare=False)
    shape: tuple = field(init=False, repr=False, compare=False)  # all a packing reads of it
    # what makes its items like others: their family and size (the packing search reads it)
    like: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rows = -(-len(self.refs) // self.cols)
        w = self.cols * self.cell_w + (self.cols - 1) * self.gap
        h = rows * self.cell_h + (rows - 1) * self.gap
        first = self.refs[0]
        two_sided = first.two_sided
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "w", w)
        object.__setattr__(self, "h", h)
        object.__setattr__(self, "two_sided", two_sided)
        object.__setattr__(self, "shape", (w, h, self.turnable, two_sided, self.tile is None))
        object.__setattr__(self, "like", (first.family, round(first.w, 4), round(first.h, 4)))

    def placements(self, x: float, y: float, turned: bool) -> list[Placement]:
        """Each item where it lands with the block at (x, y), the block turned 90° clockwise or not."""
        if self.tile is not None:
            t = self.tile
            rw, rh = t.region[2], t.region[3]
            ox, oy = t.offset
            if turned:  # turned 90° clockwise: (u, v) in the piece lands at (x + h - v, y + u)
                at = (x + self.h - oy - rh, y + ox, rh, rw, 90)
            else:
                at = (x + ox, y + oy, rw, rh, 0)
            return [Placement(self.refs[0], "front", *at, tile=t.label, region=t.region)]
        out = []
        for k, ref in enumerate(self.refs):
            r, c = divmod(k, self.cols)
            u, v = c * (self.cell_w + self.gap), r * (self.cell_h + self.gap)
            if turned:
                px, py, pw, ph = x + self.h - v - self.cell_h, y + u, self.cell_h, self.cell_w
            else:
                px, py, pw, ph = x + u, y + v, self.cell_w, self.cell_h
            out.append(Placement(ref, "front", px, py, pw, ph, 90 if self.turned != turned else 0))
        return out

    def label_box(self, x: float, y: float, turned: bool) -> tuple[float, float, float, float]:
        """Where a tile's label lies with the piece at (x, y), turned 90° clockwise or not."""
        t = self.tile
        h = t.label_h or t.band
        u1, v1 = (h, t.region[3]) if t.side else (t.region[2], h)
        if turned:  # (u, v) in the piece lands at (x + h - v, y + u)
            return (x + self.h - v1, y, v1, u1)
        return (x, y, u1, v1)

    def marks(self, x: float, y: float, turned: bool) -> list:
        """A tile's marks where it lands (nothing for other pieces)."""
        if self.tile is None:
            return []
        at = multiply(translate(x + self.h, y), rotate(90)) if turned else translate(x, y)
        return [Group(self.tile.marks(turned), at)]


def pieces(
    runs: Sequence[Run], area, across: float, most: tuple[float, float] | None = None
) -> list[Piece]:
    """The runs cut into blocks: up to `across` of its grid's columns wide (0: every item a
    piece of its own) and a third of the page high, whole rows, then what is left of a row."""
    out = []
    for run in runs:
        g = run.grid
        if g is None:
            out += [Piece((r,), 1, r.w, r.h, 0.0, False) for r in run.refs]
            continue
        # like items keep their grid pages' way round, as a person reading them expects
        # (turned after all where the room the sheet's outer marks keep leaves it no other way)
        upright = g.cell_w <= area[2] + 1e-6 and g.cell_h <= area[3] + 1e-6
        if not across:
            out += [
                Piece((r,), 1, g.cell_w, g.cell_h, 0.0, g.rotated, not upright) for r in run.refs
            ]
            continue
        # no wider than `most` (default: the area): a block as wide as the sheet would leave
        # its cut lines no room for marks at either end
        most_w, most_h = (area[2], area[3]) if most is None else most
        cols = max(1, min(round(g.cols * across), fit_count(most_w, g.cell_w, g.gutter)))
        rows = max(1, fit_count(min(area[3] / 3, most_h), g.cell_h, g.gutter))
        refs, k = run.refs, 0
        while k < len(refs):
            left = len(refs) - k
            n = min(left, cols * rows) if left >= cols else left
            n = n if n < cols else n // cols * cols
            out.append(
                Piece(
                    refs[k : k + n],
                    min(cols, n),
                    g.cell_w,
                    g.cell_h,
                    g.gutter,
                    g.rotated,
                    not upright and n == 1,
                )
            )
            k += n
    return out


@dataclass(frozen=True)
class SharedSheet:
    """One shared sheet: its placements, the packed block centred in the printable area, and
    its marks, made only for the plan that is kept."""

    pool: SharedPool
    parts: list[Piece]
    spots: list  # the packer's spots, in the order of the pieces
    at: tuple[float, float]  # where the packed block starts
    placed: list[Placement]

    def marks(self, paper: PaperSpec, ticks: dict) -> list:
        """Its tiles' marks and the cut marks at its pieces' corners; `ticks`: the corner marks
        of the sheets marked already, by the rectangles they read (sheets alike repeat)."""
        ox, oy = self.at
        parts, spots = self.parts, self.spots
        marks = [m for s in spots for m in parts[s.index].marks(ox + s.x, oy + s.y, s.rotated)]
        if marks:  # a tile's ticks and trim lines print no further than the printable area
            marks = [Group(tuple(marks), clip=Rect(*self.pool.area, Style()))]
        rects = [(p.x, p.y, p.w, p.h) for p in self.placed]
        bands = [  # a tile's label: no tick enters it
            parts[s.index].label_box(ox + s.x, oy + s.y, s.rotated)
            for s in spots
            if parts[s.index].tile is not None
        ]
        key = (tuple(rects), tuple(bands), self.pool.gutter, self.pool.area)
        got = ticks.get(key)
        if got is None:
            got = ticks[key] = corner_marks(rects, paper, self.pool.gutter, self.pool.area, bands)
        return marks + got


def shared_sheets(
    pool: SharedPool, paper: PaperSpec, parts: list[Piece], packer: GuillotinePacker
) -> list[SharedSheet]:
    """The sheets of the pool's packing (pnp.layout.search), each block placed in its area."""
    ax, ay, aw, ah = pool.area
    sheets = []
    for sheet in packer.sheets:
        spots = sorted(sheet.spots, key=lambda s: s.index)
        used_w = max(s.x + s.w for s in spots)
        used_h = max(s.y + s.h for s in spots)
        ox = ax + _lead(aw - used_w, *_edges(spots, parts, used_w, True), pool.short)
        top = _lead(ah - used_h, *_edges(spots, parts, used_h, False), pool.short)
        oy = ay + head_start(top, ah - used_h, reserve(paper))  # the sheet's header above
        placed = [
            p for s in spots for p in parts[s.index].placements(ox + s.x, oy + s.y, s.rotated)
        ]
        sheets.append(SharedSheet(pool, parts, spots, (ox, oy), placed))
    return sheets


def _edges(
    spots, parts: list[Piece], used: float, across: bool
) -> tuple[float, float, float | None]:
    """Across the sheet (or down it): the most bleed among the pieces at the block's near side
    and at its far side, and that of a piece reaching both (None if none does)."""
    near = far = 0.0
    span = None
    for s in spots:
        lo, size = (s.x, s.w) if across else (s.y, s.h)
        bleed = parts[s.index].refs[0].bleed
        at_near, at_far = lo < 1e-6, lo + size > used - 1e-6
        near = max(near, bleed) if at_near else near
        far = max(far, bleed) if at_far else far
        if at_near and at_far:
            span = bleed if span is None else max(span, bleed)
    return near, far, span


def _lead(slack: float, near: float, far: float, span: float | None, short: float) -> float:
    """Room before a sheet's block: half the slack, each side keeping its pieces' bleed; where a
    piece reaches both sides (its cut lines meet no gutter), room for a mark (`short`) beyond
    its bleed on one side at least."""
    if span is not None and slack / 2 < span + short and slack >= span + short + far:
        return span + short
    return min(max(slack / 2, near), max(near, slack - far))
