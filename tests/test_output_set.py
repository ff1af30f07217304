"""An output set (both papers, manifests, SVG page folders, previews) is replaced as a whole,
in a plain folder.

A run killed just before the switch (tests/pnp_with_fault.py before-switch) leaves the
previous set exactly as it was; the next run removes the killed run's staging folder and
switches in a complete new set. A run killed mid-switch (mid-switch) leaves no old file beside
a new one of the same name, and the next run, whatever its command, completes the switch.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest
from conftest import mini_game, plant_symlink
from test_atomic import snapshot

from pnp.cli import main

FAULTY = Path(__file__).parent / "pnp_with_fault.py"


def _pnp(fault: str | None) -> list[str]:
    return [sys.executable, str(FAULTY), fault] if fault else [sys.executable, "-m", "pnp"]


def _build(game, out, date: str, fault: str | None = None) -> subprocess.CompletedProcess:
    cmd = [
        *_pnp(fault),
        "build",
        str(game),
        "--out",
        str(out),
        "--engine",
        "svg",
        "--date",
        date,
        "--quiet",
    ]
    return subprocess.run(
        cmd, capture_output=True, text=True, env={**os.environ, "PNP_DEBUG": ""}, timeout=120
    )


def _consistent(folder) -> None:
    """Each paper's PDF has the pages its manifest and its SVG page folder say."""
    for paper in ("a4", "letter"):
        pdf = pymupdf.open(folder / f"mini-{paper}.pdf")
        manifest = json.loads((folder / f"mini-{paper}.json").read_text())
        svgs = sorted((folder / f"mini-{paper}-svg").glob("page-*.svg"))
        assert len(pdf) == len(manifest["pages"]) == len(svgs), paper


@pytest.mark.deep
def test_kill_before_the_switch_keeps_the_previous_set(tmp_path):
    game, out = mini_game(tmp_path), tmp_path / "out"
    first = _build(game, out, "2020-01-01")
    assert first.returncode == 0, first.stderr
    (out / "mini" / "preview").mkdir()  # what another command wrote into the set
    (out / "mini" / "preview" / "c1-front.png").write_bytes(b"old preview")
    before = snapshot(out)
    _consistent(out / "mini")
    # a rebuild with another date (so every PDF changes) and one card more, killed at the switch
    text = (game / "cards.yaml").read_text().replace("[1, 2, 3]", "[1, 2, 3, 4]")
    (game / "cards.yaml").write_text(text)
    killed = _build(game, out, "2021-02-02", "before-switch")
    assert killed.returncode == 137, killed.stderr
    after = snapshot(out)
    assert len(after.pop("stale")) == 1, (
        "the killed run's staging folder is left (no process could clean it)"
    )
    assert after == {k: v for k, v in before.items() if k != "stale"}, (
        "the previous set is byte-for-byte intact"
    )
    # the next run cleans up and switches in the whole new set
    again = _build(game, out, "2021-02-02")
    assert again.returncode == 0, again.stderr
    final = snapshot(out)
    assert final["stale"] == []
    _consistent(out / "mini")
    assert final["mini/mini-a4.pdf"] != before["mini/mini-a4.pdf"]
    assert final["mini/mini-letter.pdf"] != before["mini/mini-letter.pdf"]
    assert final["mini/preview/c1-front.png"] == b"old preview", (
        "what the build does not write is kept"
    )


