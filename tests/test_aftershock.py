"""Aftershock built end to end: every component of the rulebook, read back from the PDFs and manifests."""

import importlib.util
import re
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from conftest import MM, REPO, page_items

from pnp.pipeline import check_rules, prepare
from pnp.spec.load import load_game

TOL = 0.1
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

# The rulebook's card distribution table: (area, cost in $M) -> cards.
AREA_CARDS = {
    ("San Francisco", 1): 2,
    ("San Francisco", 3): 2,
    ("San Francisco", 6): 1,
    ("Oakland", 1): 1,
    ("Oakland", 3): 2,
    ("Oakland", 6): 1,
    ("Richmond", 1): 2,
    ("Richmond", 3): 1,
    ("Richmond", 6): 1,
    ("Fremont", 1): 2,
    ("Fremont", 6): 1,
    ("Vallejo", 3): 3,
    ("Hayward", 1): 1,
    ("Hayward", 3): 1,
    ("Hayward", 6): 1,
    ("San Jose", 1): 2,
    ("San Jose", 6): 1,
    ("Palo Alto", 1): 2,
    ("Palo Alto", 3): 1,
    ("South San Francisco", 1): 1,
    ("South San Francisco", 3): 1,
    ("San Rafael", 1): 1,
    ("San Rafael", 3): 1,
}
AREAS = [
    "San Rafael",
    "Vallejo",
    "Richmond",
    "San Francisco",
    "Oakland",
    "South San Francisco",
    "Hayward",
    "Palo Alto",
    "Fremont",
    "San Jose",
]
# Sizes in mm: the counts, the sizes chosen in the YAML.
PIECES = {
    "cards": (53, 63.5, 88.9),
    "buy-tokens": (15, 22.0, 22.0),
    "score-markers": (20, 18.0, 18.0),
    "meeples": (105, 14.0, 14.0),
    "houses": (25, 16.0, 16.0),
    "bridges": (80, 9.0, 20.0),
    "aftershock-markers": (7, 24.0, 24.0),
    "influence-markers": (5, 24.0, 24.0),
    "coins": (55, 22.0, 22.0),
    "first-player": (1, 32.0, 32.0),
    "screens": (5, 264.0, 190.0),
    "planning-boards": (5, 204.0, 99.0),
}
COLOURS = ["blue", "green", "red", "yellow", "purple"]


def near(a, b, tol=TOL):
    return abs(a - b) <= tol


@pytest.fixture(params=["a4", "letter"])
def aft(request, built):
    return request.param, built("aftershock", request.param)


def fronts(b, component):
    return [
        (p, it)
        for p, it in page_items(b.manifest, "sheet")
        if it["component"] == component and it["side"] == "front"
    ]


def clip(it) -> pymupdf.Rect:
    """The placed box of a manifest item, in PDF points."""
    return pymupdf.Rect(
        it["x_mm"] / MM,
        it["y_mm"] / MM,
        (it["x_mm"] + it["w_mm"]) / MM,
        (it["y_mm"] + it["h_mm"]) / MM,
    )


def words_in(page, it) -> str:
    return " ".join(w[4] for w in page.get_text("words", clip=clip(it)))


def test_pages_are_exact_paper_size(aft):
    paper, b = aft
    w, h = PAPERS[paper]
    for page in b.doc():
        assert sorted((round(page.rect.width * MM, 1), round(page.rect.height * MM, 1))) == sorted(
            (round(w, 1), round(h, 1))
        )
    m = b.manifest["printable_margin_mm"]
    for page, it in page_items(b.manifest):
        pw, ph = page["size_mm"]
        assert it["x_mm"] >= m - 1e-6 and it["x_mm"] + it["w_mm"] <= pw - m + 1e-6, it
        assert it["y_mm"] >= m - 1e-6 and it["y_mm"] + it["h_mm"] <= ph - m + 1e-6, it


