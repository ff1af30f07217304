"""House rules: a copy of a game (pnp new --from) that departs from its rulebook says so.

`pnp check COPY` reports each failing rule as a departure: the rulebook's words (the rule's
cite) and what the copy prints. `pnp check COPY --accept` records them in the copy's rules.yaml
as house rules: the rule's `expect` becomes what is printed, the rulebook's expect is kept in
`rulebook_expect`, `house_rule: true` marks it, and the cite is never touched (the citation
check still holds it to the rulebook's words). A text no rule reads any longer is declared a
design text with `why: house rule`. Later edits are then checked against the house rules.
"""

from __future__ import annotations

import json
from pathlib import Path

from pnp.check import rewrite
from pnp.check.result import Result
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


def accept(game: Game, results: list[Result], printed, draw) -> tuple[list[str], list[str]]:
    """Record the failing rules as house rules in the game's rules.yaml.

    Returns (what was recorded, what could not be and why); the file is written once, and only
    when it reads back as meant (pnp.check.rewrite).
    """
    from pnp.check.evaluate import load_rules

    rules = load_rules(game)
    by_at = {at: n for n, at in enumerate(rules._where)}
    edits: list[tuple[int, dict]] = []  # rule index, its new keys
    done, refused = [], []
    uncovered: list[tuple[str, str]] = []
    for r in results:
        if r.passed:
            continue
        if r.id.startswith("coverage:"):
            uncovered += [
                (m.printed.rsplit(" (", 1)[1].rstrip(")"), m.printed.rsplit(" (", 1)[0][1:-1])
                for m in r.misses
            ]
            continue
        n = by_at.get(r.rule or "")
        if n is None:
            refused.append(f"{r.id}: pnp's own check, not a rule of rules.yaml")
            continue
        keys = _house_keys(game, rules, rules.rules[n], printed)
        if isinstance(keys, str):
            refused.append(f"{r.id}: {keys} ({r.rule})")
            continue
        edits.append((n, keys))
        done.append(
            f"{r.id}: now expects {json.dumps(keys['expect'], ensure_ascii=False)} (the rulebook: {r.cite})"
        )
    texts = sorted(set(uncovered)) if rules.design_texts is not None else []
    declared = rewrite.edit_rules(
        Path(game.rules_file), edits, [{"family": f, "exact": t, "why": HOUSE} for f, t in texts]
    )
    if declared:
        done += [f"'{t}' ({fam}): declared a design text (why: {HOUSE})" for fam, t in texts]
    return done, refused


def _house_keys(game: Game, rules, rule, printed) -> dict | str:
    """The keys that make a rule the copy's house rule, or why it cannot be one."""
    from pnp.check.evaluate import observed
    from pnp.check.printed import Reader

    if rule.variant:
        return f"reads the '{rule.variant}' variant; edit it by hand"
    if rule.select is None:
        seen = observed(game, rule)
    else:
        name, opts = rule.measured
        seen = Reader(game, printed, dict(rules.regions)).observe(
            rule.select, name, opts, rule.expect
        )
    if seen is None:
        return (
            "no one expect says what the copy prints (faces that differ, a size, "
            "texts no longer printed); edit the rule by hand"
        )
    keys = {"expect": seen}
    if not rule.house_rule:
        keys.update(house_rule=True, rulebook_expect=rule.expect)
    return keys


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
            was, now = (
                json.dumps(r.get(k), ensure_ascii=False) for k in ("rulebook_expect", "expect")
            )
            out.append(
                f'House rule ({r.get("id")}): the rulebook says "{r.get("cite")}" (the check expected {was}); this copy: {now}'
            )
    for d in data.get("design_texts") or []:
        if isinstance(d, dict) and d.get("why") == HOUSE and isinstance(d.get("exact"), str):
            out.append(f'House rule: this copy prints "{d["exact"]}" ({d.get("family")})')
    return out
