"""A face drawing's digest: a hash of the drawn primitives themselves (numbers rounded to
1/10000 mm, the symbols a face uses and the bytes of its images), never of object ids or file
paths, so the same drawing gives the same digest on every run and machine (`--since`)."""

from __future__ import annotations

import dataclasses
import hashlib
from itertools import chain
from pathlib import Path

from pnp.draw.primitives import Ellipse, Group, Image, Rect, Style, Text, Use
from pnp.draw.primitives import Path as PathShape

# The primitives spelled field by field (their type's name, then each field in order); Use and
# Image are spelled by what they point at.
_LEAVES = {cls: tuple(cls.__dataclass_fields__) for cls in (Style, Rect, Ellipse, PathShape, Text)}
_NODES = {*_LEAVES, Use, Image}  # each object spelled once (kinds draw an element once per value)
# Types spelled by value (True == 1 and numpy's float64(1) == 1.0, but each spells otherwise)
_PLAIN = frozenset((float, int, str))


class Digests:
    """Digests of face drawings. A symbol, an image file, a primitive and a drawing that many
    items share (one back for a whole deck) are each spelled once."""

    def __init__(self, symbols):
        self.symbols = symbols  # a SymbolBook (or any id -> Symbol mapping)
        self.known: dict[str, str] = {}  # symbol id or image path -> digest
        # By the object's id: a face's drawing -> its digest (an item placed on both papers, or
        # on a sheet and its backs page, is hashed once), a primitive -> its text (a deck's
        # faces share most of their primitives as objects, found by id faster than by value).
        # Each object is kept, so that its id stays its own; plain strings and one list keep
        # the garbage collector's work as small as the drawings.
        self.drawings: dict[int, str] = {}
        self.spelled: dict[int, str] = {}
        self.kept: list[object] = []
        self.matrices: dict[tuple, str] = {}  # a transform's text, by value
        self.paths: dict[tuple, str] = {}  # a path's ops' text, by value
        # a number's or string's text, by value: the shipped games' faces hold 70,000 numbers
        # of 1,600 values (an int and its equal float are one key, and spell alike)
        self.values: dict[object, str] = {}

    def side(self, face, side: str) -> str | None:
        """The digest of an item's front or back, worked out once for every paper of a build."""
        return self.face(face.back if side == "back" else face.front)

    def face(self, drawing: object) -> str | None:
        """The digest of a face's drawing (a front or back primitive), None for no drawing."""
        if drawing is None:
            return None
        digest = self.drawings.get(id(drawing))
        if digest is None:
            digest = self.drawings[id(drawing)] = _sha(self._text(drawing))[:16]
            self.kept.append(drawing)
        return digest

    def _text(self, v: object) -> str:
        out: list[str] = []
        self._spell(v, out)
        return "".join(out)  # hashed in one go: a die net is a hundred thousand numbers

    def _spell(self, v: object, out: list[str]) -> None:
        """Append the drawing's text: every number rounded, every symbol and image by content.
        Groups, their children and the primitives come first, by exact type (the common case);
        anything else is spelled by the general rules of `_spell_other`."""
        t = type(v)
        if t is Group:
            out.append("Group(")
            spelled = self.spelled
            for child in v.children:
                text = spelled.get(id(child))  # most children: found here, without a call
                if text is not None:
                    out.append(text)
                else:
                    self._spell(child, out)
                out.append(",")
            out.append(")")
            out.append(self._matrix(v.transform))
            self._spell(v.clip, out)
        elif t in _NODES:
            text = self.spelled.get(id(v))
            if text is None:
                part: list[str] = []
                self._spell_node(v, part)
                text = self.spelled[id(v)] = "".join(part)
                self.kept.append(v)
            out.append(text)
        elif t is tuple:
            out.append("(")
            self._spell_each(v, out, ",")
            out.append(")")
        else:
            self._spell_other(v, out)

    def _spell_node(self, v: object, out: list[str]) -> None:
        """A primitive's text: a leaf's fields, a Use's symbol, an Image's picture."""
        if isinstance(v, Use):
            out.append("Use")
            out.append(self._known(v.symbol, lambda: self._symbol(v.symbol)))
            out.append(self._matrix(v.transform))
        elif isinstance(v, Image):  # the picture, not where it sits on this disk
            out.append("Image")
            out.append(self._known(v.file, lambda: _file_hash(v.file)))
            self._spell((v.x, v.y, v.w, v.h), out)
        elif type(v) is PathShape:  # most of a face's numbers
            out.append("Path(")
            out.append(self._ops(v.ops))
            out.append(")")
            self._spell(v.style, out)
        else:
            out.append(type(v).__name__)
            self._spell_each([getattr(v, n) for n in _LEAVES[type(v)]], out, "")

    def _ops(self, ops: tuple) -> str:
        """A path's ops, spelled once per value when they are tuples of plain values: a build's
        2,900 paths hold 650 distinct ops, a third of its 39,000 ops."""
        plain = (
            type(ops) is tuple
            and all(type(op) is tuple for op in ops)
            and _PLAIN.issuperset(map(type, chain.from_iterable(ops)))
        )
        text = self.paths.get(ops) if plain else None
        if text is None:
            part: list[str] = []
            for op in ops:
                if type(op) is tuple:
                    part.append("(")
                    self._spell_each(op, part, ",")
                    part.append("),")
                else:
                    self._spell(op, part)
                    part.append(",")
            text = "".join(part)
            if plain and len(self.paths) < 65536:
                self.paths[ops] = text
        return text

    def _matrix(self, m: tuple) -> str:
        """A transform's text, spelled once per value (most faces use a few)."""
        text = self.matrices.get(m) if type(m) is tuple else None
        if text is None:
            part: list[str] = []
            self._spell(m, part)
            text = "".join(part)
            if type(m) is tuple and all(type(x) is float for x in m):
                self.matrices[m] = text  # not an int or numpy number: spelled as its equal float
        return text

    def _spell_each(self, values, out: list[str], sep: str) -> None:
        """Numbers and strings are spelled here without a call each (a deck's faces hold a few
        hundred thousand), each value's text worked out once; a subclass of float (numpy's
        float64) takes the general rules."""
        known = self.values
        for x in values:
            t = type(x)
            if t is float or t is int or t is str:
                text = known.get(x)
                if text is None:
                    text = _value(x)
                    if len(known) < 65536:
                        known[x] = text
                out.append(text)
            elif t is bool or x is None:
                out.append(repr(x))
            else:
                self._spell(x, out)
            if sep:
                out.append(sep)

    def _spell_other(self, v: object, out: list[str]) -> None:
        if isinstance(v, float):
            out.append(repr(round(v, 4) + 0.0))
        elif isinstance(v, (str, int, bool)) or v is None:
            out.append(repr(v))
        elif isinstance(v, (tuple, list)):
            out.append("(")
            self._spell_each(v, out, ",")
            out.append(")")
        elif isinstance(v, (Use, Image)):
            self._spell_node(v, out)
        elif dataclasses.is_dataclass(v):
            out.append(type(v).__name__)
            # the fields, in order (no ClassVar among them)
            self._spell_each([getattr(v, n) for n in v.__dataclass_fields__], out, "")
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


def _value(x: float | int | str) -> str:
    """A number rounded to 1/10000 mm (an int as the equal float: equal primitives spell alike,
    whichever came first; -0.0 as 0.0), a string as its repr."""
    if type(x) is float:
        return repr(round(x, 4) + 0.0)
    return repr(float(x)) if type(x) is int else repr(x)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _file_hash(path: str) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "unreadable"
