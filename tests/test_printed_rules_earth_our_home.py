"""Earth Our Home: each printed thing broken in a copy of the game is caught by `pnp check`."""

from __future__ import annotations

import pytest

from tests.rulecheck import assert_caught

CASES = [
    ("an A gene printing another bonus", "genes.yaml", 'bonus: "+2 in temperate habitats"', 'bonus: "+3 in temperate habitats"',
     {"gene-effects-printed"}),
    ("a B gene drawing the pine", "genes.yaml", "habitat: palm, bonus", "habitat: pine, bonus", {"gene-b-tropical"}),
    ("a red counter carrying the blue square", "counters.yaml", "  - symbol: {name: shape-circle,", "  - symbol: {name: shape-square,",
     {"counter-genus-red"}),
    ("a frog printed on the epoch 3 counters", "counters.yaml", '  - symbol: {name: "{species}",', '  - symbol: {name: frog,',
     {"counter-epoch-1-fish", "counter-epoch-3-allosaur"}),
    ("a Pacific box with 10 spaces", "game.yaml", "pacific_capacity: 11", "pacific_capacity: 10",
     {"pacific-box-printed", "pacific-contest-printed"}),
    ("the first player card printed three times", "first-player.yaml", "items: [{id: first-player}]",
     "items: [{id: first-player, count: 3}]", {"first-player-card-printed"}),
    ("the first player card removed", "game.yaml", "  - first-player.yaml\n", "", {"first-player-card-printed"}),
    ("the reduced variant at 70 %", "game.yaml", "earth-1: {scale: 0.75}", "earth-1: {scale: 0.7}", {"reduced-boards-at-75"}),
    ("the reduced variant with normal counters", "game.yaml", "counters: {size: {w: 15mm, h: 15mm}}",
     "counters: {size: {w: 20mm, h: 20mm}}", {"reduced-small-counters"}),
    ("the scoring on the reference card", "reference.yaml", "{land_points} points for each land", "3 points for each land",
     {"reference-scoring"}),
    ("two genera in the same colour", "game.yaml", '{name: red, hex: "#c8102e"}', '{name: red, hex: "#1d5fbf"}',
     {"counter-genus-colours"}),
]


@pytest.mark.parametrize("what,file,old,new,rules", CASES, ids=[c[0] for c in CASES])
def test_earth_our_home_breakage_is_caught(tmp_path, capsys, what, file, old, new, rules):
    assert_caught(tmp_path, capsys, "earth-our-home", what, file, old, new, rules)