def test_every_component_count_and_size(aft):
    _, b = aft
    for comp, (count, w, h) in PIECES.items():
        placed = fronts(b, comp)
        assert len(placed) == count, comp
        for _, it in placed:
            pw, ph = (
                (it["w_mm"], it["h_mm"]) if it["rotation"] in (0, 180) else (it["h_mm"], it["w_mm"])
            )
            assert near(pw, w) and near(ph, h), (comp, it)


def test_player_pieces_per_colour(aft):
    _, b = aft
    per = {
        "meeples": 21,
        "houses": 5,
        "bridges": 16,
        "score-markers": 4,
        "buy-tokens": 3,
        "screens": 1,
        "planning-boards": 1,
    }
    for comp, n in per.items():
        c = Counter(it["id"].split("-")[0] for _, it in fronts(b, comp))
        assert c == dict.fromkeys(COLOURS, n), comp


def test_each_area_card_prints_its_area_and_cost(aft):
    """Read the name band and the cost coin of every card from the PDF, inside its placed box."""
    _, b = aft
    doc = b.doc()
    found = Counter()
    kinds = Counter()
    for page, it in fronts(b, "cards"):
        # upright, or turned a quarter clockwise (Letter: three rows of poker cards leave no
        # room for marks that print, so the grid lies the other way)
        assert it["rotation"] in (0, 90)
        pdf_page = doc[page["number"] - 1]
        band = (  # the name band along the top of the card
            dict(it, h_mm=15.0)
            if it["rotation"] == 0
            else dict(it, x_mm=it["x_mm"] + it["w_mm"] - 15.0, w_mm=15.0)
        )
        name = words_in(pdf_page, band)
        text = words_in(pdf_page, it)
        costs = re.findall(r"\$(\d)M", text)
        assert len(costs) == 1, text
        if name in ("BRIDGE", "AFTERSHOCK", "INFLUENCE"):
            kinds[(name, int(costs[0]))] += 1
            continue
        assert name in AREAS, name
        assert "place" in text and "meeple" in text
        found[(name, int(costs[0]))] += 1
    assert found == AREA_CARDS
    assert sum(found.values()) == 32
    # the rulebook's example prices: Bridge $4M, Big Aftershock $3M, Influence $5M
    assert kinds[("BRIDGE", 4)] == 10 and kinds[("INFLUENCE", 5)] == 5
    assert sum(n for (k, _), n in kinds.items() if k == "AFTERSHOCK") == 6


def test_aftershock_cards_and_the_six_million_card(aft):
    _, b = aft
    doc = b.doc()
    strengths = Counter()
    for page, it in fronts(b, "cards"):
        text = words_in(doc[page["number"] - 1], it)
        for s in ("Regular", "Big", "Mega"):
            if f"{s} Aftershock" in text:
                strengths[s] += 1
        if "$6M" in text:
            assert "place 3 meeples" in text  # the rulebook: Fremont $6M places three meeples
    assert strengths == {"Regular": 3, "Big": 2, "Mega": 1}


def test_cards_share_one_back(aft):
    _, b = aft
    doc = b.doc()
    back_pages = sorted(
        {p["number"] for p, it in page_items(b.manifest, "backs") if it["component"] == "cards"}
    )
    # the cards' backs follow every sheet that holds a card: at least ceil(53 / 9) of them
    assert back_pages == sorted({p["number"] + 1 for p, _ in fronts(b, "cards")})
    assert len(back_pages) >= 6
    common = set.intersection(*({x[0] for x in doc[n - 1].get_xobjects()} for n in back_pages))
    assert common


def test_buy_tokens_sides(aft):
    """-$2M and -$1M flip to a used side; the +$1M tax token shows the same face on its back."""
    _, b = aft
    doc = b.doc()
    front_text = Counter()
    for page, it in fronts(b, "buy-tokens"):
        front_text[words_in(doc[page["number"] - 1], it)] += 1
    # each token ends with its seat number, 1 to 5: never told apart by colour alone
    seats = range(1, 6)
    expected = [f"{t} {n}" for t in ("-$2M Buy token", "-$1M Buy token", "+$1M tax") for n in seats]
    assert front_text == dict.fromkeys(expected, 1)
    back_text = Counter()
    for page, it in page_items(b.manifest, "backs"):
        if it["component"] == "buy-tokens":
            back_text[words_in(doc[page["number"] - 1], it)] += 1
    expected = [f"{t} {n}" for t in ("USED -$2M", "USED -$1M", "+$1M tax") for n in seats]
    assert back_text == dict.fromkeys(expected, 1)


