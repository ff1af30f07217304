"""Numbers and text from untrusted input: out-of-range offsets refused, control characters escaped."""

from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf
import pytest

from pnp.cli import main

BASE = Path(__file__).parent / "bad_specs" / "_base"


def _game(tmp_path: Path) -> Path:
    game = tmp_path / "mini"
    shutil.copytree(BASE, game, ignore=shutil.ignore_patterns("README.md"))
    return game


@pytest.mark.parametrize("offset", ["nan,0", "0,inf", "-inf,1", "25,0", "0,-20.5"])
def test_offset_out_of_range_is_refused(offset, tmp_path, capsys):
    game, out = _game(tmp_path), tmp_path / "out"
    with pytest.raises(SystemExit) as stop:
        main(["build", str(game), "--out", str(out), "--paper", "a4", f"--offset={offset}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--offset" in err and "-20 to 20 mm" in err, err
    assert not out.exists(), "a refused build must not write anything"


def test_offset_in_range_reaches_the_backs(tmp_path, capsys):
    """The largest accepted offset still builds, and nothing non-finite is written into the PDF."""
    game, out = _game(tmp_path), tmp_path / "out"
    assert main(["build", str(game), "--out", str(out), "--paper", "a4", "--offset=20,-20"]) == 0, capsys.readouterr()
    data = (out / "mini" / "mini-a4.pdf").read_bytes()
    assert b"nan" not in data.lower() and b"inf " not in data.lower()
    assert len(pymupdf.open(out / "mini" / "mini-a4.pdf")) > 1


def test_paper_offset_out_of_range_is_refused(tmp_path):
    from pnp.errors import PnpError
    from pnp.spec.paper import PaperSpec
    from pnp.spec.validate import validate

    base = {"id": "x", "title": "X", "size": {"w": "210mm", "h": "297mm"}, "margin": "5mm"}
    for bad in ({"x": "21mm"}, {"y": "-3cm"}):
        with pytest.raises(PnpError) as err:
            validate(PaperSpec, {**base, "duplex": {"offset": bad}}, file="x.yaml")
        assert "offset" in str(err.value)
    for key in ("margin", "gutter", "packed_gutter", "label_band"):
        with pytest.raises(PnpError) as err:
            validate(PaperSpec, {**base, key: "-1mm"}, file="x.yaml")
        assert "zero or more" in str(err.value), key


def test_control_characters_from_a_spec_are_escaped(tmp_path, capsys):
    """A key that would set the window title and clear the screen is shown as escapes."""
    game = _game(tmp_path)
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text() + '"\\e]2;owned\\a\\e[2J\\r": 1\n', encoding="utf-8")
    code = main(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert not any(c in err for c in "\x1b\x07\r"), repr(err)
    assert "\\x1b]2;owned\\x07" in err, err
