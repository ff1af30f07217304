"""The one pipeline every command runs: load -> expand -> draw faces -> check tiling -> impose.

`prepare` returns a `Prepared`: the game model, its faces, the imposition plan of each paper
asked for and the warnings about what prints badly. build, check, preview, export, serve and
the benchmark all render from it, so they cannot disagree about what is printed; a command's
options that change what is printed belong here, not in the command.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pnp import budget
from pnp.draw.fonts import FontBook
from pnp.errors import DEFAULT_MAX_ITEMS, DEFAULT_MAX_TILES
from pnp.kinds import DrawContext, Face
from pnp.layout.impose import FamilyInfo, Plan, impose
from pnp.pipeline.faces import FaceStore, family_infos
from pnp.pipeline.select import select
from pnp.pipeline.tiling import check_tiling
from pnp.spec.model import Game
from pnp.spec.paper import PaperSpec, load_paper

log = logging.getLogger("pnp")

__all__ = ["Load", "Prepared", "prepare", "load", "check_tiling", "FaceStore"]


@dataclass(frozen=True)
class Load:
    """How a game is loaded: the command line's choices."""

    variant: str | None = None
    players: int | None = None
    allow_outside: bool = False
    max_items: int = DEFAULT_MAX_ITEMS


def load(ref: str, opts: Load = Load()) -> Game:
    """The game model: its YAML read, validated and expanded into items (pnp.spec)."""
    from pnp.spec.load import load_game

    options = {"players": opts.players} if opts.players else None
    return load_game(ref, variant=opts.variant, options=options, allow_outside=opts.allow_outside, max_items=opts.max_items)


@dataclass
class Prepared:
    """What a command renders from: one game, drawn once, imposed on each paper asked for."""

    game: Game
    ctx: DrawContext
    faces: FaceStore  # faces by ItemRef, as the pages ask for them
    infos: list[FamilyInfo]  # each family's items as the layout sees them
    papers: list[PaperSpec] = field(default_factory=list)
    plans: list[Plan] = field(default_factory=list)  # one per paper, in order
    legible: list[str] | None = None  # text and images below the print limits, once `legibility` ran
    noeffect: list[str] | None = None  # conditions that match no item (pnp.check.noeffect), once read
    fold: bool = False  # gutter-fold two-sided items (also a paper's or the game's `fold: true`)
    only: tuple[str, ...] = ()  # a part of the game (--only): no rulebook check, written apart
    ink_saver: bool = False  # faces rewritten to save ink; the guide compares each page's ink

    @property
    def players(self) -> int | None:
        """The player count the sets are printed for, when the game prints per-player sets."""
        return self.game.options.get("players") if self.game.spec.player_colours else None

    def drawn(self) -> dict[str, list[Face]]:
        """Every family's faces, drawn whole (once) and kept."""
        return {fam.name: self.faces.draw_whole(fam) for fam in self.game.families}

    def legibility(self) -> list[str]:
        """Text and images below the print limits, one line each (read once)."""
        if self.legible is None:
            from pnp.check.legibility import legibility_warnings

            self.legible = legibility_warnings(self.game, self.faces.each, self.ctx.fonts, self.ctx.symbols)
        return self.legible

    def read_while_drawing(self) -> Callable[[], list[str]] | None:
        """Read legibility from the faces as the pages draw them, so a face is drawn once for
        both; returns what to call when the pages are done (it reads any face no page drew
        and gives `legibility()`), or None when legibility was read already."""
        if self.legible is not None:
            return None
        from pnp.check.legibility import LegibilityReader

        reading = LegibilityReader(self.game, self.ctx.fonts, self.ctx.symbols)
        self.faces.watch(reading.face)

        def done() -> list[str]:
            seen = self.faces.unwatch()
            for fam, info in zip(self.game.families, self.infos, strict=True):
                if seen.get(fam.name, 0) != len(info.refs):  # not every face was on a page
                    reading.reset(fam.name)
                    for face in self.faces.each(fam):
                        reading.face(fam.name, face)
            self.legible = reading.lines()
            log.debug("%s: every face drawn once, for the pages and for legibility", self.game.id)
            return self.legible

        return done

    def warnings(self) -> list[str]:
        """What prints, but not as the spec asked or badly (file:line: message): the kinds'
        warnings from drawing, then legibility's (once read)."""
        if self.noeffect is None:
            from pnp.check.noeffect import unmatched_conditions

            self.noeffect = unmatched_conditions(self.game)
        read = [w for fam in self.game.families for w in fam.warnings]  # e.g. a data file's formulas
        return [*read, *self.noeffect, *self.ctx.warnings, *(self.legible or [])]

    def impose(self, papers: Sequence[str | PaperSpec], max_tiles: int = DEFAULT_MAX_TILES) -> list[Plan]:
        """Refuse what cannot be tiled on any of the papers, then impose each; returns the new plans."""
        specs = [load_paper(p, self.game.folder) if isinstance(p, str) else p for p in papers]
        for paper in specs:
            check_tiling(self.game, self.infos, paper, max_tiles)
        plans = [self._impose(paper) for paper in specs]
        if self.ink_saver:
            plans = [self._with_ink(paper, plan) for paper, plan in zip(specs, plans, strict=True)]
        self.papers += specs
        self.plans += plans
        return plans

    def _impose(self, paper: PaperSpec, ink: list[tuple[int, float, float]] | None = None) -> Plan:
        g = self.game
        return impose(
            self.infos, paper, self.ctx.fonts, title=g.spec.title, credits=g.spec.credits, variant=g.variant,
            players=self.players, choices=g.spec.choice_lines() + house_rules(g), fold=self.fold or paper.fold or g.spec.fold, ink=ink,
        )

    def _with_ink(self, paper: PaperSpec, plan: Plan) -> Plan:
        """The plan again, its guide page giving each page's ink beside the normal build's.

        Both are estimated by drawing every page small (pnp.engines.coverage), once with the
        ink-saver's faces and once with the faces as designed. Should the new paragraph push the
        design choices onto one more page, the pages are counted again.
        """
        from pnp.engines.coverage import CoverageMeter
        from pnp.layout.compose import compose

        meter = CoverageMeter(self.ctx.fonts, self.ctx.symbols)
        normal = FaceStore(self.game, self.ctx)
        for _ in range(3):
            ink = []
            for page in plan.pages:
                k = meter.coverage(page.w, page.h, compose(page, self.faces))
                self.faces.page_done()
                n = meter.coverage(page.w, page.h, compose(page, normal))
                normal.page_done()
                ink.append((page.number, n, k))
            again = self._impose(paper, ink)
            if len(again.pages) == len(plan.pages):
                return again
            plan = again
        return again

    def printed(self):
        """The drawn faces as the rulebook checker reads them (pnp.check.faces)."""
        from pnp.check.faces import from_drawn

        return from_drawn(self.game, self.drawn(), self.ctx.symbols.symbols, self.ctx.fonts)

    def check(self, plan: int = 0):
        """The rulebook check over these faces and the plan of the `plan`-th paper; None without rules."""
        if self.game.rules_file is None or self.only:
            return None  # no rules; or a part of the game (--only), not held to the whole rulebook
        from pnp.check.evaluate import evaluate, load_rules, reads_printed

        rules = load_rules(self.game)
        printed = self.printed() if reads_printed(rules) else None
        # a rule about another variant reads that variant's faces, drawn by this same pipeline
        return evaluate(self.game, rules, self.plans[plan] if self.plans else None, printed, draw=draw_printed)


