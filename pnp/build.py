"""One build: load, draw faces, impose for each paper, render, write PDF and manifest atomically."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pnp.draw.fonts import FontBook
from pnp.engines import DocInfo
from pnp.errors import DEFAULT_MAX_TILES, PnpError
from pnp.kinds import KINDS, DrawContext, Face
from pnp.kinds.base import SameSizes
from pnp.layout.compose import compose
from pnp.layout.grid import EPS
from pnp.layout.impose import FamilyInfo, Plan, impose
from pnp.layout.manifest import write_manifest
from pnp.layout.plan import ItemRef, SameRefs, distinct
from pnp.outputset import output_set
from pnp.spec.model import Game
from pnp.spec.paper import PaperSpec, load_paper
from pnp.spec.validate import located
from pnp.spec.yamlfile import display_path, locate


@dataclass
class Output:
    paper: str
    pdf: Path
    manifest: Path
    pages: int
    plan: Plan


def draw_faces(game: Game) -> tuple[DrawContext, dict[str, list[Face]], list[FamilyInfo]]:
    fonts = FontBook(game.fonts)
    ctx = DrawContext(game, fonts)
    faces: dict[str, list[Face]] = {}
    infos: list[FamilyInfo] = []
    for fam in game.families:
        kind = KINDS[fam.spec.kind]
        try:
            fl = list(kind.faces(fam, ctx))
        except PnpError as exc:
            raise located(exc, fam.data, fam.file) from None
        faces[fam.name] = fl
        stock = fam.spec.stock or kind.default_stock
        refs = [ItemRef(fam.name, i, f.id, f.w, f.h, f.back is not None, stock, f.bleed, f.shape) for i, f in enumerate(fl)]
        infos.append(FamilyInfo(fam.name, fam.title, stock, fam.spec.sheet, fam.spec.gutter, refs))
    return ctx, faces, infos


class FaceStore:
    """Faces by ItemRef, drawn when a page first needs them and let go soon after.

    A family whose kind can tell its sizes (Kind.sizes) is drawn item by item as pages
    ask; a face no page has used for two pages is dropped, so a deck of any size holds
    a few pages' worth of drawings. Pages use an item on neighbouring pages (front, then
    back; a board's tiles in a row); should one come back later, its family is drawn again
    from the start. Other families are drawn whole, up front.
    """

    def __init__(self, game: Game, ctx: DrawContext):
        self.game = game
        self.ctx = ctx
        self.whole: dict[str, list[Face]] = {}
        self.gens: dict[str, list] = {}  # family -> [generator, next index, most ever drawn]
        self.held: dict[tuple[str, int], Face] = {}
        self.last: dict[tuple[str, int], int] = {}  # the page that last used a held face
        self.page = 0

    def faces(self, fam) -> Iterator[Face]:
        """The family's faces in order; a template error names the family's file."""
        it = KINDS[fam.spec.kind].faces(fam, self.ctx)
        while True:
            try:
                face = next(it)
            except StopIteration:
                return
            except PnpError as exc:
                raise located(exc, fam.data, fam.file) from None
            yield face

    def draw_whole(self, fam) -> list[Face]:
        faces = self.whole[fam.name] = list(self.faces(fam))
        return faces

    def __call__(self, ref: ItemRef) -> Face:
        whole = self.whole.get(ref.family)
        if whole is not None:
            return whole[ref.index]
        key = (ref.family, ref.index)
        face = self.held.get(key)
        if face is None:
            gen = self.gens.get(ref.family)
            if gen is None or gen[1] > ref.index:
                most = gen[2] if gen else 0
                gen = self.gens[ref.family] = [self.faces(self.game.family(ref.family)), 0, most]
            while gen[1] <= ref.index:
                drawn = next(gen[0])
                if gen[1] == ref.index or gen[1] >= gen[2]:  # not one already used and let go
                    self.held[(ref.family, gen[1])] = drawn
                gen[1] += 1
                gen[2] = max(gen[2], gen[1])
            face = self.held[key]
        self.last[key] = self.page
        return face

    def page_done(self) -> None:
        self.page += 1
        for key in [k for k, p in self.last.items() if p < self.page - 2]:
            del self.last[key]
            del self.held[key]


def plan_items(game: Game) -> tuple[DrawContext, FaceStore, list[FamilyInfo]]:
    """Every family's items as the layout sees them, and a store that draws their faces."""
    ctx = DrawContext(game, FontBook(game.fonts))
    store = FaceStore(game, ctx)
    infos: list[FamilyInfo] = []
    for fam in game.families:
        kind = KINDS[fam.spec.kind]
        stock = fam.spec.stock or kind.default_stock
        sizes = kind.sizes(fam, ctx)
        if sizes is None:
            refs = [
                ItemRef(fam.name, i, f.id, f.w, f.h, f.back is not None, stock, f.bleed, f.shape)
                for i, f in enumerate(store.draw_whole(fam))
            ]
        elif isinstance(sizes, SameSizes):
            s = sizes.like
            refs = SameRefs(ItemRef(fam.name, 0, "", s.w, s.h, s.two_sided, stock, s.bleed, s.shape), sizes.ids)
        else:
            refs = [ItemRef(fam.name, i, s.id, s.w, s.h, s.two_sided, stock, s.bleed, s.shape) for i, s in enumerate(sizes)]
        infos.append(FamilyInfo(fam.name, fam.title, stock, fam.spec.sheet, fam.spec.gutter, refs))
    return ctx, store, infos


