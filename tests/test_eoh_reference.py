"""Earth Our Home: the reference card says what the rulebook says, read from the printed PDF."""

import pytest
from conftest import MM, page_items


def card_texts(b) -> list[str]:
    """The text of every printed reference card, whitespace made single."""
    doc = b.doc()
    out = []
    for page, it in page_items(b.manifest):
        if it["component"] != "reference":
            continue
        clip = [
            v / MM
            for v in (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])
        ]
        out.append(" ".join(doc[page["number"] - 1].get_text("text", clip=clip).split()))
    return out


@pytest.mark.parametrize("paper, variant", [("a4", None), ("letter", None), ("a4", "reduced")])
def test_reference_card_turn_mutation_and_extinction_follow_the_rulebook(built, paper, variant):
    texts = card_texts(built("earth-our-home", paper, variant=variant))
    assert len(texts) == 4
    for text in texts:
        # "Firstly, if it's not the first turn, choose one of your counters to mutate ... In the
        # first turn you just plonk your six counters down"; "SIX COUNTERS (well five including
        # the one that 'evolved')": one mutation an epoch, and it is one of the six.
        assert "Mutation: one per epoch, none on the first turn" in text
        assert (
            "take one of your counters off the board and put a counter of your new species in its place"
            in text
        )
        assert "It is one of that turn's 6 counters: play 5 more." in text
        assert "The first turn of the game has no mutation." in text
        assert "Play 6 counters one at a time" in text
        assert "then play 6" not in text and "Mutate one counter" not in text
        # the gene is dealt at the start of every epoch, the first included
        assert (
            "Start of every epoch: a new gene" in text and "dealt one gene card at random" in text
        )
        # "Flip over one of your predecessor species, discard your species gene and draw a new one,
        # and lose 5 points off your score."
        # The counters are one-sided: the card says how the "flip" is done, and never "flip over".
        assert (
            "swap one of your predecessor species' counters on the board for a counter of your current species, discard your species gene and draw a new one, and lose 5 points"
            in text
        )
        assert "flip" not in text.lower()
        assert (
            "you do not evolve at the start of the next epoch, and your points are halved" in text
        )
