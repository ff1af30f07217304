"""One build: write each paper's PDF and manifest from the pipeline's plans, atomically."""

from __future__ import annotations

import logging
import sys
import types
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from pnp import forked
from pnp.engines import DocInfo
from pnp.errors import DEFAULT_MAX_TILES, PnpError
from pnp.kinds import DrawContext
from pnp.layout.compose import compose, page_refs
from pnp.layout.impose import Plan
from pnp.layout.manifest import ManifestWriter
from pnp.layout.plan import items_read
from pnp.outputset import output_set
from pnp.pipeline import Prepared, prepare
from pnp.pipeline.select import ONLY_DIR
from pnp.spec.model import Game
from pnp.spec.paper import PaperSpec, load_paper

log = logging.getLogger("pnp")


@dataclass
class Output:
    paper: str
    pdf: Path
    manifest: Path
    pages: int
    plan: Plan


def output_stem(game: Game, paper: str | PaperSpec, *, fold: bool = False, ink_saver: bool = False) -> str:
    """The file name (without .pdf/.json) of a build: the game, its variant, each output mode
    asked for (--fold, --ink-saver, --registration), then the paper, so that every version can
    sit side by side: `greenway-a4`, `greenway-fold-a4`, `earth-our-home-reduced-ink-saver-letter`."""
    paper_id = paper if isinstance(paper, str) else paper.id
    modes = [m for m, on in (("fold", fold), ("ink-saver", ink_saver)) if on]
    if not isinstance(paper, str) and paper.registration:
        modes.append("registration")
    return "-".join([game.id, *([game.variant] if game.variant else []), *modes, paper_id])


def build(
    game: Game | str | Path,
    papers: Sequence[str] = ("a4", "letter"),
    *,
    engine: str = "reportlab",
    out_dir: str | Path = "output",
    date: str | None = None,
    offset: tuple[float, float] | None = None,
    flip: str | None = None,
    progress: Callable[[str], None] | None = None,
    max_tiles: int = DEFAULT_MAX_TILES,
    strict: bool = False,
    warn: Callable[[str], None] | None = None,
    fold: bool = False,
    ink_saver: bool = False,
    only: Sequence[str] = (),
    registration: bool = False,
    since: str | Path | None = None,
) -> list[Output]:
    """The game (a Game, a built-in id or a game folder) through the pipeline on each paper,
    then written (see `write`) into out_dir/<game id>/. Warnings go to `warn`, else to the
    "pnp" logger; `strict` refuses on any before writing. `only` builds some families or
    items (`FAMILY`, `FAMILY/ID`) into out_dir/<game id>-only/. `since` (an earlier build's
    folder or manifest) builds the items drawn differently now into out_dir/<game id>-since/,
    logging what changed; nothing, and [], when nothing did (pnp.since). This is `pnp.build`."""
    if engine not in ("reportlab", "svg"):
        raise PnpError("unknown engine", expected="reportlab or svg", found=str(engine))
    if not isinstance(game, Game):
        from pnp.api import load_game

        game = load_game(game)
    folder = None
    if since is not None:
        from pnp.since import SINCE_DIR, changed_since

        only, said = changed_since(game, since, ink_saver=ink_saver)
        log.info("%s", said)
        if not only:
            return []
        folder = game.id + SINCE_DIR
    prep = prepare(
        game, [duplex_paper(p, offset, flip, game.folder, registration) for p in papers],
        max_tiles=max_tiles, fold=fold, ink_saver=ink_saver, only=only, legibility=False,
    )  # fmt: skip

    def decide() -> None:
        # every face has been drawn and read: every warning is known before the files are switched in
        found = prep.warnings()
        if found and strict:
            raise PnpError(f"{len(found)} warning(s) (strict: nothing written)", found=found[0])
        for w in found:
            (warn or (lambda text: log.warning("%s", text)))(w)

    return write(prep, engine=engine, out_dir=Path(out_dir), date=date, progress=progress, before_switch=decide, folder=folder)


def write(
    prep: Prepared,
    *,
    engine: str = "reportlab",
    out_dir: Path,
    date: str | None = None,
    progress: Callable[[str], None] | None = None,
    before_switch: Callable[[], None] | None = None,
    folder: str | None = None,
) -> list[Output]:
    """Each plan's PDF and manifest (into out_dir/`folder`, by default the game's). Nothing is written until every page of every paper has
    rendered: the whole set goes to a hidden folder beside the output, switched in with one
    rename (pnp/outputset.py). Legibility, unless read already, is read from the faces as the
    first paper's pages draw them; then `before_switch` runs, and may refuse (raise) while the
    output is still as it was.

    With a core to spare, a forked copy of this process writes the manifests (and the SVG
    engine's SVG pages) and reads legibility while this one writes the PDFs (pnp/forked.py);
    should it fail, this process does that work itself afterwards."""
    folder = folder or prep.game.id + (ONLY_DIR if prep.only else "")  # a part never replaces the whole game's files
    created = _mkdir(out_dir)
    try:
        with output_set(out_dir, folder) as stage:
            helper = forked.start(lambda: _helpers_work(prep, stage, engine)) if prep.papers else None
            try:
                outputs = _write_pages(prep, stage, out_dir / folder, engine, pdfs=True, rest=helper is None, date=date, progress=progress)
                if helper:
                    _take_helpers_work(prep, stage, engine, helper)
                if before_switch is not None:
                    before_switch()
            finally:
                if helper:  # before the staged files are dropped or switched in
                    helper.cancel()
    except BaseException:
        _remove_if_empty(created)
        raise
    return outputs


