"""Same bytes whatever the machine's settings: time zone, locale, hash seed, umask and working
folder, for both engines, with and without --date."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import mini_game
from test_atomic import snapshot

ENVIRONMENTS = [
    {"TZ": "UTC", "LC_ALL": "C", "PYTHONHASHSEED": "0", "umask": 0o022},
    {"TZ": "America/New_York", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "12345", "umask": 0o077},
    {"TZ": "Pacific/Chatham", "LC_ALL": "fr_FR.UTF-8", "PYTHONHASHSEED": "random", "umask": 0o002},
    {"TZ": "Asia/Kolkata", "LANG": "de_DE.UTF-8", "PYTHONHASHSEED": "7", "umask": 0o027},
]


def _build(game, out, cwd, engine: str, date: str | None, env: dict) -> dict[str, bytes]:
    settings = {k: v for k, v in env.items() if k != "umask"}
    cmd = [sys.executable, "-m", "pnp", "build", str(game), "--out", str(out), "--engine", engine, "--quiet"]
    cmd += ["--date", date] if date else []
    cwd.mkdir(parents=True)
    proc = subprocess.run(
        cmd, capture_output=True, text=True, cwd=cwd, timeout=120,
        env={**{k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL")}, **settings},
        preexec_fn=lambda: os.umask(env["umask"]),
    )
    assert proc.returncode == 0, proc.stderr
    return {k: v for k, v in snapshot(out).items() if v is not None and k != "stale"}


@pytest.mark.parametrize("date", [None, "2020-01-01"])
@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_bytes_do_not_depend_on_the_machine_settings(engine, date, tmp_path):
    game = mini_game(tmp_path)
    runs = [_build(game, tmp_path / f"out{n}" / "x", tmp_path / f"cwd{n}", engine, date, env) for n, env in enumerate(ENVIRONMENTS)]
    first = runs[0]
    assert any(k.endswith(".pdf") for k in first) and any(k.endswith(".json") for k in first)
    if engine == "svg":
        assert any(k.endswith(".svg") for k in first)
    for env, run in zip(ENVIRONMENTS[1:], runs[1:], strict=True):
        assert run.keys() == first.keys()
        for name in first:
            assert run[name] == first[name], f"{name} differs under {env}"


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_bytes_do_not_depend_on_where_the_game_folder_is(engine, tmp_path):
    """The same game in two places (another machine's paths), named relative to two working folders."""
    import shutil

    game = mini_game(tmp_path)
    runs = []
    for n, (where, cwd) in enumerate([("a/mini", "a"), ("deeper/b/c/mini", "deeper/b")]):
        folder = tmp_path / f"place{n}" / where
        shutil.copytree(game, folder)
        work = tmp_path / f"place{n}" / cwd
        rel = folder.relative_to(work)
        proc = subprocess.run(
            [sys.executable, "-m", "pnp", "build", str(rel), "--out", "out", "--engine", engine, "--quiet"],
            capture_output=True, text=True, cwd=work, timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        runs.append({k: v for k, v in snapshot(work / "out").items() if v is not None and k != "stale"})
    assert any(k.endswith(".pdf") for k in runs[0]) and runs[0].keys() == runs[1].keys()
    for name in runs[0]:
        assert runs[0][name] == runs[1][name], f"{name} differs with the game folder elsewhere"
