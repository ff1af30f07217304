"""Each kind of rule over printed content, on a small game: it passes as shipped, fails when the
printed thing is broken, and a wrong rule is refused with its file and line (exit 2)."""

from __future__ import annotations

import textwrap

import pytest
from conftest import sweep

from tests.rulecheck import check

GAME = """\
id: tiny
title: Tiny
credits: Test
players: {min: 2, max: 2}
player_colours:
  - {name: red, hex: "#d62828"}
  - {name: blue, hex: "#1d5fbf"}
components: [cards.yaml, small.yaml, die.yaml, board.yaml]
variants:
  reduced:
    description: the cards at three quarters
    families:
      cards: {scale: 0.75}
"""
CARDS = """\
family: cards
kind: card
size: {w: 2in, h: 3in}
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3]}}
front:
  - text: {text: "{n}", x: 0mm, y: 0mm, w: 10mm, h: 10mm, size: 12pt}
  - pips: {symbol: suit-hearts, count: "{n}", colour: red, x: 15mm, y: 15mm, w: 20mm, h: 40mm, size: 6mm}
  - text: {text: "Draw 2 cards", x: 0mm, y: 65mm, w: 50mm, h: 8mm, size: 9pt}
back:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: blue}
  - text: {text: "TINY", x: 0mm, y: 30mm, w: 50.8mm, h: 10mm, size: 14pt, colour: white}
"""
SMALL = """\
family: small
kind: card
size: {w: 2in, h: 3in}
scale: 0.75
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3]}}
front:
  - text: {text: "{n}", x: 0mm, y: 0mm, w: 10mm, h: 10mm, size: 12pt}
"""
DIE = """\
family: die
kind: die
solid: d6
edge: 16mm
items:
  - {id: d6}
"""
BOARD = """\
family: board
kind: board
size: {w: 100mm, h: 100mm}
items:
  - {id: board}
front:
  - rect: {x: 0mm, y: 0mm, w: 50mm, h: 10mm, fill: red}
  - text: {text: "START", x: 0mm, y: 0mm, w: 50mm, h: 10mm, size: 10pt}
  - grid: {x: 10mm, y: 20mm, cols: 4, rows: 3, cell: 10mm, stroke: black}
"""
RULES = """\
game: tiny
regions:
  corner: {x: 0mm, y: 0mm, w: 10mm, h: 10mm}
  pip-area: {x: 10mm, y: 10mm, w: 30mm, h: 50mm}
rules:
  - id: prints
    cite: "Draw two cards."
    prints: {family: cards, exact: "Draw 2 cards"}
  - id: prints-none
    cite: "Never draw three."
    prints: {family: cards, pattern: ".*Draw [^2] cards.*"}
    expect: 0
  - id: texts
    cite: "Three cards, one to three."
    texts: {family: cards, in: corner}
    expect: ["1", "2", "3"]
  - id: track
    cite: "The cards count from one to three."
    texts: {family: cards, in: corner}
    expect: {from: 1, to: 3}
  - id: texts-by-key
    cite: "Each card says draw two."
    texts: {family: cards, per: face, key: corner, contains: Draw}
    expect: {"1": Draw 2 cards, "2": Draw 2 cards, "3": Draw 2 cards}
  - id: marks
    cite: "A card shows as many hearts as its number."
    marks: {family: cards, key: corner, in: pip-area, art: "suit-*", colour: red}
    expect: {"1": 1, "2": 2, "3": 3}
  - id: marks-count
    cite: "At most three hearts."
    marks: {family: cards, art: suit-hearts}
    expect: {min: 1, max: 3}
  - id: backs
    cite: "All backs alike."
    same: {family: cards, side: back}
  - id: back-colour
    cite: "Blue backs."
    colour: {family: cards, side: back}
    expect: blue
  - id: back-hides-number
    cite: "The back hides the number."
    prints: {family: cards, side: back, pattern: "[0-9]+"}
    expect: 0
  - id: die
    cite: "A six-sided die."
    die_faces: {family: die}
    expect: [1, 2, 3, 4, 5, 6]
  - id: start-colour
    cite: "START is red."
    colour: {family: board, under: {exact: START}}
    expect: "#d62828"
  - id: grid
    cite: "A 4 by 3 grid of 1 cm squares."
    grid: {family: board}
    expect: {cols: 4, rows: 3, cell: 1cm}
  - id: size
    cite: "Cards are 2 by 3 inches."
    drawn_size: {family: cards}
    expect: {w: 2in, h: 3in}
  - id: heart-size
    cite: "Hearts fit a 14 mm square."
    drawn_size: {family: cards, art: suit-hearts, in: pip-area}
    expect: {max: 14mm}
  - id: fills
    cite: "A red start box."
    fills: {family: board}
    expect: {red: 1}
  - id: fills-squares
    cite: "The start box is five squares long."
    fills: {family: board, square: 10mm}
    expect: {red: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]}
  - id: faces
    cite: "Three cards."
    faces: {family: cards}
    expect: 3
  - id: hearts-in-all
    cite: "Six hearts on the three cards."
    marks: {family: cards, art: suit-hearts, in: pip-area, per: all}
    expect: 6
  - id: reduced
    cite: "The reduced print is three quarters of the size."
    variant: reduced
    scale: {family: cards, of_variant: default}
    expect: 0.75
  - id: scale
    cite: "The small cards are three quarters of the size."
    scale: {family: small, of: cards}
    expect: 0.75
"""