def test_coins_and_markers_read_from_the_pdf(aft):
    _, b = aft
    doc = b.doc()
    coins = Counter(words_in(doc[p["number"] - 1], it) for p, it in fronts(b, "coins"))
    assert coins == {"$1M": 50, "$5M": 5}
    assert 5 * (5 + 10 * 1) == sum(int(k[1]) * n for k, n in coins.items())  # $15M a player
    shocks = Counter(
        words_in(doc[p["number"] - 1], it) for p, it in fronts(b, "aftershock-markers")
    )
    assert shocks == {"REGULAR die": 3, "BIG die +1": 2, "MEGA die +2": 1, "FREE die": 1}
    assert Counter(
        words_in(doc[p["number"] - 1], it) for p, it in fronts(b, "influence-markers")
    ) == {"INFLUENCE": 5}


def test_board_is_tiled_at_full_size_with_every_area(aft):
    _, b = aft
    doc = b.doc()
    tiles = [(p, it) for p, it in page_items(b.manifest) if it["component"] == "board" and "tile" in it]
    assert len(tiles) == 6
    text = ""
    for page, it in tiles:
        assert it["board_mm"] == [pytest.approx(500.0), pytest.approx(556.0)]
        w, h = (it["w_mm"], it["h_mm"]) if it["rotation"] == 0 else (it["h_mm"], it["w_mm"])
        assert near(w, it["region_mm"][2]) and near(h, it["region_mm"][3])  # 100 %
        # the tile's own text: a shared sheet holds other items too
        clip = pymupdf.Rect(it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"]) / MM
        text += " " + doc[page["number"] - 1].get_text(clip=clip)
    for area in AREAS:
        assert area.upper() in text, area
    assert "7 · 5 · 4 · 3" in text  # Richmond, from the rulebook
    assert "MOST BRIDGES" in text and "single Score marker" in text
    numbers = set(re.findall(r"\b\d{1,2}\b", text))
    assert {str(n) for n in range(1, 100)} <= numbers and "0/100" in text


def _map_module():
    path = REPO / "scripts" / "aftershock_map.py"
    spec = importlib.util.spec_from_file_location("aftershock_map", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_board_bridges_and_track_follow_the_rulebook():
    mod = _map_module()
    sections = {frozenset((a, c)): n for a, c, n, *_ in mod.BRIDGES}
    assert sections[frozenset(("San Francisco", "Richmond"))] == 4
    assert sections[frozenset(("Fremont", "Hayward"))] == 1
    assert set().union(*sections) == set(AREAS)  # every area has a bridge space
    cells = mod.track_cells()
    assert [c[0] for c in cells] == list(range(100))
    # the generated block in board.yaml is up to date with the map data
    board = (REPO / "components" / "aftershock" / "board.yaml").read_text().splitlines()
    start = next(i for i, s in enumerate(board) if s.strip().startswith("# >>> generated"))
    end = next(i for i, s in enumerate(board) if s.strip().startswith("# <<< generated"))
    assert board[start + 1 : end] == mod.board_block()
    # one drawn section per bridge section on the board spec
    game = load_game("aftershock")
    rects = [e for e in game.family("board").spec.front if e.rect is not None and e.rect.rotate]
    assert len(rects) == sum(sections.values())


def test_planning_boards_list_areas_in_scoring_order(aft):
    _, b = aft
    doc = b.doc()
    order = [
        "SAN RAFAEL",
        "VALLEJO",
        "RICHMOND",
        "OAKLAND",
        "HAYWARD",
        "SAN FRANCISCO",
        "S. SAN FRANCISCO",
        "PALO ALTO",
        "SAN JOSE",
        "FREMONT",
        "MOST BRIDGES",
    ]
    for page, it in fronts(b, "planning-boards"):
        pdf_page = doc[page["number"] - 1]
        centres = []
        for n, name in enumerate(order, 1):
            hits = pdf_page.search_for(f"{n}  {name}", clip=clip(it))
            assert len(hits) == 1, (n, name)
            r = hits[0]
            centres.append(((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2))
        # the board may be turned on the page: 'across' is the axis the top row runs along
        across = 1 if it["rotation"] in (90, 270) else 0
        row = 1 - across
        top, bottom = centres[:5], centres[5:]
        assert max(c[row] for c in top) - min(c[row] for c in top) < 1.0
        assert max(c[row] for c in bottom) - min(c[row] for c in bottom) < 1.0
        sign = 1 if top[1][across] > top[0][across] else -1
        for line in (top, bottom):
            steps = [sign * (b2[across] - a[across]) for a, b2 in zip(line, line[1:], strict=False)]
            assert all(
                s > 0 for s in steps
            )  # left to right in reading order, ending with most bridges


def test_screens_have_two_fold_lines_and_the_buy_token_rules(aft):
    _, b = aft
    doc = b.doc()
    for page, it in fronts(b, "screens"):
        pdf_page = doc[page["number"] - 1]
        box = clip(it) + (-1, -1, 1, 1)  # endpoints lie on the cut edge
        folds = []
        for d in pdf_page.get_drawings():
            if not d.get("dashes") or d["dashes"] in ("[] 0", "[] 0.0"):
                continue
            for item in d["items"]:
                if item[0] == "l" and box.contains(item[1]) and box.contains(item[2]):
                    if near(abs(item[2] - item[1]) * MM, 190.0):
                        vertical = abs(item[1].x - item[2].x) < 1e-3
                        at = (item[1].x - box.x0 - 1) if vertical else (item[1].y - box.y0 - 1)
                        folds.append(round(at * MM, 1))
        # full-height fold lines between the three 88 mm panels
        assert sorted(folds) == [pytest.approx(88.0, abs=TOL), pytest.approx(176.0, abs=TOL)]
        text = words_in(pdf_page, it)
        for words in (
            "BUY TOKENS",
            "TURN REFERENCE",
            "Flip this token over when used",
            "Never flip it",
            "5 players: 3",
        ):
            assert words in text, words


def test_die_net_faces(aft):
    _, b = aft
    doc = b.doc()
    ((page, it),) = fronts(b, "die")
    text = words_in(doc[page["number"] - 1], it).split()
    assert sorted(text) == ["1", "1", "2", "2", "3", "3"]


def test_rules_pass_and_each_area_score_is_on_the_board(built):
    game = load_game("aftershock")
    b = built("aftershock", "a4")  # the session's build, its rulebook checked as `pnp check` does
    assert b.failed == []
    assert b.rules >= 50
    for area in AREAS:
        assert f"scores_{area.lower().replace(' ', '_')}" in game.options


def _break(folder: Path, old: str, new: str) -> list:
    cards = folder / "cards.yaml"
    text = cards.read_text()
    assert old in text
    cards.write_text(text.replace(old, new, 1))
    game = load_game(str(folder))
    return [r.id for r in check_rules(prepare(game, ["a4"], legibility=False)) if not r.passed]


def test_checker_fails_on_a_sixth_san_francisco_card(game_copy):
    failed = _break(
        game_copy("aftershock"),
        "- {id: san-francisco-6m, type: area, area: San Francisco, cost: 6, meeples: 3}",
        "- {id: san-francisco-6m, type: area, area: San Francisco, cost: 6, meeples: 3, count: 2}",
    )
    assert {"cards-total", "area-cards-by-area", "san-francisco-costs"} <= set(failed)


def test_checker_fails_on_a_wrong_cost(game_copy):
    failed = _break(
        game_copy("aftershock"),
        "- {id: vallejo-3m, type: area, area: Vallejo, cost: 3, meeples: 2, count: 3}",
        "- {id: vallejo-3m, type: area, area: Vallejo, cost: 1, meeples: 2, count: 3}",
    )
    assert "vallejo-costs" in failed and "cards-total" not in failed
