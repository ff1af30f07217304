"""Rules files that share values with YAML anchors and aliases (`&a`, `*a`) and merge keys
(`<<: *a`, a key written beside it replacing the merged one, as YAML says): read as YAML reads
them, checked rule by rule, and `--accept` writes each house rule into the rule that departs,
never into the mapping or value the other rules share."""

from __future__ import annotations

import re

import pytest
import yaml

from pnp.cli import main
from tests.conftest import edit, mini_game

# The mini game has three cards, c1 to c3, each with its number n (1, 2, 3).
SHARED = """game: mini
rules:
  - &all {id: all, cite: "Three cards", count: &cards {family: cards}, expect: 3}
  - {<<: *all, id: first, count: {<<: *cards, where: {n: 1}}, expect: 1}
  - {<<: *all, id: all-again}
  - {id: alias, cite: "Three cards", count: *cards, expect: 3}
  - <<: *all
    id: block
    expect: 3
"""


def game_with(tmp_path, rules: str):
    game = mini_game(tmp_path)
    edit(game / "game.yaml", "rules: null", "rules: rules.yaml")
    (game / "rules.yaml").write_text(rules, encoding="utf-8")
    return game


def check(capsys, game, *more: str) -> tuple[int, dict[str, str], str]:
    """(exit code, rule id -> its first word in the report, all the output)."""
    capsys.readouterr()
    rc = main(["check", str(game), *more])
    said = capsys.readouterr()
    words = dict(
        (m.group(2), m.group(1)) for m in re.finditer(r"^(ok|FAIL|DEPARTS)\s+(\S+)", said.out, re.M)
    )
    return rc, words, said.out + said.err


def test_anchors_aliases_and_merge_keys_are_read_as_yaml_reads_them(tmp_path, capsys):
    game = game_with(tmp_path, SHARED)
    rc, words, said = check(capsys, game)
    assert rc == 0, said
    for rule in ("all", "first", "all-again", "alias", "block"):
        assert words.get(rule) == "ok", f"rule {rule}: {words.get(rule)}\n{said}"


def test_a_key_written_beside_a_merge_is_the_one_checked(tmp_path, capsys):
    """`first` counts the cards with n 1 (its own `count`, not the merged one) against its own
    `expect`: 2 is wrong for it alone, and every other rule still passes."""
    game = game_with(
        tmp_path, SHARED.replace("where: {n: 1}}, expect: 1}", "where: {n: 1}}, expect: 2}")
    )
    rc, words, said = check(capsys, game)
    assert rc == 1, said
    assert words["first"] == "DEPARTS" and re.search(r"first\s+2\s+\|\s+1\b", said), said
    assert [r for r, w in words.items() if w != "ok" and ":" not in r] == ["first"], said


def test_accept_writes_into_the_merging_rule_not_the_shared_mapping(tmp_path, capsys):
    """`first` takes `expect: 3` from the mapping it merges but counts one card: accepting it
    writes `expect: 1` into `first` itself; the anchored rule `all` still expects 3."""
    rules = SHARED.replace("where: {n: 1}}, expect: 1}", "where: {n: 1}}}")
    game = game_with(tmp_path, rules)
    rc, words, said = check(capsys, game)
    assert rc == 1 and words["first"] == "DEPARTS", said
    rc, _, said = check(capsys, game, "--accept")
    assert rc == 0, said
    assert "house rule: first: now expects 1" in said
    text = (game / "rules.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[2] == rules.splitlines()[2], "the anchored rule was edited"
    data = yaml.safe_load(text)  # PyYAML's own reading of the merge keys
    by_id = {r["id"]: r for r in data["rules"]}
    assert (by_id["first"]["expect"], by_id["first"]["rulebook_expect"]) == (1, 3)
    assert by_id["all"]["expect"] == 3 and "house_rule" not in by_id["all"]
    assert by_id["all-again"]["expect"] == 3 and by_id["block"]["expect"] == 3
    rc, words, said = check(capsys, game)
    assert rc == 0 and set(words.values()) == {"ok"}, said


@pytest.mark.parametrize("style", ["flow", "block"])
def test_accept_replaces_an_alias_in_the_departing_rule_only(tmp_path, capsys, style):
    """`one` names `all`'s expect (`*n`) but counts one card: its alias becomes 1, and `all`
    keeps its anchored 3."""
    if style == "flow":
        rules = (
            "game: mini\nrules:\n"
            '  - {id: all, cite: "Three cards", count: {family: cards}, expect: &n 3}\n'
            '  - {id: one, cite: "Three cards", count: {family: cards, where: {n: 1}}, expect: *n}\n'
        )
    else:
        rules = (
            'game: mini\nrules:\n  - id: all\n    cite: "Three cards"\n'
            "    count: {family: cards}\n    expect: &n 3\n"
            '  - id: one\n    cite: "Three cards"\n    count: {family: cards, where: {n: 1}}\n'
            "    expect: *n\n"
        )
    game = game_with(tmp_path, rules)
    rc, _, said = check(capsys, game, "--accept")
    assert rc == 0, said
    text = (game / "rules.yaml").read_text(encoding="utf-8")
    data = {r["id"]: r for r in yaml.safe_load(text)["rules"]}
    assert (data["one"]["expect"], data["one"]["rulebook_expect"]) == (1, 3)
    assert data["all"]["expect"] == 3 and "&n 3" in text


def test_accept_renames_a_value_in_the_merging_rules_own_selector(tmp_path, capsys):
    """Every card is now hearts; `suited` merges `all` and selects spades in its own `count`:
    the rename is written in that `count`, and `all`'s shared `count` is left as it was."""
    rules = (
        "game: mini\nrules:\n"
        '  - &all {id: all, cite: "Three cards", count: {family: cards}, expect: 3}\n'
        "  - <<: *all\n    id: suited\n    count: {family: cards, where: {suit: spades}}\n"
    )
    game = game_with(tmp_path, rules)
    edit(game / "cards.yaml", "    for_each:", "    suit: hearts\n    for_each:")
    rc, _, said = check(capsys, game, "--accept")
    assert rc == 0, said
    text = (game / "rules.yaml").read_text(encoding="utf-8")
    assert text.splitlines()[2] == rules.splitlines()[2], "the anchored rule was edited"
    data = {r["id"]: r for r in yaml.safe_load(text)["rules"]}
    assert data["suited"]["count"] == {"family": "cards", "where": {"suit": "hearts"}}
    assert data["suited"]["rulebook_where"] == {"suit": "spades"}
    assert data["all"]["count"] == {"family": "cards"}
