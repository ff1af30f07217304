"""How much work a font's outlines are, counted before any engine draws them.

A font comes with a stranger's game folder. A few bytes can describe a glyph that takes hours
to draw: CFF subroutines calling each other twice, 27 deep, or TrueType composites holding
composites. reportlab, FreeType (through cairo) and fontTools each read glyphs their own way,
so the font is checked once, when the game is loaded: every glyph's outline is counted in
steps (a segment, a composite's part, a subroutine call) against a budget that grows with the
file's size (budget.font_allowed), composites and subroutines are nested at most so deep, and a
font whose tables disagree is refused. Each refusal is a FontProblem naming the limit.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

from fontTools.misc.psCharStrings import T2OutlineExtractor
from fontTools.pens.filterPen import FilterPen

MAX_COMPOSITE_DEPTH = 16  # composites inside composites; real fonts nest 1 to 3 deep
MAX_SUBR_DEPTH = (
    10  # CFF subroutine nesting: the limit the CFF specification sets (Type 2, appendix B)
)

_MORE = 0x0020  # composite flags (OpenType glyf): another component follows
_WORDS = 0x0001  # the offsets are 16-bit
_SCALE, _XY_SCALE, _TWO_BY_TWO = 0x0008, 0x0040, 0x0080


class FontProblem(ValueError):
    """A font pnp will not hand to an engine; `limit` names the limit it went past, if any."""

    def __init__(self, message: str, limit: str | None = None):
        super().__init__(message)
        self.limit = limit


class Steps:
    """A running count of outline steps that refuses past `allowed`."""

    def __init__(self, allowed: int, limit: str):
        self.allowed, self.limit, self.used = allowed, limit, 0

    def spend(self, n: int = 1) -> None:
        self.used += n
        if self.used > self.allowed:
            raise FontProblem(f"outlines take more than {self.allowed:,} steps to draw", self.limit)


# --- TrueType (glyf) --------------------------------------------------------------------


def check_tables(tt) -> None:
    """The counts the tables give each other agree: fontTools and reportlab read past a
    disagreement (a KeyError, an IndexError later) instead of refusing it."""
    glyphs = tt["maxp"].numGlyphs
    metrics = tt["hhea"].numberOfHMetrics
    if not 0 < metrics <= glyphs:
        raise FontProblem(
            f"hhea.numberOfHMetrics ({metrics:,}) is not between 1 and maxp.numGlyphs ({glyphs:,})"
        )
    used = max((tt.getGlyphID(g) for g in (tt.getBestCmap() or {}).values()), default=0)
    if used >= glyphs:
        raise FontProblem(f"its character map names glyph {used:,} of {glyphs:,}")


def _components(data: bytes, start: int, end: int, glyphs: int) -> list[int]:
    """The glyph numbers a composite glyph's record at data[start:end] holds, in order."""
    out, at, flags = [], start + 10, _MORE
    while flags & _MORE:
        if at + 4 > end:
            raise FontProblem("a composite glyph's record runs past its end")
        flags, index = struct.unpack_from(">HH", data, at)
        if index >= glyphs:
            raise FontProblem(f"a composite glyph names glyph {index:,} of {glyphs:,}")
        out.append(index)
        at += 4 + (4 if flags & _WORDS else 2)
        at += 8 if flags & _TWO_BY_TWO else 4 if flags & _XY_SCALE else 2 if flags & _SCALE else 0
    return out


def _records(tt) -> Iterator[tuple[int, list[int]]]:
    """(points, components) of each glyph in order, read from the raw glyf and loca tables."""
    glyphs = tt["maxp"].numGlyphs
    data = tt.reader["glyf"]
    loca = tt["loca"].locations
    if len(loca) < glyphs + 1:
        raise FontProblem(f"loca holds {len(loca) - 1:,} glyphs, maxp.numGlyphs {glyphs:,}")
    for g in range(glyphs):
        start, end = loca[g], loca[g + 1]
        if start == end:
            yield 0, []
            continue
        if not start + 10 <= end <= len(data):
            raise FontProblem(f"glyph {g:,} lies outside the glyf table")
        (contours,) = struct.unpack_from(">h", data, start)
        if contours < 0:
            yield 0, _components(data, start, end, glyphs)
        elif contours == 0:
            yield 0, []
        else:
            last = start + 10 + 2 * (contours - 1)
            if last + 2 > end:
                raise FontProblem(f"glyph {g:,} lists more contours than its record holds")
            yield struct.unpack_from(">H", data, last)[0] + 1, []


