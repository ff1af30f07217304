"""Imposition geometry, from the layout functions themselves."""

import itertools

import pytest

from pnp.layout.grid import impose_grid
from pnp.layout.pack import pack
from pnp.layout.plan import ItemRef, Placement
from pnp.layout.strategies import back_position
from pnp.layout.tiles import tile_board
from pnp.spec.paper import load_paper

POKER = (63.5, 88.9)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_nine_to_a_page(paper):
    p = load_paper(paper)
    m = p.margin
    g = impose_grid(*POKER, (m, m, p.size.w - 2 * m, p.size.h - 2 * m), 0.0)
    assert g.per_page == 9
    assert (g.cols, g.rows) == (3, 3)
    # centred, inside the printable area
    assert g.x0 >= m and g.y0 >= m
    assert g.x0 + g.width <= p.size.w - m + 1e-9
    assert g.y0 + g.height <= p.size.h - m + 1e-9
    assert g.x0 == pytest.approx((p.size.w - 3 * 63.5) / 2)


def test_grid_tries_both_orientations():
    # 100 x 40 items on a 130 x 210 area: upright 1 x 5 = 5, turned 3 x 2 = 6
    g = impose_grid(100, 40, (0, 0, 130, 210), 0.0)
    assert g.rotated and g.per_page == 6


def test_gutter_reduces_the_count():
    g0 = impose_grid(50, 50, (0, 0, 200, 200), 0.0)
    g5 = impose_grid(50, 50, (0, 0, 200, 200), 5.0)
    assert g0.per_page == 16 and g5.per_page == 9


def test_packing_keeps_items_apart_and_inside():
    sizes = [(30, 20)] * 7 + [(60, 45)] * 3 + [(16, 16)] * 25 + [(25.4, 25.4)] * 4
    pages = pack(sizes, 200, 287, 3.0)
    placed = [s for p in pages for s in p]
    assert sorted(s.index for s in placed) == list(range(len(sizes)))
    for page in pages:
        for s in page:
            assert 0 <= s.x and s.x + s.w <= 200 + 1e-6 and 0 <= s.y and s.y + s.h <= 287 + 1e-6
            w, h = sizes[s.index]
            assert {round(s.w, 6), round(s.h, 6)} == {round(w, 6), round(h, 6)}
        for a, b in itertools.combinations(page, 2):
            apart = (
                a.x + a.w + 3 <= b.x + 1e-6
                or b.x + b.w + 3 <= a.x + 1e-6
                or a.y + a.h + 3 <= b.y + 1e-6
                or b.y + b.h + 3 <= a.y + 1e-6
            )
            assert apart, (a, b)
    # this set covers well under a page of area, so it needs one page
    assert len(pages) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("board", [(254.0, 254.0), (558.8, 558.8), (400.0, 120.0), (150.0, 600.0)])
def test_tiles_cover_the_board_with_overlap(paper, board):
    p = load_paper(paper)
    bw, bh = board
    g = tile_board(bw, bh, p)
    regions = [g.region(c, r) for r in range(g.rows) for c in range(g.cols)]
    # every tile fits the printable area below the label band
    for _x, _y, w, h in regions:
        assert g.x0 >= p.margin and g.x0 + w <= g.page_w - p.margin + 1e-9
        assert g.y0 >= p.margin + p.label_band - 1e-9 and g.y0 + h <= g.page_h - p.margin + 1e-9
    # the union is the whole board: the last column and row reach the far edges
    assert max(x + w for x, y, w, h in regions) == pytest.approx(bw)
    assert max(y + h for x, y, w, h in regions) == pytest.approx(bh)
    assert min(x for x, *_ in regions) == 0 and min(y for _, y, *_ in regions) == 0
    # neighbours overlap by at least 8 mm
    for r in range(g.rows):
        for c in range(1, g.cols):
            left, right = g.region(c - 1, r), g.region(c, r)
            assert left[0] + left[2] - right[0] >= 8.0 - 1e-9
    for r in range(1, g.rows):
        for c in range(g.cols):
            top, low = g.region(c, r - 1), g.region(c, r)
            assert top[1] + top[3] - low[1] >= 8.0 - 1e-9


