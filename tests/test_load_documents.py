"""A variant loaded in the same build, and the rules file, reuse the YAML the build has parsed.

The rule checker loads each variant a rule names (pnp.rulecheck.evaluate.in_variant): it passes
the game's documents, so no file is parsed twice, and the variant is the one a fresh load gives.
"""

from __future__ import annotations

import pnp.kinds  # noqa: F401 - the component kinds a game is validated against
from pnp.spec import yamlfile
from pnp.spec.load import load_game


def _count_parses(monkeypatch) -> list[str]:
    """The files parsed from now on (each YAML file read makes one loader)."""
    parsed: list[str] = []
    real = yamlfile._Loader

    class Counting(real):
        def __init__(self, stream, name):
            parsed.append(name)
            super().__init__(stream, name)

    monkeypatch.setattr(yamlfile, "_Loader", Counting)
    return parsed


def _summary(game) -> list:
    return [(f.name, f.file, [(i.id, i.attrs) for i in f.items]) for f in game.families]


def test_a_variant_load_parses_no_file_again(monkeypatch):
    parsed = _count_parses(monkeypatch)
    game = load_game("piecepack")
    first = len(parsed)
    assert first > 5  # game.yaml and every family file
    variant = load_game("piecepack", variant="large-dice", documents=game.documents)
    assert len(parsed) == first
    fresh = load_game("piecepack", variant="large-dice")
    assert len(parsed) == 2 * first
    assert _summary(variant) == _summary(fresh)
    dice = variant.family("dice").spec
    assert dice.title == "Dice (4, 0.75 in cubes)"  # components/piecepack/game.yaml's variant
    # a variant load counts its files' bytes anew: its limits are a fresh load's
    assert variant.extra["input_bytes"] == fresh.extra["input_bytes"] > 0


def test_the_rules_file_is_parsed_once(monkeypatch):
    from pnp.rulecheck.evaluate import load_rules

    game = load_game("greenway")
    parsed = _count_parses(monkeypatch)
    assert load_rules(game) is not None
    assert len(parsed) == 1 and parsed[0].endswith("rules.yaml")
    again = load_rules(game)
    assert len(parsed) == 1
    assert again.rules and again._where[0].startswith(parsed[0] + ":")


def test_a_long_file_without_aliases_is_still_counted(tmp_path, monkeypatch):
    """Values are counted only in a file that may hold aliases, or is long enough to pass the
    limit without one: here the limit is 40 values and the file, alias-free, holds 101."""
    from pnp.errors import PnpError

    monkeypatch.setattr(yamlfile, "MAX_EXPANDED_VALUES", 40)
    short, long = tmp_path / "short.yaml", tmp_path / "long.yaml"
    short.write_text("[a, b]\n")
    long.write_text("[" + ", ".join(["a"] * 100) + "]\n")
    assert yamlfile.read_yaml(short) == ["a", "b"]
    try:
        yamlfile.read_yaml(long)
    except PnpError as exc:
        assert "past the limit" in exc.message and "at most 40 values" in str(exc)
        assert "101 values" in str(exc)
    else:
        raise AssertionError("a file of 101 values passed a limit of 40")
