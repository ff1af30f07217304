"""Tabletop Simulator custom models (pnp export --tts), read back from the files: every OBJ
parses, is closed (each edge shared by exactly two triangles, once each way) and faces
outward, has its solid's face count and texture coordinates inside the image; each
`RotationValues` rotation, applied as TTS applies Euler angles, turns its face up; the face
TTS reports shows its own label in the texture; two-sided tokens carry their backs in a field
their object type shows; a variant's export does not overwrite the base game's."""

from __future__ import annotations

import json
import math
import os
import time
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
import pytest
from PIL import Image

from pnp.cli import main

# faces of each solid, from docs/kinds-die-standee.md (the solids' own table is not consulted)
FACES = {
    "d4": 4,
    "d6": 6,
    "d8": 8,
    "d10": 10,
    "d12": 12,
    "prism3": 5,
    "prism5": 7,
    "prism6": 8,
    "pyramid4": 5,
}
MM_PER_UNIT = 25.4  # 1 TTS unit is 1 inch


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


def read_obj(path: Path) -> dict:
    """Points, texture coordinates and triangles (with their group) of an OBJ file."""
    v, vt, tris = [], [], []
    group = None
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if parts[0] == "v":
            v.append(tuple(float(x) for x in parts[1:4]))
        elif parts[0] == "vt":
            vt.append(tuple(float(x) for x in parts[1:3]))
        elif parts[0] == "g":
            group = parts[1]
        elif parts[0] == "f":
            refs = [tuple(int(i) - 1 for i in p.split("/")[:2]) for p in parts[1:]]
            assert len(refs) == 3, line  # triangulated, as TTS asks
            tris.append((group, refs))
    return {"v": np.array(v), "vt": np.array(vt), "tris": tris}


def tri_normal(mesh: dict, refs) -> np.ndarray:
    a, b, c = (mesh["v"][i] for i, _ in refs)
    n = np.cross(b - a, c - a)
    return n / np.linalg.norm(n)


def assert_closed_and_outward(mesh: dict) -> None:
    directed = Counter()
    for _, refs in mesh["tris"]:
        ids = [i for i, _ in refs]  # the file's vertices: a point written twice is two
        for k in range(3):
            directed[(ids[k], ids[(k + 1) % 3])] += 1
    for (a, b), n in directed.items():
        # each edge once each way: closed, and every triangle wound the same way round
        assert n == 1 and directed[(b, a)] == 1, (a, b, n, directed[(b, a)])
    volume = sum(
        np.dot(mesh["v"][refs[0][0]], np.cross(mesh["v"][refs[1][0]], mesh["v"][refs[2][0]])) / 6
        for _, refs in mesh["tris"]
    )
    assert volume > 0  # counter-clockwise seen from outside: normals point out
    assert (mesh["vt"] >= -1e-9).all() and (mesh["vt"] <= 1 + 1e-9).all()


def planes(mesh: dict) -> int:
    """How many flat faces the triangles make (coplanar triangles with one normal are one)."""
    seen = []
    for _, refs in mesh["tris"]:
        n = tri_normal(mesh, refs)
        d = float(np.dot(n, mesh["v"][refs[0][0]]))
        if not any(np.allclose(n, m, atol=1e-4) and abs(d - e) < 1e-4 for m, e in seen):
            seen.append((n, d))
    return len(seen)


def unity_euler(x: float, y: float, z: float) -> np.ndarray:
    """Unity's Quaternion.Euler(x, y, z) as a matrix: z about Z, then x about X, then y about
    Y, world axes (Unity's scripting reference), so R = Ry @ Rx @ Rz."""
    rx, ry, rz = (math.radians(a) for a in (x, y, z))
    Rx = np.array([[1, 0, 0], [0, math.cos(rx), -math.sin(rx)], [0, math.sin(rx), math.cos(rx)]])
    Ry = np.array([[math.cos(ry), 0, math.sin(ry)], [0, 1, 0], [-math.sin(ry), 0, math.cos(ry)]])
    Rz = np.array([[math.cos(rz), -math.sin(rz), 0], [math.sin(rz), math.cos(rz), 0], [0, 0, 1]])
    return Ry @ Rx @ Rz


