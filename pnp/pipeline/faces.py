"""Faces drawn by the kinds, and what the layout needs to know of each family's items."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pnp.kinds import KINDS, DrawContext, Face, draw_family
from pnp.kinds.base import SameSizes
from pnp.layout.impose import FamilyInfo
from pnp.layout.plan import ItemRef, SameRefs
from pnp.spec.model import Family, Game


class FaceStore:
    """Faces by ItemRef, drawn when a page first needs them and let go soon after.

    A family whose kind can tell its sizes (Kind.sizes) is drawn item by item as pages
    ask; a face no page has used for two pages is dropped, so a deck of any size holds
    a few pages' worth of drawings. Pages use an item on neighbouring pages (front, then
    back; a board's tiles in a row); should one come back later, its family is drawn again
    from the start. Other families, and any family asked for whole (`drawn`), are drawn
    whole and kept.
    """

    def __init__(self, game: Game, ctx: DrawContext, rewrite: Callable[[Face], Face] | None = None):
        self.game = game
        self.ctx = ctx
        self.rewrite = rewrite  # a pass over every face as drawn (the ink-saver), or None
        self.whole: dict[str, list[Face]] = {}
        self.gens: dict[str, list] = {}  # family -> [generator, next index, most ever drawn]
        self.held: dict[tuple[str, int], Face] = {}
        self.last: dict[tuple[str, int], int] = {}  # the page that last used a held face
        self.page = 0
        # called with (family name, face) the first time each face is drawn, while watching
        self.observe: Callable[[str, Face], None] | None = None
        self.seen: dict[str, int] = {}  # faces observed, by family

    def watch(self, observe: Callable[[str, Face], None]) -> None:
        """Show every face to `observe` once, as pages draw them (those kept whole at once)."""
        self.observe, self.seen = observe, {}
        self.gens.clear()  # faces drawn before (for the ink meter, say) are drawn again, seen
        self.held.clear()
        self.last.clear()
        for name, faces in self.whole.items():
            self._seen(name, faces)

    def unwatch(self) -> dict[str, int]:
        """Stop watching; returns how many faces of each family were observed.

        Each family drawn item by item is drawn to its end first: a kind says what it noticed
        over the whole family (its warnings) once its last face is out.
        """
        for gen in self.gens.values():
            for face in gen[0]:
                if gen[1] >= gen[2]:
                    self._seen(face.family, (face,))
                gen[1] += 1
                gen[2] = max(gen[2], gen[1])
        self.observe = None
        return self.seen

    def _seen(self, name: str, faces) -> None:
        for face in faces:
            self.observe(name, face)
        self.seen[name] = self.seen.get(name, 0) + len(faces)

    def faces(self, fam: Family) -> Iterator[Face]:
        """The family's faces in order, drawn afresh."""
        faces = draw_family(fam, self.ctx)
        return faces if self.rewrite is None else map(self.rewrite, faces)

    def draw_whole(self, fam: Family) -> list[Face]:
        """The family's faces, drawn once and kept."""
        faces = self.whole.get(fam.name)
        if faces is None:
            faces = self.whole[fam.name] = list(self.faces(fam))
            if self.observe is not None:
                self._seen(fam.name, faces)
        return faces

    def each(self, fam: Family) -> list[Face] | Iterator[Face]:
        """The family's faces for one pass over them: those kept, or drawn afresh and not kept."""
        return self.whole.get(fam.name) or self.faces(fam)

    def __call__(self, ref: ItemRef) -> Face:
        whole = self.whole.get(ref.family)
        if whole is not None:
            return whole[ref.index]
        key = (ref.family, ref.index)
        face = self.held.get(key)
        if face is None:
            gen = self.gens.get(ref.family)
            if gen is None or gen[1] > ref.index:
                most = gen[2] if gen else 0
                gen = self.gens[ref.family] = [self.faces(self.game.family(ref.family)), 0, most]
            while gen[1] <= ref.index:
                drawn = next(gen[0])
                if self.observe is not None and gen[1] >= gen[2]:  # never drawn before
                    self._seen(ref.family, (drawn,))
                if gen[1] == ref.index or gen[1] >= gen[2]:  # not one already used and let go
                    self.held[(ref.family, gen[1])] = drawn
                gen[1] += 1
                gen[2] = max(gen[2], gen[1])
            face = self.held[key]
        self.last[key] = self.page
        return face

    def page_done(self) -> None:
        self.page += 1
        for key in [k for k, p in self.last.items() if p < self.page - 2]:
            del self.last[key]
            del self.held[key]


def family_infos(game: Game, store: FaceStore) -> list[FamilyInfo]:
    """Every family's items as the layout sees them; families whose kind cannot tell their
    sizes are drawn whole to learn them."""
    infos: list[FamilyInfo] = []
    for fam in game.families:
        kind = KINDS[fam.spec.kind]
        stock = fam.spec.stock or kind.default_stock
        sizes = kind.sizes(fam, store.ctx)
        if sizes is None:
            refs = [
                ItemRef(fam.name, i, f.id, f.w, f.h, f.back is not None, stock, f.bleed, f.shape)
                for i, f in enumerate(store.draw_whole(fam))
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
        infos.append(FamilyInfo(fam.name, fam.title, stock, fam.spec.sheet, fam.spec.gutter, refs, fam.spec.own_sheets))
    return infos
