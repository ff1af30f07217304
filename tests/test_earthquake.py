"""Earthquake!: every component, checked in the manifest and in the PDF itself."""

from __future__ import annotations

import pymupdf
import pytest

from pnp.cli import main
from tests.conftest import MM, page_items

IN = 25.4
# From the rulebook (typed here, not read from the output).
DEED_NAMES = {
    "Southeast": [
        "Johnson Creek",
        "Woodstock",
        "Foster",
        "Division",
        "Hawthorne",
        "Belmont",
        "Morrison",
        "Water",
    ],
    "Northeast": [
        "Sandy",
        "Fremont",
        "Alberta",
        "Martin Luther King",
        "Rosa Parks",
        "Lombard",
        "Marine",
        "Denver",
    ],
    "Northwest": [
        "Vaughn",
        "Quimby",
        "Pettygrove",
        "Cornell",
        "Overton",
        "Lovejoy",
        "Couch",
        "Naito",
    ],
    "Southwest": [
        "Salmon",
        "Corbett",
        "Moody",
        "Abernethy",
        "Terwilliger",
        "Barbur",
        "Multnomah",
        "Taylors Ferry",
    ],
}
# piece colour (game palette) -> (pieces per player, squares in the piece, bounding box in squares)
SUPPLY = {
    "#2f6fd0": (5, 1, {(1, 1)}),  # blue: a single square
    "#d23b30": (4, 3, {(2, 2)}),  # red: a corner of three
    "#f28a1e": (3, 2, {(1, 2), (2, 1)}),  # orange: a line of two
    "#f5d02a": (2, 3, {(1, 3), (3, 1)}),  # yellow: a line of three
    "#36a04a": (1, 4, {(2, 3), (3, 2)}),  # green: a T
}


def _hex(rgb) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in rgb) if rgb else ""


def _box(it):
    return (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])


def _inside(rect_pt, box, tol=0.2) -> bool:
    x0, y0, x1, y1 = (v * MM for v in rect_pt)
    return x0 >= box[0] - tol and y0 >= box[1] - tol and x1 <= box[2] + tol and y1 <= box[3] + tol


@pytest.fixture(scope="module")
def a4(built):
    return built("earthquake", "a4")


def test_deeds_are_2in_squares_in_manifest_and_pdf(a4):
    deeds = [(p, it) for p, it in page_items(a4.manifest, "sheet") if it["component"] == "deeds"]
    assert len(deeds) == 32
    doc = a4.doc()
    for _, it in deeds:
        assert it["w_mm"] == pytest.approx(2 * IN, abs=0.1) and it["h_mm"] == pytest.approx(
            2 * IN, abs=0.1
        )
    # the cut outline of each deed is drawn at 2 x 2 in where the manifest says
    page, it = deeds[0]
    outlines = [
        d["rect"]
        for d in doc[page["number"] - 1].get_drawings()
        if d.get("color")
        and abs(d["rect"].width * MM - 2 * IN) < 0.1
        and abs(d["rect"].height * MM - 2 * IN) < 0.1
    ]
    starts = {(round(r.x0 * MM, 1), round(r.y0 * MM, 1)) for r in outlines}
    for _, other in (d for d in deeds if d[0]["number"] == page["number"]):
        assert (round(other["x_mm"], 1), round(other["y_mm"], 1)) in starts


def test_every_deed_name_is_printed_on_its_own_deed(a4):
    doc = a4.doc()
    found = {}
    for page, it in page_items(a4.manifest, "sheet"):
        if it["component"] != "deeds":
            continue
        box = _box(it)
        words = [w for w in doc[page["number"] - 1].get_text("words") if _inside(w[:4], box)]
        found[it["id"]] = " ".join(w[4] for w in words)
    assert sorted(found) == sorted(n for names in DEED_NAMES.values() for n in names)
    for quadrant, names in DEED_NAMES.items():
        for name in names:
            assert name in found[name] and quadrant in found[name] and "COST" in found[name]
            assert "Collect 4 squares each season" in found[name]


def _piece_fills(doc, page, box):
    out = []
    for d in doc[page["number"] - 1].get_drawings():
        colour = _hex(d.get("fill"))
        if colour in SUPPLY and _inside(tuple(d["rect"]), box):
            out.append(
                (
                    colour,
                    round(d["rect"].width * MM / (IN / 2), 2),
                    round(d["rect"].height * MM / (IN / 2), 2),
                )
            )
    return out


