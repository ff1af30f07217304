"""A game folder from elsewhere may ship an `output/` of its own: staging folders, journals and
locks that pnp did not write. Nothing in them is followed out of the output folder, a damaged
one is exit 2 naming it, and a lock no live run holds never blocks a build."""

from __future__ import annotations

import errno
import json
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pymupdf
import pytest
from conftest import mini_game, plant_symlink

from pnp import journal, outputset, scaffold
from pnp.cli import main

STAGE = ".pnp-mini.12345.abcd"


def _plant(out: Path, data: object, stage: str = STAGE) -> Path:
    folder = out / stage
    folder.mkdir(parents=True)
    text = data if isinstance(data, str) else json.dumps(data)
    (folder / ".pnp-journal.json").write_text(text)
    return folder


def _build(game: Path, out: Path) -> int:
    return main(["build", str(game), "--paper", "a4", "--out", str(out), "--quiet"])


def _sentinel(tmp_path: Path) -> Path:
    """A folder of the user's own, outside the game: nothing may delete it or its file."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "precious.txt").write_text("mine")
    return mine


@pytest.mark.parametrize("where", ["relative", "absolute"])
def test_a_planted_journal_never_deletes_outside_the_game(tmp_path, capsys, where):
    mine = _sentinel(tmp_path)
    game = mini_game(tmp_path)
    out = game / "output"
    trash = "../../mine" if where == "relative" else str(mine)
    planted = _plant(out, {"entries": ["x"], "carry": {}, "trash": trash})
    assert _build(game, out) == 2
    err = capsys.readouterr().err
    assert (mine / "precious.txt").read_text() == "mine"
    assert str(planted) in err and "delete the folder" in err, err
    assert not (out / "mini").exists()  # nothing was built over a journal it could not finish


def test_a_journal_in_the_right_shape_written_elsewhere_is_not_followed(tmp_path, capsys):
    """Its own trash and plain names, yet another machine's or user's token: not followed."""
    game = mini_game(tmp_path)
    out = game / "output"
    (out / "mini").mkdir(parents=True)
    (out / "mini" / "notes.txt").write_text("kept")
    stage = _plant(
        out, {"entries": ["notes.txt"], "carry": {}, "trash": STAGE + ".trash", "by": "0" * 32}
    )
    (stage / "notes.txt").write_text("planted")
    assert _build(game, out) == 2
    err = capsys.readouterr().err
    assert "another machine or by another user" in err and str(stage) in err, err
    assert (out / "mini" / "notes.txt").read_text() == "kept"


@pytest.mark.parametrize(
    "field",
    [
        {"trash": "../../mine"},
        {"entries": ["../../mine"]},
        {"entries": ["/abs"]},
        {"carry": {"..": ["mine"]}},
        {"carry": {"preview": ["../../../mine"]}},
    ],
)
def test_names_that_leave_the_output_are_refused_even_with_this_machines_token(
    tmp_path, capsys, field
):
    """The token can be guessed (host and user are no secret): the names are checked too."""
    mine = _sentinel(tmp_path)
    game = mini_game(tmp_path)
    out = game / "output"
    data = {"entries": [], "carry": {}, "trash": STAGE + ".trash", "by": journal.writer_token()}
    planted = _plant(out, data | field)
    assert _build(game, out) == 2
    err = capsys.readouterr().err
    assert str(planted) in err, err
    assert (mine / "precious.txt").read_text() == "mine"


def test_a_trash_folder_planted_as_a_link_is_not_followed(tmp_path, capsys):
    mine = _sentinel(tmp_path)
    game = mini_game(tmp_path)
    out = game / "output"
    (out / "mini").mkdir(parents=True)
    (out / "mini" / "precious.txt").write_text("the set")
    data = {
        "entries": ["precious.txt"],
        "carry": {},
        "trash": STAGE + ".trash",
        "by": journal.writer_token(),
    }
    planted = _plant(out, data)
    (planted / "precious.txt").write_text("new")
    plant_symlink(out / (STAGE + ".trash"), mine, directory=True)
    assert _build(game, out) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert sorted(p.name for p in mine.iterdir()) == ["precious.txt"]
    assert (mine / "precious.txt").read_text() == "mine"


@pytest.mark.parametrize(
    "text",
    [
        "not json {",
        "[]",
        json.dumps({"entries": [], "carry": {}}),
        json.dumps({"entries": 5, "carry": {}, "trash": STAGE + ".trash"}),
        "[" * 100_000 + "]" * 100_000,
        "\xff\xfe",
    ],
    ids=["not-json", "a-list", "missing-keys", "entries-5", "deep", "not-utf8"],
)
def test_a_damaged_journal_is_exit_2_naming_its_folder(tmp_path, capsys, text):
    game = mini_game(tmp_path)
    out = game / "output"
    planted = _plant(out, text)
    for command in (["build", str(game), "--paper", "a4"], ["preview", str(game)]):
        assert main([*command, "--out", str(out), "--quiet"]) == 2
        err = capsys.readouterr().err
        assert str(planted) in err and "delete the folder" in err, err
    assert (planted / ".pnp-journal.json").exists()  # refused, never removed behind the user's back


def test_once_the_planted_folder_is_removed_the_build_works(tmp_path, capsys):
    game = mini_game(tmp_path)
    out = game / "output"
    planted = _plant(out, "not json")
    assert _build(game, out) == 2
    capsys.readouterr()
    (planted / ".pnp-journal.json").unlink()
    planted.rmdir()
    assert _build(game, out) == 0
    assert (out / "mini" / "mini-a4.pdf").is_file()


@pytest.mark.parametrize("content", ["1", str(2**40), "", "garbage"])
def test_a_lock_no_live_run_holds_does_not_block(tmp_path, capsys, monkeypatch, content):
    """A shipped lock naming pid 1 (always alive) or anything else is stale: only a lock the
    system says a live process holds makes a build wait."""
    monkeypatch.setattr(outputset, "LOCK_WAIT_S", 0.5)
    game = mini_game(tmp_path)
    out = game / "output"
    out.mkdir()
    (out / ".pnp-mini.lock").write_text(content)
    assert _build(game, out) == 0, capsys.readouterr().err
    assert (out / "mini" / "mini-a4.pdf").is_file()
    assert not (out / ".pnp-mini.lock").exists()


def test_a_lock_planted_as_a_link_is_removed_not_followed(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(outputset, "LOCK_WAIT_S", 0.5)
    mine = _sentinel(tmp_path)
    game = mini_game(tmp_path)
    out = game / "output"
    out.mkdir()
    plant_symlink(out / ".pnp-mini.lock", mine / "precious.txt")
    assert _build(game, out) == 0, capsys.readouterr().err
    assert (mine / "precious.txt").read_text() == "mine"


def test_a_lock_a_live_run_holds_makes_the_build_wait_then_refuse(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(outputset, "LOCK_WAIT_S", 0.5)
    game = mini_game(tmp_path)
    out = game / "output"
    out.mkdir()
    holder = textwrap.dedent(
        f"""
        import sys, time
        from pathlib import Path
        from pnp.setlock import held
        with held(Path({str(out / ".pnp-mini.lock")!r}), 5):
            print("held", flush=True)
            sys.stdin.readline()
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline().strip() == "held"
        assert _build(game, out) == 2
        err = capsys.readouterr().err
        assert "another pnp run is writing it" in err and f"process {proc.pid}" in err, err
    finally:
        proc.communicate("\n", timeout=30)
    assert _build(game, out) == 0  # let go: the next build goes ahead


