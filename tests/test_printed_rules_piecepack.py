"""Global Warming and the piecepack it prints: each printed thing broken in a copy is caught."""

from __future__ import annotations

import pytest

from tests.rulecheck import assert_caught

PIECEPACK = [
    ("coin with no back", "coins.yaml", '  - symbol: {name: "pp-{suit}", x: 50%, y: 50%, size: 12mm, colour: white}\n', "",
     {"printed-coin-suit-side", "printed-coin-suits"}),
    ("value on both sides of a coin", "coins.yaml", '  - symbol: {name: "pp-{suit}", x: 50%, y: 50%, size: 12mm, colour: white}\n',
     '  - text: {text: "{label}", x: 0mm, y: 0mm, w: 100%, h: 100%, size: 20pt, colour: white}\n',
     {"printed-coin-suit-side", "printed-coin-suit-side-hides-value"}),
    ("suit on a coin's value side", "coins.yaml", "  - text: {text: \"{label}\"",
     '  - symbol: {name: "pp-{suit}", x: 50%, y: 50%, size: 4mm}\n  - text: {text: "{label}"',
     {"printed-coin-value-side-hides-suit"}),
    ("suits printed on tile backs", "tiles.yaml", "back:\n",
     'back:\n  - symbol: {name: "pp-{suit}", x: 50%, y: 50%, size: 8mm}\n', {"printed-tile-backs-hide-suit", "printed-tile-backs-alike"}),
    ("every die face 5", "dice.yaml", 'faces: [" ", A, "2", "3", "4", "5"]', 'faces: ["5", "5", "5", "5", "5", "5"]',
     {"printed-die-faces-suns", "printed-die-faces-moons", "printed-die-faces-crowns", "printed-die-faces-arms"}),
    ("two suits in the same colour", "game.yaml", 'moons: "#1b1b1b"', 'moons: "#c8102e"', {"printed-suit-colours"}),
    ("a tile showing another suit", "tiles.yaml", '  - symbol: {name: "pp-{suit}", x: 8mm,', '  - symbol: {name: "pp-suns", x: 8mm,',
     {"printed-moons-tiles-only", "printed-crowns-tiles-only", "printed-arms-tiles-only"}),
    ("a tile's rank left off", "tiles.yaml", '    unless: {rank: "null"}', '    unless: {rank: "null"}\n    when: {rank: "ace"}',
     {"printed-tile-fronts-show-rank"}),
    ("tile back grid 3 x 2", "tiles.yaml", "cols: 2, rows: 2", "cols: 3, rows: 2", {"printed-tile-back-grid"}),
]


@pytest.mark.parametrize("what,file,old,new,rules", PIECEPACK, ids=[c[0] for c in PIECEPACK])
def test_piecepack_breakage_is_caught(tmp_path, capsys, what, file, old, new, rules):
    assert_caught(tmp_path, capsys, "piecepack", what, file, old, new, rules)


GLOBAL_WARMING = [
    ("aid with the ace first", "aid.yaml", "blank, 5, 4, 3, 2, A", "A, 2, 3, 4, 5, blank", {"aid-order-of-actions"}),
    ("aid allowing diagonal moves", "aid.yaml", "never diagonal", "diagonal allowed", {"aid-moves"}),
    ("aid printing the wrong line of coins", "game.yaml", "sinking_line: 3", "sinking_line: 4", {"aid-sinking"}),
    ("setup sheet with a 6 x 6 island", "setup.yaml", "5 x 5 tiles", "6 x 6 tiles", {"setup-island-printed"}),
]


@pytest.mark.parametrize("what,file,old,new,rules", GLOBAL_WARMING, ids=[c[0] for c in GLOBAL_WARMING])
def test_global_warming_breakage_is_caught(tmp_path, capsys, what, file, old, new, rules):
    assert_caught(tmp_path, capsys, "global-warming", what, file, old, new, rules)


def test_global_warming_reads_the_coins_it_prints(tmp_path, capsys):
    """The coins come from the piecepack it uses: a coin printing its value on the suit side fails."""
    import shutil

    from tests.rulecheck import REPO, copy_game, edit, failing

    folder = copy_game(tmp_path, "global-warming")
    shutil.copytree(REPO / "components" / "piecepack", folder / "piecepack")
    edit(folder, "game.yaml", "  - game: piecepack", "  - game: ./piecepack")
    edit(
        folder,
        "piecepack/coins.yaml",
        '  - symbol: {name: "pp-{suit}", x: 50%, y: 50%, size: 12mm, colour: white}\n',
        '  - text: {text: "{label}", x: 0mm, y: 0mm, w: 100%, h: 100%, size: 20pt, colour: white}\n',
    )
    assert {"coin-suit-side-hides-value", "coin-suit-side"} <= failing(folder, capsys)
