"""The piecepack and Global Warming: sizes, duplex alignment, rules, use by reference."""

from pathlib import Path

import pytest
from conftest import MM, page_items

from pnp.cli import main

PAPER_W = {"a4": 210.0, "letter": 215.9}
TILE, COIN = 50.8, 19.05  # 2 in tiles, 0.75 in coins
SUITS = {"suns", "moons", "crowns", "arms"}
RANKS = {"null", "ace", "2", "3", "4", "5"}


@pytest.fixture(params=["a4", "letter"])
def gw(request, built):
    return request.param, built("global-warming", request.param)


def test_tiles_and_coins_one_per_suit_and_rank(gw):
    _, b = gw
    for family, size in (("tiles", TILE), ("coins", COIN)):
        fronts = [it for _, it in page_items(b.manifest, "sheet") if it["component"] == family]
        assert len(fronts) == 24
        assert {tuple(it["id"].split("-")) for it in fronts} == {(s, r) for s in SUITS for r in RANKS}
        for it in fronts:
            assert abs(it["w_mm"] - size) < 0.1 and abs(it["h_mm"] - size) < 0.1


def _rects(page):
    return [(d["rect"].x0 * MM, d["rect"].y0 * MM, d["rect"].width * MM, d["rect"].height * MM) for d in page.get_drawings()]


def test_backs_line_up_for_long_edge_duplex(gw):
    paper, b = gw
    W = PAPER_W[paper]
    pages = b.manifest["pages"]
    doc = b.doc()
    seen = {"tiles": 0, "coins": 0}
    for i, page in enumerate(pages):
        if page["kind"] != "backs":
            continue
        front = {(it["component"], it["id"]): it for it in pages[i - 1]["items"]}
        drawn = _rects(doc[page["number"] - 1])
        for it in page["items"]:
            if it["component"] not in seen:
                continue
            f = front[it["component"], it["id"]]
            assert abs(it["x_mm"] - (W - f["x_mm"] - f["w_mm"])) < 0.01 and abs(it["y_mm"] - f["y_mm"]) < 0.01
            # the PDF draws the back's outline (a square tile, or a coin's circle) exactly there
            assert any(abs(x - it["x_mm"]) < 0.1 and abs(y - it["y_mm"]) < 0.1 and abs(w - it["w_mm"]) < 0.1 and abs(h - it["h_mm"]) < 0.1 for x, y, w, h in drawn), it
            seen[it["component"]] += 1
    assert seen == {"tiles": 24, "coins": 24}


def test_coin_sides_show_rank_and_suit(built):
    b = built("global-warming", "a4")
    doc = b.doc()
    for page, it in page_items(b.manifest, "sheet"):
        if it["component"] != "coins":
            continue
        clip = [v / MM for v in (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])]
        words = [w[4] for w in doc[page["number"] - 1].get_text("words", clip=clip)]
        rank = it["id"].split("-")[1]
        expected = {"ace": ["A"], "null": []}.get(rank, [rank])
        assert words == expected, (it["id"], words)


def test_dice_are_cube_nets_in_two_sizes(built):
    small = [it for _, it in page_items(built("global-warming", "a4").manifest) if it["component"] == "dice"]
    large = [it for _, it in page_items(built("global-warming", "a4", variant="large-dice").manifest) if it["component"] == "dice"]
    assert len(small) == 4 and len(large) == 4
    # a cube net in a cross is 3 x 4 faces plus tabs: the larger die scales with its edge
    area = lambda it: it["w_mm"] * it["h_mm"]  # noqa: E731
    assert area(large[0]) > area(small[0]) * 1.8
    assert max(small[0]["w_mm"], small[0]["h_mm"]) >= 4 * 12.7


def test_setup_sheet_and_player_aid(built):
    b = built("global-warming", "a4")
    text = " ".join(" ".join(b.doc()[p["number"] - 1].get_text().split()) for p in b.manifest["pages"] if p["kind"] == "sheet")
    for phrase in ["5 x 5 tiles, the centre missing", "Tactical variant", "without replacement", "line of three coins", "blank, 5, 4, 3, 2, A", "last survivor"]:
        assert phrase in text, phrase
    assert sum(1 for _, it in page_items(b.manifest) if it["component"] == "aid") == 4


def test_checker_passes(built):
    for game in ("global-warming", "piecepack"):  # each build's check is `pnp check GAME`'s
        b = built(game, "a4")
        assert b.rules and b.failed == [], game


