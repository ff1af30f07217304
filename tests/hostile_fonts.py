"""Small hostile font files, made with fontTools as a stranger could make them: the fonts a
shared game folder may hold to hang or crash pnp. Used by tests/test_font_work.py and by
bench/adversarial.py; nothing here is committed as a binary."""

from __future__ import annotations

import struct
from pathlib import Path

from fontTools.ttLib import TTFont

SUBR_BIAS = 107  # CFF subroutine numbers are stored minus this bias (fewer than 1,240 subrs)


CHARS = "0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _small_ttf() -> TTFont:
    """A TrueType font of a few KB: each character a box named after it ('C', 'a', 'space')."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    names = {c: "space" if c == " " else c for c in CHARS}
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", *names.values()])
    fb.setupCharacterMap({ord(c): n for c, n in names.items()})
    glyphs = {}
    for name in [".notdef", *names.values()]:
        pen = TTGlyphPen(None)
        if name != "space":
            for x, y in ((100, 0), (500, 0), (500, 700), (100, 700)):
                (pen.lineTo if x != 100 or y else pen.moveTo)((x, y))
            pen.closePath()
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    # widths all different, so hmtx lists each glyph's (hhea.numberOfHMetrics is 64)
    fb.setupHorizontalMetrics({n: (600 + i, 100 * (n != "space")) for i, n in enumerate(glyphs)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "PnpBox", "styleName": "Regular", "psName": "PnpBox"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    return fb.font


def _save(font: TTFont, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(path))
    return path


def cff_subroutine_chain(path: Path, depth: int = 27, calls: int = 2) -> Path:
    """An OpenType (CFF) font whose digits are drawn by subroutine 0, which calls subroutine 1
    `calls` times, and so on `depth` deep: calls**depth line segments from a few hundred bytes."""
    from fontTools.cffLib import SubrsIndex
    from fontTools.fontBuilder import FontBuilder
    from fontTools.misc.psCharStrings import T2CharString

    chars = "0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    names = [".notdef"] + [f"g{ord(c)}" for c in chars]
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"g{ord(c)}" for c in chars})
    subrs = SubrsIndex()
    for level in range(depth):
        subrs.append(T2CharString(program=[level + 1 - SUBR_BIAS, "callsubr"] * calls + ["return"]))
    subrs.append(T2CharString(program=[1, 1, "rlineto", "return"]))
    glyph = [600, 100, 100, "rmoveto", -SUBR_BIAS, "callsubr", "endchar"]
    charstrings = {n: T2CharString(program=list(glyph)) for n in names}
    fb.setupCFF("PnpHostile", {"FullName": "Pnp Hostile"}, charstrings, {"Subrs": subrs})
    for cs in charstrings.values():
        cs.private.Subrs = subrs
    fb.setupHorizontalMetrics({n: (600, 100) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "PnpHostile", "styleName": "Regular", "psName": "PnpHostile"})
    fb.setupOS2(
        sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, sCapHeight=700
    )
    fb.setupPost()
    fb.font.recalcBBoxes = False  # the bounds would draw every segment
    return _save(fb.font, path)


def _composite(components: list[str], dx: int = 7):
    from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

    glyph = Glyph()
    glyph.numberOfContours = -1
    glyph.components = []
    for n, name in enumerate(components):
        c = GlyphComponent()
        c.glyphName, c.x, c.y, c.flags = name, (n * dx) % 200, 0, 0
        glyph.components.append(c)
    glyph.xMin = glyph.yMin = 0  # set, not worked out: the font is saved without recalculating
    glyph.xMax = glyph.yMax = 500
    return glyph


def _letters(font: TTFont, text: str) -> list[str]:
    cmap = font.getBestCmap()
    return [cmap[ord(c)] for c in text]


def composite_tree(path: Path, depth: int = 20, fanout: int = 2) -> Path:
    """A small font with its letters C, a, b, ... made a chain of composites, each holding
    the next one `fanout` times, the last 'z' (a box): fanout**depth copies of 'z' from a
    few bytes. 'C' (the start of 'Card') is the top of the tree."""
    font = _small_ttf()
    font.recalcBBoxes = False  # maxp's totals would not fit its fields
    glyf = font["glyf"]
    chain = _letters(font, "C" + "abcdefghijklmnopqrstuvwxy"[: depth - 1])
    for upper, lower in zip(chain, [*chain[1:], "z"], strict=True):
        glyf[upper] = _composite([lower] * fanout)
    return _save(font, path)


def composite_cycle(path: Path, loop: str = "CC") -> Path:
    """A small font with 'C' a composite of the next letter of `loop`, and so on back to 'C':
    "CC" is a glyph that contains itself, "CaC" is C -> a -> C."""
    font = _small_ttf()
    font.recalcBBoxes = False  # the bounds of a cycle cannot be worked out
    glyf = font["glyf"]
    names = _letters(font, loop)
    for upper, lower in zip(names, names[1:], strict=False):
        glyf[upper] = _composite([lower])
    return _save(font, path)


def many_points(path: Path, points: int = 60_000, char: str = "C", radius: int = 300) -> Path:
    """A small font with `char` a disc drawn as one contour of `points` points: about 12 KB
    (a smaller `radius` repeats more points, and stores them in fewer bytes)."""
    from math import cos, pi, sin

    from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphCoordinates

    font = _small_ttf()
    glyph = Glyph()
    glyph.numberOfContours = 1
    glyph.coordinates = GlyphCoordinates(
        [
            (
                round(350 + radius * cos(2 * pi * i / points)),
                round(350 + radius * sin(2 * pi * i / points)),
            )
            for i in range(points)
        ]
    )
    glyph.flags = bytearray([1] * points)
    glyph.endPtsOfContours = [points - 1]
    glyph.program = font["glyf"][_letters(font, char)[0]].program
    font["glyf"][_letters(font, char)[0]] = glyph
    return _save(font, path)


def postscript_name(path: Path, name: str = "Bad[Name") -> Path:
    """A small font whose PostScript name (name ID 6) is `name`."""
    font = _small_ttf()
    for rec in font["name"].names:
        if rec.nameID == 6:
            rec.string = name
    return _save(font, path)


def patched_table(path: Path, tag: str, offset: int, fmt: str, value: int) -> Path:
    """A small font saved, then one field of table `tag` overwritten in the file's bytes (fontTools
    would write the right value): e.g. maxp.numGlyphs ('maxp', 4, '>H') smaller than hmtx."""
    _save(_small_ttf(), path)
    data = bytearray(path.read_bytes())
    (num_tables,) = struct.unpack(">H", data[4:6])
    for i in range(num_tables):
        rec = 12 + 16 * i
        if data[rec : rec + 4] == tag.encode():
            (start,) = struct.unpack(">I", data[rec + 8 : rec + 12])
            struct.pack_into(fmt, data, start + offset, value)
            path.write_bytes(bytes(data))
            return path
    raise KeyError(tag)