def to_tts(n: np.ndarray) -> np.ndarray:
    """A right-handed OBJ direction in TTS's left-handed frame (x negated on loading)."""
    return np.array([-n[0], n[1], n[2]])


def _export_tts(game: str | Path, out: Path) -> None:
    assert main(["export", str(game), "--tts", "--out", str(out), "-q"]) == 0


@pytest.fixture(scope="module")
def earthquake(made):
    out = made("tts-earthquake", lambda out: _export_tts("earthquake", out))
    folder = out / "earthquake" / "tts"
    return json.loads((folder / "earthquake.json").read_text(encoding="utf-8")), folder


def _models(save) -> list[dict]:
    return [o for o in save["ObjectStates"] if o["Name"] == "Custom_Model"]


def test_earthquake_s_dice_and_pieces_are_all_on_the_table(earthquake):
    save, _ = earthquake
    by_title = Counter(o["Description"] for o in save["ObjectStates"])
    # the player pieces of the rulebook's eight colours: d4, d6, d8, d12, three prisms, a pyramid
    for colour, solid in [
        ("red", "d4"),
        ("yellow", "d8"),
        ("green", "d12"),
        ("blue", "prism3"),
        ("indigo", "prism5"),
        ("black", "prism6"),
        ("white", "pyramid4"),
    ]:
        assert by_title[f"Player piece ({colour}, {solid})"] == 1
    assert by_title["Player piece (orange, d6)"] == 1
    assert by_title["Ten-sided die"] == 1
    assert by_title["Six-sided dice (2)"] == 2
    assert by_title["Building pieces (one set per player)"] > 8  # each piece, not each sheet
    assert by_title["Bank supply (4 full sets)"] > 4


def test_every_solid_is_a_closed_outward_mesh_with_its_face_count(earthquake):
    save, _ = earthquake
    dice = [o for o in _models(save) if o["CustomMesh"]["TypeIndex"] == 2]
    assert len(dice) == 8  # seven player pieces and the d10
    for die in dice:
        solid = die["Description"].rstrip(")").split(", ")[-1]
        solid = "d10" if die["Description"] == "Ten-sided die" else solid
        mesh = read_obj(local(die["CustomMesh"]["MeshURL"]))
        assert_closed_and_outward(mesh)
        assert planes(mesh) == FACES[solid], die["Description"]
        assert len(die["RotationValues"]) == FACES[solid]
        assert die["CustomMesh"]["ColliderURL"] == die["CustomMesh"]["MeshURL"]


def test_each_rotation_value_turns_its_face_up(earthquake):
    save, _ = earthquake
    for die in (o for o in _models(save) if "RotationValues" in o):
        mesh = read_obj(local(die["CustomMesh"]["MeshURL"]))
        for n, entry in enumerate(die["RotationValues"], 1):
            tri = next(refs for g, refs in mesh["tris"] if g == f"face{n}")
            r = entry["Rotation"]
            up = unity_euler(r["x"], r["y"], r["z"]) @ to_tts(tri_normal(mesh, tri))
            assert np.allclose(up, [0, 1, 0], atol=1e-3), (die["Nickname"], n, up)


def test_solids_are_their_printed_size(earthquake):
    """The d10's short kite edge is its `edge` (ten-sided-die.yaml: 14mm) in TTS units."""
    save, _ = earthquake
    [d10] = [o for o in _models(save) if o["Description"] == "Ten-sided die"]
    mesh = read_obj(local(d10["CustomMesh"]["MeshURL"]))
    lengths = set()
    for _, refs in mesh["tris"]:
        for k in range(3):
            a, b = mesh["v"][refs[k][0]], mesh["v"][refs[(k + 1) % 3][0]]
            lengths.add(round(float(np.linalg.norm(a - b)), 4))
    assert min(lengths) == pytest.approx(14 / 25.4, abs=1e-3)  # 14 mm, in inches


