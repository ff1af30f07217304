"""The four ways items reach the page, each a named strategy adding pages to `Sheets`:

- `grid_pages`: like items, a grid filling whole pages; what is left shares sheets;
- `shared_pages`: what is left of every family of a stock, packed together (pnp.layout.share,
  the packing chosen by pnp.layout.search);
- `tile_pages`: a board larger than the page, in tiles with its assembly map (pnp.layout.tiles);
  a tile filling little of its page (an edge strip) is packed on the shared sheets;
- `fold_pages`: two-sided items that fit half a page, each back mirrored beside its front
  (pnp.layout.fold).

A candidate plan is only counted (its sheets, and those holding a board's pieces) before it is
kept: what costs and moves no page (the shared sheets' marks, a tile page's marks and label,
the assembly maps) is left to `Sheets.later` and made for the kept plan alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from pnp.draw.fonts import FontBook
from pnp.draw.primitives import Group, multiply, rotate, translate
from pnp.layout.fold import FoldItems, best_grid, best_pack, fold_line
from pnp.layout.grid import EPS, Grid, impose_grid
from pnp.layout.guide import assembly_page, piece_band, tile_band
from pnp.layout.marks import corner_marks, grid_marks, inset, printable, reserve
from pnp.layout.plan import BackItems, FamilyPages, GridItems, ItemRef, Page, Placement, distinct
from pnp.layout.registration import with_registration
from pnp.layout.search import Search
from pnp.layout.share import PIECE_REACH, Run, SharedPool, TilePart, shared_sheets, tile_piece
from pnp.layout.tiles import tile_board, tile_label, tile_overlay
from pnp.spec.paper import PaperSpec

GRID_FILL = 0.8  # a grid page filling less of the printable area than this shares its room
FULL_TILE = 0.9  # a tile filling less of its page than this shares a sheet (its strips)


def back_position(p: Placement, paper: PaperSpec, W: float, H: float) -> Placement:
    """Where the back of a placed item goes so that it lines up after duplex printing. Either
    flip puts the back face's point (w - u, v) behind the front's (u, v): a tile's back shows
    the back's region behind the tile, mirrored left to right across the board."""
    ox, oy = paper.duplex.offset.x, paper.duplex.offset.y
    if paper.duplex.flip == "long":
        x, y, rot = W - p.x - p.w + ox, p.y - oy, (-p.rotation) % 360
    else:
        x, y, rot = p.x - ox, H - p.y - p.h + oy, (180 - p.rotation) % 360
    region = None
    if p.region is not None:
        rx, ry, rw, rh = p.region
        region = (p.ref.w - rx - rw, ry, rw, rh)
    return Placement(p.ref, "back", x, y, p.w, p.h, rot, p.tile, region)


@dataclass
class Sheets:
    """The pages of one candidate plan as they are made, and the families each holds."""

    paper: PaperSpec
    pages: list[Page]
    families: dict[str, FamilyPages]
    band: float  # the registration band kept free at the top and bottom (0: none)
    marked: set[str] = field(default_factory=set)
    later: list[Callable[[], None]] = field(default_factory=list)  # for the kept plan only
    maps: list[Callable[[], None]] = field(default_factory=list)  # once the pages are numbered
    ticks: dict = field(default_factory=dict)  # corner marks by what a sheet's read: made once

    def new_page(self, kind: str, w: float | None = None, h: float | None = None) -> Page:
        size = self.paper.size
        page = Page(
            len(self.pages) + 1, kind, size.w if w is None else w, size.h if h is None else h
        )
        self.pages.append(page)
        return page

    def note(self, page: Page, refs: Sequence[ItemRef]) -> None:
        """The page among each family's pages; a family starting on it, in its bookmark."""
        for r in refs:
            fp = self.families[r.family]
            if not fp.pages or fp.pages[-1] != page.number:
                fp.pages.append(page.number)
            if r.family not in self.marked:
                self.marked.add(r.family)
                # a shared sheet's bookmark names every family that starts on it
                page.bookmark = f"{page.bookmark}, {fp.title}" if page.bookmark else fp.title
                page.family = page.family or r.family

    def add_backs(
        self, front: Page, refs: Sequence[ItemRef], placed: Sequence[Placement] | None = None
    ) -> None:
        """The backs page after `front`: each item's back mirrored behind it."""
        back = self.new_page("backs")
        size = self.paper.size

        def back_of(p: Placement) -> Placement:
            return back_position(p, self.paper, size.w, size.h)

        back.items = BackItems(front.items if placed is None else placed, back_of)
        back.family = front.family
        self.note(back, refs)


