"""Every face of a game, drawn once by the kinds, and what the layout needs to know of each
family's items."""

from __future__ import annotations

from collections.abc import Callable

from pnp.kinds import KINDS, DrawContext, Face, draw_family
from pnp.kinds.base import SameSizes
from pnp.kinds.sheet_stock import stock_of
from pnp.layout.impose import FamilyInfo
from pnp.layout.plan import ItemRef, SameRefs, distinct
from pnp.spec.model import Game


class Faces(dict[str, list[Face]]):
    """Each family's faces in item order; called with an ItemRef, the face it names."""

    def __call__(self, ref: ItemRef) -> Face:
        return self[ref.family][ref.index]


def draw_faces(
    game: Game, ctx: DrawContext, rewrite: Callable[[Face], Face] | None = None
) -> Faces:
    """Every face of every family, drawn here once (`rewrite`, the ink-saver, passes over each).

    A kind draws what items share once (an element per value, one shared back), so a face
    is a small tree over shared drawings and a deck of 50,000 cards is held whole.
    """
    faces = Faces()
    for fam in game.families:
        drawn = draw_family(fam, ctx)
        faces[fam.name] = list(drawn if rewrite is None else map(rewrite, drawn))
    return faces


def family_infos(game: Game, ctx: DrawContext, faces: Faces) -> list[FamilyInfo]:
    """Every family's items as the layout sees them: from its kind's sizes (one entry for a
    family whose items are all alike), else from its faces."""
    infos: list[FamilyInfo] = []
    for fam in game.families:
        kind = KINDS[fam.spec.kind]
        stock = stock_of(fam)
        sizes = kind.sizes(fam, ctx)
        if sizes is None:
            refs = [
                ItemRef(fam.name, i, f.id, f.w, f.h, f.back is not None, stock, f.bleed, f.shape)
                for i, f in enumerate(faces[fam.name])
            ]
        elif isinstance(sizes, SameSizes):
            s = sizes.like
            refs = SameRefs(
                ItemRef(fam.name, 0, "", s.w, s.h, s.two_sided, stock, s.bleed, s.shape), sizes.ids
            )
        else:
            refs = [
                ItemRef(fam.name, i, s.id, s.w, s.h, s.two_sided, stock, s.bleed, s.shape)
                for i, s in enumerate(sizes)
            ]
        gutter_for_bleed(fam, refs, ctx)
        infos.append(
            FamilyInfo(
                fam.name,
                fam.title,
                stock,
                fam.spec.sheet,
                fam.spec.gutter,
                refs,
                fam.spec.own_sheets,
            )
        )
    return infos


def gutter_for_bleed(fam, refs, ctx: DrawContext) -> None:
    """A family's own `gutter:` narrower than twice its bleed: each item's bleed would print over
    its neighbour's art, so the layout widens it (pnp.layout.impose.grid_gutter); say so."""
    bleed = max((r.bleed for r in distinct(refs)), default=0.0)
    gutter = fam.spec.gutter
    if "gutter" in fam.spec.model_fields_set and gutter is not None and gutter < 2 * bleed - 1e-9:
        ctx.warn(
            fam,
            "gutter",
            f"gutter: {gutter:g}mm is less than twice the bleed ({bleed:g}mm): each item's bleed "
            f"would cover its neighbour's art; printed {2 * bleed:g}mm apart instead",
        )
