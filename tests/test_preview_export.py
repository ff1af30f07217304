"""Previews, Tabletop Simulator sheets and cut files, read back and measured."""

from __future__ import annotations

import pytest
from PIL import Image

from pnp.cli import main


def test_preview_writes_every_face_and_a_sheet_per_family(small_game, tmp_path):
    out = tmp_path / "out"
    assert main(["preview", str(small_game), "--out", str(out), "--dpi", "100"]) == 0
    root = out / "small" / "preview"
    deck = sorted(p.name for p in (root / "deck").iterdir())
    # 10 fronts, and one back: every card shares it
    assert len([n for n in deck if n.endswith("-front.png")]) == 10
    assert "back.png" in deck and "red-1-front.png" in deck
    assert len(list((root / "counters").glob("*-front.png"))) == 10
    for fam in ("deck", "board", "counters"):
        assert (root / f"{fam}-sheet.png").is_file()
    # face images at the asked resolution: 63.5 x 88.9 mm (poker) at 100 dpi
    assert Image.open(root / "deck" / "red-1-front.png").size == (250, 350)  # 2.5 x 3.5 in at 100 dpi
    img = Image.open(root / "deck" / "red-1-front.png").convert("RGB")
    # the red value in the top-left corner is drawn (not a blank image)
    assert any(c[0] > 150 and c[1] < 90 for _, c in img.crop((20, 20, 70, 70)).getcolors(100_000))


def test_tts_sheet_is_a_10_by_7_grid_within_4096(small_game, tmp_path):
    out = tmp_path / "out"
    assert main(["export", str(small_game), "--tts", "--out", str(out), "--quiet"]) == 0
    tts = out / "small" / "tts"
    # docs/printing.md: a sheet of 10 x 7 cards, at most 4096 px a side, card proportions kept;
    # a poker card's width is the limit: 4096 // 10 = 409 px, 88.9 / 63.5 of that tall (572.6)
    cw, ch = 409, 572
    sheet = Image.open(tts / "deck-faces.png")
    assert sheet.size == (10 * cw, 7 * ch)
    assert Image.open(tts / "deck-back.png").size == (cw, ch)
    note = (tts / "deck-tts.txt").read_text()
    for line in ("Width:         10", "Height:        7", "Number:        10", "Unique backs:  no", "deck-back.png"):
        assert line in note
    # card 1 in the first cell, slot 70 holds the back (green), slot 11 is empty (white)
    rgb = sheet.convert("RGB")
    assert rgb.getpixel((cw * 9 + cw // 2, ch * 6 + ch // 10)) == (0x27, 0x6B, 0x2B)  # the back's accent
    assert rgb.getpixel((cw * 5 + cw // 2, ch * 1 + ch // 2)) == (255, 255, 255)
    assert rgb.getpixel((8, ch // 2))[0] > 150  # red card's frame


def test_tts_splits_a_deck_of_more_than_69(small_game, tmp_path):
    deck = small_game / "deck.yaml"
    text = deck.read_text().replace("size: {w: 63.5mm, h: 88.9mm}", "size: {w: 20mm, h: 28mm}")
    text = text.replace("value: [1, 2, 3, 4, 5]", "value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]")
    deck.write_text(text)
    out = tmp_path / "out"
    assert main(["export", str(small_game), "--tts", "--out", str(out), "--quiet"]) == 0
    tts = out / "small" / "tts"
    cw, ch = 236, 330  # small cards stop at 300 dpi: 20 and 28 mm at 300 / 25.4 px a mm
    for n in (1, 2):
        assert Image.open(tts / f"deck-faces-{n}.png").size == (10 * cw, 7 * ch)
    note = (tts / "deck-tts.txt").read_text()
    # docs/printing.md: a sheet holds 69 cards (slot 70 is the hidden card), so 80 are 69 + 11
    assert "Number:        69" in note and "Number:        11" in note


@pytest.mark.deep  # every cut file of four games (5 s); tests/test_cut_outlines.py: every day
def test_cut_file_follows_the_printed_outlines(built, made):
    """Every cut path lies on an outline the printed PDF draws on the same sheet: rounded cards
    and circles (greenway, aftershock), die nets (aftershock), packed pieces (earthquake),
    standees (piecepack). The rest is in tests/test_cut_outlines.py."""
    from cutgeom import bleeds_of, check_cut_file, shipped_cut

    checked = 0
    for game in ("greenway", "aftershock", "earthquake", "piecepack"):
        b = built(game, "a4")
        files = shipped_cut(made, game)
        assert files
        doc, bleeds = b.doc(), bleeds_of(game)
        for f in files:
            page = doc[int(f.stem[-3:]) - 1]
            checked += check_cut_file(f, page, bleeds)
    assert checked >= 150


def test_export_needs_one_of_tts_or_cut(capsys):
    assert main(["export", "greenway"]) == 2
    assert "--tts, --cut, --cards, --press or --cricut" in capsys.readouterr().err
