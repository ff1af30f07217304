"""Fonts are measured once, from the TTF files pnp ships or the game names, for every engine."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from functools import lru_cache
from itertools import repeat
from pathlib import Path

import reportlab

_RL_FONTS = Path(reportlab.__file__).resolve().parent / "fonts"
BUILTIN = {
    "regular": _RL_FONTS / "Vera.ttf",
    "bold": _RL_FONTS / "VeraBd.ttf",
    "italic": _RL_FONTS / "VeraIt.ttf",
    "bolditalic": _RL_FONTS / "VeraBI.ttf",
}


class FontMetrics:
    """Advance widths, vertical metrics and the characters a TTF file has."""

    def __init__(self, record: dict):
        """From a record of `read_record` (or the built-in table), in font units."""
        upm = record["upm"]
        self._chars = frozenset(map(chr, record["chars"])) | {
            "\n",
            "\t",
        }  # what it draws (line breaks are not drawn)
        # advance widths in ems by character, read with map() when a line is measured
        self._advance_of = _Advances(
            {chr(cp): units / upm for cp, units in record["advances"]}
        ).__getitem__
        self.ascent = record["ascent"] / upm
        self.descent = -record["descent"] / upm  # positive
        self.cap_height = record["cap_height"] / upm or 0.72
        self.pairs = {pair: units / upm for pair, units in record["pairs"]}
        # the same pairs as tuples of characters, which zip() makes without a new string each,
        # and the characters that begin one: a quarter of the texts measured (numbers, signs) have none
        self._pair_of = {(pair[0], pair[1]): ems for pair, ems in self.pairs.items()}.get
        self._kerned = frozenset(pair[0] for pair in self.pairs)

    def width(self, text: str, size: float) -> float:
        total = sum(map(self._advance_of, text))
        if len(text) > 1 and not self._kerned.isdisjoint(text):
            total += sum(self._kerning(text))
        return total * size

    def kerns(self, text: str) -> list[float]:
        """The font's kerning before each character after the first, in ems (negative: closer)."""
        if not self.pairs:
            return []
        if self._kerned.isdisjoint(text):
            return [0.0] * (len(text) - 1)
        return list(self._kerning(text))

    def _kerning(self, text: str) -> Iterator[float]:
        return map(self._pair_of, zip(text, text[1:], strict=False), repeat(0.0))  # no loop

    def missing(self, text: str) -> set[str]:
        return set(text).difference(self._chars)


class _Advances(dict):
    """Advance widths by character; one the font lacks counts 0.6 em."""

    def __missing__(self, ch: str) -> float:
        return 0.6


def read_record(path: Path) -> dict:
    """What pnp measures text with, read from a TrueType or OpenType (CFF) file, in font units."""
    from fontTools.ttLib import TTFont  # only for fonts not in the built-in table

    with TTFont(str(path), lazy=True) as tt:
        cmap = tt.getBestCmap() or {}
        hmtx = tt["hmtx"].metrics
        hhea = tt["hhea"]
        return {
            "upm": tt["head"].unitsPerEm,
            "chars": sorted(cmap),
            "advances": [[cp, hmtx[g][0]] for cp, g in sorted(cmap.items()) if g in hmtx],
            "ascent": hhea.ascent,
            "descent": hhea.descent,
            "cap_height": _cap_height(tt, cmap, path.stat().st_size),
            "pairs": [[pair, units] for pair, units in sorted(_kern_pairs(tt, cmap).items())],
        }


def _cap_height(tt, cmap: dict[int, str], file_bytes: int) -> float:
    """The font's capital height in font units: from OS/2, else the top of its 'H' (the yMax a
    TrueType glyph's header stores; a CFF glyph drawn, its steps counted as when it was
    loaded: pnp.fontwork)."""
    cap = getattr(tt["OS/2"], "sCapHeight", 0) if "OS/2" in tt else 0
    if cap or ord("H") not in cmap:
        return cap
    name = cmap[ord("H")]
    if "glyf" in tt:
        return getattr(tt["glyf"][name], "yMax", 0)
    if "CFF " in tt:
        from fontTools.pens.boundsPen import ControlBoundsPen

        from pnp import budget
        from pnp.fontwork import Steps, draw_cff

        pen = ControlBoundsPen(None)
        steps = Steps(budget.font_allowed(file_bytes), "font_steps")
        draw_cff(tt["CFF "].cff.topDictIndex[0].CharStrings[name], pen, steps)
        return pen.bounds[3] if pen.bounds else 0
    return 0


# Kerning is read for the characters a card text can use; a font's pairs beyond these are
# skipped, which bounds the table a shared (untrusted) font can make pnp build.
MAX_KERN_PAIRS = 200_000
# and at most this many pair records looked at (about a second): a class-kerning subtable of
# a few bytes can pair every glyph with every other, 65,535 squared
MAX_KERN_LOOKS = 2_000_000


class _Enough(Exception):
    """Kerning read up to its limits: the rest of the tables is skipped."""


