"""The one pipeline every command runs, in this order:

    load -> expand (pnp.spec)  ->  draw every face once, read legibility from those faces
    ->  check tiling and impose on each paper  ->  (the command) check rules, write, show ...

`prepare` does all but the last step and returns a `Prepared`: the game model, its faces, the
imposition plan of each paper asked for and the warnings about what prints badly. build,
check, preview, export, serve and the benchmark all render from it, so they cannot disagree
about what is printed; a command's options that change what is printed belong here.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from pnp import budget, caches
from pnp.draw.fonts import FontBook
from pnp.errors import DEFAULT_MAX_ITEMS, DEFAULT_MAX_TILES, PnpError
from pnp.kinds import DrawContext
from pnp.kinds.sheet_stock import check_sheet_stock
from pnp.layout.impose import FamilyInfo, Plan, impose
from pnp.layout.spill import backs_in_margin, inner, spill_warning
from pnp.pipeline.faces import Faces, draw_faces, family_infos
from pnp.pipeline.select import select
from pnp.pipeline.tiling import check_tiling
from pnp.spec.model import Game
from pnp.spec.paper import PaperSpec, load_paper

log = logging.getLogger("pnp")

__all__ = [
    "Load",
    "Prepared",
    "prepare",
    "load",
    "impose_on",
    "check_rules",
    "printed",
    "read_legibility",
    "Faces",
]


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

    t0 = time.monotonic()
    options = {"players": opts.players} if opts.players else None
    game = load_game(
        ref,
        variant=opts.variant,
        options=options,
        allow_outside=opts.allow_outside,
        max_items=opts.max_items,
    )
    log.debug("%s: loaded %d families in %.2fs", game.id, len(game.families), time.monotonic() - t0)
    game.extra["players_asked"] = opts.players  # said when it changes nothing (check.seats)
    return game


@dataclass
class Prepared:
    """What a command renders from: one game, its faces drawn once, imposed on each paper."""

    game: Game
    ctx: DrawContext
    faces: Faces  # every face, by family in item order; faces(ref) is the face an ItemRef names
    infos: list[FamilyInfo]  # each family's items as the layout sees them
    noeffect: list[str]  # conditions that match no item (pnp.rulecheck.noeffect)
    legible: list[str] = field(default_factory=list)  # text and images below the print limits
    papers: list[PaperSpec] = field(default_factory=list)
    plans: list[Plan] = field(default_factory=list)  # one per paper, in order
    only: tuple[str, ...] = ()  # a part of the game (--only): no rulebook check, written apart
    fold: bool = False  # gutter-fold asked for (--fold): the output files say so
    ink_saver: bool = False  # faces rewritten to save ink (--ink-saver): the output files say so
    placed: list[str] = field(default_factory=list)  # backs the offset leaves in the margin

    def warnings(self) -> list[str]:
        """What prints, but not as the spec asked or badly (file:line: message): conditions
        that match nothing, the kinds' warnings from drawing, legibility's, then the plans' (backs
        the duplex offset moves into the margin)."""
        read = [
            w for fam in self.game.families for w in fam.warnings
        ]  # e.g. a data file's formulas
        return [*read, *self.noeffect, *self.ctx.warnings, *self.legible, *self.placed]


def house_rules(game: Game) -> list[str]:
    """A copy's house rules (pnp check --accept), listed with the design choices on its guide page."""
    if game.rules_file is None:
        return []
    from pnp.rulecheck.house_lines import guide_lines

    return guide_lines(game)


