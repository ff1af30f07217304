"""Fonts are measured once, from the TTF files pnp ships or the game names, for every engine."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import reportlab
from fontTools.ttLib import TTFont

_RL_FONTS = Path(reportlab.__file__).resolve().parent / "fonts"
BUILTIN = {
    "regular": _RL_FONTS / "Vera.ttf",
    "bold": _RL_FONTS / "VeraBd.ttf",
    "italic": _RL_FONTS / "VeraIt.ttf",
    "bolditalic": _RL_FONTS / "VeraBI.ttf",
}


class FontMetrics:
    """Advance widths, vertical metrics and the characters a TTF file has."""

    def __init__(self, path: Path):
        self.path = path
        tt = TTFont(str(path), lazy=True)
        self.upm = tt["head"].unitsPerEm
        self.cmap = tt.getBestCmap() or {}
        hmtx = tt["hmtx"].metrics
        self.advance = {cp: hmtx[g][0] / self.upm for cp, g in self.cmap.items() if g in hmtx}
        hhea = tt["hhea"]
        self.ascent = hhea.ascent / self.upm
        self.descent = -hhea.descent / self.upm  # positive
        try:
            self.cap_height = tt["OS/2"].sCapHeight / self.upm or 0.72
        except (KeyError, AttributeError):
            self.cap_height = 0.72
        self.name = tt["name"].getDebugName(6) or path.stem
        tt.close()

    def width(self, text: str, size: float) -> float:
        adv = self.advance
        return sum(adv.get(ord(ch), 0.6) for ch in text) * size

    def missing(self, text: str) -> set[str]:
        return {ch for ch in text if ord(ch) not in self.cmap and ch not in "\n\t"}


@lru_cache(maxsize=64)
def metrics_for(path: str) -> FontMetrics:
    return FontMetrics(Path(path))


class FontBook:
    """Font keys ('regular', 'bold', a game's own names) to files and metrics."""

    def __init__(self, extra: dict[str, Path] | None = None):
        self.files: dict[str, Path] = dict(BUILTIN)
        self.files.update(extra or {})

    def __contains__(self, key: str) -> bool:
        return key in self.files

    def metrics(self, key: str) -> FontMetrics:
        return metrics_for(str(self.files[key]))
