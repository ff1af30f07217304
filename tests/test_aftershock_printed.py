"""Aftershock as a player reads it, from the printed PDF: the rulebook's broken-off Shocked rule and
the choice that fills it (screens and guide page), the clips to supply, card backs that name no card
type, and Buy tokens printed above the 6 pt floor."""

from __future__ import annotations

import pytest
from conftest import item_spans, item_texts

AREAS = [
    "San Rafael", "Vallejo", "Richmond", "San Francisco", "Oakland", "South San Francisco",
    "Hayward", "Palo Alto", "Fremont", "San Jose",
]  # fmt: skip
CARD_TYPES = ["AREA", "BRIDGE", "AFTERSHOCK", "INFLUENCE"]


@pytest.fixture(params=["a4", "letter"])
def aft(request, built):
    return built("aftershock", request.param)


def guide(b) -> str:
    doc = b.doc()
    pages = [p["number"] for p in b.manifest["pages"] if p["kind"] == "guide"]
    return " ".join(" ".join(doc[n - 1].get_text().split()) for n in pages)


def test_screens_and_guide_print_the_broken_off_shocked_rule_and_the_choice(aft):
    screens = item_texts(aft, "screens")
    assert len(screens) == 5
    for it, text in screens:
        # the rulebook: "you will cause meeples in that area to become Shocked, which means they
        # will have to leave that area ... If the total number from the die roll is more" (ends)
        assert "Shocked meeples (design choice)" in text, it["id"]
        assert (
            "The rulebook breaks off mid-sentence before it says what Shocked meeples do. This printout's choice:"
            in text
        )
        assert "a roll above the meeples there Shocks them all." in text
        assert "moves it over a built bridge out of that area" in text
        assert "with no bridge out, it goes back to its owner's supply." in text
    g = guide(aft)
    assert "Where the rulebook is silent, this printout chose:" in g
    assert "Shocked meeples (the rulebook's text stops mid-sentence): Phase 3B breaks off at" in g
    assert '"If the total number from the die roll is more"' in g
    assert "with no bridge out, it goes back to its owner's supply." in g


def test_guide_lists_the_score_clips_to_supply(aft):
    g = guide(aft)
    assert "To supply (not printed): Five clips, one per player" in g
    assert "0 / 100 / 200 / 300 scale along the top of the screens" in g
    for _, text in item_texts(aft, "screens"):
        assert "Use a paper clip (not printed)." in text


def test_card_backs_name_no_card_type_nor_area(aft):
    fronts = item_texts(aft, "cards")
    backs = item_texts(aft, "cards", "back")
    assert len(fronts) == len(backs) == 53
    # the Aftershock cards do read AFTERSHOCK: the word is the card type's
    assert sum(1 for _, t in fronts if t.startswith("AFTERSHOCK")) == 6
    for it, text in backs:
        assert text == "THE BAY", (it["id"], text)
        words = text.upper()
        assert not [w for w in CARD_TYPES + [a.upper() for a in AREAS] if w in words], (
            it["id"],
            text,
        )


def test_buy_tokens_print_above_the_six_point_floor(aft):
    sizes: dict[str, list[float]] = {}
    for _, span in item_spans(aft, "buy-tokens"):
        sizes.setdefault(span["text"].strip(), []).append(span["size"])
    # the seat number, "Buy token" / "tax" and the used side's value: all above 6 pt
    assert min(sizes["Buy token"]) >= 6.9 and min(sizes["tax"]) >= 6.9, sizes
    assert all(min(sizes[str(seat)]) >= 7.4 for seat in range(1, 6)), sizes
    assert min(sizes["USED"]) >= 9.9
    assert min(size for v in sizes.values() for size in v) >= 6.9
    # and nothing huge: the labels still fit the 22 mm token
    assert max(size for v in sizes.values() for size in v) <= 11.1
    # the Influence markers' label too
    labels = [span["size"] for _, span in item_spans(aft, "influence-markers")]
    assert len(labels) == 5 and min(labels) >= 6.9
