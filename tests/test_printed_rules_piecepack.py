"""Global Warming reads the piecepack it prints: a coin broken in the piecepack it uses is caught.

(Each game's own breaks are in tests/mutations/, run by tests/test_mutations.py.)"""

from __future__ import annotations


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
