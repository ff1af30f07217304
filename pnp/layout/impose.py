"""Faces -> pages: each group of items to its strategy (pnp.layout.strategies: grid, shared
sheet, tiles, fold), the candidate plans of a tiled board compared, backs after fronts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from pnp.draw.fonts import FontBook
from pnp.layout.fold import fits_half
from pnp.layout.guide import calibration_pages, guide_page
from pnp.layout.header import add_headers
from pnp.layout.jobs import order_pages, print_jobs
from pnp.layout.marks import inset, item_room, reserve
from pnp.layout.plan import FamilyPages, ItemRef, Page, SameRefs, distinct
from pnp.layout.registration import registration_area, registration_band
from pnp.layout.search import Search
from pnp.layout.share import Run, SharedPool
from pnp.layout.strategies import (
    Sheets,
    fits,
    fold_pages,
    grid_gutter,
    grid_pages,
    like_runs,
    shared_pages,
    tile_pages,
)
from pnp.spec.paper import PaperSpec


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


@dataclass(frozen=True)
class Setup:
    """What every candidate plan of one paper shares."""

    families: list[FamilyInfo]
    paper: PaperSpec
    fonts: FontBook
    folds: Callable[[ItemRef], bool]  # a two-sided item on gutter-fold pages
    guide_pages: int
    search: Search
    routes: list[Route]  # each group of items to its strategies
    calibration: tuple[list, list] | None  # a duplex page somewhere: the calibration pages


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
    among equals, the one whose boards lie on fewest sheets. The candidates are counted, not
    finished: only the kept one gets its marks, assembly maps and guide."""
    W, H, m = paper.size.w, paper.size.h, paper.margin
    area = (m, m, W - 2 * m, H - 2 * m)
    folds = partial(_folds, fold=fold, area=area, paper=paper)
    guide = partial(
        guide_page,
        fonts=fonts,
        paper=paper,
        title=title,
        credits=credits,
        variant=variant,
        players=players,
        choices=list(choices),
        ink=ink,
        bled=any(r.bleed for f in families for r in distinct(f.refs)),
        laid={},  # what the draft lays out as the page does, kept for the page itself
    )
    # a duplex page is left only for two-sided items not folded (a tiled board's tiles too)
    duplex = any(r.two_sided and not folds(r) for f in families for r in distinct(f.refs))
    # Whether the design choices need a page of their own depends on the number of rows only,
    # so a draft with no page numbers yet decides it, once for every candidate.
    draft = guide(
        families=list(_family_pages(families, folds).values()),
        calibration=(2, 3) if duplex else None,
        pages_total=0,
        draft=True,
    )[1]
    routes = [_route(g, area, paper, folds) for g in _groups(families)]
    calibration = calibration_pages(fonts, paper) if duplex else None
    setup = Setup(families, paper, fonts, folds, 1 + len(draft), Search(), routes, calibration)
    plan, sheets = _impose(setup, other_way=False, even_cols=False)
    if any(fp.tiled for fp in plan.families):
        best = (component_sheets(plan), tile_sheets(plan))
        for other_way, even_cols in ((True, False), (False, True), (True, True)):
            other = _impose(setup, other_way=other_way, even_cols=even_cols)
            score = (component_sheets(other[0]), tile_sheets(other[0]))
            if score < best:
                (plan, sheets), best = other, score
    _finish(plan, sheets, guide, fonts)
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


def _folds(r: ItemRef, *, fold: bool, area, paper: PaperSpec) -> bool:
    W, H = paper.size.w, paper.size.h
    return fold and r.two_sided and fits_half(r.w, r.h, inset(area, reserve(paper, r.bleed)), W, H)


def _family_pages(
    families: list[FamilyInfo], folds: Callable[[ItemRef], bool]
) -> dict[str, FamilyPages]:
    out = {}
    for f in families:
        fp = FamilyPages(
            f.name, f.title, f.stock, any(r.two_sided for r in distinct(f.refs)), len(f.refs)
        )
        fp.folded = fp.two_sided and all(folds(r) for r in distinct(f.refs))
        out[f.name] = fp
    return out


def _impose(setup: Setup, *, other_way: bool, even_cols: bool) -> tuple[Plan, Sheets]:
    """One candidate plan: its pages, counted but not finished."""
    paper = setup.paper
    # print-and-cut sheets keep a band at the top and bottom free for the registration marks
    band = registration_band(paper)
    sheets = Sheets(
        paper,
        [Page(1, "guide", paper.size.w, paper.size.h)],
        _family_pages(setup.families, setup.folds),
        band,
    )
    for _ in range(setup.guide_pages - 1):
        sheets.new_page("guide")
    calibration = None
    if setup.calibration:
        front, back = setup.calibration
        first = sheets.new_page("calibration")
        first.marks, first.bookmark = front, "Duplex calibration"
        sheets.new_page("calibration").marks = back
        calibration = (first.number, first.number + 1)
    pools: dict[tuple, SharedPool] = {}  # by stock (and printable area): items sharing sheets
    for route in setup.routes:
        _impose_group(setup, sheets, route, pools, (other_way, even_cols))
    for pool in pools.values():
        if pool.runs or pool.tiles:
            shared_pages(sheets, pool, setup.search)
    return Plan(paper, sheets.pages, list(sheets.families.values()), calibration), sheets


def _groups(families: list[FamilyInfo]) -> list[SheetGroup]:
    groups: dict[str, SheetGroup] = {}
    for f in families:
        key = f.sheet or f"family:{f.name}"
        g = groups.setdefault(key, SheetGroup(key, f.stock, f.gutter))
        g.parts.append(f.refs)
        g.own = g.own or f.own_sheets
    return list(groups.values())


