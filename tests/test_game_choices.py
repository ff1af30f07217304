"""The numbers Aftershock's and Earth Our Home's rulebooks never give are printed on the guide
pages as this printout's choices, with the values the components print."""

import importlib.util
import re
from pathlib import Path

import pytest

from pnp.spec.load import load_game

REPO = Path(__file__).resolve().parent.parent
GIVEN_BRIDGES = {frozenset(("San Francisco", "Richmond")), frozenset(("Fremont", "Hayward"))}


def guide_text(b) -> str:
    doc = b.doc()
    pages = [p["number"] for p in b.manifest["pages"] if p["kind"] == "guide"]
    return " ".join(" ".join(doc[n - 1].get_text().split()) for n in pages)


def map_module():
    spec = importlib.util.spec_from_file_location("aftershock_map", REPO / "scripts" / "aftershock_map.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_aftershock_guide_lists_scores_bridges_and_prices(built, paper):
    text = guide_text(built("aftershock", paper))
    assert "Where the rulebook is silent, this printout chose:" in text
    game = load_game("aftershock")
    # every area's score values but Richmond's, as the board and Planning boards print them
    for key, value in game.options.items():
        if not key.startswith("scores_") or key == "scores_richmond":
            continue
        name = key.removeprefix("scores_").replace("_", " ")
        name = "most bridges" if name == "most bridges" else name.title()
        assert f"{name} {value}" in text, (name, value)
    assert "the rulebook gives only Richmond's 7 · 5 · 4 · 3" in text
    # 13 of the 15 bridge lengths, as the board draws them
    listed = 0
    for a, c, n, *_ in map_module().BRIDGES:
        if frozenset((a, c)) in GIVEN_BRIDGES:
            continue
        assert re.search(rf"\b{re.escape(a)} - {re.escape(c)} {n}\b", text), (a, c, n)
        listed += 1
    assert listed == 13
    # prices the rulebook leaves out, and the clip's meaning
    assert "Regular Aftershock $2M and Mega Aftershock $4M" in text
    assert "Area cards place 1 meeple for $1M and 2 for $3M" in text
    assert "Score clip: The rulebook does not say what the clip marks." in text


def test_aftershock_guide_prices_match_the_printed_cards(built):
    b = built("aftershock", "a4")
    doc = b.doc()
    prices = {}
    for page in b.manifest["pages"]:
        for it in page["items"]:
            if it["component"] == "cards" and it["side"] == "front" and it["id"].startswith("aftershock-"):
                clip = [v * 72 / 25.4 for v in (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])]
                words = doc[page["number"] - 1].get_text("text", clip=clip).split()
                strength = next(w for w in ("Regular", "Big", "Mega") if w in words)
                prices.setdefault(strength, set()).update(w for w in words if re.fullmatch(r"\$\dM", w))
    assert prices == {"Regular": {"$2M"}, "Big": {"$3M"}, "Mega": {"$4M"}}
