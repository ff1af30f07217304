"""A thing the rulebook puts somewhere is read there, not anywhere on the face: a misprint that
moves it (a shaded block one square off, a season's name on another corner, a bridge section off
its bridge's line, a note in the wrong box, a key's symbol beside another habitat's words, a
lettered hex one hex along) fails naming the rule and the rulebook's words, while counting the
same things over the whole face would pass it."""

from __future__ import annotations

import pytest
from conftest import first_of_each

from tests.rulecheck import check, copy_game, edit

CASES = [
    (  # the centre block's shading one square down
        "greenway",
        "board.yaml",
        'rect: {x: 4.25in, y: 4.25in, w: 1.5in, h: 1.5in, fill: "#b5d8a4"}',
        'rect: {x: 4.25in, y: 5in, w: 1.5in, h: 1.5in, fill: "#b5d8a4"}',
        "board-centre-block-squares",
        "in the center 2x2 block of the Green",
    ),
    (  # HEARTS printed on the bottom side, under the diamonds
        "greenway",
        "board.yaml",
        '{text: "HEARTS", x: 3.5in, y: 0in,',
        '{text: "HEARTS", x: 3.5in, y: 9.5in,',
        "board-side-words",
        "the four sides of the board labeled with suits from a poker deck",
    ),
    (  # the "centre" label printed on a quarter's start square
        "greenway",
        "board.yaml",
        '{text: "centre", x: 4.25in, y: 4.25in,',
        '{text: "centre", x: 2.75in, y: 2.75in,',
        "board-centre-label",
        "the center 4 squares of the board",
    ),
    (  # SPRING printed on the summer corner
        "earthquake",
        "board.yaml",
        '{text: "SPRING", x: 18.05in, y: 1.25in,',
        '{text: "SPRING", x: 0.1in, y: 1.25in,',
        "board-seasons",
        "Each corner of the game board is a season.",
    ),
    (  # the winter corner tinted in spring's colour
        "earthquake",
        "board.yaml",
        "rect: {x: 19in, y: 19in, w: 3in, h: 3in, fill: winter",
        "rect: {x: 19in, y: 19in, w: 3in, h: 3in, fill: spring",
        "board-season-grounds",
        "in the winter, in the square called New Year",
    ),
    (  # Multnomah's name printed on Barbur's plate, still in the southwest quadrant
        "earthquake",
        "board.yaml",
        '{text: "Multnomah", x: 7.08in,',
        '{text: "Multnomah", x: 5.08in,',
        "board-block-places",
        "Green - Southwest: Salmon, Corbett, Moody, Abernethy, Terwilliger, Barbur, Multnomah",
    ),
    (  # the tank farm's area 1 in above the centre
        "earthquake",
        "board.yaml",
        "rect: {x: 9in, y: 9in, w: 4in, h: 4in, fill: farm",
        "rect: {x: 9in, y: 8in, w: 4in, h: 4in, fill: farm",
        "board-tank-farm-squares",
        "In the center is a tank farm",
    ),
    (  # a San Francisco - Oakland section 20 mm below its bridge's line
        "aftershock",
        "board.yaml",
        "rect: {x: 237.93mm, y: 265.75mm,",
        "rect: {x: 237.93mm, y: 285.75mm,",
        "board-sf-oakland-bridge",
        "place one bridge piece in each section of the bridge leading from one area to the next",
    ),
    (  # "Score markers only" in the title box, not the most bridges space
        "aftershock",
        "planning.yaml",
        '{text: "Score markers only", x: 168.75mm, y: 81mm,',
        '{text: "Score markers only", x: 168.75mm, y: 30mm,',
        "planning-most-bridges-space-note",
        "on the “most bridges” area on the Planning board",
    ),
    (  # San Rafael's note in Vallejo's space
        "aftershock",
        "planning.yaml",
        '{text: "scores with 1 marker", x: 5.0mm,',
        '{text: "scores with 1 marker", x: 37.75mm,',
        "planning-san-rafael-note",
        "San Rafael will score if only one Score marker is played on it",
    ),
    (  # San Jose's and Fremont's values swapped on the Planning boards
        "aftershock",
        "planning.yaml",
        '{text: "{scores_san_jose}", x: 103.25mm,',
        '{text: "{scores_san_jose}", x: 136.0mm,',
        "planning-spaces-placed",
        "Richmond scores (7,5,4,3).",
    ),
    (  # the key's Marine row draws the palm
        "earth-our-home",
        "globe.yaml",
        "symbol: {name: drop, x: 14mm, y: 380mm",
        "symbol: {name: palm, x: 14mm, y: 380mm",
        "globe-key-marine-symbol",
        "a water drop for a MARINE habitat",
    ),
    (  # the key's Temperate words on the Tropical row, beside the palm
        "earth-our-home",
        "globe.yaml",
        '{text: "Temperate (land): 2 points", x: 22mm, y: 398mm,',
        '{text: "Temperate (land): 2 points", x: 22mm, y: 387mm,',
        "globe-key-temperate-row",
        "a pine tree for a TEMPERATE habitat",
    ),
    (  # Earth 1's A one hex along, still on the seam and on a temperate hex
        "earth-our-home",
        "habitats/earth-1.yaml",
        "- {row: 2, col: 7, habitat: temperate}\n- {row: 2, col: 8, habitat: temperate, pair: A}",
        "- {row: 2, col: 7, habitat: temperate, pair: A}\n- {row: 2, col: 8, habitat: temperate}",
        "globe-pair-a-placed",
        "The two bits marked with the same letter are the same habitat",
    ),
    (  # an Earth 2 P one hex in from the rim, still on the Pacific's side
        "earth-our-home",
        "habitats/earth-2.yaml",
        "- {row: 4, col: 9, habitat: marine}\n- {row: 4, col: 10, habitat: marine, pacific: true}",
        "- {row: 4, col: 9, habitat: marine, pacific: true}\n- {row: 4, col: 10, habitat: marine}",
        "globe-2-pacific-hexes",
        "enter from any region marked with a P adjacent.",
    ),
]


