"""The refusal, before any page is made, of an item that cannot be tiled on a paper."""

from __future__ import annotations

import math

from pnp.errors import DEFAULT_MAX_TILES, PnpError
from pnp.layout.grid import EPS
from pnp.layout.impose import FamilyInfo, is_large
from pnp.layout.plan import distinct
from pnp.layout.tiles import tile_room
from pnp.spec.model import Game
from pnp.spec.paper import PaperSpec, source_of
from pnp.spec.yamlfile import display_path, locate


def check_tiling(
    game: Game, infos: list[FamilyInfo], paper: PaperSpec, max_tiles: int = DEFAULT_MAX_TILES
) -> None:
    """Refuse, before any page is made, an item that cannot be tiled on this paper.

    An item larger than the printable area is tiled over pages that overlap by the paper's
    tile_overlap. It cannot be tiled when a page's printable area is no larger than that
    overlap, or when it would need more than `max_tiles` pages (--max-tiles).
    """
    W, H, m = paper.size.w, paper.size.h, paper.margin
    ov = paper.tile_overlap
    # a tile's region in each orientation with room for marks all round: at most what
    # tile_board lays (a board of one row or column keeps less)
    regions = [tile_room(W, H, paper), tile_room(H, W, paper)]
    for info in infos:
        seen: set[tuple[float, float]] = set()
        for r in distinct(info.refs):
            if (r.w, r.h) in seen or not is_large(r, (m, m, W - 2 * m, H - 2 * m), paper):
                continue
            seen.add((r.w, r.h))
            fam = game.family(r.family)
            file, line = locate(fam.data, ("size",))
            where = {"file": file or fam.file, "line": line, "key": "size"}
            need = min(_tiles(r.w, r.h, cw, ch, ov) for cw, ch in regions)
            if need == math.inf and all(min(cw, ch) <= ov + EPS for cw, ch in regions):
                raise PnpError(
                    f"'{r.id}' is larger than the page and the paper {paper.id} is too small to tile it",
                    **where,
                    expected=f"a printable area larger than the tile overlap ({ov:g} mm)",
                    found=f"{r.w:.1f} x {r.h:.1f} mm",
                    hint=f"fix tile_overlap or margin in {display_path(source_of(paper))}",
                )
            if need > max_tiles:
                raise PnpError(
                    f"'{r.id}' ({r.w:.0f} x {r.h:.0f} mm) would need {_count(need)} tile pages on {paper.id}",
                    **where,
                    expected=f"at most {max_tiles:,} tiles per item (raise it with --max-tiles)",
                    found=f"{_count(need)} pages",
                    hint="check the size's unit (mm, cm, in)",
                )


def _tiles(bw: float, bh: float, cw: float, ch: float, ov: float) -> float:
    if cw <= ov + EPS or ch <= ov + EPS:
        return math.inf
    return _along(bw, cw, ov) * _along(bh, ch, ov)


def _along(board: float, cell: float, overlap: float) -> float:
    """Tiles across one side: `cell` wide each, every one after the first `overlap` less."""
    if board <= cell + EPS:
        return 1.0
    return (
        math.ceil((board - overlap) / (cell - overlap) - EPS) if math.isfinite(board) else math.inf
    )


def _count(n: float) -> str:
    return f"{n:,.0f}" if n < 1e12 else f"about {n:.2g}"