def prepare(
    source: str | Game,
    papers: Sequence[str | PaperSpec] = (),
    *,
    load_opts: Load = Load(),
    legibility: bool = True,
    max_tiles: int | None = None,
    bleed: float | None = None,
    fold: bool = False,
    only: Sequence[str] = (),
    ink_saver: bool = False,
    fresh: bool = True,
) -> Prepared:
    """Load (unless given the game), draw every face, read legibility, check tiling and impose
    on `papers`.

    `legibility` reads the faces for text and images below the print limits.
    `bleed` draws flat faces with this bleed instead of their family's (print-shop files).
    `fold` lays two-sided items on gutter-fold sheets (pnp.layout.fold).
    `only` narrows the game to some families or items (`FAMILY` or `FAMILY/ID`, pnp.pipeline.select).
    `ink_saver` rewrites every face to save ink (pnp.draw.inksaver) before anything reads it.
    `fresh` starts from empty caches (pnp.caches); False for a game drawn within another's build.
    """
    whole_game = source if isinstance(source, Game) else load(source, load_opts)
    check_sheet_stock(whole_game.families)  # before any drawing: one page, one stock
    game = select(whole_game, only)
    budget.reset(whole_game.extra.get("input_bytes", 0))  # each game's drawing has its own totals
    if max_tiles is None:  # the run's tile limit (--max-tiles, --limit tiles), in every command
        max_tiles = budget.allowed("tiles")
    if fresh:
        caches.forget()  # nor does it see what an earlier build read (pnp serve runs for hours)
    ctx = DrawContext(game, FontBook(game.fonts), bleed=bleed)
    from pnp.rulecheck.seats import unused_players

    noeffect = _unmatched(whole_game, game, only) + unused_players(whole_game)

    t1 = time.monotonic()
    saver = None
    if ink_saver:
        from pnp.draw.inksaver import InkSaver  # imported only when asked for: it is not small
        from pnp.rulecheck.named import named_colour_groups

        # the players' colours are lightened together, and each rule's named colours, so that
        # they stay told apart
        players = [c.hex for c in game.spec.player_colours]
        saver = InkSaver(ctx.symbols, players, named_colour_groups(whole_game)).face
    faces = draw_faces(game, ctx, saver)  # every face of the game is drawn here, once
    prep = Prepared(
        game,
        ctx,
        faces,
        family_infos(game, ctx, faces),
        noeffect,
        only=tuple(only),
        fold=fold,
        ink_saver=ink_saver,
    )
    log.debug("%s: every face drawn in %.2fs", game.id, time.monotonic() - t1)

    if (
        not papers
    ):  # previews, exports, the live page: an item no build could tile is refused here too
        check_tiling(game, prep.infos, load_paper("a4", game.folder), max_tiles)
    if legibility:
        t1 = time.monotonic()
        read_legibility(prep)
        log.debug("%s: every face read for legibility in %.2fs", game.id, time.monotonic() - t1)

    impose_on(prep, papers, max_tiles, fold=fold, ink_saver=ink_saver)
    return prep


def read_legibility(prep: Prepared) -> None:
    """Text and images below the print limits, read from the faces drawn (`prep.legible`)."""
    from pnp.rulecheck.legibility import legibility_warnings

    faces = prep.faces
    prep.legible = legibility_warnings(
        prep.game, lambda fam: faces[fam.name], prep.ctx.fonts, prep.ctx.symbols
    )


def _unmatched(whole_game: Game, game: Game, only: Sequence[str]) -> list[str]:
    """Conditions that match no item; for a part of the game (--only), read against the whole
    family: one card's build does not make a condition unmatched."""
    from pnp.rulecheck.noeffect import unmatched_conditions

    found = unmatched_conditions(whole_game)
    if not only:
        return found
    kept = {f"family '{f.name}' " for f in game.families}
    return [w for w in found if any(k in w for k in kept)]


def impose_on(
    prep: Prepared,
    papers: Sequence[str | PaperSpec],
    max_tiles: int = DEFAULT_MAX_TILES,
    *,
    fold: bool = False,
    ink_saver: bool = False,
) -> list[PaperSpec]:
    """Refuse what cannot be tiled on any of the papers, then impose each (its plan added to
    `prep.plans`); returns the papers."""
    specs = [load_paper(p, prep.game.folder) if isinstance(p, str) else p for p in papers]
    for paper in specs:
        check_tiling(prep.game, prep.infos, paper, max_tiles)
    for paper in specs:
        t0 = time.monotonic()
        folded = fold or paper.fold or prep.game.spec.fold
        plan = _backs_inside(prep, paper, folded, _impose(prep, paper, folded))
        if ink_saver:
            plan = _with_ink(prep, plan.paper, folded, plan)
        prep.papers.append(paper)
        prep.plans.append(plan)
        log.debug(
            "%s: %s imposed on %d pages in %.2fs",
            prep.game.id, paper.id, len(plan.pages), time.monotonic() - t0,
        )  # fmt: skip
    return specs


def _backs_inside(prep: Prepared, paper: PaperSpec, fold: bool, plan: Plan) -> Plan:
    """The plan, or where the duplex offset moves backs into the margin, the plan laid out
    inside a margin larger by the offset (pnp.layout.spill) where that costs no page and cuts
    no item into tiles; else the plan, and a warning."""
    most, pages = backs_in_margin(plan.pages, paper)
    if not pages:
        return plan
    try:
        again = _impose(prep, inner(paper), fold)
    except (PnpError, ValueError):  # an item too large for the smaller printable area
        again = None
    if again is not None and not backs_in_margin(again.pages, paper)[1]:
        tiled = {f.family for f in again.families if f.tiled}
        if len(again.pages) <= len(plan.pages) and tiled <= {
            f.family for f in plan.families if f.tiled
        }:
            return again
    prep.placed.append(spill_warning(paper, most, pages))
    return plan


