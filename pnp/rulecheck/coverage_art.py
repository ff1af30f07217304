"""Coverage of what faces draw: every symbol instance and every filled region, with its colour,
is read by a rule or declared under `design_art` (a frame, a card's ground, a decoration).

A rule reads the symbols and fills it measures (pnp.rulecheck.printed.Reader.seen): the art it
counts, the colour under a text or at a point, the fills it counts, the symbols it reads against
their ground. What no rule reads and no declaration names is listed by `pnp check --coverage`,
one line per family, side and art name (or colour), and fails `drawn:symbols` / `drawn:fills`:
an icon moved to another card, a region repainted, cannot slip through unread.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pnp.rulecheck.coverage import applies
from pnp.rulecheck.faces import DrawnFace, PrintedFaces
from pnp.rulecheck.result import Miss, Result
from pnp.spec.model import Game

KINDS = ("symbols", "fills")
HOW = {
    "symbols": "read it in a rule (marks, symbols_on, a colour of its art) quoting the rulebook, "
    "or declare its art name under design_art (with why)",
    "fills": "read it in a rule (colour, fills, symbols_on) quoting the rulebook, or declare its "
    "colour under design_art (with why)",
}


@dataclass
class ArtTally:
    proven: int = 0
    declared: int = 0
    unproven: int = 0


def drawn(facts, kind: str) -> list:
    """The symbols (or the filled regions) of one face that coverage accounts for."""
    if kind == "symbols":  # a picture (an image file) is the designer's art, not a symbol
        return [k for k in facts.marks if not k.picture]
    return [s for s in facts.shapes if s.opacity >= 0.5]


def label(fact, kind: str) -> str:
    return fact.art if kind == "symbols" else fact.fill


def uncovered(
    game: Game, rules, printed: PrintedFaces, reader, seen: set, kind: str, tally: ArtTally
) -> list[tuple[DrawnFace, object]]:
    """Every (face, symbol or fill) that no rule read and no design_art entry names.
    `seen` holds (family, item, side, id of the fact) for what the rules read."""
    out = []
    names: dict[tuple[int, str], bool] = {}  # (entry, art or colour) -> the entry names it
    for fam in game.families:
        for face in printed.faces(fam.name):
            for f in drawn(printed.facts(face), kind):
                if (face.family, face.item, face.side, id(f)) in seen:
                    tally.proven += 1
                elif _declared(rules.design_art or (), face, f, kind, reader, names):
                    tally.declared += 1
                else:
                    tally.unproven += 1
                    out.append((face, f))
    return out


def _declared(entries, face: DrawnFace, f, kind: str, reader, names: dict) -> bool:
    """A design_art entry names the symbol or fill and applies where it is drawn; whether an
    entry names an art or a colour is worked out once (a deck draws the same few)."""
    what = label(f, kind)
    for n, d in enumerate(entries):
        named = names.get((n, what))
        if named is None:
            named = names[(n, what)] = _names(d, what, kind, reader)
        if named and applies(d, face, f.box, reader):
            return True
    return False


def _names(d, what: str, kind: str, reader) -> bool:
    if kind == "symbols":
        return d.art is not None and what in d.art
    return d.fill is not None and any(reader.colour_is(what, c) for c in d.fill)


def result(found: list[tuple[DrawnFace, object]], kind: str, tally: ArtTally, at: str) -> Result:
    """`drawn:symbols` or `drawn:fills`: each family, side and art (or colour) no rule reads."""
    groups: Counter = Counter()
    first: dict = {}
    for face, f in found:
        key = (face.family, face.side, label(f, kind))
        groups[key] += 1
        first.setdefault(key, face)
    misses = tuple(
        Miss(
            first[key].item,
            key[1],
            f"'{key[2]}' {'drawn' if kind == 'symbols' else 'filled'} {n} time{'s' * (n > 1)} ({key[0]})",
            first[key].where,
            key[2],
        )
        for key, n in sorted(groups.items())
    )
    counts = f"{tally.proven} proven, {tally.declared} declared, {tally.unproven} unproven"
    expected = (
        f"every {'symbol' if kind == 'symbols' else 'filled region'} read by a rule or declared"
    )
    cite = f"pnp: every {'symbol drawn' if kind == 'symbols' else 'filled region'} is accounted for"
    if not misses:
        return Result(f"drawn:{kind}", True, expected, f"{kind}: {counts}", cite, rule=at)
    shown = "; ".join(m.printed for m in misses[:4]) + (
        f" ... ({len(misses)} in all)" if len(misses) > 4 else ""
    )
    return Result(
        f"drawn:{kind}", False, expected, f"{kind}: {counts}: {shown}",
        f"{cite}: {HOW[kind]}", rule=at, misses=misses,
    )  # fmt: skip
