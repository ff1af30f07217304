"""Nets of the solids, in millimetres: faces unfolded along a spanning tree, glue tabs, and the
turn that makes the bounding box smallest.

Every net is checked as it is made: faces and tabs must not overlap (separating-axis test on
convex polygons), or the next candidate tree is tried.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from pnp.kinds.polyhedra.solids import Solid, solid
from pnp.kinds.polyhedra.vectors import (
    Pt,
    bbox,
    centroid3,
    convex_overlap,
    cross,
    dot,
    face_normal,
    hull2,
    rot2,
    sub,
    unit,
)


@dataclass(frozen=True)
class NetFace:
    index: int  # 0-based face number in the solid's order
    points: tuple[Pt, ...]  # page millimetres, y down, origin at the net's bounding box
    vertices: tuple[int, ...]  # the solid's vertex for each point
    up: Pt  # unit vector (page coordinates) pointing to the top of this face's content


@dataclass(frozen=True)
class Tab:
    face: int  # the face whose edge carries the tab
    glued_to: int  # the face the tab is glued under
    edge: tuple[int, int]  # the solid's vertices of that edge
    points: tuple[Pt, ...]  # base A, outer A', outer B', base B


@dataclass(frozen=True)
class Net:
    solid: Solid
    edge: float  # mm
    w: float
    h: float
    faces: tuple[NetFace, ...]
    tabs: tuple[Tab, ...]
    folds: tuple[tuple[Pt, Pt], ...]  # dashed: edges shared by two faces, and the base of every tab
    outline: tuple[tuple[Pt, ...], ...]  # closed cut loops (one for a tree net)
    cut_edges: tuple[
        tuple[Pt, Pt, int, int], ...
    ]  # net boundary edges of faces: a, b and the solid's vertices


MAX_TAB_SHARE = 0.4  # a tab is never deeper than this share of the solid's shortest edge


def default_tab(edge: float) -> float:
    """Tab depth: a quarter of the edge, at least 3 mm (make_net caps it at 0.4 of the edge)."""
    return max(3.0, 0.25 * edge)


def face_box(points: Iterable[Pt], up: Pt) -> tuple[Pt, float, float]:
    """The face's content box: (centre, side, rotation in degrees clockwise on the page).

    The box is a square whose side is the larger of the face's width and height measured
    upright (its `up` pointing to the top of the page); the face's upright bounding box is
    centred in it.
    """
    ang = math.atan2(up[0], -up[1])  # clockwise from page-up
    c, s = math.cos(-ang), math.sin(-ang)
    upright = [rot2(p, c, s) for p in points]
    x0, y0, x1, y1 = bbox(upright)
    centre_u = ((x0 + x1) / 2, (y0 + y1) / 2)
    centre = rot2(centre_u, math.cos(ang), math.sin(ang))
    return centre, max(x1 - x0, y1 - y0), math.degrees(ang)


class _Unfolder:
    def __init__(self, sol: Solid, edge: float):
        self.s = sol
        self.edge = edge
        self.v = [(x * edge, y * edge, z * edge) for x, y, z in sol.vertices]
        self.adj: dict[int, list[tuple[int, tuple[int, int]]]] = {
            i: [] for i in range(len(sol.faces))
        }
        owner: dict[tuple[int, int], list[int]] = {}
        for fi, f in enumerate(sol.faces):
            for i in range(len(f)):
                owner.setdefault(tuple(sorted((f[i], f[(i + 1) % len(f)]))), []).append(fi)
        self.owner = owner
        for e, (a, b) in owner.items():
            self.adj[a].append((b, e))
            self.adj[b].append((a, e))

    def local(self, fi: int) -> dict[int, Pt]:
        f = self.s.faces[fi]
        pts = [self.v[i] for i in f]
        n = face_normal(pts)
        c = centroid3(pts)
        u = unit(sub(pts[0], c))
        w = cross(n, u)  # u, w, n right-handed: counter-clockwise in 3-D stays counter-clockwise
        return {vi: (dot(sub(self.v[vi], c), u), dot(sub(self.v[vi], c), w)) for vi in f}

    def trees(self) -> list[list[tuple[int, int, tuple[int, int]]]]:
        """Candidate spanning trees: lists of (parent, child, shared edge), parents first."""
        out = []
        for strat in self.s.strategies:
            if strat[0] == "bfs":
                out.append(self._bfs([strat[1]], set(range(len(self.s.faces)))))
            elif strat[0] == "tree":
                out.append([(a, b, self._shared(a, b)) for a, b in strat[1]])
            elif strat[0] == "caps":
                # each cap grows from its own centre (its first face); one edge joins the caps
                ga, gb = set(strat[1]), set(strat[2])
                ta = self._bfs([strat[1][0]], ga)
                tb = self._bfs([strat[2][0]], gb)
                for fa in strat[1]:
                    for fb, e in self.adj[fa]:
                        if fb in gb:
                            out.append(ta + [(fa, fb, e)] + _reroot(tb, fb))
        return out

    def _shared(self, a: int, b: int) -> tuple[int, int]:
        return next(e for (o, e) in self.adj[a] if o == b)

    def _bfs(self, roots: list[int], allowed: set[int]) -> list[tuple[int, int, tuple[int, int]]]:
        seen = set(roots)
        queue = list(roots)
        tree = []
        while queue:
            a = queue.pop(0)
            for b, e in self.adj[a]:
                if b in allowed and b not in seen:
                    seen.add(b)
                    queue.append(b)
                    tree.append((a, b, e))
        return tree

    def place(self, tree) -> dict[int, dict[int, Pt]]:
        root = tree[0][0] if tree else 0
        placed = {root: self.local(root)}
        for parent, child, (a, b) in tree:
            pa, pb = placed[parent][a], placed[parent][b]
            loc = self.local(child)
            la, lb = loc[a], loc[b]
            ang = math.atan2(pb[1] - pa[1], pb[0] - pa[0]) - math.atan2(
                lb[1] - la[1], lb[0] - la[0]
            )
            c, s = math.cos(ang), math.sin(ang)
            ra = rot2(la, c, s)
            dx, dy = pa[0] - ra[0], pa[1] - ra[1]
            placed[child] = {
                vi: (q[0] + dx, q[1] + dy)
                for vi, q in ((vi, rot2(p, c, s)) for vi, p in loc.items())
            }
        return placed

    def polys(self, placed) -> dict[int, list[Pt]]:
        return {fi: [pos[vi] for vi in self.s.faces[fi]] for fi, pos in placed.items()}


def _reroot(tree, start: int) -> list[tuple[int, int, tuple[int, int]]]:
    """The same tree edges, ordered parents first from another root."""
    links: dict[int, list[tuple[int, tuple[int, int]]]] = {}
    for a, b, e in tree:
        links.setdefault(a, []).append((b, e))
        links.setdefault(b, []).append((a, e))
    out, seen, queue = [], {start}, [start]
    while queue:
        a = queue.pop(0)
        for b, e in links.get(a, []):
            if b not in seen:
                seen.add(b)
                queue.append(b)
                out.append((a, b, e))
    return out


def _faces_overlap(polys: dict[int, list[Pt]]) -> bool:
    keys = sorted(polys)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if convex_overlap(polys[a], polys[b]):
                return True
    return False


def _tab_polygon(a: Pt, b: Pt, depth: float, ang_a: float, ang_b: float) -> list[Pt] | None:
    """Trapezoid on the outer (right-hand, for a counter-clockwise face) side of edge a->b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy)
    tx, ty = dx / ln, dy / ln
    nx, ny = ty, -tx
    ia, ib = depth / math.tan(ang_a), depth / math.tan(ang_b)
    if ln - ia - ib < 0.15 * ln:
        return None
    return [
        a,
        (a[0] + nx * depth + tx * ia, a[1] + ny * depth + ty * ia),
        (b[0] + nx * depth - tx * ib, b[1] + ny * depth - ty * ib),
        b,
    ]


