"""The table of measures (pnp.rulecheck.measures): one function per measure rules.yaml may
name, each reading one face at its own scale, with nothing kept from the face before."""

import re

from pnp.rulecheck.measures import READ
from pnp.rulecheck.printed_spec import MEASURES
from tests.rulecheck import REPO, check, copy_game, edit


def test_every_measure_a_rule_may_name_has_its_function_and_its_row_in_the_docs():
    # `same` compares faces with each other: the reader takes it, not a function of one face
    assert set(READ) == set(MEASURES) - {"same"}
    table = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE))
    assert set(MEASURES) <= documented, set(MEASURES) - documented


def test_a_key_area_is_read_at_the_scale_of_each_face_the_first_one_too(tmp_path, capsys):
    """Gene cards printed at half size: the key area (gene-letter, written in the card's own
    millimetres) finds each card's letter, on the first card read as on the others."""
    game = copy_game(tmp_path, "earth-our-home")
    edit(
        game,
        "game.yaml",
        "      pacific: {scale: 0.75}\n",
        "      pacific: {scale: 0.75}\n      genes: {scale: 0.5}\n",
    )
    rc, results = check(game, capsys, "--variant", "reduced")
    rule = results["gene-effects-printed"]
    assert rule["passed"], rule["found"]
    assert rule["found"] == "all 32 faces"
