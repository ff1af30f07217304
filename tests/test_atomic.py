"""A failed or interrupted build leaves the previous output intact and no half-written file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnp.cli import main
from pnp.engines.cairo_pdf import CairoPdf
from pnp.engines.reportlab_pdf import ReportlabWriter

GAME = "greenway"


def snapshot(folder):
    """Every file and folder under `folder` as a user sees it, and under "stale" the hidden
    entries beside the game folders (staging and trash folders no run owns). Links: none."""
    snap: dict = {}
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        if here == folder:
            dirs[:] = [d for d in dirs if not d.startswith(".pnp-")]
            files = [f for f in files if not f.startswith(".pnp-")]
        for name in sorted(dirs) + sorted(files):
            p = here / name
            assert not p.is_symlink(), f"{p} is a link"
            snap[str(p.relative_to(folder))] = p.read_bytes() if p.is_file() else None
    snap["stale"] = sorted(p.name for p in folder.iterdir() if p.name.startswith(".pnp-"))
    return snap


def build(out, *extra, capsys=None):
    code = main(["build", GAME, "--out", str(out), "--quiet", *extra])
    text = capsys.readouterr().err if capsys else ""
    return code, text


def fail_after(writer_cls, monkeypatch, pages: int, exc: BaseException, paper_title: str | None = None):
    """Make writer_cls.page raise `exc` once `pages` pages have been written (for one paper)."""
    real = writer_cls.page
    count = {"n": 0}

    def page(self, *args, **kwargs):
        if paper_title is None or paper_title in self.info_subject:
            count["n"] += 1
            if count["n"] > pages:
                raise exc
        return real(self, *args, **kwargs)

    real_init = writer_cls.__init__

    def init(self, path, info, *args, **kwargs):
        real_init(self, path, info, *args, **kwargs)
        self.info_subject = info.subject

    monkeypatch.setattr(writer_cls, "__init__", init)
    monkeypatch.setattr(writer_cls, "page", page)
    return count


@pytest.mark.parametrize(
    ("engine", "writer", "exc", "code"),
    [
        ("reportlab", ReportlabWriter, RuntimeError("disk on fire"), 3),
        # Ctrl-C mid-build: with the deep tests, beside Ctrl-C at every moment of the replacement
        pytest.param("reportlab", ReportlabWriter, KeyboardInterrupt(), 130, marks=pytest.mark.deep),
        ("svg", CairoPdf, OSError(28, "No space left on device"), 2),  # a full disk is the user's to fix
    ],
)
def test_failure_mid_build_keeps_the_previous_output(engine, writer, exc, code, tmp_path, capsys, monkeypatch):
    out = tmp_path / "out"
    papers = ("--paper", "a4") if engine == "svg" else ()  # the slower engine: one paper is enough
    assert build(out, "--engine", engine, *papers, capsys=capsys)[0] == 0
    before = snapshot(out)
    assert f"{GAME}/{GAME}-a4.pdf" in before and f"{GAME}/{GAME}-a4.json" in before
    if engine == "svg":
        assert any(k.startswith(f"{GAME}/{GAME}-a4-svg/page-") for k in before)

    monkeypatch.delenv("PNP_DEBUG", raising=False)
    count = fail_after(writer, monkeypatch, 3, exc)
    got, text = build(out, "--engine", engine, *papers, capsys=capsys)
    assert count["n"] == 4, "the build failed after page 3, mid-way"
    assert got == code, text
    assert "Traceback" not in text
    assert snapshot(out) == before, "previous PDFs, manifests and SVGs are byte-identical, nothing else is left"


def test_second_paper_failing_keeps_the_first_papers_previous_output(tmp_path, capsys, monkeypatch):
    """A4 renders completely, Letter fails: the old A4 is not replaced by the new one either."""
    out = tmp_path / "out"
    assert build(out, "--date", "2020-01-01", capsys=capsys)[0] == 0
    before = snapshot(out)
    fail_after(ReportlabWriter, monkeypatch, 5, RuntimeError("letter fails"), paper_title="Letter")
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    got, text = build(out, "--date", "2021-02-02", capsys=capsys)  # would change the A4 bytes
    assert got == 3 and "internal error" in text
    assert snapshot(out) == before


def test_failed_first_build_leaves_no_folder(tmp_path, capsys, monkeypatch):
    out = tmp_path / "fresh" / "out"
    fail_after(ReportlabWriter, monkeypatch, 2, RuntimeError("boom"))
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    got, _ = build(out, capsys=capsys)
    assert got == 3
    assert not (tmp_path / "fresh").exists(), "the folders a failed build made are removed again"


def test_interrupted_rename_leaves_no_temporary_files(tmp_path, capsys, monkeypatch):
    """Even when the final renames fail, the hidden staging folder is removed."""
    import os

    out = tmp_path / "out"
    assert build(out, capsys=capsys)[0] == 0
    real = os.replace
    calls = {"n": 0}

    def flaky(src, dst):
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError(13, "Permission denied")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", flaky)
    got, text = build(out, capsys=capsys)
    assert got == 2 and "cannot write the output folder" in text and "Permission denied" in text
    assert not [p for p in (out / GAME).iterdir() if p.name.startswith(".")]


def test_successful_rebuild_replaces_and_leaves_no_temporary_files(tmp_path, capsys):
    out = tmp_path / "out"
    assert build(out, "--date", "2020-01-01", capsys=capsys)[0] == 0
    first = snapshot(out)
    assert build(out, "--date", "2021-02-02", capsys=capsys)[0] == 0
    second = snapshot(out)
    assert first.keys() == second.keys()
    assert first[f"{GAME}/{GAME}-a4.pdf"] != second[f"{GAME}/{GAME}-a4.pdf"], "the new build did replace the old"
    assert not [k for k in second if "/." in "/" + k or k.endswith(".old")] and second["stale"] == []
