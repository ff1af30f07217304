"""Faces -> pages: grids for uniform items, packing for mixed, tiles for boards, backs after fronts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from pnp.draw.fonts import FontBook
from pnp.draw.primitives import Group, translate
from pnp.layout.fold import FoldItems, best_grid, best_pack, fits_half, fold_line
from pnp.layout.grid import EPS, impose_grid
from pnp.layout.guide import assembly_page, calibration_pages, guide_page, piece_band, tile_band
from pnp.layout.header import add_headers
from pnp.layout.jobs import order_pages, print_jobs
from pnp.layout.marks import corner_marks, grid_marks, inset, item_room, printable, reserve
from pnp.layout.plan import (
    BackItems,
    FamilyPages,
    GridItems,
    ItemRef,
    Page,
    Placement,
    SameRefs,
    distinct,
)
from pnp.layout.registration import registration_area, registration_band, with_registration
from pnp.layout.share import PIECE_REACH, Run, SharedPool, TilePart, shared_sheets, tile_piece
from pnp.layout.tiles import tile_board, tile_label, tile_overlay
from pnp.spec.paper import PaperSpec

GRID_FILL = 0.8  # a grid page filling less of the printable area than this shares its room


@dataclass
class SheetGroup:
    """Items that share pages: one family, or several that name the same `sheet`."""

    key: str
    stock: str
    gutter: float | None
    parts: list[Sequence[ItemRef]] = field(default_factory=list)
    own: bool = False  # on sheets of its own (a family's `own_sheets: true`), not shared

    @property
    def refs(self) -> Sequence[ItemRef]:
        return self.parts[0] if len(self.parts) == 1 else [r for part in self.parts for r in part]


@dataclass(frozen=True)
class FamilyInfo:
    name: str
    title: str
    stock: str
    sheet: str | None
    gutter: float | None
    refs: Sequence[ItemRef]  # a list, or SameRefs for items that all print alike
    own_sheets: bool = False  # kept off the sheets other families share


@dataclass
class Plan:
    paper: PaperSpec
    pages: list[Page]
    families: list[FamilyPages]
    calibration: tuple[int, int] | None


def back_position(p: Placement, paper: PaperSpec, W: float, H: float) -> Placement:
    """Where the back of a placed item goes so that it lines up after duplex printing."""
    ox, oy = paper.duplex.offset.x, paper.duplex.offset.y
    if paper.duplex.flip == "long":
        x, y, rot = W - p.x - p.w + ox, p.y - oy, (-p.rotation) % 360
    else:
        x, y, rot = p.x - ox, H - p.y - p.h + oy, (180 - p.rotation) % 360
    return Placement(p.ref, "back", x, y, p.w, p.h, rot)


def impose(
    families: list[FamilyInfo],
    paper: PaperSpec,
    fonts: FontBook,
    *,
    title: str,
    credits: str,
    variant: str | None,
    players: int | None,
    choices: Sequence[str] = (),
    fold: bool = False,
    ink: list[tuple[int, float, float]] | None = None,
) -> Plan:
    """The plan of every page. With `fold`, two-sided items that fit half a page go on gutter-fold
    sheets (pnp.layout.fold) instead of front and back pages.

    Boards are tiled with the page the way round that takes the fewest pages; where both ways
    take as many, the plan is made both ways, each also with the columns of equal width (a strip
    narrower than the page packs with its label beside it), and the one on fewest sheets kept;
    among equals, the one whose boards lie on fewest sheets."""
    opts = dict(
        title=title,
        credits=credits,
        variant=variant,
        players=players,
        choices=choices,
        fold=fold,
        ink=ink,
        packings={},  # the candidates below share their card pools: each is packed once
        guide_pages=[],  # and the number of guide pages: drafted once
    )
    plan, finish = _impose(families, paper, fonts, other_way=False, **opts)
    if any(fp.tiled for fp in plan.families):
        best = (component_sheets(plan), tile_sheets(plan))
        for other_way, even_cols in ((True, False), (False, True), (True, True)):
            other = _impose(
                families, paper, fonts, other_way=other_way, even_cols=even_cols, **opts
            )
            score = (component_sheets(other[0]), tile_sheets(other[0]))
            if score < best:
                (plan, finish), best = other, score
    finish()  # the assembly maps and the guide, for the plan kept only
    return plan


def tile_sheets(plan: Plan) -> int:
    """Sheets that hold a piece of a tiled board: among plans on as many sheets, the one whose
    boards are spread over fewest is the easier to assemble."""
    return sum(
        1
        for p in plan.pages
        if p.kind in ("sheet", "tile")
        and isinstance(p.items, list)
        and any(i.tile for i in p.items)
    )


def component_sheets(plan: Plan) -> int:
    """Sheets that hold components: every page of items but the backs (printed on their fronts)."""
    return sum(1 for p in plan.pages if p.kind in ("sheet", "tile", "fold") and len(p.items))


def _impose(
    families: list[FamilyInfo],
    paper: PaperSpec,
    fonts: FontBook,
    *,
    title: str,
    credits: str,
    variant: str | None,
    players: int | None,
    choices: Sequence[str],
    fold: bool,
    ink: list[tuple[int, float, float]] | None,
    other_way: bool,
    even_cols: bool = False,
    packings: dict | None = None,
    guide_pages: list[int] | None = None,
) -> tuple[Plan, Callable[[], None]]:
    """One candidate plan, and what finishes it once it is kept: its assembly maps and its
    guide, which name page numbers but move no page."""
    W, H, m = paper.size.w, paper.size.h, paper.margin
    area = (m, m, W - 2 * m, H - 2 * m)
    # print-and-cut sheets keep a band at the top and bottom free for the registration marks
    band = registration_band(paper)
    pages: list[Page] = [Page(1, "guide", W, H)]
    fam_pages = {
        f.name: FamilyPages(
            f.name, f.title, f.stock, any(r.two_sided for r in distinct(f.refs)), len(f.refs)
        )
        for f in families
    }

    def folds(r: ItemRef) -> bool:
        return (
            fold and r.two_sided and fits_half(r.w, r.h, inset(area, reserve(paper, r.bleed)), W, H)
        )

    for f in families:
        fam_pages[f.name].folded = fam_pages[f.name].two_sided and all(
            folds(r) for r in distinct(f.refs)
        )
    # a duplex page is left only for two-sided items too large to fold
    any_duplex = any(
        r.two_sided and not folds(r)
        for f in families
        for r in distinct(f.refs)
        if not is_large(r, area, paper)
    )
    guide = partial(
        guide_page,
        fonts=fonts,
        paper=paper,
        title=title,
        credits=credits,
        variant=variant,
        families=list(fam_pages.values()),
        players=players,
        choices=list(choices),
        ink=ink,
        bled=any(r.bleed for f in families for r in distinct(f.refs)),
    )
    # Whether the design choices need a page of their own depends on the number of rows only,
    # so a draft with no page numbers yet decides it before any page is numbered.
    guide_pages = [] if guide_pages is None else guide_pages
    if not guide_pages:
        draft = guide(calibration=(2, 3) if any_duplex else None, pages_total=0)[1]
        guide_pages.append(1 + len(draft))
    for _ in range(guide_pages[0] - 1):
        pages.append(Page(len(pages) + 1, "guide", W, H))
    calibration = None
    if any_duplex:
        front, back = calibration_pages(fonts, paper)
        first = len(pages) + 1
        pages.append(Page(first, "calibration", W, H, marks=front, bookmark="Duplex calibration"))
        pages.append(Page(first + 1, "calibration", W, H, marks=back))
        calibration = (first, first + 1)

    groups: dict[str, SheetGroup] = {}
    for f in families:
        key = f.sheet or f"family:{f.name}"
        g = groups.setdefault(key, SheetGroup(key, f.stock, f.gutter))
        g.parts.append(f.refs)
        g.own = g.own or f.own_sheets

    marked: set[str] = set()
    back_of = partial(back_position, paper=paper, W=W, H=H)

    def new_page(kind: str, w: float = W, h: float = H) -> Page:
        page = Page(len(pages) + 1, kind, w, h)
        pages.append(page)
        return page

    def note(page: Page, refs) -> None:
        for r in refs:
            fp = fam_pages[r.family]
            if not fp.pages or fp.pages[-1] != page.number:
                fp.pages.append(page.number)
            if r.family not in marked:
                marked.add(r.family)
                # a shared sheet's bookmark names every family that starts on it
                page.bookmark = f"{page.bookmark}, {fp.title}" if page.bookmark else fp.title
                page.family = page.family or r.family

    full_area = area
    pools: dict[tuple, SharedPool] = {}  # by stock (and printable area): items sharing sheets
    maps: list[Callable[[list[Page]], None]] = []  # assembly maps, finished once every page is made
    for g in groups.values():
        group_refs = g.refs
        reg_area = registration_area(
            full_area, paper, max((r.bleed for r in distinct(group_refs)), default=0.0)
        )
        area = (
            reg_area
            if band and not any(is_large(r, reg_area, paper) for r in distinct(group_refs))
            else full_area
        )
        if isinstance(group_refs, SameRefs):  # all alike: decided once, kept as a view
            like = group_refs.like
            large = group_refs if is_large(like, area, paper) else []
            fits = [] if large else group_refs
            by_side = {like.two_sided: fits}
            folded = fits if folds(like) else []
        else:
            large = [r for r in group_refs if is_large(r, area, paper)]
            fits = [r for r in group_refs if not is_large(r, area, paper)]
            folded = [r for r in fits if folds(r)]
            by_side = {
                sided: [r for r in fits if r.two_sided == sided and not (sided and folds(r))]
                for sided in (True, False)
            }
        if folded:
            _impose_folded(folded, g, paper, area, fonts, new_page, note)
            if isinstance(group_refs, SameRefs):
                by_side = {}
        runs: list[Run] = []  # what is left to share sheets: never a grid page mostly empty
        for sided in (True, False):
            refs = by_side.get(sided)
            if not refs:
                continue
            sizes = {(round(r.w, 4), round(r.h, 4)) for r in distinct(refs)}
            bleed = max(r.bleed for r in distinct(refs))
            gutter = grid_gutter(g.gutter, bleed, paper)
            if len(sizes) != 1:
                runs += like_runs(refs, area, gutter)
                continue
            keep = reserve(paper, bleed)
            grid = impose_grid(refs[0].w, refs[0].h, area, gutter, keep, bleed, len(refs))
            per = grid.per_page
            # whole pages as a grid when the grid fills the page well; the rest shares sheets
            full = per > 1 and per * refs[0].w * refs[0].h >= GRID_FILL * area[2] * area[3]
            whole = len(refs) // per * per if full else 0
            marks: dict[int, list] = {}  # every full page has the same marks: made once
            for start in range(0, whole, per):
                chunk = refs[start : start + per]
                page = new_page("sheet")
                page.items = GridItems(chunk, grid)
                if len(chunk) not in marks:
                    rects = [
                        (*grid.position(k), grid.cell_w, grid.cell_h) for k in range(len(chunk))
                    ]
                    marks[len(chunk)] = grid_marks(rects, paper, area)
                page.marks = marks[len(chunk)]
                if band:
                    page.marks = with_registration(page, paper)
                note(page, distinct(chunk))
                if sided:
                    _add_backs(page, new_page("backs"), back_of, note, distinct(chunk))
            if whole < len(refs):
                runs.append(Run(refs[whole:], grid))
        if runs:
            bleed = max(r.bleed for run in runs for r in distinct(run.refs))
            gutter = max(g.gutter if g.gutter is not None else paper.packed_gutter, 2 * bleed)
            if g.own:  # a family of its own: its sheets shared with no other
                _shared_pages(
                    SharedPool(area, gutter, runs, bleed=bleed, paper=paper),
                    paper,
                    new_page,
                    note,
                    back_of,
                    band,
                    packings,
                )
            else:
                key = (g.stock, area)
                pool = pools.setdefault(key, SharedPool(area, paper.packed_gutter, paper=paper))
                pool.runs += runs
                pool.gutter = max(pool.gutter, gutter)
                pool.bleed = max(pool.bleed, bleed)
        for r in large:
            pool = None
            if not band and not g.own:  # its part-page tiles share sheets of its stock
                pool = pools.setdefault(
                    (g.stock, area), SharedPool(area, paper.packed_gutter, paper=paper)
                )
            maps.append(
                _tile_item(r, paper, fonts, new_page, note, fam_pages, pool, other_way, even_cols)
            )

    for pool in pools.values():
        if pool.runs or pool.tiles:
            _shared_pages(pool, paper, new_page, note, back_of, band, packings)

    plan = Plan(paper, pages, list(fam_pages.values()), calibration)

    def finish() -> None:
        # the pages in the order they are printed, one contiguous range a job, then numbered
        plan.calibration = order_pages(pages, plan.families, plan.calibration)
        add_headers(pages, paper, fonts)
        for finish_map in maps:  # the maps name the pages their tiles ended on
            finish_map(pages)
        sheets: dict[str, list[int]] = {}  # what to buy: the pages that hold components, by stock
        for page in pages:
            if page.kind in ("sheet", "tile", "fold") and len(page.items):
                sheets.setdefault(page.items[0].ref.stock, []).append(page.number)
        pages[0].marks, extra = guide(
            calibration=plan.calibration,
            pages_total=len(pages),
            sheets=sheets,
            jobs=print_jobs(pages),
        )
        pages[0].bookmark = "Print guide"
        for k, marks in enumerate(extra, start=1):
            pages[k].marks = marks
        if extra:
            pages[1].bookmark = "Design choices"

    return plan, finish


def _shared_pages(
    pool: SharedPool, paper: PaperSpec, new_page, note, back_of, band, packings: dict | None = None
) -> None:
    """The pool's shared sheets (pnp.layout.share), each with its backs page when it holds a
    two-sided item (a one-sided item on it has nothing behind it)."""
    for placed, marks in shared_sheets(pool, paper, packings):
        page = new_page("sheet")
        page.items = list(placed)
        page.marks = list(marks)
        if band:
            page.marks = with_registration(page, paper)
        note(page, [p.ref for p in placed])
        backed = [p for p in placed if p.ref.two_sided]
        if backed:
            _add_backs(page, new_page("backs"), back_of, note, [p.ref for p in backed], backed)


def like_runs(refs: Sequence[ItemRef], area, gutter: float) -> list[Run]:
    """Items of several sizes as runs of like items (one family, one size), each with its grid:
    on a shared sheet identical items then stand together in blocks, all the same way round."""
    alike: dict[tuple, list[ItemRef]] = {}
    for r in refs:
        alike.setdefault((r.family, round(r.w, 4), round(r.h, 4)), []).append(r)
    return [Run(rs, impose_grid(rs[0].w, rs[0].h, area, gutter)) for rs in alike.values()]


def is_large(r: ItemRef, area, paper: PaperSpec) -> bool:
    """Larger both ways round than the printable area less the room its marks and bleed take:
    tiled."""
    room = item_room(paper, r.bleed)
    return not _fits(r.w, r.h, (area[0], area[1], area[2] - room, area[3] - room))


def grid_gutter(gutter: float | None, bleed: float, paper: PaperSpec) -> float:
    """The space between like items: the family's `gutter`, else the paper's; never less than
    twice the bleed, so that one item's bleed stops at its neighbour's, short of its cut line
    (pnp.pipeline.faces warns where a family's own `gutter:` is raised so)."""
    return max(paper.gutter if gutter is None else gutter, 2 * bleed)


def _impose_folded(
    refs: Sequence[ItemRef], g: SheetGroup, paper: PaperSpec, area, fonts: FontBook, new_page, note
) -> None:
    """Gutter-fold pages: fronts on one half, each back mirrored across the fold on the other."""
    W, H = paper.size.w, paper.size.h
    bleed = max(r.bleed for r in distinct(refs))
    inner = inset(area, reserve(paper, bleed))  # the outer items' marks and bleed lie outside
    sizes = {(round(r.w, 4), round(r.h, 4)) for r in distinct(refs)}
    if len(sizes) == 1:
        gutter = grid_gutter(g.gutter, bleed, paper)
        fold, grid = best_grid(refs[0].w, refs[0].h, len(refs), inner, W, H, gutter)
        line = fold_line(fold, W, H, paper.margin, fonts)
        marks: dict[int, list] = {}
        for start in range(0, len(refs), grid.per_page):
            chunk = refs[start : start + grid.per_page]
            page = new_page("fold")
            page.fold = fold
            page.items = FoldItems(GridItems(chunk, grid), fold)
            if len(chunk) not in marks:
                fronts = [(*grid.position(k), grid.cell_w, grid.cell_h) for k in range(len(chunk))]
                rects = fronts + [_mirrored(r, fold) for r in fronts]
                marks[len(chunk)] = line + grid_marks(rects, paper, area)
            page.marks = marks[len(chunk)]
            note(page, distinct(chunk))
        return
    gutter = max(g.gutter if g.gutter is not None else paper.packed_gutter, 2 * bleed)
    fold, spots_pages, half = best_pack([(r.w, r.h) for r in refs], inner, W, H, gutter)
    line = fold_line(fold, W, H, paper.margin, fonts)
    for spots in spots_pages:
        page = new_page("fold")
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
        note(page, [refs[s.index] for s in spots])


def _mirrored(rect: tuple[float, float, float, float], fold) -> tuple[float, float, float, float]:
    x, y, w, h = rect
    if fold.axis == "vertical":
        return (2 * fold.at - x - w, y, w, h)
    return (x, 2 * fold.at - y - h, w, h)


def _add_backs(
    front: Page,
    back: Page,
    back_of,
    note,
    refs: Sequence[ItemRef],
    placed: Sequence[Placement] | None = None,
) -> None:
    back.items = BackItems(front.items if placed is None else placed, back_of)
    back.family = front.family
    note(back, refs)


FULL_TILE = 0.9  # a tile filling less of its page than this shares a sheet (its strips)


def _tile_item(
    r: ItemRef,
    paper: PaperSpec,
    fonts: FontBook,
    new_page,
    note,
    fam_pages,
    pool: SharedPool | None,
    other_way: bool = False,
    even_cols: bool = False,
):
    """The board's assembly map and its tiles: each on a page of its own, or, a tile filling
    little of its page (an edge strip), on the shared sheets of `pool`. Returns what finishes
    the map once every page is made."""
    grid = tile_board(r.w, r.h, paper, other_way, even_cols)
    fam_pages[r.family].tiled = True
    name = fam_pages[r.family].title + (f" ({r.id})" if r.id != r.family else "")
    page = new_page("assembly", grid.page_w, grid.page_h)
    note(page, [r])
    band = paper.label_band
    for row in range(grid.rows):
        for c in range(grid.cols):
            label = tile_label(c, row)
            region = grid.region(c, row)
            rw, rh = region[2], region[3]
            part = rw * rh < FULL_TILE * (grid.page_w - 2 * paper.margin) * (
                grid.page_h - 2 * paper.margin - band
            )
            # the pool keeps room for its tiles' marks and its items' bleed: no more than this
            room = inset(pool.area, max(reserve(paper), pool.keep)) if pool is not None else None
            # on a shared sheet the band also holds the ticks and trim lines that reach past
            # the tile, between its label and the tile: they never cross the label
            wide = band + PIECE_REACH
            if pool is not None and part and _fits(rw, wide + rh, room):
                overlay = tile_overlay(grid, c, row, PIECE_REACH)
                tile = TilePart(
                    label,
                    region,
                    wide,
                    (Group(tuple(overlay), translate(-grid.x0, -grid.y0)),),
                    tuple(piece_band(fonts, name, label, c, row, rw, band - 1, (1.0, 1.0))),
                    tuple(piece_band(fonts, name, label, c, row, rh, band - 1, (1.0, 1.0))),
                    label_h=band - 0.5,
                )
                pool.tiles.append(tile_piece(r, tile))
                continue
            tp = new_page("tile", grid.page_w, grid.page_h)
            tp.items = [
                Placement(r, "front", grid.x0, grid.y0, rw, rh, 0, tile=label, region=region)
            ]
            ink = printable(paper, grid.page_w, grid.page_h)
            tp.marks = tile_overlay(grid, c, row, ink=ink) + tile_band(
                fonts, paper, name, label, c, row, grid
            )
            note(tp, [r])

    def finish(pages: list[Page]) -> None:
        on = {  # each tile's page
            it.tile: p.number
            for p in pages
            if isinstance(p.items, list)
            for it in p.items
            if it.tile and it.ref is r
        }
        page.marks, transform = assembly_page(fonts, paper, name, grid, on)
        page.preview = (r, transform)

    return finish


def _fits(w: float, h: float, area) -> bool:
    return (w <= area[2] + EPS and h <= area[3] + EPS) or (
        h <= area[2] + EPS and w <= area[3] + EPS
    )
