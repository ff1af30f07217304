"""A text is read against the symbols drawn under any part of it, not only the fill under its
middle: The Greenway's white P1 label under the feet of a white meeple moved down onto it fails
drawn:contrast, naming the symbol."""

from __future__ import annotations

from tests.rulecheck import check, copy_game, edit


def test_a_label_under_a_symbol_of_its_colour_fails(tmp_path, capsys):
    folder = copy_game(tmp_path, "greenway")
    rc, results = check(folder, capsys)
    assert rc == 0 and results["drawn:contrast"]["passed"]
    edit(
        folder,
        "protectors.yaml",
        "  - symbol: {name: meeple, x: 50%, y: 38%, size: 8mm, colour: white}",
        "  - symbol: {name: meeple, x: 50%, y: 47%, size: 10mm, colour: white}",
    )
    rc, results = check(folder, capsys)
    r = results["drawn:contrast"]
    assert rc == 1 and not r["passed"], r
    assert "text 'P1' in #ffffff on symbol 'meeple' #ffffff" in r["found"]
    assert r["misses"][0]["spec"]
