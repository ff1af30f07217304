"""Earthquake!: one printed thing broken in a copy of the game, and the rule that must catch it."""

from __future__ import annotations

import pytest

from tests.rulecheck import assert_caught, check, copy_game, edit

# (what is broken, file, old text, new text, the rule that must fail)
BREAKS = [
    ("building pieces printed without their grooves", "pieces-common.yaml", "stripes: true", "stripes: false",
     {"building-pieces-striped-front"}),
    ("the red piece printed as a cube", "player-piece-red.yaml", "solid: d4", "solid: d6", {"player-piece-red-solid-drawn"}),
    ("a duplicate block name on the board", "board.yaml", '"Woodstock", x: 13.08in', '"Foster", x: 13.08in', {"board-block-names", "board-southeast-blocks"}),
    ("a block moved to another quadrant's side", "board.yaml", '"Sandy", x: 20.68in', '"Naito", x: 20.68in', {"board-northeast-blocks"}),
    ("a southeast plate painted blue", "board.yaml",
     "{x: 11in, y: 21.2in, w: 2in, h: 0.8in, fill: q-red", "{x: 11in, y: 21.2in, w: 2in, h: 0.8in, fill: q-blue", {"board-southeast-red"}),
    ("NEW YEAR removed", "board.yaml", '{text: "NEW YEAR", x: 19.05in', '{text: "START", x: 19.05in', {"board-seasons"}),
    ("the motto removed", "board.yaml", "You Will Win The Future - Build or Be Destroyed", "Build", {"board-motto"}),
    ("the motto printed level", "board.yaml", "fit: shrink, rotate: -45}", "fit: shrink, rotate: 0}", {"board-motto"}),
    ("the New Year's text changed", "board.yaml", "1 or 2 is an earthquake", "1, 2 or 3 is an earthquake", {"board-new-year-text"}),
    ("the tank farm's black dot removed", "board.yaml", 'r: 0.5in, fill: "#000000"', 'r: 0.5in, fill: "none"', {"board-black-dot"}),
    ("the board's grid of half-inch squares at 0.6 in", "board.yaml", "cols: 32, rows: 32, cell: 0.5in", "cols: 32, rows: 32, cell: 0.6in", {"board-grid"}),
    ("a deed saying 'Collect 3 squares'", "deeds.yaml", "Collect 4 squares each season", "Collect 3 squares each season", {"four-squares-printed", "deed-collect-four"}),
    ("a deed band in the wrong colour", "deeds.yaml", "quadrant: Northwest, hue: q-yellow, side: north", "quadrant: Northwest, hue: q-green, side: north", {"deed-quadrant-colours"}),
    ("a deed heading naming another quadrant", "deeds.yaml", "quadrant: Southwest, hue: q-green, side: west", "quadrant: Southeast, hue: q-green, side: west", {"deed-quadrants-printed"}),
    ("a d10 whose 9 is a second 6", "ten-sided-die.yaml", '"8", "9", "10"]', '"8", "6", "10"]', {"d10-faces"}),
    ("a d10 numbered 0-9", "ten-sided-die.yaml", '["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]', '["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]', {"d10-faces"}),
    ("a d6 numbered 1,1,2,3,4,5", "dice.yaml", "sides: 6, for_each", 'sides: 6, faces: ["1", "1", "2", "3", "4", "5"], for_each', {"d6-faces"}),
    ("two player pieces painted red", "player-piece-orange.yaml", "hue: orange", "hue: red", {"player-piece-colours-drawn"}),
    ("the reference card's movement roll", "reference-card.yaml", "Roll two six-sided dice and move", "Roll one six-sided die and move", {"reference-movement"}),
    ("the reference card's magnitude table", "game.yaml", 'lose_3: "7"', 'lose_3: "8"', {"reference-magnitude-7"}),
    ("the reference card's scoring", "reference-card.yaml", "Most deeds wins", "Most pieces wins", {"reference-win"}),
    ("the reference card's police", "game.yaml", "police_pieces: 5", "police_pieces: 4", {"reference-police"}),
    ("4 single squares in each player's supply", "building-pieces.yaml", "count: 5\n    piece: single", "count: 4\n    piece: single", {"start-supply-printed"}),
    ("the green piece an L instead of a T", "building-pieces.yaml", "cells: [[0, 0], [1, 0], [2, 0], [1, 1]]", "cells: [[0, 0], [1, 0], [2, 0], [0, 1]]", {"piece-shapes-printed"}),
    ("the red piece a line", "bank.yaml", "cells: [[0, 0], [1, 0], [0, 1]]", "cells: [[0, 0], [1, 0], [2, 0]]", {"piece-shapes-printed"}),
    ("building pieces cut in 0.6 in squares", "pieces-common.yaml", "0.5in", "0.6in", {"piece-shapes-printed"}),
    ("the player maximum lowered", "game.yaml", "players: {min: 2, max: 8}", "players: {min: 2, max: 6}", {"player-sets-printed"}),
    ("bedrock painted brown", "game.yaml", 'bedrock: "#7a7a7a"', 'bedrock: "#8b5a2b"', {"board-bedrock"}),
    ("an action missing from the reference card", "reference-card.yaml", '{text: "LOOT"', '{text: "STEAL"', {"reference-actions"}),
]


@pytest.mark.parametrize(("what", "file", "old", "new", "rules"), BREAKS, ids=[b[0] for b in BREAKS])
def test_break_is_caught(tmp_path, capsys, what, file, old, new, rules):
    assert_caught(tmp_path, capsys, "earthquake", what, file, old, new, rules)


def test_shipped_game_passes_and_failure_names_face_and_line(tmp_path, capsys):
    game = copy_game(tmp_path, "earthquake")
    rc, results = check(game, capsys)
    assert rc == 0 and all(r["passed"] for r in results.values())
    edit(game, "deeds.yaml", "Collect 4 squares each season", "Collect 3 squares each season")
    rc, results = check(game, capsys)
    r = results["deed-collect-four"]
    assert rc == 1 and not r["passed"]
    lines = (game / "deeds.yaml").read_text().splitlines()
    # the face is a deed, and its spec line is the `items:` entry that drew it
    assert r["item"] in {"Johnson Creek", "Woodstock", "Foster", "Division"}
    assert r["face"] == "front"
    file, line = r["spec"].rsplit(":", 1)
    assert file.endswith("deeds.yaml") and "Southeast" in lines[int(line) - 1]
    assert "Collect 3 squares" in r["printed"]
    assert "four squares" in r["cite"]
    rules_file, rule_line = r["rule"].rsplit(":", 1)
    assert "deed-collect-four" in (game / "rules.yaml").read_text().splitlines()[int(rule_line) - 1]
