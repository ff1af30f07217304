"""The library API: docs/api.md's example runs as written; every function it documents is
called; the functions refuse what the command line refuses, with the same words; --verbose and
--quiet are on every command."""

from __future__ import annotations

import contextlib
import io
import logging
import re
from pathlib import Path

import pymupdf
import pytest
from conftest import game_yaml

import pnp
from pnp.cli import main, parser

REPO = Path(__file__).resolve().parent.parent


def test_the_api_page_example_runs_and_builds_what_it_says(tmp_path, monkeypatch):
    code = re.search(
        r"```python\n(.*?)```", (REPO / "docs" / "api.md").read_text(encoding="utf-8"), re.S
    ).group(1)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/api.md", "exec"), {})
    said = out.getvalue()
    assert "greenway" in said and "refused: unknown game" in said
    pdf = tmp_path / "output" / "greenway" / "greenway-a4.pdf"
    with pymupdf.open(pdf) as doc:
        assert f"a4 {pdf.relative_to(tmp_path)} {doc.page_count} pages" in said.replace(
            str(tmp_path) + "/", ""
        )
    with pymupdf.open(tmp_path / "output" / "greenway_only" / "greenway-a4.pdf") as doc:
        assert "Print at 100%" in doc[0].get_text()
    assert re.search(r"\d+ rules, 0 failed", said)


def test_the_api_functions_are_plain_functions_of_one_module():
    """No module is callable: pnp.build is a function of pnp.api, and importing the checker's
    modules leaves pnp.check the function (no subpackage shares a function's name)."""
    import importlib.util
    import sys
    import types

    from pnp.rulecheck.report import summary  # noqa: F401 - binds pnp.rulecheck, not pnp.check

    for name in DOCUMENTED_NAMES:
        fn = getattr(pnp, name)
        assert isinstance(fn, types.FunctionType) and fn.__module__ == "pnp.api", name
        assert name in pnp.__all__
    for name in DOCUMENTED_NAMES:
        assert importlib.util.find_spec(f"pnp.{name}") is None, f"a module named pnp.{name}"
    for module in ("pnp", "pnp.rulecheck", "pnp.api", "pnp.write"):
        importlib.import_module(module)
        assert type(sys.modules[module]) is types.ModuleType, module


def _documented() -> list[str]:
    """The functions docs/api.md documents, one `### `pnp.NAME(...)`` heading each."""
    text = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    return re.findall(r"^### `pnp\.(\w+)\(", text, re.M)


DOCUMENTED_NAMES = _documented()


def test_every_function_is_documented_and_every_documented_one_exists():
    functions = {
        n
        for n in pnp.__all__
        if callable(getattr(pnp, n)) and not isinstance(getattr(pnp, n), type)
    }
    assert set(DOCUMENTED_NAMES) == functions
    assert len(DOCUMENTED_NAMES) == len(set(DOCUMENTED_NAMES)) >= 8


def test_every_documented_function_runs(small_game, tmp_path):
    """Each function docs/api.md documents is called here, and what it writes is read back."""
    out = tmp_path / "out"
    game = pnp.load_game(small_game)
    said: list[str] = []
    calls = {
        "load_game": lambda: pnp.load_game(str(small_game)),
        "build": lambda: pnp.build(game, "a4", out_dir=out, warn=said.append),
        "check": lambda: pnp.check(game, warn=said.append),
        "preview": lambda: pnp.preview(game, out, dpi=30, families="deck"),
        "export_tts": lambda: pnp.export_tts(game, out),
        "export_cut": lambda: pnp.export_cut(game, out),
        "export_cards": lambda: pnp.export_cards(game, out, dpi=72, bleed="2mm", families=["deck"]),
        "export_press": lambda: pnp.export_press(
            game, out, dpi=72, bleed="0.125in", families="deck"
        ),
        "export_cricut": lambda: pnp.export_cricut(game, out, families=["deck"]),
        "new": lambda: pnp.new(tmp_path / "another"),
    }
    assert sorted(calls) == sorted(DOCUMENTED_NAMES), "a documented function not called here"
    got = {name: calls[name]() for name in DOCUMENTED_NAMES}
    assert got["load_game"].id == game.id == "small"
    built = got["build"]
    assert [o.paper for o in built] == ["a4"] and built.results and not built.failed
    with pymupdf.open(built[0].pdf) as doc:
        assert doc.page_count == built[0].pages >= 2
    assert got["check"] and all(r.passed for r in got["check"])
    (deck,) = got["preview"]
    assert deck.family == "deck" and deck.faces >= 1 and deck.sheet.is_file()
    assert got["export_tts"] and all(s.is_file() for d in got["export_tts"] for s in d.sheets)
    cut = got["export_cut"]
    assert cut and all(f.is_file() and f.read_text().startswith("<") for f in cut)
    assert got["export_cards"].files >= 2 and (out / "small" / "cards").is_dir()
    assert got["export_press"].files >= 1 and (out / "small" / "press").is_dir()
    assert got["export_cricut"] and all(
        p.is_file() and p.suffix == ".png" for p in got["export_cricut"]
    )
    ident, files = got["new"]
    assert ident == "another" and (tmp_path / "another" / "game.yaml") in files


