"""pnp new: a folder that builds and checks with no edits, and refuses to overwrite."""

from __future__ import annotations

import json

from pnp.cli import main
from pnp.spec.load import load_game


def test_new_game_builds_and_checks(tmp_path, capsys):
    folder = tmp_path / "My Game"
    assert main(["new", str(folder)]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["board.yaml", "counters.yaml", "deck.yaml", "events.csv", "events.yaml", "game.yaml", "rules.yaml", "schema"]
    assert main(["check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "deck-size" in out and "board-size" in out and "FAIL" not in out and "DEPARTS" not in out
    assert main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "out"), "--quiet", "--strict"]) == 0
    man = json.loads((tmp_path / "out" / "my-game" / "my-game-a4.json").read_text())
    fams = {f["component"]: f for f in man["families"]}
    # a small deck with a back; a board that needs tiling on A4; counters
    assert fams["deck"]["two_sided"] and fams["deck"]["count"] == 10
    # its tiles: on pages of their own, or (edge strips) on a shared sheet
    assert fams["board"]["tiled"] and len([it for p in man["pages"] for it in p["items"] if "tile" in it]) >= 2
    assert fams["counters"]["count"] == 10
    assert fams["events"]["count"] == 5  # one card per CSV row, with its count column


def test_new_game_points_editors_at_its_schema(tmp_path):
    folder = tmp_path / "g"
    assert main(["new", str(folder)]) == 0
    for f in folder.glob("*.yaml"):
        first = f.read_text().splitlines()[0]
        role = {"game.yaml": "game", "rules.yaml": "rules"}.get(f.name, "family")
        assert first == f"# yaml-language-server: $schema=schema/{role}.schema.json"
        assert (folder / "schema" / f"{role}.schema.json").is_file()
    assert load_game(str(folder)).id == "g"


def test_new_refuses_a_folder_that_is_not_empty(tmp_path, capsys):
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    assert main(["new", str(folder)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["new", str(empty)]) == 0


def test_new_from_a_game_copies_it_under_a_new_id(tmp_path):
    folder = tmp_path / "our-greenway"
    assert main(["new", str(folder), "--from", "greenway"]) == 0
    game = load_game(str(folder))
    assert game.id == "our-greenway"
    assert "game: our-greenway" in (folder / "rules.yaml").read_text()
    assert (folder / "cards.yaml").read_text().startswith("# yaml-language-server: $schema=schema/family.schema.json\n")
    assert main(["check", str(folder)]) == 0


def test_new_games_spreadsheet_names_its_cards_with_an_id_column(tmp_path):
    folder = tmp_path / "g"
    assert main(["new", str(folder)]) == 0
    header = (folder / "events.csv").read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header[0] == "id"
    ids = [i.id for i in load_game(str(folder)).family("events").items]
    assert ids == ["good-harvest-1", "good-harvest-2", "storm", "market-day-1", "market-day-2"]
