"""The loaded game: plain values that every later stage reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.spec.game import FamilySpec, GameSpec


@dataclass(frozen=True)
class Item:
    family: str
    id: str
    attrs: dict


@dataclass
class Family:
    spec: FamilySpec
    file: str
    folder: Path
    items: list[Item]
    data: object = None  # the family's YAML as read (with lines), so later errors can name a line

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

    @property
    def id(self) -> str:
        return self.spec.id

    def family(self, name: str) -> Family:
        for f in self.families:
            if f.name == name:
                return f
        raise KeyError(name)
