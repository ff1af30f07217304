"""A Tabletop Simulator Saved Object: the JSON TTS loads from Objects > Saved Objects.

The fields are those of TTS's save format (its knowledge base, "Save File Format"): a file
holds `ObjectStates`, a list of objects, each with `Name` (the object type), `GUID`,
`Transform`, `Nickname`. The types pnp writes:

- `DeckCustom`: `CustomDeck` maps a deck number to its sheet (`FaceURL`, `BackURL`, `NumWidth`,
  `NumHeight`, `BackIsHidden`, `UniqueBack`, `Type`); `DeckIDs` lists each card's `CardID`
  (deck number × 100 + its slot on the sheet) and `ContainedObjects` the cards themselves
  (`Card` objects with the same `CardID` and `CustomDeck`). One card alone is a `Card`.
- `Custom_Board`: a board, sheet or map, `CustomImage.ImageURL`.
- `Custom_Tile`: a tile, `CustomImage` with `ImageURL` (front), `ImageSecondaryURL` (back) and
  `CustomTile.Type` (0 box, 1 hex, 2 circle, 3 rounded box).
- `Custom_Token`: a one-sided counter or token, `CustomImage.ImageURL` and nothing else (TTS's
  token has one image): TTS cuts the token out along the image's transparent edge, so the
  image is the piece's own outline on transparency. A two-sided counter is a `Custom_Tile` of
  its shape, or a `Custom_Model` where TTS's tiles lack the shape.
- `Custom_Dice`: a die, `CustomImage.ImageURL` (its faces as TTS's template for the die lays
  them out, pnp/export/tts_dice.py) and `CustomImage.CustomDice.Type` (0 d4, 1 d6, 2 d8, 3 d10,
  4 d12, 5 d20); `RotationValues` pairs each face's value (what TTS shows for a roll) with the
  rotation that puts that face up.
- `Custom_Model`: a solid, a polyomino piece or a standee: `CustomMesh` with `MeshURL` (an OBJ,
  pnp/export/obj.py), `DiffuseURL` (its image), `ColliderURL` (the same OBJ for a convex
  solid, so it rolls on its own faces; empty for TTS's box), `Convex`, `MaterialIndex`
  (3 cardboard) and `TypeIndex` (0 generic, 1 figurine, 2 dice); a die's `RotationValues` as
  above (pnp/export/tts_models.py says how the rotations are computed).

Image URLs are the files' local `file:///` URLs (TTS loads them for the player on this
machine), or `base_url` + file name for images uploaded for other players.
"""

from __future__ import annotations

import hashlib

TILE_TYPES = {"rect": 0, "hex": 1, "circle": 2, "rounded": 3}


def guid(*parts: str) -> str:
    """A six-hex-digit GUID, the same for the same object on every export."""
    return hashlib.blake2b("/".join(parts).encode(), digest_size=3).hexdigest()


