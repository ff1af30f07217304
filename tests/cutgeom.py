"""Geometry for reading cut files against the printed PDF: cut paths and drawn paths as points
in page millimetres, and the distance between them."""

from __future__ import annotations

import functools
import math
import re
import xml.etree.ElementTree as ET

from conftest import MM

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
TOL = 0.1  # mm: a cut within this of a drawn line follows it
STEP = 0.5  # mm between samples of a cut line
CELL = 1.0  # mm, the grid that finds lines near a point
NCNAME = re.compile(r"[A-Za-z_][A-Za-z0-9._-]*")


def parse_d(d: str) -> list[list[tuple]]:
    """Subpaths of an absolute M/L/C/Z path, each a list of ('L', p0, p1) or ('C', p0, c1, c2, p3)."""
    tokens = re.findall(r"[MLCZ]|-?[\d.]+(?:e-?\d+)?", d)
    subs: list[list[tuple]] = []
    i, cur, start = 0, None, None
    while i < len(tokens):
        t = tokens[i]
        if t == "M":
            cur = start = (float(tokens[i + 1]), float(tokens[i + 2]))
            subs.append([])
            i += 3
        elif t == "L":
            p = (float(tokens[i + 1]), float(tokens[i + 2]))
            subs[-1].append(("L", cur, p))
            cur = p
            i += 3
        elif t == "C":
            v = [float(x) for x in tokens[i + 1 : i + 7]]
            p = (v[4], v[5])
            subs[-1].append(("C", cur, (v[0], v[1]), (v[2], v[3]), p))
            cur = p
            i += 7
        elif t == "Z":
            if cur != start:
                subs[-1].append(("L", cur, start))
            cur = start
            i += 1
        else:
            raise AssertionError(f"unexpected path token {t!r} in {d[:60]}")
    return subs


