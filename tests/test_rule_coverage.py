"""Every text a shipped game prints is read by a rule or declared a design text (rules.yaml's
design_texts); a sentence added to a face without either fails `pnp check`, saying how to
account for it, and `pnp check --coverage` lists it with its file and line."""

from __future__ import annotations

import re

import pytest
from conftest import sweep

from pnp.cli import main
from tests.rulecheck import check, copy_game, edit

GAMES = ["aftershock", "earth-our-home", "earthquake", "global-warming", "greenway", "piecepack"]
NEW = "Roll again on a double."
KINDS = ("texts", "symbols", "fills")


# one game every day, the others with the deep tests (the copies below are checked every day too)
@pytest.mark.parametrize("game", sweep(GAMES, lambda g: g == "earthquake"))
def test_coverage_is_empty_for_every_shipped_game(game, capsys):
    capsys.readouterr()
    rc = main(["check", game, "--coverage"])
    out = capsys.readouterr().out
    # nothing listed: a line of counts per kind, none of them unproven
    assert rc == 0 and re.fullmatch(
        "".join(rf"{game}: \d+ proven, \d+ declared, 0 unproven \({k}\)\n" for k in KINDS)
        + rf"{game}: every text and symbol \(contrast\)\n",
        out,
    ), out


def test_a_new_sentence_without_a_rule_fails_and_is_listed(tmp_path, capsys):
    # the game as shipped passes (test_coverage_is_empty_for_every_shipped_game[earthquake])
    folder = copy_game(tmp_path, "earthquake")
    edit(
        folder,
        "reference-card.yaml",
        '  - text: {text: "BUILD"',
        f'  - text: {{text: "{NEW}", x: 60mm, y: 23.5mm, w: 40mm, h: 4mm, size: 7pt}}\n  - text: {{text: "BUILD"',
    )
    lines = (folder / "reference-card.yaml").read_text(encoding="utf-8").splitlines()
    at = f"reference-card.yaml:{next(n for n, ln in enumerate(lines, 1) if NEW in ln)}"
    rc, results = check(folder, capsys)
    r = results["coverage:texts"]
    assert rc == 1 and not r["passed"]
    assert [m["printed"] for m in r["misses"]] == [f"'{NEW}' (reference-card)"]
    assert r["misses"][0]["spec"].endswith(at)
    assert "design_texts" in r["cite"] and "rule" in r["cite"]
    # the other rules still pass: only coverage catches a sentence no rule quotes
    assert [k for k, v in results.items() if not v["passed"]] == ["coverage:texts"]

    capsys.readouterr()
    assert main(["check", str(folder), "--coverage"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(f"{at}: reference-1 (front) prints '{NEW}' (reference-card)")
    assert re.fullmatch(
        r"earthquake: \d+ proven, \d+ declared, 2 unproven \(texts\)", lines[1]
    )  # two reference cards
    assert lines[-1].startswith("1 texts not proven whole")

    # declared as a design text, it is accounted for
    edit(
        folder,
        "rules.yaml",
        "design_texts:\n",
        f'design_texts:\n  - {{family: reference-card, exact: "{NEW}", why: house rule}}\n',
    )
    rc, results = check(folder, capsys)
    assert rc == 0 and results["coverage:texts"]["passed"]


@pytest.mark.deep  # a copy of a game checked again (2 s); a new sentence: every day
def test_a_game_without_design_texts_is_not_held_to_coverage(tmp_path, capsys):
    folder = copy_game(tmp_path, "earthquake")
    path = folder / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^design_art:\n(?:  - .*\n)*", "", text, flags=re.M)
    path.write_text(text[: text.index("\n# Texts printed by design")] + "\n", encoding="utf-8")
    rc, results = check(folder, capsys)
    assert rc == 0 and "coverage:texts" not in results
    capsys.readouterr()
    assert main(["check", str(folder), "--coverage"]) == 1
    assert "no design_texts" in capsys.readouterr().out


@pytest.mark.deep  # a copy of a game checked again (2 s); a new sentence: every day
def test_a_phrase_rule_proves_its_phrase_only(tmp_path, capsys):
    """A rule that finds a phrase inside a text proves that phrase: the rest of the sentence is
    listed as unproven, so a clause edited there cannot pass unseen."""
    folder = copy_game(tmp_path, "earthquake")
    edit(
        folder,
        "rules.yaml",
        'prints: {family: deeds, exact: "Collect 4 squares each season"}',
        'prints: {family: deeds, contains: "Collect 4 squares"}',
    )
    rc, results = check(folder, capsys)
    r = results["coverage:texts"]
    assert rc == 1 and results["deed-collect-four"]["passed"] and not r["passed"]
    assert {(m["printed"], m["unproven"]) for m in r["misses"]} == {
        ("'Collect 4 squares each season' (deeds)", "each season")
    }
    assert "32 unproven" in r["found"]  # one text on each of the 32 deeds
    capsys.readouterr()
    assert main(["check", str(folder), "--coverage"]) == 1
    out = capsys.readouterr().out
    assert "prints 'Collect 4 squares each season' (deeds): unproven 'each season'" in out
    # the clause edited: the phrase rule still passes, coverage names the new words
    edit(folder, "deeds.yaml", "Collect 4 squares each season", "Collect 4 squares each New Year")
    rc, results = check(folder, capsys)
    assert [m["unproven"] for m in results["coverage:texts"]["misses"]] == ["each New Year"]


@pytest.mark.parametrize(
    ("pattern", "text", "left"),
    [
        (r"WINTER\b.*", "WINTER - start here, go north", "- start here, go north"),
        (
            r".*discard your gene.*5 points.*",
            "Then discard your gene and lose 5 points now",
            "Then … and lose … now",
        ),
        (r"EARTH [12]", "EARTH 2", ""),  # a narrow class proves its character
        (r"Player \d", "Player 3", ""),
        (r"[A-Z]+ wins", "ALICE wins", "ALICE"),  # 26 letters: not narrow
        (r"[^.]+\. The end\.", "All of it. The end.", "All of it"),
        (r"(?:North|South) edge", "South edge", ""),
    ],
)
def test_a_pattern_proves_what_it_spells(pattern, text, left):
    from pnp.rulecheck.spans import literal_spans, remainder

    assert remainder(text, literal_spans(pattern, text)) == left


@pytest.mark.deep  # a copy of a game checked again (2 s); a new sentence: every day
def test_a_declaration_names_whole_texts(tmp_path, capsys):
    """A design text declared by a sentence wildcard or by `contains` is refused (exit 2, the
    file, line and key); a narrow class is accepted."""
    folder = copy_game(tmp_path, "earthquake")
    edit(
        folder,
        "rules.yaml",
        "design_texts:\n",
        'design_texts:\n  - {family: board, pattern: "WINTER .*", why: title}\n',
    )
    capsys.readouterr()
    assert main(["check", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "rules.yaml" in err and "design_texts" in err and "'.*'" in err, err
    edit(folder, "rules.yaml", 'pattern: "WINTER .*"', 'contains: "WINTER"')
    assert main(["check", str(folder)]) == 2
    assert "not contains" in capsys.readouterr().err
    edit(folder, "rules.yaml", 'contains: "WINTER"', 'pattern: "WINTER [0-9]"')
    rc, results = check(folder, capsys)
    assert rc == 0, [k for k, v in results.items() if not v["passed"]]


@pytest.mark.deep  # a copy of a game checked again (2 s); a new sentence: every day
def test_symbols_and_fills_no_rule_reads_are_listed(tmp_path, capsys):
    """With design_art, every symbol drawn and every filled region is read by a rule or named
    by art or exact colour; the rest is listed per family, side and art (or colour)."""
    folder = copy_game(tmp_path, "earthquake")
    path = folder / "rules.yaml"
    text = re.sub(
        r"^design_art:\n(?:  - .*\n)*", "design_art: []\n", path.read_text("utf-8"), flags=re.M
    )
    path.write_text(text, encoding="utf-8")
    rc, results = check(folder, capsys)
    sym, fills = results["drawn:symbols"], results["drawn:fills"]
    assert rc == 1 and not sym["passed"] and not fills["passed"]
    drawn = {(m["item"], m["face"], m["printed"]) for m in sym["misses"]}
    # the arrows of travel are read turned (board-arrows-north ...): not listed
    assert not any("'arrow-up'" in m["printed"] for m in sym["misses"])
    assert ("reference-1", "front", "'quake' drawn 2 times (reference-card)") in drawn
    # what rules read is not listed: the action icons, each read in its own row
    assert not any("'police'" in m["printed"] for m in sym["misses"])
    assert any(m["printed"] == "'#dcd6c8' filled 32 times (board)" for m in fills["misses"])
    # what rules read is proven: the plates' colours under the block names, the deeds' headings
    assert int(re.search(r"fills: (\d+) proven", fills["found"])[1]) > 100
    assert not any("(deeds)" in m["printed"] and "#d23b30" in m["printed"] for m in fills["misses"])
    capsys.readouterr()
    assert main(["check", str(folder), "--coverage"]) == 1
    out = capsys.readouterr().out
    assert "reference-1 (front) has 'quake' drawn 2 times (reference-card)" in out
    assert re.search(r"^earthquake: \d+ proven, 0 declared, 4 unproven \(symbols\)$", out, re.M)
    # named exactly, they are declared; a colour word or a wildcard is refused
    edit(
        folder,
        "rules.yaml",
        "design_art: []",
        "design_art:\n  - {family: board, art: [arrow-up], why: decoration}\n"
        '  - {family: board, fill: ["#dcd6c8"], why: block ground}',
    )
    rc, results = check(folder, capsys)
    printed = {m["printed"] for m in results["drawn:symbols"]["misses"]}
    assert "'arrow-up' drawn 8 times (board)" not in printed
    assert "'quake' drawn 2 times (reference-card)" in printed
    assert "#dcd6c8" not in results["drawn:fills"]["found"]
    edit(folder, "rules.yaml", "art: [arrow-up]", "art: [arrow*]")
    assert main(["check", str(folder)]) == 2
    assert "without wildcards" in capsys.readouterr().err


def test_a_text_in_its_grounds_colour_fails_contrast(tmp_path, capsys):
    """Contrast is read from the drawing: the selectors' numbers printed white on their white
    faces fail `drawn:contrast`, naming the colours and the ratio (texts need 4.5:1)."""
    folder = copy_game(tmp_path, "greenway")
    edit(
        folder,
        "selectors.yaml",
        "size: 7pt, font: bold, colour: ink}",
        "size: 7pt, font: bold, colour: white}",
    )
    rc, results = check(folder, capsys)
    r = results["drawn:contrast"]
    assert rc == 1 and not r["passed"]
    assert {m["printed"] for m in r["misses"]} >= {
        "text 'P1' in #ffffff on #ffffff: contrast 1.0:1 (selectors)"
    }
    assert r["misses"][0]["spec"].endswith("selectors.yaml:14")
