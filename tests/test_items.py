"""A family's items and the layout's refs are made when read: same items, any size, little memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp import budget
from pnp.layout.plan import SameRefs
from pnp.pipeline import prepare
from pnp.spec.load import load_game


def _game(folder: Path, items: str, players: str = "{min: 2, max: 2}") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(
        f"""id: itemtest
title: Item test
credits: tests
players: {players}
player_colours:
  - {{name: red, hex: "#d62828"}}
  - {{name: blue, hex: "#1d5fbf"}}
components: [deck.yaml]
rules: null
"""
    )
    (folder / "deck.yaml").write_text(
        f"""family: deck
kind: card
size: {{w: 2.5in, h: 3.5in}}
items:
{items}front:
  - text: {{text: "{{id}}", x: 5mm, y: 5mm, w: 50mm, h: 10mm, size: 10pt}}
back:
  - rect: {{x: 4mm, y: 4mm, w: 55.5mm, h: 80.9mm, fill: "#1b4d3e"}}
"""
    )
    return folder


ENTRIES = """  - id: "{suit}-{rank}"
    for_each:
      suit: [hearts, spades]
      rank: [1, 2, 3]
  - id: "{colour}-pawn"
    per_player: true
    count: 2
  - id: joker
  - id: joker
  - id: "{kind}"
    for_each:
      kind:
        - {kind: wild, label: Wild}
        - {kind: skip, label: Skip}
"""

# Written out by hand from the rules: for_each in product order (last key fastest), seats
# then copies, a repeated id gets -2, a dict value gives its keys as attributes.
EXPECTED_IDS = [
    "hearts-1", "hearts-2", "hearts-3", "spades-1", "spades-2", "spades-3",
    "red-pawn-1", "red-pawn-2", "blue-pawn-1", "blue-pawn-2",
    "joker", "joker-2",
    "wild", "skip",
]  # fmt: skip


def test_items_in_order_by_index_and_by_walk(tmp_path):
    game = load_game(str(_game(tmp_path / "g", ENTRIES)))
    items = game.family("deck").items
    assert len(items) == len(EXPECTED_IDS)
    assert [i.id for i in items] == EXPECTED_IDS
    assert [items[k].id for k in range(len(items))] == EXPECTED_IDS
    assert items[-1].id == "skip" and [i.id for i in items[2:4]] == ["hearts-3", "spades-1"]
    # every attribute agrees between the walk and random access
    for k, item in enumerate(items):
        assert items[k] == item
    assert items[7].attrs["colour"] == "red" and items[7].attrs["copy"] == 2
    assert items[13].attrs["label"] == "Skip"
    assert items[4].attrs["rank"] == 2 and items[4].attrs["suit"] == "spades"


def test_a_large_family_is_a_view_imposed_in_order(tmp_path):
    numbers = list(range(1, 5001))
    folder = _game(
        tmp_path / "big",
        f'  - id: "c-{{n}}-{{s}}"\n    for_each:\n      n: {numbers}\n      s: [a, b, c, d]\n',
    )
    budget.configure(["items=1000000"])
    try:
        game = load_game(str(folder), max_items=10**6)
    finally:
        budget.configure(None)
    prep = prepare(game, ["a4"], legibility=False)
    plan, infos = prep.plans[0], prep.infos
    items = game.family("deck").items
    assert len(items) == 20_000
    assert items[19_999].id == "c-5000-d" and items[4].id == "c-2-a"
    assert isinstance(infos[0].refs, SameRefs) and len(infos[0].refs) == 20_000
    # 20,000 items as objects with attribute dicts would be MBs; 9 cards a page
    sheets = [p for p in plan.pages if p.kind == "sheet"]
    assert len(sheets) == -(-20_000 // 9)
    # 20,000 = 9 x 2,222 + 2: the last page holds items 19,998 and 19,999
    assert [p.ref.id for p in sheets[-1].items] == ["c-5000-c", "c-5000-d"]
    assert sheets[-2].items[0].ref.id == "c-4998-b" and sheets[-2].items[0].ref.index == 19_989


@pytest.mark.parametrize(
    ("items", "csv", "where"),
    [
        ("  - id: c{n}\n    for_each: {n: []}\n", None, "cards.yaml:4:"),
        ("  - {id: c, count: 0}\n", None, "cards.yaml:4:"),
        ("cards.csv\n", "id,colour\n", "cards.csv:"),
    ],
    ids=["empty for_each", "count 0", "heading only"],
)
def test_a_family_without_items_is_a_warning(tmp_path, capsys, items, csv, where):
    """A family whose items come to none prints nothing: said with its file (and line), and
    --strict refuses."""
    from conftest import mini_game

    from pnp.cli import main

    game = mini_game(tmp_path)
    text = (game / "cards.yaml").read_text()
    head, _, rest = text.partition("items:\n")
    rest = rest[rest.index("front:") :]
    (game / "cards.yaml").write_text(
        head + ("items: " + items if csv else "items:\n" + items) + rest
    )
    if csv:
        (game / "cards.csv").write_text(csv)
    out = tmp_path / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    said = [w for w in err.splitlines() if "has no items" in w]
    assert len(said) == 1 and where in said[0] and "family 'cards'" in said[0], err
    assert (
        main(["build", str(game), "--paper", "a4", "--out", str(tmp_path / "s"), "--strict"]) == 1
    )
    assert not (tmp_path / "s").exists()
