"""A run of like items turned where the room its marks take would cost it sheets upright
(docs/printing.md, "A run turned where its marks would cost it pages"): Earth Our Home's four
4 × 6 in reference cards, one upright to a Letter sheet with their marks, print two to a sheet
turned, and its card stock takes 10 sheets (the reduced variant 8). Read from the build's
manifest: each page's items as placed on the PDF, with their stock. The count of cuts the
packing search prefers, against counts made by hand."""

from __future__ import annotations

import pytest
from test_shared_sheets import BESIDE

from pnp.layout.cuts import cut_count

REFERENCE_MM = (101.6, 152.4)  # 4 × 6 in


def card_sheets(manifest: dict) -> int:
    """Pages with a front on card stock (a back prints on its front's sheet)."""
    return sum(
        any(i["side"] == "front" and i["stock"] == "card" for i in page["items"])
        for page in manifest["pages"]
        if page["kind"] in ("sheet", "tile", "fold")
    )


@pytest.mark.parametrize(("variant", "sheets"), [(None, 10), ("reduced", 8)])
def test_earth_our_homes_reference_cards_print_two_to_a_letter_sheet(built, variant, sheets):
    manifest = built("earth-our-home", "letter", variant=variant).manifest
    on: dict[int, list[dict]] = {}
    for page in manifest["pages"]:
        for it in page["items"]:
            if it["component"] == "reference" and it["side"] == "front":
                on.setdefault(page["number"], []).append(it)
    assert sorted(len(v) for v in on.values()) == [2, 2], {n: len(v) for n, v in on.items()}
    for items in on.values():
        for it in items:
            assert it["rotation"] % 180 == 90
            assert (it["h_mm"], it["w_mm"]) == pytest.approx(REFERENCE_MM, abs=0.01)
    assert card_sheets(manifest) == sheets


def test_the_cut_count_by_hand():
    """A 2 × 3 grid edge to edge: cut out as a block (4), then 2 cuts down it and 1 across each
    of its 3 columns (9; every line clear of items across first, 3, then 4 down each row: 11); an item
    alone 4, one in the region's corner 2; two items whose edges lie 0.01 mm apart (float
    noise in a packing) share their cut; a block beside an item is parted from it before its
    items (tests/test_shared_sheets.py, BESIDE); items no straight cut parts are never preferred."""
    region = (0.0, 0.0, 100.0, 100.0)
    grid = [
        (10 + 20 * c, 10 + 30 * r, 30 + 20 * c, 40 + 30 * r) for r in range(2) for c in range(3)
    ]
    assert cut_count(grid, region) == 9
    assert cut_count([(10, 10, 20, 20)], region) == 4
    assert cut_count([(0, 0, 20, 20)], region) == 2
    assert cut_count([(10, 10, 20, 20), (20.01, 10, 30, 20)], region) == 5
    assert cut_count(BESIDE, (0, 0, 100, 20)) == 7  # the block parted from the item first
    pinwheel = [
        (0, 0, 20, 10),
        (20, 0, 30, 20),
        (10, 20, 30, 30),
        (0, 10, 10, 30),
        (10, 10, 20, 20),
    ]
    assert cut_count(pinwheel, (-1, -1, 31, 31)) >= 10**6