def _copy_with_piecepack(game_copy, tmp_path):
    """A copy of Global Warming that uses a copy of the piecepack beside it."""
    import shutil

    gw = game_copy("global-warming")
    from pnp.spec.load import find_game

    shutil.copytree(find_game("piecepack"), gw / "piecepack")
    game = gw / "game.yaml"
    game.write_text(game.read_text().replace("  - game: piecepack", "  - game: ./piecepack"))
    return gw


def test_checker_fails_on_a_duplicated_tile(game_copy, tmp_path, capsys):
    gw = _copy_with_piecepack(game_copy, tmp_path)
    tiles = gw / "piecepack" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("include: [suits.yaml]", "include: [suits.yaml]\noptions: {}\n") + "")
    suits = (gw / "piecepack" / "suits.yaml").read_text()
    # the tiles get one more item: a second Suns 5
    tiles.write_text(tiles.read_text() + "items:\n" + suits.split("items:\n", 1)[1] + '  - {id: suns-5-again, suit: suns, colour: suns, rank: "5", label: "5"}\n')
    assert main(["check", str(gw)]) == 1
    out = capsys.readouterr().out
    assert any(ln.startswith("DEPARTS tiles ") and "24" in ln and "25" in ln for ln in out.splitlines()), out
    assert any(ln.startswith("DEPARTS one-coin-per-tile") for ln in out.splitlines())


def test_checker_fails_on_a_missing_coin(game_copy, tmp_path, capsys):
    gw = _copy_with_piecepack(game_copy, tmp_path)
    coins = gw / "piecepack" / "coins.yaml"
    suits = (gw / "piecepack" / "suits.yaml").read_text()
    items = suits.split("items:\n", 1)[1].replace('        - {rank: "5", label: "5"}\n', "")
    coins.write_text(coins.read_text() + "items:\n" + items + '  - {id: suns-5, suit: suns, colour: suns, rank: "5", label: "5"}\n  - {id: moons-5, suit: moons, colour: moons, rank: "5", label: "5"}\n  - {id: crowns-5, suit: crowns, colour: crowns, rank: "5", label: "5"}\n')
    assert main(["check", str(gw)]) == 1
    out = capsys.readouterr().out
    assert any(ln.startswith("DEPARTS coins ") and "24" in ln and "23" in ln for ln in out.splitlines()), out


def test_a_users_game_uses_the_piecepack_by_reference(built):
    folder = Path(__file__).parent / "data" / "my-piecepack-game"
    b = built(str(folder), "a4")
    families = {f["component"]: f["count"] for f in b.manifest["families"]}
    assert families == {"rules-card": 1, "tiles": 24, "coins": 24, "dice": 4, "pawns": 4}


