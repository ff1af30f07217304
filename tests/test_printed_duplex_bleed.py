"""A duplex printer's shift never shows a neighbour's colour on a piece's back, read from the PDF.

A piece's back is a filled shape on a backs page with its cut line drawn on its edge (a thin
stroke of the same outline), not inside a shape of another colour. A ring SHIFT mm outside that edge must print the piece's own colours (its
fill and what is drawn on it) or bare paper, never another piece's colour: that is what a printer's
shift of up to SHIFT mm brings inside the cut line.
"""

from __future__ import annotations

import math

import pymupdf
import pytest
from conftest import one_paper_each

from pnp.rulecheck.legibility import _inside_ops
from pnp.spec.load import builtin_games
from tests.conftest import MM, edit

SHIFT = 1.0  # mm: the shift the backs must survive
DPI = 150
K = 72 / 25.4  # points per mm
WHITE = (255, 255, 255)
MARK = (0, 0, 0)  # cut marks are black ticks in the gutters


def _rgb(c) -> tuple[int, int, int] | None:
    return None if c is None else tuple(round(v * 255) for v in c[:3])


def _bezier(p0, p1, p2, p3, n=8):
    return [
        (
            (1 - t) ** 3 * p0.x
            + 3 * (1 - t) ** 2 * t * p1.x
            + 3 * (1 - t) * t * t * p2.x
            + t**3 * p3.x,
            (1 - t) ** 3 * p0.y
            + 3 * (1 - t) ** 2 * t * p1.y
            + 3 * (1 - t) * t * t * p2.y
            + t**3 * p3.y,
        )
        for t in (k / n for k in range(1, n + 1))
    ]


def outlines(d) -> list[list[tuple[float, float]]]:
    """The drawing's subpaths as polygons (points, curves flattened)."""
    polys: list[list[tuple[float, float]]] = []
    for it in d["items"]:
        op = it[0]
        if op == "re":
            r = it[1]
            polys.append([(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)])
            continue
        if op == "qu":
            q = it[1]
            polys.append([(q.ul.x, q.ul.y), (q.ur.x, q.ur.y), (q.lr.x, q.lr.y), (q.ll.x, q.ll.y)])
            continue
        start = (it[1].x, it[1].y)
        if not polys or math.dist(polys[-1][-1], start) > 1e-3:  # a new subpath
            polys.append([start])
        if op == "l":
            polys[-1].append((it[2].x, it[2].y))
        elif op == "c":
            polys[-1].extend(_bezier(*it[1:5]))
    return [p for p in polys if len(p) >= 3]


def _inside(polys, x, y) -> bool:
    """Even-odd, as pnp's legibility check tests points against a path."""
    ops = [op for poly in polys for op in [("M", *poly[0]), *(("L", *q) for q in poly[1:])]]
    return _inside_ops(tuple(ops), x, y)


def ring(polys, dist_pt: float) -> list[tuple[float, float]]:
    """Points dist_pt outside every edge of the shape, kept clear of its corners."""
    out = []
    for poly in polys:
        n = len(poly)
        for i in range(n):
            a, b = poly[i], poly[(i + 1) % n]
            length = math.dist(a, b)
            if length < 1.0 * K:
                continue
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            nx, ny = -uy, ux
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            if _inside(polys, mx + nx * 0.3 * K, my + ny * 0.3 * K):
                nx, ny = -nx, -ny
            # along the edge every 2 mm, at least 1.5 mm from a corner (and its neighbour's ticks)
            clear = 1.5 * K if length > 4 * K else 0.0
            steps = max(1, int((length - 2 * clear) / (2 * K)))
            for k in range(steps + 1):
                t = clear + (length - 2 * clear) * (k / steps if steps else 0.5)
                px, py = a[0] + ux * t + nx * dist_pt, a[1] + uy * t + ny * dist_pt
                if not _inside(polys, px, py):
                    out.append((px, py))
    return out


def _close(a, b, tol=40) -> bool:
    return max(abs(p - q) for p, q in zip(a, b, strict=True)) <= tol


def _key(r, grown: float = 0.0) -> tuple:
    return tuple(round(v * 2) for v in (r.x0 + grown, r.y0 + grown, r.x1 - grown, r.y1 - grown))


def _drawn_within(drawings, rect) -> set:
    """The fill and line colours of the drawings that lie inside rect."""
    grown = rect + (-0.5, -0.5, 0.5, 0.5)
    return {
        _rgb(o.get(k))
        for o in drawings
        for k in ("fill", "color")
        if o.get(k) is not None and o["rect"] in grown
    }


