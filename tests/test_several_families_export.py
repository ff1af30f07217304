"""Exports of a game with two families of each kind (two decks, two counter families, two dice
families) whose items share their ids: every family's objects and files are there, with its
own count and its own images, in the TTS Saved Object, the print-shop card files, the cut
file and the previews. Each family is painted one colour, so an image that shows another
family's colour is another family's file."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from pnp.cli import main

# family: (kind, colour, items); the two families of a kind use the same item ids
FAMILIES = {
    "alpha": ("card", "#c00000", ["x1", "x2", "x3"]),
    "beta": ("card", "#0000c0", ["x1", "x2"]),
    "reds": ("counter", "#c06000", ["t-1", "t-2"]),
    "greens": ("counter", "#00a000", ["t-1", "t-2"]),
    "dice1": ("die", "#800080", ["d"]),
    "dice2": ("die", "#008080", ["d"]),
}
PAINT = '  - rect: {{x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "{c}"}}\n'


def _family_yaml(name: str, kind: str, colour: str, n: int) -> str:
    paint = PAINT.format(c=colour)
    if kind == "card":
        ns = ", ".join(str(i) for i in range(1, n + 1))
        return (
            f"family: {name}\nkind: card\nsize: {{w: 63mm, h: 88mm}}\nitems:\n"
            f'  - id: "x{{n}}"\n    for_each: {{n: [{ns}]}}\nfront:\n{paint}back:\n{paint}'
        )
    if kind == "counter":
        return (
            f"family: {name}\nkind: counter\nsize: {{w: 20mm, h: 20mm}}\nshape: circle\n"
            f"items:\n  - id: t\n    count: {n}\nfront:\n"
            f'  - circle: {{x: 10mm, y: 10mm, r: 10mm, fill: "{colour}"}}\n'
        )
    return f"family: {name}\nkind: die\nsolid: d6\nedge: 16mm\nitems:\n  - id: d\nfront:\n{paint}"


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    """The game built on A4 and exported with --tts, --cards, --cut and preview: OUT/multi."""
    root = tmp_path_factory.mktemp("several")
    game = root / "multi"
    game.mkdir()
    files = ", ".join(f"{n}.yaml" for n in FAMILIES)
    (game / "game.yaml").write_text(
        f"id: multi\ntitle: Multi\ncredits: Test\nplayers: {{min: 1, max: 1}}\n"
        f"components: [{files}]\nrules: null\n",
        encoding="utf-8",
    )
    for name, (kind, colour, ids) in FAMILIES.items():
        (game / f"{name}.yaml").write_text(
            _family_yaml(name, kind, colour, len(ids)), encoding="utf-8"
        )
    out = root / "out"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "-q"]) == 0
    for how in (["export", "--tts"], ["export", "--cards"], ["export", "--cut"], ["preview"]):
        assert main([how[0], str(game), *how[1:], "--out", str(out), "-q"]) == 0
    return out / "multi"


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def _near(found, colour: str, tol: int = 6) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(found[:3], _rgb(colour), strict=True))


def _centre(path: Path) -> tuple[int, ...]:
    img = Image.open(path).convert("RGB")
    return img.getpixel((img.width // 2, img.height // 2))


def _local(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def _objects(save: dict):
    return save["ObjectStates"]


@pytest.fixture(scope="module")
def save(exported) -> dict:
    return json.loads((exported / "tts" / "multi.json").read_text(encoding="utf-8"))


def test_each_deck_is_its_own_tts_deck_with_its_own_cards_and_sheet(save):
    decks = {o["Nickname"]: o for o in _objects(save) if o["Name"] == "DeckCustom"}
    assert sorted(decks) == ["Alpha", "Beta"], sorted(decks)
    numbers = set()
    for name in ("alpha", "beta"):
        deck, (_, colour, ids) = decks[name.capitalize()], FAMILIES[name]
        [(number, custom)] = deck["CustomDeck"].items()
        numbers.add(number)
        # TTS: a card's CardID is its deck's number times 100 plus its slot on the sheet
        assert deck["DeckIDs"] == [int(number) * 100 + s for s in range(len(ids))], name
        assert [c["Nickname"] for c in deck["ContainedObjects"]] == ids
        sheet = Image.open(_local(custom["FaceURL"])).convert("RGB")
        cw, ch = sheet.width // 10, sheet.height // 7  # a sheet of 10 x 7 cards
        for slot in range(len(ids)):
            px = sheet.getpixel((slot * cw + cw // 2, ch // 2))
            assert _near(px, colour), f"{name}'s card {slot + 1} on its sheet is {px}, not {colour}"
        assert sheet.getpixel((len(ids) * cw + cw // 2, ch // 2)) == (255, 255, 255)
        assert _near(_centre(_local(custom["BackURL"])), colour), f"{name}'s back image"
    assert len(numbers) == 2, f"both decks are CustomDeck {numbers}: TTS shows one sheet for both"


def test_each_deck_note_counts_its_own_cards(exported):
    for name, count in (("alpha", 3), ("beta", 2)):
        note = (exported / "tts" / f"{name}-tts.txt").read_text(encoding="utf-8")
        assert f"Number:        {count}\n" in note, note
        assert f"Face:          {name}-faces.png" in note


@pytest.mark.parametrize("kind,tts_name", [("counter", "Custom_Token"), ("die", "Custom_Dice")])
def test_each_family_of_pieces_has_its_objects_and_images(save, kind, tts_name):
    for name, (k, colour, ids) in FAMILIES.items():
        if k != kind:
            continue
        # each piece's tooltip (Description) names its family's title
        mine = [
            o
            for o in _objects(save)
            if o["Name"] == tts_name and o.get("Description") == name.capitalize()
        ]
        assert sorted(o["Nickname"] for o in mine) == ids, (name, mine)
        for o in mine:
            img = Image.open(_local(o["CustomImage"]["ImageURL"])).convert("RGB")
            colours = {c for _, c in img.getcolors(1 << 20)}
            assert any(_near(c, colour) for c in colours), f"{name}'s {o['Nickname']} image"
            theirs = [v[1] for n, v in FAMILIES.items() if v[0] == kind and n != name]
            assert not any(_near(c, t) for c in colours for t in theirs), (
                f"{name}'s {o['Nickname']} image shows another family's colour"
            )


def test_print_shop_files_count_each_family_on_its_own_row(exported):
    rows = list(csv.DictReader((exported / "cards" / "cards.csv").open(encoding="utf-8")))
    by = {r["family"]: r for r in rows}
    assert sorted(by) == ["alpha", "beta"], rows
    for name in ("alpha", "beta"):
        _, colour, ids = FAMILIES[name]
        assert int(by[name]["count"]) == len(ids) and by[name]["ids"].split() == ids
        assert _near(_centre(exported / "cards" / by[name]["file"]), colour), name
        assert _near(_centre(exported / "cards" / by[name]["back"]), colour), name


def test_the_cut_file_has_one_path_for_each_item_of_each_family(exported):
    [svg] = (exported / "cut").glob("*.svg")
    text = svg.read_text(encoding="utf-8")
    cut = text[text.index('<g id="cut"') :]
    cut = cut[: cut.index("</g>")]  # the cut layer (a die's fold lines are the score layer)
    labels = re.findall(r'inkscape:label="([^"]+/[^"]+)"', cut)
    want = [f"{n}/{i}" for n, (_, _, ids) in FAMILIES.items() for i in ids]
    assert sorted(labels) == sorted(want)
    ids = re.findall(r'<path id="([^"]+)"', text)
    assert len(ids) == len(set(ids)), "two cut paths share an SVG id"


def test_each_family_has_its_previews_in_its_own_colour(exported):
    for name, (_, colour, ids) in FAMILIES.items():
        for i in ids:
            png = exported / "preview" / name / f"{i}-front.png"
            assert png.is_file(), png
            assert _near(_centre(png), colour), f"{png} is {_centre(png)}, not {colour}"
        sheet = Image.open(exported / "preview" / f"{name}-sheet.png").convert("RGB")
        colours = {c for _, c in sheet.getcolors(1 << 22)}
        assert any(_near(c, colour) for c in colours), f"{name}-sheet.png"
