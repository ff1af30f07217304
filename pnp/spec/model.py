"""The loaded game: plain values that every later stage reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pnp.spec.game import FamilySpec, GameSpec
from pnp.spec.yamlfile import display_path


@dataclass(frozen=True)
class Item:
    family: str
    id: str
    attrs: dict


def matches(cond: dict | None, attrs: dict) -> bool:
    """Whether an item's attributes meet a `when:`/`where:` condition: each key equal to the
    value, or to one of a list of values (compared as text too: 2 matches '2')."""
    if not cond:
        return True
    for key, want in cond.items():
        have = attrs.get(key)
        options = want if isinstance(want, list) else [want]
        if not any(have == o or str(have) == str(o) for o in options):
            return False
    return True


class ItemIds(Sequence):
    """The ids of a sequence of items: those a family's ItemList keeps (worked out once as it
    loaded), else each item's, read when asked (a narrowed family's few items)."""

    __slots__ = ("items", "ids")

    def __init__(self, items: Sequence[Item]):
        self.items = items
        self.ids = getattr(items, "ids", None)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, k):
        if self.ids is not None:
            return self.ids[k]
        if isinstance(k, slice):
            return [item.id for item in self.items[k]]
        return self.items[k].id


@dataclass
class Family:
    spec: FamilySpec
    file: str
    folder: Path
    items: Sequence[Item]  # an ItemList: items made when read
    data: object = None  # the family's YAML as read (with lines), so later errors can name a line
    warnings: list[str] = field(default_factory=list)  # what its files say but reads otherwise

    @property
    def name(self) -> str:
        return self.spec.family

    @property
    def title(self) -> str:
        return self.spec.title or self.spec.family.replace("-", " ").capitalize()


@dataclass
class Game:
    spec: GameSpec
    folder: Path
    variant: str | None
    options: dict
    families: list[Family]
    palette: dict[str, str]
    fonts: dict[str, Path]
    allow_outside: bool = False
    rules_file: Path | None = None
    extra: dict = field(default_factory=dict)
    # the YAML files read for this game, by path (yamlfile.read_yaml's `documents`): a variant of
    # it loaded in the same build, and its rules, reuse them rather than parse every file again
    documents: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def file(self) -> str:
        """game.yaml as messages show it: where the families are listed."""
        return display_path(self.folder / "game.yaml")

    def family(self, name: str) -> Family:
        for f in self.families:
            if f.name == name:
                return f
        raise KeyError(name)
