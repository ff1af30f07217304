"""kinds: the validated model -> face drawings in millimetres. Each kind knows one sort of component."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.errors import PnpError
from pnp.kinds.base import DrawContext, Face, Kind
from pnp.spec.model import Family
from pnp.spec.registry import register_schema
from pnp.spec.validate import located

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
