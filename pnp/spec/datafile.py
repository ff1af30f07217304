"""Items from a spreadsheet: a CSV, TSV or XLSX file, one row an item, one column an attribute.

Card designers keep card lists in spreadsheets (Google Sheets, LibreOffice, Excel) and export
them; `items: cards.csv` reads such an export as it is. The first row names the attributes.
A `count` column gives copies of a row, an `id` column its id; every other column is an
attribute the templates read as `{name}`.

Cells are typed as a card designer expects: `3` is the number 3 and `2.5` is 2.5 (so `when:
{rank: 3}` matches), `007` stays the text `007` (a leading zero is part of a name), and an
empty cell is the empty text, so `{flavour}` prints nothing on the cards that leave it blank.
A row whose every cell is empty is skipped (spreadsheet exports often end with some).

A row without an id (no `id` column, or an empty cell in it) takes one from its name: the
`name` column, else `title`, else the first column that holds text, as a readable slug
(`Fire Ball!` -> `fire-ball`). A name met again gets `-2`, `-3`... in row order, never an id
another row already has, so ids stay the same from one build to the next. These ids become
file names, cut-file labels and `--only` targets, so `spells-1-2` would tell the user nothing.

A workbook written by a script may hold formulas without the values a spreadsheet saves beside
them; such a cell reads as empty, and each is a warning that names it (open and save the file
in a spreadsheet to store the values).
"""

from __future__ import annotations

import csv
import re
import unicodedata
import zipfile
from pathlib import Path

from pnp.errors import PnpError, short
from pnp.guard import require_size
from pnp.spec.yamlfile import MAX_NUMBER_CHARS

__all__ = ["ROW_KEY", "SUFFIXES", "read_rows", "slug"]

ROW_KEY = "\x00row"  # each row dict carries its spreadsheet row number under this key until read

SUFFIXES = (".csv", ".tsv", ".xlsx")
# Columns that shape repetition in YAML entries; a spreadsheet row is one item already.
_REFUSED = {"for_each", "per_player"}
_INT = re.compile(r"[+-]?(0|[1-9][0-9]*)")
_FLOAT = re.compile(r"[+-]?([0-9]+\.[0-9]*|\.[0-9]+)")
MAX_COLUMNS = (
    1_000  # a sheet's columns; a stray cell far to the right would make every row that wide
)


MAX_DATA_BYTES = 20_000_000  # a CSV of 10,000 rows of 2 KB, or a workbook with pictures


def read_rows(
    path: Path, *, shown: str, sheet: str | None, max_rows: int, warnings: list[str] | None = None
) -> list[dict]:
    """Every row of the data file at `path` as an attribute dict; errors name `shown`, row and
    column; what reads but not as written (formulas without values) goes to `warnings`."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise PnpError(
            "unknown data file type",
            file=shown,
            expected="a .csv, .tsv or .xlsx file",
            found=path.name,
        )
    if sheet is not None and suffix != ".xlsx":
        raise PnpError(
            "only an .xlsx file has sheets",
            file=shown,
            key="sheet",
            expected="no sheet for a CSV or TSV file",
            found=sheet,
        )
    require_size(path, MAX_DATA_BYTES, "data file", file=shown)
    try:
        table = (
            _xlsx(path, shown, sheet)
            if suffix == ".xlsx"
            else _delimited(path, shown, "\t" if suffix == ".tsv" else ",")
        )
        first: list = []  # the header row as read (row number, cells), for naming formula cells
        rows = _items(_first_kept(table, first), shown, max_rows)
        if suffix == ".xlsx" and warnings is not None and first:
            warnings += _uncached_formulas(path, shown, sheet, rows, first[0])
        return _with_ids(rows)
    except OSError as exc:
        raise PnpError(
            "cannot read the data file",
            file=shown,
            expected="a readable file",
            found=exc.strerror or str(exc),
        ) from None


def _delimited(path: Path, shown: str, delimiter: str):
    """(row number, cells) of a CSV/TSV file; `utf-8-sig` because Excel writes a byte-order mark."""
    with open(path, encoding="utf-8-sig", newline="") as fh:
        reader = csv.reader(fh, delimiter=delimiter, strict=True)
        try:
            for n, cells in enumerate(reader, start=1):
                yield n, [_typed(c) for c in cells]
        except UnicodeDecodeError as exc:
            raise PnpError(
                "data file is not UTF-8 text",
                file=shown,
                expected="a CSV/TSV saved as UTF-8 (every spreadsheet offers it)",
                found=str(exc.reason),
            ) from None
        except csv.Error as exc:
            raise PnpError(
                "malformed CSV",
                file=shown,
                line=reader.line_num,
                expected="quoted cells closed on the same record",
                found=str(exc),
            ) from None


def _xlsx(path: Path, shown: str, sheet: str | None):
    """(row number, cells) of each row of a workbook's sheet that holds a value. Its real rows
    are read from the sheet's XML (pnp/spec/xlsx.py): the size it claims is not trusted, each
    row is as wide as its own last cell, and a stray cell far out (XFD1048576) is refused,
    never padded out to."""
    from pnp.spec.xlsx import read_sheet

    for n, values in read_sheet(path, shown, sheet):
        width = max(values) + 1
        if width > MAX_COLUMNS:
            found = (
                f"a cell in column {_column(width - 1)}"
                if width < 1 << 20
                else "a cell reference past column XFD"
            )
            raise PnpError(
                "row has too many columns",
                file=shown,
                line=n,
                key=f"row {n}",
                expected=f"at most {MAX_COLUMNS:,} columns",
                found=found,
            )
        yield n, [_cell(values.get(k)) for k in range(width)]


def _typed(text: str):
    """A CSV cell: whole numbers and decimals become numbers; everything else stays text."""
    s = text.strip()
    if (
        len(s) > MAX_NUMBER_CHARS
    ):  # as in YAML: so many digits are text (an id, a code), not a number
        return text
    if _INT.fullmatch(s):
        return int(s)
    if _FLOAT.fullmatch(s):
        return float(s)
    return text


def _cell(value):
    """An XLSX cell: a whole float is an int (spreadsheets store 3 as 3.0); empty is ''."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (bool, int, float, str)):
        return value
    return str(value)  # dates and times: as the sheet shows them, as text


