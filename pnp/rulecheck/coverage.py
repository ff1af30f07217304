"""Coverage: every text a face prints is checked by a rule or declared a design text.

A rule over printed content marks the texts it reads (pnp.rulecheck.printed.Reader.used); what no
rule reads must be declared in rules.yaml under `design_texts`: a title, a label, a credit, a
design choice. Whatever is neither is listed, with the YAML line that prints it, and fails the
check: a sentence added to a face cannot slip through unproven.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pnp.rulecheck.faces import DrawnFace, PrintedFaces
from pnp.rulecheck.facts import TextFact, inside
from pnp.rulecheck.guide import GUIDE, game_words, house_words, is_guide
from pnp.rulecheck.result import Miss, Result
from pnp.rulecheck.spans import norm, of_match, remainder, union
from pnp.spec.model import Game, matches

HOW = (
    "quote the rulebook's words for its unproven part in a rule of rules.yaml, or declare the "
    "whole text under design_texts (with why: title, label, credit or design choice)"
)
SHOWN = 6  # uncovered texts named in the summary line


@dataclass
class Tally:
    """How a game's printed texts are accounted for: the counts `--coverage` reports."""

    proven: int = 0  # read whole by rules
    declared: int = 0  # a design text, or a rule's part and a declaration's together
    unproven: int = 0  # some part neither proven nor declared


def uncovered(
    game: Game, rules, printed: PrintedFaces, reader, used: dict, tally: Tally | None = None
) -> list[tuple[DrawnFace, TextFact, str]]:
    """Every (face, text, its unproven remainder) where rules and design texts leave a part of
    the text unaccounted for. `used` maps (family, item, side, id of the text) to the spans
    rules prove (the texts are those of `printed.facts`, read once)."""
    from pnp.rulecheck.printed import text_ok

    tally = Tally() if tally is None else tally
    out = []
    faces = [f for fam in game.families for f in printed.faces(fam.name)]
    guide = printed.faces(GUIDE) if is_guide(game, GUIDE) else []
    own = game_words(game) - house_words(game) if guide else set()
    for face in faces + guide:
        facts = printed.facts(face)
        for t in facts.texts:
            if not norm(t.text):
                continue
            if face.family == GUIDE and guide and norm(t.text) not in own:
                tally.declared += 1  # pnp's own instructions, or a house rule proven in rules.yaml
                continue
            proof = used.get((face.family, face.item, face.side, id(t)), ())
            if not remainder(t.text, proof):
                tally.proven += 1
                continue
            for d in rules.design_texts or ():
                if _declares(d, face, t, reader, text_ok):
                    proof = union(proof, of_match(d, t.text))
            left = remainder(t.text, proof)
            if not left:
                tally.declared += 1
                continue
            tally.unproven += 1
            out.append((face, t, left))
    return out


def applies(d, face: DrawnFace, box, reader) -> bool:
    """A declaration's family, side, where and area hold for this thing of this face."""
    names = None if d.family is None else d.family if isinstance(d.family, list) else [d.family]
    if names is not None and face.family not in names:
        return False
    if d.side is not None and d.side != face.side:
        return False
    if d.where is not None and not matches(d.where, face.attrs):
        return False
    boxes = reader.area_on(d.in_, face)
    return boxes is None or any(inside(box, b) for b in boxes)


def _declares(d, face: DrawnFace, t: TextFact, reader, text_ok) -> bool:
    return text_ok(d, t.text) and applies(d, face, t.box, reader)


def result(
    game: Game, found: Iterable[tuple[DrawnFace, TextFact, str]], tally: Tally, at: str
) -> Result:
    """The coverage rule's outcome: each text with an unproven part is a miss naming its face,
    its YAML line and that part; `found` says the counts (proven, declared, unproven)."""
    from pnp.rulecheck.printed import element_line

    misses = []
    seen: set = set()
    for face, t, left in found:
        text = norm(t.text)
        where = element_line(game, face, text) or face.where
        key = (face.family, face.side, text, where)
        if key in seen:  # the same element on many items: listed once
            continue
        seen.add(key)
        misses.append(Miss(face.item, face.side, f"'{text}' ({face.family})", where, left))
    counts = f"{tally.proven} proven, {tally.declared} declared, {tally.unproven} unproven"
    expected = "every printed text proven whole by rules or declared"
    if not misses:
        return Result(
            "coverage:texts", True, expected, f"texts: {counts}",
            "pnp: every printed text is accounted for", rule=at,
        )  # fmt: skip
    shown = "; ".join(m.printed for m in misses[:SHOWN]) + (
        f" ... ({len(misses)} in all)" if len(misses) > SHOWN else ""
    )
    return Result(
        "coverage:texts", False, expected, f"texts: {counts}: {shown}",
        f"pnp: every printed text is accounted for: {HOW}", rule=at, misses=tuple(misses),
    )  # fmt: skip