def _face_colour(img: np.ndarray, mesh: dict, group: str) -> np.ndarray:
    """The texture's colour near the centre of a face, just inside its first triangle."""
    refs = next(refs for g, refs in mesh["tris"] if g == group)
    uv = np.mean([mesh["vt"][t] for _, t in refs], axis=0)
    h, w = img.shape[:2]
    return img[int((1 - uv[1]) * h), int(uv[0] * w)][:3].astype(int)


COLOURS = [
    "#d32f2f",
    "#388e3c",
    "#1976d2",
    "#f9a825",
    "#7b1fa2",
    "#00838f",
    "#5d4037",
    "#c2185b",
    "#000000",
    "#ff6f00",
]


SIDES = (
    "front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: '#d32f2f'}\n"
    "back:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: '#1976d2'}\n"
)


@pytest.fixture(scope="module")
def coloured_dice(made):
    """The small game with a d10, a d12-less set of solids whose faces are each a colour (the
    label), a two-sided round counter and a two-sided octagon, exported with --tts (once for
    the tests that read it: none writes to it)."""
    out = made("tts-dice", _export_coloured_dice) / "out"
    return json.loads((out / "small" / "tts" / "small.json").read_text(encoding="utf-8"))


def _export_coloured_dice(tmp_path: Path) -> None:
    small_game = tmp_path / "small"
    assert main(["new", str(small_game)]) == 0
    game = small_game / "game.yaml"
    names = ["d10", "d8", "prism5", "pyramid4", "d4"]
    game.write_text(
        game.read_text(encoding="utf-8").replace(
            "  - counters.yaml\n",
            "  - counters.yaml\n  - coins.yaml\n  - octagons.yaml\n"
            + "".join(f"  - {n}.yaml\n" for n in names),
        ),
        encoding="utf-8",
    )
    for name in names:
        faces = ", ".join(f'"{c}"' for c in COLOURS[: FACES[name]])
        (small_game / f"{name}.yaml").write_text(
            f"family: {name}\nkind: die\nsolid: {name}\nedge: 15mm\nbackground: white\n"
            f"items:\n  - id: {name}-die\n    faces: [{faces}]\n"
            'front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "{face}"}\n',
            encoding="utf-8",
        )
    (small_game / "coins.yaml").write_text(
        "family: coins\nkind: counter\nsize: {w: 20mm, h: 20mm}\nshape: circle\n"
        "items:\n  - id: round\n" + SIDES,
        encoding="utf-8",
    )
    (small_game / "octagons.yaml").write_text(
        "family: octagons\nkind: counter\nsize: {w: 20mm, h: 20mm}\nshape: octagon\n"
        "items:\n  - id: eight\n" + SIDES,
        encoding="utf-8",
    )
    _export_tts(small_game, tmp_path / "out")


def _rgb(c: str) -> np.ndarray:
    return np.array([int(c[i : i + 2], 16) for i in (1, 3, 5)])


def test_the_face_tts_reports_is_the_face_that_shows_it(coloured_dice):
    """Each face's texture shows its own colour, and the rotation TTS pairs with that colour
    turns that very face up."""
    dice = [o for o in _models(coloured_dice) if o["CustomMesh"]["TypeIndex"] == 2]
    assert len(dice) == 5
    for die in dice:
        mesh = read_obj(local(die["CustomMesh"]["MeshURL"]))
        img = np.asarray(Image.open(local(die["CustomMesh"]["DiffuseURL"])).convert("RGB"))
        assert_closed_and_outward(mesh)
        for n, entry in enumerate(die["RotationValues"], 1):
            got = _face_colour(img, mesh, f"face{n}")
            assert np.abs(got - _rgb(entry["Value"])).max() <= 8, (die["Nickname"], n, got)
            r = entry["Rotation"]
            tri = next(refs for g, refs in mesh["tris"] if g == f"face{n}")
            up = unity_euler(r["x"], r["y"], r["z"]) @ to_tts(tri_normal(mesh, tri))
            assert np.allclose(up, [0, 1, 0], atol=1e-3)


