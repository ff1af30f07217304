"""Aftershock: each printed thing broken in a copy of the game is caught by `pnp check`."""

from __future__ import annotations

import pytest

from tests.rulecheck import assert_caught

CASES = [
    ("OAKLAND renamed", "board.yaml", "text: 'OAKLAND'", "text: 'EAST BAY'", {"board-area-names", "board-oakland-placed"}),
    ("a second SAN JOSE", "board.yaml", "text: 'OAKLAND'", "text: 'SAN JOSE'", {"board-area-names"}),
    ("score track labels blanked", "board.yaml", "text: '1', x: 20.83mm", "text: '', x: 20.83mm", {"board-score-track"}),
    ("Richmond's values changed", "game.yaml", "scores_richmond: \"7 · 5 · 4 · 3\"", "scores_richmond: \"7 · 5 · 3\"",
     {"board-richmond-scores"}),
    ("mini-map highlights another area", "cards.yaml", "    when: {area: Oakland}", "    when: {area: Vallejo}",
     {"oakland-card-map"}),
    ("Big Aftershock showing +2", "cards.yaml", 'plus: "+1"', 'plus: "+2"', {"big-aftershock-printed"}),
    ("screens with a wrong game end", "screens.yaml", "After round 3 (round 2", "After round 4 (round 3", {"screen-game-end"}),
    ("two player colours with the same hex", "game.yaml", '{name: green, hex: "#2e9a44"}', '{name: green, hex: "#2f6fd0"}',
     {"screen-colours-distinct"}),
    ("player maximum lowered", "game.yaml", "players: {min: 3, max: 5}", "players: {min: 3, max: 4}",
     {"screens-printed", "planning-boards-printed"}),
    ("one card with a marked back", "cards.yaml", "back:\n",
     'back:\n  - text: {text: "x", x: 1mm, y: 1mm, w: 3mm, h: 3mm, size: 6pt, colour: white}\n    when: {id: bridge-1}\n',
     {"card-backs-alike"}),
    ("a $6M card printed $5M", "cards.yaml", "{id: oakland-6m, type: area, area: Oakland, cost: 6",
     "{id: oakland-6m, type: area, area: Oakland, cost: 5", {"oakland-costs-printed"}),
]


@pytest.mark.parametrize("what,file,old,new,rules", CASES, ids=[c[0] for c in CASES])
def test_aftershock_breakage_is_caught(tmp_path, capsys, what, file, old, new, rules):
    assert_caught(tmp_path, capsys, "aftershock", what, file, old, new, rules)


def test_a_bridge_shortened_is_caught(tmp_path, capsys):
    """San Francisco - Richmond printed with three sections instead of the rulebook's four."""
    from tests.rulecheck import copy_game, failing

    folder = copy_game(tmp_path, "aftershock")
    board = folder / "board.yaml"
    lines = board.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "# San Francisco - Richmond" in line)
    del lines[at + 1]
    board.write_text("".join(lines), encoding="utf-8")
    assert {"board-sf-richmond-bridge", "board-bridge-sections"} <= failing(folder, capsys)