def _kern_pairs(tt, cmap: dict[int, str]) -> dict[str, int]:
    """Pairs of characters -> kerning in font units, from the font's GPOS 'kern' feature or its kern table."""
    by_glyph: dict[str, list[str]] = {}
    for cp, g in cmap.items():
        by_glyph.setdefault(g, []).append(chr(cp))
    out: dict[str, int] = {}
    looks = [0]

    def add(left: str, right: str, value: float) -> None:
        looks[0] += 1
        if len(out) > MAX_KERN_PAIRS or looks[0] > MAX_KERN_LOOKS:
            raise _Enough
        if not value:
            return
        for a in by_glyph.get(left, ()):
            for b in by_glyph.get(right, ()):
                out.setdefault(a + b, value)

    try:
        if "GPOS" in tt:
            _gpos_pairs(tt["GPOS"].table, add)
        if not out and "kern" in tt:
            for sub in getattr(tt["kern"], "kernTables", []):
                if getattr(sub, "format", None) == 0:
                    for (left, right), value in sub.kernTable.items():
                        add(left, right, value)
    except _Enough:
        pass
    return out


def _gpos_pairs(gpos, add) -> None:
    """Pair adjustments (lookup type 2, formats 1 and 2) of the 'kern' feature."""
    if not gpos.FeatureList or not gpos.LookupList:
        return
    wanted = sorted(
        {
            i
            for rec in gpos.FeatureList.FeatureRecord
            if rec.FeatureTag == "kern"
            for i in rec.Feature.LookupListIndex
        }
    )
    for index in wanted:
        lookup = gpos.LookupList.Lookup[index]
        for sub in lookup.SubTable:
            if lookup.LookupType == 9:  # extension: the real subtable inside
                sub = sub.ExtSubTable
            if getattr(sub, "LookupType", 2) != 2:
                continue
            glyphs = sub.Coverage.glyphs
            if sub.Format == 1:
                for first, pairset in zip(glyphs, sub.PairSet, strict=False):
                    for rec in pairset.PairValueRecord:
                        add(first, rec.SecondGlyph, getattr(rec.Value1, "XAdvance", 0) or 0)
            elif sub.Format == 2:
                c1 = sub.ClassDef1.classDefs
                c2: dict[int, list[str]] = {}
                for g, c in sub.ClassDef2.classDefs.items():
                    c2.setdefault(c, []).append(g)
                for first in glyphs:
                    rec1 = sub.Class1Record[c1.get(first, 0)]
                    for cls, seconds in c2.items():
                        value = getattr(rec1.Class2Record[cls].Value1, "XAdvance", 0) or 0
                        for second in seconds:
                            add(first, second, value)


# The built-in fonts' records, read once by scripts/builtin_font_records.py and checked against
# the files by tests/test_fonts.py: every build measures text, and reading a TTF file takes
# longer than the rest of starting up. Keyed by the file's digest: another file is read itself.
BUILTIN_RECORDS = Path(__file__).with_name("builtin_fonts.json")


@lru_cache(maxsize=1)
def builtin_records() -> dict[str, dict]:
    return json.loads(BUILTIN_RECORDS.read_text())


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@lru_cache(maxsize=64)
def metrics_for(path: str) -> FontMetrics:
    file = Path(path)
    # a built-in font is a few hundred KB: a larger file is not one, and is not hashed to ask
    record = builtin_records().get(file_digest(file)) if file.stat().st_size < 1 << 20 else None
    return FontMetrics(record or read_record(file))


class FontBook:
    """Font keys ('regular', 'bold', a game's own names) to files and metrics."""

    def __init__(self, extra: dict[str, Path] | None = None):
        self.files: dict[str, Path] = dict(BUILTIN)
        self.files.update(extra or {})

    def __contains__(self, key: str) -> bool:
        return key in self.files

    def metrics(self, key: str) -> FontMetrics:
        return metrics_for(str(self.files[key]))


# The built-in keys and the style each one is; a game's own font 'title' may add
# 'title-bold', 'title-italic' and 'title-bolditalic' for rich text.
_BUILTIN_STYLE = {
    "regular": (False, False),
    "bold": (True, False),
    "italic": (False, True),
    "bolditalic": (True, True),
}
_BUILTIN_KEY = {v: k for k, v in _BUILTIN_STYLE.items()}
_SUFFIX = {
    (False, False): "",
    (True, False): "-bold",
    (False, True): "-italic",
    (True, True): "-bolditalic",
}


def font_variant(book: FontBook, key: str, bold: bool, italic: bool) -> str:
    """The font key for key's text made bold and/or italic; KeyError naming the key to add."""
    if key in _BUILTIN_STYLE:
        b, i = _BUILTIN_STYLE[key]
        return _BUILTIN_KEY[(b or bold, i or italic)]
    family, b, i = key, False, False
    for style, suffix in _SUFFIX.items():
        if suffix and key.endswith(suffix):
            family, (b, i) = key[: -len(suffix)], style
            break
    want = family + _SUFFIX[(b or bold, i or italic)]
    if want not in book:
        raise KeyError(want)
    return want