def _overlaps_any(poly: list[Pt], box: tuple, others: list[tuple[tuple, list[Pt]]]) -> bool:
    """`poly` shares interior with one of `others` (each with its bounding box: polygons whose
    boxes are apart are not tested further, most of the pairs a net's tabs meet)."""
    x0, y0, x1, y1 = box
    gap = 1e-6  # convex_overlap's tolerance: boxes further apart than it cannot overlap
    return any(
        not (x1 < b[0] - gap or b[2] < x0 - gap or y1 < b[1] - gap or b[3] < y0 - gap)
        and convex_overlap(poly, q)
        for b, q in others
    )


def _choose_tabs(unf: _Unfolder, polys, tree_edges: set, depth: float):
    """One tab for each cut edge, on whichever of its two net copies has room."""
    sol = unf.s
    tabs: list[Tab] = []
    all_pts = [p for poly in polys.values() for p in poly]
    faces_boxed = [(bbox(q), q) for q in polys.values()]
    shapes_boxed: list[tuple[tuple, list[Pt]]] = []
    for e, (f1, f2) in sorted(unf.owner.items()):
        if e in tree_edges:
            continue
        placed = False
        for scale, max_deg in (
            (1.0, 45.0),
            (1.0, 30.0),
            (0.75, 45.0),
            (0.75, 30.0),
            (0.5, 30.0),
            (0.5, 20.0),
        ):
            options = []
            for face, other in ((f1, f2), (f2, f1)):
                f = sol.faces[face]
                i = next(k for k in range(len(f)) if {f[k], f[(k + 1) % len(f)]} == set(e))
                va, vb = f[i], f[(i + 1) % len(f)]
                # the tab lies under the other face: keep its sides inside that face's corners
                ang_a = math.radians(min(max_deg, math.degrees(sol.face_angle(other, va)) - 10.0))
                ang_b = math.radians(min(max_deg, math.degrees(sol.face_angle(other, vb)) - 10.0))
                poly = _tab_polygon(
                    polys[face][i], polys[face][(i + 1) % len(f)], depth * scale, ang_a, ang_b
                )
                if poly is None:
                    continue
                box = bbox(poly)
                if _overlaps_any(poly, box, faces_boxed) or _overlaps_any(poly, box, shapes_boxed):
                    continue
                x0, y0, x1, y1 = bbox(all_pts + poly)
                options.append(((x1 - x0) * (y1 - y0), face, other, (va, vb), poly))
            if options:
                options.sort(key=lambda o: o[0])
                _, face, other, ev, poly = options[0]
                tabs.append(Tab(face, other, ev, tuple(poly)))
                shapes_boxed.append((bbox(poly), poly))
                all_pts += poly
                placed = True
                break
        if not placed:
            return None
    return tabs


