"""OpenType fonts with PostScript (CFF) outlines, made TrueType where an engine needs it.

Read by the loader (to refuse what cannot be converted) and by the engines (to embed it), so it
belongs to no stage of the pipeline.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path


@contextmanager
def quiet_fonttools() -> Iterator[None]:
    """fontTools' warnings on a damaged font are not pnp's messages: pnp refuses what matters,
    naming the game's file and key."""
    import logging

    log = logging.getLogger("fontTools")
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        yield
    finally:
        log.setLevel(level)


def is_cff(path: Path) -> bool:
    """Whether the file is an OpenType font with PostScript (CFF) outlines."""
    with open(path, "rb") as fh:
        return fh.read(4) == b"OTTO"


# An OpenType font with CFF outlines is turned into TrueType outlines once, in memory, where an
# engine needs TrueType (reportlab embeds only TrueType): quadratic curves within a thousandth
# of an em of the cubic ones, the same metrics and character map. Nothing is written to disk.
CU2QU_MAX_ERR = 0.001  # of an em: a micrometre on 10 pt text
# Converting takes about 0.7 ms a glyph (measured on 3,000 glyphs): a Latin, Greek and Cyrillic
# font has under 1,500, a CJK font 20,000 or more (subset it first; check_font says how).
MAX_CONVERTED_GLYPHS = 4_000
# and at most this many outline steps (fontwork.Steps) in all, about 10 s at 40 µs a step: a
# 4,000-glyph text font has about 190,000 (C059: 855 glyphs, 40,000 steps); without it a
# 42 MB font of 4,000 long glyphs converts for an hour
MAX_CONVERTED_STEPS = 250_000


class TooManyGlyphs(ValueError):
    """A CFF font with more glyphs (or outline steps) than pnp converts: a subset may do."""


@lru_cache(maxsize=8)
def truetype_data(path: str, _mtime_ns: int = 0) -> bytes:
    """The CFF font at `path` with TrueType (glyf) outlines, as the bytes of a .ttf file.

    ValueError (naming what is wrong) for a font that cannot be converted: a variable (CFF2)
    font, or (TooManyGlyphs) one with more glyphs than MAX_CONVERTED_GLYPHS."""
    from io import BytesIO

    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    from pnp import budget
    from pnp.fontwork import FontProblem, Steps, draw_cff

    allowed = budget.font_allowed(Path(path).stat().st_size)
    steps = Steps(min(allowed, MAX_CONVERTED_STEPS), "font_steps")
    with TTFont(path) as font:
        if "CFF " not in font:
            raise ValueError("a variable (CFF2) OpenType font")
        order = font.getGlyphOrder()
        if len(order) > MAX_CONVERTED_GLYPHS:
            raise TooManyGlyphs(f"{len(order):,} glyphs, more than {MAX_CONVERTED_GLYPHS:,}")
        charstrings = font["CFF "].cff.topDictIndex[0].CharStrings
        max_err = CU2QU_MAX_ERR * font["head"].unitsPerEm
        quadratic = {}
        for name in order:
            pen = TTGlyphPen(None)
            try:
                draw_cff(charstrings[name], Cu2QuPen(pen, max_err, reverse_direction=True), steps)
            except FontProblem as exc:
                if steps.used > allowed or exc.limit != "font_steps":
                    raise
                raise TooManyGlyphs(
                    f"more than {MAX_CONVERTED_STEPS:,} outline steps (segments and subroutine "
                    "calls), the most pnp converts"
                ) from None
            quadratic[name] = pen.glyph()
        font["loca"] = newTable("loca")
        font["glyf"] = glyf = newTable("glyf")
        glyf.glyphOrder, glyf.glyphs = order, quadratic
        del font["CFF "]
        if "VORG" in font:
            del font["VORG"]
        glyf.compile(font)
        hmtx = font["hmtx"]
        for name, glyph in quadratic.items():  # left side bearings from the new outlines
            if hasattr(glyph, "xMin"):
                hmtx[name] = (hmtx[name][0], glyph.xMin)
        font["maxp"] = maxp = newTable("maxp")
        maxp.tableVersion = 0x00010000
        for field in (
            "maxZones",
            "maxTwilightPoints",
            "maxStorage",
            "maxFunctionDefs",
            "maxInstructionDefs",
            "maxStackElements",
            "maxSizeOfInstructions",
            "maxComponentElements",
        ):
            setattr(maxp, field, 1 if field == "maxZones" else 0)
        post = font["post"]
        post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
        font.sfntVersion = "\x00\x01\x00\x00"
        out = BytesIO()
        font.save(out)
    return out.getvalue()


def truetype_source(path: Path):
    """What an engine that embeds only TrueType opens: the file's path, or for a CFF font its
    TrueType conversion as an open binary file."""
    if not is_cff(path):
        return str(path)
    from io import BytesIO

    data = BytesIO(truetype_data(str(path), path.stat().st_mtime_ns))
    data.name = str(path)
    return data


def validate(path: Path) -> None:
    """Refuse, before any engine reads it, a font whose tables disagree or whose outlines take
    more work than its size allows (pnp.fontwork), and one reportlab cannot embed: FontProblem,
    TooManyGlyphs, or another exception for a file that is damaged. A CFF font is converted here
    (counted), once: the engines take the conversion from memory."""
    from fontTools.ttLib import TTFont
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    from pnp import budget
    from pnp.draw.fonts import read_record
    from pnp.fontwork import FontProblem, Steps, check_glyf, check_tables

    with quiet_fonttools(), TTFont(truetype_source(path)) as tt:
        check_tables(tt)
        check_glyf(tt, Steps(budget.font_allowed(path.stat().st_size), "font_steps"))
        read_record(path)  # what text is measured with: kerning tables included
    try:
        TTFontFile(truetype_source(path))
    except TTFError as exc:  # reportlab's own reading of the font, as the PDF engine will do it
        raise FontProblem(f"the PDF engine (reportlab) cannot embed it: {exc}") from None
