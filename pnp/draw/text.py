"""Fit and wrap text into a box once, so every engine prints the same lines."""

from __future__ import annotations

from pnp import budget
from pnp.draw.fonts import FontBook
from pnp.draw.primitives import Text

MIN_SHRINK = 0.4


def layout_text(
    text: str,
    *,
    x: float,
    y: float,
    w: float,
    h: float | None,
    size: float,
    font: str,
    colour: str,
    align: str,
    valign: str,
    fit: str,
    line_height: float,
    fonts: FontBook,
) -> list[Text]:
    # checked before wrapping, whose cost grows with the length
    budget.check("text", len(text), key="text")
    fm = fonts.metrics(font)
    paragraphs = text.split("\n")
    box_h = h if h is not None else size * line_height

    def lines_at(sz: float) -> list[str]:
        if fit != "wrap":
            return paragraphs
        out: list[str] = []
        for para in paragraphs:
            words = para.split(" ")
            cur = ""
            for word in words:
                trial = word if not cur else cur + " " + word
                if fm.width(trial, sz) <= w or not cur:
                    cur = trial
                else:
                    out.append(cur)
                    cur = word
            out.append(cur)
        return out

    sz = size
    lines = lines_at(sz)
    if fit in ("wrap", "shrink"):
        while sz > size * MIN_SHRINK:
            widest = max((fm.width(line, sz) for line in lines), default=0.0)
            tall = (len(lines) - 1) * sz * line_height + sz * (fm.ascent + fm.descent) * 0.85
            if widest <= w + 1e-6 and (tall <= box_h + 1e-6 or h is None):
                break
            sz *= 0.95
            lines = lines_at(sz)
        # Past the smallest step the text still overflows: scale it to fit the box exactly, so no
        # line ever prints outside it; the legibility check warns about the size it ends at.
        for _ in range(3):
            widest = max((fm.width(line, sz) for line in lines), default=0.0)
            tall = (len(lines) - 1) * sz * line_height + sz * (fm.ascent + fm.descent) * 0.85
            factor = min(w / widest if widest > w else 1.0, box_h / tall if h is not None and tall > box_h else 1.0)
            if factor >= 1.0 - 1e-9:
                break
            sz *= factor * (1 - 1e-6)
            lines = lines_at(sz)
    lead = sz * line_height
    block = (len(lines) - 1) * lead
    # Centre on the cap height so capitals sit visually in the middle.
    cap = sz * fm.cap_height
    if valign == "top":
        base = y + cap
    elif valign == "bottom":
        base = y + box_h - block
    else:
        base = y + (box_h - block) / 2 + cap / 2
    anchor = {"left": "start", "center": "middle", "right": "end"}[align]
    ax = {"left": x, "center": x + w / 2, "right": x + w}[align]
    return [Text(ax, base + i * lead, line, font, sz, colour, anchor) for i, line in enumerate(lines) if line]
