"""Hostile game folders, fourth round: each case ends in exit 2 with a message, quickly, and
writes nothing outside the output folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.cli import main

BASE = Path(__file__).parent / "bad_specs" / "_base"


def _game(tmp_path: Path, cards: str | None = None, rules: str | None = None) -> Path:
    game = tmp_path / "mini"
    shutil.copytree(BASE, game, ignore=shutil.ignore_patterns("README.md"))
    if cards is not None:
        (game / "cards.yaml").write_text(cards)
    if rules is not None:
        (game / "rules.yaml").write_text("game: mini\nrules:\n" + rules)
        text = (game / "game.yaml").read_text().replace("rules: null", "rules: rules.yaml")
        (game / "game.yaml").write_text(text)
    return game


def _run(args: list[str]) -> int:
    try:
        return main(args)
    except SystemExit as stop:
        return stop.code


CARD = "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\n"


@pytest.mark.parametrize(
    "pattern",
    ["(C|C)*b", "(C|CC)+b", "(?:C|C?D)+b", "(?:[A-Z]C|C)*b", "(?P<x>C)(?:C(?P=x))+b"],
)
def test_a_pattern_that_backtracks_for_ever_is_refused(tmp_path, capsys, pattern):
    """A repeat over a choice whose options may start alike, or over a back-reference, can
    take years on 40 letters even in `regex`: the structural check refuses each such form."""
    cards = (
        CARD
        + "items: [{id: a}]\nfront:\n  - text: {text: '"
        + "C" * 40
        + "', x: 0mm, y: 40mm, size: 6pt}\n"
    )
    rule = f'  - id: slow\n    cite: "The text."\n    texts: {{family: cards, pattern: "{pattern}"}}\n    expect: 1\n'
    game = _game(tmp_path, cards, rule)
    assert _run(["check", str(game)]) == 2
    err = capsys.readouterr().err
    assert "rules.yaml:" in err and "repeat" in err and pattern in err, err


@pytest.mark.parametrize(
    "pattern",
    [
        "(red|blue)+",
        "(ab|ac)*x",
        "(?:Big|Mega) die( marker)?",
        "((C+))+b",
        "(C*D?)*b",
        "(.*C){12}b",
        "([0-9]+ )+x",
    ],
)
def test_a_repeated_choice_read_one_way_only_is_kept(tmp_path, capsys, pattern):
    """Choices that start with different letters, and repeats within repeats (which `regex`
    matches at once), are kept: such a pattern runs."""
    cards = (
        CARD + "items: [{id: a}]\nfront:\n  - text: {text: redblue, x: 0mm, y: 40mm, size: 9pt}\n"
    )
    rule = f'  - id: ok\n    cite: "The text."\n    texts: {{family: cards, pattern: "{pattern}"}}\n    expect: 1\n'
    game = _game(tmp_path, cards, rule)
    code = _run(["check", str(game)])
    err = capsys.readouterr().err
    assert "repeats a group" not in err and code in (0, 1), err


def _png(w: int, h: int, pixels: bytes) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    head = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", head)
        + chunk(b"IDAT", zlib.compress(pixels))
        + chunk(b"IEND", b"")
    )


def _jpeg_of_noise() -> bytes:
    """A JPEG whose header and end marker are right and whose compressed rows are noise."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (64, 64), "red").save(buf, "JPEG")
    return buf.getvalue()[:200] + bytes(range(256)) * 2 + b"\xff\xd9"