@dataclass(frozen=True)
class Route:
    """A group's items sorted to their strategies: the same for every candidate plan."""

    group: SheetGroup
    area: tuple[float, float, float, float]
    large: Sequence[ItemRef]  # tiled
    folded: Sequence[ItemRef]  # on gutter-fold pages
    # by sides, two-sided first: like items of one size (grid pages, the rest shared), or
    # items of several sizes as runs of like items (shared)
    sides: list[tuple[bool, Sequence[ItemRef], list[Run] | None]]


def _route(g: SheetGroup, full_area, paper: PaperSpec, folds: Callable[[ItemRef], bool]) -> Route:
    """Where a group's items go: tiles, fold pages, grid pages or shared sheets."""
    group_refs = g.refs
    reg_area = registration_area(
        full_area, paper, max((r.bleed for r in distinct(group_refs)), default=0.0)
    )
    large_here = any(is_large(r, reg_area, paper) for r in distinct(group_refs))
    area = reg_area if registration_band(paper) and not large_here else full_area
    if isinstance(group_refs, SameRefs):  # all alike: decided once, kept as a view
        like = group_refs.like
        large = group_refs if is_large(like, area, paper) else []
        fits_ = [] if large else group_refs
        folded = fits_ if folds(like) else []
        by_side = {} if folded else {like.two_sided: fits_}
    else:
        large, fits_ = [], []
        for r in group_refs:
            (large if is_large(r, area, paper) else fits_).append(r)
        folded = [r for r in fits_ if folds(r)]
        by_side = {
            sided: [r for r in fits_ if r.two_sided == sided and not (sided and folds(r))]
            for sided in (True, False)
        }
    sides = []
    for sided in (True, False):
        refs = by_side.get(sided)
        if not refs:
            continue
        mixed = None
        if len({(round(r.w, 4), round(r.h, 4)) for r in distinct(refs)}) != 1:
            bleed = max(r.bleed for r in distinct(refs))
            gutter = grid_gutter(g.gutter, bleed, paper)
            mixed = like_runs(refs, area, gutter, reserve(paper, bleed), bleed)
        sides.append((sided, refs, mixed))
    return Route(g, area, large, folded, sides)


def _impose_group(
    setup: Setup,
    sheets: Sheets,
    route: Route,
    pools: dict[tuple, SharedPool],
    tiling: tuple[bool, bool],
) -> None:
    """One group's items by their strategies: folded, grid pages, shared sheets, tiles."""
    g, area, paper = route.group, route.area, setup.paper
    if route.folded:
        fold_pages(sheets, route.folded, g.gutter, area, setup.fonts)
    runs: list[Run] = []  # what is left to share sheets: never a grid page mostly empty
    for sided, refs, mixed in route.sides:
        if mixed is not None:
            runs += mixed
        elif rest := grid_pages(sheets, refs, g.gutter, area, sided):
            runs.append(rest)
    if runs:
        _share(setup, sheets, g, runs, area, pools)
    for r in route.large:
        pool = None
        if not sheets.band and not g.own:  # its part-page tiles share sheets of its stock
            pool = pools.setdefault(
                (g.stock, area), SharedPool(area, paper.packed_gutter, paper=paper)
            )
        tile_pages(sheets, r, setup.fonts, pool, *tiling)


def _share(setup: Setup, sheets: Sheets, g: SheetGroup, runs: list[Run], area, pools: dict) -> None:
    """Runs to shared sheets: the group's own, or its stock's pool (packed once all are in)."""
    paper = setup.paper
    bleed = max(r.bleed for run in runs for r in distinct(run.refs))
    gutter = max(g.gutter if g.gutter is not None else paper.packed_gutter, 2 * bleed)
    if g.own:  # a family of its own: its sheets shared with no other
        own = SharedPool(area, gutter, runs, bleed=bleed, paper=paper)
        shared_pages(sheets, own, setup.search)
        return
    pool = pools.setdefault((g.stock, area), SharedPool(area, paper.packed_gutter, paper=paper))
    pool.runs += runs
    pool.gutter = max(pool.gutter, gutter)
    pool.bleed = max(pool.bleed, bleed)


def _finish(plan: Plan, sheets: Sheets, guide: Callable, fonts: FontBook) -> None:
    """The kept plan finished: its marks, its pages in the order they are printed (one
    contiguous range a job) and numbered, their headers, its assembly maps and its guide."""
    pages, paper = plan.pages, plan.paper
    for work in sheets.later:
        work()
    plan.calibration = order_pages(pages, plan.families, plan.calibration)
    add_headers(pages, paper, fonts)
    for assembly_map in sheets.maps:  # the maps name the pages their tiles ended on
        assembly_map()
    stocks: dict[str, list[int]] = {}  # what to buy: the pages that hold components, by stock
    for page in pages:
        if page.kind in ("sheet", "tile", "fold") and len(page.items):
            stocks.setdefault(page.items[0].ref.stock, []).append(page.number)
    pages[0].marks, extra = guide(
        families=plan.families,
        calibration=plan.calibration,
        pages_total=len(pages),
        sheets=stocks,
        jobs=print_jobs(pages),
    )
    pages[0].bookmark = "Print guide"
    for k, marks in enumerate(extra, start=1):
        pages[k].marks = marks
    if extra:
        pages[1].bookmark = "Design choices"


def is_large(r: ItemRef, area, paper: PaperSpec) -> bool:
    """Larger both ways round than the printable area less the room its marks and bleed take:
    tiled."""
    room = item_room(paper, r.bleed)
    return not fits(r.w, r.h, (area[0], area[1], area[2] - room, area[3] - room))
