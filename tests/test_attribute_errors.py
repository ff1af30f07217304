"""A '{name}' in a value: per item where the item's attributes are known (a tile's back colour
by suit), and where the value is drawn alike for every item the error says there is no
attribute to name, rather than listing none."""

from __future__ import annotations

from pnp.cli import main
from tests.rulecheck import check, copy_game, edit


def test_a_back_colour_by_attribute_is_drawn_per_item(tmp_path, capsys):
    folder = copy_game(tmp_path, "piecepack")
    edit(folder, "tiles.yaml", "back_background: tileback", 'back_background: "{colour}"')
    rc, results = check(folder, capsys)
    r = results["printed-tile-backs-alike"]
    assert rc == 1 and not r["passed"], r  # the suit's colour on each back gives it away
    assert "shuffling the tiles suit-side down" in r["cite"]


def test_a_value_drawn_alike_names_no_attribute(tmp_path, capsys):
    folder = copy_game(tmp_path, "earthquake")
    edit(folder, "dice.yaml", "kind: die\n", 'kind: die\noutline: "{colour}"\n')
    assert main(["check", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "names an attribute the item does not have: colour" in err
    assert "expected: one of: \n" not in err + "\n"
    assert "drawn alike for every item" in err