def grid_gutter(gutter: float | None, bleed: float, paper: PaperSpec) -> float:
    """The space between like items: the family's `gutter`, else the paper's; never less than
    twice the bleed, so that one item's bleed stops at its neighbour's, short of its cut line
    (pnp.pipeline.faces warns where a family's own `gutter:` is raised so)."""
    return max(paper.gutter if gutter is None else gutter, 2 * bleed)


def like_runs(
    refs: Sequence[ItemRef], area, gutter: float, keep: float = 0.0, bleed: float = 0.0
) -> list[Run]:
    """Items of several sizes as runs of like items (one family, one size), each with its grid:
    on a shared sheet identical items then stand together in blocks, all the same way round."""
    alike: dict[tuple, list[ItemRef]] = {}
    for r in refs:
        alike.setdefault((r.family, round(r.w, 4), round(r.h, 4)), []).append(r)
    return [Run(rs, _run_grid(rs, area, gutter, keep, bleed)) for rs in alike.values()]


def _run_grid(rs: Sequence[ItemRef], area, gutter: float, keep: float, bleed: float) -> Grid | None:
    """A run's grid, the most to a page with no room for marks; turned where the room its marks
    take (`keep`) leaves the upright grid fewer to a page than turned, so that the run would
    take more pages upright (two 4 × 6 in cards upright across Letter, one with their marks)."""
    grid = impose_grid(rs[0].w, rs[0].h, area, gutter)
    if grid is None or grid.rotated or not keep:
        return grid
    marked = impose_grid(rs[0].w, rs[0].h, area, gutter, keep, bleed, len(rs))
    return marked if marked is not None and marked.rotated else grid


def grid_pages(
    sheets: Sheets, refs: Sequence[ItemRef], gutter: float | None, area, sided: bool
) -> Run | None:
    """Like items (one size) as whole grid pages where the grid fills its page well, each with
    its backs page when `sided`; the rest, to share sheets."""
    paper = sheets.paper
    bleed = max(r.bleed for r in distinct(refs))
    grid = impose_grid(
        refs[0].w,
        refs[0].h,
        area,
        grid_gutter(gutter, bleed, paper),
        reserve(paper, bleed),
        bleed,
        len(refs),
    )
    per = grid.per_page
    full = per > 1 and per * refs[0].w * refs[0].h >= GRID_FILL * area[2] * area[3]
    whole = len(refs) // per * per if full else 0
    marks: dict[int, list] = {}  # every full page has the same marks: made once
    for start in range(0, whole, per):
        chunk = refs[start : start + per]
        page = sheets.new_page("sheet")
        page.items = GridItems(chunk, grid)
        if len(chunk) not in marks:
            marks[len(chunk)] = grid_marks(_cells(grid, len(chunk)), paper, area)
        page.marks = marks[len(chunk)]
        if sheets.band:
            page.marks = with_registration(page, paper)
        sheets.note(page, distinct(chunk))
        if sided:
            sheets.add_backs(page, distinct(chunk))
    return Run(refs[whole:], grid) if whole < len(refs) else None


def _cells(grid: Grid, n: int) -> list[tuple[float, float, float, float]]:
    return [(*grid.position(k), grid.cell_w, grid.cell_h) for k in range(n)]


