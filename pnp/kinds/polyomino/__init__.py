"""Polyominoes: pieces made of equal squares, cut along their own outlines.

Each item gives its squares as `cells: [[col, row], ...]`. A family may print every piece as its own
item (its bounding box goes to the layout), or pack the pieces that share an attribute value
(`pack_by: colour` packs each player's set) into one compact rectangle of squares: the pieces tile
the rectangle, so neighbours share their cut lines and nothing is wasted between them.

With a `bleed`, each pack is split by piece colour: the pieces of one colour still share their cut
lines, but the colours are set twice the bleed apart and each piece's colour runs the bleed past its
outer edges, front and back. A duplex printer's shift then shows a piece's own colour at its edges,
never a neighbour's.
"""

from __future__ import annotations

from pnp.kinds.polyomino.kind import KINDS, PolyominoKind, PolyominoSpec

__all__ = ["KINDS", "PolyominoKind", "PolyominoSpec"]
