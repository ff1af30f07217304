"""Art drawn once and reused: every symbol a build defines, and where art files are found."""

from __future__ import annotations

import difflib
from pathlib import Path

from pnp.draw.ident import stable_hash
from pnp.draw.primitives import Group, Symbol, Use, multiply, scale, spend_drawing, translate
from pnp.draw.svgart import ArtError, read_art, tint
from pnp.guard import contained
from pnp.paths import art_dir


class ArtNotFound(LookupError):
    def __init__(self, name: str, known: list[str]):
        super().__init__(name)
        self.name = name
        self.near = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        self.known = known


class ArtOutside(LookupError):
    """Art found in a game's art/ folder that is a symlink leading out of the game folder."""

    def __init__(self, name: str, target: Path):
        super().__init__(name)
        self.name = name
        self.target = target


class SymbolBook:
    """Symbols by id. Engines define each one once per document."""

    def __init__(self):
        self.symbols: dict[str, Symbol] = {}
        self._art: dict[tuple, str] = {}  # (name, colour, folders) -> id: no file read twice
        self._tintable: dict[str, bool] = {}  # art id -> whether its drawing uses currentColor

    def define(self, ident: str, children: tuple, w: float, h: float) -> str:
        if ident not in self.symbols:
            spend_drawing(f"drawing '{ident}'", children)
            self.symbols[ident] = Symbol(ident, tuple(children), w, h)
        return ident

    def __getitem__(self, ident: str) -> Symbol:
        return self.symbols[ident]

    def __contains__(self, ident: str) -> bool:
        return ident in self.symbols

    def art(
        self, name: str, colour: str | None, folders: list[Path], allow_outside: bool = False
    ) -> str:
        """Define (once) the art `name` tinted `colour`, drawn in a 1×1 box; return its id."""
        key = (name, colour, tuple(folders), allow_outside)
        known = self._art.get(key)
        if known is not None:
            return known
        path = find_art(name, folders, allow_outside)
        read_art(str(path))  # checks the file (its size first) before it is hashed; kept
        ident = f"art:{path.stem}:{colour or 'none'}:{stable_hash(path.read_bytes())}"
        if ident not in self.symbols:
            children, mx, my, w, h = read_art(str(path))
            tinted = tint(children, colour)
            self._tintable[ident] = tint(children, "#000000") != tuple(children)
            fitted = Group(tinted, multiply(scale(1 / w, 1 / h), translate(-mx, -my)))
            self.define(ident, (fitted,), 1.0, 1.0)
        self._art[key] = ident
        return ident

    def tintable(self, ident: str) -> bool:
        """Whether the art defined as `ident` takes a colour (has currentColor); True for other symbols."""
        return self._tintable.get(ident, True)


def find_art(name: str, folders: list[Path], allow_outside: bool = False) -> Path:
    """`name` (or name.svg) in the game's art/ folders first, then the built-in library.

    A hit in a game's art/ that resolves outside that game's folder (a symlink) is refused.
    """
    if name.endswith(".svg"):
        name = name[:-4]
    for f in folders:
        p = f / "art" / f"{name}.svg"
        if p.is_file():
            if not allow_outside and not contained(p, f):
                raise ArtOutside(name, p.resolve())
            return p
    search = [f / "art" for f in folders] + [art_dir()]
    p = art_dir() / f"{name}.svg"
    if p.is_file():
        return p
    known = sorted({p.stem for d in search if d.is_dir() for p in d.glob("*.svg")})
    raise ArtNotFound(name, known)


def use_art(
    book: SymbolBook,
    name: str,
    colour: str | None,
    folders: list[Path],
    x: float,
    y: float,
    w: float,
    h: float,
    rot: float = 0.0,
    allow_outside: bool = False,
) -> Use:
    from pnp.draw.primitives import place

    ident = book.art(name, colour, folders, allow_outside)
    return Use(ident, place(x, y, w, h, rot, 1.0, 1.0))


__all__ = ["SymbolBook", "ArtError", "ArtNotFound", "ArtOutside", "find_art", "use_art"]
