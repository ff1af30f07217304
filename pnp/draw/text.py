"""Fit and wrap text into a box once, so every engine prints the same lines."""

from __future__ import annotations

from collections.abc import Callable

from pnp import budget
from pnp.draw.fonts import FontBook, FontMetrics, font_variant
from pnp.draw.primitives import Text
from pnp.draw.richtext import Piece, Word, parse

MIN_SHRINK = 0.4

# Draws one inline art symbol: (name, left, top, side) -> a primitive.
IconDrawer = Callable[[str, float, float, float], object]


def _fit(lines_at, widest_at, size, w, h, box_h, fit, line_height, fm: FontMetrics):
    """The size the text ends at and its lines: wrapped, then shrunk until the box holds it."""
    sz = size
    lines = lines_at(sz)
    if fit in ("wrap", "shrink"):
        while sz > size * MIN_SHRINK:
            widest = widest_at(lines, sz)
            tall = (len(lines) - 1) * sz * line_height + sz * (fm.ascent + fm.descent) * 0.85
            if widest <= w + 1e-6 and (tall <= box_h + 1e-6 or h is None):
                break
            sz *= 0.95
            lines = lines_at(sz)
        # Past the smallest step the text still overflows: scale it to fit the box exactly, so no
        # line ever prints outside it; the legibility check warns about the size it ends at.
        for _ in range(3):
            widest = widest_at(lines, sz)
            tall = (len(lines) - 1) * sz * line_height + sz * (fm.ascent + fm.descent) * 0.85
            factor = min(
                w / widest if widest > w else 1.0,
                box_h / tall if h is not None and tall > box_h else 1.0,
            )
            if factor >= 1.0 - 1e-9:
                break
            sz *= factor * (1 - 1e-6)
            lines = lines_at(sz)
    return sz, lines


def _first_base(
    y: float, box_h: float, block: float, sz: float, fm: FontMetrics, valign: str
) -> float:
    # Centre on the cap height so capitals sit visually in the middle.
    cap = sz * fm.cap_height
    if valign == "top":
        return y + cap
    if valign == "bottom":
        return y + box_h - block
    return y + (box_h - block) / 2 + cap / 2


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
    # checked before wrapping, whose cost grows with the length; a text laid out once and
    # reused (an element alike on many items) is work, and counts, once
    budget.check("text", len(text), key="text")
    budget.spend("text_total", len(text), key="text")
    fm = fonts.metrics(font)
    box_h = h if h is not None else size * line_height
    key = (text, w, h, size, fm, fit, line_height)
    fitted = _fitted.get(key)
    if fitted is None:
        fitted = _fitted[key] = _wrapped(text, w, h, box_h, size, fm, fit, line_height)
    sz, lines = fitted
    lead = sz * line_height
    base = _first_base(y, box_h, (len(lines) - 1) * lead, sz, fm, valign)
    anchor = {"left": "start", "center": "middle", "right": "end"}[align]
    ax = {"left": x, "center": x + w / 2, "right": x + w}[align]
    return [
        Text(ax, base + i * lead, line, font, sz, colour, anchor)
        for i, line in enumerate(lines)
        if line
    ]


# a text's size and lines by what decides them (not where it goes nor its colour): the guide
# lays out its lines for both papers and its draft, a label is tried at several lengths
_fitted: dict[tuple, tuple[float, list[str]]] = {}
# a string's width in ems, by font
_measured: dict[FontMetrics, dict[str, float]] = {}


