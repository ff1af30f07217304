"""The colours a game's rules name, in the groups a player tells apart: what the ink-saver
keeps told apart beside the players' colours.

Each rule names a group: the palette colours its expect gives by palette name (Earthquake's
building materials: `values: ... expect: [m-blue, m-red, ...]`), or, for a rule that reads
colours (`colour:`, `fills:`), the palette colours the families it reads use whose colour
word it expects (the four quadrant colours of a board and its deeds: `expect: {...: red, ...:
blue}`). Colours of different rules are never compared side by side, so they need not differ.
Only strong colours count: black, grey, white and pale ones are not tinted apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnp.errors import PnpError
from pnp.spec.model import Game

COLOUR_MEASURES = ("colour", "fills")


def strings_in(value: object) -> set[str]:
    """Every text in a value: itself, a list's items, a mapping's keys and values."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(k) | strings_in(v) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return set().union(*(strings_in(v) for v in value))
    return set()


def _families(rule) -> list[str]:
    """The families a rule reads."""
    select = rule.select or next(
        (getattr(rule, k) for k in ("count", "distribution", "per_player", "sum", "values")
         if getattr(rule, k) is not None), None)  # fmt: skip
    family = getattr(select, "family", None)
    return [family] if isinstance(family, str) else list(family or [])


def _strong(game: Game) -> dict[str, tuple[str, str]]:
    """The strong palette colours: name -> (#rrggbb, its colour word). The players' colours
    are left out: they are kept apart as the players' (pnp.draw.inksaver)."""
    from pnp.draw.colours import resolve_colour
    from pnp.draw.inksaver import black, pale
    from pnp.rulecheck.colournames import colour_name

    out = {}
    players = {c.name for c in game.spec.player_colours}
    for key, value in game.palette.items():
        if key in players:
            continue
        hexcolour = resolve_colour(value, game.palette)
        if hexcolour is None or black(hexcolour) or pale(hexcolour):
            continue
        word = colour_name(hexcolour)
        if word not in ("black", "white", "grey"):
            out[key] = (hexcolour, word)
    return out


def _used(game: Game, families: Iterable[str], names: set[str]) -> set[str]:
    """The palette names that these families' files and items give."""
    said: set[str] = set()
    for fam in game.families:
        if fam.name in families:
            said |= strings_in(fam.spec.model_dump())
            for item in fam.items:
                said |= strings_in(item.attrs)
    return said & names


def named_colour_groups(game: Game) -> list[list[str]]:
    """Each rule's named colours (two or more), as #rrggbb; none without rules (a rules file
    that does not load is reported by the rulebook check, not here)."""
    from pnp.rulecheck.colournames import BASIC
    from pnp.rulecheck.evaluate import load_rules

    try:
        rules = load_rules(game)
    except PnpError:
        return []
    if rules is None:
        return []
    strong = _strong(game)
    groups: list[list[str]] = []
    for rule in rules.rules:
        said = strings_in(rule.expect)
        keys = said & set(strong)
        words = said & set(BASIC) if rule.measured[0] in COLOUR_MEASURES else set()
        if words:
            used = _used(game, _families(rule), set(strong))
            keys |= {k for k in used if strong[k][1] in words}
        group = sorted({strong[k][0] for k in keys})
        if len(group) > 1 and group not in groups:
            groups.append(group)
    return groups
