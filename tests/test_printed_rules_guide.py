"""The guide page is read like a face: a design choice or a component's name reworded there
fails the rule that marks it, naming the rulebook's words, and coverage lists the new words."""

from __future__ import annotations

import pytest

from tests.rulecheck import check, copy_game, edit

BOX = "In the box, you receive everything needed to decide the fate of your city."
CASES = [
    # a design choice reworded: its guide line is no longer the one rules.yaml marks
    ("game.yaml", "Faces 1 to 10 (the rulebook", "Faces 0 to 9 (the rulebook",
     "guide-design-choices", "Ten-sided die: Faces 0 to 9"),
    # a component's name on the guide's table
    ("deeds.yaml", "title: Deeds (32, 2 x 2 in)", "title: Deeds (30, 2 x 2 in)",
     "guide-components", "Deeds (30, 2 x 2 in)"),
]  # fmt: skip


@pytest.mark.parametrize(("file", "old", "new", "rule", "listed"), CASES, ids=[c[3] for c in CASES])
def test_a_guide_line_reworded_fails_its_rule(tmp_path, capsys, file, old, new, rule, listed):
    folder = copy_game(tmp_path, "earthquake")
    edit(folder, file, old, new)
    rc, results = check(folder, capsys)
    r = results[rule]
    assert rc == 1 and not r["passed"], r
    assert BOX in r["cite"]
    cover = results["coverage:texts"]
    assert not cover["passed"]
    assert listed in cover["found"] and "(guide)" in cover["found"]


def test_the_credits_on_the_guide_are_declared_exactly(tmp_path, capsys):
    folder = copy_game(tmp_path, "piecepack")
    edit(folder, "game.yaml", "created by James Kyle (2001)", "created by James Kyle (2011)")
    rc, results = check(folder, capsys)
    assert rc == 1 and "James Kyle (2011)" in results["coverage:texts"]["found"]
    assert results["guide-design-choices"]["passed"] and results["guide-components"]["passed"]
