"""The floor: the synthetic deck drawn with a bare reportlab canvas, nothing else.

Everything a careful hand-written script would do: one font registration, the suit symbol
parsed once and kept as a form, nine cards to an A4 page, plain drawString calls. With
`backs`, the same pages pnp prints: each card's cut line, cut marks around each sheet, and a
sheet of backs after each sheet of fronts (mirrored for a long-edge flip; the back, the same
on every card, kept as a form).
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


def _star(c, size: float) -> None:
    """A five-pointed star `size` wide, centred on the origin (the back's symbol)."""
    import math

    p = c.beginPath()
    for k in range(10):
        r = size / 2 if k % 2 == 0 else size / 5
        a = math.pi / 2 + k * math.pi / 5
        x, y = r * math.cos(a), r * math.sin(a)
        p.moveTo(x, y) if k == 0 else p.lineTo(x, y)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _marks(c, x0: float, y0: float, w: float, h: float, cols: int, rows: int) -> None:
    """Cut marks: a 5 mm tick beyond the sheet's edge at every cut line."""
    c.setStrokeColor("#000000")
    c.setLineWidth(0.25 * MM)
    p = c.beginPath()
    for i in range(cols + 1):
        x = x0 + i * w
        p.moveTo(x, y0 - 2 * MM), p.lineTo(x, y0 - 7 * MM)
        p.moveTo(x, y0 + rows * h + 2 * MM), p.lineTo(x, y0 + rows * h + 7 * MM)
    for j in range(rows + 1):
        y = y0 + j * h
        p.moveTo(x0 - 2 * MM, y), p.lineTo(x0 - 7 * MM, y)
        p.moveTo(x0 + cols * w + 2 * MM, y), p.lineTo(x0 + cols * w + 7 * MM, y)
    c.drawPath(p, stroke=1, fill=0)


def _back_form(c, w: float, h: float) -> None:
    """The back every card shares, kept as one form named 'back'."""
    c.beginForm("back")
    c.setFillColor("#ffffff")
    c.setStrokeColor("#9a9a9a")
    c.setLineWidth(0.2 * MM)
    c.roundRect(0, 0, w, h, 3 * MM, stroke=1, fill=1)
    c.setFillColor("#1b4d3e")
    c.roundRect(4 * MM, 4.5 * MM, 55.5 * MM, 80.9 * MM, 2 * MM, stroke=0, fill=1)
    c.setFillColor("#ffffff")
    c.saveState()
    c.translate(w / 2, h / 2)
    _star(c, 20 * MM)
    c.restoreState()
    c.endForm()


def _backs(c, count: int, x0: float, y0: float, w: float, h: float) -> None:
    """A sheet of `count` backs, each where its front's back lands after a long-edge flip."""
    for slot in range(count):
        x = 210 * MM - (x0 + (slot % 3 + 1) * w)  # mirrored across the page
        y = 297 * MM - y0 - (slot // 3 + 1) * h
        c.saveState()
        c.translate(x, y)
        c.doForm("back")
        c.restoreState()


def draw_floor(path: Path, n: int, backs: bool = False) -> int:
    pdfmetrics.registerFont(TTFont("FloorVera", str(BUILTIN["regular"])))
    pdfmetrics.registerFont(TTFont("FloorVeraBd", str(BUILTIN["bold"])))
    c = canvas.Canvas(str(path), pagesize=(210 * MM, 297 * MM), invariant=1, initialFontName="FloorVera")
    children, mx, my, w, h = read_art(str(find_art("suit-spades", [])))
    ops = [op for child in children for op in getattr(child, "ops", ())]
    forms = set()
    W, H = 63.5 * MM, 88.9 * MM
    x0, y0 = (210 * MM - 3 * W) / 2, (297 * MM - 3 * H) / 2
    pages = 0
    if backs:
        _back_form(c, W, H)
    for i in range(n):
        slot = i % 9
        if slot == 0 and i:
            if backs:
                _marks(c, x0, 297 * MM - y0 - 3 * H, W, H, 3, 3)
                c.showPage()
                _backs(c, 9, x0, y0, W, H)
                pages += 1
            c.showPage()
            pages += 1
        colour = COLOURS[i % len(COLOURS)]
        x = x0 + (slot % 3) * W
        y = 297 * MM - y0 - (slot // 3 + 1) * H
        if backs:  # the card's cut line, as pnp draws it
            c.setFillColor("#ffffff")
            c.setStrokeColor("#9a9a9a")
            c.setLineWidth(0.2 * MM)
            c.roundRect(x, y, W, H, 3 * MM, stroke=1, fill=1)
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
    if backs:
        rows = ((n - 1) % 9) // 3 + 1
        _marks(c, x0, 297 * MM - y0 - rows * H, W, H, 3, rows)
        c.showPage()
        _backs(c, (n - 1) % 9 + 1, x0, y0, W, H)
        pages += 1
    c.showPage()
    c.save()
    return pages + 1
