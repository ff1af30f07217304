"""The Greenway: what a failing rule reports (its breaks are in tests/mutations/greenway.yaml)."""

from __future__ import annotations

from tests.rulecheck import check, copy_game, edit


def test_shipped_game_passes_in_both_variants(tmp_path, capsys):
    game = copy_game(tmp_path, "greenway")
    for extra in ((), ("--variant", "setup")):
        rc, results = check(game, capsys, *extra)
        assert rc == 0 and results and all(r["passed"] for r in results.values())


def test_marked_back_names_the_card(tmp_path, capsys):
    game = copy_game(tmp_path, "greenway")
    edit(
        game,
        "cards.yaml",
        "  - symbol: {name: suit-spades, x: 51.5mm, y: 76.9mm, size: 6mm, colour: lawn}",
        "  - symbol: {name: suit-spades, x: 51.5mm, y: 76.9mm, size: 6mm, colour: lawn}\n    unless: {suit: clubs, rank: 8}",
    )
    rc, results = check(game, capsys)
    r = results["card-backs-alike"]
    assert rc == 1 and not r["passed"]
    assert [m["item"] for m in r["misses"]] == ["clubs-8"] and r["misses"][0]["face"] == "back"
