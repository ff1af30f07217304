"""A deck's backs are one drawing: a rule reads it once for all of them, and still holds each
face to it. Aftershock's 53 cards share one back, which prints "THE BAY"."""

from __future__ import annotations

import pytest

from pnp.pipeline import draw_printed
from pnp.rulecheck.evaluate import _read
from pnp.rulecheck.printed import Reader
from pnp.rulecheck.spec import Rule
from pnp.spec.load import load_game
from pnp.spec.validate import validate


@pytest.fixture(scope="module")
def aftershock():
    game = load_game("aftershock")
    return game, draw_printed(game)


def _rule(expect) -> Rule:
    body = {
        "id": "backs",
        "cite": "the backs",
        "texts": {"family": "cards", "side": "back", "per": "face"},
    }
    return validate(Rule, {**body, "expect": expect}, file="test")


def test_the_backs_share_one_drawing(aftershock):
    game, printed = aftershock
    backs = [f for f in printed.faces("cards") if f.side == "back"]
    assert len(backs) == 53
    assert len({id(printed.facts(f)) for f in backs}) == 1


def test_a_failing_rule_names_every_face_that_prints_the_shared_back(aftershock):
    game, printed = aftershock
    reader = Reader(game, printed, {})
    got = _read(reader, _rule(["THE GULF"]), "test:1")
    assert not got.passed
    assert len(got.misses) == 53
    assert len({m.item for m in got.misses}) == 53
    assert all(m.face == "back" and "THE BAY" in m.printed for m in got.misses)


def test_every_face_counts_as_read_for_coverage(aftershock):
    """What a rule proves of the shared back is kept for each card, not only the first."""
    game, printed = aftershock
    reader = Reader(game, printed, {})
    assert _read(reader, _rule(["THE BAY"]), "test:1").passed
    read = {(f.item, t.text) for f, t, _ in reader.used}
    assert len(read) == 53
    assert {text for _, text in read} == {"THE BAY"}
