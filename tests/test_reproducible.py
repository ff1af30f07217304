"""Same input, same bytes: PDFs, SVGs and manifests carry no timestamps, random ids or paths."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from conftest import sweep
from PIL import Image
from pypdf import PdfReader
from test_atomic import snapshot

from pnp.cli import main
from pnp.spec.load import builtin_games

GAMES = sorted(builtin_games())
BASE = Path(__file__).resolve().parent / "bad_specs" / "_base"
TODAY = dt.date.today().strftime("%Y%m%d").encode()


def files(folder: Path) -> dict[str, bytes]:
    """The files a user sees under `folder` (OUT/GAME is a link to the hidden current set)."""
    snap = snapshot(folder)
    return {k: v for k, v in snap.items() if v is not None and k != "stale"}


def build_in(game: str, out: Path, cwd: Path, monkeypatch, capsys, *extra: str) -> dict[str, bytes]:
    cwd.mkdir(parents=True, exist_ok=True)
    monkeypatch.chdir(cwd)
    code = main(["build", game, "--out", str(out), "--quiet", *extra])
    err = capsys.readouterr().err
    assert code in (0, 1), err  # 1: a rulebook check failed, the files are still written
    got = files(out)
    assert got, "the build wrote files"
    return got


def assert_same(a: dict[str, bytes], b: dict[str, bytes]) -> None:
    assert a.keys() == b.keys()
    for name in a:
        assert a[name] == b[name], f"{name} differs between two builds of the same input"


def assert_no_clock(blob: bytes) -> None:
    assert b"D:" + TODAY not in blob, "today's date is in the file"


# one game every day, the others with the deep tests
@pytest.mark.parametrize("game", sweep(GAMES, lambda g: g == GAMES[0]))
def test_reportlab_builds_are_byte_identical(game, tmp_path, monkeypatch, capsys, built):
    # one paper: the other's pages come from the same code. The other build is the session's
    # (tests/conftest.py `built`, through the library): another folder and working folder, and
    # most often another process, so another hash seed
    a = build_in(
        game, tmp_path / "one" / "out", tmp_path / "cwd1", monkeypatch, capsys, "--paper", "a4"
    )
    assert_same(a, files(built(game, "a4").pdf.parent.parent))
    assert any(n.endswith(".pdf") for n in a) and any(n.endswith(".json") for n in a)
    for name, blob in a.items():
        assert_no_clock(blob)
        assert str(tmp_path).encode() not in blob, f"{name} names the folder it was built in"


@pytest.mark.deep  # two SVG-engine builds (2 s); the reportlab builds: every day
def test_svg_engine_builds_are_byte_identical(tmp_path, monkeypatch, capsys):
    args = ("--engine", "svg", "--paper", "a4")
    a = build_in("greenway", tmp_path / "one", tmp_path / "cwd1", monkeypatch, capsys, *args)
    b = build_in("greenway", tmp_path / "two", tmp_path / "cwd2", monkeypatch, capsys, *args)
    assert_same(a, b)
    assert sum(n.endswith(".svg") for n in a) > 5, "the page SVGs are compared too"
    for blob in a.values():
        assert_no_clock(blob)


def mini_with_art(folder: Path) -> Path:
    """The corpus's small game plus a PNG, an SVG image and an SVG symbol of its own."""
    shutil.copytree(BASE, folder, ignore=shutil.ignore_patterns("README.md"))
    (folder / "art").mkdir()
    img = Image.new("RGB", (24, 16))
    for x in range(24):
        for y in range(16):
            img.putpixel((x, y), (x * 10, y * 15, 120))
    img.save(folder / "art" / "photo.png")
    (folder / "art" / "leaf.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M1 9 C1 1 9 1 9 1 C9 9 1 9 1 9Z" fill="currentColor"/></svg>\n'
    )
    cards = (folder / "cards.yaml").read_text()
    cards += "  - image: {file: art/photo.png, x: 5mm, y: 5mm, w: 20mm, h: 13mm}\n"
    cards += "  - image: {file: art/leaf.svg, x: 30mm, y: 5mm, w: 10mm, h: 10mm}\n"
    cards += "  - symbol: {name: leaf, x: 50%, y: 80%, size: 10mm, colour: green}\n"
    (folder / "cards.yaml").write_text(cards)
    return folder


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_where_the_game_folder_lies_does_not_change_the_output(
    engine, tmp_path, monkeypatch, capsys
):
    one = mini_with_art(tmp_path / "a" / "mini")
    two = mini_with_art(tmp_path / "somewhere" / "else" / "mini")
    args = ("--engine", engine, "--paper", "a4")
    a = build_in(str(one), tmp_path / "out1", tmp_path, monkeypatch, capsys, *args)
    b = build_in(str(two), tmp_path / "out2", tmp_path / "somewhere", monkeypatch, capsys, *args)
    assert_same(a, b)
    for name, blob in a.items():
        assert b"somewhere" not in blob and str(tmp_path).encode() not in blob, name


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_build_date_goes_into_the_metadata(engine, tmp_path, monkeypatch, capsys):
    args = ("--engine", engine, "--paper", "a4")
    a = build_in(
        str(BASE), tmp_path / "one", tmp_path, monkeypatch, capsys, *args, "--date", "2024-05-01"
    )
    b = build_in(
        str(BASE), tmp_path / "two", tmp_path, monkeypatch, capsys, *args, "--date", "2024-05-01"
    )
    c = build_in(
        str(BASE), tmp_path / "three", tmp_path, monkeypatch, capsys, *args, "--date", "2023-12-31"
    )
    plain = build_in(str(BASE), tmp_path / "four", tmp_path, monkeypatch, capsys, *args)
    assert_same(a, b)
    pdf = "mini/mini-a4.pdf"
    meta = PdfReader(tmp_path / "one" / pdf, strict=True).metadata
    assert meta["/CreationDate"].startswith("D:20240501"), meta
    assert meta["/Producer"] == "pnp" and meta["/Creator"] == "pnp", meta  # not the engine's name
    assert PdfReader(tmp_path / "three" / pdf).metadata["/CreationDate"].startswith("D:20231231")
    assert a[pdf] != c[pdf]
    undated = PdfReader(tmp_path / "four" / pdf).metadata.get("/CreationDate", "")
    assert "2024" not in undated and TODAY.decode() not in undated, undated
    assert a["mini/mini-a4.json"] == plain["mini/mini-a4.json"], "the date is in the PDF only"