def transform(x: float, z: float = 0.0, scale: float = 1.0) -> dict:
    return {
        "posX": round(x, 3),
        "posY": 1.0,
        "posZ": round(z, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 0.0,
        "scaleX": scale,
        "scaleY": 1.0,
        "scaleZ": scale,
    }


def _base(name: str, nickname: str, ident: str, x: float, z: float = 0.0) -> dict:
    return {
        "GUID": guid(name, ident),
        "Name": name,
        "Transform": transform(x, z),
        "Nickname": nickname,
        "Description": "",
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Tooltip": True,
    }


def deck_object(
    deck_no: int,
    nickname: str,
    face_url: str,
    back_url: str,
    unique_back: bool,
    cards: list[str],
    cols: int,
    rows: int,
    x: float,
) -> dict:
    """One sheet's deck (or a lone card): cards are the item ids in slot order."""
    custom = {
        str(deck_no): {
            "FaceURL": face_url,
            "BackURL": back_url,
            "NumWidth": cols,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": 0,
        }
    }
    card_objs = []
    for slot, item in enumerate(cards):
        card = _base("Card", item, f"{nickname}/{deck_no}/{slot}", x)
        card["CardID"] = deck_no * 100 + slot
        card["CustomDeck"] = custom
        card_objs.append(card)
    if len(card_objs) == 1:
        return card_objs[0]
    deck = _base("DeckCustom", nickname, f"{nickname}/{deck_no}", x)
    deck["DeckIDs"] = [c["CardID"] for c in card_objs]
    deck["CustomDeck"] = custom
    deck["ContainedObjects"] = card_objs
    return deck


def _image(url: str, back_url: str = "") -> dict:
    return {"ImageURL": url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0}


def board_object(nickname: str, ident: str, url: str, x: float, z: float) -> dict:
    obj = _base("Custom_Board", nickname, ident, x, z)
    obj["CustomImage"] = _image(url)
    return obj


def tile_object(
    nickname: str, ident: str, url: str, back_url: str, shape: str, x: float, z: float
) -> dict:
    obj = _base("Custom_Tile", nickname, ident, x, z)
    obj["CustomImage"] = _image(url, back_url) | {
        "CustomTile": {
            "Type": TILE_TYPES.get(shape, 0),
            "Thickness": 0.2,
            "Stackable": True,
            "Stretch": True,
        }
    }
    return obj


def token_object(nickname: str, ident: str, url: str, x: float, z: float) -> dict:
    """A one-sided token: TTS's custom token has one image (no `ImageSecondaryURL`)."""
    obj = _base("Custom_Token", nickname, ident, x, z)
    obj["CustomImage"] = {"ImageURL": url, "ImageScalar": 1.0, "WidthScale": 0.0} | {
        "CustomToken": {
            "Thickness": 0.2,
            "MergeDistancePixels": 15.0,
            "StandUp": False,
            "Stackable": True,
        }
    }
    return obj


# The rotation that puts each face of TTS's d6 up (face 1 first), as TTS writes them for its d6
# dice, custom ones too, in saved objects.
D6_ROTATIONS = ((-90, 0, 0), (0, 0, 0), (0, 0, -90), (0, 0, 90), (0, 0, -180), (90, 0, 0))
ROTATIONS = {1: D6_ROTATIONS}


def die_object(
    nickname: str, ident: str, url: str, tts_type: int, values: list[str], x: float, z: float
) -> dict:
    obj = _base("Custom_Dice", nickname, ident, x, z)
    obj["CustomImage"] = _image(url) | {"CustomDice": {"Type": tts_type}}
    turns = ROTATIONS.get(tts_type)
    if turns and len(turns) == len(values):
        obj["RotationValues"] = [
            {"Value": v, "Rotation": {"x": float(rx), "y": float(ry), "z": float(rz)}}
            for v, (rx, ry, rz) in zip(values, turns, strict=True)
        ]
    return obj


MODEL_TYPES = {"generic": 0, "figurine": 1, "dice": 2}


def model_object(
    nickname: str,
    ident: str,
    mesh_url: str,
    diffuse_url: str,
    model_type: str,
    x: float,
    z: float,
    *,
    collider_url: str = "",
    rotations: list[tuple[str, tuple[float, float, float]]] | None = None,
) -> dict:
    """A custom model; `rotations` pairs each face's value with the Euler angles that put it up."""
    obj = _base("Custom_Model", nickname, ident, x, z)
    obj["CustomMesh"] = {
        "MeshURL": mesh_url,
        "DiffuseURL": diffuse_url,
        "NormalURL": "",
        "ColliderURL": collider_url,
        "Convex": True,
        "MaterialIndex": 3,
        "TypeIndex": MODEL_TYPES[model_type],
        "CastShadows": True,
    }
    if rotations:
        obj["RotationValues"] = [
            {"Value": v, "Rotation": {"x": rx, "y": ry, "z": rz}} for v, (rx, ry, rz) in rotations
        ]
    return obj


def saved_object(title: str, objects: list[dict]) -> dict:
    return {
        "SaveName": title,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }
