"""Earthquake!: the shipped game passes, and a failure names the face, the spec line and the rulebook.

(Breaks of what it prints are in tests/mutations/earthquake.yaml, run by tests/test_mutations.py.)"""

from __future__ import annotations

from tests.rulecheck import check, copy_game, edit


def test_shipped_game_passes_and_failure_names_face_and_line(tmp_path, capsys):
    # the game as shipped passes (tests/test_earthquake.py reads the session build's check)
    game = copy_game(tmp_path, "earthquake")
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
