"""Fonts from a stranger's game folder cost what their bytes allow: outlines that multiply
(CFF subroutines, TrueType composites), fonts whose tables disagree, and one very long glyph
are refused with exit 2 naming the file and the limit, or drawn once (tests/hostile_fonts.py
makes each font)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp import budget
from pnp.cli import main
from pnp.draw.fonts import BUILTIN
from tests import hostile_fonts as hostile
from tests.conftest import edit, mini_game

EXAMPLE_FONT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "MyFont.ttf"


def game_with_font(tmp_path: Path, make, name: str, text: str = "Card") -> Path:
    """The three-card game with its card text in the font `make(path)` writes as fonts/NAME."""
    game = mini_game(tmp_path)
    (game / "fonts").mkdir()
    make(game / "fonts" / name)
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text() + f"fonts:\n  h: fonts/{name}\n"
    )
    edit(game / "cards.yaml", 'text: "Card {n}"', f'text: "{text} {{n}}", font: h')
    return game


COMMANDS = {
    "build": ["build", "{game}", "--out", "{out}", "--paper", "a4"],
    "svg": ["build", "{game}", "--out", "{out}", "--paper", "a4", "--engine", "svg"],
    "preview": ["preview", "{game}", "--out", "{out}"],
}


def run(command: str, game: Path, out: Path, capsys) -> tuple[int, str]:
    args = [a.format(game=game, out=out) for a in COMMANDS[command]]
    code = main(args)
    return code, capsys.readouterr().err


MULTIPLYING = {
    # 2**27 segments from 2 KB: nested deeper than the CFF specification allows
    "subroutines-27-deep": (
        lambda p: hostile.cff_subroutine_chain(p, depth=27),
        "Chain.otf",
        "expected: a font whose subroutine depth is at most 10",
    ),
    # within the nesting limit, 4**9 = 262,144 segments: past the 50,000 steps of a 2 KB font
    "subroutines-4-wide": (
        lambda p: hostile.cff_subroutine_chain(p, depth=9, calls=4),
        "Wide.otf",
        "(4 a byte, at least 50,000; raise it with --limit font_steps=",
    ),
    # 2**20 copies of 'z' from 3 KB
    "composite-tree": (
        lambda p: hostile.composite_tree(p, depth=20, fanout=2),
        "Tree.ttf",
        "too much work: the font's outlines take more than 50,000 steps to draw",
    ),
    # one contour of 60,000 points in 12 KB: 5 points a byte
    "60000-points": (
        lambda p: hostile.many_points(p, 60_000),
        "Long.ttf",
        "expected: at most 50,000 outline steps",
    ),
    "composites-18-deep": (
        lambda p: hostile.composite_tree(p, depth=18, fanout=1),
        "Deep.ttf",
        "expected: a font whose composite depth is at most 16",
    ),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", sorted(MULTIPLYING))
def test_a_font_whose_outlines_multiply_is_refused_naming_it_and_the_limit(
    tmp_path, capsys, case, command
):
    make, name, says = MULTIPLYING[case]
    game = game_with_font(tmp_path, make, name)
    code, err = run(command, game, tmp_path / "out", capsys)
    assert code == 2, err
    assert "game.yaml:9: " in err and "key: fonts.h" in err and f"found: fonts/{name}" in err
    assert says in err, err
    assert "Traceback" not in err and not (tmp_path / "out").exists()


MALFORMED = {
    "postscript-name": (
        lambda p: hostile.postscript_name(p, "Bad[Name"),
        "the PDF engine (reportlab) cannot embed it: psName=b'Bad[Name' contains invalid character",
    ),
    "maxp-below-hmtx": (
        lambda p: hostile.patched_table(p, "maxp", 4, ">H", 10),
        "hhea.numberOfHMetrics (64) is not between 1 and maxp.numGlyphs (10)",
    ),
    "holds-itself": (
        lambda p: hostile.composite_cycle(p, "CC"),
        "composite glyph 'C' contains itself",
    ),
    "a-b-a": (lambda p: hostile.composite_cycle(p, "CaC"), "composite glyph 'a' contains itself"),
}


@pytest.mark.parametrize("command", ["build", "svg"])
@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_font_is_exit_2_naming_what_is_wrong(tmp_path, capsys, case, command):
    make, says = MALFORMED[case]
    game = game_with_font(tmp_path, make, "Bad.ttf")
    code, err = run(command, game, tmp_path / "out", capsys)
    assert code == 2, err
    assert "the font cannot be used: " + says in err, err
    assert "key: fonts.h" in err and "found: fonts/Bad.ttf" in err
    assert "glyphs have no name" not in err  # fontTools' own warnings are not shown


def test_the_budget_counts_real_outlines_and_grows_with_the_file(tmp_path, capsys):
    """The built-in Vera (65,932 bytes) has about 6,000 points: within its 263,728 steps; set
    exactly to 1,000 with --limit, the same font is refused."""
    assert budget.font_allowed(2_000) == 50_000  # the floor, docs/errors.md
    assert budget.font_allowed(65_932) == 263_728  # 4 a byte
    game = game_with_font(
        tmp_path, lambda p: p.write_bytes(BUILTIN["regular"].read_bytes()), "V.ttf"
    )
    assert main(["build", str(game), "--out", str(tmp_path / "a"), "--paper", "a4"]) == 0
    capsys.readouterr()
    code = main(
        [
            "build",
            str(game),
            "--out",
            str(tmp_path / "b"),
            "--paper",
            "a4",
            "--limit",
            "font_steps=1000",
        ]
    )
    err = capsys.readouterr().err
    assert code == 2, err
    assert "game.yaml:9: too much work: the font's outlines take more than 1,000 steps" in err
    assert "raise it with --limit font_steps=10000" in err


def test_a_glyph_of_40000_points_used_often_is_outlined_once_per_build(
    tmp_path, capsys, monkeypatch
):
    """Text drawn as outlines (the SVG pages of --engine svg) works each glyph out once, in one
    pass over its points, however many times it is printed."""
    from pnp.engines import svg_pages

    calls: dict[int, int] = {}  # by the glyph's points
    real = svg_pages.outline_ops

    def counted(glyph, glyf, lsb):
        n = getattr(glyph, "numberOfContours", 0) > 0 and len(glyph.coordinates)
        calls[n] = calls.get(n, 0) + 1
        return real(glyph, glyf, lsb)

    monkeypatch.setattr(svg_pages, "outline_ops", counted)
    game = game_with_font(tmp_path, lambda p: hostile.many_points(p, 40_000), "Long.ttf", "CCC")
    out = tmp_path / "out"
    code = main(["build", str(game), "--out", str(out), "--paper", "a4", "--engine", "svg"])
    assert code == 0, capsys.readouterr().err
    assert calls[40_000] == 1
    # the kept SVG pages: the cards' page defines the disc once and uses it for each of the 9 Cs
    svg = "".join(p.read_text() for p in sorted(out.rglob("page-*.svg")))
    discs = re.findall(r'<path d="M([^"]{5000,})" id="([^"]+)"', svg)  # Vera's longest: 1,100
    assert len(discs) == 1
    assert svg.count(f'href="#{discs[0][1]}"') == 9


@pytest.mark.parametrize("font", [*sorted(BUILTIN), "example", "side-bearings-moved"])
def test_outlines_are_drawn_as_fonttools_draws_them(font):
    """The one-pass outline writer gives each glyph the path fontTools' own drawing gives
    (which moves a glyph whose left side bearing in hmtx differs from its own xMin)."""
    from fontTools.pens.recordingPen import replayRecording
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.ttLib import TTFont

    from pnp.engines.svg_pages import outline_ops

    tt = TTFont(str(EXAMPLE_FONT if font == "example" else BUILTIN.get(font, BUILTIN["regular"])))
    if font == "side-bearings-moved":
        for name, (advance, lsb) in list(tt["hmtx"].metrics.items()):
            tt["hmtx"][name] = (advance, lsb + 37)
    glyphs, glyf, hmtx = tt.getGlyphSet(), tt["glyf"], tt["hmtx"]
    drawn = 0
    for name in tt.getGlyphOrder():
        pen = SVGPathPen(glyphs)
        glyphs[name].draw(pen)
        ours = SVGPathPen(None)
        replayRecording(outline_ops(glyf[name], glyf, hmtx[name][1]), ours)
        assert ours.getCommands() == pen.getCommands(), name
        drawn += bool(pen.getCommands())
    assert drawn > 60


def test_kerning_is_read_up_to_its_limit(monkeypatch):
    """A class-kerning table of a few bytes can pair every glyph with every other: reading
    stops after MAX_KERN_LOOKS pair records."""
    from pnp.draw import fonts

    whole = fonts.read_record(BUILTIN["regular"])["pairs"]
    assert len(whole) > 100
    monkeypatch.setattr(fonts, "MAX_KERN_LOOKS", 50)
    assert 0 < len(fonts.read_record(BUILTIN["regular"])["pairs"]) <= 50 * 4


def test_the_font_limits_are_the_documented_ones():
    from pnp import fontfiles, fontwork
    from pnp.draw import fonts
    from tests.test_documented_defaults import limits_table, number

    rows = limits_table()
    [steps] = [d for r, (d, _) in rows.items() if r.startswith("Outline steps in one font")]
    assert number(steps) == budget.Limits().font_steps
    assert f"or {budget.FONT_STEPS_PER_BYTE} per byte" in steps
    [nested] = [d for r, (d, _) in rows.items() if r.startswith("Composite glyphs nested")]
    assert re.findall(r"\d+", nested) == [
        str(fontwork.MAX_COMPOSITE_DEPTH),
        str(fontwork.MAX_SUBR_DEPTH),
    ]
    [converted] = [d for r, (d, _) in rows.items() if "converted to TrueType" in r]
    assert [number(n) for n in re.findall(r"\d[\d,]*", converted)] == [
        fontfiles.MAX_CONVERTED_GLYPHS,
        fontfiles.MAX_CONVERTED_STEPS,
    ]
    [kerning] = [d for r, (d, _) in rows.items() if r.startswith("Kerning read")]
    assert [number(n) for n in re.findall(r"\d[\d,]*", kerning)] == [
        fonts.MAX_KERN_PAIRS,
        fonts.MAX_KERN_LOOKS,
    ]


def test_a_cff_font_past_the_conversion_steps_names_the_subset_command(
    tmp_path, capsys, monkeypatch
):
    """A CFF font within its own budget but longer than pnp converts (a 42 MB font of 4,000
    glyphs, here 15 glyphs of 7 steps and a limit of 30) is refused with the pyftsubset command."""
    from pnp import fontfiles
    from tests.test_fonts import make_otf

    monkeypatch.setattr(fontfiles, "MAX_CONVERTED_STEPS", 30)
    game = game_with_font(tmp_path, make_otf, "Long.otf")
    code, err = run("build", game, tmp_path / "out", capsys)
    assert code == 2, err
    assert "cannot be converted to TrueType: more than 30 outline steps" in err
    assert "pyftsubset fonts/Long.otf --unicodes=U+0020-024F,U+2010-2027" in err