def _impose(
    prep: Prepared, paper: PaperSpec, fold: bool, ink: list[tuple[int, float, float]] | None = None
) -> Plan:
    g = prep.game
    players = g.options.get("players") if g.spec.player_colours else None  # per-player sets printed
    return impose(
        prep.infos, paper, prep.ctx.fonts, title=g.spec.title, credits=g.spec.credits, variant=g.variant,
        players=players, choices=g.spec.choice_lines() + house_rules(g), fold=fold, ink=ink,
    )  # fmt: skip


def _with_ink(prep: Prepared, paper: PaperSpec, fold: bool, plan: Plan) -> Plan:
    """The plan again, its guide page giving each page's ink beside the normal build's.

    Both are estimated by drawing every page small (pnp.engines.coverage), with the
    ink-saver's faces and with the faces as designed (drawn here, once). Should the new
    paragraph push the design choices onto one more page, the pages are measured again.
    """
    from pnp.engines.coverage import CoverageMeter
    from pnp.layout.compose import compose

    meter = CoverageMeter(prep.ctx.fonts, prep.ctx.symbols)
    normal = draw_faces(prep.game, prep.ctx)  # the faces as designed, for the comparison
    for _ in range(3):
        ink = [
            (
                page.number,
                meter.coverage(page.w, page.h, compose(page, normal)),
                meter.coverage(page.w, page.h, compose(page, prep.faces)),
            )
            for page in plan.pages
        ]
        again = _impose(prep, paper, fold, ink)
        if len(again.pages) == len(plan.pages):
            return again
        plan = again
    return again


def printed(prep: Prepared):
    """The drawn faces as the rulebook checker reads them (pnp.rulecheck.faces)."""
    from pnp.rulecheck.faces import from_drawn

    return from_drawn(
        prep.game, prep.faces, prep.ctx.symbols.symbols, prep.ctx.fonts, ink_saver=prep.ink_saver
    )


def check_rules(prep: Prepared, plan: int = 0):
    """The rulebook check over these faces and the plan of the `plan`-th paper; None without
    rules, or for a part of the game (--only), which is not held to the whole rulebook."""
    if prep.game.rules_file is None or prep.only:
        return None
    with collector_waits():
        return _check_rules(prep, plan)


@contextmanager
def collector_waits() -> Iterator[None]:
    """Python's cycle collector held off while a build or a check runs, then back as found.

    Drawing, imposing and checking a game make hundreds of thousands of small objects that
    live until the work ends (drawings, placements, the facts of every face): the collector's
    passes meanwhile, full ones among them over every object the build holds, find almost
    nothing and cost about a tenth of the work (docs/performance.md). The few cycles left are
    collected once it ends.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _check_rules(prep: Prepared, plan: int):
    """check_rules, the collector held off."""
    from pnp.rulecheck.evaluate import evaluate, load_rules, reads_printed

    t0 = time.monotonic()
    rules = load_rules(prep.game)
    # coverage and contrast read these faces too: the ink-saver's, under --ink-saver
    covers = rules.design_texts is not None or rules.design_art is not None
    faces = printed(prep) if reads_printed(rules) or covers else None
    # a rule about another variant reads that variant's faces, drawn by this same pipeline
    results = evaluate(
        prep.game, rules, prep.plans[plan] if prep.plans else None, faces, draw=draw_printed
    )
    from pnp.rulecheck.seats import for_players  # --players N: rules about the sets not printed

    results = for_players(prep.game, rules, results, faces, draw_printed)
    from pnp.rulecheck.inkrules import for_ink_saver  # --ink-saver: fills read on the normal print

    results = for_ink_saver(prep.game, rules, results, faces, draw_printed)
    log.debug("%s: rulebook checked in %.2fs", prep.game.id, time.monotonic() - t0)
    return results


def draw_printed(game: Game, only: Sequence[str] = ()):
    """Every face of `game` (of the families `only` names) as the rulebook checker reads them
    (a rule's other variant)."""
    # within the build that asked
    return printed(prepare(game, legibility=False, only=only, fresh=False))
