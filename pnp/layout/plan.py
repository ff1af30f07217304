"""The imposition plan: pages, and where each item sits on them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace


# hashed and compared by value as a frozen one would be, but not frozen: a frozen dataclass
# sets each field through object.__setattr__, seven times slower, and the layout, the pages and
# the manifest make a ref each time they read a deck's card (no code assigns to a ref)
@dataclass(slots=True, unsafe_hash=True)
class ItemRef:
    """One item as the layout sees it: which it is and how big it prints."""

    family: str
    index: int
    id: str
    w: float
    h: float
    two_sided: bool
    stock: str
    bleed: float = 0.0
    shape: str = "rect"


class SameRefs(Sequence):
    """The refs of a family whose items all print alike (size, sides, bleed, shape), made when read.

    Only the ids differ, and those come from the family's items when asked: a deck of any
    size is imposed without listing its cards. A slice is a view of the same kind.
    """

    __slots__ = ("like", "ids", "start", "stop")

    def __init__(self, like: ItemRef, ids: Sequence[str], start: int = 0, stop: int | None = None):
        self.like = like  # every field but index and id
        self.ids = ids
        self.start = start
        self.stop = len(ids) if stop is None else stop

    def __len__(self) -> int:
        return self.stop - self.start

    def __getitem__(self, k):
        n = self.stop - self.start
        if isinstance(k, slice):
            a, b, step = k.indices(n)
            if step != 1:
                return [self[i] for i in range(a, b, step)]
            return SameRefs(self.like, self.ids, self.start + a, self.start + max(a, b))
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("ref index out of range")
        i = self.start + k
        r = self.like
        return ItemRef(r.family, i, self.ids[i], r.w, r.h, r.two_sided, r.stock, r.bleed, r.shape)

    def __iter__(self):
        r = self.like
        for i in range(self.start, self.stop):
            yield ItemRef(
                r.family, i, self.ids[i], r.w, r.h, r.two_sided, r.stock, r.bleed, r.shape
            )


def distinct(refs: Sequence[ItemRef]) -> Sequence[ItemRef]:
    """Enough of `refs` to tell their sizes and sides: one ref for SameRefs, all of them otherwise."""
    if isinstance(refs, SameRefs):
        return refs[:1]
    return refs


@dataclass(slots=True)
class Placement:
    ref: ItemRef
    side: str  # front|back
    x: float
    y: float
    w: float  # as placed, after rotation
    h: float
    rotation: int = 0  # degrees clockwise: 0, 90, 180, 270
    tile: str | None = None
    region: tuple[float, float, float, float] | None = None  # board mm shown at (x, y)


class GridItems(Sequence):
    """The placements of a grid page, made when read: a plan of any size stays small."""

    __slots__ = ("refs", "grid")

    def __init__(self, refs: Sequence[ItemRef], grid):
        self.refs = refs
        self.grid = grid  # pnp.layout.grid.Grid

    def __len__(self) -> int:
        return len(self.refs)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self.refs)))]
        r = self.refs[k]
        g = self.grid
        x, y = g.position(k % len(self.refs))
        return Placement(r, "front", x, y, g.cell_w, g.cell_h, 90 if g.rotated else 0)

    def __iter__(self):
        g = self.grid
        turn = 90 if g.rotated else 0
        for k, r in enumerate(self.refs):
            x, y = g.position(k)
            yield Placement(r, "front", x, y, g.cell_w, g.cell_h, turn)


class BackItems(Sequence):
    """The placements of a back page: each front placement mirrored by `back_of`, when read."""

    __slots__ = ("front", "back_of")

    def __init__(self, front: Sequence, back_of: Callable[[Placement], Placement]):
        self.front = front
        self.back_of = back_of

    def __len__(self) -> int:
        return len(self.front)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self.front)))]
        return self.back_of(self.front[k])

    def __iter__(self):
        return map(self.back_of, self.front)


@dataclass(slots=True)
class Page:
    number: int
    kind: str  # guide|sheet|backs|fold|tile|assembly|calibration
    w: float
    h: float
    # empty tuples by default: a plan of thousands of pages allocates nothing for what it lacks
    items: Sequence[Placement] = ()
    marks: Sequence = ()  # primitives drawn over the items (cut marks, labels)
    under: Sequence = ()  # primitives drawn under the items
    bookmark: str | None = None
    family: str | None = None
    preview: tuple | None = None  # (ItemRef, transform): a board drawn small on its assembly map
    fold: object | None = None  # a fold page's line (pnp.layout.fold.Fold)


def items_read(page: Page) -> Page:
    """The page with its placements made once (they are made whenever read), for a writer
    that reads them twice: the drawing and the manifest."""
    if isinstance(page.items, (tuple, list)):
        return page
    return replace(page, items=tuple(page.items))


@dataclass
class FamilyPages:
    family: str
    title: str
    stock: str
    two_sided: bool
    count: int
    pages: list[int] = field(default_factory=list)
    tiled: bool = False
    folded: bool = False  # on gutter-fold pages, not front and back pages
