"""`pnp check --ink-saver` proves the ink-saver print's contrast as `pnp check` proves the normal
print's: `drawn:contrast` reads the ink-saver's faces, a white symbol on a pale tint counts by
the outline the ink-saver draws round it (the edge the eye sees, docs/rules.md, Contrast), and
every shipped game passes it.

A small game in tmp_path: blue cards (a large fill, lightened to a pale blue tint) with a white
house in the middle. Its ink-saver PDF is read back: the house is drawn white with an outline
whose colour stands out from the tint by WCAG's ratio (worked out here from the PDF's own
colours, not the checker's); without that outline, or with a text too faint on its ground, the
check fails naming `drawn:contrast`.
"""

from __future__ import annotations

import json

import pymupdf
import pytest
from conftest import game_yaml, sweep

from pnp.cli import main
from pnp.draw import inksaver
from pnp.spec.load import builtin_games

MM = 72 / 25.4
BLUE = (0x1D / 255, 0x5F / 255, 0xBF / 255)
CARDS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3]}}
background: "#1d5fbf"
front:
  - symbol: {name: house, x: 50%, y: 50%, size: 30mm, colour: white}
  - text: {text: "HOUSE", x: 0mm, y: 70mm, w: 100%, h: 8mm, size: 14pt, colour: white}
"""
RULES = """\
game: inky
design_art:
  - {family: cards, art: [house], why: "the cards' picture"}
  - {family: cards, fill: ["#1d5fbf", "#ffffff"], why: "the cards' ground and picture"}
rules:
  - id: cards
    cite: "Three cards"
    count: {family: cards}
    expect: 3
"""


def small_game(tmp_path, cards: str = CARDS):
    folder = tmp_path / "inky"
    folder.mkdir()
    game = game_yaml("inky").replace("rules: null", "rules: rules.yaml")
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    (folder / "rules.yaml").write_text(RULES, encoding="utf-8")
    return folder


def checked(capsys, *args: str) -> dict:
    capsys.readouterr()
    main(["check", *args, "--ink-saver", "--json"])
    return {r["id"]: r for r in json.loads(capsys.readouterr().out)}


def luminance(rgb) -> float:
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_white_art_on_a_pale_tint_is_seen_by_its_outline(tmp_path, capsys):
    folder = small_game(tmp_path)
    out = tmp_path / "out"
    assert (
        main(["build", str(folder), "--ink-saver", "--paper", "a4", "--out", str(out), "-q"]) == 0
    )
    page = next(p for p in pymupdf.open(next(out.rglob("*-a4.pdf"))) if "HOUSE" in p.get_text())
    drawings = page.get_drawings()
    # the card's ground: a card-sized fill, a pale tint of its blue
    ground = next(
        d["fill"] for d in drawings
        if d.get("fill") and abs(d["rect"].width / MM - 63) < 1 and abs(d["rect"].height / MM - 88) < 1
    )  # fmt: skip
    assert ground != BLUE and min(ground) > 0.7
    # the house: white, too near the tint to be seen by its fill (below 1.4:1) ...
    house = [
        d for d in drawings
        if d.get("fill") == (1.0, 1.0, 1.0) and 15 < d["rect"].width / MM < 31
    ]  # fmt: skip
    assert house and ratio((1, 1, 1), ground) < 1.4
    # ... and outlined in a colour that stands out from it
    assert all(d.get("color") and ratio(d["color"], ground) >= 1.4 for d in house)
    r = checked(capsys, str(folder))["drawn:contrast"]
    assert r["passed"], r


def test_white_art_without_its_outline_fails_contrast(tmp_path, capsys, monkeypatch):
    folder = small_game(tmp_path)
    # the ink-saver no longer outlines faded art: the white house is lost on the pale blue
    monkeypatch.setattr(inksaver, "_faded", lambda *a: False)
    r = checked(capsys, str(folder))["drawn:contrast"]
    assert not r["passed"]
    found = {m["printed"] for m in r["misses"]}
    assert any(p.startswith("symbol 'house' in #ffffff") for p in found), found


def test_a_text_too_faint_on_its_tint_fails_contrast(tmp_path, capsys, monkeypatch):
    folder = small_game(tmp_path)
    # the ink-saver no longer darkens a text it leaves faint: white on the blue's 5% tint
    monkeypatch.setattr(inksaver.InkSaver, "_text", lambda self, t, m, painted: t)
    r = checked(capsys, str(folder))["drawn:contrast"]
    assert not r["passed"]
    found = {m["printed"] for m in r["misses"]}
    assert "text 'HOUSE' in #ffffff on #f4f7fc: contrast 1.1:1 (cards)" in found, found


def test_an_outline_too_pale_to_see_fails_naming_it(tmp_path, capsys):
    # pale yellow: the ink-saver's card is white inside a yellow outline, its house the same
    folder = small_game(tmp_path, CARDS.replace("#1d5fbf", "#ffe14d"))
    r = checked(capsys, str(folder))["drawn:contrast"]
    found = {m["printed"] for m in r["misses"]}
    assert "symbol 'house' in #ffffff, edged #ffe14d, on #fffef6: contrast 1.3:1 (cards)" in found


# every day Earthquake, beside the games whose whole `pnp check --ink-saver` passes every day in
# tests/test_ink_saver.py (its drawn:contrast too); every game here with the deep tests
@pytest.mark.parametrize(
    "args",
    sweep(
        [([g],) for g in sorted(builtin_games())] + [(["earth-our-home", "--variant", "reduced"],)],
        lambda c: c[0] == ["earthquake"],
    ),
)
def test_every_shipped_game_passes_contrast_on_the_ink_saver_print(capsys, args):
    r = checked(capsys, *args)["drawn:contrast"]
    assert r["passed"], r["found"]
