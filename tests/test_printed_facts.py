"""Rulebook facts a player needs are printed where players look, read back from the PDF: each
sentence on every copy of the face that carries it, and each reading listed on the guide page."""

from __future__ import annotations

import pytest

from tests.conftest import item_texts

FACTS = [  # game, component, side, what every such face prints (the rulebook's words, cut short)
    ("greenway", "reference", "back", [
        "Setup and special cases",
        "Deal 3 cards to each player",
        "The person with the most change in their pocket gets the First Player badge.",
        "No pieces may be pushed off the board.",
        "If more than one player directs the same Occupier, the cards are shuffled face down",
        "A Veteran pushes any number of Protectors in its way; Protectors pushed by Veterans push the other pieces.",
        "throw away the tails-up quarters and divide the heads-up quarters between the players.",
    ]),
    ("aftershock", "screens", "back", [
        "in a vacant bridge space leading from the area you chose on your Planning board.",
        "you may dismantle a bridge you built before",
        "Bridges are never partly built.",
        "No vacant bridge space from the chosen area: place one meeple in that area instead.",
        'the rulebook says "With 2-4 players, the game consists of three rounds"',
    ]),
    ("earthquake", "reference-card", "back", [
        "How to arbitrate: the rulebook's rules 2 to 6",
        "the player holding the deed pays that total amount in the New Year.",
        "3. Build to invest", "4. Shared ownership", "5. Property transfer", "6. Public good",
        "Going counterclockwise, each player may bid",
        "Readings, not the rulebook's words:",
    ]),
    ("global-warming", "setup", "front", ["Choose one player to handle the bag of coins"]),
    ("earth-our-home", "reference", "front", ["Once played, counters never move."]),
]  # fmt: skip
READINGS = {  # the guide page lists each reading as a design choice
    "greenway": ["Quarters:", "Start positions: The board prints the rulebook's setup diagram"],
    "aftershock": [
        'Players: The rulebook\'s "With 2-4 players, the game consists of three rounds"'
    ],
    "earthquake": ["Squares per deed:", "Turn order:", "Arbitration:"],
}


@pytest.mark.parametrize("game, component, side, phrases", FACTS, ids=[f[0] for f in FACTS])
def test_the_facts_are_printed_on_every_copy(built, game, component, side, phrases):
    b = built(game)
    faces = item_texts(b, component, side)
    assert faces
    for item, text in faces:
        for phrase in phrases:
            assert phrase in text, (item["id"], phrase, text)


@pytest.mark.parametrize("game", sorted(READINGS))
def test_the_readings_are_on_the_guide_page(built, game):
    b = built(game)
    doc = b.doc()
    guide = " ".join(
        " ".join(doc[p["number"] - 1].get_text().split())
        for p in b.manifest["pages"]
        if p["kind"] == "guide"
    )
    for phrase in READINGS[game]:
        assert phrase in guide, phrase


def test_the_greenway_board_prints_its_start_positions(built):
    b = built("greenway")
    words = [
        w[4]
        for p in b.manifest["pages"]
        if p["kind"] == "tile"
        for w in b.doc()[p["number"] - 1].get_text("words")
    ]
    for label in ("O1", "O2", "O3", "O4", "V1", "V8", "qh"):
        assert label in words, label