def _piece_boxes(doc, page, box):
    """(colour, rect in mm) of each filled piece inside the box."""
    return [
        (_hex(d.get("fill")), tuple(v * MM for v in d["rect"]))
        for d in doc[page["number"] - 1].get_drawings()
        if _hex(d.get("fill")) in SUPPLY and _inside(tuple(d["rect"]), box)
    ]


def test_each_player_set_prints_the_starting_supply_one_block_per_colour(a4):
    sets = [
        (p, it)
        for p, it in page_items(a4.manifest, "sheet")
        if it["component"] == "building-pieces"
    ]
    assert len(sets) == 8  # up to eight players; the default prints them all
    doc = a4.doc()
    for page, it in sets:
        fills = _piece_fills(doc, page, _box(it))
        for colour, (count, _, boxes) in SUPPLY.items():
            mine = [(w, h) for c, w, h in fills if c == colour]
            assert len(mine) == count, colour
            assert {(round(w), round(h)) for w, h in mine} <= boxes
            assert all(
                abs(w - round(w)) < 0.1 / 12.7 * 2 and abs(h - round(h)) < 0.1 / 12.7 * 2
                for w, h in mine
            )
        assert sum(SUPPLY[c][1] for c, _, _ in fills) == 33
        # the pieces of one colour share their cut lines; different colours are 3 mm apart
        # (twice the 1.5 mm bleed), so no two colours ever share an edge
        pieces = _piece_boxes(doc, page, _box(it))
        for i, (ca, a) in enumerate(pieces):
            for cb, b in pieces[i + 1 :]:
                if ca != cb:
                    gap = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
                    assert gap >= 3.0 - 0.05, (ca, cb, a, b)


def test_piece_sets_have_plain_backs_and_follow_the_players_option(built, a4):
    fronts = [
        it for _, it in page_items(a4.manifest, "sheet") if it["component"] == "building-pieces"
    ]
    backs = [
        it for _, it in page_items(a4.manifest, "backs") if it["component"] == "building-pieces"
    ]
    assert len(backs) == len(fronts) == 8
    three = built("earthquake", "a4", players=3)
    assert (
        sum(
            1
            for _, it in page_items(three.manifest, "sheet")
            if it["component"] == "building-pieces"
        )
        == 3
    )
    bank = [it for _, it in page_items(three.manifest, "sheet") if it["component"] == "bank"]
    assert len(bank) == 4  # the bank does not depend on the number of players


def test_grooves_only_on_the_front(a4):
    doc = a4.doc()
    front_page = next(
        p for p, it in page_items(a4.manifest, "sheet") if it["component"] == "building-pieces"
    )
    back_page = next(
        p for p, it in page_items(a4.manifest, "backs") if it["component"] == "building-pieces"
    )

    def grooves(page):
        return sum(
            1
            for d in doc[page["number"] - 1].get_drawings()
            if d.get("color") and _hex(d["color"]) == "#ffffff" and d.get("fill") is None
        )

    assert grooves(front_page) > 0 and grooves(back_page) == 0


def _tiles(built_):
    """Every tile of the board: on a page of its own, or (an edge strip) on a shared sheet."""
    return [(p, it) for p, it in page_items(built_.manifest) if it["component"] == "board" and "tile" in it]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_tiles_cover_exactly_22_inches(built, paper):
    b = built("earthquake", paper)
    tiles = _tiles(b)
    assert tiles and all(it["board_mm"] == [pytest.approx(22 * IN, abs=0.1)] * 2 for _, it in tiles)
    xs = sorted({(it["region_mm"][0], it["region_mm"][0] + it["region_mm"][2]) for _, it in tiles})
    ys = sorted({(it["region_mm"][1], it["region_mm"][1] + it["region_mm"][3]) for _, it in tiles})
    for spans in (xs, ys):
        assert spans[0][0] == pytest.approx(0, abs=0.01)
        assert spans[-1][1] == pytest.approx(22 * IN, abs=0.1)
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert start < end  # each strip overlaps the next: no gap
    assert len(tiles) == len(xs) * len(ys)
    labels = {it["tile"] for _, it in tiles}
    assert "A1" in labels and len(labels) == len(tiles)
    assert sum(1 for p in b.manifest["pages"] if p["kind"] == "assembly") == 1
    doc = b.doc()
    for page, it in tiles:
        text = doc[page["number"] - 1].get_text()
        assert it["tile"] in text


