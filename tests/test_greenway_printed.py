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


def test_a_text_missing_from_every_face_still_names_the_family_and_line(tmp_path, capsys):
    """No face prints P4 when a seat is dropped: the failure names the protectors and their items line."""
    game = copy_game(tmp_path, "greenway")
    edit(game, "game.yaml", "players: {min: 4, max: 4}", "players: {min: 3, max: 3}")
    rc, results = check(game, capsys)
    r = results["protectors-printed"]
    assert rc == 1 and not r["passed"]
    assert r["item"] == "15 protectors" and r["face"] == "front" and "missing ['P4'" in r["printed"]
    file, line = r["spec"].rsplit(":", 1)
    assert file.endswith("protectors.yaml") and (game / "protectors.yaml").read_text().splitlines()[int(line) - 1].startswith("items:")
