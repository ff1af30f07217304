"""Break one printed thing in a copy of a shipped game and read what `pnp check --json` says."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from pnp.cli import main

REPO = Path(__file__).resolve().parent.parent


def copy_game(tmp_path: Path, game: str) -> Path:
    dest = tmp_path / game
    shutil.copytree(REPO / "components" / game, dest)
    return dest


def edit(folder: Path, file: str, old: str, new: str, count: int = 1) -> None:
    """Replace `old` by `new` in one file of the copy; the text must be there."""
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, count if count else -1), encoding="utf-8")


def check(folder: Path, capsys, *extra: str) -> tuple[int, dict]:
    """Exit code and the results by rule id."""
    capsys.readouterr()
    rc = main(["check", str(folder), "--json", *extra])
    out = capsys.readouterr().out
    return rc, {r["id"]: r for r in json.loads(out)} if out.strip().startswith("[") else {}


def failing(folder: Path, capsys) -> set[str]:
    rc, results = check(folder, capsys)
    assert rc == 1, "pnp check passed a broken game"
    return {k for k, r in results.items() if not r["passed"]}


_shipped: dict[str, tuple[int, dict]] = {}


def shipped_results(tmp_path: Path, capsys, game: str) -> tuple[int, dict]:
    """`pnp check --json` of an unmodified copy of a shipped game, checked once per process:
    every misprint of that game compares with the same copy."""
    if game not in _shipped:
        _shipped[game] = check(copy_game(tmp_path / "unmodified", game), capsys)
    return _shipped[game]


def fails_naming(tmp_path, capsys, case: tuple, shipped_passes: bool = False) -> dict:
    """Write one misprint (game, file, old, new) into a copy and assert the check fails the rule
    (rule) quoting the rulebook's words (words), naming the face and the YAML line that drew it;
    with shipped_passes, the unmodified copy passes the rule first. The rule's result."""
    game, file, old, new, rule, words = case
    if shipped_passes:
        rc, results = shipped_results(tmp_path, capsys, game)
        assert rule in results, f"no rule {rule}"
        assert rc == 0 and results[rule]["passed"], results[rule]
    folder = copy_game(tmp_path, game)
    edit(folder, file, old, new)
    rc, results = check(folder, capsys)
    r = results[rule]
    assert rc == 1 and not r["passed"], r
    assert words in r["cite"]
    assert r["misses"] and r["misses"][0]["spec"]
    return r