def test_tiling_chooses_fewest_pages():
    p = load_paper("a4")
    # 280 x 190 fits one landscape A4 page (287 x 193 printable below the band) but not portrait
    g = tile_board(280.0, 180.0, p)
    assert g.count == 1 and g.landscape


def test_back_position_mirrors_long_and_short_edge():
    ref = ItemRef("cards", 0, "x", 63.5, 88.9, True, "card")
    p = load_paper("a4")
    front = Placement(ref, "front", 10.0, 20.0, 63.5, 88.9, 0)
    long = back_position(front, p, 210.0, 297.0)
    assert (long.x, long.y, long.rotation) == (pytest.approx(210 - 10 - 63.5), 20.0, 0)
    short_paper = p.model_copy(update={"duplex": p.duplex.model_copy(update={"flip": "short"})})
    short = back_position(front, short_paper, 210.0, 297.0)
    assert (short.x, short.y, short.rotation) == (10.0, pytest.approx(297 - 20 - 88.9), 180)


@pytest.mark.parametrize("side", [False, True])
@pytest.mark.parametrize("turned", [False, True])
def test_a_shared_tile_prints_its_region_where_its_marks_are(side, turned):
    """A strip on a shared sheet, its label above it or beside it, the piece turned or not: the
    region is placed exactly under its own outline (drawn by its marks), the band outside it and
    inside the piece."""
    from pnp.draw.primitives import Group, Rect, Style, apply
    from pnp.layout.share import TilePart, sideways, tile_piece

    ref = ItemRef("board", 0, "board", 363.0, 338.4, False, "paper")
    outline = Rect(0.0, 0.0, 186.5, 68.4, Style(None, "#777777", 0.15))
    label = Style("#000000", None)
    above, beside = Rect(0.0, 0.0, 186.5, 6.0, label), Rect(0.0, 0.0, 68.4, 6.0, label)
    tile = TilePart("B2", (176.5, 270.0, 186.5, 68.4), 7.0, (outline,), (above,), (beside,))
    piece = tile_piece(ref, tile)
    if side:
        piece = sideways(piece, (5.0, 5.0, 200.0, 287.0))
        assert piece.tile.side and (piece.w, piece.h) == pytest.approx((193.5, 68.4))
    else:
        assert (piece.w, piece.h) == pytest.approx((186.5, 75.4))
    x, y = 10.0, 20.0
    (p,) = piece.placements(x, y, turned)
    assert (p.w, p.h) == pytest.approx((68.4, 186.5) if turned else (186.5, 68.4))
    assert p.rotation == (90 if turned else 0) and p.region == tile.region
    pw, ph = (piece.h, piece.w) if turned else (piece.w, piece.h)
    assert x - 1e-9 <= p.x and p.x + p.w <= x + pw + 1e-9
    assert y - 1e-9 <= p.y and p.y + p.h <= y + ph + 1e-9

    def corners(node, m):
        if isinstance(node, Group):
            from pnp.draw.primitives import multiply

            return [c for ch in node.children for c in corners(ch, multiply(m, node.transform))]
        if isinstance(node, Rect):
            return [apply(m, node.x + u, node.y + v) for u in (0, node.w) for v in (0, node.h)]
        return []

    (group,) = piece.marks(x, y, turned)
    (overlay, caption) = group.children
    one = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    pts = corners(Group((overlay,), group.transform), one)
    xs, ys = [q[0] for q in pts], [q[1] for q in pts]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((p.x, p.y, p.x + p.w, p.y + p.h))
    pts = corners(Group((caption,), group.transform), one)
    x0, y0 = min(q[0] for q in pts), min(q[1] for q in pts)
    x1, y1 = max(q[0] for q in pts), max(q[1] for q in pts)
    assert x - 1e-9 <= x0 and x1 <= x + pw + 1e-9 and y - 1e-9 <= y0 and y1 <= y + ph + 1e-9
    assert x1 <= p.x + 1e-9 or y1 <= p.y + 1e-9 or x0 >= p.x + p.w - 1e-9  # beside the region
    assert max(x1 - x0, y1 - y0) == pytest.approx(186.5 if not side else 68.4)
