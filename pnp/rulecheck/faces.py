"""The drawn faces the checker reads: each item's front and back, as every engine receives them."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pnp.draw.primitives import Use
from pnp.rulecheck.facts import FaceFacts, ReadMemo, read_face
from pnp.spec.model import Game, matches
from pnp.spec.yamlfile import locate


@dataclass(unsafe_hash=True)  # not frozen: a frozen class sets each field by a call
class DrawnFace:
    """One side of one item as drawn, and the spec line that produced it."""

    family: str
    item: str
    side: str  # front | back
    drawing: object  # the primitive tree (Group, Use ...)
    attrs: Mapping
    w: float
    h: float
    file: str | None = None
    line: int | None = None

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}" if self.file and self.line else (self.file or "")


class PrintedFaces:
    """Drawn faces by family, with the shared drawings (symbols) and fonts needed to read them."""

    def __init__(
        self, faces: Iterable[DrawnFace], symbols: Mapping, fonts, ink_saver: bool = False
    ):
        self.by_family: dict[str, list[DrawnFace]] = {}
        for f in faces:
            self.by_family.setdefault(f.family, []).append(f)
        self.symbols = symbols
        self.fonts = fonts
        # the ink-saver's rewrite of every colour: its fills are not the ones design_art names
        self.ink_saver = ink_saver
        self._facts: dict[object, FaceFacts] = {}
        self._memo = ReadMemo()  # the runs of text lines many of these faces share, read once
        self._matching: dict[tuple, list[DrawnFace]] = {}  # (family, side, where) -> faces

    def faces(self, family: str) -> list[DrawnFace]:
        return self.by_family.get(family, [])

    def add(self, family: str, faces: list[DrawnFace]) -> None:
        """The faces of a family not drawn with the others (the guide pages)."""
        self.by_family[family] = faces
        self._matching.clear()

    def matching(self, family: str, side: str, where: dict | None) -> list[DrawnFace]:
        """The family's faces of one side whose item meets `where`, found once for the rules
        that ask alike (by the condition's spelling: YAML's plain values spell apart)."""
        key = (family, side, repr(where))
        got = self._matching.get(key)
        if got is None:
            got = self._matching[key] = [
                f for f in self.faces(family) if f.side == side and matches(where, f.attrs)
            ]
        return got

    def facts(self, face: DrawnFace) -> FaceFacts:
        """What the face prints, read once."""
        d = face.drawing
        # faces that draw one shared symbol (a deck's back) are read once
        key = ("use", d.symbol, d.transform) if isinstance(d, Use) else id(d)
        got = self._facts.get(key)
        if got is None:
            got = self._facts[key] = read_face(face.drawing, self.symbols, self.fonts, self._memo)
        return got


def item_line(game: Game, family: str, index: int) -> tuple[str | None, int | None]:
    """The file and line of the `items:` entry that made the family's index-th item."""
    fam = game.family(family)
    starts = getattr(fam.items, "starts", None)
    entry = bisect.bisect_right(starts, index) - 1 if starts else None
    file, line = locate(
        fam.data, ("items", entry) if entry is not None and entry >= 0 else ("items",)
    )
    return file or fam.file, line


def from_drawn(
    game: Game, drawn: Mapping[str, Sequence], symbols: Mapping, fonts, ink_saver: bool = False
) -> PrintedFaces:
    """PrintedFaces from the kinds' faces by family (pnp.pipeline)."""
    out = []
    for fam in game.families:
        faces = drawn.get(fam.name, [])
        items = fam.items
        same_order = len(faces) == len(items)
        by_id = None if same_order else {it.id: n for n, it in enumerate(items)}
        for n, f in enumerate(faces):
            k = n if same_order else by_id.get(f.id)
            attrs = items[k].attrs if k is not None else {}
            file, line = item_line(game, fam.name, k) if k is not None else (fam.file, None)
            for side in ("front", "back"):
                drawing = getattr(f, side)
                if drawing is not None:
                    out.append(
                        DrawnFace(fam.name, f.id, side, drawing, attrs, f.w, f.h, file, line)
                    )
    return PrintedFaces(out, symbols, fonts, ink_saver)