def _column(k: int) -> str:
    """Spreadsheet column letters: 0 -> A, 26 -> AA."""
    out = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        out = chr(65 + r) + out
    return out


def _items(table, shown: str, max_rows: int) -> list[dict]:
    header: list[str] | None = None
    rows: list[dict] = []
    for n, cells in table:
        if header is None:
            header = _header(cells, shown, n)
            continue
        cells = _trimmed(cells)
        if not cells:
            continue
        if len(cells) > len(header):
            k = len(header)
            raise PnpError(
                "row has more cells than the header has columns",
                file=shown,
                line=n,
                key=f"row {n}, column {_column(k)}",
                expected=f"{len(header)} columns ({', '.join(header)})",
                found=repr(cells[k]),
            )
        if len(rows) >= max_rows:
            raise PnpError(
                "too many rows",
                file=shown,
                line=n,
                key=f"row {n}",
                expected=f"at most {max_rows:,} items (raise it with --limit items=N)",
                found=f"more than {max_rows:,} rows",
            )
        row = dict(zip(header, cells + [""] * (len(header) - len(cells)), strict=True))
        rows.append({**_checked(row, header, shown, n), ROW_KEY: n})
    if header is None:
        raise PnpError(
            "data file is empty",
            file=shown,
            expected="a header row naming the attributes, then one row per item",
            found="nothing",
        )
    return rows


def _trimmed(cells: list) -> list:
    """The row without its empty cells at the end (in one pass: a row may be 1,000 cells)."""
    end = len(cells)
    while end and cells[end - 1] == "":
        end -= 1
    return cells[:end]


def _header(cells: list, shown: str, n: int) -> list[str]:
    cells = _trimmed(cells)
    names: list[str] = []
    for k, cell in enumerate(cells):
        name = str(cell).strip()
        where = f"row {n}, column {_column(k)}"
        if not name.isidentifier():
            raise PnpError(
                "column heading is not an attribute name",
                file=shown,
                line=n,
                key=where,
                expected="letters, digits and _ (not starting with a digit), so templates can write {name}",
                found=repr(name),
            )
        if name in _REFUSED:
            raise PnpError(
                "column not allowed in a data file",
                file=shown,
                line=n,
                key=where,
                expected="id, count or an attribute name (one row is one item)",
                found=name,
            )
        if name in names:
            raise PnpError(
                "column heading repeated",
                file=shown,
                line=n,
                key=where,
                expected="each heading once",
                found=name,
            )
        names.append(name)
    if not names:
        raise PnpError(
            "data file has no header row",
            file=shown,
            line=n,
            expected="a first row naming the attributes",
            found="an empty row",
        )
    return names


def _checked(row: dict, header: list[str], shown: str, n: int) -> dict:
    """`count` a whole number of copies (empty: 1), `id` text (empty: made from the family)."""
    if "count" in row:
        count = row["count"]
        if count == "":
            del row["count"]
        elif isinstance(count, bool) or not isinstance(count, int) or count < 0:
            k = header.index("count")
            raise PnpError(
                "count is not a whole number of copies",
                file=shown,
                line=n,
                key=f"row {n}, column {_column(k)} (count)",
                expected="a whole number, 0 or more (empty means 1)",
                found=short(count),
            )
    if "id" in row:
        if row["id"] == "":
            del row["id"]
        else:
            row["id"] = str(row["id"])
    return row


MAX_SLUG = 60  # characters of a made id: a file name holds it with room for family and side


def slug(text: str) -> str:
    """A readable id from a name: `Éclair de Génie!` -> `eclair-de-genie`; letters of any
    script are kept (accents dropped where a letter has a plain form), anything else is `-`."""
    folded = "".join(
        c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)
    )
    out = re.sub(r"[\W_]+", "-", folded.lower()).strip("-")
    if len(out) > MAX_SLUG:
        out = out[:MAX_SLUG].rsplit("-", 1)[0] if "-" in out[:MAX_SLUG] else out[:MAX_SLUG]
    return out.strip("-")


