"""The manifest: the placement plan as JSON, for cutters, the checker and the tests."""

from __future__ import annotations

from pnp.layout.impose import Plan


def _r(v: float) -> float:
    return round(v, 3) + 0.0


def manifest(plan: Plan, *, game: str, variant: str | None, paper: str, engine: str) -> dict:
    pages = []
    for page in plan.pages:
        items = []
        for p in page.items:
            it = {
                "component": p.ref.family,
                "id": p.ref.id,
                "side": p.side,
                "x_mm": _r(p.x),
                "y_mm": _r(p.y),
                "w_mm": _r(p.w),
                "h_mm": _r(p.h),
                "rotation": p.rotation,
                "stock": p.ref.stock,
                "shape": p.ref.shape,
            }
            if p.tile:
                it["tile"] = p.tile
                it["region_mm"] = [_r(v) for v in p.region]
                it["board_mm"] = [_r(p.ref.w), _r(p.ref.h)]
            items.append(it)
        entry = {"number": page.number, "kind": page.kind, "size_mm": [_r(page.w), _r(page.h)], "items": items}
        if page.bookmark:
            entry["bookmark"] = page.bookmark
        pages.append(entry)
    return {
        "game": game,
        "variant": variant,
        "paper": paper,
        "engine": engine,
        "page_size_mm": [_r(plan.paper.size.w), _r(plan.paper.size.h)],
        "printable_margin_mm": _r(plan.paper.margin),
        "duplex_flip": plan.paper.duplex.flip,
        "families": [
            {"component": f.family, "title": f.title, "count": f.count, "stock": f.stock, "two_sided": f.two_sided, "tiled": f.tiled, "pages": f.pages}
            for f in plan.families
        ],
        "pages": pages,
    }
