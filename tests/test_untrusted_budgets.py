"""Budgets on total work: small hostile folders are refused (exit 2) before they cost minutes.

Each case is an input under 10 KB that used to run for minutes or exhaust memory. The
assertions are on the refusal (exit code, message naming the limit and `--limit NAME=N`) and
on the work done before it, counted (files read, faces drawn), never on wall time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import edit, mini_game

from pnp import budget
from pnp.cli import main

PREVIEW_MAX_SIDE = 4000  # docs/errors.md: "A preview image's side: 4,000 px"


def _small(game: Path) -> None:
    size = sum(p.stat().st_size for p in game.rglob("*") if p.is_file())
    assert size < 10_000, f"the hostile input is meant to be small ({size} bytes)"


def _refused(argv: list[str], limit: str, capsys, *words: str) -> str:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"--limit {limit}=" in err and "too much work" in err, err
    for w in words:
        assert w in err, (w, err)
    return err


def _build(game: Path, tmp_path: Path, *extra: str) -> list[str]:
    return ["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4", "--quiet", *extra]


def test_repeated_includes(tmp_path, capsys, monkeypatch):
    """Each file includes the next one 8 times, 9 levels deep: 8^9 reads, refused after 200."""
    game = mini_game(tmp_path)
    for n in range(9):
        (game / f"f{n}.yaml").write_text("include: [" + ", ".join([f"f{n + 1}.yaml"] * 8) + "]\n")
    (game / "f9.yaml").write_text("options: {x: 1}\n")
    edit(game / "cards.yaml", "family: cards\n", "family: cards\ninclude: [f0.yaml]\n")
    _small(game)
    import pnp.spec.load as load

    reads = []
    real = load.read_yaml
    monkeypatch.setattr(load, "read_yaml", lambda p, **k: reads.append(p) or real(p, **k))
    _refused(
        _build(game, tmp_path), "includes", capsys, "include files read for one game", ".yaml:"
    )
    assert len(reads) <= budget.Limits().includes + 3, len(reads)


def test_items_across_families(tmp_path, capsys):
    """Two families of 6,000 each: under --max-items per family, over the total."""
    game = mini_game(tmp_path)
    edit(
        game / "cards.yaml", "for_each: {n: [1, 2, 3]}", "count: 2000\n    for_each: {n: [1, 2, 3]}"
    )
    text = (game / "cards.yaml").read_text().replace("family: cards", "family: more")
    (game / "more.yaml").write_text(text)
    edit(game / "game.yaml", "  - cards.yaml", "  - cards.yaml\n  - more.yaml")
    _refused(
        _build(game, tmp_path), "items", capsys, "items across all families", "12,000", "game.yaml:"
    )
    assert main(_build(game, tmp_path, "--limit", "items=20000")) == 0, capsys.readouterr().err


@pytest.mark.parametrize("flag", [["--max-items", "20000"], ["--limit", "items=20000"]])
def test_max_items_is_the_items_limit(tmp_path, capsys, flag):
    """--max-items N is --limit items=N: one limit, per game, raised by either spelling (raising
    --max-items alone used to change nothing: the per-game total refused first)."""
    game = mini_game(tmp_path)
    edit(
        game / "cards.yaml", "for_each: {n: [1, 2, 3]}", "count: 2000\n    for_each: {n: [1, 2, 3]}"
    )
    text = (game / "cards.yaml").read_text().replace("family: cards", "family: more")
    (game / "more.yaml").write_text(text)
    edit(game / "game.yaml", "  - cards.yaml", "  - cards.yaml\n  - more.yaml")
    from pnp.cli import _load, parser
    from pnp.errors import PnpError

    def load(*flags):  # what every command does first: build, check, preview, export, serve
        return _load(parser().parse_args(["build", str(game), *flags]), str(game))

    assert sum(len(f.items) for f in load(*flag).families) == 12_000
    with pytest.raises(PnpError) as refused:
        load(*flag[:-1], flag[-1].replace("20000", "5000"))
    assert (
        "asks for 6,000 items" in refused.value.message
        and "at most 5,000 items in a game (raise it with --limit items=N)"
        in refused.value.expected
    )


@pytest.mark.deep
def test_the_benchmark_deck_of_5400_cards_builds_without_a_limit(tmp_path, capsys):
    """bench/synthetic.py's deck, 5,400 cards of 140 characters in 6 KB of YAML: refused before
    (500,000 characters drawn in one run); text laid out once and reused counts once."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    from synthetic import write_game

    game = write_game(tmp_path / "deck", 5400)
    _small(game)
    assert main(_build(game, tmp_path)) == 0, capsys.readouterr().err
    import pymupdf

    doc = pymupdf.open(tmp_path / "out" / "synthetic" / "synthetic-a4.pdf")
    text = "".join(page.get_text() for page in doc)
    assert (
        "Card 900" in text
        and "Line five: number 900" in text
        and text.count("Line one of the rules text") >= 5400
    )


