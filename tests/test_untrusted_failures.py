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
    import pnp.write

    def full(fh, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device", fh.name)

    monkeypatch.setattr(pnp.write, "ManifestWriter", full)
    err = _build(mini_game(tmp_path), tmp_path, capsys)
    assert "cannot write" in err and "No space left on device" in err and "mini-a4.json" in err, err


@pytest.mark.parametrize(
    ("command", "at"),
    [
        (["build", "--engine", "reportlab"], 1),  # the first check: while the game loads
        (["build", "--engine", "reportlab"], 2),  # drawing the first face
        (["build", "--engine", "reportlab"], 60),  # imposing: the guide page's text
        (["build", "--engine", "svg"], 150),  # late in drawing the faces (all drawn before any page)
        (["preview"], 5),
        (["export", "--tts"], 5),
    ],
)
def test_memory_error_anywhere_is_exit_2(tmp_path, command, at):
    """The fault-injection hook (PNP_FAULT=memory:N in pnp/budget.py) runs out of memory at the
    Nth budget check: every stage ends in exit 2 with a message, and nothing is written."""
    import os
    import subprocess
    import sys

    game, out = mini_game(tmp_path), tmp_path / "out"
    argv = [sys.executable, "-m", "pnp", command[0], str(game), "--out", str(out), *command[1:]]
    env = {**os.environ, "PNP_FAULT": f"memory:{at}", "PNP_DEBUG": ""}
    r = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("error: out of memory") and "--max-items" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    assert not (out / "mini").exists(), "a run that ran out of memory writes nothing"
    r = subprocess.run(argv, capture_output=True, text=True, env={**env, "PNP_FAULT": ""}, timeout=120)
    assert r.returncode == 0 and (out / "mini").is_dir(), r.stderr  # the same run without the fault


def test_memory_error_in_the_live_server_is_shown_and_recovers(tmp_path, monkeypatch):
    """pnp serve: a save whose rebuild runs out of memory shows it in the page; the next save recovers."""
    from serve_util import Served, faces, save

    from pnp import budget

    game = mini_game(tmp_path)
    served = Served(game)
    try:
        before = served.state()
        cards = game / "cards.yaml"
        monkeypatch.setattr(budget, "_fault_at", budget._checks[0] + 3)  # during the next rebuild
        save(cards, cards.read_text().replace("Card {n}", "Carte {n}"))
        hit = served.next_state(before["version"])
        assert [e["message"] for e in hit["errors"]] == ["out of memory"] and hit["stale"], hit["errors"]
        assert faces(hit, "cards") == faces(before, "cards")  # the last good faces stay on show
        save(cards, cards.read_text().replace("Carte {n}", "Karte {n}"))
        fixed = served.next_state(hit["version"])
        assert fixed["errors"] == [] and not fixed["stale"]
        assert faces(fixed, "cards")["c1"]["front"] != faces(before, "cards")["c1"]["front"]
    finally:
        served.stop()


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


def _data(game: Path, name: str) -> None:
    edit(game / "cards.yaml", "items:\n  - id: c{n}\n    for_each: {n: [1, 2, 3]}\n", f"items: {name}\n")


def test_csv_count_with_5000_digits(tmp_path, capsys):
    game = mini_game(tmp_path)
    _data(game, "cards.csv")
    (game / "cards.csv").write_text("id,n,count\na,1," + "9" * 5000 + "\n")
    err = _build(game, tmp_path, capsys)
    assert "cards.csv:2: count is not a whole number of copies" in err and "column C (count)" in err, err
    assert len(err) < 1000, "the 5,000 digits are not repeated back in full"


def _xlsx(game: Path, extra_row: bytes) -> None:
    """cards.xlsx: a header and one good row, then `extra_row` written into the sheet's XML."""
    import io
    import zipfile

    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["id", "n"])
    book.active.append(["a", 1])
    plain = io.BytesIO()
    book.save(plain)
    with zipfile.ZipFile(plain) as src, zipfile.ZipFile(game / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as dst:
        for entry in src.infolist():
            data = src.read(entry.filename)
            if entry.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</sheetData>", extra_row + b"</sheetData>")
            dst.writestr(entry, data)
    _data(game, "cards.xlsx")


def test_xlsx_cell_far_out_is_refused_not_padded(tmp_path, capsys):
    """One cell at XFD1048576 (a 5 KB file) used to pad a million rows 16,384 cells wide: minutes."""
    game = mini_game(tmp_path)
    _xlsx(game, b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>z</t></is></c></row>')
    assert (game / "cards.xlsx").stat().st_size < 10_000
    err = _build(game, tmp_path, capsys)
    assert "cards.xlsx:1048576: row has too many columns" in err and "at most 1,000 columns" in err and "column XFD" in err, err


def test_xlsx_number_with_5000_digits(tmp_path, capsys):
    game = mini_game(tmp_path)
    _xlsx(game, b'<row r="3"><c r="A3" t="inlineStr"><is><t>b</t></is></c><c r="B3"><v>' + b"9" * 5000 + b"</v></c></row>")
    err = _build(game, tmp_path, capsys)
    assert "cards.xlsx:3: cannot read the workbook" in err and "key: row 3" in err, err


@pytest.mark.parametrize("dpi", ["nan", "inf", "-1", "0", "5", "1e9"])
def test_preview_dpi_is_range_checked(tmp_path, capsys, dpi):
    with pytest.raises(SystemExit) as stop:
        main(["preview", str(mini_game(tmp_path)), "--out", str(tmp_path / "out"), f"--dpi={dpi}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--dpi" in err and "from 10 to 1200" in err and "Traceback" not in err, err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("paper", ["a4\x00", "a4\x1b]2;x\x07", "nope/\x00.yaml"])
def test_hostile_paper_names_are_refused(tmp_path, capsys, paper):
    code = main(["build", str(mini_game(tmp_path)), "--out", str(tmp_path / "out"), "--paper", paper])
    err = capsys.readouterr().err
    assert code == 2 and "paper" in err and "Traceback" not in err and "internal error" not in err, err
    assert "\x1b" not in err and "\x00" not in err, repr(err)