def _wrapped(
    text: str,
    w: float,
    h: float | None,
    box_h: float,
    size: float,
    fm: FontMetrics,
    fit: str,
    line_height: float,
) -> tuple[float, list[str]]:
    """The size a text ends at and its lines."""
    paragraphs = text.split("\n")

    # a string's width in ems, measured once a build: each shrink step wraps the same words
    # again and measures the lines it makes (width(s, sz) is width(s, 1) * sz, exactly), and
    # texts share their words
    ems = _measured.get(fm)
    if ems is None:
        ems = _measured[fm] = {}

    def em(s: str) -> float:
        e = ems.get(s)
        if e is None:
            e = ems[s] = fm.width(s, 1.0)
        return e

    split = [para.split(" ") for para in paragraphs] if fit == "wrap" else []

    def lines_at(sz: float) -> list[str]:
        if fit != "wrap":
            return paragraphs
        # a line's width in ems is kept as words join it (the width of the line so far, the
        # word with its space, and the kerning between them): measuring each trial line anew
        # made a 5,000-character paragraph cost a second a face
        pairs = fm.pairs or {}
        out: list[str] = []
        for words in split:
            cur, cur_em = "", 0.0
            for word in words:
                if not cur:
                    trial, trial_em = word, em(word)
                else:
                    trial = cur + " " + word
                    trial_em = cur_em + em(" " + word) + pairs.get(cur[-1] + " ", 0.0)
                if trial_em * sz <= w or not cur:
                    cur, cur_em = trial, trial_em
                else:
                    out.append(cur)
                    cur, cur_em = word, em(word)
            out.append(cur)
        return out

    def widest_at(lines: list[str], sz: float) -> float:
        return max((em(line) * sz for line in lines), default=0.0)

    return _fit(lines_at, widest_at, size, w, h, box_h, fit, line_height, fm)


def icon_side(fm: FontMetrics, size: float) -> float:
    """An inline symbol is a square as tall as the font's capitals, resting on the baseline."""
    return size * fm.cap_height


class _Runs:
    """A rich text's lines as runs of one font each, and their widths: each font variant looked
    up, each word measured and each font's kerning pairs read once (words repeat)."""

    def __init__(self, fonts: FontBook, font: str, fm: FontMetrics):
        self.fonts, self.font, self.fm = fonts, font, fm
        self.keys: dict[tuple[bool, bool], str] = {}
        self.measured: dict[tuple[str, str | None], float] = {}
        self.kerning: dict[str, dict] = {}

    def key_of(self, p: Piece) -> str:
        keys = self.keys
        k = keys.get((p.bold, p.italic))
        if k is None:
            k = font_variant(self.fonts, self.font, p.bold, p.italic)
            self.keys[(p.bold, p.italic)] = k
        return k

    def runs(self, line: list[Word]) -> list[tuple[str, str | None]]:
        """(text, font key) runs of a line, and (name, None) for an inline symbol."""
        out: list[tuple[str, str | None]] = []
        for n, word in enumerate(line):
            if n:  # the space between words, in the font of the run before it
                if out and out[-1][1] is not None:
                    out[-1] = (out[-1][0] + " ", out[-1][1])
                else:
                    first = self.key_of(word[0]) if word and not word[0].icon else self.font
                    out.append((" ", first))
            for p in word:
                if p.icon:
                    out.append((p.icon, None))
                    continue
                k = self.key_of(p)
                if out and out[-1][1] == k:
                    out[-1] = (out[-1][0] + p.text, k)
                else:
                    out.append((p.text, k))
        return out

    def width_of(self, line: list[Word], sz: float) -> float:
        side = icon_side(self.fm, sz)
        metrics = self.fonts.metrics
        return sum(side if k is None else metrics(k).width(t, sz) for t, k in self.runs(line))

    def units(self, t: str, k: str | None) -> float:
        measured = self.measured
        em = measured.get((t, k))
        if em is None:
            em = self.fm.cap_height if k is None else self.fonts.metrics(k).width(t, 1.0)
            measured[(t, k)] = em
        return em

    def joined(self, k: str, a: str, b: str) -> float:
        """The kerning between two texts of one font run put together, in ems."""
        kerning = self.kerning
        pairs = kerning.get(k)
        if pairs is None:
            pairs = kerning[k] = self.fonts.metrics(k).pairs or {}
        return pairs.get(a[-1] + b[0], 0.0) if pairs and a and b else 0.0

    def grown(self, line: tuple, word: Word) -> tuple:
        """(ems of the closed runs, open run's text, font and ems) of a line with `word` added,
        as runs() would make it: measuring only what the word adds keeps wrapping linear."""
        done, text, key, em = line
        if key is not None and text is not None:  # the space joins the open text run
            em += self.units(" ", key) + self.joined(key, text, " ")
            text += " "
        else:
            if text is not None:
                done += em
            key = self.key_of(word[0]) if word and not word[0].icon else self.font
            text, em = " ", self.units(" ", key)
        for p in word:
            k = None if p.icon else self.key_of(p)
            if k is not None and k == key:
                em += self.units(p.text, k) + self.joined(k, text, p.text)
                text += p.text
            elif p.icon:
                done += em
                text, key, em = p.icon, None, self.units(p.icon, None)
            else:
                done += em
                text, key, em = p.text, k, self.units(p.text, k)
        return done, text, key, em

    def started(self, word: Word) -> tuple:
        runs_ = self.runs([word])
        if not runs_:
            return 0.0, None, None, 0.0
        done = sum(self.units(t, k) for t, k in runs_[:-1])
        t, k = runs_[-1]
        return done, t, k, self.units(t, k)

    def wrapped(
        self, paragraphs: list[list[Word]], w: float, sz: float
    ) -> tuple[list[list[Word]], list[float]]:
        """The paragraphs' words wrapped into lines at most w wide at size sz, and each line's
        width in ems, measured as the line was made."""
        out: list[list[Word]] = []
        ems: list[float] = []
        started, grown = self.started, self.grown
        for para in paragraphs:
            cur: list[Word] = []
            line = (0.0, None, None, 0.0)
            for word in para:
                if not cur:
                    cur, line = [word], started(word)
                    continue
                trial = grown(line, word)
                if (trial[0] + trial[3]) * sz <= w:
                    cur, line = cur + [word], trial
                else:
                    out.append(cur)
                    ems.append(line[0] + line[3])
                    cur, line = [word], started(word)
            out.append(cur)
            ems.append(line[0] + line[3])
        return out, ems