def house_rules(game: Game) -> list[str]:
    """A copy's house rules (pnp check --accept), listed with the design choices on its guide page."""
    if game.rules_file is None:
        return []
    from pnp.check.house import guide_lines

    return guide_lines(game)


def draw_printed(game: Game):
    """Every face of `game` as the rulebook checker reads them (a rule's other variant)."""
    return prepare(game, legibility=False).printed()


def prepare(
    source: str | Game,
    papers: Sequence[str | PaperSpec] = (),
    *,
    load_opts: Load = Load(),
    whole: bool = False,
    legibility: bool = True,
    max_tiles: int = DEFAULT_MAX_TILES,
    bleed: float | None = None,
    fold: bool = False,
    only: Sequence[str] = (),
    ink_saver: bool = False,
) -> Prepared:
    """Load (unless given the game), draw, read legibility, check tiling and impose on `papers`.

    Faces are drawn page by page as the writer asks when their kind can tell their sizes;
    `whole` draws every face up front and keeps it (for commands that show every face).
    `bleed` draws flat faces with this bleed instead of their family's (print-shop files).
    `fold` lays two-sided items on gutter-fold sheets (pnp.layout.fold).
    `only` narrows the game to some families or items (`FAMILY` or `FAMILY/ID`, pnp.pipeline.select).
    `ink_saver` rewrites every face to save ink (pnp.draw.inksaver) before anything reads it.
    """
    t0 = time.monotonic()
    whole_game = source if isinstance(source, Game) else load(source, load_opts)
    game = select(whole_game, only)
    if not isinstance(source, Game):
        log.debug("%s: loaded %d families in %.2fs", game.id, len(game.families), time.monotonic() - t0)
    budget.reset(whole_game.extra.get("input_bytes", 0))  # each game's drawing has its own totals
    ctx = DrawContext(game, FontBook(game.fonts), bleed=bleed)
    rewrite = None
    if ink_saver:
        from pnp.draw.inksaver import InkSaver  # imported only when asked for: it is not small

        rewrite = InkSaver(ctx.symbols).face
    store = FaceStore(game, ctx, rewrite)
    prep = Prepared(game, ctx, store, family_infos(game, store), fold=fold, ink_saver=ink_saver, only=tuple(only))
    if only:
        # a condition is read against the whole family: one card's build does not make it unmatched
        from pnp.check.noeffect import unmatched_conditions

        kept = {f"family '{f.name}' " for f in game.families}
        prep.noeffect = [w for w in unmatched_conditions(whole_game) if any(k in w for k in kept)]
    if not papers:  # previews, exports, the live page: an item no build could tile is refused here too
        check_tiling(game, prep.infos, load_paper("a4", game.folder), max_tiles)
    if whole:
        prep.drawn()
    if legibility:
        t1 = time.monotonic()
        prep.legibility()
        log.debug("%s: every face drawn and read for legibility in %.2fs", game.id, time.monotonic() - t1)
    t1 = time.monotonic()
    plans = prep.impose(papers, max_tiles)
    for paper, plan in zip(prep.papers, plans, strict=True):
        log.debug("%s: %s imposed on %d pages in %.2fs", game.id, paper.id, len(plan.pages), time.monotonic() - t1)
    return prep
