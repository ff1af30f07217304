"""What many faces share is drawn once, and each face still prints its own: read from the PDF.

An element is drawn once per value of the attributes it names (pnp.kinds.template), a line of
text is read for legibility once per place, ink and width (pnp.rulecheck.legibility), and the
build reads legibility from the faces as its pages draw them (pnp.pipeline)."""

from __future__ import annotations

import pymupdf
from conftest import mini_game

from pnp.cli import main
from pnp.messages import grouped
from pnp.pipeline import load, prepare

N = 150  # more values than an element keeps drawings of (KEPT_PER_ELEMENT)

CARDS = f"""family: cards
kind: card
size: {{w: 63mm, h: 88mm}}
items:
  - id: c{{n}}
    for_each: {{n: {list(range(1, N + 1))}, tone: [dark, light]}}
front:
  - rect: {{x: 0mm, y: 0mm, w: 100%, h: 30mm, fill: "{{tone}}"}}
  - text: {{text: "Card {{n}} {{tone}}", x: 2mm, y: 10mm, w: 59mm, size: 12pt, colour: "#f4f4f4", fit: none}}
  - text: {{text: "Rules for every card", x: 2mm, y: 50mm, w: 59mm, size: 8pt, fit: none}}
back:
  - rect: {{x: 0mm, y: 0mm, w: 100%, h: 100%, fill: green}}
"""


def _game(tmp_path):
    game = mini_game(tmp_path)
    (game / "cards.yaml").write_text(CARDS)
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text() + "palette: {dark: '#202020', light: '#e0e0e0'}\n"
    )
    return game


def test_every_card_prints_its_own_values(tmp_path, capsys):
    game = _game(tmp_path)
    out = tmp_path / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "--quiet"]) == 0
    text = "".join(page.get_text() for page in pymupdf.open(out / "mini" / "mini-a4.pdf"))
    for n in range(1, N + 1):
        for tone in ("dark", "light"):
            assert f"Card {n} {tone}" in text, (n, tone)
    assert text.count("Rules for every card") == 2 * N


def test_the_build_warns_as_the_whole_read_does(tmp_path, capsys):
    """Light text on the light band: every such card is named, as when every face is read first."""
    game = _game(tmp_path)
    out = tmp_path / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out)]) == 0
    said = [w.removeprefix("warning: ") for w in capsys.readouterr().err.splitlines() if w.startswith("warning:")]
    whole = prepare(load(str(game))).legible
    assert len(whole) == N and said == grouped(whole), said[:3]  # one line for the N like ones
    assert len(said) == 1 and f"{N} warnings like this one" in said[0], said
    assert all("light'" in w and "contrast" in w for w in whole), whole[:3]
