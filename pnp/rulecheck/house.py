"""House rules: a copy of a game (pnp new --from) that departs from its rulebook says so.

`pnp check COPY` reports each failing rule as a departure: the rulebook's words (the rule's
cite) and what the copy prints. `pnp check COPY --accept` records them in the copy's rules.yaml
as house rules: the rule's `expect` becomes what is printed, the rulebook's expect is kept in
`rulebook_expect`, `house_rule: true` marks it, and the cite is never touched (the citation
check still holds it to the rulebook's words). A value the copy renamed (an area, a suit) is
renamed in the rule's `where`, the rulebook's kept in `rulebook_where` (pnp.rulecheck.renames). A text no rule reads any longer is declared a
design text with `why: house rule`. Later edits are then checked against the house rules.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from pnp.rulecheck import renames, rewrite
from pnp.rulecheck.house_lines import HOUSE
from pnp.rulecheck.result import Result
from pnp.spec.model import Game, matches


def accept(game: Game, results: list[Result], printed, draw) -> tuple[list[str], list[str]]:
    """Record the failing rules as house rules in the game's rules.yaml.

    Returns (what was recorded, what could not be and why); the file is written once, and only
    when it reads back as meant (pnp.rulecheck.rewrite).
    """
    from pnp.rulecheck.evaluate import load_rules
    from pnp.spec.yamlfile import read_yaml

    rules = load_rules(game)
    raw = read_yaml(Path(game.rules_file))["rules"]
    found = renames.find(game, rules)
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
        rule = rules.rules[n]
        keys = _renamed(rule, raw[n], found) or _house_keys(game, rules, rule, raw[n], printed)
        if isinstance(keys, str):
            refused.append(f"{r.id}: {keys} ({r.rule})")
            continue
        edits.append((n, keys))
        done.append(f"{r.id}: {_said(keys)} (the rulebook: {r.cite})")
    texts = sorted(set(uncovered)) if rules.design_texts is not None else []
    declared = rewrite.edit_rules(
        Path(game.rules_file), edits, [{"family": f, "exact": t, "why": HOUSE} for f, t in texts]
    )
    if declared:
        done += [f"'{t}' ({fam}): declared a design text (why: {HOUSE})" for fam, t in texts]
    return done, refused


def _said(keys: dict) -> str:
    if "expect" in keys:
        return f"now expects {json.dumps(keys['expect'], ensure_ascii=False)}"
    where = next(v for k, v in keys.items() if isinstance(k, tuple))
    return f"now reads where {json.dumps(where, ensure_ascii=False)}"


def _renamed(rule, raw: dict, found: renames.Renames) -> dict | str | None:
    """A rule whose `where` names a value the copy renamed: the keys that make it read the new
    one (rulebook_where keeps the rulebook's); why not, when the value is on no item and cannot
    be paired; None when its where names nothing renamed."""
    where, why = renames.renamed_where(rule, found)
    if where is None:
        return (
            f"its where {json.dumps(renames.selections(rule)[0][1], ensure_ascii=False)} matches "
            f"nothing: {why}; write the new value in the rule's where by hand"
            if why
            else None
        )
    body = [k for k, v in raw.items() if isinstance(v, dict) and "where" in v]
    if len(body) != 1:
        return "its where is not written in one place of the rule; edit it by hand"
    keys: dict = {(body[0], "where"): where, "house_rule": True}
    if "rulebook_where" not in raw:
        keys["rulebook_where"] = raw[body[0]]["where"]
    return keys


def _house_keys(game: Game, rules, rule, raw: dict, printed) -> dict | str:
    """The keys that make a rule the copy's house rule, or why it cannot be one."""
    from pnp.rulecheck.evaluate import observed
    from pnp.rulecheck.observe import observe
    from pnp.rulecheck.printed import Reader

    if rule.variant:
        return f"reads the '{rule.variant}' variant; edit it by hand"
    if rule.check == "equal":
        return "it says two counts are equal, which no one expect changes; print as many of each"
    if rule.check == "per_player":
        seen = _per_player(game, rule)
    elif rule.select is None:
        seen = observed(game, rule)
    else:
        name, opts = rule.measured
        reader = Reader(game, printed, dict(rules.regions))
        seen = observe(reader, rule.select, name, opts, rule.expect)
    if isinstance(seen, str) or seen is None:
        return seen or _why_not(game, rules, rule, printed)
    keys: dict = {"expect": seen, "house_rule": True}
    if "rulebook_expect" not in raw:
        keys["rulebook_expect"] = rule.expect
    return keys


def _why_not(game: Game, rules, rule, printed) -> str:
    """Why no one expect says what the copy prints for a rule, as exactly as it can be said."""
    from pnp.rulecheck.printed import Reader
    from pnp.rulecheck.printed_spec import MEASURES

    by_hand = "; edit the rule by hand"
    if rule.select is None:
        return f"a {rule.check} rule whose expect cannot be read from the items" + by_hand
    name = rule.measured[0]
    faces = Reader(game, printed, dict(rules.regions)).select(rule.select)
    if isinstance(faces, str):
        return f"it reads no face any longer ({faces})" + by_hand
    kind = MEASURES[name][1]
    if kind not in ("list", "colours"):
        what = {"sizes": "drawn size", "fills": "set of fills", "same": "likeness of faces"}
        return (
            f"it compares a {what.get(kind, kind)} ({name}), which --accept does not record"
            + by_hand
        )
    if kind == "colours":
        return "it reads colours under texts the copy no longer prints" + by_hand
    return (
        f"its {len(faces)} faces print different things, so no one expect says them all" + by_hand
    )


def _per_player(game: Game, rule) -> int | str:
    """Each player's share of a per_player rule, when every player has the same."""
    body = rule.per_player
    fams = [body.family] if isinstance(body.family, str) else body.family
    items = [i for f in fams for i in game.family(f).items if matches(body.where, i.attrs)]
    seats = [c.name for c in game.spec.player_colours[: game.options.get("players", 0)]]
    have = Counter(str(i.attrs.get(body.by)) for i in items)
    shares = {have.get(s, 0) for s in seats}
    if len(shares) == 1 and set(have) <= set(seats) and seats:
        return shares.pop()
    counts = ", ".join(f"{k}: {v}" for k, v in have.items())
    return f"the players' sets differ ({counts}): a house rule gives each player the same number"
