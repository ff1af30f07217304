"""A prepared game written out: each paper's PDF and manifest, atomically (pnp.outputset)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.draw.digest import Digests
from pnp.engines import DocInfo
from pnp.errors import PnpError
from pnp.kinds import DrawContext
from pnp.layout.compose import compose
from pnp.layout.impose import Plan
from pnp.layout.manifest import ManifestWriter
from pnp.layout.plan import items_read
from pnp.options import source_date_epoch
from pnp.outputset import output_set
from pnp.pipeline import Prepared
from pnp.pipeline.select import ONLY_DIR
from pnp.spec.model import Game
from pnp.spec.paper import PaperSpec, load_paper

if TYPE_CHECKING:
    from pnp.engines.reportlab_pdf import Shared

log = logging.getLogger("pnp")


@dataclass
class Output:
    paper: str
    pdf: Path
    manifest: Path
    pages: int
    plan: Plan


def output_stem(
    game: Game, paper: str | PaperSpec, *, fold: bool = False, ink_saver: bool = False
) -> str:
    """The file name (without .pdf/.json) of a build: the game, its variant, each output mode
    asked for (fewer player sets than the most, --fold, --ink-saver, --registration), then the
    paper, so that every version can sit side by side: `greenway-a4`, `greenway-fold-a4`,
    `aftershock-3p-a4`, `earth-our-home-reduced-ink-saver-letter`."""
    paper_id = paper if isinstance(paper, str) else paper.id
    n = game.options.get("players")
    seats = [f"{n}p"] if game.spec.player_colours and n and n < game.spec.players.max else []
    modes = seats + [m for m, on in (("fold", fold), ("ink-saver", ink_saver)) if on]
    if not isinstance(paper, str) and paper.registration:
        modes.append("registration")
    return "-".join([game.id, *([game.variant] if game.variant else []), *modes, paper_id])


def write(
    prep: Prepared,
    *,
    engine: str = "reportlab",
    out_dir: Path,
    date: str | None = None,
    progress: Callable[[str], None] | None = None,
    folder: str | None = None,
) -> list[Output]:
    """Each plan's PDF and manifest (and, for the SVG engine, its SVG pages), from one pass
    over its pages, into out_dir/`folder` (by default the game's). Nothing is written until
    every page of every paper has rendered: the whole set goes to a hidden folder beside the
    output, switched in with one rename."""
    game = prep.game
    source_date_epoch()  # read by the PDF writers: refused before any work
    # a part never replaces the whole game's files
    folder = folder or game.id + (ONLY_DIR if prep.only else "")
    created = _mkdir(out_dir)
    outputs: list[Output] = []
    digests = Digests(prep.ctx.symbols)  # a symbol or image hashed once for every paper
    shared = _shared(engine)  # what each paper's PDF would work out again
    try:
        with output_set(out_dir, folder) as stage:
            for paper, plan in zip(prep.papers, prep.plans, strict=True):
                stem = output_stem(game, paper, fold=prep.fold, ink_saver=prep.ink_saver)
                _write_paper(
                    prep, paper, plan, stage, stem, engine, date, progress, digests, shared
                )
                dest = out_dir / folder
                outputs.append(
                    Output(
                        paper.id, dest / f"{stem}.pdf", dest / f"{stem}.json", len(plan.pages), plan
                    )
                )
    except BaseException:
        _remove_if_empty(created)
        raise
    return outputs


def _write_paper(
    prep: Prepared, paper: PaperSpec, plan: Plan, stage: Path, stem: str, engine: str,
    date: str | None, progress: Callable[[str], None] | None, digests: Digests, shared: Shared | None,
) -> None:  # fmt: skip
    """The page loop: each page composed once from the faces, and given to the PDF, the
    manifest and (SVG engine) the SVG page files."""
    game, ctx = prep.game, prep.ctx
    t0 = time.monotonic()
    pdf = _writer(
        engine, stage / f"{stem}.pdf", _info(game, paper, date), ctx, prep.ink_saver, shared
    )
    svg_pages = _svg_pages(stage / f"{stem}-svg", ctx) if engine == "svg" else None
    with open(stage / f"{stem}.json", "w", encoding="utf-8") as fh:
        listing = ManifestWriter(
            fh, plan, game=game.id, variant=game.variant, paper=paper.id, engine=engine,
            digests=digests,
        )  # fmt: skip
        for n, page in enumerate(map(items_read, plan.pages), 1):
            drawn = tuple(compose(page, prep.faces))
            pdf.page(page.w, page.h, drawn, page.bookmark)
            if svg_pages:
                svg_pages.page(page.w, page.h, drawn)
            listing.page(page, prep.faces)
            if progress:
                progress(f"{game.id} {paper.id}: page {n}/{len(plan.pages)}")
        listing.close()
    pdf.close()
    log.debug(
        "%s: %s written, %d pages, in %.2fs",
        game.id, f"{stem}.pdf", len(plan.pages), time.monotonic() - t0,
    )  # fmt: skip


def _info(game: Game, paper: PaperSpec, date: str | None) -> DocInfo:
    return DocInfo(
        title=game.spec.title + (f" ({game.variant})" if game.variant else ""),
        author=game.spec.credits,
        subject=f"Print-and-play components, {paper.title}",
        date=date,
    )


def _remove_if_empty(folders: list[Path]) -> None:
    """Undo the folders a failed build created, innermost first, if they hold nothing."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:
            return


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


def duplex_paper(
    name: str | PaperSpec,
    offset: tuple[float, float] | None = None,
    flip: str | None = None,
    game_folder: Path | None = None,
    registration: bool = False,
    margin: float | None = None,
) -> PaperSpec:
    """The paper with the printer's duplex offset and flip edge the user gave (--offset, --flip),
    print-and-cut registration marks when asked (--registration), and the printer's own
    unprintable edge in place of the file's `margin` (--margin)."""
    paper = load_paper(name, game_folder) if isinstance(name, str) else name
    update: dict = {"registration": True} if registration else {}
    if margin is not None:
        update["margin"] = margin
    if offset is not None:
        update["duplex"] = paper.duplex.model_copy(
            update={
                "offset": paper.duplex.offset.model_copy(update={"x": offset[0], "y": offset[1]})
            }
        )
    if flip:
        d = update.get("duplex", paper.duplex)
        update["duplex"] = d.model_copy(update={"flip": flip})
    return paper.model_copy(update=update) if update else paper


def _svg_pages(svg_dir: Path, ctx: DrawContext):
    from pnp.engines.svg_pages import SvgPageFiles

    return SvgPageFiles(svg_dir, ctx.fonts, ctx.symbols)


def _shared(engine: str) -> Shared | None:
    """What the engine's writers of one build share (reportlab_pdf.Shared), or None."""
    if engine == "svg":
        return None
    from pnp.engines.reportlab_pdf import Shared

    return Shared()


def _writer(
    engine: str, path: Path, info: DocInfo, ctx: DrawContext, ink_saver: bool = False,
    shared: Shared | None = None,
):  # fmt: skip
    """The PDF's writer: the SVG engine's is drawn by cairo from the same primitives as its
    SVG pages. An ink-saver PDF (reportlab) writes black and greys for the black ink alone."""
    if engine == "svg":
        from pnp.engines.cairo_pdf import CairoPdf

        return CairoPdf(path, info, ctx.fonts, ctx.symbols)
    from pnp.engines.reportlab_pdf import ReportlabWriter

    return ReportlabWriter(path, info, ctx.fonts, ctx.symbols, gray=ink_saver, shared=shared)
