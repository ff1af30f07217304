"""The page boxes every PDF page carries: the TrimBox (where the sheet or card is cut) and,
where there is bleed, the BleedBox (how far the art runs past the cut).

Print dialogs, imposition tools and a print shop's preflight read the TrimBox as the finished
size. A home sheet is printed on paper of its own size and not trimmed, so its TrimBox is the
whole page; a print-shop page is the card with its bleed, so its TrimBox is the card and its
BleedBox the page. Boxes are given as (x, y, w, h) mm from the page's top-left, as the drawing
model measures; PDF boxes are points from the bottom-left.
"""

from __future__ import annotations

import re
from pathlib import Path

from pnp.units import mm_to_pt

BoxMM = tuple[float, float, float, float]  # x, y, w, h in mm from the top-left


def _n(v: float) -> str:
    s = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def page_boxes(w: float, h: float, boxes: dict[str, BoxMM] | None) -> str:
    """The page dictionary entries for a w × h mm page: the boxes given, and a TrimBox (the
    whole page) when none is given."""
    named = dict(boxes or {})
    named.setdefault("TrimBox", (0.0, 0.0, w, h))
    return "".join(
        f" /{name} [{_n(mm_to_pt(x))} {_n(mm_to_pt(h - y - bh))} {_n(mm_to_pt(x + bw))} {_n(mm_to_pt(h - y))}]"
        for name, (x, y, bw, bh) in named.items()
    )


_PAGE = re.compile(rb"(\d+) 0 obj\s*<< /Type /Page % (\d+)\b")
_XREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_TRAILER = re.compile(rb"trailer\s*<<(.*?)>>\s*startxref", re.S)


def add_boxes(path: Path, pages: list[tuple[float, float, dict[str, BoxMM] | None]]) -> None:
    """Give each page of cairo's PDF its boxes, by an incremental update (PDF 7.5.6): each page
    object is written again after the file's end with the boxes in it, and a new cross-reference
    section points at the new versions. Nothing already in the file moves.

    `pages` holds (w, h, boxes) per page, in page order; cairo numbers its page objects with a
    comment (`/Type /Page % 3`), which says which is which.
    """
    data = path.read_bytes()
    tail = _XREF.search(data[-128:])
    trailer = _TRAILER.search(data, data.rfind(b"trailer"))
    if not tail or not trailer:
        raise ValueError(f"{path}: not a PDF with a cross-reference table")
    updates: list[tuple[int, bytes]] = []
    for m in _PAGE.finditer(data):
        num, index = int(m.group(1)), int(m.group(2)) - 1
        end = data.index(b"endobj", m.end())
        body = data[m.start() : end].rstrip()
        assert body.endswith(b">>")
        w, h, boxes = pages[index]
        body = body[:-2] + page_boxes(w, h, boxes).encode("ascii") + b"\n>>"
        updates.append((num, body))
    if not updates:
        return
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    offsets = []
    for num, body in updates:
        offsets.append((num, len(out)))
        out += body + b"\nendobj\n"
    at = len(out)
    out += b"xref\n"
    for num, off in sorted(offsets):
        out += b"%d 1\n%010d 00000 n \n" % (num, off)
    entries = re.sub(rb"/Prev\s+\d+", b"", trailer.group(1)).strip()
    out += b"trailer\n<< " + entries + b" /Prev " + tail.group(1) + b" >>\n"
    out += b"startxref\n%d\n%%%%EOF\n" % at
    path.write_bytes(bytes(out))
