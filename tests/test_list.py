"""`pnp list` shows the variants; `pnp list GAME` what a game prints."""

from __future__ import annotations

import re

import pytest
import yaml

from pnp.cli import main
from pnp.spec.load import builtin_games


def test_list_shows_every_variant_with_its_description(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    shown = 0
    for gid, folder in builtin_games().items():
        assert gid in out
        data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
        for name, variant in (data.get("variants") or {}).items():
            line = next(
                (ln for ln in out.splitlines() if f"pnp build {gid} --variant {name} " in ln), None
            )
            assert line is not None, (gid, name, out)
            words = " ".join(str(variant.get("description", "")).split())[:30]
            assert words in line, (line, words)
            shown += 1
    assert shown >= 4
    # the reduced Earth Our Home, as a command to copy
    assert "pnp build earth-our-home --variant reduced" in out


def test_list_game_shows_what_it_prints(built, capsys):
    assert main(["list", "greenway", "--paper", "a4"]) == 0
    out = capsys.readouterr().out
    manifest = built("greenway", "a4").manifest
    for fam in manifest["families"]:
        row = next(ln for ln in out.splitlines() if ln.split()[:1] == [fam["component"]])
        assert re.search(rf"\b{fam['count']}\b", row), row
        assert fam["stock"] in row, row
        pages = fam["pages"]
        assert f"{len(pages)} page" in row, (row, pages)
    assert f"{len(manifest['pages'])} pages in all" in out


def test_list_game_with_a_variant_and_an_unknown_game(capsys):
    assert main(["list", "earth-our-home", "--variant", "reduced", "--paper", "a4"]) == 0
    out = capsys.readouterr().out
    assert "reduced" in out and "earth-1" in out
    assert main(["list", "no-such-game"]) == 2
    assert "error:" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["list", "-q"], ["list", "greenway", "-q", "--paper", "letter"]])
def test_list_output_is_its_result_even_when_quiet(argv, capsys):
    assert main(argv) == 0
    assert capsys.readouterr().out.strip()
