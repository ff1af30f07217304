"""Warnings, not silence: what a user wrote that has no effect or prints badly is a warning with
file and line, and `build --strict` refuses (exit 1) before anything is written."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from conftest import game_yaml
from PIL import Image

from pnp.cli import main

GAME = game_yaml("quiet")
HEAD = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: oakland, city: Oakland}
  - {id: berkeley, city: Berkeley}
front:
"""
# Full-colour art: a green square with no currentColor, so a colour: cannot change it.
GREEN_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#00ff00"/></svg>'


def make(tmp: Path, front: str) -> Path:
    folder = tmp / "game"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "green.svg").write_text(GREEN_SVG)
    Image.new("RGB", (20, 20), (200, 30, 30)).save(folder / "small.png")
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(HEAD + front)
    return folder


def build(folder: Path, out: Path, capsys, *extra: str) -> tuple[int, str]:
    code = main(["build", str(folder), "--paper", "a4", "--out", str(out), *extra])
    return code, capsys.readouterr().err


def warnings(err: str) -> list[str]:
    return [ln for ln in err.splitlines() if ln.startswith("warning:")]


CASES = {
    "when": (
        "  - rect: {x: 0mm, y: 0mm, w: 10mm, h: 10mm, fill: red}\n"
        '  - rect: {x: 0mm, y: 0mm, w: 100%, h: 20mm, fill: "#ffcc00"}\n'
        "    when: {city: Oaklnd}\n",
        "cards.yaml:10:",
        ["front[1]: when: matches no item", "did you mean 'Oakland'"],
    ),
    "unless": (
        '  - rect: {x: 0mm, y: 0mm, w: 100%, h: 20mm, fill: "#ffcc00"}\n'
        "    unless: {town: Oakland}\n",
        "cards.yaml:9:",
        ["front[0]: unless: matches no item", "no item has 'town'"],
    ),
    "tint": (
        "  - symbol: {name: green, x: 50%, y: 50%, size: 20mm, colour: red}\n",
        "cards.yaml:8:",
        ["colour: has no effect", "currentColor"],
    ),
    "shrunk": (
        '  - text: {text: "A sentence far too long for so small a box", x: 5mm, y: 5mm, w: 20mm, h: 4mm, size: 10pt, fit: shrink}\n',
        "cards.yaml:8:",
        ["below 6 pt"],
    ),
    "ppi": (
        "  - image: {file: small.png, x: 5mm, y: 5mm, w: 25mm, h: 25mm}\n",
        "cards.yaml:8:",
        ["image 'small.png' is 20 ppi", "below 150 ppi"],
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_warning_with_file_and_line_and_strict_writes_nothing(tmp_path, capsys, case):
    front, where, says = CASES[case]
    folder = make(tmp_path, front)
    code, err = build(folder, tmp_path / "out", capsys)
    assert code == 0, err
    found = [w for w in warnings(err) if where in w and all(s in w for s in says)]
    assert found, err
    assert (tmp_path / "out" / "quiet" / "quiet-a4.pdf").is_file()
    code, err = build(folder, tmp_path / "strict", capsys, "--strict")
    assert code == 1, err
    assert "nothing written" in err
    assert not (tmp_path / "strict").exists(), "--strict refuses before anything is written"


def test_conditions_that_match_and_tintable_art_give_no_warning(tmp_path, capsys):
    folder = make(
        tmp_path,
        '  - rect: {x: 0mm, y: 0mm, w: 100%, h: 20mm, fill: "#ffcc00"}\n'
        "    when: {city: Oakland}\n"
        "  - symbol: {name: star, x: 50%, y: 50%, size: 20mm, colour: red}\n"
        "  - symbol: {name: green, x: 50%, y: 80%, size: 10mm}\n",
    )
    code, err = build(folder, tmp_path / "out", capsys, "--strict")
    assert code == 0 and not warnings(err), err


def test_untinted_art_prints_its_own_colour(tmp_path, capsys):
    """What the warning says is what prints: the art's green, not the red asked for."""
    folder = make(tmp_path, CASES["tint"][0])
    build(folder, tmp_path / "out", capsys)
    with pymupdf.open(tmp_path / "out" / "quiet" / "quiet-a4.pdf") as doc:
        fills = {
            tuple(round(c, 2) for c in d["fill"])
            for p in doc
            for d in p.get_drawings()
            if d.get("fill")
        }
    assert (0.0, 1.0, 0.0) in fills and (1.0, 0.0, 0.0) not in fills
