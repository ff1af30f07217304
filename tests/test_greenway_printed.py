"""The Greenway: one printed thing broken in a copy of the game, and the rule that must catch it."""

from __future__ import annotations

import pytest

from tests.rulecheck import assert_caught, check, copy_game, edit

# (what is broken, file, old text, new text, the rules that must fail)
BREAKS = [
    ("every card printing move 1", "cards.yaml", 'text: "move {move}"', 'text: "move 1"', {"card-move-printed"}),
    ("the 7s printing 5 pips", "cards.yaml", "{rank: 7, pips: 7,", "{rank: 7, pips: 5,", {"card-pips"}),
    ("a 4 that pushes", "cards.yaml", "{rank: 4, pips: 4, move: 2, push: false}", "{rank: 4, pips: 4, move: 2, push: true}", {"card-push-printed"}),
    ("a 10 in the deck", "cards.yaml", "{rank: 9, pips: 9,", "{rank: 10, pips: 9,", {"cards-ranks-printed"}),
    ("a marked back on one card", "cards.yaml", 'size: 18pt, font: bold, colour: white, line_height: 1.15}',
     'size: 18pt, font: bold, colour: white, line_height: 1.15}\n  - text: {text: "x", x: 2mm, y: 2mm, w: 5mm, h: 5mm, size: 6pt}\n    when: {suit: hearts, rank: A}',
     {"card-backs-alike"}),
    ("a card showing the wrong suit", "cards.yaml", '- symbol: {name: "suit-{suit}", x: 6.5mm', '- symbol: {name: "suit-hearts", x: 6.5mm', {"card-hearts-printed", "card-spades-printed"}),
    ("the player maximum lowered", "game.yaml", "players: {min: 4, max: 4}", "players: {min: 3, max: 3}", {"player-sets-printed", "protectors-printed"}),
    ("a Veteran set up on the wrong side", "board.yaml", '{text: "V3", x: 6.5in', '{text: "V8", x: 6.5in', {"setup-veterans", "setup-veterans-right"}),
    ("a Protector missing from the setup", "board.yaml", '{text: "P4", x: 2in, y: 8.75in', '{text: "", x: 2in, y: 8.75in', {"setup-p4"}),
    ("a quarter set up on the Occupiers' block", "board.yaml", '{text: "qh", x: 6.5in, y: 6.5in', '{text: "qh", x: 5in, y: 5in', {"setup-quarters"}),
    ("two player colours with the same hex", "game.yaml", '{name: orange, hex: "#f07f13"}', '{name: orange, hex: "#d62828"}', {"protector-colours-drawn", "selector-colours-drawn"}),
    ("two HEARTS sides on the board", "board.yaml", '{text: "SPADES"', '{text: "HEARTS"', {"board-suits-printed"}),
    ("the board's grid at 11 columns", "board.yaml", "cols: 12, rows: 12, cell: 0.75in", "cols: 11, rows: 12, cell: 0.75in", {"board-grid-drawn"}),
    ("a safe zone in the wrong colour", "board.yaml", "w: 1.5in, h: 1.5in, fill: orange", "w: 1.5in, h: 1.5in, fill: red", {"board-safe-zone-colours"}),
    ("a safe zone unlabelled", "board.yaml", '"P3\\nsafe zone"', '"safe zone"', {"board-safe-zones"}),
    ("every Veteran labelled V1", "veterans.yaml", 'text: "V{number}"', 'text: "V1"', {"veterans-printed"}),
    ("an Occupier labelled O5", "occupiers.yaml", "number: [1, 2, 3, 4]", "number: [1, 2, 3, 5]", {"occupiers-printed"}),
    ("Protectors all drawn red", "protectors.yaml", 'fill: "{colour}"', "fill: red", {"protector-colours-drawn"}),
    ("Protectors too big for a square", "protectors.yaml", "size: {w: 16mm, h: 16mm}", "size: {w: 20mm, h: 20mm}", {"pieces-fit-a-square"}),
    ("quarter backs showing HEADS", "quarters.yaml", '{text: "TAILS"', '{text: "HEADS"', {"quarter-tails-back", "quarter-back-hides-heads"}),
    ("a selector missing its 4", "selectors.yaml", '{text: "4", x: 2%', '{text: "1", x: 2%', {"selector-numbers"}),
    ("the reference card's Veteran moves", "reference.yaml", "V3, V4: down", "V3, V4: up", {"reference-veterans"}),
    ("the reference card's card values", "reference.yaml", "7, 8, 9: 3 squares", "7, 8, 9: 2 squares", {"reference-card-values"}),
    ("the reference card's hand size", "game.yaml", "hand_size: 3", "hand_size: 4", {"reference-actions"}),
]


@pytest.mark.parametrize(("what", "file", "old", "new", "rules"), BREAKS, ids=[b[0] for b in BREAKS])
def test_break_is_caught(tmp_path, capsys, what, file, old, new, rules):
    assert_caught(tmp_path, capsys, "greenway", what, file, old, new, rules)


def test_shipped_game_passes_in_both_variants(tmp_path, capsys):
    game = copy_game(tmp_path, "greenway")
    for extra in ((), ("--variant", "setup")):
        rc, results = check(game, capsys, *extra)
        assert rc == 0 and results and all(r["passed"] for r in results.values())


def test_marked_back_names_the_card(tmp_path, capsys):
    game = copy_game(tmp_path, "greenway")
    edit(game, "cards.yaml", "  - symbol: {name: suit-spades, x: 51.5mm, y: 76.9mm, size: 6mm, colour: lawn}",
         "  - symbol: {name: suit-spades, x: 51.5mm, y: 76.9mm, size: 6mm, colour: lawn}\n    unless: {suit: clubs, rank: 8}")
    rc, results = check(game, capsys)
    r = results["card-backs-alike"]
    assert rc == 1 and not r["passed"]
    assert [m["item"] for m in r["misses"]] == ["clubs-8"] and r["misses"][0]["face"] == "back"
