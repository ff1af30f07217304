"""Coverage: every text a face prints is checked by a rule or declared a design text.

A rule over printed content marks the texts it reads (pnp.check.printed.Reader.used); what no
rule reads must be declared in rules.yaml under `design_texts`: a title, a label, a credit, a
design choice. Whatever is neither is listed, with the YAML line that prints it, and fails the
check: a sentence added to a face cannot slip through unproven.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnp.check.faces import DrawnFace, PrintedFaces
from pnp.check.facts import TextFact, inside
from pnp.check.result import Miss, Result
from pnp.spec.model import Game, matches

HOW = (
    "quote the rulebook's words for it in a rule of rules.yaml, or declare it under design_texts "
    "(with why: title, label, credit or design choice)"
)
SHOWN = 6  # uncovered texts named in the summary line


def uncovered(
    game: Game, rules, printed: PrintedFaces, reader, used: set
) -> list[tuple[DrawnFace, TextFact]]:
    """Every (face, text) that no rule read and no design text declares."""
    from pnp.check.printed import norm, text_ok

    out = []
    for fam in game.families:
        for face in printed.faces(fam.name):
            facts = printed.facts(face)
            for t in facts.texts:
                if not norm(t.text) or (face.family, face.item, face.side, t) in used:
                    continue
                if any(_declares(d, face, t, reader, text_ok) for d in rules.design_texts or ()):
                    continue
                out.append((face, t))
    return out


def _declares(d, face: DrawnFace, t: TextFact, reader, text_ok) -> bool:
    names = None if d.family is None else d.family if isinstance(d.family, list) else [d.family]
    if names is not None and face.family not in names:
        return False
    if d.side is not None and d.side != face.side:
        return False
    if d.where is not None and not matches(d.where, face.attrs):
        return False
    if not text_ok(d, t.text):
        return False
    boxes = reader.boxes(d.in_)
    return boxes is None or any(inside(t.box, b) for b in boxes)


def result(game: Game, found: Iterable[tuple[DrawnFace, TextFact]], total: int, at: str) -> Result:
    """The coverage rule's outcome: each uncovered text is a miss naming its face and YAML line."""
    from pnp.check.printed import element_line, norm

    misses = []
    seen: set = set()
    for face, t in found:
        text = norm(t.text)
        where = element_line(game, face, text) or face.where
        key = (face.family, face.side, text, where)
        if key in seen:  # the same element on many items: listed once
            continue
        seen.add(key)
        misses.append(Miss(face.item, face.side, f"'{text}' ({face.family})", where))
    if not misses:
        return Result(
            "coverage:texts",
            True,
            "every printed text checked or declared",
            f"all {total} texts",
            "pnp: every printed text is accounted for",
            rule=at,
        )
    shown = "; ".join(m.printed for m in misses[:SHOWN]) + (
        f" ... ({len(misses)} in all)" if len(misses) > SHOWN else ""
    )
    return Result(
        "coverage:texts", False, "every printed text checked or declared", f"{len(misses)} neither: {shown}",
        f"pnp: every printed text is accounted for: {HOW}", rule=at, misses=tuple(misses),
    )  # fmt: skip
