"""Aftershock: the player screen's clip scale, its folded width over the Planning board, its
tie-breaks, and the Aftershock markers' wave clear of their labels, all read from the PDF."""

import math

import pymupdf
import pytest
from conftest import MM, page_items

WING_ANGLE = 45.0  # degrees the side panels turn toward the player; printed on the screen


@pytest.fixture(params=["a4", "letter"])
def aft(request, built):
    return built("aftershock", request.param)


def placed(b, component, side="front"):
    return [
        (p, it)
        for p, it in page_items(b.manifest)
        if it["component"] == component and it["side"] == side
    ]


def box_of(it) -> pymupdf.Rect:
    return pymupdf.Rect(it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])


def to_local(x: float, y: float, it) -> tuple[float, float]:
    """A page point (mm) in the item's own frame: x along its width, y down from its top edge."""
    x0, y0, w, h = it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"]
    return {
        0: (x - x0, y - y0),
        90: (y - y0, x0 + w - x),
        180: (x0 + w - x, y0 + h - y),
        270: (y0 + h - y, x - x0),
    }[it["rotation"]]


def segments(page, box: pymupdf.Rect, dashed: bool):
    """Straight lines drawn inside `box` (mm), as ((x1, y1), (x2, y2), width) in page mm."""
    out = []
    grown = box + (-0.3, -0.3, 0.3, 0.3)
    for d in page.get_drawings():
        is_dashed = bool(d.get("dashes")) and d["dashes"] not in ("[] 0", "[] 0.0")
        if is_dashed != dashed:
            continue
        for item in d["items"]:
            if item[0] != "l":
                continue
            a, b = (item[1].x * MM, item[1].y * MM), (item[2].x * MM, item[2].y * MM)
            if grown.contains(a) and grown.contains(b):
                out.append((a, b, (d.get("width") or 0) * MM))
    return out


def clip_ticks(page, it):
    """Solid marks drawn in from the screen's top edge, as (position along the edge, label)."""
    words = [
        (w[4], to_local((w[0] + w[2]) / 2 * MM, (w[1] + w[3]) / 2 * MM, it))
        for w in page.get_text("words")
    ]
    ticks = []
    for a, b, _ in segments(page, box_of(it), dashed=False):
        (ax, ay), (bx, by) = to_local(*a, it), to_local(*b, it)
        if abs(ax - bx) < 0.05 and min(ay, by) < 0.05 and 5.0 <= max(ay, by) <= 14.0:
            end = max(ay, by)
            label = [t for t, (wx, wy) in words if abs(wx - ax) < 3.0 and end < wy < end + 8.0]
            ticks.append((round(ax, 2), label))
    return sorted(set((x, tuple(lab)) for x, lab in ticks))


def test_the_screens_print_the_clip_scale_on_both_sides(aft):
    b = aft
    doc = b.doc()
    backs = {it["id"]: (p, it) for p, it in placed(b, "screens", "back")}
    for page, it in placed(b, "screens"):
        front = doc[page["number"] - 1]
        ticks = clip_ticks(front, it)
        # "set the clip to zero on your player screen": a scale from 0, one mark per step
        assert [lab for _, lab in ticks] == [("0",), ("100",), ("200",), ("300",)], ticks
        xs = [x for x, _ in ticks]
        assert all(b2 - a >= 19.0 for a, b2 in zip(xs, xs[1:], strict=False)), (
            xs
        )  # a clip up to 19 mm wide covers one mark
        text = " ".join(front.get_text("text", clip=box_of(it) / MM).split())
        assert "SCORE CLIP: on 0 at setup." in text
        # the outside carries the same marks at the same place on the card
        bpage, bit = backs[it["id"]]
        back_ticks = clip_ticks(doc[bpage["number"] - 1], bit)
        mirrored = sorted(
            (round(it["w_mm"] if it["rotation"] in (0, 180) else it["h_mm"], 2) - x, lab)
            for x, lab in back_ticks
        )
        assert [lab for _, lab in mirrored] == [lab for _, lab in ticks]
        assert all(abs(x1 - x2) < 0.2 for (x1, _), (x2, _) in zip(mirrored, ticks, strict=True))


