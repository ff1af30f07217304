"""kinds: the validated model -> face drawings in millimetres. Each kind knows one sort of component."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from pnp.errors import PnpError
from pnp.kinds.base import DrawContext, Face, Kind
from pnp.spec.model import Family
from pnp.spec.registry import announce_kind, register_schema
from pnp.spec.validate import located

# Where each kind is defined. A kind's module is imported when a family of that kind is first
# loaded or drawn: a deck of cards does not import the die nets' geometry or the polyomino
# packer. tests/test_kinds.py checks this table against what the modules register.
KIND_MODULES = {
    "card": "pnp.kinds.flat",
    "tile": "pnp.kinds.flat",
    "counter": "pnp.kinds.flat",
    "token": "pnp.kinds.flat",
    "board": "pnp.kinds.flat",
    "sheet": "pnp.kinds.flat",
    "polyomino": "pnp.kinds.polyomino",
    "die": "pnp.kinds.die_net",
    "standee": "pnp.kinds.standee",
    "hexmap": "pnp.kinds.hexmap",
}


class Kinds(Mapping):
    """Kind name -> Kind, each kind's module imported when first asked for."""

    def __init__(self) -> None:
        self.loaded: dict[str, Kind] = {}

    def __getitem__(self, name: str) -> Kind:
        if name not in self.loaded:
            _import_kind(name)  # KeyError: no such kind
        return self.loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in KIND_MODULES or name in self.loaded

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(KIND_MODULES), **dict.fromkeys(self.loaded)})

    def __len__(self) -> int:
        return len({*KIND_MODULES, *self.loaded})


KINDS = Kinds()


def register(kind: Kind) -> None:
    KINDS.loaded[kind.name] = kind
    register_schema(kind.name, kind.schema)


def _import_kind(name: str) -> None:
    module = importlib.import_module(KIND_MODULES[name])
    for kind in module.KINDS:
        if kind.name not in KINDS.loaded:
            register(kind)


for _name in KIND_MODULES:
    announce_kind(_name, lambda name=_name: _import_kind(name))


def draw_family(fam: Family, ctx: DrawContext) -> Iterator[Face]:
    """The family's faces in order, drawn by its kind; an error names the family's file and line."""
    it = KINDS[fam.spec.kind].faces(fam, ctx)
    while True:
        try:
            face = next(it)
        except StopIteration:
            return
        except PnpError as exc:
            raise located(exc, fam.data, fam.file) from None
        yield face


__all__ = ["KINDS", "DrawContext", "Face", "Kind", "draw_family", "register"]
