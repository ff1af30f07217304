"""The guide's draft (made before the pages, to count the guide's pages) and the guide itself:
as many pages after the first, and what the draft laid out is what the page would lay out."""

from __future__ import annotations

import pytest

from pnp.draw.fonts import FontBook
from pnp.layout.guide import guide_page
from pnp.layout.plan import FamilyPages
from pnp.spec.load import load_game
from pnp.spec.paper import load_paper

CREDITS = (  # three lines: the draft lays them out, for what follows them moves with them
    "Designed by somebody, with thanks to everyone who played it at the club on Tuesdays, "
    "to the people who proofread the rules twice over, to the printers who tried the sheets "
    "and to the cat, who sat on every prototype and sometimes on the rulebook itself."
)


def _families(n: int) -> list[FamilyPages]:
    return [
        FamilyPages(f"f{k}", f"Family {k}", "card" if k % 2 else "paper", k % 3 == 0, 10 + k)
        for k in range(n)
    ]


def _guide(fonts, paper, families, choices, laid=None, draft=False, total=0):
    if not draft:  # the page itself: its families on their pages, numbered
        for k, fp in enumerate(families):
            fp.pages = [3 + 2 * k, 4 + 2 * k]
    return guide_page(
        fonts=fonts,
        paper=paper,
        title="A Game",
        credits=CREDITS,
        variant=None,
        families=families,
        calibration=(2, 3) if draft else (40, 41),
        players=None,
        pages_total=total,
        choices=choices,
        bled=True,
        draft=draft,
        laid=laid,
    )


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("rows", [3, 40])
def test_the_draft_counts_the_pages_the_guide_takes(paper_name, rows):
    """From no design choice to enough for two pages more, some short and some of a few lines:
    the draft (no text of the first page laid out but what moves the rest) counts as many pages
    after the first as the guide lays out, and the guide laid out with what its draft kept is
    the guide laid out afresh."""
    game = load_game("greenway")
    fonts, paper = FontBook(game.fonts), load_paper(paper_name)
    counts = set()
    for n in range(0, 40):
        choices = [f"Rule {k}: choice {k} " + "word " * (3 + 11 * (k % 4)) for k in range(n)]
        laid: dict = {}
        draft = _guide(fonts, paper, _families(rows), choices, laid, draft=True)
        fresh = _guide(fonts, paper, _families(rows), choices, total=60)
        kept = _guide(fonts, paper, _families(rows), choices, laid, total=60)
        assert len(draft[1]) == len(fresh[1]), f"{n} choices"
        assert kept == fresh, f"{n} choices"
        counts.add(len(fresh[1]))
    assert len(counts) >= 2  # the sweep crosses from one guide page to more


def test_a_draft_lays_out_no_table_and_no_ruler():
    """A draft lays out the credits (their lines move what follows), not the page's other text."""
    game = load_game("greenway")
    fonts, paper = FontBook(game.fonts), load_paper("a4")
    draft = _guide(fonts, paper, _families(3), [], {}, draft=True)[0]
    texts = {p.text for p in draft if hasattr(p, "text")}
    fresh = {
        p.text for p in _guide(fonts, paper, _families(3), [], total=9)[0] if hasattr(p, "text")
    }
    assert "Family 1" in fresh and "100 mm (labels in cm)" in fresh
    assert "Family 1" not in texts and "100 mm (labels in cm)" not in texts
    assert any(t.startswith("Designed by") for t in texts)
