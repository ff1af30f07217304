"""kinds: the validated model -> face drawings in millimetres. Each kind knows one sort of component."""

from __future__ import annotations

from pnp.kinds.base import DrawContext, Face, Kind
from pnp.spec.registry import register_schema

KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> None:
    KINDS[kind.name] = kind
    register_schema(kind.name, kind.schema)


def _load() -> None:
    from pnp.kinds import flat, polyomino

    for k in flat.KINDS + polyomino.KINDS:
        register(k)
    from pnp.kinds import die_net, standee

    for k in die_net.KINDS + standee.KINDS:
        register(k)
    from pnp.kinds import hexmap

    register(hexmap.HexmapKind())


_load()

__all__ = ["KINDS", "DrawContext", "Face", "Kind", "register"]