def _best_rotation(points: list[Pt], edges: list[tuple[Pt, Pt]], sol: Solid, polys) -> float:
    """The turn (radians) that lays one of `edges` level with the smallest bounding box.

    Turns within 5% of the smallest area compete on how upright the faces' content reads
    on the page (so a d4's big triangle stands on its base); then area, then portrait.
    """
    hull = hull2(points)
    cands = set()
    for a, b in edges:
        ang = -math.atan2(b[1] - a[1], b[0] - a[0])
        cands.add(round(ang % (2 * math.pi), 9))
        cands.add(round((ang + math.pi) % (2 * math.pi), 9))
    scored = []
    for ang in sorted(cands):
        c, s = math.cos(ang), math.sin(ang)
        x0, y0, x1, y1 = bbox(rot2(p, c, s) for p in hull)
        w, h = x1 - x0, y1 - y0
        scored.append((w * h, w > h + 1e-6, ang))
    least = min(sc[0] for sc in scored)
    best = None
    for area, landscape, ang in scored:
        if area > least * 1.05:
            continue
        key = (_tilt(sol, polys, ang), round(area, 3), landscape, ang)
        if best is None or key < best[0]:
            best = (key, ang)
    return best[1]


def _tilt(sol: Solid, polys, ang: float) -> int:
    """How far (degrees, summed over faces) the faces' content leans from page-up after a turn."""
    c, s = math.cos(ang), math.sin(ang)
    total = 0.0
    for fi, poly in polys.items():
        page = [(q[0], -q[1]) for q in (rot2(p, c, s) for p in poly)]
        u = _up(sol, sol.faces[fi], page)
        total += abs(math.degrees(math.atan2(u[0], -u[1])))
    return round(total)


def _level_edges(sol: Solid, polys, tree) -> list[tuple[Pt, Pt]]:
    """Directions a net may be laid along: an edge of its first face level, or for kites the
    first kite's long axis upright."""
    root = tree[0][0] if tree else 0
    poly = polys[root]
    if sol.kite:
        f = sol.faces[root]
        i = min(range(4), key=lambda k: sol.face_angle(root, f[k]))
        tip, far = poly[i], poly[(i + 2) % 4]
        return [(tip, (tip[0] + (far[1] - tip[1]), tip[1] - (far[0] - tip[0])))]
    return [(poly[i], poly[i - 1]) for i in range(len(poly))]


def _loops(segments: list[tuple[Pt, Pt]]) -> list[tuple[Pt, ...]]:
    """Chain directed segments end to start into closed loops."""

    def k(p):
        return (round(p[0], 5), round(p[1], 5))

    starts: dict = {}
    for n, (a, _b) in enumerate(segments):
        starts.setdefault(k(a), []).append(n)
    used = [False] * len(segments)
    loops = []
    for n in range(len(segments)):
        if used[n]:
            continue
        loop = [segments[n][0]]
        cur = n
        while True:
            used[cur] = True
            end = segments[cur][1]
            nxt = [m for m in starts.get(k(end), []) if not used[m]]
            if not nxt:
                break
            loop.append(end)
            cur = nxt[0]
        loops.append(tuple(loop))
    return loops