def make(tmp_path, **changes):
    folder = tmp_path / "tiny"
    folder.mkdir(parents=True)
    files = {
        "game.yaml": GAME,
        "cards.yaml": CARDS,
        "small.yaml": SMALL,
        "die.yaml": DIE,
        "board.yaml": BOARD,
        "rules.yaml": RULES,
    }
    for name, (old, new) in changes.items():
        name = name.replace("_", ".")
        assert old in files[name], old
        files[name] = files[name].replace(old, new)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_all_pass_as_written(tmp_path, capsys):
    rc, results = check(make(tmp_path), capsys)
    failed = {k: r["found"] for k, r in results.items() if not r["passed"]}
    assert rc == 0 and not failed and len(results) >= 21


BREAKS = {
    "prints": ("cards_yaml", "Draw 2 cards", "Draw 3 cards"),
    "prints-none": ("cards_yaml", "Draw 2 cards", "Draw 4 cards"),
    "texts": ("cards_yaml", "for_each: {n: [1, 2, 3]}}\n", "for_each: {n: [1, 1, 3]}}\n"),
    "track": ("cards_yaml", "for_each: {n: [1, 2, 3]}}\n", "for_each: {n: [1, 3, 3]}}\n"),
    "texts-by-key": ("cards_yaml", '"Draw 2 cards"', '"Draw {n} cards"'),
    "marks": ("cards_yaml", 'count: "{n}"', 'count: "1"'),
    "marks-count": ("cards_yaml", "symbol: suit-hearts", "symbol: suit-spades"),
    "backs": (
        "cards_yaml",
        "size: 14pt, colour: white}",
        "size: 14pt, colour: white}\n    when: {n: 2}",
    ),
    "back-colour": ("cards_yaml", "h: 100%, fill: blue}", "h: 100%, fill: green}"),
    "back-hides-number": ("cards_yaml", 'text: "TINY"', 'text: "{n}"'),
    "die": ("die_yaml", "{id: d6}", '{id: d6, faces: ["1", "2", "3", "4", "5", "5"]}'),
    "start-colour": ("board_yaml", "h: 10mm, fill: red}", "h: 10mm, fill: orange}"),
    "grid": ("board_yaml", "cell: 10mm", "cell: 9mm"),
    "size": ("cards_yaml", "size: {w: 2in, h: 3in}\nitems", "size: {w: 2in, h: 3.5in}\nitems"),
    "heart-size": ("cards_yaml", "h: 40mm, size: 6mm", "h: 40mm, size: 8mm"),
    "scale": ("small_yaml", "scale: 0.75", "scale: 0.7"),
    "reduced": ("game_yaml", "cards: {scale: 0.75}", "cards: {scale: 0.7}"),
    "fills": (
        "board_yaml",
        "- rect: {x: 0mm, y: 0mm, w: 50mm, h: 10mm, fill: red}",
        "- rect: {x: 0mm, y: 0mm, w: 50mm, h: 10mm, fill: red}\n  - rect: {x: 0mm, y: 50mm, w: 5mm, h: 5mm, fill: red}",
    ),
    "fills-squares": ("board_yaml", "w: 50mm, h: 10mm, fill: red", "w: 40mm, h: 10mm, fill: red"),
    "faces": ("cards_yaml", "for_each: {n: [1, 2, 3]}}\n", "for_each: {n: [1, 2, 3]}, count: 2}\n"),
    "hearts-in-all": ("cards_yaml", 'count: "{n}"', 'count: "3"'),
}