@pytest.mark.parametrize(
    ("options", "flag", "expected"),
    [
        ({"offset": (30, 0)}, "--offset=30,0", "each from -20 to 20 mm"),
        ({"offset": "25,0"}, "--offset=25,0", "each from -20 to 20 mm"),
        ({"offset": "left"}, "--offset=left", "X,Y in millimetres"),
        ({"offset": (float("nan"), 0)}, "--offset=nan,0", "each from -20 to 20 mm"),
        ({"date": "1 May"}, "--date=1 May", "YYYY-MM-DD"),
        ({"flip": "sideways"}, "--flip=sideways", "'long', 'short'"),
        ({"engine": "tex"}, "--engine=tex", "'reportlab', 'svg'"),
        ({"only": ["nope"]}, "--only=nope", "no family 'nope'"),
        ({"only": ["nope"]}, "--only=nope", "no family 'nope'"),
    ],
)
def test_the_api_refuses_what_the_command_line_refuses(options, flag, expected, tmp_path, capsys):
    with pytest.raises(pnp.PnpError) as err:
        pnp.build("piecepack", ["a4"], out_dir=tmp_path / "api", **options)
    assert expected in str(err.value) and "Traceback" not in str(err.value)
    assert (
        _exit_code(["build", "piecepack", "--paper", "a4", "--out", str(tmp_path / "cli"), flag])
        == 2
    )
    assert expected in capsys.readouterr().err
    assert not (tmp_path / "api").exists() and not (tmp_path / "cli").exists()


def _exit_code(argv: list[str]) -> int:
    """The command's exit code, whether argparse refused (SystemExit) or the command did."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code)


def test_papers_as_the_command_line_takes_them(tmp_path):
    assert [o.paper for o in pnp.build("piecepack", "a4", out_dir=tmp_path)] == ["a4"]
    assert [o.paper for o in pnp.build("piecepack", "a4,letter", out_dir=tmp_path)] == [
        "a4",
        "letter",
    ]
    with pytest.raises(pnp.PnpError, match="unknown paper 'a5'"):
        pnp.build("piecepack", "a5", out_dir=tmp_path)
    with pytest.raises(pnp.PnpError, match="bad --paper"):
        pnp.build("piecepack", 4, out_dir=tmp_path)
    with pytest.raises(pnp.PnpError, match="bad --only"):
        pnp.build("piecepack", "a4", out_dir=tmp_path, only=[5])
    with pytest.raises(pnp.PnpError, match="bad --only"):
        pnp.build("piecepack", "a4", out_dir=tmp_path, only=[5])


def test_strict_means_the_same_in_the_api_and_the_command_line(game_copy, tmp_path, capsys):
    """A failing rule: pnp.build(strict=True) refuses as pnp build --strict does, writing nothing."""
    folder = game_copy("greenway")
    veterans = folder / "veterans.yaml"
    veterans.write_text(
        veterans.read_text().replace("[1, 2, 3, 4, 5, 6, 7, 8]", "[1, 2, 3, 4, 5, 6, 7]")
    )
    with pytest.raises(pnp.Refused) as err:
        pnp.build(str(folder), ["a4"], out_dir=tmp_path / "api", strict=True)
    failed = [r.id for r in err.value.built.failed]
    assert "veterans" in failed
    assert "nothing written (--strict:" in err.value.message
    assert f"{len(failed)} failed rule(s)" in err.value.message
    assert (
        main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "cli"), "--strict"])
        == 1
    )
    said = capsys.readouterr().err
    assert err.value.message in said and "DEPARTS veterans" in said
    assert not (tmp_path / "api").exists() and not (tmp_path / "cli").exists()
    loose = pnp.build(str(folder), ["a4"], out_dir=tmp_path / "loose")
    assert [r.id for r in loose.failed] == failed and loose[0].pdf.is_file()


def _tiny_game(tmp_path, cards: str):
    """A game of one card family, `cards` its YAML, and no rulebook."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("g", "c.yaml"))
    (folder / "c.yaml").write_text("family: c\nkind: card\nsize: {w: 63mm, h: 88mm}\n" + cards)
    return folder