def neighbour_colours(doc, manifest) -> tuple[int, list[str]]:
    """(pieces checked, what a shift shows on their backs that is not theirs)."""
    checked, bad = 0, []
    for page in manifest["pages"]:
        if page["kind"] != "backs":
            continue
        back = doc[page["number"] - 1]
        drawings = back.get_drawings()
        # a cut line: a thin stroke on a filled shape's outline (its box as read may or may not
        # take in half the stroke's width)
        cut_lines = {
            _key(d["rect"], grown)
            for d in drawings
            if d.get("fill") is None
            and d.get("color") is not None
            and (d.get("width") or 0) <= 0.6 * K
            for grown in (0.0, (d.get("width") or 0) / 2)
        }
        pix = back.get_pixmap(dpi=DPI)
        s = DPI / 72
        fills: list[tuple] = []  # (colour, rect) of the filled shapes drawn so far
        pieces, others = [], []
        for d in drawings:
            colour = _rgb(d.get("fill"))
            if colour is None:
                others.append(d)
                continue
            r = d["rect"]
            outlined = d.get("color") is not None and (d.get("width") or 0) <= 0.6 * K
            # inside a shape of another colour drawn before it: a picture on a piece, not a piece
            within = any(
                c != colour
                and q.x0 < r.x0 - 0.3 * K
                and q.y0 < r.y0 - 0.3 * K
                and q.x1 > r.x1 + 0.3 * K
                and q.y1 > r.y1 + 0.3 * K
                for c, q in fills
            )
            fills.append((colour, r))
            if colour != WHITE and not within and (outlined or _key(r) in cut_lines):
                pieces.append(d)
            else:
                others.append(d)
        shapes = []  # (outline polygons, the colours that piece may show)
        for d in pieces:
            colour, r = _rgb(d["fill"]), d["rect"]
            # the piece's own colours: its fill and what is drawn on it (lines of a grid, say)
            shapes.append((outlines(d), {colour} | _drawn_within(others, r)))
        for it in page["items"]:
            # each placed item's trim too (a bled item draws no cut line), with every colour
            # drawn inside its bleed
            x, y, w, h = (it[k] * K for k in ("x_mm", "y_mm", "w_mm", "h_mm"))
            if it.get("shape") == "circle":
                n = 72
                poly = [
                    (
                        x + w / 2 + w / 2 * math.cos(2 * math.pi * i / n),
                        y + h / 2 + h / 2 * math.sin(2 * math.pi * i / n),
                    )
                    for i in range(n)
                ]
            elif it.get("shape", "rect") == "rect":
                poly = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            else:
                continue
            shapes.append(
                (
                    [poly],
                    _drawn_within(
                        drawings, pymupdf.Rect(x, y, x + w, y + h) + (-2 * K, -2 * K, 2 * K, 2 * K)
                    ),
                )
            )
        for polys, own in shapes:
            if not polys:
                continue
            checked += 1
            for x, y in ring(polys, SHIFT * K):
                px, py = int(x * s), int(y * s)
                if not (0 <= px < pix.width and 0 <= py < pix.height):
                    continue
                got = pix.pixel(px, py)[:3]
                if not any(_close(got, ok) for ok in own | {WHITE, MARK}):
                    bad.append(
                        f"p{back.number + 1} piece of {sorted(own)[:3]} at ({x * MM:.1f}, {y * MM:.1f}) mm shows {got}"
                    )
                    break
    return checked, bad


@pytest.mark.parametrize(
    ("game", "paper"), one_paper_each([(g, p) for g in sorted(builtin_games()) for p in ("a4", "letter")])
)
def test_a_shifted_back_shows_no_neighbours_colour(built, game, paper):
    b = built(game, paper)
    doc = b.doc()
    checked, bad = neighbour_colours(doc, b.manifest)
    assert not bad, f"{len(bad)} of {checked}: " + "; ".join(bad[:8])
    if game == "earthquake":
        # every building piece of the eight sets and the four bank sets has a plain back
        assert checked >= 12 * 15, checked


def test_the_cairo_engine_prints_the_same_bleed(built):
    b = built("earthquake", "a4", engine="svg")
    checked, bad = neighbour_colours(b.doc(), b.manifest)
    assert checked >= 12 * 15 and not bad, (checked, bad[:4])


@pytest.mark.parametrize(("game", "bled"), [("earthquake", True), ("earth-our-home", False)])
def test_the_guide_says_how_to_cut_bled_pieces(built, game, bled):
    text = " ".join(built(game).doc()[0].get_text().split())
    assert ("are cut on the outline" in text) == bled


def _spoiled(
    game_copy, tmp_path, game: str, file: str, old: str, new: str
) -> tuple[int, list[str]]:
    """neighbour_colours over a copy of `game` built with one spec line changed."""
    import json

    from pnp import build
    from pnp.spec.load import load_game

    folder = game_copy(game)
    edit(folder / file, old, new)
    out = build(load_game(str(folder)), ["a4"], out_dir=tmp_path / "out")[0]
    return neighbour_colours(pymupdf.open(out.pdf), json.loads(out.manifest.read_text()))


def test_pieces_packed_edge_to_edge_fail(game_copy, tmp_path):
    """Without the bleed, the sets are tiled edge to edge in mixed colours: the test sees it."""
    checked, bad = _spoiled(
        game_copy, tmp_path, "earthquake", "pieces-common.yaml", "bleed: 1.5mm", "bleed: 0mm"
    )
    assert checked >= 12 * 15 and len(bad) > 20, (checked, len(bad))


def test_tokens_of_two_colours_touching_fail(game_copy, tmp_path):
    """Aftershock's Buy tokens without their bleed touch the next player's token: the test sees it."""
    _, bad = _spoiled(
        game_copy, tmp_path, "aftershock", "buy-tokens.yaml", "bleed: 1.5mm\n", "own_sheets: true\n"
    )
    assert len(bad) >= 4, bad
