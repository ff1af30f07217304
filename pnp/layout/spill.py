"""Backs the duplex offset moves into the paper's margin.

A back is placed behind its front (pnp.layout.strategies.back_position), then moved by the
printer's duplex offset; a front that reaches the printable area's edge (a full board tile, a
card at the margin) then has its back up to the offset past that edge, in the margin, where
the printer may not print. Laid out inside a margin larger by the offset's larger part
(`inner`), every front keeps that far in, and so every back inside the paper's own margin.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.layout.plan import Page
from pnp.spec.paper import PaperSpec

SLACK = 0.05  # mm: placements' rounding, not ink


def backs_in_margin(pages: Sequence[Page], paper: PaperSpec) -> tuple[float, list[int]]:
    """How far any back reaches into the paper's margin, and the back pages where one does
    (none without an offset)."""
    if not (paper.duplex.offset.x or paper.duplex.offset.y):
        return 0.0, []
    m = paper.margin
    most, hit = 0.0, []
    for page in pages:
        if page.kind != "backs":
            continue
        worst = max((_past(p, page, m) for p in page.items), default=0.0)
        if worst > SLACK:
            most = max(most, worst)
            hit.append(page.number)
    return most, hit


def inner(paper: PaperSpec) -> PaperSpec:
    """The paper with its margin larger by the duplex offset's larger part: fronts laid out
    inside it leave their backs inside the paper's own margin."""
    o = paper.duplex.offset
    return paper.model_copy(update={"margin": paper.margin + max(abs(o.x), abs(o.y))})


def spill_warning(paper: PaperSpec, most: float, pages: list[int]) -> str:
    """Backs left in the margin: the pages, how far, and what to do."""
    o = paper.duplex.offset
    head = ", ".join(str(n) for n in pages[:10]) + (
        f" and {len(pages) - 10} more" if len(pages) > 10 else ""
    )
    return (
        f"paper '{paper.id}': the duplex offset {o.x:g},{o.y:g} mm moves the backs on "
        f"page{'s' if len(pages) > 1 else ''} {head} up to {most:.1f} mm into the "
        f"{paper.margin:g} mm margin, where the printer may not print them (keeping the fronts "
        f"{max(abs(o.x), abs(o.y)):g} mm further in takes more pages, or cuts an item into "
        "tiles); set the printer's paper guides so that the calibration page reads a smaller "
        "offset, or accept that that much of those backs' outer edges may not print"
    )


def _past(p, page: Page, m: float) -> float:
    """How far a back's ink reaches past the printable area (a tile ends at its region, an
    item's art at its bleed)."""
    b = 0.0 if p.region is not None else p.ref.bleed
    x0, y0, x1, y1 = p.x - b, p.y - b, p.x + p.w + b, p.y + p.h + b
    return max(m - x0, m - y0, x1 - (page.w - m), y1 - (page.h - m), 0.0)