def test_check_refuses_a_game_without_rules_as_the_command_does(tmp_path, capsys):
    folder = _tiny_game(tmp_path, "items: [{id: a}]\nfront: []\n")
    with pytest.raises(pnp.PnpError, match="no rules file"):
        pnp.check(str(folder))
    assert main(["check", str(folder)]) == 2 and "no rules file" in capsys.readouterr().err


def test_build_logs_warnings_and_strict_raises_before_writing(tmp_path, caplog):
    folder = _tiny_game(
        tmp_path,
        "items:\n  - {id: a, city: Oakland}\nfront:\n"
        "  - rect: {x: 0mm, y: 0mm, w: 10mm, h: 10mm, fill: red}\n    when: {city: Oaklnd}\n",
    )
    with caplog.at_level(logging.WARNING, logger="pnp"):
        outs = pnp.build(str(folder), ["a4"], out_dir=tmp_path / "o")
    assert outs[0].pdf.is_file()
    assert any(
        "c.yaml:8:" in r.getMessage() and "matches no item" in r.getMessage()
        for r in caplog.records
    )
    with pytest.raises(pnp.Refused, match=r"--strict: 1 warning\(s\)"):
        pnp.build(pnp.load_game(folder), ["a4"], out_dir=tmp_path / "strict", strict=True)
    assert not (tmp_path / "strict").exists()


def commands() -> dict:
    sub = next(a for a in parser()._actions if a.dest == "command")
    return sub.choices


@pytest.mark.parametrize("name", sorted(commands()))
def test_every_command_takes_verbose_and_quiet(name):
    options = {s for a in commands()[name]._actions for s in a.option_strings}
    assert {"--verbose", "-v", "--quiet", "-q"} <= options


def test_verbose_says_each_step_and_quiet_says_nothing(tmp_path, capsys):
    assert main(["build", "piecepack", "--paper", "a4", "--out", str(tmp_path), "--verbose"]) == 0
    err = capsys.readouterr().err
    assert "piecepack: every face drawn" in err and "piecepack-a4.pdf written" in err
    assert main(["build", "piecepack", "--paper", "a4", "--out", str(tmp_path), "--quiet"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["check", "piecepack", "--quiet"]) == 0
    out = capsys.readouterr()
    assert out.err == "" and "rules pass" in out.out


def test_verbose_times_each_step_and_the_steps_make_up_the_build(tmp_path, capsys):
    """-v gives every step its own time (load, draw, legibility, impose per paper, check, write
    per file); after the load, the steps add up to the build's own total, as a user reading
    -v to find the slow step needs. Not a speed test: only the sum against the total."""
    import re

    assert main(["build", "aftershock", "--out", str(tmp_path), "--verbose"]) == 0
    err = capsys.readouterr().err
    timed = re.findall(r"^aftershock: (.+?) in ([0-9.]+)s$", err, re.M)
    steps = [
        r"loaded \d+ families",
        r"every face drawn",
        r"every face read for legibility",
        r"a4 imposed on \d+ pages",
        r"letter imposed on \d+ pages",
        r"rulebook checked",
        r"aftershock-a4\.pdf written, \d+ pages,",
        r"aftershock-letter\.pdf written, \d+ pages,",
    ]
    seconds = {}
    for step in steps:
        found = [float(t) for what, t in timed if re.fullmatch(step, what)]
        assert len(found) == 1, (step, err)
        seconds[step] = found[0]
    total = float(next(t for what, t in timed if what.endswith(" pages)")))
    after_load = sum(seconds.values()) - seconds[steps[0]]  # the total starts after the load
    assert after_load <= total + 0.15, err  # each step within the whole (the total is rounded)
    assert after_load >= 0.8 * total - 0.3, err  # and nothing large is left untimed