def check_glyf(tt, steps: Steps) -> None:
    """Every glyph's points, each composite's parts counted as often as they are drawn:
    refused past `steps`, or for a composite nested deeper than MAX_COMPOSITE_DEPTH or one
    that holds itself. Reads headers only: linear in the file's size, however deep."""
    points, parts = [], []
    for n, components in _records(tt):
        points.append(n)
        parts.append(components)
    cost: list[int | None] = [None] * len(points)
    depth = [0] * len(points)
    order = tt.getGlyphOrder()
    cap = steps.allowed + 1  # costs are clamped: a tree's true size may have thousands of digits
    for root in range(len(points)):
        if cost[root] is not None:
            continue
        if not parts[root]:  # a simple glyph (most of them): its points
            cost[root] = min(cap, points[root])
            steps.spend(cost[root])
            continue
        # depth-first without recursion, each child's cost before its parent's; a glyph is
        # "open" while it is on the stack, so meeting an open one again is a cycle
        stack, open_ = [[root, 0]], {root}
        while stack:
            frame = stack[-1]
            g, i = frame
            if i < len(parts[g]):
                frame[1] += 1
                child = parts[g][i]
                if child in open_:
                    raise FontProblem(f"composite glyph '{order[g]}' contains itself")
                if cost[child] is None:
                    stack.append([child, 0])
                    open_.add(child)
                continue
            stack.pop()
            open_.discard(g)
            cost[g] = min(cap, points[g] + sum(1 + cost[c] for c in parts[g]))
            depth[g] = 1 + max((depth[c] for c in parts[g]), default=0) if parts[g] else 0
            if depth[g] > MAX_COMPOSITE_DEPTH:
                raise FontProblem(
                    f"composite glyph '{order[g]}' is nested more than {MAX_COMPOSITE_DEPTH} deep",
                    "composite depth",
                )
            steps.spend(cost[g])


# --- CFF --------------------------------------------------------------------------------


class _CountingPen(FilterPen):
    """Passes each segment on, counting it."""

    def __init__(self, pen, steps: Steps):
        super().__init__(pen)
        self.steps = steps

    def moveTo(self, pt):
        self.steps.spend()
        super().moveTo(pt)

    def lineTo(self, pt):
        self.steps.spend()
        super().lineTo(pt)

    def curveTo(self, *pts):
        self.steps.spend()
        super().curveTo(*pts)

    def qCurveTo(self, *pts):
        self.steps.spend(max(1, len(pts) - 1))
        super().qCurveTo(*pts)


class _CountingExtractor(T2OutlineExtractor):
    """fontTools' CFF interpreter, counting each charstring it runs (a step per 8 bytes, at
    least one) and refusing subroutines nested deeper than MAX_SUBR_DEPTH."""

    steps: Steps

    def execute(self, charString):
        if self.subrLevel > MAX_SUBR_DEPTH:
            raise FontProblem(
                f"its CFF subroutines are nested more than {MAX_SUBR_DEPTH} deep",
                "subroutine depth",
            )
        program = charString.bytecode if charString.bytecode is not None else charString.program
        self.steps.spend(1 + len(program) // 8)
        super().execute(charString)


def draw_cff(charstring, pen, steps: Steps) -> None:
    """Draw one CFF glyph onto `pen`, its segments and subroutine calls counted in `steps`."""
    private = charstring.private
    extractor = _CountingExtractor(
        _CountingPen(pen, steps),
        getattr(private, "Subrs", []),
        charstring.globalSubrs,
        private.nominalWidthX,
        private.defaultWidthX,
        private,
    )
    extractor.steps = steps
    extractor.execute(charstring)
