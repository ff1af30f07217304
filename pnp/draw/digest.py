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
        # (family, id, side) -> digest: an item placed on both papers, or on a sheet and its
        # backs page, is hashed once (ids are unique in a family: repeats are renamed)
        self.items: dict[tuple[str, str, str], str | None] = {}

    def side(self, face, side: str) -> str | None:
        """The digest of an item's front or back, worked out once for every paper of a build."""
        key = (face.family, face.id, side)
        if key not in self.items:
            self.items[key] = self.face(face.back if side == "back" else face.front)
        return self.items[key]

    def face(self, drawing: object) -> str | None:
        """The digest of a face's drawing (a front or back primitive), None for no drawing."""
        if drawing is None:
            return None
        return _sha(self._text(drawing))[:16]

    def _text(self, v: object) -> str:
        out: list[str] = []
        self._spell(v, out)
        return "".join(out)  # hashed in one go: a die net is a hundred thousand numbers

    def _spell(self, v: object, out: list[str]) -> None:
        """Append the drawing's text: every number rounded, every symbol and image by content."""
        if isinstance(v, float):
            out.append(repr(round(v, 4) + 0.0))
        elif isinstance(v, (str, int, bool)) or v is None:
            out.append(repr(v))
        elif isinstance(v, (tuple, list)):
            out.append("(")
            for x in v:
                self._spell(x, out)
                out.append(",")
            out.append(")")
        elif isinstance(v, Use):
            out.append("Use")
            out.append(self._known(v.symbol, lambda: self._symbol(v.symbol)))
            self._spell(v.transform, out)
        elif isinstance(v, Image):  # the picture, not where it sits on this disk
            out.append("Image")
            out.append(self._known(v.file, lambda: _file_hash(v.file)))
            self._spell((v.x, v.y, v.w, v.h), out)
        elif dataclasses.is_dataclass(v):
            out.append(type(v).__name__)
            for name in v.__dataclass_fields__:  # the fields, in order (no ClassVar among them)
                self._spell(getattr(v, name), out)
        else:
            out.append(repr(v))

    def _known(self, key: str, make) -> str:
        if key not in self.known:
            self.known[key] = make()
        return self.known[key]

    def _symbol(self, ident: str) -> str:
        try:
            sym = self.symbols[ident]
        except KeyError:
            return "missing:" + ident
        return _sha(self._text((sym.children, sym.w, sym.h)))


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _file_hash(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "unreadable"
