"""A face drawing's digest: a hash of the drawn primitives themselves (numbers rounded to
1/10000 mm, the symbols a face uses and the bytes of its images), never of object ids or file
paths, so the same drawing gives the same digest on every run and machine (`--since`)."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

from pnp.draw.primitives import Image, Use


class Digests:
    """Digests of face drawings; a symbol or an image file is hashed once."""

    def __init__(self, symbols):
        self.symbols = symbols  # a SymbolBook (or any id -> Symbol mapping)
        self.known: dict[str, str] = {}  # symbol id or image path -> digest

    def side(self, face, side: str) -> str | None:
        """The digest of an item's front or back."""
        return self.face(face.back if side == "back" else face.front)

    def face(self, drawing: object) -> str | None:
        """The digest of a face's drawing (a front or back primitive), None for no drawing."""
        if drawing is None:
            return None
        h = hashlib.sha256()
        self._feed(h, drawing)
        return h.hexdigest()[:16]

    def _feed(self, h, v: object) -> None:
        if isinstance(v, float):
            h.update(repr(round(v, 4) + 0.0).encode())
        elif isinstance(v, (str, int, bool)) or v is None:
            h.update(repr(v).encode())
        elif isinstance(v, (tuple, list)):
            h.update(b"(")
            for x in v:
                self._feed(h, x)
                h.update(b",")
            h.update(b")")
        elif isinstance(v, Use):
            h.update(b"Use")
            h.update(self._known(v.symbol, lambda: self._symbol(v.symbol)).encode())
            self._feed(h, v.transform)
        elif isinstance(v, Image):  # the picture, not where it sits on this disk
            h.update(b"Image")
            h.update(self._known(v.file, lambda: _file_hash(v.file)).encode())
            self._feed(h, (v.x, v.y, v.w, v.h))
        elif dataclasses.is_dataclass(v):
            h.update(type(v).__name__.encode())
            for name in v.__dataclass_fields__:  # the fields, in order (no ClassVar among them)
                self._feed(h, getattr(v, name))
        else:
            h.update(repr(v).encode())

    def _known(self, key: str, make) -> str:
        if key not in self.known:
            self.known[key] = make()
        return self.known[key]

    def _symbol(self, ident: str) -> str:
        try:
            sym = self.symbols[ident]
        except KeyError:
            return "missing:" + ident
        h = hashlib.sha256()
        self._feed(h, (sym.children, sym.w, sym.h))
        return h.hexdigest()


def _file_hash(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "unreadable"
