"""The Greenway: what a failing rule reports (its breaks are in tests/mutations/greenway.yaml)."""

from __future__ import annotations

from tests.rulecheck import check, copy_game, edit


def test_shipped_game_passes_in_both_variants(built):
    for variant in (None, "setup", "plain"):  # each session build's check is `pnp check`'s
        b = built("greenway", "a4", variant)
        assert b.rules and b.failed == [], variant


def test_marked_back_names_the_card(tmp_path, capsys):
    game = copy_game(tmp_path, "greenway")
    edit(
        game,
        "cards.yaml",
        "  - symbol: {name: suit-spades, x: 51.5mm, y: 76.9mm, size: 6mm, colour: lawn}",
        "  - symbol: {name: suit-spades, x: 51.5mm, y: 76.9mm, size: 6mm, colour: lawn}\n    unless: {suit: clubs, rank: 8}",
    )
    rc, results = check(game, capsys)
    r = results["card-backs-alike"]
    assert rc == 1 and not r["passed"]
    assert [m["item"] for m in r["misses"]] == ["clubs-8"] and r["misses"][0]["face"] == "back"


def test_a_text_missing_from_every_face_still_names_the_family_and_line(tmp_path, capsys):
    """No face prints P4 when a seat is dropped: the failure names the protectors and their items line."""
    game = copy_game(tmp_path, "greenway")
    edit(game, "game.yaml", "players: {min: 4, max: 4}", "players: {min: 3, max: 3}")
    rc, results = check(game, capsys)
    r = results["protectors-printed"]
    assert rc == 1 and not r["passed"]
    assert r["item"] == "15 protectors" and r["face"] == "front" and "missing ['P4'" in r["printed"]
    file, line = r["spec"].rsplit(":", 1)
    assert file.endswith("protectors.yaml") and (game / "protectors.yaml").read_text().splitlines()[
        int(line) - 1
    ].startswith("items:")


def _board_and_guide(b) -> tuple[list[str], str]:
    doc = b.doc()
    board = [
        w[4]
        for p in b.manifest["pages"]
        if any(it["component"] == "board" for it in p.get("items", []))
        for w in doc[p["number"] - 1].get_text("words")
    ]
    guide = " ".join(
        " ".join(doc[p["number"] - 1].get_text().split())
        for p in b.manifest["pages"]
        if p["kind"] == "guide"
    )
    return board, guide


def test_guide_says_the_board_prints_the_start_positions_and_how_to_leave_them_out(built):
    default, plain_b = built("greenway", "a4"), built("greenway", "a4", variant="plain")
    starts = {"P1": 5, "P2": 5, "P3": 5, "P4": 5, "O1": 1, "O2": 1, "O3": 1, "O4": 1, "qh": 4} | {
        f"V{n}": 1 for n in range(1, 9)
    }
    for b in (default, plain_b):
        board, guide = _board_and_guide(b)
        assert "The board prints the rulebook's setup diagram" in guide
        assert (
            "the Protectors (P1-P4, five each), the Occupiers (O1-O4), the Veterans (V1-V8) and the heads-up quarters (qh)"
            in guide
        )
        assert (
            "Build with --variant plain (pnp build greenway --variant plain) for a board without them."
            in guide
        )
    # and it is so: the default board adds these start squares to the plain board (whose P1-P4
    # are the four safe-zone corners); a square on a tile seam prints on both tiles, hence up to twice
    plain, _ = _board_and_guide(plain_b)
    placed, _ = _board_and_guide(default)
    assert not [w for w in plain if w in starts and not w.startswith("P")]
    assert all(1 <= plain.count(w) <= 2 for w in ("P1", "P2", "P3", "P4"))
    for w, n in starts.items():
        assert n <= placed.count(w) - plain.count(w) <= 2 * n, (w, placed.count(w), plain.count(w))