# one misprint of each game every day, the rest deep
@pytest.mark.parametrize(
    ("game", "file", "old", "new", "rule", "words"),
    first_of_each(CASES, lambda c: c[0]),
    ids=[c[4] for c in CASES],
)
def test_a_thing_moved_from_its_place_fails(tmp_path, capsys, game, file, old, new, rule, words):
    folder = copy_game(tmp_path, game)
    edit(folder, file, old, new)
    rc, results = check(folder, capsys)
    assert rule in results, f"no rule {rule}"
    r = results[rule]
    assert rc == 1 and not r["passed"], r
    assert words in r["cite"]
    assert r["misses"] and r["misses"][0]["spec"]  # the face and the YAML line that drew it


def test_a_fills_rule_reads_only_the_colours_it_names(tmp_path, capsys):
    """A patch painted in the sea of Aftershock's board, in a colour no rule names: the rules
    counting the bridges' deck fills over the board read the decks, not the patch, so coverage
    lists it (counted as read, any repainted region there would pass unseen)."""
    folder = copy_game(tmp_path, "aftershock")
    edit(
        folder,
        "board.yaml",
        "  # the ten areas: land, name and score values (best first)\n",
        '  - rect: {x: 240mm, y: 120mm, w: 10mm, h: 10mm, fill: "#123456"}\n'
        "  # the ten areas: land, name and score values (best first)\n",
    )
    rc, results = check(folder, capsys)
    r = results["drawn:fills"]
    assert rc == 1 and not r["passed"]
    assert [m["printed"] for m in r["misses"]] == ["'#123456' filled 1 time (board)"]
    assert all(v["passed"] for k, v in results.items() if k != "drawn:fills")


@pytest.mark.deep  # a copy checked twice in another mode (3 s); each game's misprints: above
def test_an_ink_saver_print_reads_pale_fills_on_the_print_it_lightens(tmp_path, capsys):
    """The ink-saver prints Earthquake's pale tank farm white inside an outline of its colour:
    the rule reading the farm where it lies does not apply to that print as shipped, and a farm
    moved off the centre still fails it with --ink-saver."""
    folder = copy_game(tmp_path, "earthquake")
    rc, results = check(folder, capsys, "--ink-saver")
    r = results["board-tank-farm-squares"]
    assert rc == 0 and r["passed"] and r["not_applicable"] == "--ink-saver"
    edit(
        folder,
        "board.yaml",
        "rect: {x: 9in, y: 9in, w: 4in, h: 4in, fill: farm",
        "rect: {x: 11in, y: 9in, w: 4in, h: 4in, fill: farm",
    )
    rc, results = check(folder, capsys, "--ink-saver")
    r = results["board-tank-farm-squares"]
    assert rc == 1 and not r["passed"] and not r["not_applicable"]
    assert "In the center is a tank farm" in r["cite"]


@pytest.mark.deep  # a copy checked twice in another mode (3 s); each game's misprints: above
def test_the_reduced_globes_read_their_key_rows_at_their_scale(tmp_path, capsys):
    """Areas are in the family's own millimetres: the key's rows lie beyond the reduced globe's
    drawn size in those units, yet are read at its scale, and a palm beside the Marine words
    fails there too."""
    folder = copy_game(tmp_path, "earth-our-home")
    rc, results = check(folder, capsys, "--variant", "reduced")
    assert rc == 0 and results["globe-key-marine-symbol"]["passed"], results[
        "globe-key-marine-symbol"
    ]
    edit(
        folder,
        "globe.yaml",
        "symbol: {name: drop, x: 14mm, y: 380mm",
        "symbol: {name: palm, x: 14mm, y: 380mm",
    )
    rc, results = check(folder, capsys, "--variant", "reduced")
    r = results["globe-key-marine-symbol"]
    assert rc == 1 and not r["passed"] and "palm" in r["found"], r


def test_an_ink_saver_print_reads_again_only_rules_naming_exact_colours():
    """Read again on the print the ink-saver lightens: a rule naming a fill's exact colour
    (#b5d8a4, a palette name); not one naming colour words (red, blue), which the ink-saver's
    tints keep and its print is judged by."""
    from pnp.rulecheck.evaluate import load_rules
    from pnp.rulecheck.inkrules import _exact_fill_colours
    from pnp.spec.load import load_game

    game = load_game("greenway")
    rules = {r.id: r for r in load_rules(game).rules}
    assert _exact_fill_colours(rules["board-centre-block-squares"], game.palette)
    assert not _exact_fill_colours(rules["board-safe-zone-squares"], game.palette)
    assert not _exact_fill_colours(rules["board-centre-label"], game.palette)
