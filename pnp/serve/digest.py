"""Content names for drawings: equal names mean equal pixels, so a face is drawn once.

A name hashes the drawing's primitives together with everything outside the tree that changes
its pixels: the definitions of the symbols it uses (a kind may reuse a symbol id for a new
drawing), the image files it shows and the font files its text is drawn from.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from pnp.draw.primitives import Group, Image, Text, Use
from pnp.draw.symbols import SymbolBook


def file_stamp(path: str | Path) -> str:
    """A file's size and modification time: it changes when the file is saved."""
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}:missing"
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


class Namer:
    """Names drawings of one loaded game. Symbol texts are worked out once per game."""

    def __init__(self, symbols: SymbolBook, font_files: dict[str, Path]):
        self.symbols = symbols
        self.fonts = {key: file_stamp(p) for key, p in font_files.items()}
        self._symbol_text: dict[str, str] = {}

    def name(self, drawing, w_px: int, h_px: int) -> str:
        h = hashlib.blake2b(digest_size=10)
        h.update(f"{w_px}x{h_px}|".encode())
        h.update(repr(drawing).encode())
        for extra in self._outside(drawing):
            h.update(extra.encode())
        return h.hexdigest()

    def _outside(self, drawing) -> list[str]:
        """The symbols' definitions, image files and font files a drawing depends on, in a fixed order."""
        out: list[str] = []
        seen: set[str] = set()
        fonts: set[str] = set()
        stack = [drawing]
        while stack:
            d = stack.pop()
            if isinstance(d, Group):
                stack.extend(d.children)
            elif isinstance(d, (list, tuple)):
                stack.extend(d)
            elif isinstance(d, Use):
                if d.symbol not in seen:
                    seen.add(d.symbol)
                    out.append(self._symbol(d.symbol))
                    if d.symbol in self.symbols:
                        stack.extend(self.symbols[d.symbol].children)
            elif isinstance(d, Image):
                out.append(file_stamp(d.file))
            elif isinstance(d, Text):
                fonts.add(d.font)
        return out + [self.fonts.get(f, f"{f}:unknown") for f in sorted(fonts)]

    def _symbol(self, ident: str) -> str:
        text = self._symbol_text.get(ident)
        if text is None:
            text = repr(self.symbols[ident]) if ident in self.symbols else f"{ident}:undefined"
            self._symbol_text[ident] = text
        return text
