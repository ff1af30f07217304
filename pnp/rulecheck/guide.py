"""The guide page as the checker reads it: the print plan's guide pages, as one more face.

The guide prints words the game wrote (its title, credits, component names, design choices and
house rules) among pnp's own instructions (rulers, the table of pages, the print jobs). Rules
read it as the family `guide` (`prints: {family: guide, ...}`), and coverage holds each of the
game's words on it to a rule or a declaration, like a text on a face: a design choice reworded
on the guide fails the rule that marks it. pnp's own words say how to print, not how to play:
they are counted as declared.
"""

from __future__ import annotations

from pnp.draw.primitives import Group
from pnp.rulecheck.faces import DrawnFace, PrintedFaces
from pnp.rulecheck.spans import norm
from pnp.spec.model import Game

GUIDE = "guide"  # the name rules select the guide pages by (a family of that name comes first)


def add_guide(game: Game, printed: PrintedFaces, plan) -> None:
    """The plan's guide pages added to `printed` as the faces of `guide` (once)."""
    if GUIDE in printed.by_family or any(f.name == GUIDE for f in game.families):
        return
    at = game.file  # the guide's words are the game's: its title, credits, choices ...
    faces = [
        DrawnFace(GUIDE, f"guide page {p.number}", "front", Group(tuple(p.marks)), {}, p.w, p.h, at)
        for p in plan.pages
        if p.kind == "guide" and p.marks
    ]
    if faces:
        printed.add(GUIDE, faces)


def is_guide(game: Game, family: str) -> bool:
    """`family` names the guide pages, not a family of the game."""
    return family == GUIDE and all(f.name != GUIDE for f in game.families)


def game_words(game: Game) -> set[str]:
    """The texts the game itself puts on its guide: the title line, the credits, each family's
    title, each design choice and house rule; every other text there is pnp's own."""
    spec = game.spec
    title = spec.title + (f" — {game.variant}" if game.variant else "")
    words = [title, spec.credits, *spec.choice_lines(), *house_rules(game)]
    words += [f.title for f in game.families]
    return {norm(w) for w in words if norm(w)}


def house_words(game: Game) -> set[str]:
    """The house rules' lines: each is a rule of rules.yaml (house_rule: true), proven there."""
    return {norm(w) for w in house_rules(game)}


def house_rules(game: Game) -> list[str]:
    """A copy's house rules as its guide page lists them (pnp.rulecheck.house)."""
    if game.rules_file is None:
        return []
    from pnp.rulecheck.house_lines import guide_lines

    return guide_lines(game)