def folded_width(page, it) -> float:
    """The standing screen's width across: the middle panel plus both side panels at WING_ANGLE."""
    width = it["w_mm"] if it["rotation"] in (0, 180) else it["h_mm"]
    height = it["h_mm"] if it["rotation"] in (0, 180) else it["w_mm"]
    folds = []
    for a, b, _ in segments(page, box_of(it), dashed=True):
        (ax, ay), (bx, by) = to_local(*a, it), to_local(*b, it)
        if abs(ax - bx) < 0.05 and abs(abs(ay - by) - height) < 0.3:
            folds.append(ax)
    left, right = sorted(folds)
    wings = left + (width - right)
    return (right - left) + wings * math.cos(math.radians(WING_ANGLE))


def board_width(doc, page, it) -> float:
    """The Planning board's width: the long side of its outermost filled rectangle."""
    box = box_of(it)
    best = 0.0
    for d in doc[page["number"] - 1].get_drawings():
        r = d["rect"]
        rect = pymupdf.Rect(r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM)
        if d.get("fill") and (box + (-0.3, -0.3, 0.3, 0.3)).contains(rect):
            best = max(best, rect.width, rect.height)
    return best


def test_the_folded_screen_is_wider_than_the_planning_board(aft):
    b = aft
    doc = b.doc()
    boards = {
        it["id"].removesuffix("-planning"): board_width(doc, p, it)
        for p, it in placed(b, "planning-boards")
    }
    assert len(boards) == 5 and all(w > 150 for w in boards.values()), boards
    backs = {it["id"]: (p, it) for p, it in placed(b, "screens", "back")}
    for page, it in placed(b, "screens"):
        pdf_page = doc[page["number"] - 1]
        # how to stand it is printed on the outside (the inside's panel 1 says what Shocked does)
        bpage, bit = backs[it["id"]]
        text = " ".join(doc[bpage["number"] - 1].get_text("text", clip=box_of(bit) / MM).split())
        assert "both side panels turned 45° toward you" in text
        across = folded_width(pdf_page, it)
        board = boards[it["id"].removesuffix("-screen")]
        assert across >= board + 5.0, (it["id"], across, board)
        # the numbers the screen states are the ones measured
        assert f"it is then {math.floor(across)} mm across" in text
        assert f"Planning board ({round(board)} mm)" in text


def test_the_screens_print_the_rulebook_tie_breaks(aft):
    b = aft
    doc = b.doc()
    for page, it in placed(b, "screens"):
        text = " ".join(doc[page["number"] - 1].get_text("text", clip=box_of(it) / MM).split())
        # "If players are tied, they split the points for the tied positions, rounding down. The
        # player or players that score the most points for the area remove one of their meeples"
        assert "tied players split the points of the places they share, rounded down." in text
        assert (
            "Every player who scores the most in an area removes one of their meeples from it"
            in text
        )
        # "If two or more players are tied for the lowest score, the player furthest from the first
        # player token amongst the tied players receives the free Aftershock marker."
        assert (
            "Free Aftershock marker: of the players tied for the lowest score, the one furthest from the first player token."
            in text
        )
        # "If players are tied, the player among them with the most money wins. If still tied, the
        # player furthest from the first player token wins."
        assert (
            "Game end: of the tied players, the one with the most money wins; if still tied, the one furthest from the first player token."
            in text
        )


@pytest.mark.parametrize("component", ["aftershock-markers", "influence-markers"])
def test_marker_art_stays_clear_of_its_label(aft, component):
    b = aft
    doc = b.doc()
    seen = 0
    for page, it in placed(b, component):
        pdf_page = doc[page["number"] - 1]
        box = box_of(it)
        art_bottom = 0.0
        for d in pdf_page.get_drawings():
            r = d["rect"]
            rect = pymupdf.Rect(r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM)
            if not box.contains(rect) or max(rect.width, rect.height) > 15.0:
                continue  # the disc and its ring, not the art
            half = (d.get("width") or 0) * MM / 2 if d.get("color") else 0.0
            corners = [
                to_local(x, y, it)[1] for x in (rect.x0, rect.x1) for y in (rect.y0, rect.y1)
            ]
            art_bottom = max(art_bottom, max(corners) + half)
        label_tops = []
        for block in pdf_page.get_text("dict", clip=box / MM)["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip():
                        x0, y0, x1, y1 = (v * MM for v in span["bbox"])
                        label_tops.append(
                            min(to_local(x, y, it)[1] for x in (x0, x1) for y in (y0, y1))
                        )
        assert art_bottom > 0 and label_tops, it["id"]
        assert min(label_tops) - art_bottom >= 0.5, (it["id"], art_bottom, min(label_tops))
        seen += 1
    assert seen == {"aftershock-markers": 7, "influence-markers": 5}[component]
