"""An output set (both papers, manifests, SVG page folders, previews) is replaced as a whole.

A run killed just before the switch (PNP_FAULT=before-switch, the fault-injection hook in
pnp/outputset.py) leaves the previous set exactly as it was; the next run removes the killed
run's hidden folder and switches in a complete new set.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pymupdf
from conftest import mini_game
from test_atomic import snapshot

from pnp.cli import main


def _build(game, out, date: str, env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "pnp", "build", str(game), "--out", str(out), "--engine", "svg", "--date", date, "--quiet"]
    return subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PNP_DEBUG": "", **(env or {})}, timeout=120)


def _consistent(folder) -> None:
    """Each paper's PDF has the pages its manifest and its SVG page folder say."""
    for paper in ("a4", "letter"):
        pdf = pymupdf.open(folder / f"mini-{paper}.pdf")
        manifest = json.loads((folder / f"mini-{paper}.json").read_text())
        svgs = sorted((folder / f"mini-{paper}-svg").glob("page-*.svg"))
        assert len(pdf) == len(manifest["pages"]) == len(svgs), paper


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
    killed = _build(game, out, "2021-02-02", {"PNP_FAULT": "before-switch"})
    assert killed.returncode == 137, killed.stderr
    after = snapshot(out)
    assert len(after.pop("stale")) == 1, "the killed run's hidden folder is left (no process could clean it)"
    assert after == {k: v for k, v in before.items() if k != "stale"}, "the previous set is byte-for-byte intact"
    # the next run cleans up and switches in the whole new set
    again = _build(game, out, "2021-02-02")
    assert again.returncode == 0, again.stderr
    final = snapshot(out)
    assert final["stale"] == []
    _consistent(out / "mini")
    assert final["mini/mini-a4.pdf"] != before["mini/mini-a4.pdf"]
    assert final["mini/mini-letter.pdf"] != before["mini/mini-letter.pdf"]
    assert final["mini/preview/c1-front.png"] == b"old preview", "what the build does not write is kept"


def test_a_plain_output_folder_from_before_is_replaced(tmp_path, capsys):
    """OUT/GAME as a plain folder (an older pnp): replaced by the linked set, its files kept."""
    game, out = mini_game(tmp_path), tmp_path / "out"
    (out / "mini").mkdir(parents=True)
    (out / "mini" / "notes.txt").write_text("mine")
    (out / "mini" / ".pnp-old123").mkdir()  # an older pnp's leftover staging folder
    assert main(["build", str(game), "--out", str(out), "--quiet"]) == 0, capsys.readouterr().err
    assert (out / "mini").is_symlink()
    assert (out / "mini" / "notes.txt").read_text() == "mine"
    assert not (out / "mini" / ".pnp-old123").exists()
    assert snapshot(out)["stale"] == []
    pdf = pymupdf.open(out / "mini" / "mini-a4.pdf")
    assert len(pdf) > 1


def _run(args: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True, text=True, env={**os.environ, "PNP_DEBUG": "", **(env or {})}, timeout=120)


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
        killed = _run(args, {"PNP_FAULT": "before-switch"})
        assert killed.returncode == 137, killed.stderr
        after = snapshot(out)
        after.pop("stale")
        assert after == base, args
        assert _run(args).returncode == 0
    final = snapshot(out)
    assert final["stale"] == []
    assert final["mini/mini-a4.pdf"] == before["mini/mini-a4.pdf"] and final["mini/mini-letter.json"] == before["mini/mini-letter.json"]
    assert any(k.startswith("mini/preview/cards/") and k.endswith(".png") for k in final), sorted(final)
    assert any(k.startswith("mini/cut/mini-a4-cut-p") for k in final), sorted(final)
    assert "mini/tts/cards-faces.png" in final and "mini/preview/cards-sheet.png" in final, sorted(final)
