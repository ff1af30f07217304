"""Hostile game folders, fourth round: each case ends in exit 2 with a message, quickly, and
writes nothing outside the output folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.cli import main

BASE = Path(__file__).parent / "bad_specs" / "_base"


def _game(tmp_path: Path, cards: str | None = None, rules: str | None = None) -> Path:
    game = tmp_path / "mini"
    shutil.copytree(BASE, game, ignore=shutil.ignore_patterns("README.md"))
    if cards is not None:
        (game / "cards.yaml").write_text(cards)
    if rules is not None:
        (game / "rules.yaml").write_text("game: mini\nrules:\n" + rules)
        text = (game / "game.yaml").read_text().replace("rules: null", "rules: rules.yaml")
        (game / "game.yaml").write_text(text)
    return game


def _run(args: list[str]) -> int:
    try:
        return main(args)
    except SystemExit as stop:
        return stop.code


CARD = "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\n"


@pytest.mark.parametrize(
    "pattern",
    ["(C|C)*b", "((C+))+b", "(C*D?)*b", "(.*C){12}b", "(C|CC)+b"],
)
def test_a_pattern_that_backtracks_for_ever_is_refused(tmp_path, capsys, pattern):
    """A repeat over an alternation or over another repeat can take years on 40 letters; the
    structural check refuses each such form, not only `(a+)+`."""
    cards = (
        CARD
        + "items: [{id: a}]\nfront:\n  - text: {text: '"
        + "C" * 40
        + "', x: 0mm, y: 40mm, size: 6pt}\n"
    )
    rule = f'  - id: slow\n    cite: "The text."\n    texts: {{family: cards, pattern: "{pattern}"}}\n    expect: 1\n'
    game = _game(tmp_path, cards, rule)
    assert _run(["check", str(game)]) == 2
    err = capsys.readouterr().err
    assert "rules.yaml:" in err and "repeat" in err and pattern in err, err
