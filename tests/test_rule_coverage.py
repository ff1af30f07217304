"""Every text a shipped game prints is read by a rule or declared a design text (rules.yaml's
design_texts); a sentence added to a face without either fails `pnp check`, saying how to
account for it, and `pnp check --coverage` lists it with its file and line."""

from __future__ import annotations

import pytest

from pnp.cli import main
from tests.rulecheck import check, copy_game, edit

GAMES = ["aftershock", "earth-our-home", "earthquake", "global-warming", "greenway", "piecepack"]
NEW = "Roll again on a double."


@pytest.mark.parametrize("game", GAMES)
def test_coverage_is_empty_for_every_shipped_game(game, capsys):
    capsys.readouterr()
    rc = main(["check", game, "--coverage"])
    out = capsys.readouterr().out
    assert (rc, out) == (0, ""), out


def test_a_new_sentence_without_a_rule_fails_and_is_listed(tmp_path, capsys):
    folder = copy_game(tmp_path, "earthquake")
    rc, results = check(folder, capsys)
    assert rc == 0 and results["coverage:texts"]["passed"]
    edit(
        folder,
        "reference-card.yaml",
        '  - text: {text: "BUILD"',
        f'  - text: {{text: "{NEW}", x: 60mm, y: 23.5mm, w: 40mm, h: 4mm, size: 7pt}}\n  - text: {{text: "BUILD"',
    )
    lines = (folder / "reference-card.yaml").read_text(encoding="utf-8").splitlines()
    at = f"reference-card.yaml:{next(n for n, ln in enumerate(lines, 1) if NEW in ln)}"
    rc, results = check(folder, capsys)
    r = results["coverage:texts"]
    assert rc == 1 and not r["passed"]
    assert [m["printed"] for m in r["misses"]] == [f"'{NEW}' (reference-card)"]
    assert r["misses"][0]["spec"].endswith(at)
    assert "design_texts" in r["cite"] and "rule" in r["cite"]
    # the other rules still pass: only coverage catches a sentence no rule quotes
    assert [k for k, v in results.items() if not v["passed"]] == ["coverage:texts"]

    capsys.readouterr()
    assert main(["check", str(folder), "--coverage"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(f"{at}: reference-1 (front) prints '{NEW}' (reference-card)")
    assert "1 printed texts neither checked nor declared" in lines[-1]

    # declared as a design text, it is accounted for
    edit(
        folder,
        "rules.yaml",
        "design_texts:\n",
        f'design_texts:\n  - {{family: reference-card, exact: "{NEW}", why: house rule}}\n',
    )
    rc, results = check(folder, capsys)
    assert rc == 0 and results["coverage:texts"]["passed"]


def test_a_game_without_design_texts_is_not_held_to_coverage(tmp_path, capsys):
    folder = copy_game(tmp_path, "earthquake")
    path = folder / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("\n# Texts printed by design")] + "\n", encoding="utf-8")
    rc, results = check(folder, capsys)
    assert rc == 0 and "coverage:texts" not in results
    capsys.readouterr()
    assert main(["check", str(folder), "--coverage"]) == 1
    assert "no design_texts" in capsys.readouterr().out
