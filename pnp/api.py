"""pnp as a library: load a game, build its PDFs, check it against its rulebook.

    import pnp
    game = pnp.load_game("greenway")             # a built-in id, or a folder with a game.yaml
    outputs = pnp.build(game, papers=["a4"], out_dir="output")
    results = pnp.check(game)                    # [] when the game has no rules file

Each runs the same pipeline as the command line (pnp.pipeline.prepare). A problem with the
game is a `pnp.PnpError` (file, line, key, expected, found); warnings about what would print
badly go to the "pnp" logger (and `strict=True` makes them a PnpError before anything is written).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from pnp.errors import DEFAULT_MAX_ITEMS
from pnp.spec.model import Game

log = logging.getLogger("pnp")


def load_game(
    ref: str | Path,
    *,
    variant: str | None = None,
    players: int | None = None,
    allow_outside: bool = False,
    max_items: int = DEFAULT_MAX_ITEMS,
) -> Game:
    """The game model: its YAML read, validated and expanded into items."""
    from pnp.pipeline import Load, load

    return load(str(ref), Load(variant, players, allow_outside, max_items))


def check(game: Game | str | Path):
    """The rulebook check: one `Result` per rule (id, passed, expected, found, cite ...)."""
    from pnp.pipeline import prepare

    g = game if isinstance(game, Game) else load_game(game)
    prep = prepare(g, ["a4"])
    for w in prep.warnings():
        log.warning("%s", w)
    return prep.check() or []


def build(game: Game | str | Path, papers: Sequence[str] = ("a4", "letter"), **options):
    """Write each paper's PDF and JSON manifest (pnp.build.build, which documents the options)."""
    from pnp.build import build as build_game

    return build_game(game, papers, **options)


__all__ = ["load_game", "build", "check"]
