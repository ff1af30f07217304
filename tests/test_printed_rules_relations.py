"""Misprints of relations and places are caught naming the rule and the rulebook's words: a
clause edited inside a sentence a rule reads, an icon moved to another row, a season's icon
moved to another corner, a card's reward drawn on a card of another type, a tile moved into
the island's hole, a safe zone, a start disc or a start label moved by one square, an arrow turned round."""

from __future__ import annotations

import pytest
from conftest import first_of_each

from tests.rulecheck import fails_naming

CASES = [
    (
        "aftershock",
        "screens.yaml",
        "You choose whose meeples in that area are Shocked.",
        "The area's owner chooses whose meeples are Shocked.",
        "screen-aftershock-roll",
        "chooses which meeples in that area are Shocked",
    ),
    (
        "earthquake",
        "reference-card.yaml",
        "symbol: {name: police, x: 9mm, y: 60.5mm",
        "symbol: {name: police, x: 9mm, y: 50.5mm",
        "reference-loot-icon",
        "the player choses one of these four actions",
    ),
    (
        "earthquake",
        "board.yaml",
        "symbol: {name: spring, x: 20.27in, y: 1.5in",
        "symbol: {name: spring, x: 1.5in, y: 1.5in",
        "board-spring-corner",
        "Each corner of the game board is a season.",
    ),
    (
        "aftershock",
        "cards.yaml",
        "symbol: {name: influence, x: 43mm, y: 25mm",
        "symbol: {name: bridge, x: 43mm, y: 25mm",
        "influence-card-reward-drawn",
        "This shows what components are gained when you play this card",
    ),
    (
        "global-warming",
        "setup.yaml",
        "rect: {x: 58mm, y: 57mm, w: 11.4mm",
        "rect: {x: 34mm, y: 57mm, w: 11.4mm",
        "setup-centre-hole-empty",
        "Construct a 5x5 tile island with a tile missing in the center",
    ),
    (
        "greenway",
        "board.yaml",
        "rect: {x: 8in, y: 0.5in, w: 1.5in, h: 1.5in, fill: blue",
        "rect: {x: 7.25in, y: 0.5in, w: 1.5in, h: 1.5in, fill: blue",
        "board-safe-zone-squares",
        "their own 2x2 corner",
    ),
    (
        "greenway",
        "board.yaml",
        "circle: {x: 2.375in, y: 0.875in, r: 0.27in, fill: red",
        "circle: {x: 3.125in, y: 0.875in, r: 0.27in, fill: red",
        "board-start-squares",
        "around each of the corners, surrounding a 2x2 block on two sides",
    ),
    (
        "greenway",
        "board.yaml",
        'text: {text: "P1", x: 2in, y: 0.5in, w: 0.75in',
        'text: {text: "P1", x: 2in, y: 1.25in, w: 0.75in',
        "board-start-labels",
        "| O4 | O3 |",
    ),
    (
        "earthquake",
        "board.yaml",
        "symbol: {name: arrow-up, x: 20.85in, y: 6in, size: 0.5in, colour: ink}",
        "symbol: {name: arrow-up, x: 20.85in, y: 6in, size: 0.5in, colour: ink, rotate: 180}",
        "board-arrows-north",
        "in the square called New Year",
    ),
]


# one misprint of each game every day, the rest deep
@pytest.mark.parametrize(
    "case", first_of_each([(c,) for c in CASES], lambda c: c[0][0]), ids=[c[4] for c in CASES]
)
def test_misprint_fails_naming_rule_and_rulebook(tmp_path, capsys, case):
    fails_naming(tmp_path, capsys, case)