def _write_pages(
    prep: Prepared, stage: Path, dest: Path, engine: str, *, pdfs: bool, rest: bool,
    date: str | None = None, progress: Callable[[str], None] | None = None,
) -> list[Output]:
    """Every paper's pages, once through: with `pdfs`, its PDF; with `rest`, its manifest
    (and, for the SVG engine, its SVG pages), with legibility read (unless read already) from
    the faces as the first paper's pages use them."""
    game, faces = prep.game, prep.faces
    outputs: list[Output] = []
    reading = prep.read_while_drawing() if rest else None
    for paper, plan in zip(prep.papers, prep.plans, strict=True):
        stem = output_stem(game, paper, fold=prep.fold, ink_saver=prep.ink_saver)
        writer = _writer(engine, stage / f"{stem}.pdf", _info(game, paper, date), prep.ctx) if pdfs else None
        svg_pages = _svg_pages(stage / f"{stem}-svg", prep.ctx) if rest and engine == "svg" else None
        with open(stage / f"{stem}.json", "w", encoding="utf-8") if rest else nullcontext() as fh:
            listing = _listing(fh, prep, paper, plan, engine) if fh else None
            for n, page in enumerate(map(items_read, plan.pages), 1):
                forked.stop_if_orphaned()
                if writer or svg_pages:
                    drawn = tuple(compose(page, faces))
                    if writer:
                        writer.page(page.w, page.h, drawn, page.bookmark)
                    if svg_pages:
                        svg_pages.page(page.w, page.h, drawn)
                else:  # the faces only, in the order the pages draw them (for legibility)
                    for ref in page_refs(page):
                        faces(ref)
                if listing:
                    listing.page(page, faces)  # while the page's faces are at hand
                faces.page_done()
                if progress:
                    progress(f"{game.id} {paper.id}: page {n}/{len(plan.pages)}")
            if listing:
                listing.close()
        if writer:
            writer.close()
            log.debug("%s: %s written, %d pages", game.id, f"{stem}.pdf", len(plan.pages))
        if reading is not None:
            reading()
            reading = None
        outputs.append(Output(paper.id, dest / f"{stem}.pdf", dest / f"{stem}.json", len(plan.pages), plan))
    if reading is not None:  # no paper: the faces are read on their own
        reading()
    return outputs


def _helpers_work(prep: Prepared, stage: Path, engine: str) -> tuple[list[str] | None, list[str]]:
    """The manifests (and SVG pages) and legibility, made beside the PDFs; returns the
    legibility lines and the kinds' warnings."""
    _write_pages(prep, stage, stage, engine, pdfs=False, rest=True)
    return prep.legible, list(prep.ctx.warnings)


def _take_helpers_work(prep: Prepared, stage: Path, engine: str, helper: forked.Forked) -> None:
    """Wait for the helper's legibility lines and warnings; should it have failed, make its
    files and read legibility here."""
    done, value = helper.result()
    if not done:
        log.debug("%s: the helper process failed (%s): manifests and legibility made here", prep.game.id, value)
        _helpers_work(prep, stage, engine)
        return
    # its warnings are this build's: it drew every face, some to the end of their family
    # (where a kind says what it noticed over the whole family)
    prep.legible, said = value
    prep.ctx.warnings[:] = said + [w for w in prep.ctx.warnings if w not in said]
    log.debug("%s: every face drawn for the PDFs here, and for the manifests and legibility by a helper process", prep.game.id)


def _info(game: Game, paper: PaperSpec, date: str | None) -> DocInfo:
    return DocInfo(
        title=game.spec.title + (f" ({game.variant})" if game.variant else ""),
        author=game.spec.credits,
        subject=f"Print-and-play components, {paper.title}",
        date=date,
    )


def _listing(fh, prep: Prepared, paper: PaperSpec, plan: Plan, engine: str) -> ManifestWriter:
    return ManifestWriter(fh, plan, game=prep.game.id, variant=prep.game.variant, paper=paper.id, engine=engine, symbols=prep.ctx.symbols)


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
    name: str | PaperSpec, offset: tuple[float, float] | None = None, flip: str | None = None, game_folder: Path | None = None,
    registration: bool = False,
) -> PaperSpec:
    """The paper with the printer's duplex offset and flip edge the user gave (--offset, --flip),
    and print-and-cut registration marks when asked (--registration)."""
    paper = load_paper(name, game_folder) if isinstance(name, str) else name
    update: dict = {"registration": True} if registration else {}
    if offset is not None:
        update["duplex"] = paper.duplex.model_copy(update={"offset": paper.duplex.offset.model_copy(update={"x": offset[0], "y": offset[1]})})
    if flip:
        d = update.get("duplex", paper.duplex)
        update["duplex"] = d.model_copy(update={"flip": flip})
    return paper.model_copy(update=update) if update else paper


def _svg_pages(svg_dir: Path, ctx: DrawContext):
    from pnp.engines.svg_pages import SvgPageFiles

    return SvgPageFiles(svg_dir, ctx.fonts, ctx.symbols)


def _writer(engine: str, path: Path, info: DocInfo, ctx: DrawContext):
    """The PDF's writer: the SVG engine's is drawn by cairo from the same primitives as its
    SVG pages (`_svg_pages`, written apart: by the helper process when there is one)."""
    if engine == "svg":
        from pnp.engines.cairo_pdf import CairoPdf

        return CairoPdf(path, info, ctx.fonts, ctx.symbols)
    from pnp.engines.reportlab_pdf import ReportlabWriter

    return ReportlabWriter(path, info, ctx.fonts, ctx.symbols)


class _CallableModule(types.ModuleType):
    """Importing this module makes `pnp.build` the module (Python binds submodules on their
    package), so the module itself builds when called: `pnp.build(game)` is `build(game)`."""

    def __call__(self, *args, **kwargs) -> list[Output]:
        return build(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
