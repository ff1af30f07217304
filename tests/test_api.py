"""The library API: docs/api.md's example runs as written; pnp.load_game, pnp.build and
pnp.check come from `import pnp`; --verbose and --quiet are on every command."""

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
    with pymupdf.open(tmp_path / "output" / "greenway-only" / "greenway-a4.pdf") as doc:
        assert "Print at 100%" in doc[0].get_text()
    assert re.search(r"\d+ rules, 0 failed", said)


def test_import_pnp_offers_the_three_functions():
    assert {"load_game", "build", "check", "PnpError"} <= set(pnp.__all__)
    assert callable(pnp.load_game) and callable(pnp.build) and callable(pnp.check)
    import pnp.build as module
    import pnp.check.report as report

    assert pnp.build is module and callable(pnp.build), (
        "importing the module keeps pnp.build callable"
    )
    assert report and callable(pnp.check), (
        "importing the checker's modules keeps pnp.check callable"
    )


def test_build_logs_warnings_and_strict_raises_before_writing(tmp_path, caplog):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("g", "c.yaml"))
    (folder / "c.yaml").write_text(
        "family: c\nkind: card\nsize: {w: 63mm, h: 88mm}\nitems:\n  - {id: a, city: Oakland}\nfront:\n"
        "  - rect: {x: 0mm, y: 0mm, w: 10mm, h: 10mm, fill: red}\n    when: {city: Oaklnd}\n"
    )
    with caplog.at_level(logging.WARNING, logger="pnp"):
        outs = pnp.build(str(folder), ["a4"], out_dir=tmp_path / "o")
    assert outs[0].pdf.is_file()
    assert any(
        "c.yaml:8:" in r.getMessage() and "matches no item" in r.getMessage()
        for r in caplog.records
    )
    with pytest.raises(pnp.PnpError):
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
