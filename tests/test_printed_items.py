"""The manifest's item boxes are the rectangles the PDF prints: on every sheet of every shipped
game (both papers, with the reduced Earth Our Home), each item the page prints (read by
tests/printed_items.py from its faces and cut marks) is at a manifest item's box, each front the
manifest lists is printed there, and the footer names the manifest's stock. What other tests
read from the manifest (a family's name, the cut count's boxes) is so proven by the printout."""

from __future__ import annotations

import pymupdf
import pytest
from printed_items import PRINTS, mismatch, printed_items, printed_sheets

SHEET_KINDS = ("sheet", "tile", "fold")  # the manifest's pages that print fronts (not "backs")


@pytest.mark.parametrize(("game", "variant", "paper"), PRINTS)
def test_the_manifests_item_boxes_are_the_printed_ones(built, game, variant, paper):
    b = built(game, paper, variant=variant)
    read = {n: (stock, found) for n, stock, _, found in printed_sheets(b)}
    sheets = [p for p in b.manifest["pages"] if p["kind"] in SHEET_KINDS and p["items"]]
    assert sheets and sorted(read) == [p["number"] for p in sheets], (
        f"{game} {paper}: pages whose footer names a sheet's stock {sorted(read)}"
    )
    items = 0
    for page in sheets:
        n = page["number"]
        fronts = [it for it in page["items"] if it["side"] == "front"]
        missing, extra = mismatch([box for _, box in read[n][1]], fronts)
        assert not missing and not extra, (
            f"{game} {paper} page {n}: listed, not printed {missing[:3]}; printed, not listed {extra[:3]}"
        )
        assert len(read[n][1]) == len(fronts), f"{game} {paper} page {n}: an item read twice"
        assert {read[n][0]} == {it["stock"] for it in fronts}, f"{game} {paper} page {n}: stock"
        items += len(fronts)
    assert items >= len(sheets)


def _sheet(tmp_path, shift: float = 0.0) -> pymupdf.Page:
    """A page with two 20 mm cards 3.5 mm apart, each clipped and framed, with corner marks on
    every edge's line; `shift` moves the second card's drawing (not its marks)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    mm = 72 / 25.4
    for x in (20.0, 43.5):
        at = x + (shift if x > 30 else 0.0)
        page.draw_rect(pymupdf.Rect(at, 20, at + 20, 40) * mm, color=(0.6, 0.6, 0.6), width=0.5)
        for v in (x, x + 20):
            page.draw_line(pymupdf.Point(v, 14) * mm, pymupdf.Point(v, 17) * mm, color=(0, 0, 0))
        for v in (20, 40):
            page.draw_line(pymupdf.Point(8, v) * mm, pymupdf.Point(11, v) * mm, color=(0, 0, 0))
    path = tmp_path / "sheet.pdf"
    doc.save(path)
    return pymupdf.open(path)[0]


def test_the_reader_finds_each_framed_item_and_not_one_drawn_off_its_marks(tmp_path):
    assert printed_items(_sheet(tmp_path)) == [(20.0, 20.0, 40.0, 40.0), (43.5, 20.0, 63.5, 40.0)]
    moved = [tuple(round(v, 3) for v in b) for b in printed_items(_sheet(tmp_path, 1.0))]
    assert moved == [(20.0, 20.0, 40.0, 40.0)]
