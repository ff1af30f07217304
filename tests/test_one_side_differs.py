"""Cards equal on one side and different on the other: two with the same front and different
backs, two with different fronts and the same back. The backs page, the TTS deck, the
print-shop files and `--since` each keep the difference. Every face is one colour, so what
the user gets is read as colours: the printed page, the TTS sheets, the shop PNGs."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pymupdf
import pytest
from conftest import game_yaml
from PIL import Image

from pnp.cli import main

# id: (front, back); c and d share their back, a and b their front (the first two cards alike
# on one side, so a deck is not judged by its first cards)
CARDS = {
    "c": ("#00a000", "#202020"),
    "d": ("#c0a000", "#202020"),
    "a": ("#c0c0c0", "#c00000"),
    "b": ("#c0c0c0", "#0000c0"),
}
A4_W = 210.0  # mm; backs are placed for the default long-edge duplex: mirrored left to right
MM = 25.4 / 72


def cards_yaml(cards: dict[str, tuple[str, str]]) -> str:
    items = "".join(f'  - {{id: {i}, f: "{f}", b: "{b}"}}\n' for i, (f, b) in cards.items())
    return (
        "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\nitems:\n" + items + "front:\n"
        '  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "{f}"}\nback:\n'
        '  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "{b}"}\n'
    )


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "sides"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("sides", "cards.yaml"), encoding="utf-8")
    (folder / "cards.yaml").write_text(cards_yaml(CARDS), encoding="utf-8")
    return folder


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def near(found, colour: str, tol: int = 8) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(found[:3], rgb(colour), strict=True))


def colour_at(page: pymupdf.Page, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    clip = pymupdf.Rect(x_mm - 1, y_mm - 1, x_mm + 1, y_mm + 1) / MM
    pix = page.get_pixmap(dpi=72, clip=clip)
    return pix.pixel(pix.width // 2, pix.height // 2)


def printed_sides(out: Path, stem: str) -> dict[str, tuple[tuple, tuple]]:
    """id -> (the colour at its front's centre, the colour behind it on the backs page)."""
    m = json.loads((out / f"{stem}.json").read_text(encoding="utf-8"))
    got = {}
    with pymupdf.open(out / f"{stem}.pdf") as doc:
        # the manifest only finds the pages and where each front is; colours come from the PDF
        sheet = next(p for p in m["pages"] if p["kind"] == "sheet")
        backs = next(p for p in m["pages"] if p["kind"] == "backs")
        for it in sheet["items"]:
            cx, cy = it["x_mm"] + it["w_mm"] / 2, it["y_mm"] + it["h_mm"] / 2
            front = colour_at(doc[sheet["number"] - 1], cx, cy)
            back = colour_at(doc[backs["number"] - 1], A4_W - cx, cy)
            got[it["id"]] = (front, back)
    return got


def build(game: Path, out: Path, *more: str) -> int:
    return main(["build", str(game), "--paper", "a4", "--out", str(out), *more])


def test_the_backs_page_puts_each_cards_own_back_behind_it(game, tmp_path):
    out = tmp_path / "out"
    assert build(game, out, "-q") == 0
    got = printed_sides(out / "sides", "sides-a4")
    assert sorted(got) == sorted(CARDS)
    for i, (f, b) in CARDS.items():
        assert near(got[i][0], f), f"card {i}'s front is {got[i][0]}, not {f}"
        assert near(got[i][1], b), f"behind card {i} the backs page is {got[i][1]}, not {b}"


def test_the_tts_deck_has_unique_backs_in_each_cards_slot(game, tmp_path):
    out = tmp_path / "out"
    assert main(["export", str(game), "--tts", "--out", str(out), "-q"]) == 0
    tts = out / "sides" / "tts"
    save = json.loads((tts / "sides.json").read_text(encoding="utf-8"))
    [deck] = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    [custom] = deck["CustomDeck"].values()
    assert custom["UniqueBack"] is True, "cards with different backs share one back image"
    assert "Unique backs:  yes" in (tts / "cards-tts.txt").read_text(encoding="utf-8")
    faces = Image.open(tts / "cards-faces.png").convert("RGB")
    backs = Image.open(tts / "cards-backs.png").convert("RGB")
    cw, ch = faces.width // 10, faces.height // 7  # 10 x 7 cards a sheet
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == list(CARDS)
    for slot, (i, (f, b)) in enumerate(CARDS.items()):
        at = (slot * cw + cw // 2, ch // 2)
        assert near(faces.getpixel(at), f), f"TTS front of {i}: {faces.getpixel(at)}"
        assert near(backs.getpixel(at), b), f"TTS back of {i}: {backs.getpixel(at)}"


def test_print_shop_files_pair_each_front_with_its_own_back(game, tmp_path):
    out = tmp_path / "out"
    assert main(["export", str(game), "--cards", "--out", str(out), "-q"]) == 0
    shop = out / "sides" / "cards"
    rows = list(csv.DictReader((shop / "cards.csv").open(encoding="utf-8")))

    def centre(name: str):
        img = Image.open(shop / name).convert("RGB")
        return img.getpixel((img.width // 2, img.height // 2))

    seen = {}
    for r in rows:
        assert int(r["count"]) == len(r["ids"].split()), r
        for i in r["ids"].split():
            seen[i] = (centre(r["file"]), centre(r["back"]))
    assert sorted(seen) == sorted(CARDS), rows
    for i, (f, b) in CARDS.items():
        assert near(seen[i][0], f) and near(seen[i][1], b), f"{i}: {seen[i]}, want {f} / {b}"


@pytest.mark.parametrize(
    "card,side,colour",
    [
        ("a", "back", "#800080"),  # a's back; b has the same front and keeps its back
        ("d", "front", "#008080"),  # d's front; c has the same back and keeps its front
    ],
)
def test_since_prints_only_the_card_whose_one_side_changed(
    game, tmp_path, capsys, card, side, colour
):
    out = tmp_path / "out"
    assert build(game, out, "-q") == 0
    f, b = CARDS[card]
    changed = dict(CARDS) | {card: (colour, b) if side == "front" else (f, colour)}
    (game / "cards.yaml").write_text(cards_yaml(changed), encoding="utf-8")
    capsys.readouterr()
    assert build(game, out, "--since", str(out / "sides")) == 0
    said = capsys.readouterr()
    assert "1 item(s) changed" in said.out + said.err, said
    got = printed_sides(out / "sides_since", "sides-a4")
    assert sorted(got) == [card], f"--since printed {sorted(got)}"
    want_f, want_b = changed[card]
    assert near(got[card][0], want_f) and near(got[card][1], want_b), got