@pytest.mark.deep
def test_kill_mid_switch_never_mixes_and_the_next_command_completes_it(tmp_path):
    game, out = mini_game(tmp_path), tmp_path / "out"
    assert _build(game, out, "2020-01-01").returncode == 0
    (out / "mini" / "notes.txt").write_text("mine")
    before = snapshot(out)
    killed = _build(game, out, "2021-02-02", "mid-switch")
    assert killed.returncode == 137, killed.stderr
    half = snapshot(out)
    assert half.pop("stale"), "the committed switch is left for the next run"
    assert half["mini/notes.txt"] == b"mine"
    # a reference: the same build, whole, elsewhere
    ref = tmp_path / "ref"
    assert _build(game, ref, "2021-02-02").returncode == 0
    new = snapshot(ref)
    moved = [k for k in half if k.startswith("mini/mini-") and k in new]
    assert moved and len(moved) < len([k for k in new if k.startswith("mini/mini-")]), (
        "killed half-way"
    )
    for (
        k,
        v,
    ) in half.items():  # every printable file is the new one, or a file this build does not write
        if k.endswith((".pdf", ".json", ".svg")):
            assert v == new[k], k
    assert [k for k in moved if k.endswith(".pdf") and half[k] != before[k]], "a new PDF is in"
    # any command that writes into the set repairs it first: here a preview
    r = subprocess.run(
        [*_pnp(None), "preview", str(game), "--out", str(out), "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    final = snapshot(out)
    assert final.pop("stale") == []
    _consistent(out / "mini")
    for k, v in new.items():
        if k != "stale" and k.startswith("mini/mini-"):
            assert final[k] == v, k
    assert final["mini/notes.txt"] == b"mine"


def test_folders_are_plain_with_the_umask(tmp_path, capsys):
    game, out = mini_game(tmp_path), tmp_path / "out"
    old = os.umask(0o022)
    try:
        assert main(["build", str(game), "--out", str(out), "--quiet"]) == 0, (
            capsys.readouterr().err
        )
        assert main(["preview", str(game), "--out", str(out), "--quiet"]) == 0, (
            capsys.readouterr().err
        )
    finally:
        os.umask(old)
    folder = out / "mini"
    assert folder.is_dir() and not folder.is_symlink()
    assert folder.stat().st_mode & 0o777 == 0o755
    assert (folder / "preview").stat().st_mode & 0o777 == 0o755
    assert (folder / "mini-a4.pdf").stat().st_mode & 0o777 == 0o644
    assert [p.name for p in out.iterdir()] == ["mini"], "nothing hidden beside it"


def test_a_plain_output_folder_from_before_is_kept(tmp_path, capsys):
    """OUT/GAME as a plain folder: written into, its other files kept."""
    game, out = mini_game(tmp_path), tmp_path / "out"
    (out / "mini").mkdir(parents=True)
    (out / "mini" / "notes.txt").write_text("mine")
    (out / "mini" / ".pnp-old123").mkdir()  # an older pnp's leftover staging folder
    assert main(["build", str(game), "--out", str(out), "--quiet"]) == 0, capsys.readouterr().err
    assert (out / "mini").is_dir() and not (out / "mini").is_symlink()
    assert (out / "mini" / "notes.txt").read_text() == "mine"
    assert not (out / "mini" / ".pnp-old123").exists()
    assert snapshot(out)["stale"] == []
    pdf = pymupdf.open(out / "mini" / "mini-a4.pdf")
    assert len(pdf) > 1


def test_an_older_versions_linked_folder_becomes_plain(tmp_path, capsys):
    """OUT/GAME a link to a hidden OUT/.pnp-GAME.* folder (earlier versions): made plain, kept."""
    game, out = mini_game(tmp_path), tmp_path / "out"
    hidden = out / ".pnp-mini.4242.abcd1234"
    (hidden / "preview").mkdir(parents=True)
    (hidden / "preview" / "x.png").write_bytes(b"old preview")
    (hidden / "mini-a4.pdf").write_bytes(b"old pdf")
    (out / ".pnp-mini.4243.zzzz").mkdir()  # a killed run's staging, from then
    plant_symlink(out / "mini", hidden.name, directory=True)
    assert main(["build", str(game), "--out", str(out), "--quiet"]) == 0, capsys.readouterr().err
    snap = snapshot(out)
    assert snap["stale"] == [] and sorted(p.name for p in out.iterdir()) == ["mini"]
    assert snap["mini/preview/x.png"] == b"old preview"
    assert snap["mini/mini-a4.pdf"].startswith(b"%PDF")


def _run(args: list[str], fault: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*_pnp(fault), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PNP_DEBUG": ""},
        timeout=120,
    )


@pytest.mark.deep
def test_previews_and_cut_files_switch_with_the_set(tmp_path):
    """A preview, cut or TTS export killed before its switch changes nothing; done, it keeps the PDFs."""
    game, out = mini_game(tmp_path), tmp_path / "out"
    assert _run(["build", str(game), "--out", str(out), "--quiet"]).returncode == 0
    before = snapshot(out)
    for args in (
        ["preview", str(game), "--out", str(out)],
        ["export", str(game), "--cut", "--out", str(out), "--quiet"],
        ["export", str(game), "--tts", "--out", str(out), "--quiet"],
    ):
        base = snapshot(out)
        base.pop("stale")
        killed = _run(args, "before-switch")
        assert killed.returncode == 137, killed.stderr
        after = snapshot(out)
        after.pop("stale")
        assert after == base, args
        assert _run(args).returncode == 0
    final = snapshot(out)
    assert final["stale"] == []
    assert (
        final["mini/mini-a4.pdf"] == before["mini/mini-a4.pdf"]
        and final["mini/mini-letter.json"] == before["mini/mini-letter.json"]
    )
    assert any(k.startswith("mini/preview/cards/") and k.endswith(".png") for k in final), sorted(
        final
    )
    assert any(k.startswith("mini/cut/mini-a4-cut-p") for k in final), sorted(final)
    assert "mini/tts/cards-faces.png" in final and "mini/preview/cards-sheet.png" in final, sorted(
        final
    )


def _leftovers(out) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith(".")) if out.exists() else []


@pytest.mark.deep
@pytest.mark.parametrize("at", ["before-switch", "mid-switch"])
def test_ctrl_c_at_the_switch(tmp_path, at):
    """Ctrl-C just before the switch: exit 130, the previous set as it was. During the renames:
    they finish first (exit 130, the new set whole, and it says so). Nothing extra is left."""
    game, out = mini_game(tmp_path), tmp_path / "out"
    assert _build(game, out, "2020-01-01").returncode == 0
    before = snapshot(out)
    r = _build(game, out, "2021-02-02", f"sigint:{at}")
    assert r.returncode == 130, r.stderr
    after = snapshot(out)
    assert after["stale"] == [] and _leftovers(out) == []
    if at == "before-switch":
        assert after == before and "earlier output is unchanged" in r.stderr
    else:
        assert (
            after["mini/mini-a4.pdf"] != before["mini/mini-a4.pdf"]
            and "already in place" in r.stderr
        )
        _consistent(out / "mini")


@pytest.mark.deep
@pytest.mark.parametrize("delay", [0.3, 0.8, 1.3, 1.8, 2.5])
def test_ctrl_c_at_any_moment_of_a_build(tmp_path, delay):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) at several moments of
    a build over an earlier one: exit 130 (or 0 when it had finished), the previous set or the
    new one whole, no extra folder."""
    import signal
    import time

    game, out = mini_game(tmp_path), tmp_path / "out"
    assert _build(game, out, "2020-01-01").returncode == 0
    before = snapshot(out)
    cmd = [
        *_pnp(None),
        "build",
        str(game),
        "--out",
        str(out),
        "--engine",
        "svg",
        "--date",
        "2021-02-02",
        "--quiet",
    ]
    p = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PNP_DEBUG": ""},
    )
    time.sleep(delay)
    try:
        os.killpg(p.pid, signal.SIGINT)
    except ProcessLookupError:
        pass
    _, err = p.communicate(timeout=120)
    assert p.returncode in (0, 130), err
    assert "Traceback" not in err
    after = snapshot(out)
    assert after["stale"] == [] and _leftovers(out) == [], after["stale"]
    if after["mini/mini-a4.pdf"] == before["mini/mini-a4.pdf"]:
        assert after == before
    else:
        _consistent(out / "mini")


def test_ctrl_c_after_the_work_is_done_still_exits_with_its_code():
    """A Ctrl-C that lands after the command finished, while Python is on its way out, must not
    turn a complete build into death by the signal (exit -2)."""
    script = (
        "import os, signal, pnp.cli, pnp.__main__ as entry\n"
        "pnp.cli.main = lambda: 0\n"
        "code = entry.run()\n"
        "os.kill(os.getpid(), signal.SIGINT)\n"
        "raise SystemExit(code)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_ctrl_c_inside_a_side_callback_interrupts_the_command():
    """A Ctrl-C that lands while Python runs a weak reference's callback is not printed as
    ignored (a traceback) and lost: the command ends with exit 130 and one line."""
    script = (
        "import weakref, pnp.cli, pnp.__main__ as entry\n"
        "class Thing: pass\n"
        "def main():\n"
        "    thing = Thing()\n"
        "    def gone(ref): raise KeyboardInterrupt\n"
        "    ref = weakref.ref(thing, gone)\n"
        "    del thing\n"
        "    for _ in range(10_000_000): pass\n"
        "    return 0\n"
        "pnp.cli.main = main\n"
        "raise SystemExit(entry.run())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 130 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip() == "interrupted; earlier output is unchanged", done.stderr


def test_two_sets_replaced_at_once_each_keep_what_their_own_run_keeps(tmp_path):
    """What carry_sub keeps belongs to the run that asked (its output_set), whatever another
    run in the same process keeps meanwhile: a preview of one family keeps the others', a
    folder written whole keeps nothing."""
    from pnp.outputset import carry_sub, output_set

    for game in ("a", "b"):
        (tmp_path / game / "preview").mkdir(parents=True)
        (tmp_path / game / "preview" / f"old-{game}.png").write_bytes(b"old")
    with output_set(tmp_path, "a") as stage_a, output_set(tmp_path, "b") as stage_b:
        kept_a = carry_sub(stage_a, tmp_path, "a", "preview", lambda n: False)
        kept_b = carry_sub(stage_b, tmp_path, "b", "preview", lambda n: True)
        (kept_a / "new-a.png").write_bytes(b"new")
        (kept_b / "new-b.png").write_bytes(b"new")
    assert sorted(os.listdir(tmp_path / "a" / "preview")) == ["new-a.png", "old-a.png"]
    assert sorted(os.listdir(tmp_path / "b" / "preview")) == ["new-b.png"]
    assert sorted(os.listdir(tmp_path)) == ["a", "b"]  # no staging, trash or lock left