def shared_pages(sheets: Sheets, pool: SharedPool, search: Search) -> None:
    """The pool's shared sheets, each with its backs page when it holds a two-sided item (a
    one-sided item on it has nothing behind it)."""
    paper = sheets.paper
    parts, packer = search.packing(pool)
    for sheet in shared_sheets(pool, paper, parts, packer):
        page = sheets.new_page("sheet")
        page.items = list(sheet.placed)
        sheets.later.append(lambda page=page, sheet=sheet: _mark(page, sheet, sheets))
        sheets.note(page, [p.ref for p in sheet.placed])
        backed = [p for p in sheet.placed if p.ref.two_sided]
        if backed:
            sheets.add_backs(page, [p.ref for p in backed], backed)


def _mark(page: Page, sheet, sheets: Sheets) -> None:
    page.marks = sheet.marks(sheets.paper, sheets.ticks)
    if sheets.band:
        page.marks = with_registration(page, sheets.paper)


def fold_pages(
    sheets: Sheets, refs: Sequence[ItemRef], gutter: float | None, area, fonts: FontBook
) -> None:
    """Gutter-fold pages: fronts on one half, each back mirrored across the fold on the other."""
    paper = sheets.paper
    W, H = paper.size.w, paper.size.h
    bleed = max(r.bleed for r in distinct(refs))
    inner = inset(area, reserve(paper, bleed))  # the outer items' marks and bleed lie outside
    if len({(round(r.w, 4), round(r.h, 4)) for r in distinct(refs)}) == 1:
        like = grid_gutter(gutter, bleed, paper)
        fold, grid = best_grid(refs[0].w, refs[0].h, len(refs), inner, W, H, like)
        line = fold_line(fold, W, H, paper.margin, fonts)
        marks: dict[int, list] = {}
        for start in range(0, len(refs), grid.per_page):
            chunk = refs[start : start + grid.per_page]
            page = sheets.new_page("fold")
            page.fold = fold
            page.items = FoldItems(GridItems(chunk, grid), fold)
            if len(chunk) not in marks:
                fronts = _cells(grid, len(chunk))
                rects = fronts + [_mirrored(r, fold) for r in fronts]
                marks[len(chunk)] = line + grid_marks(rects, paper, area)
            page.marks = marks[len(chunk)]
            sheets.note(page, distinct(chunk))
        return
    gutter = max(gutter if gutter is not None else paper.packed_gutter, 2 * bleed)
    fold, spots_pages, half = best_pack([(r.w, r.h) for r in refs], inner, W, H, gutter)
    line = fold_line(fold, W, H, paper.margin, fonts)
    for spots in spots_pages:
        page = sheets.new_page("fold")
        page.fold = fold
        # the packed block sits against the fold, centred along it, so the halves mirror
        used_w = max(s.x + s.w for s in spots)
        used_h = max(s.y + s.h for s in spots)
        if fold.axis == "vertical":
            ox, oy = half[0] + half[2] - used_w, half[1] + (half[3] - used_h) / 2
        else:
            ox, oy = half[0] + (half[2] - used_w) / 2, half[1] + half[3] - used_h
        fronts = [
            Placement(refs[s.index], "front", ox + s.x, oy + s.y, s.w, s.h, 90 if s.rotated else 0)
            for s in spots
        ]
        page.items = FoldItems(fronts, fold)
        rects = [(p.x, p.y, p.w, p.h) for p in page.items]
        page.marks = line + corner_marks(rects, paper, gutter, area)
        sheets.note(page, [refs[s.index] for s in spots])


def _mirrored(rect: tuple[float, float, float, float], fold) -> tuple[float, float, float, float]:
    x, y, w, h = rect
    if fold.axis == "vertical":
        return (2 * fold.at - x - w, y, w, h)
    return (x, 2 * fold.at - y - h, w, h)


