"""Text over a picture is measured against the picture's pixels under it, in `check`, `build`
and `--strict`: white text on a dark full-card photo reads (no warning), on a white one it does
not (a warning naming the file, the line and the contrast; `--strict` refuses). Synthetic
games, as no shipped game prints text over a picture."""

from __future__ import annotations

import pytest
from conftest import game_yaml
from PIL import Image as PILImage

from pnp.cli import main

CARDS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: "c{n}", for_each: {n: [1, 2]}}
front:
  - image: {file: art/photo.png, x: 0mm, y: 0mm, w: 100%, h: 100%}
  - text: {text: "TITLE OVER THE PHOTO", x: 0mm, y: 10mm, w: 100%, h: 8mm, size: 12pt, colour: white}
"""


RULES = """\
game: photos
rules:
  - id: cards
    cite: "Two cards."
    faces: {family: cards}
    expect: 2
"""


def _game(tmp_path, paint) -> str:
    """A one-family game whose cards print white text over art/photo.png, painted by `paint`."""
    folder = tmp_path / "game"
    (folder / "art").mkdir(parents=True)
    (folder / "game.yaml").write_text(
        game_yaml("photos").replace("rules: null", "rules: rules.yaml"), encoding="utf-8"
    )
    (folder / "rules.yaml").write_text(RULES, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    im = PILImage.new("RGB", (760, 1060), (255, 255, 255))  # 63 x 88 mm at about 300 ppi
    paint(im)
    im.save(folder / "art" / "photo.png")
    return str(folder)


def dark(im) -> None:
    im.paste((24, 32, 48), (0, 0, *im.size))


def white(im) -> None:
    pass  # a white picture: white text on it cannot be read


def dark_but_under_the_title(im) -> None:
    """Dark everywhere except a pale band where the title prints: only the pixels under the
    text count."""
    dark(im)
    im.paste((250, 250, 240), (0, 80, im.size[0], 240))


@pytest.mark.parametrize(
    ("paint", "warns"), [(dark, False), (white, True), (dark_but_under_the_title, True)]
)
def test_text_over_a_picture_is_read_against_its_pixels(tmp_path, capsys, paint, warns):
    game = _game(tmp_path, paint)
    capsys.readouterr()
    assert main(["check", game]) == 0
    err = capsys.readouterr().err
    said = [w for w in err.splitlines() if "TITLE OVER THE PHOTO" in w]
    if warns:
        assert said and "cards.yaml:8:" in said[0] and "is contrast 1." in said[0], err
    else:
        assert not said, err
    # build --strict: passes over a dark picture, refuses over a light one
    code = main(["build", game, "--strict", "--paper", "a4", "--out", str(tmp_path / "out")])
    assert code == (1 if warns else 0), capsys.readouterr().err
