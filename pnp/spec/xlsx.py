"""The rows an .xlsx workbook really holds, read from its sheet's XML as a stream.

A workbook comes from a stranger, so nothing it claims is trusted: not the dimension, not a
row number (`<row r="99999999999">` is one row, not a walk over every empty row before it),
not the sizes in the zip directory. openpyxl's reader fills the gaps between rows and reads
every `<row>` element through Python objects (a 141 KB workbook of a million empty rows took
minutes); here the XML is parsed by expat as it is decompressed, empty rows cost one event,
and what is decompressed is counted against an allowance per byte of the file. A damaged workbook is exit 2:
`cannot read the workbook`, with the part and what was found.
"""

from __future__ import annotations

import os
import posixpath
import zipfile
from collections.abc import Iterator
from xml.etree.ElementTree import ParseError, XMLPullParser

from pnp.errors import PnpError, short
from pnp.spec.yamlfile import MAX_NUMBER_CHARS

# XML decompressed from one workbook, per byte of the file (workbooks a spreadsheet saved
# expand 8 to 15 times; a crafted one a thousand), and at least MIN_XML_BYTES: parsing is about a second a
# megabyte on a busy core, so a workbook under 10 KB is read, or refused, within seconds.
XML_PER_BYTE = 100
MIN_XML_BYTES = 2_000_000
MAX_SHARED_STRINGS = 1_000_000
CHUNK = 1 << 16
_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"


class Damaged(Exception):
    """The workbook cannot be read: its message says what was found (and in which row)."""

    def __init__(self, what: str, row: int | None = None):
        super().__init__(what)
        self.row = row


def _events(z: zipfile.ZipFile, name: str, budget: list[int]) -> Iterator[tuple[str, object]]:
    """(event, element) of a part of the workbook, parsed as it is decompressed."""
    try:
        fh = z.open(name)
    except KeyError:
        raise Damaged(f"the workbook has no part {name}") from None
    parser = XMLPullParser(events=("start", "end"))
    first = True
    with fh:
        while chunk := fh.read(CHUNK):
            budget[0] -= len(chunk)
            if budget[0] < 0:
                raise Damaged(
                    f"it expands past {budget[1]:,} bytes of XML ({XML_PER_BYTE} per byte of the file)"
                )
            if first and (b"<!DOCTYPE" in chunk[:4096] or b"<!ENTITY" in chunk[:4096]):
                raise Damaged(f"{name} declares a DOCTYPE or entities")
            first = False
            parser.feed(chunk)
            yield from parser.read_events()
    parser.close()
    yield from parser.read_events()


def _text(el) -> str:
    """A string item's text: its <t>, or its runs' <t>s (phonetic guides left out)."""
    if (t := el.find(f"{_MAIN}t")) is not None:
        return t.text or ""
    return "".join(r.findtext(f"{_MAIN}t") or "" for r in el.findall(f"{_MAIN}r"))


