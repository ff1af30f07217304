"""Values worked out once per object, for objects many faces share (pnp draws an element, a
shape or a path once and hands the same object to every face that uses it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """`make(obj)` once per object, found again by the object's identity.

    Each entry holds its object, so that its id cannot be reused by another while it is kept;
    the whole table is let go when it reaches `limit` entries (a deck of 50,000 different
    cards keeps no 50,000 entries).
    """

    def __init__(self, make: Callable[[K], V], limit: int = 4096):
        self.make = make
        self.limit = limit
        self.entries: dict[int, tuple[K, V]] = {}

    def clear(self) -> None:
        self.entries.clear()

    def __call__(self, obj: K) -> V:
        hit = self.entries.get(id(obj))
        if hit is None or hit[0] is not obj:
            if len(self.entries) >= self.limit:
                self.entries.clear()
            hit = self.entries[id(obj)] = (obj, self.make(obj))
        return hit[1]
