"""No build prints sheets that are mostly empty, read from the PDF each build printed: of every
stock (card, paper), at most one sheet is under a quarter used (docs/performance.md's target,
"at most one sheet of each stock under 25 % used"), on every shipped game, on both papers.

A sheet is a page whose footer names its stock and that is not a back (a back prints on its
front's sheet); its use is the area of the items it prints (their rectangles read from the page
by tests/printed_items.py, which tests/test_printed_items.py holds to the manifest) over the
printable area (the page less the paper's 5 mm margin all round).
"""

from __future__ import annotations

import pytest
from printed_items import MARGIN, PRINTS, printed_sheets

QUARTER = 0.25  # docs/performance.md: at most one sheet of each stock under 25 % used


def sheet_use(built) -> list[tuple[int, str, float]]:
    """(page, stock, share of the printable area its items take) of each printed sheet."""
    out = []
    for sheet in printed_sheets(built):
        w, h = sheet.size
        used = sum((b[2] - b[0]) * (b[3] - b[1]) for _, b in sheet.items)
        out.append((sheet.number, sheet.stock, used / ((w - 2 * MARGIN) * (h - 2 * MARGIN))))
    return out


@pytest.mark.parametrize(("game", "variant", "paper"), PRINTS)
def test_at_most_one_sheet_of_a_stock_is_mostly_empty(built, game, variant, paper):
    sheets = sheet_use(built(game, paper, variant=variant))
    assert sheets and all(u > 0 for _, _, u in sheets), f"{game} {paper}: a sheet prints no item"
    for stock in ("card", "paper"):
        low = [(n, f"{u:.0%}") for n, s, u in sheets if s == stock and u < QUARTER]
        assert len(low) <= 1, f"{game} {paper}: {stock} sheets under a quarter used: {low}"
