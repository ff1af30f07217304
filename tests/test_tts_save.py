"""The Tabletop Simulator Saved Object (pnp export --tts), validated against a schema of the
fields TTS reads (written from TTS's save format: the knowledge base's "Save File Format"
page and saved objects TTS writes), and its images measured: deck sheets within 4096 px, boards
at 100 dpi or more of their printed size, counters cut out along their outline, d6 dice
with each face in its cell of TTS's d6 template."""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
import yaml
from PIL import Image

from pnp.cli import main

TRANSFORM = {
    "type": "object",
    "required": ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"],
    "properties": {
        k: {"type": "number"}
        for k in ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"]
    },
}
URL = {"type": "string", "minLength": 1}
CUSTOM_DECK = {
    "type": "object",
    "minProperties": 1,
    "patternProperties": {
        "^[1-9][0-9]*$": {
            "type": "object",
            "required": [
                "FaceURL",
                "BackURL",
                "NumWidth",
                "NumHeight",
                "BackIsHidden",
                "UniqueBack",
            ],
            "properties": {
                "FaceURL": URL,
                "BackURL": URL,
                "NumWidth": {"type": "integer", "minimum": 1, "maximum": 10},
                "NumHeight": {"type": "integer", "minimum": 1, "maximum": 7},
                "BackIsHidden": {"type": "boolean"},
                "UniqueBack": {"type": "boolean"},
                "Type": {"type": "integer", "minimum": 0, "maximum": 5},
            },
        }
    },
    "additionalProperties": False,
}
BASE = {
    "required": ["GUID", "Name", "Transform", "Nickname"],
    "properties": {
        "GUID": {"type": "string", "pattern": "^[0-9a-f]{6}$"},
        "Transform": TRANSFORM,
        "Nickname": {"type": "string"},
    },
}
CARD = {
    "allOf": [BASE],
    "required": ["CardID", "CustomDeck"],
    "properties": {
        "Name": {"const": "Card"},
        "CardID": {"type": "integer", "minimum": 100},
        "CustomDeck": CUSTOM_DECK,
    },
}
IMAGE = {
    "type": "object",
    "required": ["ImageURL", "ImageSecondaryURL", "ImageScalar", "WidthScale"],
    "properties": {"ImageURL": URL, "ImageSecondaryURL": {"type": "string"}},
}
ROTATION = {
    "type": "object",
    "required": ["Value", "Rotation"],
    "properties": {
        "Rotation": {
            "type": "object",
            "required": ["x", "y", "z"],
            "properties": {k: {"type": "number"} for k in "xyz"},
        }
    },
}
DIE = {
    "allOf": [BASE],
    "required": ["CustomImage"],
    "properties": {
        "Name": {"const": "Custom_Dice"},
        "CustomImage": {
            "allOf": [IMAGE],
            "required": ["CustomDice"],
            "properties": {
                "CustomDice": {
                    "type": "object",
                    "required": ["Type"],
                    "properties": {"Type": {"enum": [0, 1, 2, 3, 4, 5]}},
                }
            },
        },
        "RotationValues": {"type": "array", "items": ROTATION},
    },
}
MODEL = {
    "allOf": [BASE],
    "required": ["CustomMesh"],
    "properties": {
        "Name": {"const": "Custom_Model"},
        "CustomMesh": {
            "type": "object",
            "required": ["MeshURL", "DiffuseURL", "TypeIndex", "MaterialIndex"],
            "properties": {
                "MeshURL": URL,
                "DiffuseURL": URL,
                "TypeIndex": {"enum": [0, 1, 2, 3, 4, 5, 6, 7]},
            },
        },
        "RotationValues": {"type": "array", "items": ROTATION},
    },
}
SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "required": ["SaveName", "ObjectStates"],
    "properties": {
        "ObjectStates": {
            "type": "array",
            "minItems": 1,
            "items": {
                "oneOf": [
                    {
                        "allOf": [BASE],
                        "required": ["DeckIDs", "CustomDeck", "ContainedObjects"],
                        "properties": {
                            "Name": {"const": "DeckCustom"},
                            "DeckIDs": {
                                "type": "array",
                                "minItems": 2,
                                "items": {"type": "integer"},
                            },
                            "CustomDeck": CUSTOM_DECK,
                            "ContainedObjects": {"type": "array", "minItems": 2, "items": CARD},
                        },
                    },
                    CARD,
                    {
                        "allOf": [BASE],
                        "required": ["CustomImage"],
                        "properties": {"Name": {"const": "Custom_Board"}, "CustomImage": IMAGE},
                    },
                    {
                        "allOf": [BASE],
                        "required": ["CustomImage"],
                        "properties": {
                            "Name": {"const": "Custom_Tile"},
                            "CustomImage": {
                                "allOf": [IMAGE],
                                "required": ["CustomTile"],
                                "properties": {
                                    "CustomTile": {
                                        "type": "object",
                                        "required": ["Type", "Thickness"],
                                        "properties": {"Type": {"enum": [0, 1, 2, 3]}},
                                    }
                                },
                            },
                        },
                    },
                    {
                        "allOf": [BASE],
                        "required": ["CustomImage"],
                        "properties": {
                            "Name": {"const": "Custom_Token"},
                            "CustomImage": {
                                # TTS's token has one image: a back would be dropped
                                "not": {"required": ["ImageSecondaryURL"]},
                                "required": ["ImageURL", "CustomToken"],
                                "properties": {
                                    "CustomToken": {
                                        "type": "object",
                                        "required": ["Thickness", "MergeDistancePixels"],
                                    }
                                },
                            },
                        },
                    },
                    DIE,
                    MODEL,
                ]
            },
        }
    },
}


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