def _name_column(rows: list[dict]) -> str | None:
    """The column a row without an id is named from: `name`, `title`, else the first with text."""
    if not rows:
        return None
    columns = [c for c in rows[0] if c not in ("id", "count", ROW_KEY)]
    for c in ("name", "title"):
        if c in columns:
            return c
    for c in columns:
        if any(isinstance(r.get(c), str) and slug(r[c]) for r in rows):
            return c
    return None


def _with_ids(rows: list[dict]) -> list[dict]:
    """Each row without an id gets its name's slug, made unique in row order (`imp`, `imp-2`);
    a row of several copies also keeps its copies' ids (`shield-1`, `shield-2`) for itself."""
    column = _name_column(rows)
    if column is None:
        return rows
    taken: set[str] = set()
    for r in rows:
        if "id" in r:
            taken.update(_copies(str(r["id"]), r))
    seen: dict[str, int] = {}
    for r in rows:
        if "id" in r or not (base := slug(r.get(column, ""))):
            continue
        n = seen.get(base, 1)
        ident = base if n == 1 else f"{base}-{n}"
        while taken.intersection(_copies(ident, r)):
            n += 1
            ident = f"{base}-{n}"
        seen[base] = n + 1
        taken.update(_copies(ident, r))
        r["id"] = ident
    return rows


def _copies(ident: str, row: dict) -> list[str]:
    """The ids a row's items get: its id, or with copies `id-1`, `id-2`... (pnp/spec/expand.py)."""
    count = row.get("count", 1)
    return (
        [ident]
        if not isinstance(count, int) or count <= 1
        else [ident, *(f"{ident}-{k}" for k in range(1, count + 1))]
    )


def _has_formulas(path: Path) -> bool:
    """Whether any worksheet of the workbook holds a formula (`<f>`), read in chunks."""
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if not (name.startswith("xl/worksheets/") and name.endswith(".xml")):
                continue
            with z.open(name) as fh:
                tail = b""
                while chunk := fh.read(1 << 16):
                    if re.search(rb"<(?:\w+:)?f[ >/]", tail + chunk):
                        return True
                    tail = chunk[-16:]
    return False


def _first_kept(table, first: list):
    """The table as it is, its first row also kept in `first`."""
    for n, cells in table:
        if not first:
            first.append((n, cells))
        yield n, cells


_FORMULA_CELLS = 10_000  # formula cells looked at in one sheet: a budget; the first are named


def _uncached_formulas(
    path: Path, shown: str, sheet: str | None, rows: list[dict], head: tuple
) -> list[str]:
    """A warning naming the formula cells read as empty: a script wrote them and no spreadsheet
    computed and saved their values (openpyxl reads saved values; it computes nothing). The
    sheet's XML is read once more, as a stream of its cells (never row by row up to a row
    number the file claims): a `<c>` with an `<f>` and no `<v>` is such a cell."""
    from xml.etree.ElementTree import ParseError, iterparse

    head_row, head_cells = head
    header = [str(c).strip() for c in head_cells]
    by_row = {r[ROW_KEY]: r for r in rows}
    cells: list[str] = []
    try:
        if not _has_formulas(path):
            return []
        import openpyxl

        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        try:
            member = (book[sheet] if sheet else book.worksheets[0])._worksheet_path
        finally:
            book.close()
        seen = 0
        with zipfile.ZipFile(path) as z, z.open(member) as fh:
            for _, el in iterparse(fh):
                if el.tag.rsplit("}", 1)[-1] != "c":
                    continue
                parts = {child.tag.rsplit("}", 1)[-1]: child.text for child in el}
                ref = el.get("r", "")
                el.clear()
                if "f" not in parts or (parts.get("v") or "") != "":
                    continue
                seen += 1
                if seen > _FORMULA_CELLS:
                    break
                m = re.fullmatch(r"([A-Z]{1,3})([0-9]+)", ref)
                if not m or int(m.group(2)) == head_row:
                    continue
                k = _column_index(m.group(1))
                name = header[k] if k < len(header) else ""
                row = by_row.get(int(m.group(2)))
                if row is None or row.get(name, "") == "":
                    cells.append(ref + (f" ({name})" if name else ""))
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, ParseError, AttributeError):
        return []  # the first reading has said what is wrong with the file, or read it
    if not cells:
        return []
    shown_cells = ", ".join(cells[:5]) + (f" and {len(cells) - 5} more" if len(cells) > 5 else "")
    return [
        f"{shown}: {len(cells)} formula cell{'s' if len(cells) != 1 else ''} without a saved value, "
        f"read as empty: {shown_cells} (a script wrote the formulas and no spreadsheet computed "
        "them: open the workbook in a spreadsheet and save it)"
    ]


def _column_index(letters: str) -> int:
    """Spreadsheet column letters to an index: A -> 0, AA -> 26 (the inverse of _column)."""
    k = 0
    for ch in letters:
        k = k * 26 + ord(ch) - 64
    return k - 1
