"""The packing search keeps, of every packing it scores, the one with the least whole score
(docs/printing.md, "Four strategies, one search": fewest sheets, then fewest over the cut bound,
fewest printed on both sides, fewest holding a board's pieces, fewest runs holding another
family's items, fewest runs split, fewest cuts, least on the last sheet), although it works a
score out only as far as a comparison needs."""

from __future__ import annotations

import pytest

import pnp.layout.search as search
from pnp.pipeline import Load, prepare


def _whole(parts, packer) -> tuple:
    """A packing's score, every part of it, counted afresh."""
    known: dict = {}
    return (
        len(packer.sheets),
        search._over(parts, packer, known),
        *search._first(parts, packer),
        *search._rest(parts, packer),
        search._cuts(parts, packer, known),
        search._last(parts, packer),
    )


@pytest.mark.parametrize(
    ("game", "variant", "paper"),
    [
        ("earthquake", None, "a4"),
        ("greenway", None, "letter"),
        ("earth-our-home", "reduced", "a4"),
        ("earth-our-home", "reduced", "letter"),  # a packing on fewer sheets than the first
    ],
)
def test_the_packing_kept_has_the_least_whole_score(monkeypatch, game, variant, paper):
    scored: list = []

    class Recorded(search._Score):
        def __init__(self, parts, packer, known):
            super().__init__(parts, packer, known)
            scored.append((parts, packer))

    searched = []
    best_packing = search.best_packing

    def recording(pool):
        scored.clear()
        parts, kept = best_packing(pool)
        searched.append((list(scored), kept.packer))
        return parts, kept

    monkeypatch.setattr(search, "_Score", Recorded)
    monkeypatch.setattr(search, "best_packing", recording)
    prepare(game, [paper], load_opts=Load(variant=variant), legibility=False)
    assert searched
    compared = 0
    for candidates, kept in searched:
        scores = {id(packer): _whole(parts, packer) for parts, packer in candidates}
        assert id(kept) in scores
        assert scores[id(kept)] == min(scores.values())
        compared += len(scores) > 1
    assert compared  # some pool had packings to choose between
