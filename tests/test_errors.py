"""Every mistake gets a short exact message: file, line, key, expected, found. Never a traceback.

The cases live in tests/bad_specs/: each folder holds the files it changes in the small
game tests/bad_specs/_base/ and an expect.yaml saying what the user must be told.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from pnp.cli import main

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "bad_specs"
BASE = CORPUS / "_base"
REPO = HERE.parent
CASES = sorted(p.name for p in CORPUS.iterdir() if p.is_dir() and not p.name.startswith("_"))
DEFAULT_ARGS = ["build", "{game}", "--out", "{out}", "--paper", "a4"]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (hidden ones too) with its bytes, and every folder."""
    out = {}
    for p in sorted(folder.rglob("*")):
        out[str(p.relative_to(folder))] = p.read_bytes() if p.is_file() else b"<dir>"
    return out


def make_case(name: str, root: Path) -> tuple[Path, dict]:
    game = root / "game" / "mini"
    shutil.copytree(BASE, game, ignore=shutil.ignore_patterns("README.md"))
    case = CORPUS / name
    for src in case.rglob("*"):
        if src.is_file() and src.name != "expect.yaml":
            dst = game / src.relative_to(case)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
    expect = yaml.safe_load((case / "expect.yaml").read_text(encoding="utf-8"))
    return game, expect


def run_cli(args: list[str], capsys) -> tuple[int, str]:
    code = main(args)
    cap = capsys.readouterr()
    return code, cap.out + cap.err


def check_message(text: str, expect: dict, game: Path, cwd: Path | None = None) -> None:
    assert "Traceback" not in text and "internal error" not in text, text
    assert text.startswith("error: "), text
    assert len(text.splitlines()) <= 8, f"a message should be short:\n{text}"
    file, line, key = expect.get("file"), expect.get("line"), expect.get("key")
    first = text.splitlines()[0]
    if file:
        path = (game / file).resolve()
        cwd = (cwd or Path.cwd()).resolve()
        shown = os.path.relpath(path, cwd) if path.is_relative_to(cwd) else str(path)
        where = f"error: {shown}" + (f":{line}: " if line else ": ")
        assert first.startswith(where), f"expected the message to start with {where!r}:\n{text}"
    else:
        assert first.startswith("error: pnp: "), text
    if key:
        assert f"\n  key: {key}\n" in text + "\n", f"expected key {key}:\n{text}"
    for frag in expect.get("fragments", []):
        assert frag in text, f"expected {frag!r} in:\n{text}"


@pytest.mark.parametrize("name", CASES)
def test_bad_spec_is_refused(name, tmp_path, capsys, monkeypatch):
    game, expect = make_case(name, tmp_path)
    out = tmp_path / "out"
    (out / "mini").mkdir(parents=True)
    (out / "mini" / "earlier.pdf").write_bytes(b"%PDF-1.4 an earlier good build\n")
    before = snapshot(out)
    monkeypatch.chdir(game.parent)  # files are then named relative to here; a spec's paths never are
    args = [a.replace("{game}", str(game)).replace("{out}", str(out)) for a in expect.get("args", DEFAULT_ARGS)]
    code, text = run_cli(args, capsys)
    assert code == expect["exit"] == 2, text
    check_message(text, expect, game)
    assert snapshot(out) == before, "a refused build must not write anything"
    assert not (game / "pwned").exists()


def test_corpus_covers_the_issue():
    """The issue's list of refusals, each with at least one case."""
    need = {
        "malformed-yaml", "wrong-type", "length-without-unit", "zero-size", "negative-size", "unknown-key",
        "unknown-kind", "unknown-paper", "unknown-game", "empty-file", "not-utf8", "missing-image", "missing-font",
        "not-an-image", "too-large-to-tile", "absurd-count", "alias-bomb", "path-escapes-game", "svg-entity",
        "svg-external-ref", "circular-include",
    }
    assert need <= set(CASES)


def test_base_game_builds(tmp_path, capsys):
    """The corpus's base game is valid, so every case fails only for its own mistake."""
    out = tmp_path / "out"
    code, text = run_cli(["build", str(BASE), "--out", str(out), "--paper", "a4", "--quiet"], capsys)
    assert code == 0, text
    assert (out / "mini" / "mini-a4.pdf").is_file()


def test_allow_outside_lets_a_spec_leave_the_folder(tmp_path, capsys):
    game, _ = make_case("component-escapes-game", tmp_path)
    other = game.parent / "elsewhere"
    other.mkdir()
    shutil.copyfile(game / "cards.yaml", other / "deck.yaml")
    (other / "deck.yaml").write_text((other / "deck.yaml").read_text().replace("family: cards", "family: deck"))
    out = tmp_path / "out"
    code, text = run_cli(["build", str(game), "--out", str(out), "--paper", "a4", "--allow-outside"], capsys)
    assert code == 0, text
    code, text = run_cli(["build", str(game), "--out", str(out), "--paper", "a4"], capsys)
    assert code == 2 and "path leaves the game folder" in text


