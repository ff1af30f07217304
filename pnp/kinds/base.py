"""What every component kind gives the layout: items as faces with a trim size, in mm."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pnp.draw.fonts import FontBook
from pnp.draw.primitives import Ellipse, Rect, spend_drawing
from pnp.draw.primitives import Path as PathPrim
from pnp.draw.symbols import SymbolBook
from pnp.spec.game import FamilySpec
from pnp.spec.model import Family, Game
from pnp.spec.yamlfile import locate, parse_key


@dataclass(slots=True, unsafe_hash=True)  # as pnp.layout.plan.ItemRef: one per item, made fast
class Face:
    """One printable item: its front and (for two-sided items) back, at true size."""

    family: str
    id: str
    w: float
    h: float
    front: object  # a primitive (Group or Use), drawn with the item's top-left at (0, 0)
    back: object | None = None
    # the cut outline (rounded rect, ellipse or path, in the face's mm) when it is not the w×h
    # rectangle; for a packed set of pieces, every edge between and around them, each once
    cut: Rect | Ellipse | PathPrim | None = None
    bleed: float = 0.0
    shape: str = "rect"  # the cut shape: rect, circle, hex, ... or 'outline' for a drawn cut path
    score: PathPrim | None = None  # fold lines, scored (not cut through) on a cutting machine
    pieces: tuple = ()  # (id, outline Path) of each piece a packed item is cut into

    def __post_init__(self):
        # the budget on one face's drawing, checked as each face is made (what it draws
        # through symbols is counted once, where the symbol is defined)
        spend_drawing(f"item '{self.id}'", self.front, self.back)


@dataclass(frozen=True, slots=True)
class FaceSize:
    """What the layout needs to know of a face before it is drawn."""

    id: str
    w: float
    h: float
    two_sided: bool
    bleed: float = 0.0
    shape: str = "rect"


@dataclass(frozen=True, slots=True)
class SameSizes:
    """Sizes of faces that all print alike: `like` (its id unused) for each of `ids`."""

    like: FaceSize
    ids: Sequence[str]


@dataclass
class DrawContext:
    """What kinds may use to draw: colours, fonts, art and the shared symbol book."""

    game: Game
    fonts: FontBook
    symbols: SymbolBook = field(default_factory=SymbolBook)
    # print-shop files (pnp export --cards): flat faces drawn with this bleed instead of their
    # family's, and without the thin line on the cut edge (a shop's cut wanders onto it)
    bleed: float | None = None
    # what drew, but not as the spec asked (file:line: message); the pipeline shows them with
    # its other warnings. A kind that warns draws its families whole (no `sizes`), so that every
    # warning is known before a file is written.
    warnings: list[str] = field(default_factory=list)

    def warn(self, family: Family, key: str, message: str) -> None:
        file, line = locate(family.data, parse_key(key))
        text = f"{file or family.file}:{line}: {message}" if line else f"{family.file}: {message}"
        if text not in self.warnings:  # a family drawn twice says it once
            self.warnings.append(text)

    @property
    def palette(self) -> dict[str, str]:
        return self.game.palette

    def art_folders(self, family: Family) -> list[Path]:
        return [family.folder, self.game.folder]


class Kind:
    """A component kind: a schema for its family files and a way to draw its items."""

    name: str = ""
    schema: type[FamilySpec] = FamilySpec
    default_stock: str = "card"
    description: str = ""

    def faces(self, family: Family, ctx: DrawContext) -> Iterator[Face]:
        raise NotImplementedError

    def sizes(self, family: Family, ctx: DrawContext) -> Iterator[FaceSize] | SameSizes | None:
        """The faces' sizes in item order, without drawing them, for a kind that can tell.

        SameSizes says every face prints alike, so the layout need not list them (a deck of
        50,000 alike cards is imposed as one). None (the default) means the layout reads the
        sizes from the drawn faces. The sizes must be exactly those of the faces it draws.
        """
        return None
