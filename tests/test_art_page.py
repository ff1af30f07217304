"""docs/art.md shows every built-in art name with its picture, and an unknown name's message
sends the user there."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

from PIL import Image

from pnp.cli import main

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("art_page", REPO / "scripts" / "art_page.py")
art_page = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(art_page)


def test_every_art_file_has_an_entry_and_every_entry_a_file():
    names = sorted(p.stem for p in (REPO / "pnp" / "art").glob("*.svg"))
    assert len(names) >= 20
    text = (REPO / "docs" / "art.md").read_text(encoding="utf-8")
    listed = [line.split("`")[1] for line in text.split("<br>")[1:]]
    assert sorted(listed) == names, "docs/art.md is stale: run python scripts/art_page.py"
    assert text == art_page.page(names), "docs/art.md is stale: run python scripts/art_page.py"
    pictures = sorted(p.stem for p in (REPO / "docs" / "images" / "art").glob("*.png"))
    assert pictures == names, "docs/images/art/ is stale: run python scripts/art_page.py"


def test_each_picture_shows_its_art():
    """Each PNG the page shows is the art in black on white: some ink, not all ink, and the
    same shape pnp draws now (no more than a few edge pixels apart)."""
    for png in sorted((REPO / "docs" / "images" / "art").glob("*.png")):
        img = Image.open(png).convert("L")
        assert img.size == (art_page.PX, art_page.PX)
        dark = sum(1 for v in img.tobytes() if v < 128)
        share = dark / (img.width * img.height)
        assert 0.03 < share < 0.8, f"{png.name}: {share:.0%} ink"
        now = Image.open(io.BytesIO(art_page.picture(png.stem))).convert("L")
        differ = sum(
            1 for a, b in zip(img.tobytes(), now.tobytes(), strict=True) if (a < 128) != (b < 128)
        )
        assert differ <= img.width, (
            f"{png.name} no longer shows its art: run python scripts/art_page.py"
        )


def test_an_unknown_art_name_points_to_the_page(small_game, tmp_path, capsys):
    deck = small_game / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("Card text goes here.", "Card :heart: here."), encoding="utf-8")
    code = main(["build", str(small_game), "--out", str(tmp_path / "out"), "--paper", "a4"])
    err = capsys.readouterr().err
    assert code == 2
    assert "unknown art 'heart'" in err
    assert "did you mean 'suit-hearts'? docs/art.md shows every built-in art name" in err
    assert (REPO / "docs" / "art.md").is_file()
