"""Renamed values in a customised copy: an area, a suit, a colour the rules name in `where`
that no item of the copy has any longer, and the value the copy has in its place.

A rule `where: {area: Oakland}` of a copy whose cards say East Bay reads no card at all. The
rename is found from the copy alone: per family and attribute, the values the rules name
(in `where`, and as the keys of a `distribution` by that attribute) against the values the
items have. One value named but gone, and one value present but named by no rule, is a rename;
anything else is said as it is, for the user to write by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.spec.model import Game


@dataclass
class Renames:
    """(family, attribute) -> {old value: new value}; and what could not be paired, and why."""

    found: dict[tuple[str, str], dict[str, object]] = field(default_factory=dict)
    unpaired: dict[tuple[str, str], str] = field(default_factory=dict)


def selections(rule) -> list[tuple[list[str], dict | None]]:
    """(families, where) of each selection a rule makes."""
    if rule.check == "measure":
        bodies = [rule.select]
    elif rule.check == "equal":
        bodies = list(rule.equal)
    else:
        bodies = [getattr(rule, rule.check)]
    out = []
    for body in bodies:
        fam = getattr(body, "family", None)
        if isinstance(fam, (str, list)):
            out.append(([fam] if isinstance(fam, str) else list(fam), getattr(body, "where", None)))
    return out


def find(game: Game, rules) -> Renames:
    named: dict[tuple[str, str], set[str]] = {}  # as the rulebook's rules name them
    for rule in rules.rules:
        for fams, where in selections(rule):
            for fam in fams:
                for attr, want in (rule.rulebook_where or where or {}).items():
                    values = want if isinstance(want, list) else [want]
                    named.setdefault((fam, attr), set()).update(str(v) for v in values)
        expect = rule.rulebook_expect if rule.rulebook_expect is not None else rule.expect
        if rule.check == "distribution" and isinstance(expect, dict):
            by = rule.distribution.by
            for fam in selections(rule)[0][0] if isinstance(by, str) else ():
                named.setdefault((fam, by), set()).update(str(k) for k in expect)
    out = Renames()
    families = {f.name: f for f in game.families}
    for (fam, attr), names in named.items():
        if fam not in families:
            continue
        have = {str(i.attrs[attr]): i.attrs[attr] for i in families[fam].items if attr in i.attrs}
        gone = sorted(names - set(have))
        new = sorted(set(have) - names)
        if len(gone) == 1 and len(new) == 1:
            out.found[(fam, attr)] = {gone[0]: have[new[0]]}
        elif gone:
            out.unpaired[(fam, attr)] = (
                f"{', '.join(gone)} named by the rules but on no {fam} item; "
                + (f"new {attr}s {', '.join(new)}: which is which is not known" if new else
                   f"no new {attr} in its place")
            )  # fmt: skip
    return out


def renamed_where(rule, renames: Renames) -> tuple[dict | None, str | None]:
    """The rule's `where` with renamed values replaced (None if nothing is renamed), or why a
    value it names is on no item and cannot be paired."""
    sels = selections(rule)
    if len(sels) != 1 or not sels[0][1]:
        return None, None
    fams, where = sels[0]
    new, why = dict(where), None
    for attr, want in where.items():
        values = want if isinstance(want, list) else [want]
        maps = [renames.found.get((fam, attr), {}) for fam in fams]
        swapped = [_swap(v, maps) for v in values]
        if swapped != values:
            new[attr] = swapped if isinstance(want, list) else swapped[0]
        for fam in fams:
            why = why or renames.unpaired.get((fam, attr))
    return (new if new != dict(where) else None), why


def _swap(value, maps: list[dict]) -> object:
    """A value as the copy renamed it, when every family selected renamed it alike."""
    to = {m[str(value)] for m in maps if str(value) in m}
    return to.pop() if len(to) == 1 else value
