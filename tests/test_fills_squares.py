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
