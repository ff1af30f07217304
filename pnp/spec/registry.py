"""Component kinds register their family schema here, so the loader can validate any kind.

The spec stage owns the registry and knows no kind: pnp.kinds fills it when imported (the
pipeline, the schema writer and the command line import it), so that data flows one way.
"""

from __future__ import annotations

from pnp.spec.game import FamilySpec

KIND_SCHEMAS: dict[str, type[FamilySpec]] = {}


def register_schema(name: str, schema: type[FamilySpec]) -> None:
    KIND_SCHEMAS[name] = schema


def kind_schemas() -> dict[str, type[FamilySpec]]:
    if not KIND_SCHEMAS:
        raise RuntimeError("no component kinds registered: import pnp.kinds (or pnp.pipeline) before loading a game")
    return KIND_SCHEMAS
