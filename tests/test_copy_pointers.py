"""A copied game (`pnp new --from GAME`) names no file it does not have: every file path written in
its YAML, art and data files (comments included) is a file of the copy."""

from __future__ import annotations

import re

import pytest

from pnp.cli import main

GAMES = ["aftershock", "earthquake", "earth-our-home", "greenway", "global-warming", "piecepack"]

# a path-like word: optional folders, then a file name with a known extension
PATH = re.compile(
    r"(?<![\w./-])((?:[\w.-]+/)*[\w.-]+\.(?:py|yaml|yml|csv|tsv|xlsx|svg|png|jpe?g|ttf|otf|json|md|txt))\b"
)


TEXT = {".yaml", ".yml", ".svg", ".csv", ".tsv", ".md", ".txt"}  # the copy's files a person reads

# where the publisher's rulebook is (game.yaml's `rulebook:`): a document the players have, not a
# file of the game folder or of pnp
RULEBOOKS = "shared/rulebooks/"


def named_paths(text: str) -> list[str]:
    return [m.group(1) for m in PATH.finditer(text) if not m.group(1).startswith((".", RULEBOOKS))]


def test_the_scan_finds_a_stale_pointer():
    assert named_paths("# The map is generated: edit tools/make_map.py and run it") == [
        "tools/make_map.py"
    ]
    assert named_paths("include: [globe.yaml, habitats/earth-1.yaml]") == [
        "globe.yaml",
        "habitats/earth-1.yaml",
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_names_only_files_it_has(game, tmp_path):
    copy = tmp_path / "copy"
    assert main(["new", "-q", "--from", game, str(copy)]) == 0
    missing = []
    for f in sorted(f for f in copy.rglob("*") if f.suffix in TEXT):
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("# yaml-language-server:"):
                continue  # the schema line: `pnp new` writes the copy's own schema/ folder
            for name in named_paths(line):
                if not ((f.parent / name).is_file() or (copy / name).is_file()):
                    missing.append(f"{f.relative_to(copy)}:{n}: {name}")
    assert not missing, missing
