"""`fills` with `square` and `origin`: a rule that reads squares where they lie refuses what it
cannot read (origin without square, a square so small one shape spans millions) with exit 2."""

from __future__ import annotations

import pytest

from pnp.cli import main
from tests.rulecheck import copy_game, edit

RULE = "fills: {family: board, in: safe-zones, square: 0.75in, origin: {x: 0.5in, y: 0.5in}}"


@pytest.mark.parametrize(
    ("new", "said"),
    [
        ("fills: {family: board, in: safe-zones, origin: {x: 0.5in, y: 0.5in}}", "give square"),
        (
            "fills: {family: board, in: safe-zones, square: 0.01mm, origin: {x: 0.5in, y: 0.5in}}",
            "more than 10000 squares",
        ),
    ],
    ids=["origin-without-square", "too-many-squares"],
)
def test_unreadable_squares_are_refused(tmp_path, capsys, new, said):
    folder = copy_game(tmp_path, "greenway")
    edit(folder, "rules.yaml", RULE, new)
    assert main(["check", str(folder)]) == 2
    err = capsys.readouterr().err
    assert said in err and "rules.yaml" in err


MOVED = [
    ('text: {text: "P1", x: 2in, y: 0.5in', 'text: {text: "P1", x: 2in, y: 1.25in',
     "board-start-labels", "missing ['P1 [2, 0]']; extra ['P1 [2, 1]']"),
    ("circle: {x: 2.375in, y: 0.875in, r: 0.27in, fill: red",
     "circle: {x: 3.125in, y: 0.875in, r: 0.27in, fill: red", "board-start-squares", "[3, 0]"),
    ("rect: {x: 8in, y: 0.5in, w: 1.5in, h: 1.5in, fill: blue",
     "rect: {x: 7.25in, y: 0.5in, w: 1.5in, h: 1.5in, fill: blue",
     "board-safe-zone-squares", "blue: [[9, 0], [9, 1], [10, 0], [10, 1]]"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "rule", "found"), MOVED, ids=[m[2] for m in MOVED])
def test_a_place_moved_by_one_square_is_named_where_it_lies(
    tmp_path, capsys, old, new, rule, found
):
    from tests.rulecheck import check

    folder = copy_game(tmp_path, "greenway")
    rc, results = check(folder, capsys)
    assert rc == 0 and results[rule]["passed"], results[rule]
    edit(folder, "board.yaml", old, new)
    rc, results = check(folder, capsys)
    assert rc == 1 and found in results[rule]["found"], results[rule]