@lru_cache(maxsize=256)
def make_net(name: str, edge: float, glue_tabs: bool = True, tab: float | None = None) -> Net:
    """The flat net of a solid with the given edge (mm): faces, tabs, folds and cut outline."""
    sol = solid(name)
    unf = _Unfolder(sol, edge)
    shortest = min(sol.edge_length(*e) for e in sol.edges) * edge
    depth = min(default_tab(edge) if tab is None else tab, MAX_TAB_SHARE * shortest)
    best = None
    for tree in unf.trees():
        polys = unf.polys(unf.place(tree))
        if len(polys) != len(sol.faces) or _faces_overlap(polys):
            continue
        tree_edges = {e for (_a, _b, e) in tree}
        tabs = _choose_tabs(unf, polys, tree_edges, depth) if glue_tabs else []
        if tabs is None:
            continue
        pts = [p for poly in polys.values() for p in poly] + [p for t in tabs for p in t.points]
        ang = _best_rotation(pts, _level_edges(sol, polys, tree), sol, polys)
        c, s = math.cos(ang), math.sin(ang)
        x0, y0, x1, y1 = bbox(rot2(p, c, s) for p in pts)
        area = (x1 - x0) * (y1 - y0)
        if best is None or area < best[0] - 1e-6:
            best = (area, tree, polys, tabs, ang)
    if best is None:
        raise ValueError(f"no overlap-free net found for {name}")
    _area, tree, polys, tabs, ang = best
    c, s = math.cos(ang), math.sin(ang)
    pts = [p for poly in polys.values() for p in poly] + [p for t in tabs for p in t.points]
    x0, y0, x1, y1 = bbox(rot2(p, c, s) for p in pts)

    def to_page(p: Pt) -> Pt:
        q = rot2(p, c, s)
        return (q[0] - x0, y1 - q[1])  # math (y up) to page (y down): the same picture

    tree_edges = {e for (_a, _b, e) in tree}
    faces = []
    segments: list[tuple[Pt, Pt]] = []
    cut_edges = []
    tab_on = {(t.face, tuple(sorted(t.edge))): t for t in tabs}
    for fi in range(len(sol.faces)):
        f = sol.faces[fi]
        page = [to_page(p) for p in polys[fi]]
        faces.append(NetFace(fi, tuple(page), f, _up(sol, f, page)))
        for i in range(len(f)):
            e = tuple(sorted((f[i], f[(i + 1) % len(f)])))
            if e in tree_edges:
                continue
            a, b = page[i], page[(i + 1) % len(f)]
            cut_edges.append((a, b, f[i], f[(i + 1) % len(f)]))
            t = tab_on.get((fi, e))
            if t is None:
                segments.append((a, b))
            else:
                tp = [to_page(p) for p in t.points]
                segments += [(tp[0], tp[1]), (tp[1], tp[2]), (tp[2], tp[3])]
    page_tabs = tuple(
        Tab(t.face, t.glued_to, t.edge, tuple(to_page(p) for p in t.points)) for t in tabs
    )
    folds = []
    for parent, _child, (a, b) in tree:
        pos = dict(zip(sol.faces[parent], faces[parent].points, strict=True))
        folds.append((pos[a], pos[b]))
    folds += [(t.points[0], t.points[3]) for t in page_tabs]
    return Net(
        sol,
        edge,
        x1 - x0,
        y1 - y0,
        tuple(faces),
        page_tabs,
        tuple(folds),
        tuple(_loops(segments)),
        tuple(cut_edges),
    )


def _up(sol: Solid, f: tuple[int, ...], page: list[Pt]) -> Pt:
    """Which way is up on a face: kites point at their sharp corner; other faces sit on an edge,
    choosing the edge that makes the content closest to upright on the page."""
    cx = sum(p[0] for p in page) / len(page)
    cy = sum(p[1] for p in page) / len(page)
    if sol.kite:
        angles = [sol.face_angle(sol.faces.index(f), vi) for vi in f]
        i = min(range(len(f)), key=lambda k: angles[k])
        far = page[(i + 2) % 4]
        d = (page[i][0] - far[0], page[i][1] - far[1])
        ln = math.hypot(*d)
        return (d[0] / ln, d[1] / ln)
    options = []
    for i in range(len(page)):
        a, b = page[i], page[(i + 1) % len(page)]
        m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        d = (cx - m[0], cy - m[1])
        ln = math.hypot(*d)
        options.append((d[0] / ln, d[1] / ln))
    # page-up is (0, -1): the option with the largest upward component wins
    return min(options, key=lambda u: (round(u[1], 6), -u[0]))
