"""The piecepack on its own and by reference: what the PDF draws where the manifest says.

Numbers typed from issue 4: tiles 2 in, coins 0.75 in, dice 0.5 in cubes (0.75 in with the
large-dice variant); four suits of six ranks; Suns red, Moons black, Crowns green, Arms blue.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import MM, page_items

from pnp.cli import main
from pnp.spec.load import find_game, load_game

PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TILE, COIN, DIE, LARGE_DIE = 50.8, 19.05, 12.7, 19.05
SUIT_RGB = {"suns": (0xC8, 0x10, 0x2E), "moons": (0x1B, 0x1B, 0x1B), "crowns": (0x2A, 0x7D, 0x32), "arms": (0x1D, 0x5F, 0xBF)}
RANK_WORDS = {"null": [], "ace": ["A"], "2": ["2"], "3": ["3"], "4": ["4"], "5": ["5"]}
USER_GAME = Path(__file__).parent / "data" / "my-piecepack-game"


def _rgb(fill) -> tuple[int, int, int] | None:
    return tuple(round(c * 255) for c in fill) if fill else None


def _box(d) -> tuple[float, float, float, float]:
    r = d["rect"]
    return r.x0 * MM, r.y0 * MM, r.width * MM, r.height * MM


def _at(drawings, it, tol=0.1):
    """Drawings whose bounding box is the item's box (its outline, background or cut line)."""
    want = (it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"])
    return [d for d in drawings if all(abs(a - b) < tol for a, b in zip(_box(d), want, strict=True))]


def _at_or_bled(drawings, it, tol=0.1):
    """Drawings on the item's box, or on its box grown evenly by a bleed of up to 3 mm."""
    found = _at(drawings, it, tol)
    if found:
        return found
    x, y, w, h = it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"]
    out = []
    for d in drawings:
        bx, by, bw, bh = _box(d)
        g = x - bx
        if 0 < g <= 3 and all(abs(a - b) < tol for a, b in zip((bx, by, bw, bh), (x - g, y - g, w + 2 * g, h + 2 * g), strict=True)):
            out.append(d)
    return out


def _inside(drawings, it, tol=0.1):
    x, y, w, h = it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"]
    out = []
    for d in drawings:
        bx, by, bw, bh = _box(d)
        if bx >= x - tol and by >= y - tol and bx + bw <= x + w + tol and by + bh <= y + h + tol:
            out.append(d)
    return out


def _is_circle(d) -> bool:
    return [i[0] for i in d["items"]] == ["c"] * 4


def _words(doc, page, it):
    clip = [v / MM for v in (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])]
    return [w[4] for w in doc[page["number"] - 1].get_text("words", clip=clip)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_piecepack_alone_has_every_piece_at_its_size(built, paper):
    b = built("piecepack", paper)
    doc = b.doc()
    W, H = PAPER[paper]
    for page in doc:
        assert abs(page.rect.width * MM - W) < 0.1 and abs(page.rect.height * MM - H) < 0.1
    fronts = [it for _, it in page_items(b.manifest, "sheet")]
    for family, size in (("tiles", TILE), ("coins", COIN)):
        got = [it for it in fronts if it["component"] == family]
        assert sorted(it["id"] for it in got) == sorted(f"{s}-{r}" for s in SUIT_RGB for r in RANK_WORDS)
        assert all(abs(it["w_mm"] - size) < 0.1 and abs(it["h_mm"] - size) < 0.1 for it in got)
    assert sorted(it["id"] for it in fronts if it["component"] == "dice") == sorted(f"{s}-die" for s in SUIT_RGB)
    assert sorted(it["id"] for it in fronts if it["component"] == "pawns") == sorted(f"{s}-pawn" for s in SUIT_RGB)
    # nothing crosses the printable margin
    margin = b.manifest["printable_margin_mm"]
    for _, it in page_items(b.manifest):
        assert it["x_mm"] >= margin - 0.01 and it["x_mm"] + it["w_mm"] <= W - margin + 0.01, it
        assert it["y_mm"] >= margin - 0.01 and it["y_mm"] + it["h_mm"] <= H - margin + 0.01, it


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_and_coin_backs_are_drawn_at_the_mirrored_place(built, paper):
    """Long-edge duplex: x_back = page_w - x_front - w, same y; the PDF draws both sides there."""
    b = built("piecepack", paper)
    assert b.manifest["duplex_flip"] == "long"
    W = PAPER[paper][0]
    doc = b.doc()
    pages = b.manifest["pages"]
    checked = {"tiles": 0, "coins": 0}
    for i, back_page in enumerate(pages):
        if back_page["kind"] != "backs":
            continue
        front_page = pages[i - 1]
        assert front_page["kind"] == "sheet"
        fronts = {(it["component"], it["id"]): it for it in front_page["items"]}
        front_drawn = doc[front_page["number"] - 1].get_drawings()
        back_drawn = doc[back_page["number"] - 1].get_drawings()
        for back in back_page["items"]:
            front = fronts[back["component"], back["id"]]
            assert abs(back["x_mm"] - (W - front["x_mm"] - front["w_mm"])) < 0.1
            assert abs(back["y_mm"] - front["y_mm"]) < 0.1
            assert (back["w_mm"], back["h_mm"]) == (front["w_mm"], front["h_mm"])
            for it, drawn in ((front, front_drawn), (back, back_drawn)):
                outlines = _at_or_bled(drawn, it)
                assert outlines, (paper, it)
                if it["component"] == "coins":
                    assert all(_is_circle(d) for d in outlines), it  # a coin is cut round
                else:
                    assert not any(_is_circle(d) for d in outlines), it
            checked[back["component"]] += 1
    assert checked == {"tiles": 24, "coins": 24}


def test_a_tile_shows_rank_and_suit_and_its_back_is_a_two_by_two_grid(built):
    b = built("piecepack", "a4")
    doc = b.doc()
    for page, it in page_items(b.manifest):
        if it["component"] != "tiles":
            continue
        suit, rank = it["id"].split("-")
        drawn = _inside(doc[page["number"] - 1].get_drawings(), it)
        if it["side"] == "front":
            assert _words(doc, page, it) == RANK_WORDS[rank]
            # the suit symbol in the suit's colour (the blank tile shows a large one)
            assert any(_rgb(d.get("fill")) == SUIT_RGB[suit] for d in drawn), it["id"]
            continue
        assert _words(doc, page, it) == []
        grids = [d for d in drawn if [i[0] for i in d["items"]] == ["l"] * 6]
        assert len(grids) == 1, it["id"]
        lines = {tuple(round(v, 1) for v in (p.x * MM - it["x_mm"], p.y * MM - it["y_mm"], q.x * MM - it["x_mm"], q.y * MM - it["y_mm"])) for _, p, q in grids[0]["items"]}
        half = TILE / 2  # the middle lines: the tile is divided in four 1 in squares
        assert (round(half, 1), 0.0, round(half, 1), TILE) in lines and (0.0, round(half, 1), TILE, round(half, 1)) in lines


def test_a_coin_shows_the_rank_on_one_side_and_the_suit_on_the_other(built):
    b = built("piecepack", "letter")
    doc = b.doc()
    sides = 0
    for page, it in page_items(b.manifest):
        if it["component"] != "coins":
            continue
        suit, rank = it["id"].split("-")
        fills = {_rgb(d.get("fill")) for d in _at(doc[page["number"] - 1].get_drawings(), it) if _is_circle(d)}
        if it["side"] == "front":
            assert _words(doc, page, it) == RANK_WORDS[rank]
            assert SUIT_RGB[suit] not in fills
        else:
            assert _words(doc, page, it) == []
            assert SUIT_RGB[suit] in fills  # a disc of the suit colour under the white symbol
        sides += 1
    assert sides == 48


@pytest.mark.parametrize("variant, edge", [(None, DIE), ("large-dice", LARGE_DIE)])
def test_dice_are_cube_nets_in_the_suit_colour_with_glue_tabs(built, variant, edge):
    b = built("piecepack", "a4", variant=variant)
    doc = b.doc()
    dice = [(p, it) for p, it in page_items(b.manifest) if it["component"] == "dice"]
    assert len(dice) == 4
    for page, it in dice:
        suit = it["id"].removesuffix("-die")
        drawn = _inside(doc[page["number"] - 1].get_drawings(), it)
        faces = {(round(_box(d)[0], 2), round(_box(d)[1], 2)) for d in drawn if _rgb(d.get("fill")) == SUIT_RGB[suit] and abs(_box(d)[2] - edge) < 0.1 and abs(_box(d)[3] - edge) < 0.1}
        assert len(faces) == 6, (it["id"], faces)
        tabs = [d for d in drawn if _rgb(d.get("fill")) == (0xE4, 0xE4, 0xE4)]
        assert len(tabs) == 7  # a cube net's 12 edges: 5 folded, 7 glued
        assert sorted(_words(doc, page, it)) == ["2", "3", "4", "5", "A"]  # and one blank face
    # the print guide names the size that is printed
    inches = "0.5" if variant is None else "0.75"
    assert f"Dice (4, {inches} in cubes)" in " ".join(doc[0].get_text().split())


def test_pawns_are_standees_one_per_suit_in_its_colour(built):
    b = built("piecepack", "a4")
    doc = b.doc()
    pawns = [(p, it) for p, it in page_items(b.manifest) if it["component"] == "pawns"]
    assert sorted(it["id"] for _, it in pawns) == sorted(f"{s}-pawn" for s in SUIT_RGB)
    for page, it in pawns:
        suit = it["id"].removesuffix("-pawn")
        fills = {_rgb(d.get("fill")) for d in _inside(doc[page["number"] - 1].get_drawings(), it)}
        assert SUIT_RGB[suit] in fills
        assert not (fills & {v for k, v in SUIT_RGB.items() if k != suit})
        assert abs(it["w_mm"] - 19.05) < 0.1  # 0.75 in wide


def test_suits_and_ranks_are_written_once():
    g = load_game("piecepack")
    for name in ("tiles", "coins"):
        fam = g.family(name)
        assert "include: [suits.yaml]" in (fam.folder / f"{name}.yaml").read_text()
        assert {(i.attrs["suit"], i.attrs["rank"]) for i in fam.items} == {(s, r) for s in SUIT_RGB for r in RANK_WORDS}


# --- the checker: a piecepack that breaks the standard --------------------------------------

COIN_ITEMS = "items:\n" + "".join(
    f'  - {{id: {s}-{r}, suit: {s}, colour: {s}, rank: "{r}", label: "{ {"null": "", "ace": "A"}.get(r, r)}"}}\n'
    for s in SUIT_RGB
    for r in RANK_WORDS
)


def _check(folder: Path, capsys) -> tuple[int, dict[str, str]]:
    code = main(["check", str(folder)])
    out = capsys.readouterr().out
    lines = {}
    for ln in out.splitlines():
        parts = ln.split()
        if len(parts) > 1 and parts[0] in ("ok", "FAIL", "DEPARTS"):
            lines[parts[1]] = parts[0]
    return code, lines


def test_the_checker_passes_the_piecepack_with_its_coins_written_out(game_copy, capsys):
    pp = game_copy("piecepack")
    coins = pp / "coins.yaml"
    coins.write_text(coins.read_text().replace("include: [suits.yaml]\n", "") + COIN_ITEMS)
    code, lines = _check(pp, capsys)
    assert code == 0 and lines["one-coin-per-tile"] == "ok"


def test_the_checker_finds_a_coin_whose_suit_is_swapped(game_copy, capsys):
    """Suns 5 printed as a Moons 5 and Moons 4 as a Suns 4: every suit still has six coins and
    every rank four, so only the match by suit and rank can find it."""
    pp = game_copy("piecepack")
    coins = pp / "coins.yaml"
    items = COIN_ITEMS.replace("{id: suns-5, suit: suns, colour: suns", "{id: suns-5, suit: moons, colour: moons")
    items = items.replace("{id: moons-4, suit: moons, colour: moons", "{id: moons-4, suit: suns, colour: suns")
    coins.write_text(coins.read_text().replace("include: [suits.yaml]\n", "") + items)
    code, lines = _check(pp, capsys)
    assert code == 1
    assert lines["coins-per-suit"] == "ok" and lines["coins-per-rank"] == "ok" and lines["coins"] == "ok"
    assert lines["one-coin-per-suit-and-rank"] == "DEPARTS" and lines["one-coin-per-tile"] == "DEPARTS"


def test_the_checker_finds_a_duplicated_tile_and_a_missing_coin(game_copy, capsys):
    pp = game_copy("piecepack")
    tiles = pp / "tiles.yaml"
    tiles.write_text(tiles.read_text() + 'items:\n  - id: "{suit}-{rank}"\n    for_each:\n' + (pp / "suits.yaml").read_text().split("for_each:\n", 1)[1] + '  - {id: extra, suit: arms, colour: arms, rank: "3", label: "3"}\n')
    coins = pp / "coins.yaml"
    coins.write_text(coins.read_text().replace("include: [suits.yaml]\n", "") + COIN_ITEMS.replace('  - {id: crowns-2, suit: crowns, colour: crowns, rank: "2", label: "2"}\n', ""))
    code, lines = _check(pp, capsys)
    assert code == 1
    for rule in ("tiles", "tiles-per-suit", "tiles-per-rank", "one-tile-per-suit-and-rank", "coins", "coins-per-suit", "coins-per-rank", "one-coin-per-tile"):
        assert lines[rule] == "DEPARTS", rule
    assert lines["one-coin-per-suit-and-rank"] == "ok"  # the 23 coins left are all different


# --- a user's own game takes the piecepack by reference --------------------------------------


def test_a_users_game_holds_no_copy_of_the_piecepack():
    assert sorted(p.name for p in USER_GAME.iterdir()) == ["game.yaml", "rules-card.yaml", "rules.yaml"]
    g = load_game(str(USER_GAME))
    assert [f.name for f in g.families] == ["rules-card", "tiles", "coins", "dice", "pawns"]
    assert g.family("tiles").folder == find_game("piecepack").resolve()
    # and its own rules check the piecepack's families
    assert main(["check", str(USER_GAME)]) == 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_users_game_builds_with_the_piecepack(built, paper):
    b = built(str(USER_GAME), paper)
    families = {f["component"]: (f["count"], f["two_sided"]) for f in b.manifest["families"]}
    assert families == {"rules-card": (1, False), "tiles": (24, True), "coins": (24, True), "dice": (4, False), "pawns": (4, False)}
    doc = b.doc()
    [(page, card)] = [(p, it) for p, it in page_items(b.manifest) if it["component"] == "rules-card"]
    assert abs(card["w_mm"] - 63.5) < 0.1 and abs(card["h_mm"] - 88.9) < 0.1
    assert "Sun 5 tile." in " ".join(_words(doc, page, card))
    # its rules card uses the piecepack's palette: the Suns symbol in red
    assert SUIT_RGB["suns"] in {_rgb(d.get("fill")) for d in _inside(doc[page["number"] - 1].get_drawings(), card)}


def test_a_users_variant_can_change_a_piecepack_family(tmp_path, built):
    mine = tmp_path / "mine"
    shutil.copytree(USER_GAME, mine)
    game = mine / "game.yaml"
    game.write_text(game.read_text() + "variants:\n  big-dice:\n    description: Dice of 1 in.\n    families:\n      dice: {edge: 1in}\n")
    b = built(str(mine), "a4", variant="big-dice")
    doc = b.doc()
    for page, it in page_items(b.manifest):
        if it["component"] == "dice":
            drawn = _inside(doc[page["number"] - 1].get_drawings(), it)
            assert sum(1 for d in drawn if abs(_box(d)[2] - 25.4) < 0.1 and abs(_box(d)[3] - 25.4) < 0.1 and d.get("fill")) == 6
    # and the piecepack itself is untouched
    assert load_game("piecepack").family("dice").spec.edge == pytest.approx(DIE)


def test_a_misspelt_attribute_in_a_match_fails_instead_of_passing(game_copy, capsys):
    pp = game_copy("piecepack")
    rules = pp / "rules.yaml"
    text = rules.read_text()
    assert "equal: [{family: tiles, by: [suit, rank]}, {family: coins, by: [suit, rank]}]" in text
    rules.write_text(text.replace("{family: coins, by: [suit, rank]}]", "{family: coins, by: [suit, rnak]}]"))
    code = main(["check", str(pp)])
    out = capsys.readouterr().out
    assert code == 1
    [line] = [ln for ln in out.splitlines() if ln.startswith("DEPARTS one-coin-per-tile")]
    assert "rnak" in line and "coins without it" in line
