"""Earth Our Home, read from the printed PDF: the B gene cards say what the rulebook says of them
and the choice this printout makes, and the counters' epoch digits print above the 6 pt floor."""

from __future__ import annotations

import pymupdf
import pytest
from conftest import item_clip, item_spans, item_texts


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_b_genes_quote_the_rulebook_on_the_card(built, paper):
    cards = {it["id"]: text for it, text in item_texts(built("earth-our-home", paper), "genes")}
    assert len(cards) == 32
    quote = '"A B card does exactly the same in Temperate climates"'
    b_cards = {k: v for k, v in cards.items() if k.startswith("gene-B-")}
    assert len(b_cards) == 8
    for gene, text in b_cards.items():
        # "A B card does exactly the same in Temperate climates." (GENE CARDS)
        assert f"The rulebook: {quote} (as A)." in text, (gene, text)
        assert "Design choice: here B is the tropical gene." in text
        assert "+2 in tropical habitats" in text
    # only the B cards carry it
    assert not [k for k, v in cards.items() if quote in v and not k.startswith("gene-B-")]


@pytest.mark.parametrize("variant", [None, "reduced"])
def test_epoch_digits_print_above_the_six_point_floor(built, variant):
    spans = item_spans(built("earth-our-home", "a4", variant=variant), "counters")
    digits = [
        (
            s["text"].strip(),
            s["size"],
            pymupdf.Rect(s["bbox"]) in item_clip(it) + (-0.01, -0.01, 0.01, 0.01),
        )
        for it, s in spans
    ]
    assert len(digits) == 400 and {d for d, _, _ in digits} == {"1", "2", "3", "4", "5"}
    assert all(7.9 <= size <= 9.0 for _, size, _ in digits), {s for _, s, _ in digits}
    assert all(inside for _, _, inside in digits)  # nothing clipped at the counter's edge
