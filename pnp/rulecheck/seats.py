"""The rulebook check of a game printed for fewer players than its most (`--players N`).

The rules speak of the whole game: "105 meeples in 5 colors", a screen in each of five colours.
Printed for N players, a game holds the first N player sets of the full game and all the rest.
A rule that fails at N and reads a family whose items depend on the number of players is
looked at again:

- a count of a family made only of player sets ("105 meeples", "5 screens") is checked for N
  players: expect x N / most (63 meeples for 3 of 5 players);
- any other is read on the game printed for the most players, whose sets include the N printed:
  when it holds there, it does not apply at N (reported as not applicable, not as a failure);
  when it fails there too, the failure stands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pnp.rulecheck.renames import selections
from pnp.rulecheck.result import Result
from pnp.rulecheck.spec import Rule, RulesFile
from pnp.spec.model import Game

Draw = Callable[[Game], object]  # a game's faces as the checker reads them


def for_players(
    game: Game, rules: RulesFile, results: list[Result], printed, draw: Draw
) -> list[Result]:
    """`results` with the failing rules that depend on the number of players looked at again."""
    n, most = game.options.get("players"), game.spec.players.max
    if not game.spec.player_colours or not isinstance(n, int) or n >= most:
        return results
    failing = [i for i, r in enumerate(results[: len(rules.rules)]) if not r.passed]
    if not failing:
        return results
    whole = _whole(game, most)
    here = {f.name: len(f.items) for f in game.families}
    there = {f.name: len(f.items) for f in whole.families}
    seated = {name for name in here if here[name] != there.get(name)}
    whole_sets = {name for name in seated if here[name] * most == there[name] * n}
    out = list(results)
    scaled: dict[int, Rule] = {}
    again: list[int] = []
    for i in failing:
        rule = rules.rules[i]
        read = _families(rule)
        if not read & seated and rule.check != "per_player":
            continue
        count = _scaled(rule, read, whole_sets, n, most)
        if count is not None:
            scaled[i] = rule.model_copy(update={"expect": count})
        else:
            again.append(i)
    for i, r in evaluate_chosen(game, rules, scaled, printed, draw).items():
        out[i] = replace(r, expected=f"{r.expected} ({rules.rules[i].expect} for {most} players)")
    for i, r in evaluate_chosen(
        whole, rules, {i: rules.rules[i] for i in again}, None, draw
    ).items():
        if r.passed:
            out[i] = replace(
                out[i],
                passed=True,
                found=f"not applicable at {n} players: holds for the game's {most} player sets",
                misses=(),
                not_applicable=f"{n} players",
            )
    return out


def _whole(game: Game, most: int) -> Game:
    """The same game (and variant) loaded for its most players."""
    from pnp.spec.load import load_game

    return load_game(
        str(game.folder),
        variant=game.variant,
        options={"players": most},
        allow_outside=game.allow_outside,
    )


def _families(rule: Rule) -> set[str]:
    """The families a rule reads items or faces of."""
    return {fam for fams, _ in selections(rule) for fam in fams}


def _scaled(rule: Rule, read: set[str], whole_sets: set[str], n: int, most: int) -> int | None:
    """A count of whole player sets, for n players: expect x n / most (None: not such a count)."""
    if not read or not read <= whole_sets or type(rule.expect) is not int:
        return None
    if rule.check == "count":
        narrowed = rule.count.where
    elif rule.check == "measure" and rule.measured[0] == "faces":
        narrowed = rule.select.where or rule.select.in_
    else:
        return None
    if narrowed or rule.expect * n % most:
        return None
    return rule.expect * n // most


def evaluate_chosen(game: Game, rules: RulesFile, chosen: dict[int, Rule], printed, draw: Draw):
    """These rules (by index) evaluated on `game`, by index."""
    from pnp.rulecheck.evaluate import evaluate

    if not chosen:
        return {}
    part = rules.model_copy(update={"rules": list(chosen.values()), "design_texts": None})
    part._where = [rules._where[i] for i in chosen]
    got = evaluate(game, part, None, printed, draw=draw)
    return dict(zip(chosen, got, strict=False))


def unused_players(game: Game) -> list[str]:
    """`--players N` on a game that prints no player sets and whose files never read the number
    of players: it changes nothing, which the user is told (and `--strict` refuses)."""
    asked = game.extra.get("players_asked")
    if not asked or game.spec.player_colours or any(_reads_players(f.data) for f in game.families):
        return []
    text = (game.folder / "game.yaml").read_text(encoding="utf-8", errors="replace")
    line = next((n for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("players:")), 1)
    return [
        f"{game.file}:{line}: --players {asked}: {game.spec.title} prints no player sets "
        "(game.yaml has no player_colours) and no family reads the number of players, "
        "so it changes nothing"
    ]


def _reads_players(data) -> bool:
    """Whether a family's YAML names the players option: a `players` key, or `{players}`."""
    stack = [data]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "players" in v:
                return True
            stack += list(v.values())
        elif isinstance(v, list):
            stack += v
        elif isinstance(v, str) and "{players" in v:
            return True
    return False
