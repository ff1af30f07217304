"""`pnp check COPY --accept` edits the copy's rules.yaml and never leaves it broken: flow-style
rules are edited in their own style, values with characters YAML reads as line breaks are
escaped, the result is read back before it replaces the original, and a file that cannot be
written is exit 2 with the original untouched."""

from __future__ import annotations

import json
import os
import pathlib

import pytest
import yaml

from pnp.cli import main
from tests.conftest import edit, mini_game

ODD = "a\u2028b\x85c"  # U+2028 and U+0085: YAML reads both as line breaks when written raw


def copy_with_rules(tmp_path, rules: str, suit: str = "hearts", newline: str = "\n"):
    """The mini game (three cards) with a suit on each card and this rules.yaml."""
    game = mini_game(tmp_path)
    edit(game / "game.yaml", "rules: null", "rules: rules.yaml")
    edit(game / "cards.yaml", "    for_each:", f"    suit: {json.dumps(suit)}\n    for_each:")
    path = game / "rules.yaml"
    path.write_bytes(rules.replace("\n", newline).encode("utf-8"))
    return game, path


def run(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main(list(args))
    out = capsys.readouterr()
    return rc, out.out, out.err


FLOW = """game: mini
rules:
  - {id: card-count, cite: "Three cards", count: {family: cards}, expect: 5}   # the rulebook's
  - id: card-suits
    cite: "Each card has a suit"
    values: {family: cards, attr: suit}
    expect: [spades]
"""
ALL_FLOW = """game: mini
rules: [{id: card-count, cite: "Three cards", count: {family: cards}, expect: 5},
  {id: card-suits, cite: "Each card has a suit", values: {family: cards, attr: suit}, expect: [spades]}]
"""


@pytest.mark.parametrize("text", [FLOW, ALL_FLOW], ids=["flow-rule", "flow-list"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_flow_style_rules_are_accepted_in_their_own_style(tmp_path, capsys, text, newline):
    game, path = copy_with_rules(tmp_path, text, newline=newline)
    rc, out, err = run(capsys, "check", str(game), "--accept")
    assert rc == 0, out + err
    assert "house rule: card-count: now expects 3" in out
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    count = data["rules"][0]
    assert (count["expect"], count["rulebook_expect"], count["house_rule"]) == (3, 5, True)
    assert data["rules"][1]["expect"] == ["hearts"]
    written = path.read_bytes().decode("utf-8")
    # the flow rule stays one flow mapping, its comment kept; line ends as they were
    if text is FLOW:
        line = written.splitlines()[2]
        assert line.startswith("  - {id: card-count") and line.endswith("# the rulebook's")
    assert written.count("\n") == written.count(newline)
    rc, out, _ = run(capsys, "check", str(game))
    assert rc == 0, out


def test_values_yaml_reads_as_line_breaks_are_escaped(tmp_path, capsys):
    game, path = copy_with_rules(tmp_path, FLOW.replace("expect: 5", "expect: 3"), suit=ODD)
    rc, out, err = run(capsys, "check", str(game), "--accept")
    assert rc == 0, out + err
    text = path.read_text(encoding="utf-8")
    assert "\u2028" not in text and "\x85" not in text
    assert yaml.safe_load(text)["rules"][1]["expect"] == [ODD]
    assert "\u2028" not in out  # the terminal is told the value escaped too
    rc, out, _ = run(capsys, "check", str(game))
    assert rc == 0, out


def test_an_anchored_expect_is_kept_for_the_rules_that_name_it(tmp_path, capsys):
    rules = FLOW.replace("expect: 5}", "expect: &n 5}") + (
        '  - {id: card-count-again, cite: "Three cards", count: {family: cards}, expect: *n}\n'
    )
    game, path = copy_with_rules(tmp_path, rules)
    rc, out, err = run(capsys, "check", str(game), "--accept")
    assert rc == 0, out + err
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [r["expect"] for r in data["rules"]][::2] == [3, 3]
    assert "&n 3" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "broken",
    [
        lambda text: text.replace("expect: 3", 'expect: ["a\u2028b"]'),  # YAML no longer reads
        lambda text: text.replace("expect: 3", "expect: 4"),  # reads, but not as meant
    ],
    ids=["unreadable", "different"],
)
def test_an_edit_that_does_not_read_back_leaves_the_file_as_it_was(
    tmp_path, capsys, monkeypatch, broken
):
    """The edited text is read back before it replaces the original: an edit gone wrong (here
    made so on purpose) is exit 2, and the file and its folder are as they were."""
    from pnp.rulecheck.yamledit import Edits

    made = Edits.result
    monkeypatch.setattr(Edits, "result", lambda self: broken(made(self)))
    game, path = copy_with_rules(tmp_path, FLOW)
    before = path.read_bytes()
    rc, out, err = run(capsys, "check", str(game), "--accept")
    assert rc == 2, out + err
    assert "rules.yaml" in err and "left as it was" in err and "Traceback" not in err
    assert path.read_bytes() == before
    assert sorted(os.listdir(game)) == ["cards.yaml", "game.yaml", "rules.yaml"]


def test_an_unwritable_rules_file_is_exit_2_and_untouched(tmp_path, capsys, monkeypatch):
    """A folder or file the user may not write (simulated: the suite may run as root, whom
    permissions do not stop): exit 2 naming the file, nothing changed, nothing left beside it."""
    game, path = copy_with_rules(tmp_path, FLOW)
    before = path.read_bytes()
    opened = pathlib.Path.open

    def guarded(self, mode="r", *args, **kwargs):
        if self.parent == game and any(c in mode for c in "wax+"):
            raise PermissionError(13, "Permission denied", str(self))
        return opened(self, mode, *args, **kwargs)

    def refused(src, dst, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(dst))

    monkeypatch.setattr(pathlib.Path, "open", guarded)
    monkeypatch.setattr(os, "replace", refused)
    rc, out, err = run(capsys, "check", str(game), "--accept")
    assert rc == 2, out + err
    assert "rules.yaml" in err and "Permission denied" in err and "Traceback" not in err
    assert path.read_bytes() == before
    assert sorted(os.listdir(game)) == ["cards.yaml", "game.yaml", "rules.yaml"]
