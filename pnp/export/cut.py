"""Cut files for print-and-cut machines: one SVG per sheet page, read from the manifest.

Coordinates are the printed page's, in millimetres (viewBox = page size in mm, width/height in
mm), so the file lines up with the PDF page when both are placed at the page's top-left.
Each file has two layers (groups): `registration` — marks in the style most cutters' optical
sensors read (a filled square at the top-left corner of the printable area, right-angle marks
at the other three) — and `cut` — one closed path per item, a hairline in red: a rectangle,
or a circle for items the manifest calls round (`"shape": "circle"`).
Back pages are not cut (the cut follows the fronts); board tiles are trimmed by hand along
their printed marks, so tile pages get no cut file.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

REG_SIZE = 5.0  # mm, the square mark
REG_ARM = 10.0  # mm, the arms of the corner marks
REG_WIDTH = 0.5  # mm, the corner marks' line width
CUT_COLOUR = "#ff0000"
CUT_WIDTH = 0.1  # mm


def _n(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def cut_pages(manifest: dict) -> list[dict]:
    return [p for p in manifest["pages"] if p["kind"] == "sheet" and any(i["side"] == "front" for i in p["items"])]


def registration(w: float, h: float, margin: float) -> list[str]:
    x0, y0, x1, y1 = margin, margin, w - margin, h - margin
    a, lw = REG_ARM, REG_WIDTH
    half = lw / 2
    out = [f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(REG_SIZE)}" height="{_n(REG_SIZE)}" fill="#000000"/>']
    for cx, cy, dx, dy in ((x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
        px, py = cx - dx * half, cy - dy * half  # the corner, inset so the stroke stays inside
        out.append(
            f'<path d="M{_n(px + dx * a)} {_n(py)} L{_n(px)} {_n(py)} L{_n(px)} {_n(py + dy * a)}" '
            f'fill="none" stroke="#000000" stroke-width="{_n(lw)}"/>'
        )
    return out


def cut_path(item: dict) -> str:
    x, y, w, h = item["x_mm"], item["y_mm"], item["w_mm"], item["h_mm"]
    ident = quoteattr(f"{item['component']}/{item['id']}")
    if item.get("shape") == "circle":
        return f'<ellipse id={ident} cx="{_n(x + w / 2)}" cy="{_n(y + h / 2)}" rx="{_n(w / 2)}" ry="{_n(h / 2)}"/>'
    return f'<path id={ident} d="M{_n(x)} {_n(y)} H{_n(x + w)} V{_n(y + h)} H{_n(x)} Z"/>'


def cut_svg(manifest: dict, page: dict) -> str:
    w, h = page["size_mm"]
    margin = manifest["printable_margin_mm"]
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(w)}mm" height="{_n(h)}mm" viewBox="0 0 {_n(w)} {_n(h)}">',
        f"<title>{manifest['game']} {manifest['paper']} page {page['number']}: cut paths</title>",
        '<g id="registration">',
        *registration(w, h, margin),
        "</g>",
        f'<g id="cut" fill="none" stroke="{CUT_COLOUR}" stroke-width="{_n(CUT_WIDTH)}">',
        *(cut_path(it) for it in page["items"] if it["side"] == "front"),
        "</g>",
        "</svg>",
    ]
    return "\n".join(lines) + "\n"


def write_cut_files(manifest: dict, folder: Path, stem: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for page in cut_pages(manifest):
        path = folder / f"{stem}-cut-p{page['number']:03d}.svg"
        path.write_text(cut_svg(manifest, page), encoding="utf-8")
        out.append(path)
    return out
