"""`pnp build GAME --since EARLIER` prints only the items whose drawing changed, read from the
PDF it writes into output/GAME-since/."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pymupdf

from pnp.cli import main


def texts(pdf: Path) -> str:
    with pymupdf.open(pdf) as doc:
        return "\n".join(page.get_text() for page in doc)


def build(game: Path, out: Path, *more: str) -> int:
    return main(["build", str(game), "--paper", "a4", "--out", str(out), *more])


def test_one_rank_changed_prints_its_four_cards(game_copy, tmp_path, capsys):
    game = game_copy("greenway")
    out = tmp_path / "o"
    assert build(game, out, "-q") == 0
    whole = texts(out / "greenway" / "greenway-a4.pdf")
    assert Counter(re.findall(r"move \d", whole)) == {"move 1": 12, "move 2": 12, "move 3": 12}
    cards = game / "cards.yaml"
    text = cards.read_text()
    assert "{rank: 5, pips: 5, move: 2," in text
    cards.write_text(text.replace("{rank: 5, pips: 5, move: 2,", "{rank: 5, pips: 5, move: 4,"))
    capsys.readouterr()
    assert build(game, out, "--since", str(out / "greenway")) == 0
    said = capsys.readouterr()
    assert "4 item(s) changed" in said.out + said.err
    since = texts(out / "greenway-since" / "greenway-a4.pdf")
    # exactly the four 5s: their new movement value, no other card's
    assert Counter(re.findall(r"move \d", since)) == {"move 4": 4}
    for suit in ("hearts", "diamonds", "clubs", "spades"):
        assert f"cards/{suit}-5" in said.out + said.err
    # the whole game's output is left as it was
    assert texts(out / "greenway" / "greenway-a4.pdf") == whole


def test_nothing_changed_prints_nothing(game_copy, tmp_path, capsys):
    game = game_copy("greenway")
    out = tmp_path / "o"
    assert build(game, out, "-q") == 0
    capsys.readouterr()
    # a manifest given directly, or the folder
    assert build(game, out, "--since", str(out / "greenway" / "greenway-a4.json")) == 0
    said = capsys.readouterr()
    assert "nothing changed" in said.out + said.err
    assert not (out / "greenway-since").exists()


def test_digests_do_not_depend_on_the_game_folder_or_the_run(game_copy, tmp_path):
    a = game_copy("greenway")
    b = tmp_path / "elsewhere" / "greenway"
    b.parent.mkdir()
    a.rename(b)
    assert build(b, tmp_path / "o1", "-q") == 0
    assert build(b, tmp_path / "o2", "-q") == 0
    one = json.loads((tmp_path / "o1" / "greenway" / "greenway-a4.json").read_text())
    two = json.loads((tmp_path / "o2" / "greenway" / "greenway-a4.json").read_text())
    digests = [it["digest"] for page in one["pages"] for it in page["items"]]
    assert len(digests) > 36 and all(re.fullmatch(r"[0-9a-f]{16}", d) for d in digests)
    assert one == two
    fronts = {
        it["id"]: it["digest"]
        for page in one["pages"]
        for it in page["items"]
        if it["side"] == "front"
    }
    assert (
        len({fronts[f"{s}-5"] for s in ("hearts", "clubs")}) == 2
    )  # different drawings, different digests


def test_another_game_or_an_older_manifest_is_refused(game_copy, small_game, tmp_path, capsys):
    game = game_copy("greenway")
    out = tmp_path / "o"
    assert build(small_game, out, "-q") == 0
    capsys.readouterr()
    assert build(game, out, "--since", str(out / "small")) == 2
    assert "another game" in capsys.readouterr().err
    assert build(game, out, "-q") == 0
    manifest = out / "greenway" / "greenway-a4.json"
    data = json.loads(manifest.read_text())
    for page in data["pages"]:
        for it in page["items"]:
            del it["digest"]
    older = tmp_path / "older.json"
    older.write_text(json.dumps(data))
    capsys.readouterr()
    assert build(game, out, "--since", str(older)) == 2
    assert "no drawing digests" in capsys.readouterr().err
    assert not (out / "greenway-since").exists()


def test_a_new_family_a_removed_item_and_a_changed_back(small_game, tmp_path, capsys):
    out = tmp_path / "o"
    assert build(small_game, out, "-q") == 0
    before = texts(out / "small" / "small-a4.pdf")
    assert "Event" in before and "Happening" not in before
    events = small_game / "events.yaml"
    events.write_text(events.read_text().replace('text: "Event"', 'text: "Happening"'))
    deck = small_game / "deck.yaml"
    deck.write_text(deck.read_text().replace("value: [1, 2, 3, 4, 5]", "value: [1, 2, 3, 4]"))
    (small_game / "rewards.yaml").write_text(
        "family: rewards\nkind: card\ntitle: Rewards\nsize: {w: 63mm, h: 88mm}\n"
        "items:\n  - id: gold\n  - id: silver\n"
        'front:\n  - text: {text: "Reward {id}", x: 6mm, y: 8mm, w: 51mm, h: 12mm, size: 14pt, colour: ink}\n'
    )
    game_yaml = small_game / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text().replace(
            "  - counters.yaml\n", "  - counters.yaml\n  - rewards.yaml\n"
        )
    )
    capsys.readouterr()
    assert build(small_game, out, "--since", str(out / "small")) == 0
    said = capsys.readouterr()
    said = said.out + said.err
    assert "back changed (5)" in said  # the five event cards, each printed with its new back
    assert "new families (every item printed): rewards" in said
    assert "removed, nothing printed (2): deck/red-5, deck/blue-5" in said
    assert "7 item(s) changed" in said
    since = texts(out / "small-since" / "small-a4.pdf")
    # the events' fronts and their new backs (one per copy), the new family; no deck card, no board
    for name, copies in (("Good Harvest", 2), ("Storm", 1), ("Market Day", 2)):
        assert since.count(name) == copies, name
    assert since.count("Happening") == 5 and "Event\n" not in since
    assert since.count("Reward gold") == 1 and since.count("Reward silver") == 1
    assert "Card text goes here." not in since and "START" not in since


def test_the_api_builds_since_an_earlier_build(game_copy, tmp_path):
    import pnp

    game = game_copy("greenway")
    first = pnp.build(str(game), ["a4"], out_dir=tmp_path / "o")
    assert pnp.build(str(game), ["a4"], out_dir=tmp_path / "o", since=first[0].manifest) == []
    cards = game / "cards.yaml"
    cards.write_text(
        cards.read_text().replace("{rank: 9, pips: 9, move: 3,", "{rank: 9, pips: 9, move: 5,")
    )
    again = pnp.build(str(game), ["a4"], out_dir=tmp_path / "o", since=tmp_path / "o" / "greenway")
    assert again[0].pdf == tmp_path / "o" / "greenway-since" / "greenway-a4.pdf"
    assert Counter(re.findall(r"move \d", texts(again[0].pdf))) == {"move 5": 4}