def layout_rich(text: str, *, icon: IconDrawer, **box) -> list:
    """Text with **bold**, *italic* and :name: symbols as runs of Text and inline symbols.

    box holds layout_text's keyword arguments (x, y, w, h, size, font, colour, align, valign,
    fit, line_height, fonts).
    A line prints as runs, each one font, placed one after another from the line's start; an
    inline symbol takes the width of its square. Fit and wrap work as for plain text.
    """
    y, w, h, size, font = box["y"], box["w"], box["h"], box["size"], box["font"]
    fonts: FontBook = box["fonts"]
    fit, line_height = box["fit"], box["line_height"]
    budget.check("text", len(text), key="text")
    budget.spend("text_total", len(text), key="text")
    fm = fonts.metrics(font)
    paragraphs = parse(text)
    box_h = h if h is not None else size * line_height
    measure = _Runs(fonts, font, fm)
    last: list = [None, []]  # the lines lines_at made last, and each one's width in ems

    def lines_at(sz: float) -> list[list[Word]]:
        if fit != "wrap":
            return paragraphs
        last[:] = measure.wrapped(paragraphs, w, sz)
        return last[0]

    def widest_at(lines: list[list[Word]], sz: float) -> float:
        if lines is last[0]:  # just wrapped: each line was measured as it was made
            return max(last[1], default=0.0) * sz
        return max((measure.width_of(line, sz) for line in lines), default=0.0)

    sz, lines = _fit(lines_at, widest_at, size, w, h, box_h, fit, line_height, fm)
    lead = sz * line_height
    base = _first_base(y, box_h, (len(lines) - 1) * lead, sz, fm, box["valign"])
    return _placed([measure.runs(line) for line in lines], box, icon, fm, sz, base, lead)


def _placed(
    lines: list[list[tuple[str, str | None]]],
    box: dict,
    icon: IconDrawer,
    fm: FontMetrics,
    sz: float,
    base: float,
    lead: float,
) -> list:
    """Each line's runs as Text and inline symbols, one after another from where the box's
    align puts the line; the first baseline at `base`, each next one `lead` below."""
    x, w, align, fonts = box["x"], box["w"], box["align"], box["fonts"]
    side = icon_side(fm, sz)
    out: list = []
    for i, parts in enumerate(lines):
        if not parts:
            continue
        by = base + i * lead
        width = sum(side if k is None else fonts.metrics(k).width(t, sz) for t, k in parts)
        left = {"left": x, "center": x + (w - width) / 2, "right": x + w - width}[align]
        for t, k in parts:
            if k is None:
                out.append(icon(t, left, by - side, side))
                left += side
                continue
            if t.strip():
                out.append(Text(left, by, t, k, sz, box["colour"], "start"))
            left += fonts.metrics(k).width(t, sz)
    return out
