"""A copy's house rules as its guide page lists them, read from its rules.yaml alone.

Apart from pnp/rulecheck/house.py (which records house rules and reads the printed faces to do
so), so that the guide, which every check reads, needs none of the checker to list them.
"""

from __future__ import annotations

import json
from pathlib import Path

from pnp.paths import components_dir
from pnp.spec.model import Game

HOUSE = "house rule"


def is_copy(game: Game) -> bool:
    """A game folder outside the shipped games: its failures are departures from the rulebook."""
    try:
        game.folder.resolve().relative_to(components_dir().resolve())
    except ValueError:
        return True
    return False


def guide_lines(game: Game) -> list[str]:
    """The house rules of a copy, as its guide page lists them (none for a game without)."""
    if game.rules_file is None or not is_copy(game) or not Path(game.rules_file).is_file():
        return []
    from pnp.spec.yamlfile import read_yaml

    try:
        data = read_yaml(game.rules_file)
    except Exception:  # the check reports a broken rules file; the guide leaves it out
        return []
    if not isinstance(data, dict):
        return []
    out = []
    for r in data.get("rules") or []:
        if isinstance(r, dict) and r.get("house_rule") is True:
            out += [
                f'House rule ({r.get("id")}): the rulebook says "{r.get("cite")}" ({was}); this copy: {now}'
                for was, now in _departures(r)
            ]
    for d in data.get("design_texts") or []:
        if isinstance(d, dict) and d.get("why") == HOUSE and isinstance(d.get("exact"), str):
            out.append(f'House rule: this copy prints "{d["exact"]}" ({d.get("family")})')
    return out


def _departures(rule: dict) -> list[tuple[str, str]]:
    """(what the rulebook's rule said, what the copy's says) of each key a house rule changed."""

    def shown(v) -> str:
        return json.dumps(v, ensure_ascii=False, default=str)

    out = []
    if "rulebook_where" in rule:
        where = next(
            (v["where"] for v in rule.values() if isinstance(v, dict) and "where" in v), None
        )
        out.append((f"where {shown(rule['rulebook_where'])}", f"where {shown(where)}"))
    if "rulebook_expect" in rule:
        out.append(
            (f"the check expected {shown(rule['rulebook_expect'])}", shown(rule.get("expect")))
        )
    return out
