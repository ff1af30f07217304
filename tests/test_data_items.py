"""Items from spreadsheets: CSV (as Google Sheets and LibreOffice export it), TSV and XLSX."""

from __future__ import annotations

from pathlib import Path

import fitz
import pytest

from pnp.cli import main
from pnp.errors import PnpError
from pnp.spec.load import load_game

# Google Sheets' "Download > CSV": CRLF line ends, quotes only where needed, a cell with a comma
# and one with a line break, blank trailing rows the sheet had formatted.
SHEETS_CSV = (
    'name,cost,count,flavour\r\n'
    'Oak Grove,3,2,"Shade, and acorns"\r\n'
    'Pond,1.5,,"Still water\nand frogs"\r\n'
    'Agent 007,007,1,\r\n'
    ',,,\r\n'
    ',,,\r\n'
)


def _game(folder: Path, items: str, data: dict[str, str | bytes]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(
        "id: datatest\ntitle: Data test\ncredits: tests\nplayers: {min: 1, max: 2}\n"
        "components: [deck.yaml]\nrules: null\n"
    )
    (folder / "deck.yaml").write_text(
        "family: deck\nkind: card\nsize: {w: 63mm, h: 88mm}\n"
        f"items: {items}\n"
        "front:\n"
        '  - text: {text: "{name}", x: 5mm, y: 5mm, w: 53mm, h: 10mm, size: 10pt}\n'
        '  - text: {text: "cost {cost}", x: 5mm, y: 20mm, w: 53mm, h: 10mm, size: 10pt}\n'
        '  - text: {text: "{flavour}", x: 5mm, y: 40mm, w: 53mm, h: 30mm, size: 9pt}\n'
        '  - text: {text: "cheap", x: 5mm, y: 75mm, w: 53mm, h: 8mm, size: 9pt}\n'
        "    when: {cost: 1.5}\n"
    )
    for name, content in data.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, newline="")
    return folder


def _pdf_text(tmp_path: Path, folder: Path) -> list[str]:
    out = tmp_path / "out"
    assert main(["build", str(folder), "--paper", "a4", "--out", str(out), "--quiet"]) == 0
    doc = fitz.open(next((out / "datatest").glob("*-a4.pdf")))
    return [page.get_text() for page in doc]


def test_google_sheets_csv_export_builds_one_card_per_row(tmp_path):
    folder = _game(tmp_path / "g", "data/cards.csv", {"data/cards.csv": SHEETS_CSV})
    items = list(load_game(str(folder)).families[0].items)
    # count 2 gives two cards, an empty count one; the blank rows make none
    assert [i.attrs["name"] for i in items] == ["Oak Grove", "Oak Grove", "Pond", "Agent 007"]
    pond = items[2].attrs
    assert pond["cost"] == 1.5 and items[0].attrs["cost"] == 3 and items[3].attrs["cost"] == "007"
    assert items[3].attrs["flavour"] == ""
    text = "\n".join(_pdf_text(tmp_path, folder))
    assert text.count("Oak Grove") == 2 and text.count("Pond") == 1
    assert "cost 3" in text and "cost 1.5" in text and "cost 007" in text
    assert "Shade, and acorns" in text and "Still water" in text and "and frogs" in text
    # a number typed as a number: `when: {cost: 1.5}` matches the Pond row, and only it
    assert text.count("cheap") == 1


def test_tsv_and_xlsx_read_the_same_rows(tmp_path):
    import openpyxl
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    ws = book.create_sheet("Cards")
    ws.append(["name", "cost", "count", "flavour"])
    ws.append(["Oak Grove", 3, 2, "Shade, and acorns"])
    ws.append(["Pond", 1.5, None, None])
    xlsx = tmp_path / "cards.xlsx"
    book.save(xlsx)
    tsv = "name\tcost\tcount\tflavour\nOak Grove\t3\t2\tShade, and acorns\nPond\t1.5\t\t\n"
    for items, data in (
        ("cards.tsv", {"cards.tsv": tsv}),
        ("{file: cards.xlsx, sheet: Cards}", {"cards.xlsx": xlsx.read_bytes()}),
    ):
        folder = _game(tmp_path / items[:9].strip("{:"), items, data)
        got = [dict(i.attrs) for i in load_game(str(folder)).families[0].items]
        assert [(a["name"], a["cost"], a["flavour"]) for a in got] == [
            ("Oak Grove", 3, "Shade, and acorns"), ("Oak Grove", 3, "Shade, and acorns"), ("Pond", 1.5, ""),
        ]


def _error(folder: Path) -> PnpError:
    with pytest.raises(PnpError) as exc:
        load_game(str(folder))
    return exc.value


def test_a_bad_row_names_file_row_and_column(tmp_path):
    bad = "name,count\nOak,2\nPond,two\n"
    err = _error(_game(tmp_path / "a", "cards.csv", {"cards.csv": bad}))
    assert err.file.endswith("cards.csv") and err.line == 3 and "column B" in err.key and "count" in err.key
    err = _error(_game(tmp_path / "b", "cards.csv", {"cards.csv": "name,cost\nOak,1,extra\n"}))
    assert err.line == 2 and "column C" in err.key
    err = _error(_game(tmp_path / "c", "cards.csv", {"cards.csv": "name,my cost\nOak,1\n"}))
    assert err.line == 1 and "column B" in err.key


