"""Component kinds register their family schema here, so the loader can validate any kind.

The spec stage owns the registry and knows no kind: pnp.kinds fills it when imported (the
pipeline, the schema writer and the command line import it), so that data flows one way.
A kind may be announced by name with the function that imports it: its module (and its
schema) is then loaded when a family of that kind is first read, not on every start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from pnp.spec.game import FamilySpec


class KindSchemas(Mapping):
    """Kind name -> family schema; an announced kind's module is imported when first asked for."""

    def __init__(self) -> None:
        self.schemas: dict[str, type[FamilySpec]] = {}
        self.loaders: dict[str, Callable[[], None]] = {}  # every kind's name, in order

    def __getitem__(self, name: str) -> type[FamilySpec]:
        if name not in self.schemas:
            self.loaders[name]()  # KeyError: no such kind
        return self.schemas[name]

    def __contains__(self, name: object) -> bool:
        return name in self.loaders

    def __iter__(self) -> Iterator[str]:
        return iter(self.loaders)

    def __len__(self) -> int:
        return len(self.loaders)


KIND_SCHEMAS = KindSchemas()


def announce_kind(name: str, load: Callable[[], None]) -> None:
    """Kind `name` exists; load() registers it."""
    KIND_SCHEMAS.loaders.setdefault(name, load)


def register_schema(name: str, schema: type[FamilySpec]) -> None:
    KIND_SCHEMAS.schemas[name] = schema
    KIND_SCHEMAS.loaders.setdefault(name, lambda: None)


def kind_schemas() -> KindSchemas:
    if not KIND_SCHEMAS:
        raise RuntimeError(
            "no component kinds registered: import pnp.kinds (or pnp.pipeline) before loading a game"
        )
    return KIND_SCHEMAS
