"""File names every command writes per item are unique, readable and safe on every file system,
and text written to CSV cannot run as a spreadsheet formula."""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path

import pytest

from pnp.cli import main
from pnp.names import UniqueNames, safe_name

LONG = "x" * 300
IDS = [
    "a/b",
    "a_b",
    "a?b",
    "é1",
    "ê1",
    "CON",
    "nul.txt",
    "trailing.",
    "Imp",
    "imp",
    LONG,
    "=cmd|' /C calc'!A0",
    "@SUM(1)",
    "-2+3",
    "+x",
]
RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}


def _game(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(
        "id: names\ntitle: Names\ncredits: tests\nplayers: {min: 1, max: 2}\ncomponents: [deck.yaml]\nrules: null\n"
    )
    items = "".join(f"  - id: {json.dumps(i)}\n    n: {k}\n" for k, i in enumerate(IDS))
    (folder / "deck.yaml").write_text(
        "family: deck\nkind: card\nsize: {w: 40mm, h: 60mm}\nitems:\n" + items + "front:\n"
        '  - text: {text: "card {n}", x: 3mm, y: 3mm, w: 34mm, h: 10mm, size: 10pt}\n'
        "back:\n"
        '  - text: {text: "back {n}", x: 3mm, y: 3mm, w: 34mm, h: 10mm, size: 10pt}\n'
    )
    return folder


def _safe_on_every_system(name: str) -> None:
    stem = name.split(".")[0].lower()
    assert stem not in RESERVED, name
    assert not name.endswith((".", " ")) and not name.startswith((".", "-", " ")), name
    assert len(name.encode("utf-8")) <= 255, len(name)
    assert all(c.isascii() and (c.isalnum() or c in "._-") for c in name), name


def test_preview_gives_each_item_its_own_safe_file(tmp_path):
    out = tmp_path / "out"
    assert (
        main(["preview", str(_game(tmp_path / "g")), "--out", str(out), "--dpi", "40", "--quiet"])
        == 0
    )
    folder = out / "names" / "preview" / "deck"
    fronts = sorted(folder.glob("*-front.png"))
    backs = sorted(folder.glob("*-back.png"))
    assert len(fronts) == len(backs) == len(IDS), sorted(p.name for p in folder.iterdir())
    # each file is its own item's picture: no two alike
    assert len({hashlib.sha256(p.read_bytes()).hexdigest() for p in fronts}) == len(IDS)
    names = {p.name for p in fronts}
    for n in names:
        _safe_on_every_system(n)
    # readable: the id is still there to read (case-insensitively unique: Imp and imp differ)
    assert (
        "a_b-front.png" in names
        and "e1-front.png" in names
        and "imp-front.png" in {n.lower() for n in names}
    )
    assert len({n.lower() for n in names}) == len(names)


def test_export_cards_names_and_escapes_its_list(tmp_path):
    out = tmp_path / "out"
    assert (
        main(
            [
                "export",
                str(_game(tmp_path / "g")),
                "--cards",
                "--dpi",
                "72",
                "--out",
                str(out),
                "--quiet",
            ]
        )
        == 0
    )
    folder = out / "names" / "cards"
    files = [p for p in folder.iterdir() if p.suffix == ".png"]
    for p in files:
        _safe_on_every_system(p.name)
    with open(folder / "cards.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    ids = " ".join(r[4] for r in rows[1:])
    assert "'=cmd|' /C calc'!A0" in ids and "'@SUM(1)" in ids and "'-2+3" in ids
    listed = {r[1] for r in rows[1:]}
    assert listed <= {p.name for p in files} and len(listed) == len(IDS)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("a/b", "a_b"),
        ("é1", "e1"),
        ("CON", "CON_"),
        ("lpt3.txt", "lpt3_.txt"),
        ("end. ", "end"),
        (".hidden", "hidden"),
        ("", "item"),
        ("-rf", "rf"),
    ],
)
def test_safe_name(text, want):
    assert safe_name(text) == want


def test_unique_names_are_stable_readable_and_short():
    names = UniqueNames()
    assert [names(t) for t in ["a/b", "a_b", "a?b", "A_B"]] == ["a_b", "a_b-2", "a_b-3", "A_B-4"]
    long1, long2 = names("y" * 300), names("y" * 299 + "z")
    # docs/printing.md: a name is at most 80 characters
    assert long1 != long2 and len(long1) <= 80 and len(long2) <= 80
    assert long1.startswith("y" * 20)
    again = UniqueNames()
    assert [again(t) for t in ["a/b", "a_b", "a?b", "A_B"]] == ["a_b", "a_b-2", "a_b-3", "A_B-4"]


def test_a_game_id_or_family_name_too_long_for_a_file_name_is_refused_cleanly(tmp_path, capsys):
    folder = _game(tmp_path / "g")
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("id: names", "id: " + "a" * 300))
    assert main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "game.yaml" in err and "id" in err and "64" in err, err
    game.write_text(game.read_text().replace("id: " + "a" * 300, "id: names"))
    deck = folder / "deck.yaml"
    deck.write_text(deck.read_text().replace("family: deck", "family: " + "d" * 300))
    assert main(["preview", str(folder), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "deck.yaml" in err and "family" in err and "64" in err, err


def test_a_variant_name_that_cannot_be_a_file_name_is_refused_cleanly(tmp_path, capsys):
    folder = _game(tmp_path / "g")
    game = folder / "game.yaml"
    game.write_text(game.read_text() + 'variants:\n  "a/b": {description: slash}\n')
    assert (
        main(
            [
                "build",
                str(folder),
                "--variant",
                "a/b",
                "--paper",
                "a4",
                "--out",
                str(tmp_path / "out"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "game.yaml" in err and "variants" in err, err


def test_tts_pieces_each_get_their_own_image(tmp_path):
    folder = _game(tmp_path / "g")
    game = folder / "game.yaml"
    game.write_text(
        game.read_text().replace("components: [deck.yaml]", "components: [deck.yaml, tiles.yaml]")
    )
    items = "".join(
        f"  - id: {json.dumps(i)}\n    n: {k}\n" for k, i in enumerate(["a/b", "a_b", "A?B"])
    )
    (folder / "tiles.yaml").write_text(
        "family: tiles\nkind: tile\nsize: {w: 30mm, h: 30mm}\nitems:\n" + items + "front:\n"
        '  - text: {text: "tile {n}", x: 3mm, y: 3mm, w: 24mm, h: 10mm, size: 10pt}\n'
    )
    out = tmp_path / "out"
    assert (
        main(["export", str(folder), "--tts", "--family", "tiles", "--out", str(out), "--quiet"])
        == 0
    )
    fronts = sorted((out / "names" / "tts").glob("tiles-*-front.png"))
    assert len(fronts) == 3, sorted(p.name for p in (out / "names" / "tts").iterdir())
    assert len({hashlib.sha256(p.read_bytes()).hexdigest() for p in fronts}) == 3
    for p in fronts:
        _safe_on_every_system(p.name)