def test_new_from_never_copies_the_output_or_staging_folders(tmp_path, capsys):
    game = mini_game(tmp_path)
    _plant(game / "output", {"entries": [], "carry": {}, "trash": "../../x"})
    (game / "output" / "mini").mkdir()
    (game / "output" / "mini" / "mini-a4.pdf").write_text("old")
    copy = tmp_path / "copy"
    assert main(["new", str(copy), "--from", str(game)]) == 0
    assert not (copy / "output").exists()
    assert not [p for p in copy.rglob("*") if p.name.startswith(".pnp")]


def _nest(folder: Path, depth: int) -> None:
    """`folder`/a/a/... `depth` deep, made one level at a time (the whole path is longer than
    a name may be)."""
    here = os.getcwd()
    os.chdir(folder)
    for _ in range(depth):
        os.mkdir("a")
        os.chdir("a")
    os.chdir(here)


def _unnest(folder: Path, depth: int) -> None:
    """Remove what _nest made, deepest first (pytest's own clean-up would recurse too deep)."""
    here = os.getcwd()
    os.chdir(folder)
    for _ in range(depth):
        os.chdir("a")
    for _ in range(depth):
        os.chdir("..")
        os.rmdir("a")
    os.chdir(here)


def test_new_from_a_folder_nested_thousands_deep_is_refused(tmp_path, capsys):
    game = mini_game(tmp_path)
    (game / "art").mkdir()
    _nest(game / "art", 1500)
    copy = tmp_path / "copy"
    try:
        assert main(["new", str(copy), "--from", str(game)]) == 2
        err = capsys.readouterr().err
        assert "cannot copy the game folder" in err and "at most 32 deep" in err, err
    finally:
        _unnest(game / "art", 1500)
        if copy.exists():
            _unnest(copy / "art", 1500)
    assert not copy.exists()


