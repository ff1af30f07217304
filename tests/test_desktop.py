"""pnp on every desktop: with symlinks, hard links and fork refused (as on Windows without
administrator rights, FAT/exFAT sticks, many network shares) it writes the same files."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from conftest import mini_game
from test_atomic import snapshot

from pnp.cli import main

COMMANDS = [
    ["build", "--engine", "reportlab", "--date", "2020-01-01"],
    ["build", "--engine", "svg", "--paper", "a4", "--date", "2020-01-01"],
    ["preview", "--dpi", "60"],
    ["export", "--tts"],
    ["export", "--cut", "--paper", "a4"],
    ["export", "--cards", "--dpi", "100"],
]


def _everything(game: Path, out: Path, capsys) -> dict:
    for args in COMMANDS:
        code = main([args[0], str(game), "--out", str(out), "--quiet", *args[1:]])
        assert code == 0, (args, capsys.readouterr().err)
        # a second time over its own output, as a user rebuilds
        code = main([args[0], str(game), "--out", str(out), "--quiet", *args[1:]])
        assert code == 0, (args, capsys.readouterr().err)
    # the same bytes wherever the folder is: a TTS save names its images by their full path
    here = str(out.resolve()).encode(), out.resolve().as_uri().encode()
    return {k: v.replace(here[1], b"OUT").replace(here[0], b"OUT") if isinstance(v, bytes) else v for k, v in snapshot(out).items()}


def test_same_files_without_symlinks_hard_links_or_fork(tmp_path, capsys, monkeypatch):
    game = mini_game(tmp_path)
    normal = _everything(game, tmp_path / "normal", capsys)
    assert any(k.endswith(".pdf") for k in normal) and any("preview/" in k for k in normal)
    assert any(k.startswith("mini/tts/") for k in normal) and any(
        k.startswith("mini/cards/") for k in normal
    )

    tried: list[str] = []

    def refused(name):
        def refuse(*args, **kwargs):
            tried.append(name)
            raise OSError(errno.EPERM, "A required privilege is not held by the client")

        return refuse

    monkeypatch.setattr(os, "symlink", refused("symlink"))
    monkeypatch.setattr(os, "link", refused("link"))
    monkeypatch.setattr(Path, "hardlink_to", refused("hardlink_to"), raising=False)
    monkeypatch.delattr(os, "fork", raising=False)
    assert not hasattr(os, "fork")
    desktop = _everything(game, tmp_path / "desktop", capsys)
    assert tried == [], "nothing asked for a link"
    assert desktop.keys() == normal.keys()
    for k, v in normal.items():
        assert desktop[k] == v, k


@pytest.mark.parametrize("jobs", ["2"])
def test_build_jobs_without_fork(tmp_path, capsys, monkeypatch, jobs):
    """--jobs where fork is missing (Windows, macOS' default): one game after another."""
    a = mini_game(tmp_path)
    b = tmp_path / "mini2"
    b.mkdir()
    for f in a.iterdir():
        if f.is_file():
            (b / f.name).write_bytes(f.read_bytes().replace(b"id: mini", b"id: mini2"))
        else:
            import shutil

            shutil.copytree(f, b / f.name)
    monkeypatch.delattr(os, "fork", raising=False)
    code = main(
        ["build", str(a), str(b), "--jobs", jobs, "--out", str(tmp_path / "out"), "--quiet"]
    )
    assert code == 0, capsys.readouterr().err
    assert (tmp_path / "out" / "mini" / "mini-a4.pdf").is_file() and (
        tmp_path / "out" / "mini2" / "mini2-a4.pdf"
    ).is_file()


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_build_jobs_forks_only_on_linux(tmp_path, capsys, monkeypatch, platform):
    """macOS has fork, but forking a process that has loaded cairo is unsafe there: --jobs
    builds one game after another, as on Windows."""
    import sys

    import pnp.cli

    a, b = mini_game(tmp_path / "a"), mini_game(tmp_path / "b")
    monkeypatch.setattr(sys, "platform", platform)

    def no_fork(*args, **kwargs):
        raise AssertionError("forked on " + platform)

    monkeypatch.setattr(pnp.cli, "_build_on_cores", no_fork)
    out = tmp_path / "out"
    assert main(["build", str(a), str(b), "--jobs", "2", "--out", str(out), "--quiet"]) == 0, capsys.readouterr().err
    assert (out / "mini" / "mini-a4.pdf").is_file()


def test_missing_cairo_says_how_to_get_it(tmp_path):
    """cairocffi without the cairo library (its own OSError): exit 2, how to get it on Windows
    and macOS; the build, which does not need it, still works."""
    import subprocess
    import sys

    fake = tmp_path / "fake" / "cairocffi"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text(
        'raise OSError(\'no library called "cairo-2" was found\\nno library called "cairo" was found\')\n'
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            filter(None, [str(fake.parent), os.environ.get("PYTHONPATH")])
        ),
        "PNP_DEBUG": "",
    }
    game, out = mini_game(tmp_path), tmp_path / "out"

    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "pnp", *args, str(game), "--out", str(out)],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    for args in (["preview"], ["export", "--tts"], ["build", "--engine", "svg"]):
        r = run(*args)
        assert r.returncode == 2, (args, r.stderr)
        assert "cairo graphics library is not installed" in r.stderr and "Traceback" not in r.stderr
        assert (
            "Windows:" in r.stderr
            and "libcairo-2.dll" in r.stderr
            and "brew install cairo" in r.stderr
        )
    assert run("build", "--quiet").returncode == 0
    assert (out / "mini" / "mini-a4.pdf").is_file()