def test_cli_reports_a_bad_row_and_exits_2(tmp_path, capsys):
    folder = _game(tmp_path / "g", "cards.csv", {"cards.csv": "name,count\nOak,-1\n"})
    assert main(["build", str(folder), "--out", str(tmp_path / "out"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "cards.csv:2" in err and "column B" in err and "Traceback" not in err


def test_sheet_name_typo_gets_did_you_mean(tmp_path):
    import openpyxl
    book = openpyxl.Workbook()
    book.active.title = "Cards"
    book.active.append(["name"])
    book.save(tmp_path / "cards.xlsx")
    folder = _game(tmp_path / "g", "{file: cards.xlsx, sheet: Crads}", {"cards.xlsx": (tmp_path / "cards.xlsx").read_bytes()})
    err = _error(folder)
    assert "Cards" in (err.hint or "")


def test_data_file_must_stay_inside_the_game_folder(tmp_path):
    (tmp_path / "secret.csv").write_text("name\nsecret\n")
    err = _error(_game(tmp_path / "g", "../secret.csv", {}))
    assert "leaves the game folder" in err.message


def test_rows_count_against_the_item_budget(tmp_path):
    rows = "name\n" + "".join(f"c{n}\n" for n in range(30))
    folder = _game(tmp_path / "g", "cards.csv", {"cards.csv": rows})
    with pytest.raises(PnpError) as exc:
        load_game(str(folder), max_items=20)
    assert "--limit items=N" in exc.value.expected


def test_rows_without_an_id_column_get_readable_unique_ids_from_their_name(tmp_path):
    csv_text = (
        "name,cost,count\n"
        "Imp,1,\n"
        "Fire Ball!,2,2\n"
        "Imp,3,\n"
        "Éclair de Génie,1,\n"
        ",4,\n"  # no name: the first text cell of the row (here none) or the family
        "imp-2,5,\n"
    )
    folder = _game(tmp_path / "g", "cards.csv", {"cards.csv": csv_text})
    ids = [i.id for i in load_game(str(folder)).families[0].items]
    # the slug of the name; a repeated name gets -2; an id already taken is never handed out twice
    assert ids == [
        "imp",
        "fire-ball-1",
        "fire-ball-2",
        "imp-2",
        "eclair-de-genie",
        "deck",
        "imp-2-2",
    ]
    assert len(set(ids)) == len(ids)
    # stable: loading again gives the same ids
    assert [i.id for i in load_game(str(folder)).families[0].items] == ids
    # a row's copies keep their ids: a second Shield does not become one of the first's
    (folder / "cards.csv").write_text("name,count\nShield,3\nShield,\n")
    assert [i.id for i in load_game(str(folder)).families[0].items] == ["shield-1", "shield-2", "shield-3", "shield-4"]


def test_rows_without_a_name_column_take_the_first_text_column(tmp_path):
    csv_text = "cost,card,flavour\n2,Grim Reaper,x\n3,Healer,\n"
    folder = _game(tmp_path / "g", "cards.csv", {"cards.csv": csv_text})
    ids = [i.id for i in load_game(str(folder)).families[0].items]
    assert ids == ["grim-reaper", "healer"]


def test_an_id_column_still_wins(tmp_path):
    csv_text = "id,name\nx1,Imp\n,Goblin\n"
    folder = _game(tmp_path / "g", "cards.csv", {"cards.csv": csv_text})
    assert [i.id for i in load_game(str(folder)).families[0].items] == ["x1", "goblin"]


def test_formula_cells_without_saved_values_are_a_warning_naming_the_cell(tmp_path, capsys):
    import openpyxl

    book = openpyxl.Workbook()
    ws = book.active
    ws.append(["name", "cost", "count", "flavour"])
    ws.append(["Imp", 1, "=1+2"])  # a script's formula: no cached value in the file
    ws.append(["Goblin", "=1*2", 1])
    book.save(tmp_path / "cards.xlsx")
    folder = _game(
        tmp_path / "g", "cards.xlsx", {"cards.xlsx": (tmp_path / "cards.xlsx").read_bytes()}
    )
    out = tmp_path / "out"
    assert main(["build", str(folder), "--paper", "a4", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "cards.xlsx" in err and "2 formula cells" in err and "C2 (count)" in err and "B3 (cost)" in err, err
    # with --strict the build refuses
    assert main(["build", str(folder), "--paper", "a4", "--out", str(out), "--strict"]) == 1


def test_formula_cells_with_saved_values_are_read_as_saved(tmp_path, capsys):
    import zipfile

    import openpyxl

    book = openpyxl.Workbook()
    ws = book.active
    ws.append(["name", "cost", "count", "flavour"])
    ws.append(["Imp", 1, "=1+2", ""])
    book.save(tmp_path / "raw.xlsx")
    # as a spreadsheet saves it: the formula with its computed value beside it
    with zipfile.ZipFile(tmp_path / "raw.xlsx") as src, zipfile.ZipFile(tmp_path / "cards.xlsx", "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"<f>1+2</f><v></v>", b"<f>1+2</f><v>3</v>")
            dst.writestr(info, data)
    folder = _game(tmp_path / "g", "cards.xlsx", {"cards.xlsx": (tmp_path / "cards.xlsx").read_bytes()})
    assert [i.id for i in load_game(str(folder)).families[0].items] == ["imp-1", "imp-2", "imp-3"]
    assert main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "out")]) == 0
    assert "formula cell" not in capsys.readouterr().err
