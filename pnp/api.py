"""pnp as a library: every command of the command line is one function here, and the command
line is a thin layer over them (docs/api.md).

    import pnp
    game = pnp.load_game("greenway")             # a built-in id, or a folder with a game.yaml
    built = pnp.build(game, ["a4"], out_dir="output")
    results = pnp.check(game)

Each function checks its arguments as the command line checks its options (pnp.options) and
runs the same pipeline (pnp.pipeline.prepare). A problem with the game or an argument is a
`pnp.PnpError` (file, line, key, expected, found); warnings about what would print badly go to
`warn`, else to the "pnp" logger.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path

from pnp import options
from pnp.errors import DEFAULT_MAX_ITEMS, DEFAULT_MAX_TILES, PnpError, short

log = logging.getLogger("pnp")

Warn = Callable[[str], None]
Progress = Callable[[str], None]

__all__ = [
    "load_game", "build", "check", "preview", "export_tts", "export_cut", "export_cards",
    "export_press", "export_cricut", "new", "Built", "Refused",
]  # fmt: skip


def _logged(text: str) -> None:
    log.warning("%s", text)


def load_game(
    ref: str | Path, *, variant: str | None = None, players: int | None = None, allow_outside: bool = False,
    max_items: int = DEFAULT_MAX_ITEMS,
):  # fmt: skip
    """The game model (a `Game`): its YAML read, validated and expanded into items."""
    from pnp.pipeline import Load, load

    if not isinstance(ref, (str, Path)):
        raise PnpError(
            "bad game", expected="a built-in game id or a folder with a game.yaml", found=short(ref)
        )
    if players is not None:
        players = options.count("players", players)
    return load(
        str(ref), Load(variant, players, allow_outside, options.count("max-items", max_items))
    )


def _game(game):
    from pnp.spec.model import Game

    return game if isinstance(game, Game) else load_game(game)


class Built(list):
    """What `build` wrote: each paper's `Output` (paper, pdf, manifest, pages), in order, with
    what it found beside them: `results`, the rulebook's (empty for a game without rules, or a
    part of one), `warnings`, and with `since` what `changes` it found."""

    def __init__(
        self, outputs=(), results: list | None = None, warnings: list[str] | None = None, changes: str = ""
    ):  # fmt: skip
        super().__init__(outputs)
        self.results = results or []  # pnp.rulecheck.result.Result, one per rule
        self.warnings = warnings or []
        self.changes = changes

    @property
    def failed(self) -> list:
        """The rules that failed."""
        return [r for r in self.results if not r.passed]


class Refused(PnpError):
    """`strict`: a warning or a failed rule, so nothing was written. Carries what was found."""

    def __init__(self, message: str, built: Built):
        super().__init__(message, found=built.warnings[0] if built.warnings else None)
        self.built = built


def build(
    game, papers: str | Sequence[str] = ("a4", "letter"), *, out_dir: str | Path = "output", engine: str = "reportlab",
    only: str | Sequence[str] = (), strict: bool = False, date: str | None = None,
    offset: str | tuple[float, float] | None = None, flip: str | None = None, fold: bool = False,
    ink_saver: bool = False, registration: bool = False, max_tiles: int = DEFAULT_MAX_TILES,
    progress: Progress | None = None, warn: Warn | None = None, since: str | Path | None = None,
    margin: float | str | None = None,
) -> Built:  # fmt: skip
    """`pnp build`: each paper's PDF and manifest in out_dir/<game id>/ (out_dir/<game id>_only/
    for `only`), with the rulebook checked over the same faces. Returns a `Built`.

    `since` (an earlier build's folder or one of its manifests): only the items drawn
    differently now, into out_dir/<game id>_since/ (pnp.since); `Built.changes` says what
    changed, and nothing is written when nothing did. `margin` (mm, 0 to 25): the printer's
    unprintable edge, in place of each paper file's.

    The work, in order: load (unless given a Game); draw every face once and read legibility
    from those faces; impose on each paper; check the rulebook; then, unless `strict` refuses
    (any warning or failed rule: `Refused`, nothing written), write each paper's pages.
    """
    from pnp.pipeline import check_rules, collector_waits, prepare
    from pnp.write import duplex_paper, write

    engine = options.choice("engine", engine, options.ENGINES)
    flip = options.choice("flip", flip, options.FLIPS) if flip is not None else None
    date, offset = options.date(date), options.offset(offset)
    margin = options.margin(margin)
    max_tiles = options.count("max-tiles", max_tiles)
    only = _names(only, "only") or []
    names = options.papers(papers)
    game = _game(game)
    folder, changes = None, ""
    if since is not None:
        from pnp.since import SINCE_DIR, changed_since

        if only:
            raise PnpError(
                "--since compares the whole game with its earlier build",
                expected="since without only",
            )
        only, changes = changed_since(game, since, ink_saver=ink_saver)
        log.info("%s", changes)
        if not only:
            return Built(changes=changes)
        folder = game.id + SINCE_DIR
    with collector_waits():  # the collector's passes find almost nothing in a build
        prep = prepare(
            game, [duplex_paper(p, offset, flip, game.folder, registration, margin) for p in names],
            max_tiles=max_tiles, fold=fold, ink_saver=ink_saver, only=only,
        )  # fmt: skip
        built = Built(results=check_rules(prep) or [], warnings=prep.warnings(), changes=changes)
        if strict and (built.warnings or built.failed):
            raise Refused(
                f"{game.id}: nothing written (--strict: {len(built.warnings)} warning(s), {len(built.failed)} failed rule(s))",
                built,
            )
        for w in built.warnings:
            (warn or _logged)(w)
        built.extend(
            write(
                prep,
                engine=engine,
                out_dir=Path(out_dir),
                date=date,
                progress=progress,
                folder=folder,
            )
        )
    return built


def check(
    game, *, ink_saver: bool = False, max_tiles: int = DEFAULT_MAX_TILES, warn: Warn | None = None
) -> list:
    """`pnp check`: one `Result` per rule (id, passed, expected, found, cite, rule, misses),
    read from the faces as printed on A4."""
    from pnp.pipeline import check_rules, prepare

    game = _game(game)
    if game.rules_file is None:
        raise PnpError(
            "this game has no rules file", file=str(game.folder / "game.yaml"), key="rules"
        )
    prep = prepare(
        game, ["a4"], max_tiles=options.count("max-tiles", max_tiles), ink_saver=ink_saver
    )
    for w in prep.warnings():
        (warn or _logged)(w)
    return check_rules(prep) or []


def preview(
    game, out_dir: str | Path = "output", *, dpi: float = 150.0, families: Sequence[str] | None = None,
    progress: Progress | None = None, warn: Warn | None = None, max_tiles: int = DEFAULT_MAX_TILES,
) -> list:  # fmt: skip
    """`pnp preview`: a PNG of every face and a contact sheet per family in out_dir/<game id>/preview."""
    from pnp.face_images import preview as write_preview

    return write_preview(
        _game(game),
        Path(out_dir),
        dpi=options.dpi(dpi),
        families=_names(families),
        progress=progress,
        warn=warn or _logged,
        max_tiles=options.count("max-tiles", max_tiles),
    )


def export_tts(
    game, out_dir: str | Path = "output", *, families: Sequence[str] | None = None,
    progress: Progress | None = None, warn: Warn | None = None,
    max_tiles: int = DEFAULT_MAX_TILES, **opts,
) -> list:  # fmt: skip
    """`pnp export --tts`: a Tabletop Simulator Saved Object and its deck sheets in
    out_dir/<game id>/tts (options as pnp.export.tts.export_tts: base_url)."""
    from pnp.export.tts import export_tts as write_tts

    return write_tts(
        _game(game),
        Path(out_dir),
        _names(families),
        progress=progress,
        warn=warn or _logged,
        max_tiles=options.count("max-tiles", max_tiles),
        **opts,
    )


def export_cards(
    game, out_dir: str | Path = "output", *, warn: Warn | None = None,
    max_tiles: int = DEFAULT_MAX_TILES, **opts,
):  # fmt: skip
    """`pnp export --cards`: one file per card face with bleed, and a CSV, for print shops
    (options as pnp.export.shop.export_cards: dpi, bleed, fmt, families, shop, progress)."""
    from pnp.export.shop import export_cards as write_cards

    opts["max_tiles"] = options.count("max-tiles", max_tiles)
    if "bleed" in opts:
        opts["bleed"] = options.length("bleed", opts["bleed"])
    if "families" in opts:
        opts["families"] = _names(opts["families"])
    return write_cards(_game(game), Path(out_dir), warn=warn or _logged, **opts)


def export_press(
    game, out_dir: str | Path = "output", *, warn: Warn | None = None,
    max_tiles: int = DEFAULT_MAX_TILES, **opts,
):  # fmt: skip
    """`pnp export --press`: one press-ready PDF per family (CMYK, trim and bleed boxes), in
    out_dir/<game id>/press (options as pnp.export.press.export_press: dpi, bleed, ink_limit,
    families, progress)."""
    from pnp.export.press import export_press as write_press

    opts["max_tiles"] = options.count("max-tiles", max_tiles)
    if "bleed" in opts:
        opts["bleed"] = options.length("bleed", opts["bleed"])
    if "families" in opts:
        opts["families"] = _names(opts["families"])
    return write_press(_game(game), Path(out_dir), warn=warn or _logged, **opts)


def export_cricut(
    game, out_dir: str | Path = "output", *, families: Sequence[str] | None = None,
    progress: Progress | None = None, warn: Warn | None = None,
    max_tiles: int = DEFAULT_MAX_TILES,
) -> list[Path]:  # fmt: skip
    """`pnp export --cricut`: Print Then Cut sheets (PNG) and their cut outlines (SVG) in
    out_dir/<game id>/cricut; the PNGs' paths."""
    from pnp.export.cricut import export_cricut as write_cricut

    return write_cricut(
        _game(game),
        Path(out_dir),
        families=_names(families),
        progress=progress,
        warn=warn or _logged,
        max_tiles=options.count("max-tiles", max_tiles),
    )


def export_cut(
    game, out_dir: str | Path = "output", *, paper: str = "a4", registration: bool = False,
    max_tiles: int = DEFAULT_MAX_TILES, warn: Warn | None = None, margin: float | str | None = None,
) -> list[Path]:  # fmt: skip
    """`pnp export --cut`: an SVG of each sheet page's cut paths, in out_dir/<game id>/cut."""
    from pnp.export.cut import export_cut as write_cut

    game = _game(game)
    if not isinstance(paper, str):
        raise PnpError(
            "bad --paper", expected="one paper id or paper YAML file", found=short(paper)
        )
    return write_cut(
        game,
        Path(out_dir),
        paper=paper,
        registration=registration,
        max_tiles=options.count("max-tiles", max_tiles),
        warn=warn or _logged,
        margin=options.margin(margin),
    )


def new(
    path: str | Path, *, source: str | None = None, allow_outside: bool = False
) -> tuple[str, list[Path]]:
    """`pnp new`: a game folder to edit, made from the template (or a copy of `source`);
    returns the game id and the files written."""
    from pnp.scaffold import new_game

    return new_game(Path(path), source=source, allow_outside=allow_outside)


def _names(value: str | Sequence[str] | None, option: str = "family") -> list[str] | None:
    """A name or a list of them (as a repeated --family or --only), or None for all."""
    if value is None:
        return None
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise PnpError(f"bad --{option}", expected="a name or a list of names", found=short(value))
    return list(names)
