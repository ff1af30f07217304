"""Print-shop files (pnp export --cards), read back: pixel sizes, art in the bleed, PDF page
boxes, and the card list's counts against the cards the built PDF prints."""

from __future__ import annotations

import csv

import pymupdf
import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.cli import main

ACCENT = (0x27, 0x6B, 0x2B)  # the scaffold's palette 'accent': the deck's back fills its face
INK = (0x22, 0x22, 0x22)  # 'ink': the events' back


def export(game, out, *extra) -> int:
    return main(["export", str(game), "--cards", "--out", str(out), "--quiet", *extra])


def rows(folder):
    with open(folder / "cards.csv", newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def near(a, b, tol=6):
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize(
    ("dpi", "bleed", "bleed_mm"),
    [("300", "3mm", 3.0), ("600", "0.125in", 3.175), ("150", "0mm", 0.0)],
)
def test_png_is_exactly_the_bled_size_at_the_dpi(small_game, tmp_path, dpi, bleed, bleed_mm):
    out = tmp_path / "out"
    assert export(small_game, out, "--dpi", dpi, "--bleed", bleed) == 0
    folder = out / "small" / "cards"
    want = (
        round((63.5 + 2 * bleed_mm) * float(dpi) / 25.4),
        round((88.9 + 2 * bleed_mm) * float(dpi) / 25.4),
    )
    names = sorted(p.name for p in folder.glob("*.png"))
    # ten distinct deck fronts, three distinct event fronts, one shared back each
    assert len([n for n in names if n.startswith("deck-") and n.endswith("-front.png")]) == 10
    assert (
        "deck-back.png" in names and "events-back.png" in names and "deck-red-1-front.png" in names
    )
    assert not [
        n
        for n in names
        if n.startswith("deck-") and n.endswith("-back.png") and n != "deck-back.png"
    ]
    for n in names:
        img = Image.open(folder / n)
        assert img.size == want, n
        assert round(img.info["dpi"][0]) == int(dpi)


def test_bled_background_reaches_every_edge_of_the_image(small_game, tmp_path):
    out = tmp_path / "out"
    assert export(small_game, out) == 0
    folder = out / "small" / "cards"
    for name, colour in (("deck-back.png", ACCENT), ("events-back.png", INK)):
        img = Image.open(folder / name).convert("RGB")
        w, h = img.size
        edge = (
            [(x, 0) for x in range(w)]
            + [(x, h - 1) for x in range(w)]
            + [(0, y) for y in range(h)]
            + [(w - 1, y) for y in range(h)]
        )
        off = [p for p in edge if not near(img.getpixel(p), colour)]
        assert not off, (
            f"{name}: {len(off)} edge pixels are not the back's colour, e.g. {off[0]} {img.getpixel(off[0])}"
        )
    # a box that does not touch the face's edge stays put: the deck front's bleed stays white
    front = Image.open(folder / "deck-red-1-front.png").convert("RGB")
    assert near(front.getpixel((5, front.height // 2)), (255, 255, 255))


def test_an_image_at_the_edge_is_mirrored_into_the_bleed(small_game, tmp_path):
    # a full-face picture: left half red, right half blue, a black band along its top
    art = Image.new("RGB", (630, 880), (220, 0, 0))
    art.paste((0, 0, 220), (315, 0, 630, 880))
    art.paste((0, 0, 0), (0, 0, 630, 100))
    art.save(small_game / "picture.png")
    deck = small_game / "deck.yaml"
    deck.write_text(
        deck.read_text().replace(
            "front:\n",
            "front:\n  - image: {file: picture.png, x: 0mm, y: 0mm, w: 100%, h: 100%}\n",
            1,
        )
    )
    out = tmp_path / "out"
    assert export(small_game, out, "--dpi", "100", "--bleed", "4mm", "--family", "deck") == 0
    img = Image.open(out / "small" / "cards" / "deck-red-1-front.png").convert("RGB")
    w, h = img.size
    b = round(4 * 100 / 25.4)  # the bleed in pixels
    assert near(img.getpixel((2, h // 2)), (220, 0, 0))  # left bleed continues the red half
    assert near(img.getpixel((w - 3, h // 2)), (0, 0, 220))  # right bleed the blue half
    assert near(img.getpixel((w // 4, 2)), (0, 0, 0))  # top bleed the black band
    assert near(img.getpixel((w // 4, h - 3)), (220, 0, 0))  # bottom bleed the red half
    # inside the trim the picture is where it was drawn: the band ends 10 mm below the cut line
    band_end = b + round(10 * 100 / 25.4)
    assert near(img.getpixel((w // 4, band_end - 3)), (0, 0, 0)) and near(
        img.getpixel((w // 4, band_end + 3)), (220, 0, 0)
    )


def test_pdf_files_carry_trim_and_bleed_boxes(small_game, tmp_path):
    out = tmp_path / "out"
    assert export(small_game, out, "--format", "pdf", "--bleed", "0.125in") == 0
    folder = out / "small" / "cards"
    pdfs = sorted(folder.glob("*.pdf"))
    assert len(pdfs) == 15  # 10 + 3 fronts, 2 backs
    b = 0.125 * 72  # the bleed in points
    W, H = 2.5 * 72 + 2 * b, 3.5 * 72 + 2 * b  # poker, 2.5 x 3.5 in
    for f in pdfs:
        page = PdfReader(f, strict=True).pages
        assert len(page) == 1
        p = page[0]
        assert [float(v) for v in p.mediabox] == pytest.approx([0, 0, W, H], abs=0.01)
        assert [float(v) for v in p.bleedbox] == pytest.approx([0, 0, W, H], abs=0.01)
        assert [float(v) for v in p.trimbox] == pytest.approx([b, b, W - b, H - b], abs=0.01)
        doc = pymupdf.open(f)
        assert doc[0].trimbox.width == pytest.approx(2.5 * 72, abs=0.01)
    # the back's fill covers the whole bled page, not just the trim
    doc = pymupdf.open(folder / "deck-back.pdf")
    fills = [d["rect"] for d in doc[0].get_drawings() if d.get("fill")]
    assert any(
        r.x0 <= 0.01 and r.y0 <= 0.01 and r.x1 >= W - 0.01 and r.y1 >= H - 0.01 for r in fills
    )


def test_card_list_counts_match_the_cards_the_pdf_prints(small_game, tmp_path, built):
    out = tmp_path / "out"
    assert export(small_game, out) == 0
    listed = rows(out / "small" / "cards")
    assert {r["back"] for r in listed if r["family"] == "deck"} == {"deck-back.png"}
    assert all((out / "small" / "cards" / r["file"]).is_file() for r in listed)
    assert (
        main(["build", str(small_game), "--paper", "a4", "--out", str(tmp_path / "pdf"), "--quiet"])
        == 0
    )
    doc = pymupdf.open(tmp_path / "pdf" / "small" / "small-a4.pdf")
    text = "".join(page.get_text() for page in doc)
    # every deck front prints its rules line once; every event its name once
    assert (
        text.count("Card text goes here.")
        == sum(int(r["count"]) for r in listed if r["family"] == "deck")
        == 10
    )
    names = {
        "events-good-harvest-1-front.png": "Good Harvest",
        "events-storm-front.png": "Storm",
        "events-market-day-1-front.png": "Market Day",
    }
    for r in (r for r in listed if r["family"] == "events"):
        assert text.count(names[r["file"]]) == int(r["count"]), r


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dpi", "20"], "bad --dpi"),
        (["--dpi", "nan"], "bad --dpi"),
        (["--bleed", "25mm"], "bad --bleed"),
        (["--family", "nope"], "unknown family 'nope'"),
    ],
)
def test_out_of_range_options_are_refused(small_game, tmp_path, capsys, args, message):
    assert export(small_game, tmp_path / "out", *args) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out" / "small" / "cards").exists()


def test_a_bleed_without_a_unit_is_refused(small_game, tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        export(small_game, tmp_path / "out", "--bleed", "3")
    assert exc.value.code == 2
    assert "argument --bleed: expected a number with a unit" in capsys.readouterr().err


def test_a_family_that_is_not_flat_is_refused(tmp_path, capsys):
    assert export("earthquake", tmp_path / "out", "--family", "dice") == 2
    assert "print-shop files are made for flat pieces" in capsys.readouterr().err


def uniform_back(game, colour=(200, 30, 30)) -> None:
    """The deck's back a full-face picture of one colour: mirrored into the bleed on every side."""
    Image.new("RGB", (750, 1050), colour).save(game / "back.png")
    deck = game / "deck.yaml"
    text = deck.read_text()
    fill = "back:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: accent}\n"
    assert fill in text
    deck.write_text(
        text.replace(fill, "back:\n  - image: {file: back.png, x: 0mm, y: 0mm, w: 100%, h: 100%}\n")
    )


@pytest.mark.parametrize(
    ("extra", "bleed_px"),
    [
        ((), 3 * 300 / 25.4),  # 3 mm: the cut line 35.43 px in
        (("--shop", "thegamecrafter"), 37.5),  # 1/8 in at 300 dpi
        (("--dpi", "72", "--bleed", "2mm"), 2 * 72 / 25.4),
    ],
)
def test_a_mirrored_back_has_no_seam_on_the_cut_line(small_game, tmp_path, extra, bleed_px):
    colour = (200, 30, 30)
    uniform_back(small_game, colour)
    out = tmp_path / "out"
    extra = extra if extra and extra[0] == "--shop" else ("--cards", *extra)
    assert (
        main(["export", str(small_game), *extra, "--family", "deck", "--out", str(out), "-q"]) == 0
    )
    img = Image.open(out / "small" / "cards" / "deck-back.png").convert("RGB")
    w, h = img.size
    # the pixels the cut line crosses: 2.5 x 3.5 in inside the bleed on each side
    dpi = 72 if "72" in extra else 300
    left, top = int(bleed_px), int(bleed_px)
    right, bottom = int(bleed_px + 2.5 * dpi), int(bleed_px + 3.5 * dpi)
    sides = {
        "left": [(left, y) for y in range(h)],
        "right": [(right, y) for y in range(h)],
        "top": [(x, top) for x in range(w)],
        "bottom": [(x, bottom) for x in range(w)],
    }
    for side, line in sides.items():
        off = [p for p in line if not near(img.getpixel(p), colour, tol=3)]
        assert not off, (
            f"{side}: {len(off)} pixels on the cut line, e.g. {off[0]} {img.getpixel(off[0])}"
        )
