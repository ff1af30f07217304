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
import re
from pathlib import Path

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

    Returns (what was recorded, what could not be and why); the file is written once.
    """
    from pnp.check.evaluate import load_rules, observed
    from pnp.check.printed import Reader

    rules = load_rules(game)
    path = Path(game.rules_file)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
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
        rule = rules.rules[n] if n is not None else None
        if rule is None:
            refused.append(f"{r.id}: pnp's own check, not a rule of rules.yaml")
            continue
        if rule.variant:
            refused.append(
                f"{r.id}: reads the '{rule.variant}' variant; edit it by hand ({r.rule})"
            )
            continue
        if rule.select is None:
            seen = observed(game, rule)
        else:
            name, opts = rule.measured
            reader = Reader(game, printed, dict(rules.regions))
            seen = reader.observe(rule.select, name, opts, rule.expect)
        if seen is None:
            refused.append(
                f"{r.id}: no one expect says what the copy prints (faces that differ, a size, "
                f"texts no longer printed); edit the rule by hand ({r.rule})"
            )
            continue
        keys = {"expect": seen}
        if not rule.house_rule:
            keys.update(house_rule=True, rulebook_expect=rule.expect)
        edits.append((n, keys))
        done.append(
            f"{r.id}: now expects {json.dumps(seen, ensure_ascii=False)} (the rulebook: {r.cite})"
        )
    starts = [int(at.rsplit(":", 1)[1]) - 1 for at in rules._where]
    for n, keys in sorted(edits, key=lambda e: -e[0]):
        end = starts[n + 1] if n + 1 < len(starts) else _block_end(lines, starts[n])
        lines[starts[n] : end] = _set_keys(lines[starts[n] : end], keys)
    if uncovered and rules.design_texts is not None:
        lines = _declare(lines, sorted(set(uncovered)))
        done += [
            f"'{t}' ({fam}): declared a design text (why: {HOUSE})"
            for fam, t in sorted(set(uncovered))
        ]
    if done:
        path.write_text("".join(lines), encoding="utf-8")
    return done, refused


def _block_end(lines: list[str], start: int) -> int:
    """The line after the last rule: the next top-level key, or the end of the file."""
    for i in range(start + 1, len(lines)):
        if lines[i][:1] not in ("", " ", "\n", "#", "-"):
            return i
    return len(lines)


def _set_keys(rule: list[str], keys: dict) -> list[str]:
    """A rule's lines with these keys set (replacing the key and its indented continuation)."""
    first = rule[0]
    pad = " " * (len(first) - len(first.lstrip(" -")))
    out = list(rule)
    for key, value in keys.items():
        text = f"{pad}{key}: {json.dumps(value, ensure_ascii=False)}\n"
        at = next((i for i, ln in enumerate(out) if re.match(rf"{pad}{key}:", ln)), None)
        anchor = re.match(rf"{pad}{key}:\s*(&[\w-]+)\s", out[at]) if at is not None else None
        if anchor:  # other rules name this value (*anchor): they follow the house rule
            text = f"{pad}{key}: {anchor.group(1)} {json.dumps(value, ensure_ascii=False)}\n"
        if at is None:
            last = max(
                i for i, ln in enumerate(out) if ln.strip() and not ln.lstrip().startswith("#")
            )
            out.insert(last + 1, text)
            continue
        stop = at + 1
        while stop < len(out) and (
            not out[stop].strip() or len(out[stop]) - len(out[stop].lstrip()) > len(pad)
        ):
            stop += 1
        out[at:stop] = [text]
    return out


def _declare(lines: list[str], texts: list[tuple[str, str]]) -> list[str]:
    at = next((i for i, ln in enumerate(lines) if ln.startswith("design_texts:")), None)
    if at is None:
        return lines
    lines[at] = "design_texts:\n"
    new = [
        f"  - {{family: {json.dumps(fam)}, exact: {json.dumps(t, ensure_ascii=False)}, why: {HOUSE}}}\n"
        for fam, t in texts
    ]
    return lines[: at + 1] + new + lines[at + 1 :]


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
