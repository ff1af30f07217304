"""Component kinds register their family schema here, so the loader can validate any kind."""

from __future__ import annotations

import importlib

from pnp.spec.game import FamilySpec

KIND_SCHEMAS: dict[str, type[FamilySpec]] = {}


def register_schema(name: str, schema: type[FamilySpec]) -> None:
    KIND_SCHEMAS[name] = schema


def kind_schemas() -> dict[str, type[FamilySpec]]:
    if not KIND_SCHEMAS:
        importlib.import_module("pnp.kinds")
    return KIND_SCHEMAS
