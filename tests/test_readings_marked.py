"""A reading of the rulebook printed as a rule is marked as one: every rule that reads a text a
design choice of game.yaml quotes (the guide page prints those choices) is itself marked
`design_choice: true` with a note, so `pnp check` says the rulebook does not give it."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.rulecheck import REPO

GAMES = ["earthquake", "greenway", "aftershock", "earth-our-home", "global-warming"]


def _quoted(game: str) -> list[str]:
    """The printed words each design choice quotes from the printout ("Collect 4 squares per deed")."""
    meta = yaml.safe_load((REPO / "components" / game / "game.yaml").read_text(encoding="utf-8"))
    out = []
    for c in meta.get("design_choices") or []:
        out += [q for q in re.findall(r'"([^"]{12,})"', c["text"]) if not q.startswith("you")]
    return out


def _reads(rule: dict) -> str:
    """Every text a rule's selector matches on, as one string."""
    return yaml.safe_dump(rule, allow_unicode=True, width=10_000).lower()


@pytest.mark.parametrize("game", GAMES)
def test_rules_reading_a_reading_are_design_choices(game):
    rules = yaml.safe_load((REPO / "components" / game / "rules.yaml").read_text(encoding="utf-8"))
    unmarked = []
    for q in _quoted(game):
        for r in rules["rules"]:
            body = {k: v for k, v in r.items() if k not in ("cite", "note", "id")}
            if q.lower() in _reads(body) and not r.get("design_choice"):
                unmarked.append((r["id"], q))
    assert not unmarked, f"rules reading a printed reading, not marked design_choice: {unmarked}"
    assert game != "earthquake" or len(_quoted(game)) >= 2  # the two readings are quoted