def test_new_from_a_folder_of_too_many_files_is_refused_before_copying(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(scaffold, "MAX_COPY_FILES", 50)
    game = mini_game(tmp_path)
    (game / "art").mkdir()
    for i in range(60):
        (game / "art" / f"{i}.txt").write_text("x")
    copy = tmp_path / "copy"
    assert main(["new", str(copy), "--from", str(game)]) == 2
    err = capsys.readouterr().err
    assert "at most 50 files and folders" in err and "more than 50" in err, err
    assert not copy.exists()


@pytest.mark.parametrize("name", ["con", "NUL.txt", "com1"])
def test_new_refuses_a_windows_device_name_as_the_build_does(tmp_path, capsys, name):
    assert main(["new", str(tmp_path / name)]) == 2
    err = capsys.readouterr().err
    assert "device name of Windows" in err and name in err, err
    assert not (tmp_path / name).exists()


@pytest.mark.parametrize("value", ["yesterday", "99999999999999999999", "32503680000", "-5", "1e9"])
def test_a_bad_source_date_epoch_is_exit_2_naming_it(tmp_path, capsys, monkeypatch, value):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    game = mini_game(tmp_path)
    assert _build(game, tmp_path / "out") == 2
    err = capsys.readouterr().err
    assert "bad SOURCE_DATE_EPOCH" in err and repr(value) in err, err
    assert not (tmp_path / "out").exists()


def test_source_date_epoch_at_its_limit_is_written_as_that_date(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "32503679999")
    game = mini_game(tmp_path)
    assert _build(game, tmp_path / "out") == 0
    with pymupdf.open(tmp_path / "out" / "mini" / "mini-a4.pdf") as doc:
        assert doc.metadata["creationDate"].startswith("D:29991231235959"), doc.metadata


def test_serve_with_too_few_open_files_allowed_is_exit_2_saying_what_to_do(tmp_path):
    game = mini_game(tmp_path)
    child = textwrap.dedent(
        f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_NOFILE, (16, 16))  # the hard limit too: no raising it
        sys.argv = ["pnp", "serve", {str(game)!r}, "--port", "0"]
        from pnp.__main__ import run
        raise SystemExit(run())
        """
    )
    run = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stderr
    assert "too few open files allowed for pnp serve" in run.stderr and "ulimit -n" in run.stderr
    assert "Traceback" not in run.stderr


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_serve_refusing_connections_at_the_limit_says_one_line_not_tracebacks(monkeypatch):
    import asyncio
    import errno as errnos

    from pnp.serve.files import FullSaid

    log, heard = logging.getLogger("pnp"), _Lines()
    monkeypatch.setattr(log, "level", logging.WARNING)
    log.addHandler(heard)
    said = FullSaid()
    loop = asyncio.new_event_loop()
    passed_on: list[dict] = []
    loop.default_exception_handler = passed_on.append  # what is not about the limit
    try:
        for _ in range(50):  # a browser's burst of refused connections
            said(loop, {"message": "socket.accept() out of system resource",
                        "exception": OSError(errnos.EMFILE, "Too many open files")})  # fmt: skip
        said(loop, {"message": "something else", "exception": ValueError("x")})
    finally:
        loop.close()
        log.removeHandler(heard)
    lines = [line for line in heard.lines if "no more files may be open" in line]
    assert len(lines) == 1 and "ulimit -n" in lines[0], lines
    assert [c["message"] for c in passed_on] == ["something else"]


def test_any_command_out_of_open_files_is_exit_2(tmp_path, capsys, monkeypatch):
    from pnp import api

    def full(*args, **kwargs):
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(api, "build", full)
    assert _build(mini_game(tmp_path), tmp_path / "out") == 2
    err = capsys.readouterr().err
    assert "no more files may be open" in err and "internal error" not in err, err


def test_a_game_folder_nested_thousands_deep_builds(tmp_path, capsys):
    """After the build, pnp looks for the game's newest file (to name older outputs): a walk
    that recursed once a folder would end a finished build in a crash."""
    game = mini_game(tmp_path)
    (game / "notes").mkdir()
    _nest(game / "notes", 1500)
    try:
        assert main(["build", str(game), "--paper", "a4", "--out", str(tmp_path / "out")]) == 0
        assert "internal error" not in capsys.readouterr().err
    finally:
        _unnest(game / "notes", 1500)