@pytest.fixture(scope="module")
def aftershock(made):
    def export(out: Path) -> None:
        assert main(["export", "aftershock", "--tts", "--out", str(out), "-q"]) == 0

    out = made("tts-aftershock", export)
    return json.loads((out / "aftershock" / "tts" / "aftershock.json").read_text(encoding="utf-8"))


def test_the_saved_object_has_the_fields_tts_reads(aftershock):
    jsonschema.validate(aftershock, SCHEMA)
    names = [o["Name"] for o in aftershock["ObjectStates"]]
    assert names.count("DeckCustom") == 1 and "Custom_Board" in names and "Custom_Token" in names
    assert names.count("Custom_Dice") == 1  # the Aftershock die, a d6
    guids = [o["GUID"] for o in aftershock["ObjectStates"]]
    assert len(set(guids)) == len(guids)


def test_the_deck_is_its_sheet_and_its_cards(aftershock):
    [deck] = [o for o in aftershock["ObjectStates"] if o["Name"] == "DeckCustom"]
    [(number, sheet)] = deck["CustomDeck"].items()
    assert deck["DeckIDs"] == [int(number) * 100 + i for i in range(53)]  # the 53 cards, in order
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
    face = Image.open(local(sheet["FaceURL"]))
    assert face.size[0] <= 4096 and face.size[1] <= 4096
    assert face.size == (
        sheet["NumWidth"] * face.size[0] // 10,
        sheet["NumHeight"] * face.size[1] // 7,
    )
    back = Image.open(local(sheet["BackURL"]))
    assert back.size == (face.size[0] // 10, face.size[1] // 7)  # one card's size


def test_boards_read_on_screen_at_100_dpi_or_more(aftershock):
    spec = yaml.safe_load((Path("components/aftershock/board.yaml")).read_text(encoding="utf-8"))
    w_mm = float(spec["size"]["w"].removesuffix("mm"))
    boards = [o for o in aftershock["ObjectStates"] if o["Nickname"].startswith("Game board")]
    [board] = boards
    img = Image.open(local(board["CustomImage"]["ImageURL"]))
    dpi = img.size[0] / (w_mm / 25.4)
    assert 100 <= dpi and max(img.size) <= 4096, (img.size, dpi)


def test_round_counters_are_cut_out_along_their_outline(aftershock):
    tokens = [o for o in aftershock["ObjectStates"] if o["Name"] == "Custom_Token"]
    assert tokens
    for t in tokens[:5]:
        img = Image.open(local(t["CustomImage"]["ImageURL"])).convert("RGBA")
        w, h = img.size
        assert img.getpixel((0, 0))[3] == 0  # outside the outline: transparent
        assert img.getpixel((w // 2, h // 2))[3] == 255  # the piece itself: opaque


def test_a_base_url_replaces_the_local_file_urls(small_game, tmp_path):
    out = tmp_path / "out"
    base = "https://example.org/my game/"
    assert (
        main(["export", str(small_game), "--tts", "--tts-base-url", base, "--out", str(out), "-q"])
        == 0
    )
    save = json.loads((out / "small" / "tts" / "small.json").read_text(encoding="utf-8"))
    jsonschema.validate(save, SCHEMA)
    urls = [
        v
        for o in save["ObjectStates"]
        for d in [*o.get("CustomDeck", {}).values(), o.get("CustomImage", {})]
        for k, v in d.items()
        if k.endswith("URL") and v
    ]
    assert urls and all(u.startswith("https://example.org/my game/") for u in urls)
    for u in urls:
        assert (out / "small" / "tts" / u.rsplit("/", 1)[1]).is_file()


# Dice: TTS's d6 template (its Modding/Dice Templates/D6.png, as the knowledge base's "Custom
# Dice" page shows it): a square in 3 × 3 equal cells, the top row unused, faces 2 4 5 in the
# middle row and 1 3 6 in the bottom one, 1 and 6 upside down.
D6_CELLS = {2: (0, 1, 0), 4: (1, 1, 0), 5: (2, 1, 0), 1: (0, 2, 180), 3: (1, 2, 0), 6: (2, 2, 180)}
FACE_COLOURS = ["#d32f2f", "#388e3c", "#1976d2", "#f9a825", "#7b1fa2", "#00838f"]
TTS_TYPE = {4: 0, 6: 1, 8: 2, 10: 3, 12: 4, 20: 5}


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


@pytest.fixture
def dice_export(made, capsys):
    """The small game with two d6 families (colours: each face's top half in its own colour;
    numbers: the default labels) and two dice no TTS template fits, exported with --tts once
    for the run: (the save, what the export wrote on stderr, the game's folder)."""

    def make(dest: Path) -> None:
        small_game = dest / "small"
        assert main(["new", str(small_game)]) == 0
        game = small_game / "game.yaml"
        game.write_text(
            game.read_text(encoding="utf-8").replace(
                "  - counters.yaml\n",
                "  - counters.yaml\n  - dice.yaml\n  - numbers.yaml\n  - odd.yaml\n",
            ),
            encoding="utf-8",
        )
        faces = ", ".join(f'"{c}"' for c in FACE_COLOURS)
        (small_game / "dice.yaml").write_text(
            "family: dice\nkind: die\nsolid: d6\nedge: 16mm\nbackground: white\n"
            f"items:\n  - id: colours\n    faces: [{faces}]\n"
            'front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 40%, fill: "{face}"}\n',
            encoding="utf-8",
        )
        (small_game / "numbers.yaml").write_text(
            "family: numbers\nkind: die\nsolid: d6\nedge: 12mm\nbackground: '#ffe082'\n"
            "items:\n  - id: pips\n",
            encoding="utf-8",
        )
        (small_game / "odd.yaml").write_text(
            "family: odd\nkind: die\n\nsolid: prism3\nedge: 12mm\nitems:\n  - id: wedge\n",
            encoding="utf-8",
        )
        capsys.readouterr()
        assert main(["export", str(small_game), "--tts", "--out", str(dest / "out")]) == 0
        (dest / "stderr.txt").write_text(capsys.readouterr().err, encoding="utf-8")

    dest = made("tts-dice-families", make)
    save = json.loads((dest / "out" / "small" / "tts" / "small.json").read_text(encoding="utf-8"))
    return save, (dest / "stderr.txt").read_text(encoding="utf-8"), dest / "small"


def _dice(save) -> dict:
    return {o["Nickname"]: o for o in save["ObjectStates"] if o["Name"] == "Custom_Dice"}


def test_dice_are_custom_dice_of_the_type_for_their_face_count(dice_export):
    save, _, _ = dice_export
    jsonschema.validate(save, SCHEMA)
    dice = _dice(save)
    assert sorted(dice) == ["colours", "pips"]
    for die in dice.values():
        values = [v["Value"] for v in die["RotationValues"]]
        assert die["CustomImage"]["CustomDice"]["Type"] == TTS_TYPE[len(values)] == 1
    assert [v["Value"] for v in dice["colours"]["RotationValues"]] == FACE_COLOURS
    assert [v["Value"] for v in dice["pips"]["RotationValues"]] == [str(n) for n in range(1, 7)]


def test_each_face_lands_in_its_template_cell_upright_as_the_template_has_it(dice_export):
    save, _, _ = dice_export
    img = Image.open(local(_dice(save)["colours"]["CustomImage"]["ImageURL"])).convert("RGB")
    w, h = img.size
    assert w == h and 512 <= w <= 4096  # the template's square, sharp on screen, within TTS's limit
    third = w / 3
    for n, colour in enumerate(FACE_COLOURS, 1):
        col, row, turn = D6_CELLS[n]
        x = int((col + 0.5) * third)
        top, bottom = int((row + 0.25) * third), int((row + 0.75) * third)
        coloured, plain = (top, bottom) if turn == 0 else (bottom, top)  # the face's top half
        got = img.getpixel((x, coloured))
        assert max(abs(a - b) for a, b in zip(got, _rgb(colour), strict=True)) <= 8, (n, got)
        assert img.getpixel((x, plain)) == (255, 255, 255), n
    for col in range(3):  # the template's top row is no face
        assert img.getpixel((int((col + 0.5) * third), int(third / 2))) == (255, 255, 255)


def test_each_numbered_face_is_its_own_rendering(dice_export):
    """Each cell of the numbered die, turned back upright, looks most like its own face drawn
    alone (the label's ink), of the die's six."""
    import numpy as np

    from pnp.draw.primitives import Group, scale
    from pnp.face_images import render_png
    from pnp.kinds.die_net import face_drawings
    from pnp.pipeline import prepare
    from pnp.spec.load import load_game

    save, _, folder = dice_export
    img = Image.open(local(_dice(save)["pips"]["CustomImage"]["ImageURL"])).convert("L")
    game = load_game(str(folder))
    ctx = prepare(game, legibility=False).ctx
    [fam] = [f for f in game.families if f.name == "numbers"]
    [(_, side, _, faces)] = list(face_drawings(fam, ctx))
    px = 120

    def alone(drawing) -> np.ndarray:
        png = render_png(ctx, [Group((drawing,), scale(px / side))], px, px, "#ffffff")
        return np.asarray(Image.open(io.BytesIO(png)).convert("L"), dtype=float)

    own = [alone(d) for d in faces]
    third = img.size[0] / 3
    for n in range(1, 7):
        col, row, turn = D6_CELLS[n]
        inset = third * 0.06  # the face's flat part (88 % of the cell), its bevel left out
        cell = img.crop(
            (
                round(col * third + inset),
                round(row * third + inset),
                round((col + 1) * third - inset),
                round((row + 1) * third - inset),
            )
        ).rotate(turn)
        got = np.asarray(cell.resize((px, px), Image.LANCZOS), dtype=float)
        scores = []
        for ref_in in own:
            a, b = got - got.mean(), ref_in - ref_in.mean()
            scores.append(float((a * b).sum() / np.sqrt((a * a).sum() * (b * b).sum())))
        assert scores.index(max(scores)) == n - 1, (n, [round(x, 2) for x in scores])
        assert max(scores) > 0.6, (n, max(scores))


def test_a_die_no_template_fits_is_a_custom_model_die_and_no_warning(dice_export):
    save, err, _ = dice_export
    [wedge] = [o for o in save["ObjectStates"] if o["Nickname"] == "wedge"]
    assert wedge["Name"] == "Custom_Model" and wedge["CustomMesh"]["TypeIndex"] == 2  # Dice
    assert [v["Value"] for v in wedge["RotationValues"]] == ["1", "2", "3", "4", "5"]
    assert "not exported" not in err and "warning" not in err