class Workbook:
    def __init__(self, z: zipfile.ZipFile, size: int):
        self.z = z
        allowed = max(MIN_XML_BYTES, XML_PER_BYTE * size)
        self.budget = [allowed, allowed]  # left, allowed
        self.sheets = self._sheets()  # [(name, part)], in the workbook's order
        self._strings: list[str] | None = None
        self._dates: list[bool] | None = None

    def _sheets(self) -> list[tuple[str, str | None]]:
        targets: dict[str, str] = {}
        for ev, el in _events(self.z, "xl/_rels/workbook.xml.rels", self.budget):
            if ev == "end" and el.tag == f"{_PKG}Relationship":
                target = el.get("Target", "")
                part = (
                    target.lstrip("/")
                    if target.startswith("/")
                    else posixpath.normpath(posixpath.join("xl", target))
                )
                targets[el.get("Id", "")] = part
        sheets = []
        for ev, el in _events(self.z, "xl/workbook.xml", self.budget):
            if ev == "end" and el.tag == f"{_MAIN}sheet":
                part = targets.get(el.get(f"{_REL}id", ""))
                sheets.append(
                    (el.get("name", ""), part if part and "worksheets/" in part else None)
                )
        if not sheets:
            raise Damaged("xl/workbook.xml lists no sheet")
        return sheets

    def strings(self) -> list[str]:
        if self._strings is None:
            self._strings = []
            if "xl/sharedStrings.xml" in self.z.namelist():
                root = None
                for ev, el in _events(self.z, "xl/sharedStrings.xml", self.budget):
                    if ev == "end" and el.tag == f"{_MAIN}si":
                        if len(self._strings) >= MAX_SHARED_STRINGS:
                            raise Damaged(f"more than {MAX_SHARED_STRINGS:,} shared strings")
                        self._strings.append(_text(el))
                        el.clear()
                    elif ev == "start" and el.tag == f"{_MAIN}sst":
                        root = el
                    if ev == "end" and el.tag == f"{_MAIN}si":
                        root.clear()  # the strings read so far are kept in the list, not the tree
        return self._strings

    def dates(self) -> list[bool]:
        """For each cell style: whether its number format shows a date."""
        if self._dates is None:
            from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format

            self._dates = []
            if "xl/styles.xml" in self.z.namelist():
                custom: dict[int, str] = {}
                in_xfs = False
                for ev, el in _events(self.z, "xl/styles.xml", self.budget):
                    if el.tag == f"{_MAIN}cellXfs":
                        in_xfs = ev == "start"
                    elif ev == "end" and el.tag == f"{_MAIN}numFmt":
                        custom[_int(el.get("numFmtId"))] = el.get("formatCode", "")
                    elif ev == "end" and in_xfs and el.tag == f"{_MAIN}xf":
                        fid = _int(el.get("numFmtId"))
                        self._dates.append(
                            is_date_format(custom.get(fid, BUILTIN_FORMATS.get(fid, "General")))
                        )
        return self._dates

    def rows(self, part: str) -> Iterator[tuple[int, dict[int, object]]]:
        """(row number, {column index: value}) of each row that holds a value, in order."""
        n = 0
        row: dict[int, object] = {}
        cell: tuple[int, str, int] | None = None  # column, type, style
        value: object = None
        data = None
        for ev, el in _events(self.z, part, self.budget):
            tag = el.tag
            if ev == "start":
                if tag == f"{_MAIN}row":
                    n = _int(el.get("r")) or n + 1
                    row = {}
                    col = -1
                elif tag == f"{_MAIN}sheetData":
                    data = el
                elif tag == f"{_MAIN}c":
                    ref = el.get("r")
                    col = _column_index(ref) if ref else col + 1
                    cell, value = (col, el.get("t", "n"), _int(el.get("s"))), None
                continue
            if tag == f"{_MAIN}v" and cell is not None:
                value = el.text or ""
            elif tag == f"{_MAIN}is" and cell is not None:
                value = _text(el)
            elif tag == f"{_MAIN}c":
                if (
                    value is not None
                    and cell is not None
                    and (v := self._value(value, cell, n)) is not None
                ):
                    row[cell[0]] = v
                cell, value = None, None
                el.clear()
            elif tag == f"{_MAIN}row":
                if data is not None:
                    data.clear()  # rows read are not kept in the tree
                if row:
                    yield n, row
            elif tag == f"{_MAIN}sheetData":
                return

    def _value(self, text, cell: tuple[int, str, int], n: int):
        col, kind, style = cell
        if kind in ("inlineStr", "str", "e"):
            return text
        if kind == "s":
            strings = self.strings()
            i = _int(text, -1)
            if not 0 <= i < len(strings):
                raise Damaged(f"shared string {short(text)} does not exist", n)
            return strings[i]
        if kind == "b":
            return text.strip() in ("1", "true")
        if kind == "d":
            return text.replace("T", " ")
        text = text.strip()
        if not text:  # <v/>: a formula a script wrote, no value saved (read as an empty cell)
            return None
        if len(text) > MAX_NUMBER_CHARS:
            raise Damaged(f"a number of {len(text):,} characters", n)
        try:
            number = float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:
            raise Damaged(f"{short(text)} is not a number", n) from None
        dates = self.dates()
        if 0 <= style < len(dates) and dates[style]:
            from openpyxl.utils.datetime import from_excel

            try:
                return str(from_excel(number))
            except (ValueError, OverflowError):
                return number
        return number


def _int(text: str | None, default: int = 0) -> int:
    if text is None or not text.isdigit() or len(text) > 15:
        return default
    return int(text)


def _column_index(ref: str) -> int:
    """`C7` -> 2; a reference without letters (or past the 3-letter columns) -> past any limit."""
    k = 0
    for i, c in enumerate(ref):
        if "A" <= c <= "Z":
            k = k * 26 + ord(c) - 64
        elif i == 0:
            return 1 << 30
        else:
            break
        if i >= 3:
            return 1 << 30
    return k - 1


def read_sheet(path, shown: str, sheet: str | None) -> Iterator[tuple[int, dict[int, object]]]:
    """The rows of a workbook's sheet (the first worksheet unless named); refusals name `shown`."""

    def refuse(why: str, line: int | None = None) -> PnpError:
        return PnpError("cannot read the workbook", file=shown, line=line, key=f"row {line}" if line else None,
                        expected="an .xlsx file saved by a spreadsheet", found=why if len(why) < 160 else why[:157] + "...")  # fmt: skip

    try:
        z = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise refuse(str(exc)) from None
    n = 0
    with z:
        try:
            book = Workbook(z, os.path.getsize(path))
            names = [name for name, _ in book.sheets]
            if sheet is None:
                parts = [part for _, part in book.sheets if part]
                if not parts:
                    raise Damaged("the workbook has no worksheet")
                part = parts[0]
            elif sheet in names:
                part = dict(book.sheets)[sheet]
                if part is None:
                    raise Damaged(f"sheet {sheet!r} is not a worksheet (a chart?)")
            else:
                import difflib

                near = difflib.get_close_matches(sheet, names, n=1, cutoff=0.5)
                raise PnpError("no such sheet in the workbook", file=shown, key="sheet", expected="one of: " + ", ".join(names),
                               found=sheet, hint=f"did you mean '{near[0]}'?" if near else None)  # fmt: skip
            for n, row in book.rows(part):
                yield n, row
        except Damaged as exc:
            raise refuse(str(exc), exc.row) from None
        except (ParseError, zipfile.BadZipFile, EOFError, ValueError, OSError, RuntimeError) as exc:
            # RuntimeError: an encrypted member; OSError/EOFError: a truncated or corrupt stream
            raise refuse(f"{type(exc).__name__}: {exc}", n + 1 if n else None) from None
