"""Hostile input that used to end in an internal error (exit 3): each is exit 2 with file:line."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from conftest import edit, mini_game

from pnp.cli import main


def _art(game: Path, svg: str) -> None:
    (game / "art").mkdir()
    (game / "art" / "a.svg").write_text(svg)
    edit(game / "cards.yaml", "front:\n", "front:\n  - symbol: {name: a, x: 50%, y: 50%, size: 10mm}\n")


def _build(game: Path, tmp_path: Path, capsys, engine: str = "reportlab") -> str:
    code = main(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4", "--quiet", "--engine", engine])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "internal error" not in err and "Traceback" not in err, err
    assert not (tmp_path / "out" / "mini").exists(), "a refused build writes nothing"
    return err


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'


def test_count_with_5000_digits(tmp_path, capsys):
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "    for_each:", "    count: " + "9" * 5000 + "\n    for_each:")
    err = _build(game, tmp_path, capsys)
    assert "cards.yaml:6: number is too long" in err, err


def test_unclosed_brace_in_text(tmp_path, capsys):
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", '"Card {n}"', '"{value"')
    err = _build(game, tmp_path, capsys)
    assert "cards.yaml:8: text has a brace that is not closed" in err and "key: front[0]" in err, err


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_svg_nested_5000_deep(tmp_path, capsys, engine):
    game = mini_game(tmp_path)
    _art(game, SVG.format("<g>" * 5000 + '<rect width="1" height="1"/>' + "</g>" * 5000))
    err = _build(game, tmp_path, capsys, engine)
    assert "cards.yaml:8: art 'a' cannot be used: SVG nests elements more than 64 deep" in err, err


@pytest.mark.parametrize(
    "body",
    [
        '<g transform="scale(1e308)"><rect width="1" height="1"/></g>',
        '<g transform="scale(0)"><rect width="1" height="1"/></g>',
        '<g transform="scale(1e5)"><g transform="scale(1e5)"><rect width="1" height="1"/></g></g>',
        '<rect width="1e300" height="1"/>',
        '<path d="M0 0 L1e300 0 Z"/>',
    ],
    ids=["scale-1e308", "scale-0", "nested-scales", "huge-rect", "huge-path"],
)
@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_svg_numbers_out_of_range(tmp_path, capsys, engine, body):
    game = mini_game(tmp_path)
    _art(game, SVG.format(body))
    err = _build(game, tmp_path, capsys, engine)
    assert "cards.yaml:8: art 'a' cannot be used" in err and ("1e+09" in err or "out of range" in err), err


def test_full_disk(tmp_path, capsys, monkeypatch):
    """ENOSPC while the PDFs are written: exit 2 naming the file, the previous output kept."""
    import pnp.build

    def full(fh, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device", fh.name)

    monkeypatch.setattr(pnp.build, "write_manifest", full)
    err = _build(mini_game(tmp_path), tmp_path, capsys)
    assert "cannot write" in err and "No space left on device" in err and "mini-a4.json" in err, err


def test_memory_error_is_exit_2(tmp_path, capsys, monkeypatch):
    import pnp.pipeline

    def no_memory(*a, **k):
        raise MemoryError

    monkeypatch.setattr(pnp.pipeline, "impose", no_memory)
    err = _build(mini_game(tmp_path), tmp_path, capsys)
    assert "out of memory" in err and "--max-items" in err, err


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("stripe_spacing", "-1mm", "greater than zero"),  # used to loop for ever
        ("stripe_spacing", "0mm", "greater than zero"),  # used to fall back to the default silently
        ("stripe_margin", "-2mm", "zero or more"),
        ("outline_width", "-0.5mm", "zero or more"),
    ],
)
def test_polyomino_lengths_are_range_checked(tmp_path, capsys, key, value, expected):
    game = mini_game(tmp_path)
    (game / "cards.yaml").write_text(
        f"family: pieces\nkind: polyomino\ncell: 10mm\nfill: red\nstripes: true\n{key}: {value}\n"
        "items:\n  - {id: l, cells: [[0, 0], [0, 1], [0, 2], [1, 2]]}\n"
    )
    err = _build(game, tmp_path, capsys)
    assert "cards.yaml:6" in err and key in err and expected in err, err
