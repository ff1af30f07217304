"""The built-in fonts' measuring records are what their files say (pnp/draw/builtin_fonts.json)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.draw.fonts import (
    BUILTIN,
    FontMetrics,
    builtin_records,
    file_digest,
    metrics_for,
    read_record,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("key", sorted(BUILTIN))
def test_builtin_record_is_what_the_font_file_says(key):
    """A stale or edited table fails here: run scripts/builtin_font_records.py."""
    path = BUILTIN[key]
    shipped = dict(builtin_records()[file_digest(path)])
    assert shipped.pop("file") == path.name
    read = read_record(path)
    assert read == shipped


def test_a_font_not_in_the_table_is_measured_from_its_own_file(tmp_path):
    """The table is keyed by the file's bytes: another font saved as Vera.ttf is read for itself."""
    other = ROOT / "docs" / "examples" / "MyFont.ttf"
    impostor = tmp_path / BUILTIN["regular"].name
    shutil.copy(other, impostor)
    measured = metrics_for(str(impostor))
    own = FontMetrics(read_record(other))
    vera = metrics_for(str(BUILTIN["regular"]))
    text = "Wave AV 0123"
    assert measured.width(text, 10) == own.width(text, 10)
    assert measured.width(text, 10) != vera.width(text, 10)
    assert (measured.ascent, measured.descent, measured.cap_height) == (
        own.ascent,
        own.descent,
        own.cap_height,
    )


