"""Design choices in game.yaml are printed on the guide page, read back from the PDF."""

from __future__ import annotations

import json

import pymupdf
import pytest
import yaml

from pnp import build
from pnp.spec.load import load_game

GAMES = ["earthquake", "greenway", "aftershock", "earth-our-home", "global-warming", "piecepack"]


def _guide_text(doc: pymupdf.Document, manifest: dict) -> str:
    pages = [p["number"] for p in manifest["pages"] if p["kind"] == "guide"]
    return " ".join(" ".join(doc[n - 1].get_text().split()) for n in pages)


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_is_on_the_guide(built, game):
    b = built(game)
    guide = _guide_text(b.doc(), b.manifest)
    choices = load_game(game).spec.design_choices
    assert choices, f"{game} marks no design choice"
    assert "Where the rulebook is silent, this printout chose:" in guide
    for c in choices:
        # a line broken after a hyphen reads back as "- ": join both sides the same way
        assert " ".join(c.text.split()).replace("- ", "-") in guide.replace("- ", "-")


def test_many_choices_take_a_second_guide_page(game_copy, tmp_path):
    folder = game_copy("greenway")
    spec = yaml.safe_load((folder / "game.yaml").read_text())
    spec["design_choices"] = [{"where": f"Rule {k}", "text": f"Choice number {k} " + "word " * 30} for k in range(40)]
    (folder / "game.yaml").write_text(yaml.safe_dump(spec))
    out = build(load_game(str(folder)), ["a4"], out_dir=tmp_path / "out")[0]
    manifest = json.loads(out.manifest.read_text())
    kinds = [p["kind"] for p in manifest["pages"]]
    guides = kinds.index("assembly")  # the guide pages come first, then the rest of their job
    assert guides >= 3 and kinds[:guides] == ["guide"] * guides
    doc = pymupdf.open(out.pdf)
    first, *rest = (" ".join(doc[k].get_text().split()) for k in range(guides))
    assert "see the next page" in first
    listed = " ".join(rest)
    assert all(f"Rule {k}: Choice number {k} " in listed for k in range(40))
    # the calibration pages the guide names are the calibration pair
    cal = kinds.index("calibration")
    assert kinds[cal + 1] == "calibration" and f"print pages {cal + 1}–{cal + 2}" in first
