"""Colours read from the printed PDF: every CSS colour name at its CSS value, #rgb, #rrggbb and
#rrggbbaa (its alpha as the shape's opacity); a typo is an error with did-you-mean."""

from __future__ import annotations

import pymupdf
import pytest
from conftest import game_yaml
from PIL import ImageColor

from pnp.cli import main

GAME = game_yaml("hues")
HEAD = "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\nitems:\n  - {id: c1}\nfront:\n"


def build(tmp_path, front: str, capsys) -> tuple[int, str]:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(HEAD + front)
    code = main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "o")])
    return code, capsys.readouterr().err


def test_css_names_and_every_hex_form_print_as_given(tmp_path, capsys):
    names = ["crimson", "rebeccapurple", "papayawhip", "darkolivegreen"]
    front = "".join(
        f"  - rect: {{x: {5 + 10 * i}mm, y: 5mm, w: 8mm, h: 8mm, fill: {n}}}\n"
        for i, n in enumerate(names)
    )
    front += '  - rect: {x: 5mm, y: 20mm, w: 8mm, h: 8mm, fill: "#0c8"}\n'
    front += '  - rect: {x: 15mm, y: 20mm, w: 8mm, h: 8mm, fill: "#12345680"}\n'
    code, err = build(tmp_path, front, capsys)
    assert code == 0, err
    with pymupdf.open(tmp_path / "o" / "hues" / "hues-a4.pdf") as doc:
        drawn = [
            (tuple(round(c * 255) for c in d["fill"]), d.get("fill_opacity"))
            for p in doc
            for d in p.get_drawings()
            if d.get("fill")
        ]
    for name in names:
        want = ImageColor.getrgb(name)
        assert any(f == want for f, _ in drawn), name
    assert any(f == (0x00, 0xCC, 0x88) for f, _ in drawn)
    half = [o for f, o in drawn if f == (0x12, 0x34, 0x56)]
    assert half and half[0] == pytest.approx(0x80 / 255, abs=0.01)


@pytest.mark.parametrize(
    ("typo", "meant"), [("crimsn", "crimson"), ("rebecapurple", "rebeccapurple")]
)
def test_a_colour_typo_suggests_the_name(tmp_path, capsys, typo, meant):
    code, err = build(
        tmp_path, f"  - rect: {{x: 5mm, y: 5mm, w: 8mm, h: 8mm, fill: {typo}}}\n", capsys
    )
    assert code == 2
    assert f"did you mean '{meant}'" in err and "cards.yaml" in err and "front[0]" in err


def test_alpha_where_it_cannot_be_drawn_is_a_warning(tmp_path, capsys):
    code, err = build(tmp_path, '  - text: {text: Hello, colour: "#12345680"}\n', capsys)
    assert code == 0
    assert any(
        "cards.yaml:7:" in w and "alpha" in w for w in err.splitlines() if w.startswith("warning:")
    ), err
