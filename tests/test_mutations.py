"""Breaks from tests/mutations/<game>.yaml, made in a copy of the game, are caught by `pnp check`.

A break edits what a game prints so that it no longer matches its rulebook (a block renamed on a
board, a die face changed, a back marked, a colour swapped); `pnp check` must exit 1 with every
rule the break names failing. One copy of each game is made and each break is undone after its
check. Here: the first break in each category of what a rule reads; the whole catalogue runs
in CI (.ci/run) through scripts/mutations.py, which prints the catch rate.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("pnp_mutations", ROOT / "scripts" / "mutations.py")
mutations = importlib.util.module_from_spec(_spec)
sys.modules["pnp_mutations"] = mutations
_spec.loader.exec_module(mutations)

GAMES = mutations.games()


# the games by the time `pnp check` takes on them, quickest first
QUICKEST = ["piecepack", "global-warming", "greenway", "earthquake", "earth-our-home", "aftershock"]


def chosen() -> list:
    """The first break of every category, from the game quickest to check that has one: each
    kind of reading once (the whole catalogue runs in CI)."""
    order = [g for g in QUICKEST if g in GAMES] + [g for g in GAMES if g not in QUICKEST]
    every = [m for g in order for m in mutations.load(g)]
    return [m for cat in mutations.CATEGORIES for m in [m for m in every if m.category == cat][:1]]


BREAKS = chosen()


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    made: dict[str, object] = {}

    def copy(game: str):
        if game not in made:
            made[game] = mutations.Copy(game, tmp_path_factory.mktemp("mutations"))
        return made[game]

    return copy


@pytest.mark.parametrize("m", BREAKS, ids=[f"{m.game}: {m.what}" for m in BREAKS])
def test_break_is_caught(copies, m):
    with copies(m.game).broken(m) as folder:
        code, failed, message = mutations.check(folder)
    assert code == 1, f"{m.what}: pnp check exited {code} {message}"
    assert m.fails <= failed, (
        f"{m.what}: expected {sorted(m.fails)} to fail; failed: {sorted(failed)}"
    )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_breaks_in_every_category(game):
    """The catalogue covers every category of what a rule reads, for each game."""
    import yaml

    cats = {m.category for m in mutations.load(game)}
    skip = (
        yaml.safe_load((mutations.CATALOGUE / f"{game}.yaml").read_text(encoding="utf-8")).get(
            "not_applicable"
        )
        or {}
    )
    wanted = set(mutations.CATEGORIES) - set(skip)
    assert wanted <= cats, f"{game}: no break in {sorted(wanted - cats)}"


def test_every_named_rule_exists():
    """A break names rules the game has: a renamed rule is not silently never checked."""
    import yaml

    for game in GAMES:
        ids = {
            r["id"]
            for r in yaml.safe_load(
                (ROOT / "components" / game / "rules.yaml").read_text(encoding="utf-8")
            )["rules"]
        }
        for m in mutations.load(game):
            named = {
                f for f in m.fails if not f.startswith(("coverage:", "drawn:"))
            }  # the coverage rules are pnp's own
            assert m.fails and named <= ids, f"{game}: '{m.what}' names {sorted(named - ids)}"


def test_the_shipped_games_pass(copies):
    """The baseline every break here starts from passes, so a failure is the break's doing."""
    for game in sorted({m.game for m in BREAKS}):
        code, failed, message = mutations.check(copies(game).folder)
        assert code == 0, f"{game}: {sorted(failed)} {message}"


def test_a_stale_break_is_an_error(copies):
    m = mutations.Mutation(
        "greenway",
        "stale",
        "text",
        (("cards.yaml", "no such text", "x", False, False),),
        frozenset({"x"}),
        False,
    )
    with pytest.raises(LookupError, match="not in cards.yaml"), copies("greenway").broken(m):
        pass
