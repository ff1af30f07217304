"""What `pnp check COPY --accept` cannot record as a house rule, it says exactly why, and the
rules file is left with what it could record: small synthetic games for the branches no
shipped game takes."""

from __future__ import annotations

import yaml

from pnp.cli import main
from tests.conftest import edit, mini_game
from tests.test_players import TOKENS  # two tokens of each player's colour

RULES = """game: mini
rules:
  - id: red-cards
    cite: "Two red cards"
    count: {family: cards, where: {suit: red}}
    expect: 2
  - id: card-suits
    cite: "Red and blue cards"
    distribution: {family: cards, by: suit}
    expect: {red: 2, blue: 1}
  - id: tokens-each
    cite: "Two tokens each"
    per_player: {family: tokens}
    expect: 2
"""


def suited(tmp_path):
    """The mini game: cards c1, c2 red and c3 blue; two players with two tokens each."""
    game = mini_game(tmp_path)
    edit(game / "game.yaml", "rules: null", "rules: rules.yaml")
    edit(game / "game.yaml", "players: {min: 1, max: 2}\n", "players: {min: 2, max: 2}\n"
         "player_colours:\n  - {name: red, hex: \"#cc2222\"}\n  - {name: blue, hex: \"#2244cc\"}\n")  # fmt: skip
    edit(game / "game.yaml", "  - cards.yaml\n", "  - cards.yaml\n  - tokens.yaml\n")
    edit(game / "cards.yaml", "    for_each: {n: [1, 2, 3]}", "    suit: red\n    for_each: {n: [1, 2]}\n"
         "  - id: c3\n    suit: blue\n    n: 3")  # fmt: skip
    (game / "tokens.yaml").write_text(TOKENS, encoding="utf-8")
    (game / "rules.yaml").write_text(RULES, encoding="utf-8")
    return game


def accept(capsys, game) -> tuple[int, str]:
    capsys.readouterr()
    rc = main(["check", str(game), "--accept"])
    return rc, capsys.readouterr().out


def test_a_shipped_like_copy_passes_unchanged(tmp_path, capsys):
    game = suited(tmp_path)
    assert main(["check", str(game)]) == 0, capsys.readouterr().out


def test_two_values_renamed_at_once_are_not_guessed(tmp_path, capsys):
    game = suited(tmp_path)
    edit(game / "cards.yaml", "suit: red", "suit: crimson")
    edit(game / "cards.yaml", "suit: blue", "suit: navy")
    rc, out = accept(capsys, game)
    assert rc == 1
    line = next(ln for ln in out.splitlines() if ln.startswith("not accepted: red-cards"))
    assert 'its where {"suit": "red"} matches nothing' in line
    assert "red named by the rules but on no cards item" in line
    assert "crimson, navy: which is which is not known" in line
    assert "rules.yaml" in line  # the rule's own line, to edit by hand


def test_one_value_renamed_is_followed(tmp_path, capsys):
    game = suited(tmp_path)
    edit(game / "cards.yaml", "suit: red", "suit: crimson")
    rc, out = accept(capsys, game)
    assert rc == 0, out
    rules = yaml.safe_load((game / "rules.yaml").read_text(encoding="utf-8"))["rules"]
    assert rules[0]["count"]["where"] == {"suit": "crimson"}
    assert rules[0]["rulebook_where"] == {"suit": "red"} and rules[0]["expect"] == 2
    assert rules[1]["expect"] == {"crimson": 2, "blue": 1}


def test_players_sets_that_differ_are_not_one_house_rule(tmp_path, capsys):
    game = suited(tmp_path)
    (game / "tokens.yaml").write_text(
        TOKENS + "  - {text: {text: extra, x: 0mm, y: 20mm, size: 6pt}}\n", encoding="utf-8"
    )
    edit(
        game / "tokens.yaml", "    count: 2\n", "    count: 2\n  - id: red-spare\n    colour: red\n"
    )
    rc, out = accept(capsys, game)
    assert rc == 1
    assert "not accepted: tokens-each: the players' sets differ (red: 3, blue: 2)" in out, out


def test_printed_rules_no_one_expect_records_say_why(tmp_path, capsys):
    game = suited(tmp_path)
    (game / "rules.yaml").write_text(
        RULES
        + """  - id: card-titles
    cite: "Each card shows its title"
    prints: {family: cards, pattern: "Card.*"}
    expect: ["Card 9"]
  - id: card-size
    cite: "Poker-size cards"
    drawn_size: {family: cards}
    expect: {w: 60mm, h: 88mm}
""",
        encoding="utf-8",
    )
    rc, out = accept(capsys, game)
    assert rc == 1
    assert "not accepted: card-titles: its 3 faces print different things" in out, out
    assert "not accepted: card-size: it compares a drawn size (size)" in out, out
