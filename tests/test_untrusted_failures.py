"""Hostile input that used to end in an internal error (exit 3): each is exit 2 with file:line."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from conftest import edit, mini_game

from pnp.cli import main


def _art(game: Path, svg: str) -> None:
    (game / "art").mkdir()
    (game / "art" / "a.svg").write_text(svg)
    edit(
        game / "cards.yaml",
        "front:\n",
        "front:\n  - symbol: {name: a, x: 50%, y: 50%, size: 10mm}\n",
    )


def _build(game: Path, tmp_path: Path, capsys, engine: str = "reportlab") -> str:
    code = main(
        [
            "build",
            str(game),
            "--out",
            str(tmp_path / "out"),
            "--paper",
            "a4",
            "--quiet",
            "--engine",
            engine,
        ]
    )
    err = capsys.readouterr().err
    assert code == 2, err
    assert "internal error" not in err and "Traceback" not in err, err
    assert not (tmp_path / "out" / "mini").exists(), "a refused build writes nothing"
    return err


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'


def test_count_with_5000_digits(tmp_path, capsys):
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "    for_each:", "    count: " + "9" * 5000 + "\n    for_each:")
    err = _build(game, tmp_path, capsys)
    assert "cards.yaml:6: number is too long" in err, err


def test_unclosed_brace_in_text(tmp_path, capsys):
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", '"Card {n}"', '"{value"')
    err = _build(game, tmp_path, capsys)
    assert "cards.yaml:8: text has a brace that is not closed" in err and "key: front[0]" in err, (
        err
    )


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_svg_nested_5000_deep(tmp_path, capsys, engine):
    game = mini_game(tmp_path)
    _art(game, SVG.format("<g>" * 5000 + '<rect width="1" height="1"/>' + "</g>" * 5000))
    err = _build(game, tmp_path, capsys, engine)
    assert "cards.yaml:8: art 'a' cannot be used: SVG nests elements more than 64 deep" in err, err


@pytest.mark.parametrize(
    "body",
    [
        '<g transform="scale(1e308)"><rect width="1" height="1"/></g>',
        '<g transform="scale(0)"><rect width="1" height="1"/></g>',
        '<g transform="scale(1e5)"><g transform="scale(1e5)"><rect width="1" height="1"/></g></g>',
        '<rect width="1e300" height="1"/>',
        '<path d="M0 0 L1e300 0 Z"/>',
    ],
    ids=["scale-1e308", "scale-0", "nested-scales", "huge-rect", "huge-path"],
)
@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_svg_numbers_out_of_range(tmp_path, capsys, engine, body):
    game = mini_game(tmp_path)
    _art(game, SVG.format(body))
    err = _build(game, tmp_path, capsys, engine)
    assert "cards.yaml:8: art 'a' cannot be used" in err and (
        "1e+09" in err or "out of range" in err
    ), err


def test_full_disk(tmp_path, capsys, monkeypatch):
    """ENOSPC while the PDFs are written: exit 2 naming the file, the previous output kept."""
    import pnp.write

    def full(fh, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device", fh.name)

    monkeypatch.setattr(pnp.write, "ManifestWriter", full)
    err = _build(mini_game(tmp_path), tmp_path, capsys)
    assert "cannot write" in err and "No space left on device" in err and "mini-a4.json" in err, err


@pytest.mark.parametrize(
    ("command", "at"),
    [
        (["build", "--engine", "reportlab"], 1),  # the first check: while the game loads
        (["build", "--engine", "reportlab"], 2),  # drawing the first face
        (["build", "--engine", "reportlab"], 60),  # imposing: the guide page's text
        (
            ["build", "--engine", "svg"],
            150,
        ),  # late in drawing the faces (all drawn before any page)
        (["preview"], 5),
        (["export", "--tts"], 5),
    ],
)
def test_memory_error_anywhere_is_exit_2(tmp_path, capsys, monkeypatch, command, at):
    """The fault-injection hook (pnp.budget._fault_at, which tests/pnp_with_fault.py memory:N
    sets in a process of its own) runs out of memory at the Nth budget check of the run: every
    stage ends in exit 2 with a message, and nothing is written."""
    from pnp import budget

    game, out = mini_game(tmp_path), tmp_path / "out"
    args = [command[0], str(game), "--out", str(out), *command[1:]]
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    monkeypatch.setattr(budget, "_fault_at", at)
    monkeypatch.setattr(budget, "_checks", [0])  # counted from the run's start, as in a process
    capsys.readouterr()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: out of memory") and "--max-items" in err, err
    assert "Traceback" not in err and "internal error" not in err
    assert budget._checks[0] >= at, "the fault was reached"
    assert not (out / "mini").exists(), "a run that ran out of memory writes nothing"
    monkeypatch.setattr(budget, "_fault_at", 0)
    assert main(args) == 0 and (out / "mini").is_dir()  # the same run without the fault


def test_memory_error_in_the_live_server_is_shown_and_recovers(tmp_path, monkeypatch):
    """pnp serve: a save whose rebuild runs out of memory shows it in the page; the next save recovers."""
    from serve_util import Served, faces, save

    from pnp import budget

    game = mini_game(tmp_path)
    served = Served(game)
    try:
        before = served.state()
        cards = game / "cards.yaml"
        monkeypatch.setattr(budget, "_fault_at", budget._checks[0] + 3)  # during the next rebuild
        save(cards, cards.read_text().replace("Card {n}", "Carte {n}"))
        hit = served.next_state(before["version"])
        assert [e["message"] for e in hit["errors"]] == ["out of memory"] and hit["stale"], hit[
            "errors"
        ]
        assert faces(hit, "cards") == faces(before, "cards")  # the last good faces stay on show
        save(cards, cards.read_text().replace("Carte {n}", "Karte {n}"))
        fixed = served.next_state(hit["version"])
        assert fixed["errors"] == [] and not fixed["stale"]
        assert faces(fixed, "cards")["c1"]["front"] != faces(before, "cards")["c1"]["front"]
    finally:
        served.stop()


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("stripe_spacing", "-1mm", "greater than zero"),  # used to loop for ever
        ("stripe_spacing", "0mm", "greater than zero"),  # used to fall back to the default silently
        ("stripe_margin", "-2mm", "zero or more"),
        ("outline_width", "-0.5mm", "zero or more"),
    ],
)
def test_polyomino_lengths_are_range_checked(tmp_path, capsys, key, value, expected):
    game = mini_game(tmp_path)
    (game / "cards.yaml").write_text(
        f"family: pieces\nkind: polyomino\ncell: 10mm\nfill: red\nstripes: true\n{key}: {value}\n"
        "items:\n  - {id: l, cells: [[0, 0], [0, 1], [0, 2], [1, 2]]}\n"
    )
    err = _build(game, tmp_path, capsys)
    assert "cards.yaml:6" in err and key in err and expected in err, err


def _data(game: Path, name: str) -> None:
    edit(
        game / "cards.yaml",
        "items:\n  - id: c{n}\n    for_each: {n: [1, 2, 3]}\n",
        f"items: {name}\n",
    )


def test_csv_count_with_5000_digits(tmp_path, capsys):
    game = mini_game(tmp_path)
    _data(game, "cards.csv")
    (game / "cards.csv").write_text("id,n,count\na,1," + "9" * 5000 + "\n")
    err = _build(game, tmp_path, capsys)
    assert (
        "cards.csv:2: count is not a whole number of copies" in err and "column C (count)" in err
    ), err
    assert len(err) < 1000, "the 5,000 digits are not repeated back in full"


def _xlsx(game: Path, extra_row: bytes) -> None:
    """cards.xlsx: a header and one good row, then `extra_row` written into the sheet's XML."""
    import io
    import zipfile

    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["id", "n"])
    book.active.append(["a", 1])
    plain = io.BytesIO()
    book.save(plain)
    with (
        zipfile.ZipFile(plain) as src,
        zipfile.ZipFile(game / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as dst,
    ):
        for entry in src.infolist():
            data = src.read(entry.filename)
            if entry.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</sheetData>", extra_row + b"</sheetData>")
            dst.writestr(entry, data)
    _data(game, "cards.xlsx")


def test_xlsx_cell_far_out_is_refused_not_padded(tmp_path, capsys):
    """One cell at XFD1048576 (a 5 KB file) used to pad a million rows 16,384 cells wide: minutes."""
    game = mini_game(tmp_path)
    _xlsx(game, b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>z</t></is></c></row>')
    assert (game / "cards.xlsx").stat().st_size < 10_000
    err = _build(game, tmp_path, capsys)
    assert (
        "cards.xlsx:1048576: row has too many columns" in err
        and "at most 1,000 columns" in err
        and "column XFD" in err
    ), err


def test_xlsx_number_with_5000_digits(tmp_path, capsys):
    game = mini_game(tmp_path)
    _xlsx(
        game,
        b'<row r="3"><c r="A3" t="inlineStr"><is><t>b</t></is></c><c r="B3"><v>'
        + b"9" * 5000
        + b"</v></c></row>",
    )
    err = _build(game, tmp_path, capsys)
    assert "cards.xlsx:3: cannot read the workbook" in err and "key: row 3" in err, err


@pytest.mark.parametrize("dpi", ["nan", "inf", "-1", "0", "5", "1e9"])
def test_preview_dpi_is_range_checked(tmp_path, capsys, dpi):
    with pytest.raises(SystemExit) as stop:
        main(["preview", str(mini_game(tmp_path)), "--out", str(tmp_path / "out"), f"--dpi={dpi}"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--dpi" in err and "from 10 to 1200" in err and "Traceback" not in err, err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("paper", ["a4\x00", "a4\x1b]2;x\x07", "nope/\x00.yaml"])
def test_hostile_paper_names_are_refused(tmp_path, capsys, paper):
    code = main(
        ["build", str(mini_game(tmp_path)), "--out", str(tmp_path / "out"), "--paper", paper]
    )
    err = capsys.readouterr().err
    assert (
        code == 2 and "paper" in err and "Traceback" not in err and "internal error" not in err
    ), err
    assert "\x1b" not in err and "\x00" not in err, repr(err)


def _workbook_part(game: Path, part: str, change) -> None:
    """Rewrite one part of cards.xlsx with change(bytes) -> bytes."""
    import zipfile

    src = (game / "cards.xlsx").read_bytes()
    import io

    with (
        zipfile.ZipFile(io.BytesIO(src)) as z,
        zipfile.ZipFile(game / "cards.xlsx", "w", zipfile.ZIP_DEFLATED) as dst,
    ):
        for entry in z.infolist():
            data = z.read(entry.filename)
            dst.writestr(entry, change(data) if entry.filename == part else data)


def test_xlsx_row_claiming_a_far_row_number_is_one_row(tmp_path, capsys):
    """One row claiming row 99,999,999,999 (a 5 KB file): the reader used to walk every empty
    row before it, and hung every command. It is the one row it is."""
    game = mini_game(tmp_path)
    _xlsx(
        game,
        b'<row r="99999999999"><c r="A99999999999" t="inlineStr"><is><t>far</t></is></c><c r="B99999999999"><v>2</v></c></row>',
    )
    assert (game / "cards.xlsx").stat().st_size < 10_000
    from pnp.spec.load import load_game

    items = [(i.id, i.attrs["n"]) for i in load_game(str(game)).families[0].items]
    assert items == [("a", 1), ("far", 2)]


@pytest.mark.deep
def test_xlsx_of_a_million_empty_rows_is_refused_by_its_size(tmp_path, capsys):
    """A million empty rows in a 10 KB file: the XML is read as it is decompressed, and past
    100 bytes of XML per byte of the file (at least 2 MB) it is refused, named."""
    game = mini_game(tmp_path)
    _xlsx(game, b"<row><c/></row>" * 1_000_000)
    assert (game / "cards.xlsx").stat().st_size < 50_000
    err = _build(game, tmp_path, capsys)
    assert (
        "cards.xlsx: cannot read the workbook" in err
        and "bytes of XML (100 per byte of the file)" in err
    ), err
    assert not (tmp_path / "out" / "mini").exists()


@pytest.mark.parametrize(
    ("part", "change"),
    [
        ("xl/workbook.xml", lambda b: b[: len(b) // 2]),  # cut short
        ("xl/workbook.xml", lambda b: b.replace(b"<sheets>", b"<sheets><<")),
        ("xl/_rels/workbook.xml.rels", lambda b: b"not xml"),
        (
            "xl/worksheets/sheet1.xml",
            lambda b: b.replace(b"</sheetData>", b"<row><c t='s'><v>99</v></c></row></sheetData>"),
        ),
        ("xl/workbook.xml", lambda b: b'<!DOCTYPE x [<!ENTITY a "aaaa">]>' + b),
    ],
)
def test_damaged_workbook_is_exit_2(tmp_path, capsys, part, change):
    """A damaged workbook.xml was an internal error (exit 3): it is the user's file, exit 2."""
    game = mini_game(tmp_path)
    _xlsx(game, b"")
    _workbook_part(game, part, change)
    err = _build(game, tmp_path, capsys)
    assert (
        "cards.xlsx" in err and "cannot read the workbook" in err and "internal error" not in err
    ), err


def test_xlsx_values_read_as_a_spreadsheet_shows_them(tmp_path):
    """Shared and inline strings, rich text, numbers, booleans, dates, a sheet picked by name:
    read as openpyxl read them."""
    import datetime

    import openpyxl
    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    from pnp.spec.datafile import read_rows

    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active.append(["x"])
    ws = book.create_sheet("Cards")
    ws.append(["id", "name", "cost", "ok", "day", "big"])
    ws.append(["a", "Oak", 3, True, datetime.date(2023, 3, 15), 1.5])
    ws.append(
        [
            "b",
            CellRichText(["Po", TextBlock(InlineFont(b=True), "nd")]),
            2.0,
            False,
            None,
            12345678901,
        ]
    )
    ws["A10"] = "c"  # after a gap of empty rows
    path = tmp_path / "cards.xlsx"
    book.save(path)
    rows = read_rows(path, shown="cards.xlsx", sheet="Cards", max_rows=100)
    got = [{k: v for k, v in r.items() if not k.startswith("\x00")} for r in rows]
    assert got == [
        {"id": "a", "name": "Oak", "cost": 3, "ok": True, "day": "2023-03-15 00:00:00", "big": 1.5},
        {"id": "b", "name": "Pond", "cost": 2, "ok": False, "day": "", "big": 12345678901},
        {"id": "c", "name": "", "cost": "", "ok": "", "day": "", "big": ""},
    ]
    assert [r["\x00row"] for r in rows] == [2, 3, 10]


@pytest.mark.parametrize(
    "command",
    [
        ["build"],
        ["preview", "--dpi", "1200"],
        ["export", "--tts"],
        ["export", "--cards"],
        ["export", "--cut"],
    ],
)
def test_a_1_km_board_is_refused_by_every_command(tmp_path, capsys, command):
    """A board 1 km a side: `build` refused it (19 million tile pages), `preview` and `--tts`
    drew it (5 s, 360 MB each). Every command refuses it, before drawing, with the same limit."""
    game = mini_game(tmp_path)
    (game / "board.yaml").write_text(
        "family: board\nkind: board\nsize: {w: 1000000mm, h: 1000000mm}\nitems:\n  - id: board\n"
        'front:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#00aa00"}\n'
    )
    edit(game / "game.yaml", "  - cards.yaml", "  - cards.yaml\n  - board.yaml")
    code = main([command[0], str(game), "--out", str(tmp_path / "out"), *command[1:]])
    err = capsys.readouterr().err
    assert code == 2, err
    assert (
        "board.yaml:3: 'board' (1000000 x 1000000 mm) would need" in err and "--max-tiles" in err
    ), err
    assert not (tmp_path / "out").exists()


def test_an_item_id_of_300_characters_is_never_an_internal_error(tmp_path, capsys):
    """Preview and print-shop file names are made from item ids: 300 characters were "File
    name too long", exit 3. Names are kept short, or the refusal is exit 2 and named."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "id: c{n}", "id: c{n}" + "x" * 300)
    for command in (["preview"], ["export", "--cards"], ["export", "--tts"], ["build"]):
        code = main(
            [command[0], str(game), "--out", str(tmp_path / "out"), "--quiet", *command[1:]]
        )
        err = capsys.readouterr().err
        assert code in (0, 2) and "internal error" not in err and "Traceback" not in err, (
            command,
            err,
        )
        if code == 2:
            assert "file name is too long" in err and "shorten the item id" in err, err


def test_a_file_name_too_long_is_exit_2(tmp_path, capsys, monkeypatch):
    """Whatever name the system refuses as too long: exit 2, the name, what to shorten."""
    import errno

    import pnp.face_images

    def refuse(*args, **kwargs):
        raise OSError(
            errno.ENAMETOOLONG, "File name too long", "out/mini/preview/cards/" + "x" * 300 + ".png"
        )

    monkeypatch.setattr(pnp.face_images, "render_png", refuse)
    code = main(["preview", str(mini_game(tmp_path)), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert (
        code == 2
        and "xxxx.png: the file name is too long for this file system" in err
        and "internal error" not in err
    ), err


def test_a_games_own_a4_is_said_once(tmp_path, capsys):
    """A game's layouts/a4.yaml replaces pnp's A4 for that game: said once, with the file."""
    from pnp.paths import layouts_dir
    from pnp.spec import paper

    game = mini_game(tmp_path)
    (game / "layouts").mkdir()
    (game / "layouts" / "a4.yaml").write_text(
        (layouts_dir() / "a4.yaml").read_text().replace("10mm", "12mm", 1)
    )
    paper._said_replaced.clear()
    assert main(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4"]) == 0
    err = capsys.readouterr().err
    assert err.count("replaces pnp's built-in 'a4' paper") == 1 and "layouts/a4.yaml" in err, err
    plain = mini_game(tmp_path / "plain")
    assert main(["build", str(plain), "--out", str(tmp_path / "out2"), "--paper", "a4"]) == 0
    assert "replaces" not in capsys.readouterr().err
    # a copy of pnp's own A4 (a game folder, or a checkout of pnp as the working folder) replaces nothing
    same = mini_game(tmp_path / "same")
    (same / "layouts").mkdir()
    (same / "layouts" / "a4.yaml").write_bytes((layouts_dir() / "a4.yaml").read_bytes())
    assert main(["build", str(same), "--out", str(tmp_path / "out3"), "--paper", "a4"]) == 0
    assert "replaces" not in capsys.readouterr().err


def test_duplicate_item_ids_are_said(tmp_path, capsys):
    """Two items with one id were accepted silently. They are kept (the repeat is named a-2,
    so nothing a user wrote is lost) and said, with file and line, once per family."""
    game = mini_game(tmp_path)
    edit(
        game / "cards.yaml",
        "  - id: c{n}\n    for_each: {n: [1, 2, 3]}\n",
        "  - {id: a, n: 1}\n  - {id: b, n: 2}\n  - {id: a, n: 3}\n  - {id: b, n: 4}\n",
    )
    assert main(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4"]) == 0
    err = capsys.readouterr().err
    assert (
        "cards.yaml:7: family 'cards' gives the id 'a' and 1 more to more than one item" in err
        and "a-2" in err
    ), err
    assert err.count("more than one item") == 1
    from pnp.spec.load import load_game

    assert [i.id for i in load_game(str(game)).families[0].items] == ["a", "b", "a-2", "b-2"]


def test_new_from_a_folder_with_a_named_pipe(tmp_path, capsys):
    """`pnp new --from` a folder holding a named pipe ended "found: ...: None". It is refused
    before anything is written, naming the pipe."""
    import os

    src = mini_game(tmp_path)
    os.mkfifo(src / "pipe")
    code = main(["new", str(tmp_path / "copy"), "--from", str(src)])
    err = capsys.readouterr().err
    assert code == 2 and "pipe: cannot copy the game folder" in err and "named pipe" in err, err
    assert "None" not in err and not (tmp_path / "copy").exists()


def test_a_16_bit_rgba_image_is_printed_band_by_band(tmp_path, monkeypatch):
    """A large 16-bit RGBA PNG was decoded and converted whole, several copies at once (888 MB
    for 50 megapixels); it is converted a band of rows at a time. The PDF's pixels and mask
    are the image's, wherever the bands meet."""
    import struct
    import zlib

    import pymupdf
    from PIL import Image

    from pnp.engines import pdf_images

    monkeypatch.setattr(pdf_images, "BAND_PIXELS", 40 * 7)  # 7 rows a band: many bands
    w, h = 40, 30
    rows = b"".join(
        b"\x00"
        + b"".join(
            struct.pack(">HHHH", x * 1600, y * 2000, 30000, 65535 if x < 20 else 32768)
            for x in range(w)
        )
        for y in range(h)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )
    image, mask = pdf_images.image_streams(png)
    import io

    want = Image.open(io.BytesIO(png))
    want.load()
    assert zlib.decompress(image.data) == want.convert("RGB").tobytes()
    assert (
        mask is not None
        and zlib.decompress(mask.data) == want.convert("RGBA").getchannel("A").tobytes()
    )
    game = mini_game(tmp_path)
    (game / "deep.png").write_bytes(png)
    edit(
        game / "cards.yaml",
        "front:\n",
        "front:\n  - image: {file: deep.png, x: 0mm, y: 0mm, w: 100%, h: 50%}\n",
    )
    assert (
        main(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4", "--quiet"]) == 0
    )
    doc = pymupdf.open(tmp_path / "out" / "mini" / "mini-a4.pdf")
    xrefs = [x[0] for page in doc for x in page.get_images() if x[2] == w and x[3] == h]
    assert xrefs, "the image is in the PDF at its own size"
    got = pymupdf.Pixmap(doc, xrefs[0])
    n = got.n  # 3 colours, and the mask as a fourth channel where pymupdf joins it
    rgb = bytes(b for i, b in enumerate(got.samples) if i % n < 3)
    assert rgb == want.convert("RGB").tobytes()
