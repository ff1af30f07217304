"""The imposition plan: pages, and where each item sits on them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
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


@dataclass(slots=True)
class Page:
    number: int
    kind: str  # guide|sheet|backs|tile|assembly|calibration
    w: float
    h: float
    items: list[Placement] = field(default_factory=list)
    marks: list = field(default_factory=list)  # primitives drawn over the items (cut marks, labels)
    under: list = field(default_factory=list)  # primitives drawn under the items
    bookmark: str | None = None
    family: str | None = None
    release: list[tuple[str, int]] = field(default_factory=list)  # faces no later page needs
    preview: tuple | None = None  # (ItemRef, transform): a board drawn small on its assembly map


@dataclass
class FamilyPages:
    family: str
    title: str
    stock: str
    two_sided: bool
    count: int
    pages: list[int] = field(default_factory=list)
    tiled: bool = False