def test_limits_grow_with_the_spec_bytes(tmp_path, capsys):
    """A 54,000-card deck (54 KB of YAML) loads without --limit: the items and text limits
    grow by 2 items and 200 characters per byte past 10 KB; a small folder keeps the defaults."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    from synthetic import write_game

    from pnp.spec.load import load_game

    game = load_game(str(write_game(tmp_path / "deck", 54_000)))
    assert sum(len(f.items) for f in game.families) == 54_000
    grown = game.extra["input_bytes"] - budget.FREE_BYTES
    assert grown > 40_000
    budget.reset(game.extra["input_bytes"])
    assert (
        budget.allowed("items") == 10_000 + 2 * grown
        and budget.allowed("text_total") == 500_000 + 200 * grown
    )
    budget.set_limit("items", 7)  # --limit items=7 is exact
    assert budget.allowed("items") == 7
    budget.configure(None)
    budget.reset(5_000)
    assert budget.allowed("items") == 10_000 and budget.allowed("text_total") == 500_000


def test_text_per_face(tmp_path, capsys):
    """A 6 KB paragraph on a card is refused before it is wrapped."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", '"Card {n}"', '"' + "word " * 1200 + '"')
    _small(game)
    _refused(
        _build(game, tmp_path),
        "text",
        capsys,
        "characters of text on one face",
        "6,000",
        "cards.yaml:",
    )


def test_text_across_a_run(tmp_path, capsys):
    """Many cards with long paragraphs: the run's text total is refused, counted, not timed."""
    game = mini_game(tmp_path)
    edit(
        game / "cards.yaml",
        '"Card {n}", x: 0mm, y: 40mm',
        '"{n}-{copy} ' + "word " * 400 + '", x: 0mm, y: 0mm, h: 88mm',
    )
    edit(
        game / "cards.yaml", "for_each: {n: [1, 2, 3]}", "count: 1000\n    for_each: {n: [1, 2, 3]}"
    )
    _small(game)
    _refused(
        _build(game, tmp_path, "--limit", "text_total=50000"),
        "text_total",
        capsys,
        "characters of text laid out for one game",
    )


def test_stripe_density(tmp_path, capsys):
    """stripe_spacing: 0.00003mm would be millions of grooves (minutes, gigabytes): refused at once."""
    game = mini_game(tmp_path)
    (game / "cards.yaml").write_text(
        "family: pieces\nkind: polyomino\ncell: 10mm\nfill: red\nstripes: true\nstripe_spacing: 0.00003mm\n"
        "items:\n  - {id: l, cells: [[0, 0], [0, 1], [0, 2], [1, 2]]}\n"
    )
    _refused(
        _build(game, tmp_path), "stripes", capsys, "stripe grooves", "cards.yaml:", "stripe_spacing"
    )


def test_primitives_per_face(tmp_path, capsys):
    game = mini_game(tmp_path)
    _refused(
        _build(game, tmp_path, "--limit", "primitives=2"),
        "primitives",
        capsys,
        "drawing primitives on one face",
        "key: items (",
    )