def tile_pages(
    sheets: Sheets,
    r: ItemRef,
    fonts: FontBook,
    pool: SharedPool | None,
    other_way: bool = False,
    even_cols: bool = False,
) -> None:
    """The board's assembly map and its tiles: each on a page of its own, or, a tile filling
    little of its page (an edge strip), on the shared sheets of `pool`. The map, which names
    the pages its tiles end on, is drawn once every page is made and numbered (`later`)."""
    paper = sheets.paper
    grid = tile_board(r.w, r.h, paper, other_way, even_cols)
    fp = sheets.families[r.family]
    fp.tiled = True
    name = fp.title + (f" ({r.id})" if r.id != r.family else "")
    page = sheets.new_page("assembly", grid.page_w, grid.page_h)
    sheets.note(page, [r])
    band = paper.label_band
    # the pool keeps room for its tiles' marks and its items' bleed: no more than this
    room = inset(pool.area, max(reserve(paper), pool.keep)) if pool is not None else None
    for row in range(grid.rows):
        for c in range(grid.cols):
            label = tile_label(c, row)
            region = grid.region(c, row)
            rw, rh = region[2], region[3]
            part = rw * rh < FULL_TILE * (grid.page_w - 2 * paper.margin) * (
                grid.page_h - 2 * paper.margin - band
            )
            # on a shared sheet the band also holds the ticks and trim lines that reach past
            # the tile, between its label and the tile: they never cross the label
            wide = band + PIECE_REACH
            if pool is not None and part and fits(rw, wide + rh, room):
                overlay = tile_overlay(grid, c, row, PIECE_REACH)
                tile = TilePart(
                    label,
                    region,
                    wide,
                    (Group(tuple(overlay), translate(-grid.x0, -grid.y0)),),
                    label_h=band - 0.5,
                    label_of=partial(
                        piece_band, fonts, name, label, c, row, h=band - 1, clear=(1.0, 1.0)
                    ),
                )
                pool.tiles.append(tile_piece(r, tile))
                continue
            _tile_page(sheets, r, grid, c, row, fonts, name)

    def assembly_map() -> None:
        on = {  # each tile's page
            it.tile: p.number
            for p in sheets.pages
            if isinstance(p.items, list)
            for it in p.items
            if it.tile and it.ref is r
        }
        page.marks, transform = assembly_page(fonts, paper, name, grid, on)
        page.preview = (r, transform)

    sheets.maps.append(assembly_map)


def _tile_page(sheets: Sheets, r: ItemRef, grid, c: int, row: int, fonts: FontBook, name) -> None:
    """A tile on a page of its own; a two-sided board's with its back page after it. The back
    is placed as every sheet's back is, so a two-sided board's tile laid out on a landscape page
    is drawn turned on an upright one: the sheet flips, and the duplex offset applies, as for
    every other sheet (a printer turns a landscape page whichever way it likes)."""
    region = grid.region(c, row)
    rw, rh = region[2], region[3]
    turn = r.two_sided and grid.landscape
    if turn:  # turned a quarter counterclockwise: the label band on the left, read upward
        tp = sheets.new_page("tile")
        at = (grid.y0, grid.page_w - grid.x0 - rw, rh, rw, 270)
    else:
        tp = sheets.new_page("tile", grid.page_w, grid.page_h)
        at = (grid.x0, grid.y0, rw, rh, 0)
    tp.items = [Placement(r, "front", *at, tile=tile_label(c, row), region=region)]
    sheets.later.append(partial(_tile_marks, tp, grid, c, row, fonts, sheets.paper, name, turn))
    sheets.note(tp, [r])
    if r.two_sided:
        sheets.add_backs(tp, [r])


def _tile_marks(
    page: Page, grid, c: int, row: int, fonts: FontBook, paper: PaperSpec, name, turn: bool
) -> None:
    """A tile page's alignment marks and trim lines, and its label band; drawn for the page
    the grid's way round, then `turn`ed a quarter counterclockwise onto the upright page."""
    ink = printable(paper, grid.page_w, grid.page_h)
    marks = tile_overlay(grid, c, row, ink=ink) + tile_band(
        fonts, paper, name, tile_label(c, row), c, row, grid
    )
    if turn:
        marks = [Group(tuple(marks), multiply(translate(0.0, grid.page_w), rotate(270)))]
    page.marks = marks


def fits(w: float, h: float, area) -> bool:
    """Whether w × h fits the area one way round or the other."""
    return (w <= area[2] + EPS and h <= area[3] + EPS) or (
        h <= area[2] + EPS and w <= area[3] + EPS
    )
