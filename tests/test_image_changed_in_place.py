"""A picture saved again under the same file name (a PNG the same size, an SVG the same length):
`--since` prints the card that shows it again, and a second preview, TTS export or build in
the same process (as `pnp serve` and the API run them) draws the new picture, not one kept
from the first run. Read from the PDF and PNGs the user gets."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from conftest import game_yaml
from PIL import Image

from pnp.cli import main

OLD, NEW = (200, 0, 0), (0, 0, 200)  # the picture's colour before and after it is saved again
# three cards: one shows a PNG, one an SVG, one neither (it must never be printed again)
CARDS = """family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: png, pic: art.png}
  - {id: svg, pic: art.svg}
  - {id: plain, pic: ""}
front:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#f0f0f0"}
  - image: {file: "{pic}", x: 10mm, y: 10mm, w: 43mm, h: 60mm}
    unless: {id: plain}
back:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#404040"}
"""


def _hex(rgb) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb)


def paint(game: Path, which: str, rgb) -> None:
    """Save the game's PNG or SVG again in one colour: same name, same size in bytes for the
    SVG (its colour is the same number of characters) and the same pixel size for the PNG."""
    if which == "png":
        Image.new("RGB", (43, 60), rgb).save(game / "art.png")
    else:
        (game / "art.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 43 60">'
            f'<rect x="0" y="0" width="43" height="60" fill="{_hex(rgb)}"/></svg>',
            encoding="utf-8",
        )


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "pics"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("pics", "cards.yaml"), encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    paint(folder, "png", OLD)
    paint(folder, "svg", OLD)
    return folder


def _near(a, b, tol: int = 8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b, strict=True))


def pdf_colours(pdf: Path) -> list[tuple[int, int, int]]:
    """Every colour on the PDF's pages, rendered at 20 dpi."""
    out = set()
    with pymupdf.open(pdf) as doc:
        for page in doc:
            pix = page.get_pixmap(dpi=20)
            img = Image.frombytes("RGB", (pix.width, pix.height), pix.samples)
            out |= {c for _, c in img.getcolors(1 << 20)}
    return list(out)


def shows(colours, rgb) -> bool:
    return any(_near(c, rgb) for c in colours)


@pytest.mark.parametrize("which", ["png", "svg"])
def test_since_prints_again_the_card_whose_picture_was_saved_again(game, tmp_path, which, capsys):
    out = tmp_path / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    paint(game, which, NEW)
    capsys.readouterr()
    since = ["--since", str(out / "pics")]
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), *since]) == 0
    said = capsys.readouterr()
    assert "1 item(s) changed" in said.out + said.err, said
    assert f"cards/{which}" in said.out + said.err
    m = json.loads((out / "pics_since" / "pics-a4.json").read_text(encoding="utf-8"))
    printed = {it["id"] for p in m["pages"] for it in p["items"]}
    assert printed == {which}, printed  # only that card: the manifest names the pages' items
    colours = pdf_colours(out / "pics_since" / "pics-a4.pdf")
    assert shows(colours, NEW) and not shows(colours, OLD), "the reprint shows the old picture"


def _preview_colour(out: Path, which: str):
    img = Image.open(out / "pics" / "preview" / "cards" / f"{which}-front.png").convert("RGB")
    return img.getpixel((img.width // 2, img.height // 2))


@pytest.mark.parametrize("which", ["png", "svg"])
def test_a_second_preview_in_one_process_draws_the_new_picture(game, tmp_path, which):
    out = tmp_path / "out"
    assert main(["preview", str(game), "--out", str(out), "-q"]) == 0
    assert _near(_preview_colour(out, which), OLD)
    paint(game, which, NEW)
    assert main(["preview", str(game), "--out", str(out), "-q"]) == 0
    got = _preview_colour(out, which)
    assert _near(got, NEW), f"the preview of {which} is {got}: the picture as it was first read"


@pytest.mark.parametrize("which", ["png", "svg"])
def test_a_second_tts_export_in_one_process_draws_the_new_picture(game, tmp_path, which):
    out = tmp_path / "out"
    slot = {"png": 0, "svg": 1}[which]  # the cards in the order the family lists them

    def card_centre():
        sheet = Image.open(out / "pics" / "tts" / "cards-faces.png").convert("RGB")
        cw, ch = sheet.width // 10, sheet.height // 7  # a sheet of 10 x 7 cards
        return sheet.getpixel((slot * cw + cw // 2, ch // 2))

    assert main(["export", str(game), "--tts", "--out", str(out), "-q"]) == 0
    assert _near(card_centre(), OLD)
    paint(game, which, NEW)
    assert main(["export", str(game), "--tts", "--out", str(out), "-q"]) == 0
    assert _near(card_centre(), NEW), f"TTS card {which} is {card_centre()}: the old picture"


@pytest.mark.parametrize("which", ["png", "svg"])
def test_a_second_build_in_one_process_prints_the_new_picture(game, tmp_path, which):
    out = tmp_path / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    paint(game, which, NEW)
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    assert shows(pdf_colours(out / "pics" / "pics-a4.pdf"), NEW), "the old picture is printed"
