"""Contrast of every text and symbol against what lies under it, read from the drawing.

Under a text is what is drawn before it under its middle, under a symbol what is drawn before
it under its centre: the filled shapes there, blended by their opacity over each other and
over the paper's white (a text or symbol on a picture is not read: its pixels are not in the
drawing). The ratio is WCAG 2's (pnp.rulecheck.legibility.contrast): a text needs
MIN_TEXT (WCAG's 4.5:1 for text); a symbol needs MIN_SYMBOL, a symbol drawn in (nearly) its
ground's own colour. WCAG's 3:1 for graphics would fail symbols the shipped games print on
purpose (white animals on the yellow genus's counters, 2.4:1), so the symbol threshold catches
what cannot be seen at all. Numbers in the die's own colour, yellow on yellow, a token's label
in its own colour: each fails `drawn:contrast`.

A symbol counts by its edge where that stands out more than its colour (pnp.rulecheck.art_edge):
the ink-saver's white art on a pale tint is seen by the outline drawn round it in the tint's
full colour. The ink-saver's faces are read like any others (`pnp check --ink-saver`).
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.draw.colours import rgb
from pnp.rulecheck import art_edge
from pnp.rulecheck.faces import PrintedFaces
from pnp.rulecheck.ground import ground_of
from pnp.rulecheck.legibility import contrast
from pnp.rulecheck.result import Miss, Result

MIN_TEXT = 4.5
MIN_SYMBOL = 1.4
PAPER = (1.0, 1.0, 1.0)


def ground(
    facts, x: float, y: float, before: int, memo: dict | None = None
) -> tuple[float, float, float] | None:
    """The colour under a point, of everything drawn before `before`, blended by opacity; None
    over a picture, whose pixels the drawing does not give. `memo` keeps colours read as
    numbers (one dict for many calls)."""
    memo = {} if memo is None else memo
    under = []  # facts.shapes are in drawing order
    for s in facts.shapes:
        if s.order >= before:
            break
        b = s.box  # most shapes lie elsewhere: their box says so without a call
        if b[0] <= x <= b[2] and b[1] <= y <= b[3] and s.opacity > 0 and s.holds(x, y):
            under.append(s)
    top = under[-1].order if under else -1
    if any(
        k.picture
        and top < k.order < before
        and k.box[0] <= x <= k.box[2]
        and k.box[1] <= y <= k.box[3]
        for k in facts.marks
    ):
        return None
    colour = PAPER
    for s in under:
        c, a = _rgb(s.fill, memo), min(s.opacity, 1.0)
        colour = tuple(a * c[i] + (1 - a) * colour[i] for i in range(3))
    return colour


def low(
    facts, symbols: Mapping | None = None, memo: dict | None = None
) -> list[tuple[str, str, str, float]]:
    """(what, its colour, the ground's colour, the ratio) for each text and symbol below its
    threshold on one face. A symbol is measured by its colour and, given the drawings
    (`symbols`), by its edge: a white animal outlined in blue on pale blue is seen by its
    outline (pnp.rulecheck.art_edge); the better of the two counts. A text is also read against
    each symbol drawn before it under part of it (a white label on a white meeple's feet).
    `memo` keeps colours and ratios worked out, for the faces of a game."""
    memo = {} if memo is None else memo
    things = [
        (f"text '{' '.join(t.text.split())}'", t, MIN_TEXT) for t in facts.texts if t.text.strip()
    ] + [(f"symbol '{k.art}'", k, MIN_SYMBOL) for k in facts.marks]
    out = []
    for what, f, least in things:
        if not f.colour:
            continue
        g = ground(facts, (f.box[0] + f.box[2]) / 2, (f.box[1] + f.box[3]) / 2, f.order, memo)
        if g is None:
            continue
        r, shown = _ratio(f.colour, g, memo), f.colour
        if r < least and symbols and getattr(f, "symbol", ""):
            scale = art_edge.scale_of(symbols, f.symbol, f.box, f.angle)
            seen = art_edge.edge(symbols, f.symbol, scale)
            worst = min(seen, key=lambda c: contrast(rgb(c), g), default=f.colour)
            if worst != f.colour:
                r, shown = max(r, contrast(rgb(worst), g)), f"{f.colour}, edged {worst},"
        if r < least:
            out.append((what, shown, _hex(g), r))
        elif symbols is not None and least == MIN_TEXT:
            for k in art_under(facts, f, symbols):
                r = contrast(rgb(f.colour), rgb(k.colour))
                if r < least:
                    out.append((what, f.colour, f"symbol '{k.art}' {k.colour}", r))
                    break
    return out


STEPS = (10, 8)  # points across and down a text's box (inset by INSET), where a symbol may lie
INSET = 0.0  # of the box's width and height on each side: the box is the glyphs' ascent to descent
COVERS = 3  # a symbol under this many of the points, or more, is the text's ground there


def art_under(facts, text, symbols) -> list:
    """The symbols drawn before a text (in a colour, not turned) whose art lies under COVERS or
    more of STEPS points over the text's box, read on the art's own filled shapes where no fill
    drawn after the art hides it."""
    x0, y0, x1, y1 = text.box
    pts: list = []  # laid out for the first symbol that may lie under the text (most have none)
    out = []
    for k in facts.marks:
        if (
            k.order >= text.order or k.picture or not k.colour or k.angle
            or k.box[0] > x1 or k.box[2] < x0 or k.box[1] > y1 or k.box[3] < y0
        ):  # fmt: skip
            continue
        _, holds = ground_of(k.art, facts, symbols, k)
        if holds is None:
            continue
        if not pts:
            w, h = (x1 - x0) * (1 - 2 * INSET), (y1 - y0) * (1 - 2 * INSET)
            ax, ay = x0 + (x1 - x0) * INSET, y0 + (y1 - y0) * INSET
            pts = [
                (ax + w * i / (STEPS[0] - 1), ay + h * j / (STEPS[1] - 1))
                for i in range(STEPS[0])
                for j in range(STEPS[1])
            ]
        over = [s for s in facts.shapes if k.order < s.order < text.order and s.opacity >= 0.5]
        seen = [p for p in pts if holds(p) and not any(s.holds(*p) for s in over)]
        if len(seen) >= COVERS:  # the art itself, not a fill drawn over it
            out.append(k)
    return out


def _rgb(hexcolour: str, memo: dict) -> tuple[float, float, float]:
    got = memo.get(hexcolour)
    if got is None:
        got = memo[hexcolour] = rgb(hexcolour)
    return got


def _ratio(hexcolour: str, ground: tuple[float, float, float], memo: dict) -> float:
    """contrast(rgb(hexcolour), ground), once for each pair: faces print few colours on few grounds."""
    got = memo.get((hexcolour, ground))
    if got is None:
        got = memo[(hexcolour, ground)] = contrast(_rgb(hexcolour, memo), ground)
    return got


def _hex(c) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in c)


def result(game, printed: PrintedFaces, at: str) -> Result:
    """`drawn:contrast`: each text and symbol too faint against its ground, once per family,
    side, element and colours."""
    seen: dict = {}
    read: dict[int, list] = {}  # faces that print one drawing (a deck's backs) share its facts
    memo: dict = {}  # colours as numbers, and the ratios of pairs of them
    for fam in game.families:
        for face in printed.faces(fam.name):
            facts = printed.facts(face)
            if id(facts) not in read:
                read[id(facts)] = low(facts, printed.symbols, memo)
            for what, colour, under, r in read[id(facts)]:
                seen.setdefault((face.family, face.side, what, colour, under), (face, r))
    misses = tuple(
        Miss(
            f.item, key[1],
            f"{key[2]} in {key[3]} on {key[4]}: contrast {r:.1f}:1 ({key[0]})", f.where, key[2],
        )
        for key, (f, r) in sorted(seen.items(), key=lambda kv: kv[0])
    )  # fmt: skip
    expected = f"texts {MIN_TEXT:g}:1, symbols {MIN_SYMBOL:g}:1 against what lies under them"
    cite = "pnp: every text and symbol stands out from what it is printed on"
    if not misses:
        return Result("drawn:contrast", True, expected, "every text and symbol", cite, rule=at)
    shown = "; ".join(m.printed for m in misses[:3]) + (
        f" ... ({len(misses)} in all)" if len(misses) > 3 else ""
    )
    how = "darken or lighten the text or symbol or its ground (docs/rules.md, Contrast)"
    return Result(
        "drawn:contrast", False, expected, shown, f"{cite}: {how}", rule=at, misses=misses
    )
