"""The helper process (pnp/forked.py) writes the manifests and reads legibility beside the PDFs:
what it makes is what the build makes alone, and a helper that fails leaves the work to the build."""

from __future__ import annotations

import os
import threading
import time

import pymupdf
import pytest
from conftest import game_yaml

from pnp import build as build_module
from pnp import forked
from pnp.cli import main

# Light text on a light band (a legibility warning on every light card), and a circle that
# stops at the cut line of a bled white card (the kind says so once the family is drawn out).
CARDS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
bleed: 2mm
items:
  - id: c{n}
    for_each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], tone: ['#202020', '#e0e0e0']}
front:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 30mm, fill: "{tone}"}
  - text: {text: "Card {n}", x: 2mm, y: 10mm, w: 59mm, size: 12pt, colour: "#f4f4f4", fit: none}
  - circle: {x: 50%, y: 60mm, r: 50%, fill: "#10c010"}
back:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: green}
"""


def _game(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("helped"))
    (folder / "cards.yaml").write_text(CARDS)
    return folder


def _build(folder, out, capsys, engine="reportlab") -> tuple[dict[str, bytes], list[str], str]:
    """The files written, the warnings said, and the whole of stderr (--verbose)."""
    assert main(["build", str(folder), "--out", str(out), "--verbose", "--date", "2020-01-01", "--engine", engine]) == 0
    err = capsys.readouterr().err
    top = out / "helped"
    files = {f.relative_to(top).as_posix(): f.read_bytes() for f in sorted(top.rglob("*")) if f.is_file()}
    return files, [line for line in err.splitlines() if line.startswith("warning:")], err


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_the_helper_writes_what_the_build_writes_alone(tmp_path, capsys, monkeypatch, engine):
    """For the SVG engine the helper also writes the SVG pages, while the build writes the PDF."""
    folder = _game(tmp_path)
    monkeypatch.setattr(forked, "cores", lambda: 2)
    helped, said, err = _build(folder, tmp_path / "helped", capsys, engine)
    assert "by a helper process" in err, err
    monkeypatch.setattr(forked, "ENABLED", False)
    alone, said_alone, err = _build(folder, tmp_path / "alone", capsys, engine)
    assert "by a helper process" not in err, err
    written = ["helped-a4.json", "helped-a4.pdf", "helped-letter.json", "helped-letter.pdf"]
    assert [n for n in sorted(helped) if "/" not in n] == [n for n in sorted(alone) if "/" not in n] == written
    pages = [n for n in sorted(alone) if n.startswith("helped-a4-svg/page-")]
    printed = len(pymupdf.open(stream=helped["helped-a4.pdf"], filetype="pdf"))
    assert sorted(helped) == sorted(alone) and len(pages) == (printed if engine == "svg" else 0), sorted(helped)
    for name in helped:
        assert helped[name] == alone[name], name
    assert said == said_alone
    contrast = [w for w in said if "contrast" in w]  # each light card's number: one line for 12
    assert len(contrast) == 1 and "[12 warnings like this one" in contrast[0], said
    assert sum("stops at the cut line" in w for w in said) == 1, said


def test_a_helper_that_fails_leaves_the_work_to_the_build(tmp_path, capsys, monkeypatch):
    folder = _game(tmp_path)
    monkeypatch.setattr(forked, "ENABLED", False)
    alone, said_alone, _ = _build(folder, tmp_path / "alone", capsys)
    me = os.getpid()
    real = build_module._helpers_work

    def fails_in_the_helper(*args):
        if os.getpid() != me:
            raise MemoryError
        return real(*args)

    monkeypatch.setattr(build_module, "_helpers_work", fails_in_the_helper)
    monkeypatch.setattr(forked, "ENABLED", True)
    monkeypatch.setattr(forked, "cores", lambda: 2)
    helped, said, err = _build(folder, tmp_path / "helped", capsys)
    assert "the helper process failed (MemoryError())" in err, err
    assert helped == alone and said == said_alone


def test_no_helper_while_another_thread_runs(monkeypatch):
    """A fork copies one thread; another's locks would stay held in the copy."""
    monkeypatch.setattr(forked, "cores", lambda: 2)
    go = threading.Event()
    other = threading.Thread(target=go.wait)
    other.start()
    try:
        assert forked.start(lambda: 1) is None
    finally:
        go.set()
        other.join()
    job = forked.start(lambda: os.getpid())
    assert job is not None
    done, pid = job.result()
    assert done and pid != os.getpid()


def test_a_helper_whose_parent_is_gone_stops(monkeypatch):
    monkeypatch.setattr(forked, "_parent", os.getppid() + 1)
    try:
        forked.stop_if_orphaned()
    except forked.Orphaned:
        pass
    else:
        raise AssertionError("an orphaned helper went on")
    monkeypatch.setattr(forked, "_parent", os.getppid())
    forked.stop_if_orphaned()


def test_a_cancelled_helper_is_stopped_and_reaped(tmp_path, monkeypatch):
    """A build that fails stops its helper (not waits for it) before the staged files are dropped."""
    monkeypatch.setattr(forked, "cores", lambda: 2)
    late = tmp_path / "written-by-the-helper"
    job = forked.start(lambda: (time.sleep(2), late.write_text("too late")))
    assert job is not None
    pid = job.pid
    job.cancel()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # gone, and waited for: no such process
    time.sleep(2.5)
    assert not late.exists(), "the helper went on after it was cancelled"
    job.cancel()  # a second time does nothing