def sample(seg, step: float = STEP) -> list[tuple[float, float]]:
    if seg[0] == "L":
        (x0, y0), (x1, y1) = seg[1], seg[2]
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        return [(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(n + 1)]
    p0, c1, c2, p3 = seg[1:]
    length = math.dist(p0, c1) + math.dist(c1, c2) + math.dist(c2, p3)
    n = max(4, math.ceil(length / step))
    out = []
    for k in range(n + 1):
        t = k / n
        u = 1 - t
        out.append(
            tuple(
                u**3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t**3 * d
                for a, b, c, d in zip(p0, c1, c2, p3, strict=True)
            )
        )
    return out


def drawn_segments(page, keep=lambda d: True) -> list[tuple]:
    """Every straight line and curve the PDF page draws (strokes and fill edges), in mm (read
    with get_cdrawings: plain tuples, a fraction of the time pymupdf's objects take)."""
    segs = []
    for d in page.get_cdrawings():
        if not keep(d):
            continue
        for it in d["items"]:
            kind = it[0]
            if kind == "l":
                segs.append(("L", _mm(it[1]), _mm(it[2])))
            elif kind == "c":
                segs.append(("C", *(_mm(p) for p in it[1:5])))
            elif kind in ("re", "qu"):
                if kind == "re":
                    x0, y0, x1, y1 = it[1]
                    x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
                    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                else:  # upper left, upper right, lower left, lower right: round the edge
                    ul, ur, ll, lr = it[1]
                    corners = [ul, ur, lr, ll]
                pts = [_mm(p) for p in corners]
                segs += [("L", pts[k], pts[(k + 1) % 4]) for k in range(4)]
    return segs


def _mm(p) -> tuple[float, float]:
    return (p[0] * MM, p[1] * MM)


class Lines:
    """Line pieces (curves flattened), found by distance through a grid of cells they cross."""

    def __init__(self, segs):
        self.cells: dict[tuple[int, int], list] = {}
        for seg in segs:
            pts = [seg[1], seg[2]] if seg[0] == "L" else sample(seg, 0.5)
            for a, b in zip(pts, pts[1:], strict=False):
                self._add(a, b)

    def _add(self, a, b) -> None:
        ka, kb = (int(a[0] // CELL), int(a[1] // CELL)), (int(b[0] // CELL), int(b[1] // CELL))
        if ka == kb:  # a short piece (most are): the cell of its ends holds all of it
            self.cells.setdefault(ka, []).append((a, b))
            return
        if ka[0] == kb[0] or ka[1] == kb[1]:  # along a row or column: every cell between
            (i0, i1), (j0, j1) = sorted((ka[0], kb[0])), sorted((ka[1], kb[1]))
            for key in [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]:
                self.cells.setdefault(key, []).append((a, b))
            return
        n = max(1, math.ceil(math.dist(a, b) / (CELL / 2)))
        keys = {
            (
                int((a[0] + (b[0] - a[0]) * k / n) // CELL),
                int((a[1] + (b[1] - a[1]) * k / n) // CELL),
            )
            for k in range(n + 1)
        }
        for key in keys:
            self.cells.setdefault(key, []).append((a, b))

    def near(self, x: float, y: float, tol: float = TOL) -> bool:
        cx, cy = int(x // CELL), int(y // CELL)
        for i in (-1, 0, 1):
            for j in (-1, 0, 1):
                for a, b in self.cells.get((cx + i, cy + j), ()):
                    if _dist(x, y, a, b) <= tol:
                        return True
        return False


def _dist(x, y, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d2 = dx * dx + dy * dy
    t = 0.0 if d2 == 0 else max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / d2))
    return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)


def cloud_of(segs) -> Lines:
    return Lines(segs)


def cut_segments(svg, layers=("cut",)) -> list:
    """Every segment of the cut file's paths in the given layers."""
    root = ET.parse(svg).getroot()
    out = []
    for g in root.findall(f"{SVG}g"):
        if g.get("id") in layers:
            for el in g:
                for sub in parse_d(el.get("d")):
                    out += sub
    return out


@functools.cache  # a shipped game's spec does not change during the run; loading it is not cheap
def bleeds_of(game: str) -> dict[str, float]:
    """Each family's bleed, from its spec: how far past the cut line its art is printed."""
    from pnp.spec.load import load_game

    return {f.name: getattr(f.spec, "bleed", 0.0) for f in load_game(game).families}


def on_drawn(drawn: Lines, seg, x: float, y: float, t: float, bleed: float) -> bool:
    """The cut point is on a drawn line, or (for art printed past the cut) a drawn edge runs at
    the bleed's distance straight out from it, on one side or the other."""
    if drawn.near(x, y):
        return True
    if bleed <= 0:
        return False
    if seg[0] == "L":
        tx, ty = seg[2][0] - seg[1][0], seg[2][1] - seg[1][1]
    else:  # the curve's direction at t
        p0, c1, c2, p3 = seg[1:]
        u = 1 - t
        tx, ty = (
            3 * u * u * (c1[i] - p0[i]) + 6 * u * t * (c2[i] - c1[i]) + 3 * t * t * (p3[i] - c2[i])
            for i in (0, 1)
        )
    n = math.hypot(tx, ty) or 1.0
    nx, ny = -ty / n, tx / n
    return drawn.near(x + nx * bleed, y + ny * bleed) or drawn.near(x - nx * bleed, y - ny * bleed)


def check_cut_file(svg, page, bleeds: dict[str, float] | None = None) -> int:
    """Assert that every cut and score path of the file lies on a line the PDF page draws (or,
    for art printed past the cut, runs the bleed inside the drawn edge), that ids are legal and
    unique and the layers are Inkscape layers; return the paths checked."""
    root = ET.parse(svg).getroot()
    w, h = page.rect.width * MM, page.rect.height * MM
    assert (
        root.get("viewBox") == f"0 0 {round(w, 3):g} {round(h, 3):g}"
        and root.get("width") == f"{round(w, 3):g}mm"
    )
    layers = {g.get("id"): g for g in root.findall(f"{SVG}g")}
    assert set(layers) == {"registration", "cut", "score"}
    for g in layers.values():
        assert g.get(f"{INKSCAPE}groupmode") == "layer"
    # Silhouette Studio's square and two right angles; none for a sheet that prints none
    assert len(layers["registration"]) in (0, 3)
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids)), f"{svg.name}: repeated ids"
    assert all(NCNAME.fullmatch(i) for i in ids), [i for i in ids if not NCNAME.fullmatch(i)]
    drawn = cloud_of(drawn_segments(page))
    checked = 0
    for layer in ("cut", "score"):
        for el in layers[layer]:
            family = (el.get(f"{INKSCAPE}label") or "").split("/")[0]
            bleed = (bleeds or {}).get(family, 0.0) if layer == "cut" else 0.0
            for sub in parse_d(el.get("d")):
                for seg in sub:
                    pts = sample(seg, 0.5)
                    for k, (x, y) in enumerate(pts):
                        assert on_drawn(drawn, seg, x, y, k / max(1, len(pts) - 1), bleed), (
                            f"{svg.name}: {layer} {el.get('id')} at ({x:.2f}, {y:.2f}) mm follows no printed line"
                        )
            checked += 1
    return checked


def straight_segments(
    svg, layer: str = "cut"
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    root = ET.parse(svg).getroot()
    g = next(g for g in root.findall(f"{SVG}g") if g.get("id") == layer)
    return [(s[1], s[2]) for el in g for sub in parse_d(el.get("d")) for s in sub if s[0] == "L"]


def overlaps(segs) -> list:
    """Stretches of line that two straight cut segments both cover (an edge cut twice)."""
    ends = {(round(x, 3), round(y, 3)) for a, b in segs for x, y in (a, b)}
    seen: dict = {}
    twice = []
    for a, b in segs:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length2 = dx * dx + dy * dy
        on = []
        for p in ends:
            t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
            if (
                -1e-6 <= t <= 1 + 1e-6
                and abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / math.sqrt(length2) < 1e-3
            ):
                on.append((t, p))
        on.sort()
        for (_, p), (_, q) in zip(on, on[1:], strict=False):
            if p == q:
                continue
            key = tuple(sorted((p, q)))
            if key in seen:
                twice.append(key)
            seen[key] = True
    return twice


def shipped_cut(made, game: str) -> list:
    """The cut files of `pnp export GAME --cut --paper a4` (sorted), exported once for the run
    (conftest's `made`): the tests that only read them share one export."""
    from pnp.cli import main

    def export(out) -> None:
        assert main(["export", game, "--cut", "--paper", "a4", "--out", str(out), "--quiet"]) == 0

    return sorted((made(f"cut-{game}-a4", export) / game / "cut").glob(f"{game}-a4-cut-p*.svg"))