@pytest.mark.parametrize("name", ["malformed-yaml", "alias-bomb", "unknown-game"])
def test_refusal_through_a_real_process(name, tmp_path):
    """The installed entry point, as a user runs it: exit 2, one message, no traceback."""
    game, expect = make_case(name, tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    args = [a.replace("{game}", str(game)).replace("{out}", str(out)) for a in expect.get("args", DEFAULT_ARGS)]
    proc = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, cwd=game, timeout=30,
                          env={**os.environ, "PNP_DEBUG": ""})
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    check_message(proc.stderr, expect, game, cwd=game)
    assert list(out.iterdir()) == []


# --- a spec is data, never code ---------------------------------------------------------


def test_python_tags_are_never_constructed(tmp_path, capsys):
    game, _ = make_case("python-tag", tmp_path)
    for tag in ("!!python/object/apply:os.system", "!!python/name:os.system", "!!python/object:pnp.cli.Progress",
                "!!python/module:os"):
        (game / "cards.yaml").write_text(f"family: cards\nkind: card\nsize: {{w: 63mm, h: 88mm}}\ntitle: {tag} [\"touch pwned\"]\n")
        code, text = run_cli(["check", str(game)], capsys)
        assert code == 2 and "not allowed" in text, text
    assert not (game / "pwned").exists() and not Path("pwned").exists()


def test_python_expressions_are_text(tmp_path, capsys):
    """An expression is printed as written: never evaluated, never formatted."""
    game, _ = make_case("format-attribute", tmp_path)
    expr = "__import__('os').system('touch pwned') or 7*6"
    (game / "cards.yaml").write_text(
        "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\nitems:\n  - id: one\n"
        f"front:\n  - text: {{text: \"{expr}\", size: 6pt}}\n"
    )
    out = tmp_path / "out"
    code, text = run_cli(["build", str(game), "--out", str(out), "--paper", "a4", "--quiet"], capsys)
    assert code == 0, text
    import pymupdf

    with pymupdf.open(out / "mini" / "mini-a4.pdf") as doc:
        words = "".join(page.get_text() for page in doc).replace("\n", "")
    assert expr.replace(" ", "") in words.replace(" ", "")
    assert "42" not in words
    assert not (game / "pwned").exists()


@pytest.mark.parametrize("template", ["{id.__class__}", "{id[0]}", "{id!r}", "{id:>{id}}", "{0}", "{}", "{__builtins__}"])
def test_format_strings_cannot_reach_attributes(template, tmp_path, capsys):
    game, _ = make_case("format-attribute", tmp_path)
    (game / "cards.yaml").write_text(
        "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\nitems:\n  - id: one\n"
        f"front:\n  - text: {{text: '{template}'}}\n"
    )
    code, text = run_cli(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4"], capsys)
    assert code == 2, text
    assert "Traceback" not in text and "<class" not in text and "built-in" not in text
    assert "cards.yaml:7: " in text and "key: front[0]" in text


# --- exit codes of the CLI itself --------------------------------------------------------


def test_a_bug_is_an_internal_error_not_a_traceback(monkeypatch, capsys):
    import pnp.cli

    def broken(args):
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(pnp.cli.COMMANDS, "list", broken)
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    code, text = run_cli(["list"], capsys)
    assert code == 3
    assert "internal error: ZeroDivisionError: boom" in text and "Traceback" not in text


def test_repository_root_is_not_needed_as_working_folder(tmp_path, capsys, monkeypatch):
    """Built-in games are found by id from anywhere."""
    monkeypatch.chdir(tmp_path)
    code, text = run_cli(["check", "greenway", "--json"], capsys)
    assert code in (0, 1), text
    assert "Traceback" not in text
    assert REPO.exists()


# --- both YAML parsers (libyaml when present, pure Python otherwise) refuse the same way ----


@pytest.mark.parametrize("loader", [c.__name__ for c in __import__("pnp.spec.yamlfile", fromlist=["_LOADERS"])._LOADERS])
@pytest.mark.parametrize("name", ["malformed-yaml", "alias-bomb", "alias-loop", "python-tag", "duplicate-key", "not-utf8", "empty-file"])
def test_each_yaml_parser_refuses_alike(name, loader, tmp_path, capsys, monkeypatch):
    from pnp.spec import yamlfile

    monkeypatch.setattr(yamlfile, "_Loader", next(c for c in yamlfile._LOADERS if c.__name__ == loader))
    game, expect = make_case(name, tmp_path)
    code, text = run_cli(["check", str(game)], capsys)
    assert code == 2
    check_message(text, expect, game)


def test_too_many_aliases(tmp_path, capsys):
    game, _ = make_case("alias-loop", tmp_path)
    body = "family: cards\nkind: card\nsize: &s {w: 63mm, h: 88mm}\noptions:\n  many: [" + ", ".join(["*s"] * 250) + "]\n"
    (game / "cards.yaml").write_text(body)
    code, text = run_cli(["check", str(game)], capsys)
    assert code == 2 and "too many YAML aliases" in text and "at most 200 aliases" in text, text
    assert "cards.yaml:3: " in text  # the anchor that is aliased once too often