def _legibility(game: Game, ctx: DrawContext, store: FaceStore, strict: bool, warn) -> None:
    """Text and images below the print limits: warnings, or with `strict` a refusal before any file is written."""
    from pnp.check.legibility import legibility_warnings

    found = legibility_warnings(game, lambda fam: store.whole.get(fam.name) or store.faces(fam), ctx.fonts, ctx.symbols)
    if found and strict:
        raise PnpError(
            f"{len(found)} printed text(s) or image(s) below the legibility limits (--strict)",
            file=found[0].split(": ", 1)[0], found=found[0].split(": ", 1)[1],
            hint="; ".join(found[1:4]) + (" ..." if len(found) > 4 else "") if len(found) > 1 else None,
        )
    for w in found:
        if warn is not None:
            warn(w)


def output_stem(game: Game, paper: str) -> str:
    return f"{game.id}" + (f"-{game.variant}" if game.variant else "") + f"-{paper}"


def build(
    game: Game,
    papers: list[str],
    *,
    engine: str = "reportlab",
    out_dir: Path,
    date: str | None = None,
    offset: tuple[float, float] | None = None,
    flip: str | None = None,
    registration: bool = False,
    progress: Callable[[str], None] | None = None,
    max_tiles: int = DEFAULT_MAX_TILES,
    strict: bool = False,
    warn: Callable[[str], None] | None = None,
) -> list[Output]:
    specs = [_paper(load_paper(p), offset, flip, registration) for p in papers]
    ctx, faces, infos = plan_items(game)
    _legibility(game, ctx, faces, strict, warn)
    for paper in specs:
        check_tiling(game, infos, paper, max_tiles)
    players = game.options.get("players") if game.spec.player_colours else None
    plans = [
        impose(infos, paper, ctx.fonts, title=game.spec.title, credits=game.spec.credits, variant=game.variant, players=players, choices=game.spec.choice_lines())
        for paper in specs
    ]
    # Nothing is written until every page of every paper has rendered: the whole set goes
    # to a hidden folder beside the output, switched in with one rename (pnp/outputset.py).
    dest = out_dir / game.id
    outputs: list[Output] = []
    created = _mkdir(out_dir)
    try:
        with output_set(out_dir, game.id) as stage:
            for paper, plan in zip(specs, plans, strict=True):
                stem = output_stem(game, paper.id)
                info = DocInfo(
                    title=game.spec.title + (f" ({game.variant})" if game.variant else ""),
                    author=game.spec.credits,
                    subject=f"Print-and-play components, {paper.title}",
                    date=date,
                )
                writer = _writer(engine, stage / f"{stem}.pdf", info, ctx, stage / f"{stem}-svg")
                for n, page in enumerate(plan.pages, 1):
                    writer.page(page.w, page.h, compose(page, faces), page.bookmark)
                    faces.page_done()
                    if progress:
                        progress(f"{game.id} {paper.id}: page {n}/{len(plan.pages)}")
                writer.close()
                with open(stage / f"{stem}.json", "w", encoding="utf-8") as fh:
                    write_manifest(fh, plan, game=game.id, variant=game.variant, paper=paper.id, engine=engine, face_of=faces)
                outputs.append(Output(paper.id, dest / f"{stem}.pdf", dest / f"{stem}.json", len(plan.pages), plan))
    except BaseException:
        _remove_if_empty(created)
        raise
    return outputs