def test_preview_faces(tmp_path, capsys, monkeypatch):
    """A 900-byte deck of 5,000 items: the preview is refused before any face is drawn."""
    game = mini_game(tmp_path)
    edit(
        game / "cards.yaml", "for_each: {n: [1, 2, 3]}", "count: 1700\n    for_each: {n: [1, 2, 3]}"
    )
    _small(game)
    import pnp.pipeline

    drawn = []
    monkeypatch.setattr(pnp.pipeline, "prepare", lambda g, *a, **k: drawn.append(g))
    _refused(
        ["preview", str(game), "--out", str(tmp_path / "out")],
        "preview",
        capsys,
        "faces in one preview",
        "5,100",
        "--family",
        "mini/game.yaml: too much work",
        "key: components",
    )
    assert not drawn and not (tmp_path / "out").exists()


def test_bad_limit_argument(tmp_path, capsys):
    code = main(_build(mini_game(tmp_path), tmp_path, "--limit", "nope=3"))
    err = capsys.readouterr().err
    assert code == 2 and "bad --limit" in err and "includes" in err, err


def flat_png(path: Path, bits: int, side: int = 7071) -> Path:
    """A black PNG of side x side pixels (one-bit grey or 16-bit RGBA), just under the
    50-megapixel limit: rows that deflate a thousandfold (one bit a pixel: 6 KB)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    # black: zero bits, with alpha (16-bit RGBA) 0xffff
    row = b"\x00" + (bytes((side + 7) // 8) if bits == 1 else bytes(6) + b"\xff\xff") * (
        1 if bits == 1 else side
    )
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row * 64) for _ in range(side // 64))
    data += packer.compress(row * (side % 64)) + packer.flush()
    head = struct.pack(">IIBBBBB", side, side, bits, 0 if bits == 1 else 6, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )
    return path


@pytest.mark.deep
@pytest.mark.parametrize("bits", [1, 16], ids=["1-bit-grey", "16-bit-rgba"])
def test_a_50_megapixel_png_is_decoded_at_the_size_it_is_drawn(tmp_path, capsys, bits):
    """A 49.99-megapixel one-colour PNG as a card's art, previewed at 1,200 dpi: the face is at
    most 4,000 px a side, and so is the decoded image (it was decoded whole, 200 MB of
    pixels, for every canvas that drew it); the face shows it."""
    from PIL import Image

    from pnp import face_images

    game = mini_game(tmp_path)
    flat_png(game / "flat.png", bits)
    edit(game / "cards.yaml", "back:\n", "  - image: {file: flat.png}\nback:\n")
    if bits == 1:
        _small(game)
    face_images._canvases.clear()
    code = main(["preview", str(game), "--dpi", "1200", "--out", str(tmp_path / "out")])
    assert code == 0, capsys.readouterr().err
    canvases = [hit[2] for hit in face_images._canvases.values()]
    decoded = [
        s
        for c in canvases
        for s in (*c.images.values(), *(r[2] for r in getattr(c, "rasters", {}).values()))
    ]
    assert decoded and all(
        max(s.get_width(), s.get_height()) <= PREVIEW_MAX_SIDE for s in decoded
    ), [(s.get_width(), s.get_height()) for s in decoded]
    with Image.open(tmp_path / "out" / "mini" / "preview" / "cards" / "c1-front.png") as face:
        assert max(face.size) == PREVIEW_MAX_SIDE
        rgba = face.convert("RGBA")
        w, h = face.size
        assert rgba.getpixel((w // 2, h // 4)) == (0, 0, 0, 255)  # the image, over the whole face


def test_preview_pixels(tmp_path, capsys):
    """60 cards previewed at 1,200 dpi are 687 megapixels of faces: refused before any is
    drawn (12 s of drawing before); at the default 150 dpi the same deck previews."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "for_each: {n: [1, 2, 3]}", "count: 20\n    for_each: {n: [1, 2, 3]}")
    edit(game / "cards.yaml", '"Card {n}"', '"Card {n} {copy}"')
    edit(
        game / "cards.yaml",
        "back:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: green}\n",
        "",
    )
    _small(game)
    out = tmp_path / "out"
    _refused(
        ["preview", str(game), "--dpi", "1200", "--out", str(out)],
        "pixels",
        capsys,
        "pixels drawn in one preview or export",
        "687,360,000",
        "--dpi",
        "key: components",
    )
    assert not out.exists()
    assert main(["preview", str(game), "--out", str(out)]) == 0, capsys.readouterr().err
    assert len(list((out / "mini" / "preview" / "cards").glob("*-front.png"))) == 60