@pytest.mark.parametrize(
    "name, data, says",
    [
        (
            "pic.png",
            _png(100, 100, b"\x00\xff\x00\x00"),
            "fewer bytes than its 100x100 header says",
        ),
        ("pic.png", _png(2, 2, b"\x00" + b"\xff" * 600), "more bytes than its 2x2 header says"),
        ("pic.jpg", _jpeg_of_noise(), "the image data is damaged"),
    ],
    ids=["png-fewer-rows", "png-more-rows", "jpeg-noise"],
)
@pytest.mark.parametrize("command", ["build", "preview", "export --cards"])
def test_an_image_whose_data_is_damaged_is_exit_2(tmp_path, capsys, name, data, says, command):
    """Every checksum and marker right, but the rows do not match the header or do not
    decode: a PDF with a broken picture, or exit 3 in the commands that decode it, before."""
    cards = CARD + (
        "items: [{id: a}]\nfront:\n"
        f"  - image: {{file: {name}, x: 5mm, y: 5mm, w: 20mm, h: 20mm}}\n"
    )
    game = _game(tmp_path, cards)
    (game / name).write_bytes(data)
    out = tmp_path / "out"
    assert _run([*command.split(), str(game), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "cards.yaml:" in err and f"image {name} cannot be read" in err and says in err, err
    assert "internal error" not in err
    assert not out.exists()


def test_a_warning_is_placed_quickly_whatever_the_templates(tmp_path, capsys):
    """A warned text is traced to the element that printed it by matching each element's
    template; `{v}{v}...{v}X` as a regular expression took hours on 400 letters."""
    v = "a" * 400
    cards = CARD + (
        f"items: [{{id: a, v: {v}}}]\nfront:\n"
        "  - text: {text: '{v}{v}{v}{v}{v}{v}{v}{v}X', x: 0mm, y: 0mm, w: 60mm, h: 80mm, size: 12pt}\n"
        "  - text: {text: '{v} tail', x: 0mm, y: 0mm, w: 60mm, h: 80mm, size: 2pt}\n"
    )
    game = _game(tmp_path, cards)
    assert _run(["build", str(game), "--out", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert "cards.yaml:6: family 'cards' front: text 'aaaa" in err, err  # the first element
    assert "cards.yaml:7: family 'cards' front: text 'tail' is 0.6 pt" in err, err


@pytest.mark.parametrize("game_id", ["nul", "con", "com1", "lpt9", "aux"])
def test_a_game_id_windows_keeps_for_a_device_is_refused(tmp_path, capsys, game_id):
    """The id names the output folder: `out/nul` is the null device on Windows, so a build
    there would write nothing (and say it had)."""
    game = _game(tmp_path)
    (game / "game.yaml").write_text(
        (game / "game.yaml").read_text().replace("id: mini", f"id: {game_id}")
    )
    out = tmp_path / "out"
    assert _run(["build", str(game), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "game.yaml:1" in err and "key: id" in err and "device" in err and game_id in err, err
    assert not out.exists()


@pytest.mark.parametrize("command", ["preview", "export --tts", "export --cards"])
def test_a_face_smaller_than_a_pixel_is_drawn_without_an_internal_error(tmp_path, capsys, command):
    """A card 0.0001 mm wide is one pixel, its face stretched onto it ten thousand times: its
    28 pt text became a glyph 99,000 pixels high, which the font library refuses (exit 3)."""
    cards = CARD.replace("{w: 63mm, h: 88mm}", "{w: 0.0001mm, h: 0.0001mm}") + (
        "items: [{id: a}]\nfront:\n  - text: {text: A, x: 6mm, y: 6mm, w: 12mm, h: 12mm, size: 28pt}\n"
    )
    game = _game(tmp_path, cards)
    out = tmp_path / "out"
    code = _run([*command.split(), str(game), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 0 and "internal error" not in err, err
    assert list((out / "mini").rglob("*.png")), "the images are written"


@pytest.mark.parametrize("rules", ["../victim.yaml", "{victim}"])
def test_new_from_writes_nothing_outside_the_new_folder(tmp_path, capsys, rules):
    """The copy's rules file takes the new id: the rules path named in the stranger's game.yaml
    was followed wherever it led, and a file there that starts a line with `game:` rewritten."""
    game = _game(tmp_path)
    victim = tmp_path / "victim.yaml"
    victim.write_text("game: precious\nkeep: me\n")
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(
        text.replace("rules: null", f"rules: {rules.format(victim=victim)}")
    )
    assert _run(["new", str(tmp_path / "copy"), "--from", str(game)]) == 0, capsys.readouterr().err
    assert victim.read_text() == "game: precious\nkeep: me\n"
    assert (tmp_path / "copy" / "game.yaml").read_text().startswith("# yaml-language-server")


def test_new_from_refuses_a_folder_too_large_to_copy(tmp_path, capsys):
    """A sparse file of 2 GB takes a few KB in the folder sent, and 2 GB of disk once copied."""
    game = _game(tmp_path)
    with open(game / "notes.txt", "wb") as fh:
        fh.truncate(2_000_000_000)
    dest = tmp_path / "copy"
    assert _run(["new", str(dest), "--from", str(game)]) == 2
    err = capsys.readouterr().err
    assert "cannot copy the game folder" in err and "notes.txt" in err and "1,000,000,000" in err, (
        err
    )
    assert not dest.exists()


def _sparse(path: Path, start: bytes) -> None:
    """`start`, then zeros to 3 GB: a few KB on the disk of the folder sent, 3 GB to read."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(start)
        fh.truncate(3_000_000_000)


SVG_START = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>'


@pytest.mark.parametrize(
    "name, start, front, says",
    [
        ("more.yaml", b"family: more\n", "", "file is too large"),
        ("rows.csv", b"id\na\n", "", "data file is too large"),
        (
            "f.ttf",
            b"\x00\x01\x00\x00",
            "  - text: {text: A, x: 0mm, y: 0mm, size: 9pt, font: fancy}\n",
            "font file is too large",
        ),
        (
            "pic.png",
            b"\x89PNG\r\n\x1a\n",
            "  - image: {file: pic.png, x: 0mm, y: 0mm, w: 9mm, h: 9mm}\n",
            "image file pic.png is too large",
        ),
        (
            "art/dot.svg",
            SVG_START,
            "  - symbol: {name: dot, x: 0mm, y: 0mm, size: 9mm}\n",
            "larger than 2,000,000 bytes",
        ),
        ("layouts/a4.yaml", b"id: a4\n", "", "file is too large"),
    ],
    ids=["yaml", "csv", "font", "png", "svg", "paper"],
)
def test_a_sparse_file_of_3_gb_is_refused_by_its_size_before_it_is_read(
    tmp_path, capsys, monkeypatch, name, start, front, says
):
    """Each kind of file a game names is measured before it is read: read first, a sparse file
    sent as a few KB took 3 GB of memory, or minutes, before its size was looked at."""
    read_bytes = Path.read_bytes

    def measured_first(self):
        assert self.stat().st_size < 100_000_000, f"{self} read whole before its size was checked"
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", measured_first)
    cards = CARD + "items: [{id: a}]\n" + (f"front:\n{front}" if front else "")
    if name == "rows.csv":
        cards = CARD + "items: rows.csv\n"
    game = _game(tmp_path, cards)
    text = (game / "game.yaml").read_text()
    if name == "more.yaml":
        text = text.replace("  - cards.yaml", "  - cards.yaml\n  - more.yaml")
    if name == "f.ttf":
        text += "fonts: {fancy: f.ttf}\n"
    (game / "game.yaml").write_text(text)
    _sparse(game / name, start)
    out = tmp_path / "out"
    assert _run(["build", str(game), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert says in err and "internal error" not in err, err
    assert not out.exists()


def test_a_pattern_still_matching_when_the_checks_time_is_spent_is_refused(tmp_path, capsys):
    """A pattern of no nested repeat can still backtrack over a long text (three wildcards and
    back-references): matching stops when the check's pattern time is spent, exit 2 naming the
    rule's line, the pattern and the limit (set low here: the default is 5,000 ms)."""
    pattern = r".*(a).*\\1.*\\1.*!"
    cards = (
        CARD
        + "items: [{id: a}]\nfront:\n  - text: {text: '"
        + "a" * 3000
        + "', x: 0mm, y: 0mm, w: 60mm, h: 80mm, size: 6pt}\n"
    )
    rule = f'  - id: slow\n    cite: "The text."\n    texts: {{family: cards, pattern: "{pattern}"}}\n    expect: 0\n'
    game = _game(tmp_path, cards, rule)
    assert _run(["check", str(game), "--limit", "pattern_ms=200"]) == 2
    err = capsys.readouterr().err
    assert "rules.yaml:3" in err and "rule 'slow'" in err, err
    assert "still matching a text of 3,000 characters" in err and "200 ms" in err, err
    assert "--limit pattern_ms=2000" in err, err