def _remove_if_empty(folders: list[Path]) -> None:
    """Undo the folders a failed build created, innermost first, if they hold nothing."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:
            return


def check_tiling(game: Game, infos: list[FamilyInfo], paper: PaperSpec, max_tiles: int = DEFAULT_MAX_TILES) -> None:
    """Refuse, before any page is made, an item that cannot be tiled on this paper.

    An item larger than the printable area is tiled over pages that overlap by the paper's
    tile_overlap. It cannot be tiled when a page's printable area is no larger than that
    overlap, or when it would need more than `max_tiles` pages (--max-tiles).
    """
    W, H, m = paper.size.w, paper.size.h, paper.margin
    aw, ah = W - 2 * m, H - 2 * m
    ov, band = paper.tile_overlap, paper.label_band
    # a tile's printable region in each orientation, as tile_board measures it
    regions = [(W - 2 * m, H - 2 * m - band), (H - 2 * m, W - 2 * m - band)]
    for info in infos:
        seen: set[tuple[float, float]] = set()
        for r in distinct(info.refs):
            if (r.w, r.h) in seen or (r.w <= aw + EPS and r.h <= ah + EPS) or (r.h <= aw + EPS and r.w <= ah + EPS):
                continue
            seen.add((r.w, r.h))
            fam = game.family(r.family)
            file, line = locate(fam.data, ("size",))
            where = {"file": file or fam.file, "line": line, "key": "size"}
            need = min(_tiles(r.w, r.h, cw, ch, ov) for cw, ch in regions)
            if need == math.inf and all(min(cw, ch) <= ov + EPS for cw, ch in regions):
                raise PnpError(
                    f"'{r.id}' is larger than the page and the paper {paper.id} is too small to tile it",
                    **where,
                    expected=f"a printable area larger than the tile overlap ({ov:g} mm)",
                    found=f"{r.w:.1f} x {r.h:.1f} mm",
                    hint=f"fix tile_overlap or margin in {display_path(paper_file(paper))}",
                )
            if need > max_tiles:
                raise PnpError(
                    f"'{r.id}' ({r.w:.0f} x {r.h:.0f} mm) would need {_count(need)} tile pages on {paper.id}",
                    **where,
                    expected=f"at most {max_tiles:,} tiles per item (raise it with --max-tiles)",
                    found=f"{_count(need)} pages",
                    hint="check the size's unit (mm, cm, in)",
                )


def _tiles(bw: float, bh: float, cw: float, ch: float, ov: float) -> float:
    if cw <= ov + EPS or ch <= ov + EPS:
        return math.inf
    cols = 1.0 if bw <= cw + EPS else math.ceil((bw - ov) / (cw - ov) - EPS) if math.isfinite(bw) else math.inf
    rows = 1.0 if bh <= ch + EPS else math.ceil((bh - ov) / (ch - ov) - EPS) if math.isfinite(bh) else math.inf
    return cols * rows


def _count(n: float) -> str:
    return f"{n:,.0f}" if n < 1e12 else f"about {n:.2g}"


def paper_file(paper: PaperSpec) -> Path:
    from pnp.paths import layouts_dir

    return layouts_dir() / f"{paper.id}.yaml"


def _mkdir(path: Path) -> list[Path]:
    """Make `path` and its parents; return the folders made, innermost first."""
    made = []
    p = path
    while not p.exists() and p != p.parent:
        made.append(p)
        p = p.parent
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError("cannot write the output folder", found=f"{path}: {exc.strerror}") from None
    if not path.is_dir():
        raise PnpError("cannot write the output folder", found=f"{path} is not a folder")
    return made


def _paper(paper: PaperSpec, offset, flip, registration: bool = False) -> PaperSpec:
    update: dict = {"registration": True} if registration else {}
    if offset is not None:
        update["duplex"] = paper.duplex.model_copy(update={"offset": paper.duplex.offset.model_copy(update={"x": offset[0], "y": offset[1]})})
    if flip:
        d = update.get("duplex", paper.duplex)
        update["duplex"] = d.model_copy(update={"flip": flip})
    return paper.model_copy(update=update) if update else paper


def _writer(engine: str, path: Path, info: DocInfo, ctx: DrawContext, svg_dir: Path):
    if engine == "svg":
        from pnp.engines.svg_pdf import SvgPdfWriter

        return SvgPdfWriter(path, info, ctx.fonts, ctx.symbols, svg_dir)
    from pnp.engines.reportlab_pdf import ReportlabWriter

    return ReportlabWriter(path, info, ctx.fonts, ctx.symbols)