def make_otf(path: Path, chars: str = "0123456789 ABC", upm: int = 1000) -> Path:
    """A small OpenType font with PostScript (CFF) outlines: every character a rounded box
    drawn with cubic curves, 600 units wide."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    names = [".notdef"] + [f"g{ord(c)}" for c in chars]
    fb = FontBuilder(upm, isTTF=False)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"g{ord(c)}" for c in chars})
    charstrings, metrics = {}, {}
    for n in names:
        pen = T2CharStringPen(600, None)
        if n != "g32":
            pen.moveTo((100, 0))
            pen.lineTo((500, 0))
            pen.curveTo((580, 0), (580, 700), (500, 700))
            pen.lineTo((100, 700))
            pen.curveTo((20, 700), (20, 0), (100, 0))
            pen.closePath()
        charstrings[n] = pen.getCharString()
        metrics[n] = (600, 20 if n != "g32" else 0)
    fb.setupCFF("PnpTestCFF", {"FullName": "Pnp Test CFF"}, charstrings, {})
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "PnpTestCFF", "styleName": "Regular", "psName": "PnpTestCFF"})
    fb.setupOS2(
        sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, sCapHeight=700
    )
    fb.setupPost()
    path.parent.mkdir(parents=True, exist_ok=True)
    fb.save(str(path))
    return path


def test_a_cff_font_converts_to_truetype_with_the_same_metrics_and_shapes(tmp_path):
    from io import BytesIO

    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    from pnp.fontfiles import is_cff, truetype_data

    otf = make_otf(tmp_path / "Blob.otf")
    assert is_cff(otf)
    tt = TTFont(BytesIO(truetype_data(str(otf), otf.stat().st_mtime_ns)))
    assert "glyf" in tt and "CFF " not in tt and tt.sfntVersion == "\x00\x01\x00\x00"
    src = TTFont(str(otf))
    assert tt.getBestCmap() == src.getBestCmap()
    assert tt["hmtx"]["g65"][0] == src["hmtx"]["g65"][0] == 600
    pen = BoundsPen(tt.getGlyphSet())
    tt.getGlyphSet()["g65"].draw(pen)
    x0, y0, x1, y1 = pen.bounds
    # the cubic sides bulge to x = 40 and 560; the quadratic ones within a unit of that
    assert abs(x0 - 40) <= 1.5 and abs(x1 - 560) <= 1.5 and (y0, y1) == (0, 700)
    assert read_record(otf)["cap_height"] == 700


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_an_otf_font_is_drawn_and_embedded_by_both_engines(engine, small_game, tmp_path, capsys):
    """A game font with CFF outlines: the card values print in it, embedded in the PDF."""
    import pymupdf

    from pnp.cli import main

    make_otf(small_game / "fonts" / "Blob.otf")
    game = small_game / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8") + "fonts:\n  blob: fonts/Blob.otf\n", encoding="utf-8"
    )
    deck = small_game / "deck.yaml"
    deck.write_text(
        deck.read_text(encoding="utf-8").replace(
            "size: 28pt, font: bold", "size: 28pt, font: blob"
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    code = main(
        [
            "build",
            str(small_game),
            "--out",
            str(out),
            "--paper",
            "a4",
            "--engine",
            engine,
            "--only",
            "deck",
        ]
    )
    assert code == 0, capsys.readouterr().err
    doc = pymupdf.open(next(out.rglob("*.pdf")))
    values, embedded = [], set()
    for page in doc:
        for b in page.get_text("dict")["blocks"]:
            for line in b.get("lines", []):
                for s in line["spans"]:
                    if "Vera" not in s["font"]:
                        values.append(s["text"])
                        assert s["size"] == pytest.approx(28, abs=0.1)
        embedded |= {f[1] for f in page.get_fonts() if "Vera" not in f[3]}
    assert sorted(values) == sorted("12345" * 2)  # red and blue 1-5
    assert embedded and embedded <= {"ttf", "cff"}  # a font program in the file, not a name


def build_with_font(game: Path, name: str, rel: str, out: Path, capsys) -> tuple[int, str]:
    """Build the game with the font file `rel` named `name` in game.yaml: exit code and stderr."""
    from pnp.cli import main

    spec = game / "game.yaml"
    spec.write_text(
        spec.read_text(encoding="utf-8") + f"fonts:\n  {name}: {rel}\n", encoding="utf-8"
    )
    code = main(["build", str(game), "--out", str(out), "--paper", "a4"])
    return code, capsys.readouterr().err


def test_a_font_of_zero_units_per_em_is_refused(small_game, tmp_path, capsys):
    from fontTools.ttLib import TTFont

    font = TTFont(str(BUILTIN["regular"]))
    font["head"].unitsPerEm = 0
    (small_game / "fonts").mkdir()
    font.save(str(small_game / "fonts" / "Zero.ttf"))
    code, err = build_with_font(small_game, "zero", "fonts/Zero.ttf", tmp_path / "out", capsys)
    assert code == 2, err
    assert "units per em (head.unitsPerEm) is 0" in err and "key: fonts.zero" in err
    assert "expected: 16 to 16384 units per em" in err


def test_an_otf_font_that_cannot_be_converted_names_the_command(
    small_game, tmp_path, capsys, monkeypatch
):
    import pnp.fontfiles
    from pnp.cli import main

    monkeypatch.setattr(pnp.fontfiles, "MAX_CONVERTED_GLYPHS", 20)
    cjk = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 20))
    make_otf(small_game / "fonts" / "Big.otf", "0123456789 ABC" + cjk)  # 35 glyphs
    code, err = build_with_font(small_game, "big", "fonts/Big.otf", tmp_path / "out", capsys)
    assert code == 2, err
    assert "cannot be converted to TrueType" in err and "35 glyphs, more than 20" in err
    command = "pyftsubset fonts/Big.otf --unicodes=U+0020-024F,U+2010-2027 --output-file=fonts/Big-subset.otf"
    assert command in err
    # the command makes a font pnp takes
    import subprocess
    import sys

    args = command.split()[1:]
    subprocess.run([sys.executable, "-m", "fontTools.subset", *args], cwd=small_game, check=True)
    spec = small_game / "game.yaml"
    spec.write_text(
        spec.read_text(encoding="utf-8").replace("fonts/Big.otf", "fonts/Big-subset.otf"),
        encoding="utf-8",
    )
    code = main(["build", str(small_game), "--out", str(tmp_path / "out"), "--paper", "a4"])
    assert code == 0, capsys.readouterr().err  # 15 glyphs: converted


def test_a_variable_cff2_font_names_the_fontforge_command():
    from pnp.spec.load import convert_hint

    hint = convert_hint("fonts/Var.otf", subset=False)
    assert "fontforge -lang=ff -c 'Open($1); Generate($2)' fonts/Var.otf fonts/Var.ttf" in hint


@pytest.mark.parametrize("text", ["AVA", "7 AV.", "Type", "1 ka", "12 + 3", "", "V"])
def test_a_text_is_measured_with_the_kerning_the_font_file_gives_its_pairs(text):
    """Advances and kern-table values read from Vera.ttf itself; a text with no kerned pair
    (digits, signs) is its advances alone, and its kerning all zeros."""
    from fontTools.ttLib import TTFont

    with TTFont(str(BUILTIN["regular"])) as tt:
        upm, cmap = tt["head"].unitsPerEm, tt.getBestCmap()
        glyphs = [cmap[ord(ch)] for ch in text]
        kern = tt["kern"].kernTables[0].kernTable
        pairs = [kern.get(pair, 0) / upm for pair in zip(glyphs, glyphs[1:], strict=False)]
        advance = sum(tt["hmtx"][g][0] for g in glyphs) / upm
    fm = metrics_for(str(BUILTIN["regular"]))
    assert fm.kerns(text) == pytest.approx(pairs, abs=1e-12)
    assert fm.width(text, 10) == pytest.approx((advance + sum(pairs)) * 10, abs=1e-9)
    assert any(pairs) == (text in ("AVA", "7 AV.", "Type", "1 ka"))
