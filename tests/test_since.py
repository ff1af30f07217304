"""`pnp build GAME --since EARLIER` prints only the items whose drawing changed, read from the
PDF it writes into output/GAME_since/."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from conftest import edit, mini_game, plant_symlink

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
    since = texts(out / "greenway_since" / "greenway-a4.pdf")
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
    assert not (out / "greenway_since").exists()


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
    assert not (out / "greenway_since").exists()


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
    since = texts(out / "small_since" / "small-a4.pdf")
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
    assert again[0].pdf == tmp_path / "o" / "greenway_since" / "greenway-a4.pdf"
    assert Counter(re.findall(r"move \d", texts(again[0].pdf))) == {"move 5": 4}


def _mini_built(tmp_path: Path) -> tuple[Path, Path, dict]:
    """The smallest game, built: its folder, the output folder and its A4 manifest."""
    game = mini_game(tmp_path)
    out = tmp_path / "o"
    assert build(game, out, "-q") == 0
    return game, out, json.loads((out / "mini" / "mini-a4.json").read_text())


def test_a_named_pipe_as_the_manifest_is_refused_not_waited_on(tmp_path):
    """Started as its own process: reading the pipe would wait for ever."""
    game = mini_game(tmp_path)
    earlier = tmp_path / "earlier"
    earlier.mkdir()
    os.mkfifo(earlier / "mini-a4.json")
    run = subprocess.run(
        [sys.executable, "-m", "pnp", "build", str(game), "--paper", "a4", "--out", str(tmp_path / "o"),
         "--since", str(earlier)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 2 and "not a regular file" in run.stderr, run.stderr


@pytest.mark.parametrize("target", ["/dev/zero", "private"])
def test_a_link_in_the_earlier_folder_is_not_followed(tmp_path, capsys, target):
    """A shared output folder's `x.json` leading to /dev/zero (read for ever) or to a private
    file (whose `game` value a refusal would print)."""
    game = mini_game(tmp_path)
    private = tmp_path / "private.json"
    private.write_text(json.dumps({"game": "MY-BANK-PIN-1234", "pages": []}))
    earlier = tmp_path / "earlier"
    earlier.mkdir()
    plant_symlink(earlier / "mini-a4.json", private if target == "private" else target)
    for given in (earlier, earlier / "mini-a4.json"):
        assert build(game, tmp_path / "o", "--since", str(given)) == 2
        err = capsys.readouterr().err
        assert "symbolic link" in err and "MY-BANK-PIN" not in err, err


def test_a_manifest_over_the_data_file_limit_is_refused_by_its_size(tmp_path, capsys):
    game = mini_game(tmp_path)
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(30_000_000)  # sparse: a few bytes on disk, 30 MB to read
    assert build(game, tmp_path / "o", "--since", str(big)) == 2
    assert "30,000,000 bytes, more than the 20,000,000" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (lambda d: d | {"pages": [{"items": 5}]}, "page 1: 'items' is not a list"),
        (lambda d: d | {"pages": ["x"]}, "page 1: 'items' is not a list"),
        (lambda d: d | {"pages": [{"items": [{"component": "cards"}]}]}, "without a text 'component' and 'id'"),
        (lambda d: d | {"pages": [{"items": [7]}]}, "without a text 'component' and 'id'"),
        (lambda d: d | {"pages": [{"items": [{"component": "cards", "id": "c1", "digest": {}}]}]}, "a 'digest' or 'side'"),
        (lambda d: d | {"pages": [{"items": [{"component": "cards", "id": "c1", "digest": "a", "side": 3}]}]}, "a 'digest' or 'side'"),
    ],
    ids=["deep", "items-5", "page-text", "no-id", "item-number", "digest-dict", "side-number"],
)  # fmt: skip
def test_a_manifest_of_the_wrong_shape_is_exit_2_saying_what(tmp_path, capsys, change, said):
    game, out, data = _mini_built(tmp_path)
    bad = tmp_path / "bad.json"
    changed = change(data)
    bad.write_text(changed if isinstance(changed, str) else json.dumps(changed))
    capsys.readouterr()
    assert build(game, out, "--since", str(bad)) == 2
    err = capsys.readouterr().err
    assert said in err and str(bad) in err, err


def test_the_reprint_folder_is_never_another_games_set(tmp_path, capsys):
    """`mini-since` is a game id; the reprint of `mini` goes where no game id can."""
    game, out, _ = _mini_built(tmp_path)
    other = mini_game(tmp_path / "other")
    edit(other / "game.yaml", "id: mini", "id: mini-since")
    edit(other / "cards.yaml", "Card {n}", "Other {n}")
    assert build(other, out, "-q") == 0
    edit(game / "cards.yaml", "Card {n}", "Card No. {n}")
    assert build(game, out, "--since", str(out / "mini")) == 0
    assert sorted(p.name for p in (out / "mini-since").iterdir()) == [
        "mini-since-a4.json",
        "mini-since-a4.pdf",
    ]
    reprint = sorted(p.name for p in (out / "mini_since").iterdir())
    assert reprint == ["mini-a4.json", "mini-a4.pdf"], reprint
    assert "Card No. 1" in texts(out / "mini_since" / "mini-a4.pdf")
    assert "Other 1" in texts(out / "mini-since" / "mini-since-a4.pdf")