@pytest.mark.parametrize("rule", sorted(BREAKS))
def test_each_rule_fails_when_its_print_breaks(tmp_path, capsys, rule):
    file, old, new = BREAKS[rule]
    rc, results = check(make(tmp_path, **{file: (old, new)}), capsys)
    assert rc == 1
    r = results[rule]
    assert not r["passed"]
    assert r["misses"] or r["found"]
    assert r["rule"].endswith(f":{RULES.splitlines().index(f'  - id: {rule}') + 1}")


def test_failure_names_item_face_and_spec_line(tmp_path, capsys):
    folder = make(tmp_path, cards_yaml=('"Draw 2 cards"', '"Draw {n} cards"'))
    rc, results = check(folder, capsys)
    r = results["prints"]
    assert rc == 1 and not r["passed"]
    assert {m["item"] for m in r["misses"]} == {"c1", "c3"}
    assert all(m["face"] == "front" for m in r["misses"])
    assert all("Draw" in m["printed"] for m in r["misses"])
    line = CARDS.splitlines().index('  - {id: "c{n}", for_each: {n: [1, 2, 3]}}') + 1
    assert r["spec"].endswith(f"cards.yaml:{line}")


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            '  - id: grid\n    cite: "x y z"\n    grid: {family: board, in: nowhere}\n    expect: {cols: 1}\n',
            "no region 'nowhere'",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    prints: {family: cards, pattern: "(["}\n',
            "bad pattern",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    prints: {family: cards, exact: a, contains: b}\n',
            "at most one of",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    prints: {family: cards, pattern: "(a|ab)+b"}\n',
            "options may start alike",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    prints: {family: cards, pattern: "(ab|a)*b"}\n',
            "options may start alike",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    texts: {family: cards}\n    expect: {a: 1}\n',
            "expect a count",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    select: {family: cards}\n    measure: weight\n    expect: 3\n',
            "unknown measure 'weight'",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    select: {family: cards, by: n}\n    measure: marking\n    expect: 3\n',
            "with 'by', expect is the word distinct",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    select: {family: cards}\n    measure: {symbols_on: {meaning: {suit-hearts: rainbow}}}\n    expect: 0\n',
            "unknown colour 'rainbow'",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    select: {family: cards}\n    measure: {symbols_on: {meaning: {suit-hearts: inside}}}\n    expect: 0\n',
            "needs `ground`",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    colour: {family: cards}\n    expect: rainbow\n',
            "unknown colour",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    prints: {family: cards, in: {x: 1, y: 0mm, w: 1mm, h: 1mm}}\n',
            "unit",
        ),
        (
            '  - id: bad\n    cite: "x y z"\n    variant: huge\n    faces: {family: cards}\n    expect: 3\n',
            "unknown variant 'huge'",
        ),
    ],
)
def test_a_wrong_rule_is_refused_with_its_line(tmp_path, capsys, rule, message):
    folder = make(tmp_path, rules_yaml=("rules:\n", "rules:\n" + rule))
    capsys.readouterr()
    from pnp.cli import main

    rc = main(["check", str(folder)])
    err = capsys.readouterr().err
    assert rc == 2, err
    assert message in err and "rules.yaml" in err and "Traceback" not in err


def test_an_area_off_the_faces_fails_the_rule(tmp_path, capsys):
    folder = make(
        tmp_path,
        rules_yaml=(
            "rules:\n",
            'rules:\n  - id: off-face\n    cite: "x y z"\n    prints: {family: cards, in: {x: 10in, y: 0mm, w: 1mm, h: 1mm}}\n',
        ),
    )
    rc, results = check(folder, capsys)
    assert rc == 1 and "lies off the faces" in results["off-face"]["found"]


