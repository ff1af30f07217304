"""Earthquake! as players read it at the table, from the printed PDF: the reference card's buy-out
and first-player roll, how corners count when moving (card and board), player pieces told apart
by a letter on every face (checked under a deuteranopia simulation), deeds above the 6 pt floor."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from conftest import item_clip, item_spans, item_texts, page_items

COLOURS = ["red", "orange", "yellow", "green", "blue", "indigo", "black", "white"]
FACES = {
    "red": 4,
    "orange": 6,
    "yellow": 8,
    "green": 12,
    "blue": 5,
    "indigo": 7,
    "black": 8,
    "white": 5,
}
TAB = (0xE4, 0xE4, 0xE4)  # the glue tabs' grey: not the piece's colour
CONFUSABLE = 30.0  # CIE76 distance under which two flat colours on small pieces are taken as alike

# Machado, Oliveira and Fernandes (2009), deuteranopia at severity 1, on linear RGB
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


@pytest.fixture(params=["a4", "letter"])
def eq(request, built):
    return built("earthquake", request.param)


def texts(b, component: str) -> list[str]:
    return [text for _, text in item_texts(b, component)]


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(v: float) -> float:
    v = min(max(v, 0.0), 1.0)
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def deuteranopia(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    lin = [_linear(c) for c in rgb]
    return tuple(_srgb(sum(m * c for m, c in zip(row, lin, strict=True))) for row in DEUTERANOPIA)


def lab(rgb) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(lab(a), lab(b), strict=True)) ** 0.5


def luminance(rgb) -> float:
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def pieces(b) -> dict[str, dict]:
    """Per player colour: the net's fill (the commonest fill of its drawn primitives, tabs aside)
    and every text span printed on it, with its colour."""
    doc = b.doc()
    out = {}
    for page, it in page_items(b.manifest):
        colour = it["component"].removeprefix("player-piece-")
        if not it["component"].startswith("player-piece-"):
            continue
        pdf_page = doc[page["number"] - 1]
        box = item_clip(it) + (-1, -1, 1, 1)
        fills = Counter()
        for d in pdf_page.get_drawings():
            if d.get("fill") and box.contains(d["rect"]):
                rgb = tuple(round(v * 255) for v in d["fill"])
                if rgb != TAB:
                    fills[rgb] += 1
        spans = []
        for block in pdf_page.get_text("dict", clip=box)["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip():
                        c = span["color"]
                        spans.append((span["text"].strip(), (c >> 16 & 255, c >> 8 & 255, c & 255)))
        out[colour] = {"fill": fills.most_common(1)[0][0] if fills else None, "spans": spans}
    return out


def test_reference_card_shows_the_buy_out_and_the_first_player_roll(eq):
    cards = texts(eq, "reference-card")
    assert len(cards) == 2
    for text in cards:
        # rule 6: "Any other player who lands on that block can also buy the structure automatically
        # and without negotiation by giving that same number and type of pieces to the player who
        # had previously owned the block."
        assert "BUY OUT - on a block another player holds the deed for" in text
        assert (
            "You may buy the structure, without negotiation: give that player the same number and type of pieces as its COST."
            in text
        )
        assert "pay the total each New Year." in text
        # rule 2: "Each player rolls the 10-sided die, the number 1 or any number closest goes first,
        # and progressively down the line. If two players roll the same number, roll again."
        assert "FIRST PLAYER" in text
        assert (
            "Everyone rolls the ten-sided die: a 1, or the roll closest to 1, goes first, then the next lowest"
            in text
        )
        assert "Equal rolls roll again." in text
        # moving: corners count, and where a piece stands
        assert "A corner (season) counts as one block." in text
        assert "Stand on the street in front of your block, or on the corner." in text


def test_every_board_corner_says_how_corners_count(eq):
    doc = eq.doc()
    board = " ".join(
        " ".join(doc[p["number"] - 1].get_text().split())
        for p in eq.manifest["pages"]
        if any(it["component"] == "board" for it in p.get("items", []))
    )
    # each corner prints it once; the tiles' overlap strips may print a corner's twice, and a
    # sentence a tile's edge cuts is finished on its neighbour (read across the seam)
    said = board.count("A corner counts as one block when moving:")
    assert 4 <= said <= 8, said
    assert 4 <= board.count("stand on it.") <= 8
    assert board.count("On a block, stand on its street.") >= 4
    guide = " ".join(
        " ".join(doc[p["number"] - 1].get_text().split())
        for p in eq.manifest["pages"]
        if p["kind"] == "guide"
    )
    assert "Moving: A corner (season) counts as one block when moving" in guide


def test_player_pieces_are_told_apart_by_a_letter_under_deuteranopia(eq):
    found = pieces(eq)
    assert sorted(found) == sorted(COLOURS)
    marks = {}
    for colour, piece in found.items():
        texts_on = [t for t, _ in piece["spans"]]
        # one letter on every face of the net, the same letter throughout
        assert len(texts_on) == FACES[colour], (colour, texts_on)
        assert len(set(texts_on)) == 1 and len(texts_on[0]) == 1, (colour, texts_on)
        marks[colour] = texts_on[0]
        # and it reads on the piece for a deuteranope too
        for _, ink in piece["spans"]:
            assert contrast(deuteranopia(ink), deuteranopia(piece["fill"])) >= 3.0, (
                colour,
                ink,
                piece["fill"],
            )
    assert len(set(marks.values())) == 8, marks
    seen = {
        frozenset(p)
        for p in itertools.combinations(COLOURS, 2)
        if distance(deuteranopia(found[p[0]]["fill"]), deuteranopia(found[p[1]]["fill"]))
        < CONFUSABLE
    }
    # the simulation does what it is for: red looks like green and like orange
    assert {frozenset(("red", "green")), frozenset(("red", "orange"))} <= seen, seen
    for pair in seen:
        a, b = sorted(pair)
        assert marks[a] != marks[b], (a, b, marks)
    # in full colour the same pieces are far apart: the simulation, not the print, made them alike
    assert distance(found["red"]["fill"], found["green"]["fill"]) > 60


def test_deeds_print_above_the_six_point_floor(eq):
    sizes = [(span["size"], span["text"]) for _, span in item_spans(eq, "deeds")]
    assert len(sizes) >= 32 * 6
    assert min(s for s, _ in sizes) >= 6.4, min(sizes)
    assert min(s for s, t in sizes if t.startswith("Self-Assessed Tax")) >= 6.9
