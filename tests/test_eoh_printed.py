"""Earth Our Home, read from the printed PDF: the B gene cards say what the rulebook says of them
and the choice this printout makes, and the counters' epoch digits print above the 6 pt floor."""

from __future__ import annotations

import pymupdf
import pytest
from conftest import MM, page_items


def clip_of(it) -> pymupdf.Rect:
    return (
        pymupdf.Rect(it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"]) / MM
    )


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_b_genes_quote_the_rulebook_on_the_card(built, paper):
    b = built("earth-our-home", paper)
    doc = b.doc()
    cards = {}
    for page, it in page_items(b.manifest):
        if it["component"] == "genes" and it["side"] == "front":
            cards[it["id"]] = " ".join(
                doc[page["number"] - 1].get_text("text", clip=clip_of(it)).split()
            )
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
    b = built("earth-our-home", "a4", variant=variant)
    doc = b.doc()
    digits = []
    for page, it in page_items(b.manifest):
        if it["component"] != "counters":
            continue
        box = clip_of(it)
        for block in doc[page["number"] - 1].get_text("dict", clip=box)["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip():
                        digits.append(
                            (
                                span["text"].strip(),
                                span["size"],
                                pymupdf.Rect(span["bbox"]) in box + (-0.01, -0.01, 0.01, 0.01),
                            )
                        )
    assert len(digits) == 400 and {d for d, _, _ in digits} == {"1", "2", "3", "4", "5"}
    assert all(7.9 <= size <= 9.0 for _, size, _ in digits), {s for _, s, _ in digits}
    assert all(inside for _, _, inside in digits)  # nothing clipped at the counter's edge