BOARD = "family: board\nkind: board\nsize: {w: 2600mm, h: 2600mm}\nitems: [{id: b}]\nfront:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: teal}\n"


def _tiled_board(tmp_path: Path) -> Path:
    game = mini_game(tmp_path)
    (game / "board.yaml").write_text(BOARD)
    edit(game / "game.yaml", "  - cards.yaml", "  - cards.yaml\n  - board.yaml")
    return game


@pytest.mark.parametrize(
    ("command", "folder"),
    [
        (["export", "--tts"], "tts"),
        (["export", "--cards", "--dpi", "72"], "cards"),
        (["export", "--cricut"], "cricut"),
        (["export", "--press", "--dpi", "72"], "press"),
        (["export", "--cut"], "cut"),
        (["preview"], "preview"),
    ],
    ids=["tts", "cards", "cricut", "press", "cut", "preview"],
)
def test_every_export_takes_the_tile_limit(tmp_path, capsys, command, folder):
    """A board of 140 A4 tiles is refused by every export by default (exit 2, named), and
    --max-tiles or --limit tiles raises the limit there as it does for build."""
    game = _tiled_board(tmp_path)
    argv = [command[0], str(game), *command[1:], "--out", str(tmp_path / "out"), "-q"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert (
        "would need 140 tile pages on a4" in err
        and "at most 100 tiles per item (raise it with --max-tiles)" in err
    ), err
    assert not (tmp_path / "out").exists()
    for raised in (["--max-tiles", "140"], ["--limit", "tiles=140"]):
        assert main([*argv, *raised]) == 0, capsys.readouterr().err
        assert any((tmp_path / "out" / "mini" / folder).iterdir()), folder


def test_serve_takes_the_tile_limit(tmp_path):
    """`pnp serve --max-tiles N` as cmd_serve sets it up: its first look draws the board."""
    from pnp.cli import _limits, parser
    from pnp.serve.app import Hub
    from pnp.serve.snapshot import Options

    game = _tiled_board(tmp_path)

    def look(*flags: str) -> list[str]:
        budget.configure(_limits(parser().parse_args(["serve", str(game), *flags])))
        hub = Hub(Options(str(game), max_tiles=budget.allowed("tiles")), game.resolve())
        return [e["text"] for e in hub.rebuild().state["errors"]]

    assert any("would need 140 tile pages on a4" in e for e in look()), look()
    assert look("--max-tiles", "140") == [] and look("--limit", "tiles=140") == []


@pytest.mark.parametrize(
    "export",
    ["export_tts", "export_cards", "export_cricut", "export_press", "export_cut", "preview"],
)
def test_every_api_export_takes_max_tiles(tmp_path, export):
    """The library's exports take `max_tiles` as `pnp.build` does (default 100, the command's
    --max-tiles), and a board that needs more tiles is refused, naming the limit given."""
    import pnp

    game = _tiled_board(tmp_path)
    run = getattr(pnp, export)
    for limit, said in ((None, "at most 100 tiles"), (139, "at most 139 tiles")):
        with pytest.raises(pnp.PnpError) as refused:
            run(game, tmp_path / "out", **({} if limit is None else {"max_tiles": limit}))
        assert "would need 140 tile pages on a4" in str(refused.value), export
        assert said in str(refused.value), str(refused.value)
    assert not (tmp_path / "out").exists()


def test_a_paper_too_small_to_tile_names_the_games_own_paper_file(tmp_path, capsys):
    """A game's own paper whose printable area is no larger than the tile overlap: the hint
    names that file, not pnp's built-in papers."""
    game = _tiled_board(tmp_path)
    (game / "layouts").mkdir()
    paper = (Path(__file__).parent.parent / "layouts" / "a4.yaml").read_text()
    paper = paper.replace("id: a4", "id: tiny").replace("margin: 5mm", "margin: 100mm")
    (game / "layouts" / "tiny.yaml").write_text(paper)
    assert main(["build", str(game), "--paper", "tiny", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "too small to tile it" in err and "fix tile_overlap or margin in" in err, err
    hint = err[err.index("fix tile_overlap or margin in") :]
    assert "tiny.yaml" in hint and str(game / "layouts") in hint, err
