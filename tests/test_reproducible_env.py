"""Same bytes whatever the machine's settings: time zone, locale, hash seed, umask and working
folder, for both engines, with and without --date.

The settings belong to a process, so each environment is a process of its own; within it, one
`pnp build` per engine and date runs through pnp's own entry point (`pnp.cli.main`, what
`python -m pnp` calls), each into its own output folder."""

from __future__ import annotations

import os
import shutil
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
ENGINES = ["reportlab", "svg"]
DATES = [None, "2020-01-01"]

# Runs `pnp build` once per command line in argv[1:] (each a tab-separated argument list) and
# exits with the first non-zero exit code.
RUN_BUILDS = """\
import sys
from pnp.cli import main
for line in sys.argv[1:]:
    code = main(line.split("\\t"))
    if code:
        sys.exit(code)
"""


def _builds(commands: list[list[str]], cwd, env: dict | None = None) -> None:
    """The `pnp build` commands, in one process run in `cwd` with the environment's settings."""
    settings = {k: v for k, v in (env or {}).items() if k != "umask"}
    umask = (env or {}).get("umask")
    proc = subprocess.run(
        [sys.executable, "-c", RUN_BUILDS, *("\t".join(c) for c in commands)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=240,
        env={**{k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL")}, **settings},
        preexec_fn=None if umask is None else (lambda: os.umask(umask)),
    )
    assert proc.returncode == 0, proc.stderr


def _output(out) -> dict[str, bytes]:
    return {k: v for k, v in snapshot(out).items() if v is not None and k != "stale"}


@pytest.fixture(scope="module")
def machine_runs(tmp_path_factory) -> dict[tuple[str, str | None], list[dict[str, bytes]]]:
    """(engine, date) -> the output of that build in each environment, in ENVIRONMENTS' order."""
    tmp = tmp_path_factory.mktemp("machines")
    game = mini_game(tmp)
    runs: dict = {(e, d): [] for e in ENGINES for d in DATES}
    for n, env in enumerate(ENVIRONMENTS):
        cwd = tmp / f"cwd{n}"
        cwd.mkdir()
        outs = {(e, d): tmp / f"out{n}" / f"{e}-{d}" / "x" for e in ENGINES for d in DATES}
        _builds(
            [
                ["build", str(game), "--out", str(out), "--engine", e, "--quiet"]
                + (["--date", d] if d else [])
                for (e, d), out in outs.items()
            ],
            cwd,
            env,
        )
        for key, out in outs.items():
            runs[key].append(_output(out))
    return runs


@pytest.mark.deep
@pytest.mark.parametrize("date", DATES)
@pytest.mark.parametrize("engine", ENGINES)
def test_bytes_do_not_depend_on_the_machine_settings(engine, date, machine_runs):
    runs = machine_runs[(engine, date)]
    first = runs[0]
    assert any(k.endswith(".pdf") for k in first) and any(k.endswith(".json") for k in first)
    if engine == "svg":
        assert any(k.endswith(".svg") for k in first)
    for env, run in zip(ENVIRONMENTS[1:], runs[1:], strict=True):
        assert run.keys() == first.keys()
        for name in first:
            assert run[name] == first[name], f"{name} differs under {env}"


@pytest.fixture(scope="module")
def placed_runs(tmp_path_factory) -> dict[str, list[dict[str, bytes]]]:
    """engine -> the output of the same game built from two places, named relative to two
    working folders (another machine's paths)."""
    tmp = tmp_path_factory.mktemp("places")
    game = mini_game(tmp)
    runs: dict = {e: [] for e in ENGINES}
    for n, (where, cwd) in enumerate([("a/mini", "a"), ("deeper/b/c/mini", "deeper/b")]):
        folder = tmp / f"place{n}" / where
        shutil.copytree(game, folder)
        work = tmp / f"place{n}" / cwd
        rel = str(folder.relative_to(work))
        _builds(
            [["build", rel, "--out", f"out-{e}", "--engine", e, "--quiet"] for e in ENGINES], work
        )
        for e in ENGINES:
            runs[e].append(_output(work / f"out-{e}"))
    return runs


@pytest.mark.deep
@pytest.mark.parametrize("engine", ENGINES)
def test_bytes_do_not_depend_on_where_the_game_folder_is(engine, placed_runs):
    """The same game in two places (another machine's paths), named relative to two working folders."""
    runs = placed_runs[engine]
    assert any(k.endswith(".pdf") for k in runs[0]) and runs[0].keys() == runs[1].keys()
    for name in runs[0]:
        assert runs[0][name] == runs[1][name], f"{name} differs with the game folder elsewhere"
