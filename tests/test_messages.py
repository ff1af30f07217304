"""What pnp says: -q prints only errors, repeated warnings come as one line with a count and
examples, and a number never reads as if it met the threshold it is said to miss."""

from __future__ import annotations

import pytest

from pnp.cli import main


def _tiny_text(game):
    """Ten distinct texts, each printed too small: ten shortfalls of one template line."""
    deck = game / "deck.yaml"
    deck.write_text(
        deck.read_text().replace(
            'text: "Card text goes here.", x: 8mm, y: 66mm, w: 47mm, h: 14mm, size: 9pt',
            'text: "Card {colour} {value}", x: 8mm, y: 66mm, w: 47mm, h: 14mm, size: 4pt',
        )
    )
    return game


def test_quiet_prints_nothing_but_errors(small_game, tmp_path, capsys):
    game = _tiny_text(small_game)
    out = str(tmp_path / "out")
    for argv in (
        ["build", str(game), "--paper", "a4", "--out", out],
        ["preview", str(game), "--out", out, "--dpi", "20", "--family", "deck"],
        ["export", str(game), "--tts", "--out", out],
        ["export", str(game), "--cards", "--dpi", "72", "--out", out],
        ["export", str(game), "--cut", "--out", out],
    ):
        capsys.readouterr()
        assert main(argv) == 0
        loud = capsys.readouterr().err
        assert loud.strip(), argv  # something to suppress
        assert "warning:" in loud or argv[0] != "build", loud
        assert main([*argv, "-q"]) == 0
        captured = capsys.readouterr()
        assert captured.err == "", (argv, captured.err)
    # an error is still said
    assert main(["build", str(tmp_path / "nowhere"), "-q"]) == 2
    assert "error:" in capsys.readouterr().err


def test_quiet_check_prints_only_failures_and_the_summary(small_game, capsys):
    assert main(["check", str(small_game), "-q"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].endswith("rules pass"), out
    rules = small_game / "rules.yaml"
    text = rules.read_text()
    assert "expect: 10\n" in text
    rules.write_text(text.replace("expect: 10\n", "expect: 11\n", 1))
    assert main(["check", str(small_game), "-q"]) == 1
    out = capsys.readouterr().out
    assert (
        "DEPARTS" in out  # a game outside the shipped ones departs from its rulebook
        and "ok  " not in out
        and out.rstrip().splitlines()[-2].endswith("rules pass")
        and "--accept" in out.rstrip().splitlines()[-1]
    )


def test_repeated_warnings_are_one_line_with_a_count_and_examples(small_game, tmp_path, capsys):
    game = _tiny_text(small_game)
    assert main(["build", str(game), "--paper", "a4", "--out", str(tmp_path / "out")]) == 0
    warnings = [
        line for line in capsys.readouterr().err.splitlines() if line.startswith("warning:")
    ]
    small = [w for w in warnings if "4.0 pt" in w]
    assert len(small) == 1, warnings
    assert "10 " in small[0] and "Card red 1" in small[0] and "Card red 2" in small[0]
    assert "deck.yaml:" in small[0]


@pytest.mark.parametrize(
    ("what", "value", "shown"),
    [
        ("contrast", 4.4999, "contrast 4.49 : 1"),
        ("size", 5.99, "5.9 pt"),
        ("resolution", 149.7, "149 ppi"),
        ("contrast", 1.0, "contrast 1.00 : 1"),
    ],
)
def test_numbers_never_read_as_meeting_their_threshold(what, value, shown):
    from pnp.rulecheck.legibility import shown_value

    assert shown_value(what, value) == shown
