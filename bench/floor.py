"""The floor: the synthetic deck's fronts drawn with a bare reportlab canvas, nothing else.

Everything a careful hand-written script would do: one font registration, the suit symbol
parsed once and kept as a form, nine cards to an A4 page, plain drawString calls.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from pnp.draw.fonts import BUILTIN
from pnp.draw.svgart import read_art
from pnp.draw.symbols import find_art

MM = 72 / 25.4
COLOURS = ["#c8102e", "#1d5fbf", "#1e7a2e", "#8a5a00", "#7b3fa0", "#b3420a"]  # white text on each: at least 4.5 : 1


def draw_floor(path: Path, n: int) -> int:
    pdfmetrics.registerFont(TTFont("FloorVera", str(BUILTIN["regular"])))
    pdfmetrics.registerFont(TTFont("FloorVeraBd", str(BUILTIN["bold"])))
    c = canvas.Canvas(str(path), pagesize=(210 * MM, 297 * MM), invariant=1, initialFontName="FloorVera")
    children, mx, my, w, h = read_art(str(find_art("suit-spades", [])))
    ops = [op for child in children for op in getattr(child, "ops", ())]
    forms = set()
    W, H = 63.5 * MM, 88.9 * MM
    x0, y0 = (210 * MM - 3 * W) / 2, (297 * MM - 3 * H) / 2
    pages = 0
    for i in range(n):
        slot = i % 9
        if slot == 0 and i:
            c.showPage()
            pages += 1
        colour = COLOURS[i % len(COLOURS)]
        x = x0 + (slot % 3) * W
        y = 297 * MM - y0 - (slot // 3 + 1) * H
        c.setFillColor(colour)
        c.roundRect(x + 4 * MM, y + H - 18 * MM, 55.5 * MM, 14 * MM, 2 * MM, stroke=0, fill=1)
        c.setFillColor("#ffffff")
        c.setFont("FloorVeraBd", 12)
        c.drawString(x + 6 * MM, y + H - 13 * MM, f"Card {i + 1}")
        name = f"sym{colour[1:]}"
        if name not in forms:
            c.beginForm(name)
            c.setFillColor(colour)
            p = c.beginPath()
            for op in ops:
                if op[0] == "M":
                    p.moveTo(op[1] / w * 14 * MM, (1 - op[2] / h) * 14 * MM)
                elif op[0] == "L":
                    p.lineTo(op[1] / w * 14 * MM, (1 - op[2] / h) * 14 * MM)
                elif op[0] == "C":
                    p.curveTo(*[v / w * 14 * MM if k % 2 == 0 else (1 - v / h) * 14 * MM for k, v in enumerate(op[1:])])
                else:
                    p.close()
            c.drawPath(p, stroke=0, fill=1)
            c.endForm()
            forms.add(name)
        c.saveState()
        c.translate(x + (63.5 / 2 - 7) * MM, y + H - 40 * MM)
        c.doForm(name)
        c.restoreState()
        c.setFillColor("#000000")
        c.setFont("FloorVera", 8)
        for k, line in enumerate(["Line one of the rules text", "Line two of the rules text", "Line three of the rules text", "Line four of the rules text", f"Line five: number {i + 1}"]):
            c.drawString(x + 6 * MM, y + H - (48 + 7 * k) * MM, line)
    c.showPage()
    c.save()
    return pages + 1
