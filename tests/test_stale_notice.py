"""A command that writes into output/GAME says which earlier outputs there are older than the
game's files (an export cut from an old build, a preview of cards since edited)."""

from __future__ import annotations

import os
import time

from pnp.cli import main


def _age(folder, seconds: float) -> None:
    """Everything under `folder` made `seconds` ago."""
    then = time.time() - seconds
    for root, _, files in os.walk(folder):
        for f in files:
            os.utime(os.path.join(root, f), (then, then))


def test_outputs_older_than_the_game_are_named(small_game, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["build", str(small_game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    assert main(["preview", str(small_game), "--out", str(out), "--dpi", "20", "-q"]) == 0
    _age(out, 120)
    _age(small_game, 240)
    capsys.readouterr()
    # nothing changed since: nothing to say
    assert main(["export", str(small_game), "--cut", "--out", str(out)]) == 0
    assert "older than" not in capsys.readouterr().err
    # the deck is edited: the build and the preview are now older than it
    deck = small_game / "deck.yaml"
    deck.write_text(deck.read_text().replace("Card text goes here.", "New text."))
    assert main(["export", str(small_game), "--cut", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    note = next(line for line in err.splitlines() if "older than" in line)
    assert "deck.yaml" in note and "small-a4.pdf" in note and "preview" in note
    assert (
        "cut" not in note.split("older than", 1)[1].split(":", 1)[1].split(";")[0]
    )  # just written
    assert "pnp build" in note and "pnp preview" in note
    # a new build: the PDFs are fresh, the preview is still old; -q says nothing
    assert main(["build", str(small_game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["build", str(small_game), "--paper", "a4", "--out", str(out)]) == 0
    note = next(line for line in capsys.readouterr().err.splitlines() if "older than" in line)
    assert "preview" in note and "small-a4.pdf" not in note