def test_two_sided_counters_show_their_backs(coloured_dice):
    objs = {o["Nickname"]: o for o in coloured_dice["ObjectStates"]}
    round_ = objs["round"]
    assert round_["Name"] == "Custom_Tile"
    assert round_["CustomImage"]["CustomTile"]["Type"] == 2  # TTS's circle tile
    back = np.asarray(Image.open(local(round_["CustomImage"]["ImageSecondaryURL"])).convert("RGB"))
    assert np.abs(back[back.shape[0] // 2, back.shape[1] // 2] - _rgb("#1976d2")).max() <= 8
    # an octagon, a shape TTS's tiles lack: a model whose bottom shows the back
    eight = objs["eight"]
    assert eight["Name"] == "Custom_Model"
    mesh = read_obj(local(eight["CustomMesh"]["MeshURL"]))
    assert_closed_and_outward(mesh)
    assert planes(mesh) == 10  # top, bottom and eight sides
    img = np.asarray(Image.open(local(eight["CustomMesh"]["DiffuseURL"])).convert("RGB"))
    assert np.abs(_face_colour(img, mesh, "top") - _rgb("#d32f2f")).max() <= 8
    assert np.abs(_face_colour(img, mesh, "bottom") - _rgb("#1976d2")).max() <= 8
    # no token carries a back TTS's one-image token would drop
    for o in coloured_dice["ObjectStates"]:
        if o["Name"] == "Custom_Token":
            assert "ImageSecondaryURL" not in o["CustomImage"]


def test_polyomino_pieces_are_slabs_of_their_squares(earthquake):
    save, _ = earthquake
    pieces = [o for o in _models(save) if o["Description"].startswith("Building pieces")]
    assert pieces
    areas = Counter()
    for p in pieces[:12]:
        mesh = read_obj(local(p["CustomMesh"]["MeshURL"]))
        assert_closed_and_outward(mesh)
        top = [refs for g, refs in mesh["tris"] if g == "top"]
        area = sum(
            np.linalg.norm(
                np.cross(
                    mesh["v"][r[1][0]] - mesh["v"][r[0][0]], mesh["v"][r[2][0]] - mesh["v"][r[0][0]]
                )
            )
            / 2
            for r in top
        )
        squares = area / 0.5**2  # pieces-common.yaml: a square is 0.5 in, 0.5 TTS units
        assert abs(squares - round(squares)) < 1e-3 and 1 <= round(squares) <= 5
        areas[round(squares)] += 1
        img = np.asarray(Image.open(local(p["CustomMesh"]["DiffuseURL"])).convert("RGB"))
        front, back = _face_colour(img, mesh, "top"), _face_colour(img, mesh, "bottom")
        # one colour on both sides (the front's grooves darken it), not white paper
        assert front.argmax() == back.argmax(), (p["Nickname"], front, back)
        assert front.max() - front.min() > 60 and back.max() - back.min() > 60
    assert len(areas) > 1


def _one_family_export(small_game: Path, name: str, spec: str, nickname: str) -> dict:
    """The small game with one more family (`name`.yaml), exported with --tts: the object
    named `nickname` in its Saved Object."""
    game = small_game / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace(
            "  - counters.yaml\n", f"  - counters.yaml\n  - {name}.yaml\n"
        ),
        encoding="utf-8",
    )
    (small_game / f"{name}.yaml").write_text(spec, encoding="utf-8")
    out = small_game.parent / "out"
    assert main(["export", str(small_game), "--tts", "--out", str(out), "-q"]) == 0
    save = json.loads((out / "small" / "tts" / "small.json").read_text(encoding="utf-8"))
    [obj] = [o for o in save["ObjectStates"] if o["Nickname"] == nickname]
    return obj


def test_standees_are_figurines_of_their_folded_size(small_game):
    hero = _one_family_export(
        small_game,
        "pawns",
        "family: pawns\nkind: standee\nsize: {w: 20mm, h: 30mm}\nbase: 12mm\n"
        "background: '#d32f2f'\nback_background: '#1976d2'\nitems:\n  - id: hero\n",
        "hero",
    )
    assert hero["Name"] == "Custom_Model" and hero["CustomMesh"]["TypeIndex"] == 1  # figurine
    mesh = read_obj(local(hero["CustomMesh"]["MeshURL"]))
    assert_closed_and_outward(mesh)
    size = mesh["v"].max(axis=0) - mesh["v"].min(axis=0)
    rise = math.sqrt(30**2 - 6**2)  # panels 30 mm meeting at the top, feet 12 mm apart
    assert size == pytest.approx([20 / MM_PER_UNIT, rise / MM_PER_UNIT, 12 / MM_PER_UNIT], abs=1e-4)
    img = np.asarray(Image.open(local(hero["CustomMesh"]["DiffuseURL"])).convert("RGB"))
    # the panel facing the player (-z, TTS's near side) is the front, the other the back
    front = next(g for g, refs in mesh["tris"] if tri_normal(mesh, refs)[2] < -0.5)
    back = next(g for g, refs in mesh["tris"] if tri_normal(mesh, refs)[2] > 0.5)
    assert np.abs(_face_colour(img, mesh, front) - _rgb("#d32f2f")).max() <= 8
    assert np.abs(_face_colour(img, mesh, back) - _rgb("#1976d2")).max() <= 8


def test_a_variant_exports_beside_the_base_game(game_copy, tmp_path, capsys):
    folder = game_copy("greenway")
    out = tmp_path / "out"
    assert main(["export", str(folder), "--tts", "--out", str(out), "-q"]) == 0
    base = out / "greenway" / "tts"
    before = {p.name: p.read_bytes() for p in base.iterdir()}
    argv = ["export", str(folder), "--variant", "plain", "--tts", "--out", str(out), "-q"]
    assert main(argv) == 0
    assert {p.name: p.read_bytes() for p in base.iterdir()} == before  # untouched
    variant = json.loads((out / "greenway" / "tts-plain" / "greenway-plain.json").read_text())
    whole = json.loads(before["greenway.json"])
    assert variant["SaveName"] == "The Greenway (plain)" != whole["SaveName"]
    urls = [o["CustomImage"]["ImageURL"] for o in variant["ObjectStates"] if "CustomImage" in o]
    assert urls and all("/tts-plain/" in u for u in urls)
    # the game edited since: an export of the base game names the variant's as older
    later = time.time() + 60
    os.utime(folder / "game.yaml", (later, later))
    capsys.readouterr()
    assert main(["export", str(folder), "--tts", "--family", "badge", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "tts-plain/" in err and "pnp export --tts --variant plain" in err, err


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "https://example.org/a\r\nb", "ftp://example.org/", "x\ty"]
)
def test_a_base_url_must_be_http_or_file_without_control_characters(small_game, url, capsys):
    argv = ["export", str(small_game), "--tts", "--tts-base-url", url]
    assert main([*argv, "--out", str(small_game.parent / "out")]) == 2
    err = capsys.readouterr().err
    assert "--tts-base-url" in err and "Traceback" not in err
    assert not (small_game.parent / "out" / "small" / "tts").exists()


def test_the_pixel_budget_refuses_before_drawing(small_game, capsys):
    argv = ["export", str(small_game), "--tts", "--limit", "pixels=2000000"]
    assert main([*argv, "--out", str(small_game.parent / "out")]) == 2
    err = capsys.readouterr().err
    assert "pixels" in err and "found:" in err and "so far" not in err  # counted, not drawn
    assert not (small_game.parent / "out" / "small" / "tts").exists()  # nothing drawn or kept


GAMES = ["aftershock", "earth-our-home", "earthquake", "global-warming", "greenway", "piecepack"]


@pytest.mark.deep
@pytest.mark.parametrize("game", GAMES)
def test_every_printed_component_is_on_the_virtual_table(game, tmp_path):
    """Each family the PDF's manifest lists is in the Saved Object as many times as it prints
    (a card in its deck; a packed sheet of polyomino pieces as each of its pieces)."""
    from pnp.spec.load import load_game

    out = tmp_path / "out"
    assert main(["build", game, "--paper", "a4", "--out", str(out), "-q"]) == 0
    assert main(["export", game, "--tts", "--out", str(out), "-q"]) == 0
    manifest = json.loads((out / game / f"{game}-a4.json").read_text(encoding="utf-8"))
    save = json.loads((out / game / "tts" / f"{game}.json").read_text(encoding="utf-8"))
    kinds = {f.title: f for f in load_game(game).families}
    for fam in manifest["families"]:
        objs = [o for o in save["ObjectStates"] if o.get("Description") == fam["title"]]
        got = sum(len(o.get("ContainedObjects", [])) or 1 for o in objs)
        spec = kinds[fam["title"]]
        want = len(spec.items) if spec.spec.kind == "polyomino" else fam["count"]
        assert got == want, (fam["component"], got, want)
        for o in objs if fam["two_sided"] else ():  # its back in a field its type shows
            if o["Name"] == "DeckCustom":
                assert all(d["BackURL"] for d in o["CustomDeck"].values())
            elif o["Name"] == "Custom_Model":
                mesh = read_obj(local(o["CustomMesh"]["MeshURL"]))
                assert any(g == "bottom" for g, _ in mesh["tris"])
            else:
                assert o["Name"] == "Custom_Tile", (fam["component"], o["Name"])
                assert local(o["CustomImage"]["ImageSecondaryURL"]).is_file()
    for o in _models(save):
        assert_closed_and_outward(read_obj(local(o["CustomMesh"]["MeshURL"])))


def test_the_counted_pixels_cover_what_is_drawn(monkeypatch, tmp_path):
    """The up-front count is at least what the export then draws (so nothing it refuses
    half-way was let through), and not far above it (so honest games are not refused)."""
    from pnp import budget
    from pnp.export import tts_budget
    from pnp.export.tts import export_tts
    from pnp.spec.load import load_game

    counted = []
    check = budget.check

    def spy(name, amount, **where):
        if name == "pixels":
            counted.append(amount)
        return check(name, amount, **where)

    monkeypatch.setattr(tts_budget.budget, "check", spy)
    budget.reset()
    export_tts(load_game("earthquake"), tmp_path)
    drawn = budget.spent("pixels")
    assert counted and drawn <= counted[-1] <= 1.5 * drawn, (counted, drawn)


def test_a_piece_whose_squares_touch_at_a_corner_only_is_still_closed(small_game):
    """A ring of seven squares round a hole that meets the outside at one corner: there the
    slab's two parts touch at a point, and each keeps its own vertex."""
    ring = _one_family_export(
        small_game,
        "ring",
        "family: ring\nkind: polyomino\ncell: 10mm\nfill: '#d32f2f'\nback: plain\nitems:\n"
        "  - id: ring\n    cells: [[0,0],[1,0],[2,0],[0,1],[2,1],[0,2],[1,2]]\n",
        "ring",
    )
    mesh = read_obj(local(ring["CustomMesh"]["MeshURL"]))
    assert_closed_and_outward(mesh)
    top = sum(1 for g, _ in mesh["tris"] if g == "top")
    assert top == 14  # seven squares, two triangles each
