"""`--players N`: the check reads the rules for N players (counts of player sets checked for N,
rules about the sets not printed reported as not applicable, never as failures), and the build
writes its own files beside the full game's."""

from __future__ import annotations

import json

import pymupdf

from pnp.cli import main
from tests.conftest import edit, mini_game

SEATS = """players: {min: 2, max: 3}
player_colours:
  - {name: red, hex: "#cc2222"}
  - {name: blue, hex: "#2244cc"}
  - {name: green, hex: "#22aa44"}
"""
TOKENS = """family: tokens
kind: card
size: {w: 30mm, h: 30mm}
items:
  - id: "{colour}-token"
    per_player: true
    count: 2
front:
  - text: {text: "{colour}", x: 0mm, y: 10mm, size: 10pt}
"""
RULES = """game: mini
rules:
  - id: tokens-total
    cite: "6 tokens, 2 in each colour"
    count: {family: tokens}
    expect: 6
  - id: tokens-printed
    cite: "6 tokens, 2 in each colour"
    texts: {family: tokens}
    expect: [red, red, blue, blue, green, green]
  - id: green-tokens
    cite: "6 tokens, 2 in each colour"
    count: {family: tokens, where: {colour: green}}
    expect: 2
  - id: cards
    cite: "Three cards"
    count: {family: cards}
    expect: 3
"""


def seated_game(tmp_path):
    """The mini game (three cards) for 2 or 3 players, each with two tokens of their colour."""
    game = mini_game(tmp_path)
    edit(game / "game.yaml", "players: {min: 1, max: 2}\n", SEATS)
    edit(game / "game.yaml", "  - cards.yaml\n", "  - cards.yaml\n  - tokens.yaml\n")
    edit(game / "game.yaml", "rules: null", "rules: rules.yaml")
    (game / "tokens.yaml").write_text(TOKENS, encoding="utf-8")
    (game / "rules.yaml").write_text(RULES, encoding="utf-8")
    return game


def check(capsys, game, *extra) -> tuple[int, dict, str]:
    capsys.readouterr()
    rc = main(["check", str(game), *extra, "--json"])
    results = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    main(["check", str(game), *extra])
    return rc, results, capsys.readouterr().out


def test_rules_for_fewer_players_are_checked_for_them(tmp_path, capsys):
    game = seated_game(tmp_path)
    rc, results, table = check(capsys, game)
    assert rc == 0 and not any(r["not_applicable"] for r in results.values())

    rc, results, table = check(capsys, game, "--players", "2")
    assert rc == 0, table
    # a count of whole player sets, for 2 of 3 players
    assert results["tokens-total"]["expected"] == "4 (6 for 3 players)"
    assert results["tokens-total"]["found"] == "4" and results["tokens-total"]["passed"]
    # about the set not printed: not applicable, and said so
    for rid in ("tokens-printed", "green-tokens"):
        assert results[rid]["not_applicable"] == "2 players", results[rid]
    lines = {
        ln.split()[1]: ln.split()[0]
        for ln in table.splitlines()
        if ln[:4] in ("ok  ", "n/a ", "FAIL")
    }
    assert lines["tokens-printed"] == "n/a" and lines["green-tokens"] == "n/a"
    assert lines["tokens-total"] == "ok" and "FAIL" not in lines.values()
    assert "(2 of them not applicable at 2 players)" in table


def test_a_misprint_in_a_printed_set_still_fails_at_fewer_players(tmp_path, capsys):
    game = seated_game(tmp_path)
    edit(game / "tokens.yaml", '"{colour}", x:', '"{colour}{player}", x:')  # red1, blue2 ...
    rc, results, _ = check(capsys, game, "--players", "2")
    assert rc == 1
    assert (
        not results["tokens-printed"]["passed"] and not results["tokens-printed"]["not_applicable"]
    )
    # a player's set one token short: the count for 2 players fails, with 2 players' number
    edit(game / "tokens.yaml", '"{colour}{player}", x:', '"{colour}", x:')
    edit(game / "tokens.yaml", "count: 2", "count: 1")
    rc, results, _ = check(capsys, game, "--players", "2")
    assert rc == 1 and not results["tokens-total"]["passed"]
    assert results["tokens-total"]["expected"] == "4 (6 for 3 players)"
    assert results["tokens-total"]["found"] == "2"
    # a rule on what does not depend on players fails as it would for the full game
    edit(game / "tokens.yaml", "count: 1", "count: 2")
    edit(game / "cards.yaml", "[1, 2, 3]", "[1, 2]")
    rc, results, _ = check(capsys, game, "--players", "2")
    assert rc == 1 and not results["cards"]["passed"] and not results["cards"]["not_applicable"]


def test_fewer_players_build_their_own_files_beside_the_full_games(tmp_path, capsys):
    game = seated_game(tmp_path)
    out = tmp_path / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    full = out / "mini" / "mini-a4.pdf"
    before = full.read_bytes()
    assert (
        main(["build", str(game), "--paper", "a4", "--out", str(out), "--players", "2", "-q"]) == 0
    )
    assert full.read_bytes() == before  # the full game's print is not overwritten
    two = out / "mini" / "mini-2p-a4.pdf"
    assert sorted(p.name for p in (out / "mini").iterdir()) == [
        "mini-2p-a4.json", "mini-2p-a4.pdf", "mini-a4.json", "mini-a4.pdf"
    ]  # fmt: skip

    def printed(pdf):
        words = " ".join(page.get_text() for page in pymupdf.open(pdf)).split()
        return {c: words.count(c) for c in ("red", "blue", "green")}, " ".join(words)

    assert printed(full)[0] == {"red": 2, "blue": 2, "green": 2}
    counts, text = printed(two)
    assert counts == {"red": 2, "blue": 2, "green": 0}
    assert "Player sets printed for 2 players." in text


def test_a_player_count_the_game_is_not_played_by_is_refused(tmp_path, capsys):
    game = seated_game(tmp_path)
    for n in ("1", "4"):
        capsys.readouterr()
        assert main(["check", str(game), "--players", n]) == 2
        err = capsys.readouterr().err
        assert f"not played by {n} players" in err and "from 2 to 3" in err and "game.yaml" in err


def test_players_on_a_game_without_player_sets_is_said_to_change_nothing(tmp_path, capsys):
    game = mini_game(tmp_path)  # for 1 or 2 players, no player colours, nothing reads the count
    out = tmp_path / "out"
    capsys.readouterr()
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "--players", "2"]) == 0
    err = capsys.readouterr().err
    assert "game.yaml:" in err and "--players 2: Mini prints no player sets" in err, err
    assert "so it changes nothing" in err
    args = [
        "build",
        str(game),
        "--paper",
        "a4",
        "--out",
        str(tmp_path / "strict"),
        "--players",
        "2",
    ]
    assert main([*args, "--strict"]) == 1 and not (tmp_path / "strict").exists()
    # a game whose files read the number of players: --players has an effect, nothing is said
    edit(game / "cards.yaml", '"Card {n}"', '"Card {n} of {players}"')
    capsys.readouterr()
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "--players", "2"]) == 0
    assert "changes nothing" not in capsys.readouterr().err