def _outline(doc, page, it):
    """The drawing whose bounding box is exactly the item's box (its cut line)."""
    for d in doc[page["number"] - 1].get_drawings():
        r = d["rect"]
        if all(abs(a - b) < 0.1 for a, b in zip((r.x0 * MM, r.y0 * MM, r.width * MM, r.height * MM), (it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"]), strict=True)):
            return d
    return None


@pytest.mark.parametrize(
    "variant, edge",
    [(None, 12.7), ("large-dice", 19.05)],  # 0.5 in, and the larger option 0.75 in
)
def test_dice_nets_measure_from_their_edge(built, variant, edge):
    b = built("global-warming", "a4", variant=variant)
    doc = b.doc()
    tab = edge / 4  # the default tab: a quarter of the edge (both are above the 3 mm minimum)
    # a d6 cross: 3 faces + 2 side tabs one way, 4 faces + 1 end tab the other
    want = sorted([3 * edge + 2 * tab, 4 * edge + tab])
    dice = [(p, it) for p, it in page_items(b.manifest) if it["component"] == "dice"]
    assert sorted(it["id"] for _, it in dice) == ["arms-die", "crowns-die", "moons-die", "suns-die"]
    for page, it in dice:
        got = sorted([it["w_mm"], it["h_mm"]])
        assert abs(got[0] - want[0]) < 0.1 and abs(got[1] - want[1]) < 0.1, (it["id"], got, want)
        assert _outline(doc, page, it) is not None, it["id"]


def test_tiles_show_their_rank(built):
    b = built("global-warming", "a4")
    doc = b.doc()
    seen = 0
    for page, it in page_items(b.manifest, "sheet"):
        if it["component"] != "tiles":
            continue
        clip = [v / MM for v in (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])]
        words = [w[4] for w in doc[page["number"] - 1].get_text("words", clip=clip)]
        rank = it["id"].split("-")[1]
        assert words == {"ace": ["A"], "null": []}.get(rank, [rank]), (it["id"], words)
        seen += 1
    assert seen == 24


def test_setup_sheet_draws_the_island_and_both_variants(built):
    b = built("global-warming", "a4")
    doc = b.doc()
    [(page, sheet)] = [(p, it) for p, it in page_items(b.manifest, "sheet") if it["component"] == "setup"]
    tile_fill, moved_fill = (0xE9 / 255, 0xDF / 255, 0xC4 / 255), (0xC9 / 255, 0xB2 / 255, 0x7C / 255)

    def squares(fill):
        out = []
        for d in doc[page["number"] - 1].get_drawings():
            r = d["rect"]
            if d.get("fill") and all(abs(a - c) < 0.01 for a, c in zip(d["fill"], fill, strict=True)) and abs(r.width * MM - 11.4) < 0.1:
                out.append((r.x0 * MM - sheet["x_mm"], r.y0 * MM - sheet["y_mm"]))
        return out

    tiles, moved = squares(tile_fill), squares(moved_fill)
    island = [t for t in tiles if t[0] < 95]
    assert len(island) == 24  # 5 x 5 with the centre missing
    assert (34.0, 57.0) not in [(round(x, 1), round(y, 1)) for x, y in island]  # the centre is empty
    # each tactical diagram: 20 tiles stay, 4 are moved next to the middle of each outer edge
    upper = [t for t in tiles if t[0] > 95 and t[1] < 120]
    lower = [t for t in tiles if t[0] > 95 and t[1] > 120]
    assert len(upper) == 20 and len(lower) == 20
    assert len([m for m in moved if m[1] < 120]) == 4 and len([m for m in moved if m[1] > 120]) == 4


@pytest.mark.parametrize("variant", [None, "large-dice"])
def test_the_piecepack_builds_alone(built, variant):
    b = built("piecepack", "letter", variant=variant)
    families = {f["component"]: (f["count"], f["two_sided"]) for f in b.manifest["families"]}
    assert families == {"tiles": (24, True), "coins": (24, True), "dice": (4, False), "pawns": (4, False)}
    assert main(["check", "piecepack"]) == 0


def test_pawns_are_folding_standees(built):
    b = built("global-warming", "a4")
    pawns = [it for _, it in page_items(b.manifest) if it["component"] == "pawns"]
    assert sorted(it["id"] for it in pawns) == ["arms-pawn", "crowns-pawn", "moons-pawn", "suns-pawn"]
    for it in pawns:
        # one strip 0.75 in wide: two 1.1 in figure panels and two 0.5 in base panels
        w, h = (it["w_mm"], it["h_mm"]) if it["rotation"] in (0, 180) else (it["h_mm"], it["w_mm"])
        assert abs(w - 19.05) < 0.1 and abs(h - (2 * 27.94 + 2 * 12.7)) < 0.1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_player_aid_draws_the_order_of_the_die_faces(built, paper):
    """Blank, 5, 4, 3, 2, A as six drawn die faces on every aid (a 9 mm square each)."""
    b = built("global-warming", paper)
    doc = b.doc()
    aids = [(p, it) for p, it in page_items(b.manifest, "sheet") if it["component"] == "aid"]
    assert len(aids) == 4
    for page, it in aids:
        assert abs(min(it["w_mm"], it["h_mm"]) - 101.6) < 0.1 and abs(max(it["w_mm"], it["h_mm"]) - 152.4) < 0.1
        x0, y0, x1, y1 = it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"]
        faces = []
        for d in doc[page["number"] - 1].get_drawings():
            r = d["rect"]
            if x0 <= r.x0 * MM and r.x1 * MM <= x1 and y0 <= r.y0 * MM and r.y1 * MM <= y1 and abs(r.width * MM - 9) < 0.1 and abs(r.height * MM - 9) < 0.1:
                faces.append(r)
        assert len(faces) == 6, it["id"]
        labels = []
        for r in faces:
            words = [w[4] for w in doc[page["number"] - 1].get_text("words", clip=r)]
            labels.append(words[0] if words else "blank")
        # in a row across the card, left to right: down the page when the card is turned 90 degrees
        along = [r.x0 if it["rotation"] == 0 else r.y0 for r in faces]
        assert it["rotation"] in (0, 90)
        assert [lab for _, lab in sorted(zip(along, labels, strict=True))] == ["blank", "5", "4", "3", "2", "A"]