def _board_lines(built_, colour):
    """Vertical and horizontal grid lines of one stroke colour, in board millimetres."""
    doc = built_.doc()
    xs, ys = set(), set()
    for page, it in _tiles(built_):
        x0, y0 = it["x_mm"], it["y_mm"]
        box = pymupdf.Rect(x0, y0, x0 + it["w_mm"], y0 + it["h_mm"]) / MM
        for d in doc[page["number"] - 1].get_drawings():
            if not d.get("color") or _hex(d["color"]) != colour or not box.intersects(d["rect"]):
                continue  # another item's line, on a shared sheet
            for op in d["items"]:
                if op[0] != "l":
                    continue
                a, b = op[1], op[2]
                vertical = abs(a.x - b.x) < 1e-3
                if not vertical and abs(a.y - b.y) >= 1e-3:
                    continue
                bx, by = _on_board(it, a.x * MM, a.y * MM)
                # a tile turned on a shared sheet: the page's verticals are the board's horizontals
                if vertical == (it["rotation"] == 0):
                    xs.add(round(bx, 2))
                else:
                    ys.add(round(by, 2))
    return xs, ys


def _on_board(it, px: float, py: float) -> tuple[float, float]:
    """A point of a placed tile (page mm) in board mm: unturned, or turned 90° clockwise."""
    rx, ry, _, rh = it["region_mm"]
    if it["rotation"] == 0:
        return rx + px - it["x_mm"], ry + py - it["y_mm"]
    return rx + py - it["y_mm"], ry + it["x_mm"] + rh - px


def test_board_building_grid_is_on_the_half_inch(a4):
    xs, ys = _board_lines(a4, "#c9c2b3")
    for v in xs | ys:
        assert abs(v / 12.7 - round(v / 12.7)) * 12.7 < 0.1
    # the open city runs from 3 in to 19 in on both axes: 33 lines each way
    assert {round(v / 12.7) for v in xs} == set(range(6, 39))
    assert {round(v / 12.7) for v in ys} == set(range(6, 39))


def test_board_has_tank_farm_dot_in_the_centre_names_and_motto(a4):
    doc = a4.doc()
    dots, text = [], []
    for page, it in _tiles(a4):
        rx, ry = it["region_mm"][0] - it["x_mm"], it["region_mm"][1] - it["y_mm"]
        pg = doc[page["number"] - 1]
        for d in pg.get_drawings():
            r = d["rect"]
            # a dot printed on this tile: the board is drawn whole under the tile's clip, so
            # a sheet holding several strips draws each strip's board over the others' places
            on = (
                it["x_mm"] <= (r.x0 + r.x1) / 2 * MM <= it["x_mm"] + it["w_mm"]
                and it["y_mm"] <= (r.y0 + r.y1) / 2 * MM <= it["y_mm"] + it["h_mm"]
            )
            if on and _hex(d.get("fill")) == "#000000" and abs(r.width * MM - IN) < 0.1:
                dots.append((r.x0 * MM + rx, r.y0 * MM + ry))
        text.append(pg.get_text())
    assert dots and all(
        x == pytest.approx(10.5 * IN, abs=0.1) and y == pytest.approx(10.5 * IN, abs=0.1)
        for x, y in dots
    )
    words = " ".join(" ".join(text).split())
    for names in DEED_NAMES.values():
        for name in names:
            assert name in words
    for w in (
        "You",
        "Will",
        "Win",
        "The",
        "Future",
        "Build",
        "or",
        "Be",
        "Destroyed",
        "TANK",
        "FARM",
        "NEW",
        "YEAR",
    ):
        assert w in words
    for season in ("WINTER", "SPRING", "SUMMER", "AUTUMN"):
        assert season in words


