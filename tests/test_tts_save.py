"""The Tabletop Simulator Saved Object (pnp export --tts), validated against a schema of the
fields TTS reads (written from TTS's save format: the knowledge base's "Save File Format"
page and saved objects TTS writes), and its images measured: deck sheets within 4096 px, boards
at 100 dpi or more of their printed size, counters cut out along their outline."""

from __future__ import annotations

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
                                "allOf": [IMAGE],
                                "required": ["CustomToken"],
                                "properties": {
                                    "CustomToken": {
                                        "type": "object",
                                        "required": ["Thickness", "MergeDistancePixels"],
                                    }
                                },
                            },
                        },
                    },
                ]
            },
        }
    },
}


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


@pytest.fixture(scope="module")
def aftershock(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    assert main(["export", "aftershock", "--tts", "--out", str(out), "-q"]) == 0
    return json.loads((out / "aftershock" / "tts" / "aftershock.json").read_text(encoding="utf-8"))


def test_the_saved_object_has_the_fields_tts_reads(aftershock):
    jsonschema.validate(aftershock, SCHEMA)
    names = [o["Name"] for o in aftershock["ObjectStates"]]
    assert names.count("DeckCustom") == 1 and "Custom_Board" in names and "Custom_Token" in names
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