def test_rules_over_missing_faces_fail(tmp_path, capsys):
    """A back the rulebook needs but that is not printed fails (a coin with no back)."""
    folder = make(
        tmp_path,
        rules_yaml=(
            "rules:\n",
            'rules:\n  - id: small-back\n    cite: "x y z"\n    prints: {family: small, side: back}\n',
        ),
    )
    rc, results = check(folder, capsys)
    assert (
        rc == 1
        and not results["small-back"]["passed"]
        and "no back" in results["small-back"]["found"]
    )
    _ = textwrap  # keep the import for readable fixtures


ODD_BODIES = [
    "prints: {family: cards}",
    "texts: {family: cards}",
    "texts: {family: cards, key: corner}",
    "texts: {family: cards, per: face, key: corner}",
    "marks: {family: cards, art: x}",
    "marks: {family: cards, art: x, key: corner}",
    "die_faces: {family: die}",
    "colour: {family: cards}",
    "colour: {family: cards, key: corner}",
    "drawn_size: {family: cards}",
    "scale: {family: small, of: cards}",
    "grid: {family: board}",
    "fills: {family: board}",
    "fills: {family: board, square: 1cm}",
    "faces: {family: cards}",
    "select: {family: cards}\n    measure: {symbols_on: {meaning: {suit-hearts: inside}}}",
    "select: {family: cards}\n    measure: {symbols_on: {meaning: {suit-hearts: red}, ground: suit-hearts, around: 1mm}}",
    "select: {family: cards, by: n}\n    measure: marking",
    "select: {family: cards, by: n}\n    measure: {marking: {text: {pattern: .*}}}",
]
ODD_EXPECTS = [
    "abc",
    "[1, [2]]",
    "{a: 1}",
    "{min: x}",
    "{w: 5mm, h: []}",
    "{from: a, to: 3}",
    "{1: [[x]]}",
    "{red: [[0]]}",
    "{1: null}",
]


# each body with a third of the expects in the everyday run (each expect with a third of the
# bodies), every body with every expect with the deep tests
GROUPS = 3


@pytest.mark.parametrize(
    ("body", "group"),
    sweep(
        [(b, g) for b in ODD_BODIES for g in range(GROUPS)],
        lambda c: ODD_BODIES.index(c[0]) % GROUPS == c[1],
    ),
)
def test_an_expect_of_the_wrong_shape_is_never_a_crash(tmp_path, capsys, body, group):
    """Whatever a shared rules file expects, the checker passes, fails or refuses it: never an internal error."""
    from pnp.cli import main

    for n, expect in enumerate(ODD_EXPECTS[group::GROUPS]):
        folder = make(
            tmp_path / str(n),
            rules_yaml=(
                "rules:\n",
                f'rules:\n  - id: odd\n    cite: "x y z"\n    {body}\n    expect: {expect}\n',
            ),
        )
        capsys.readouterr()
        rc = main(["check", str(folder)])
        err = capsys.readouterr().err
        assert rc in (0, 1, 2) and "internal error" not in err, (expect, err)


DISTINCT = """\
  - id: told-apart
    cite: "x y z"
    select: {family: [cards, small], by: n}
    measure: {marking: {text: {pattern: "[1-3]"}}}
    expect: distinct
"""


def test_by_and_distinct_group_items_across_families(tmp_path, capsys):
    """Each n's card and small card read alike ('white 1'), and no two n alike."""
    rc, results = check(
        make(tmp_path / "ok", rules_yaml=("rules:\n", "rules:\n" + DISTINCT)), capsys
    )
    assert results["told-apart"]["passed"], results["told-apart"]["found"]
    assert "1: white 1; 2: white 2; 3: white 3" in results["told-apart"]["found"]
    # every small card numbered 1: unlike the card of its own n, and like n 1's pieces
    folder = make(
        tmp_path / "bad",
        rules_yaml=("rules:\n", "rules:\n" + DISTINCT),
        small_yaml=('{text: "{n}"', '{text: "1"'),
    )
    rc, results = check(folder, capsys)
    r = results["told-apart"]
    assert rc == 1 and not r["passed"]
    assert (
        "n 2: ['white 2', 'white 1']" in r["found"]
        and "1 and 2 and 3 all read 'white 1'" in r["found"]
    )