def test_reference_card_has_actions_new_year_and_magnitudes(a4):
    doc = a4.doc()
    page = next(
        p for p, it in page_items(a4.manifest, "sheet") if it["component"] == "reference-card"
    )
    text = " ".join(doc[page["number"] - 1].get_text().split())
    for w in (
        "BUILD",
        "INVEST",
        "LOOT",
        "POLICE",
        "NEW YEAR",
        "Pay the COST",
        "Collect 4 squares",
        "1 or 2",
        "10 - 8",
        "total loss",
        "lose 3",
        "lose 2",
        "lose 1",
        "4 - 1",
        "no damage",
        "black dot",
        "TO WIN",
    ):
        assert w in text, w


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_flat_items_sit_inside_the_printable_area(built, paper):
    b = built("earthquake", paper)
    W, H = b.manifest["page_size_mm"]
    m = b.manifest["printable_margin_mm"]
    n = 0
    for page, it in page_items(b.manifest):
        if page["kind"] in ("sheet", "backs"):
            n += 1
            assert it["x_mm"] >= m - 0.01 and it["y_mm"] >= m - 0.01
            assert (
                it["x_mm"] + it["w_mm"] <= W - m + 0.01 and it["y_mm"] + it["h_mm"] <= H - m + 0.01
            )
    assert n > 32


def _check_copy(game_copy, capsys, edit):
    folder = game_copy("earthquake")
    edit(folder)
    code = main(["check", str(folder)])
    return code, capsys.readouterr().out


def test_checker_catches_a_removed_deed(game_copy, capsys):
    def edit(folder):
        f = folder / "deeds.yaml"
        text = f.read_text()
        assert "Morrison, Water]" in text
        f.write_text(text.replace("Morrison, Water]", "Morrison]"))

    code, out = _check_copy(game_copy, capsys, edit)
    assert code == 1
    failed = {ln.split()[1] for ln in out.splitlines() if ln.startswith("DEPARTS")}
    assert {
        "deeds-total",
        "deed-names",
        "red-southeast-names",
        "deeds-per-quadrant",
        "blocks-per-side",
    } <= failed


def test_checker_catches_a_wrong_starting_supply(game_copy, capsys):
    def edit(folder):
        f = folder / "building-pieces.yaml"
        text = f.read_text()
        assert "count: 5\n" in text
        f.write_text(text.replace("count: 5\n", "count: 4\n"))

    code, out = _check_copy(game_copy, capsys, edit)
    assert code == 1
    failed = {ln.split()[1] for ln in out.splitlines() if ln.startswith("DEPARTS")}
    assert {"start-blue", "start-squares", "start-pieces"} <= failed
    assert "start-red" not in failed


def test_the_shipped_game_passes_its_rulebook(built):
    """The rulebook check of the session's A4 build (the one `pnp check` makes) fails nothing."""
    b = built("earthquake", "a4")
    assert b.rules and b.failed == []


def test_player_pieces_and_dice_are_fold_up_nets(a4):
    placed = {}
    for page, it in page_items(a4.manifest, "sheet"):
        placed.setdefault(it["component"], []).append((page, it))
    colours = ["red", "orange", "yellow", "green", "blue", "indigo", "black", "white"]
    for colour in colours:
        assert len(placed[f"player-piece-{colour}"]) == 1
    assert len(placed["dice"]) == 2 and len(placed["ten-sided-die"]) == 1
    doc = a4.doc()
    page, it = placed["ten-sided-die"][0]
    words = {w[4] for w in doc[page["number"] - 1].get_text("words") if _inside(w[:4], _box(it))}
    assert {str(n) for n in range(1, 11)} <= words
    # glue tabs: grey trapezoids inside each die net
    for page, it in placed["dice"] + placed["ten-sided-die"]:
        tabs = [
            d
            for d in doc[page["number"] - 1].get_drawings()
            if _hex(d.get("fill")) == "#e4e4e4" and _inside(tuple(d["rect"]), _box(it))
        ]
        assert len(tabs) >= 5


def test_direction_of_travel_is_printed(built):
    b = built("earthquake")
    doc = b.doc()

    def text_of(component: str) -> str:
        pages = {p["number"] for p, it in page_items(b.manifest) if it["component"] == component}
        return " ".join(" ".join(doc[n - 1].get_text().split()) for n in pages)

    assert "counterclockwise" in text_of("reference-card")
    assert "start here, go north" in text_of("board")
