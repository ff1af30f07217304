"""Polyhedron nets: the solids of the `die` kind and their flat nets, in millimetres.

Pure geometry, no drawing. A solid is a table of 3-D vertices (in units of its reference edge)
and faces (vertex indices, counter-clockwise seen from outside, in the solid's face order). A net
unfolds the faces along a spanning tree of the face graph into the plane, adds glue tabs on the
cut edges (one tab per pair of net edges that are glued together) and turns the whole net so
that its bounding box is as small as possible.

Every net is checked as it is made: faces and tabs must not overlap (separating-axis test on
convex polygons), or the next candidate tree is tried.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

Vec3 = tuple[float, float, float]
Pt = tuple[float, float]

EPS = 1e-7
PHI = (1 + math.sqrt(5)) / 2


# --------------------------------------------------------------------------- 3-D tables


@dataclass(frozen=True)
class Solid:
    name: str
    title: str
    vertices: tuple[Vec3, ...]  # in units of the reference edge (`edge` in the YAML)
    faces: tuple[tuple[int, ...], ...]  # counter-clockwise seen from outside, in face order
    edge_meaning: str  # what `edge` measures on this solid
    order_note: str  # how the face order runs
    # how to build candidate spanning trees: ("bfs", root face) or ("caps", group_a, group_b) ...
    strategies: tuple = ()
    kite: bool = False  # faces are kites: their "up" points at the sharp (pole) corner

    @property
    def edges(self) -> set[tuple[int, int]]:
        return {tuple(sorted((f[i], f[(i + 1) % len(f)]))) for f in self.faces for i in range(len(f))}

    def edge_length(self, a: int, b: int) -> float:
        return _dist3(self.vertices[a], self.vertices[b])

    def face_angle(self, face: int, vertex: int) -> float:
        """Interior angle (radians) of a face at one of its vertices."""
        f = self.faces[face]
        i = f.index(vertex)
        p, a, b = self.vertices[f[i]], self.vertices[f[i - 1]], self.vertices[f[(i + 1) % len(f)]]
        u, v = _sub(a, p), _sub(b, p)
        return math.acos(max(-1.0, min(1.0, _dot(u, v) / (_norm(u) * _norm(v)))))

    def normal(self, face: int) -> Vec3:
        return _face_normal([self.vertices[i] for i in self.faces[face]])


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _norm(a):
    return math.sqrt(_dot(a, a))


def _unit(a):
    n = _norm(a)
    return (a[0] / n, a[1] / n, a[2] / n)


def _dist3(a, b):
    return _norm(_sub(a, b))


def _face_normal(pts: list[Vec3]) -> Vec3:
    c = _centroid3(pts)
    n = (0.0, 0.0, 0.0)
    for i in range(len(pts)):
        n = tuple(x + y for x, y in zip(n, _cross(_sub(pts[i], c), _sub(pts[(i + 1) % len(pts)], c)), strict=True))
    return _unit(n)


def _centroid3(pts):
    k = len(pts)
    return (sum(p[0] for p in pts) / k, sum(p[1] for p in pts) / k, sum(p[2] for p in pts) / k)


def convex_hull_faces(vertices: list[Vec3]) -> list[tuple[int, ...]]:
    """The faces of a convex polyhedron given by its vertices (brute force: a handful of points)."""
    n = len(vertices)
    seen: set[frozenset] = set()
    faces = []
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                a, b, c = vertices[i], vertices[j], vertices[k]
                nrm = _cross(_sub(b, a), _sub(c, a))
                if _norm(nrm) < 1e-9:
                    continue
                nrm = _unit(nrm)
                d = _dot(nrm, a)
                side = [_dot(nrm, v) - d for v in vertices]
                if all(s <= 1e-9 for s in side):
                    out = nrm
                elif all(s >= -1e-9 for s in side):
                    out = (-nrm[0], -nrm[1], -nrm[2])
                else:
                    continue
                on = frozenset(m for m, s in enumerate(side) if abs(s) <= 1e-9)
                if on in seen:
                    continue
                seen.add(on)
                faces.append(_ccw(list(on), vertices, out))
    return faces


def _ccw(idx: list[int], vertices: list[Vec3], outward: Vec3) -> tuple[int, ...]:
    c = _centroid3([vertices[i] for i in idx])
    u = _unit(_sub(vertices[idx[0]], c))
    w = _cross(outward, u)
    return tuple(sorted(idx, key=lambda i: math.atan2(_dot(_sub(vertices[i], c), w), _dot(_sub(vertices[i], c), u))))


def _rotation_to_z(d: Vec3):
    """A function rotating direction d onto +z (Rodrigues)."""
    d = _unit(d)
    z = (0.0, 0.0, 1.0)
    axis = _cross(d, z)
    s, c = _norm(axis), _dot(d, z)
    if s < 1e-12:
        return (lambda p: p) if c > 0 else (lambda p: (p[0], -p[1], -p[2]))
    k = _unit(axis)

    def rot(p):
        kxp = _cross(k, p)
        kdp = _dot(k, p)
        return tuple(p[i] * c + kxp[i] * s + k[i] * kdp * (1 - c) for i in range(3))

    return rot


def _azimuth(n: Vec3) -> float:
    """Angle of a direction around +z, counter-clockwise seen from above, 0 at the front (-y)."""
    return round((math.atan2(n[1], n[0]) + math.pi / 2) % (2 * math.pi), 6) % round(2 * math.pi, 6)


def _ordered(vertices: list[Vec3], key) -> tuple[tuple[int, ...], ...]:
    faces = convex_hull_faces(vertices)
    normals = [_face_normal([vertices[i] for i in f]) for f in faces]
    order = sorted(range(len(faces)), key=lambda i: key(normals[i]))
    return tuple(faces[i] for i in order)


def _symmetric_order(vertices: list[Vec3], first_half, interleave: bool = False) -> tuple[tuple[int, ...], ...]:
    """Face order of a centrally symmetric solid: face F+1-n is opposite face n.

    first_half picks and orders half the faces (by their normals). With interleave, those take
    the odd places (1, 3, 5 ...) and their opposites the even ones, still so that n and F+1-n
    are opposite.
    """
    faces = convex_hull_faces(vertices)
    normals = [_face_normal([vertices[i] for i in f]) for f in faces]
    half = first_half(normals)
    total = len(faces)
    slots: list[int | None] = [None] * total
    places = list(range(0, total, 2)) if interleave else list(range(total // 2))
    for place, fi in zip(places, half, strict=True):
        slots[place] = fi
        opp = min(range(total), key=lambda j: _dist3(normals[j], tuple(-x for x in normals[fi])))
        slots[total - 1 - place] = opp
    assert sorted(slots) == list(range(total)), "face order is not a permutation"
    return tuple(faces[i] for i in slots)


def _scaled(vertices: list[Vec3], edge: float) -> list[Vec3]:
    return [(x / edge, y / edge, z / edge) for x, y, z in vertices]


def _cube() -> Solid:
    v = [(x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)]
    axes = [(0, 0, 1), (0, -1, 0), (1, 0, 0)]  # top, front, right: 1-2-3 counter-clockwise

    def half(normals):
        return [min(range(6), key=lambda j, a=a: _dist3(normals[j], a)) for a in axes]

    return Solid("d6", "cube", tuple(v), _symmetric_order(v, half), "the side of each square",
                 "1 top, 2 front, 3 right, 4 left, 5 back, 6 bottom: face n is opposite face 7-n "
                 "(so 1..6 give a standard die, 1-2-3 counter-clockwise)", (("bfs", 0),))


def _tetrahedron() -> Solid:
    raw = [(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)]
    rot = _rotation_to_z((1, 1, 1))  # vertex (1,1,1) up: the opposite face is the bottom
    v = _scaled([rot(p) for p in raw], math.sqrt(8))
    faces = _ordered(v, lambda n: (n[2] > -0.9, _azimuth(n)))
    return Solid("d4", "tetrahedron", tuple(v), faces, "the side of each triangle",
                 "1 the bottom, then 2-4 counter-clockwise seen from above", (("bfs", 0), ("bfs", 1)))


def _octahedron() -> Solid:
    v = [(s * a[0], s * a[1], s * a[2]) for a in ((1, 0, 0), (0, 1, 0), (0, 0, 1)) for s in (1, -1)]
    v = _scaled(v, math.sqrt(2))

    def half(normals):
        up = [i for i, n in enumerate(normals) if n[2] > 0]
        return sorted(up, key=lambda i: _azimuth(normals[i]))

    faces = _symmetric_order(v, half)
    return Solid("d8", "octahedron", tuple(v), faces, "the side of each triangle",
                 "1-4 around the top corner counter-clockwise, 5-8 around the bottom corner: "
                 "face n is opposite face 9-n", (("caps", (0, 1, 2, 3), (4, 5, 6, 7)),))


def _dodecahedron() -> Solid:
    ip = 1 / PHI
    raw = [(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    for a in (-1, 1):
        for b in (-1, 1):
            raw += [(0, a * ip, b * PHI), (a * ip, b * PHI, 0), (a * PHI, 0, b * ip)]
    f0 = convex_hull_faces(raw)[0]
    rot = _rotation_to_z(_face_normal([raw[i] for i in f0]))  # a face on top
    v = _scaled([rot(p) for p in raw], 2 / PHI)

    def half(normals):
        top = max(range(12), key=lambda i: normals[i][2])
        ring = sorted((i for i, n in enumerate(normals) if 0.1 < n[2] < 0.9), key=lambda i: _azimuth(normals[i]))
        return [top, *ring]

    faces = _symmetric_order(v, half)
    return Solid("d12", "dodecahedron", tuple(v), faces, "the side of each pentagon",
                 "1 top, 2-6 around it counter-clockwise, 7-11 the lower ring, 12 bottom: "
                 "face n is opposite face 13-n", (("caps", (0, 1, 2, 3, 4, 5), (11, 6, 7, 8, 9, 10)),))


def _trapezohedron() -> Solid:
    """The d10: the dual of the uniform pentagonal antiprism (Conway dA5).

    Geometry source: the pentagonal trapezohedron as the polar reciprocal of the uniform
    (all edges equal) pentagonal antiprism, e.g. https://en.wikipedia.org/wiki/Pentagonal_trapezohedron
    and https://polytope.miraheze.org/wiki/Pentagonal_antitegum: ten congruent kites with angles
    108°, 108°, 108° and 36° (at the poles); the long edges are (3+√5)/2 ≈ 2.618 times the
    short ones. Face-transitive, so every face is equally likely: a fair die. The tests check
    these angles and ratios from the table below.
    """
    n = 5
    r = 1 / (2 * math.sin(math.pi / n))  # antiprism edge 1
    h2 = 1 - 2 * r * r * (1 - math.cos(math.pi / n))  # (height)^2 so the side edges are 1 too
    hz = math.sqrt(h2) / 2
    anti = [(r * math.cos(2 * math.pi * k / n), r * math.sin(2 * math.pi * k / n), hz) for k in range(n)]
    anti += [(r * math.cos(2 * math.pi * (k + 0.5) / n), r * math.sin(2 * math.pi * (k + 0.5) / n), -hz) for k in range(n)]
    dual = []
    for f in convex_hull_faces(anti):
        pts = [anti[i] for i in f]
        nrm = _face_normal(pts)
        d = _dot(nrm, pts[0])
        dual.append((nrm[0] / d, nrm[1] / d, nrm[2] / d))
    faces0 = convex_hull_faces(dual)
    # short edge = the reference edge
    short = min(_dist3(dual[f[i]], dual[f[(i + 1) % 4]]) for f in faces0 for i in range(4))
    v = _scaled(dual, short)

    def half(normals):
        up = [i for i, nn in enumerate(normals) if nn[2] > 0]
        return sorted(up, key=lambda i: _azimuth(normals[i]))

    faces = _symmetric_order(v, half, interleave=True)
    odd = tuple(range(0, 10, 2))
    even = tuple(range(1, 10, 2))
    # the classic zig-zag strip: faces around the equator in turn
    ring = sorted(range(10), key=lambda i: _azimuth(_face_normal([v[j] for j in faces[i]])))
    return Solid("d10", "pentagonal trapezohedron", tuple(v), faces,
                 "the two short edges of each kite (the long edges are 2.618 times as long)",
                 "odd faces (1, 3 ... 9) meet at the top pole, even faces at the bottom pole; "
                 "face n is opposite face 11-n (label them 0-9 in order and opposite faces add up to 9)",
                 tuple(("tree", _path(ring[k:] + ring[:k])) for k in range(2)) + (("caps", odd, even),), kite=True)


def _path(order) -> tuple[tuple[int, int], ...]:
    return tuple(zip(order, order[1:], strict=False))


def _strip(n: int, k: int) -> tuple[tuple[int, int], ...]:
    """A prism's sides in a row (faces 1..n, 0-based), the top and bottom hung on side k."""
    mid = list(range(1, n + 1))
    i = mid.index(k)
    left, right = mid[:i][::-1], mid[i + 1 :]
    pairs = [(k, 0), (k, n + 1)]
    for side in (left, right):
        prev = k
        for f in side:
            pairs.append((prev, f))
            prev = f
    return tuple(pairs)


def _prism(n: int) -> Solid:
    r = 1 / (2 * math.sin(math.pi / n))
    v = []
    for z in (0.5, -0.5):
        for k in range(n):
            a = -math.pi / 2 + math.pi / n + 2 * math.pi * k / n  # a side faces the front (-y)
            v.append((r * math.cos(a), r * math.sin(a), z))
    faces = _ordered(v, lambda nn: (0 if nn[2] > 0.5 else (2 if nn[2] < -0.5 else 1), _azimuth(nn)))
    names = {3: "triangular", 5: "pentagonal", 6: "hexagonal"}
    return Solid(f"prism{n}", f"{names[n]} prism", tuple(v), faces,
                 f"the side of each {n}-gon, which is also the height (the sides are squares)",
                 f"1 top, 2-{n + 1} the sides counter-clockwise seen from above (2 at the front), {n + 2} bottom",
                 tuple(("tree", _strip(n, k)) for k in range(1, n + 1)))


def _pyramid4() -> Solid:
    v = [(x, y, 0.0) for x in (-0.5, 0.5) for y in (-0.5, 0.5)] + [(0.0, 0.0, 1 / math.sqrt(2))]
    faces = _ordered(v, lambda nn: (nn[2] > -0.9, _azimuth(nn)))
    return Solid("pyramid4", "square pyramid", tuple(v), faces, "every edge: the side of the square base and of each triangle",
                 "1 the square base, then 2-5 the triangles counter-clockwise seen from above", (("bfs", 0),))


@cache
def solids() -> dict[str, Solid]:
    out = [_tetrahedron(), _cube(), _octahedron(), _trapezohedron(), _dodecahedron(),
           _prism(3), _prism(5), _prism(6), _pyramid4()]
    return {s.name: s for s in out}


SOLID_NAMES = ("d4", "d6", "d8", "d10", "d12", "prism3", "prism5", "prism6", "pyramid4")


def solid(name: str) -> Solid:
    return solids()[name]


# --------------------------------------------------------------------------- 2-D helpers


def _rot2(p: Pt, c: float, s: float) -> Pt:
    return (p[0] * c - p[1] * s, p[0] * s + p[1] * c)


def polygon_area(poly: list[Pt]) -> float:
    return 0.5 * sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1] for i in range(len(poly)))


def convex_overlap(p: list[Pt], q: list[Pt], tol: float = 1e-6) -> bool:
    """True when two convex polygons share interior (separating-axis test; touching is not overlap)."""
    for poly in (p, q):
        for i in range(len(poly)):
            ax, ay = poly[i]
            bx, by = poly[(i + 1) % len(poly)]
            nx, ny = by - ay, ax - bx
            ln = math.hypot(nx, ny)
            if ln < 1e-12:
                continue
            nx, ny = nx / ln, ny / ln
            p_proj = [x * nx + y * ny for x, y in p]
            q_proj = [x * nx + y * ny for x, y in q]
            if max(p_proj) <= min(q_proj) + tol or max(q_proj) <= min(p_proj) + tol:
                return False
    return True


def bbox(points: Iterable[Pt]) -> tuple[float, float, float, float]:
    pts = list(points)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _hull2(points: list[Pt]) -> list[Pt]:
    pts = sorted(set((round(x, 9), round(y, 9)) for x, y in points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


# --------------------------------------------------------------------------- nets


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
    cut_edges: tuple[tuple[Pt, Pt, int, int], ...]  # net boundary edges of faces: a, b and the solid's vertices


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
    upright = [_rot2(p, c, s) for p in points]
    x0, y0, x1, y1 = bbox(upright)
    centre_u = ((x0 + x1) / 2, (y0 + y1) / 2)
    centre = _rot2(centre_u, math.cos(ang), math.sin(ang))
    return centre, max(x1 - x0, y1 - y0), math.degrees(ang)


class _Unfolder:
    def __init__(self, sol: Solid, edge: float):
        self.s = sol
        self.edge = edge
        self.v = [(x * edge, y * edge, z * edge) for x, y, z in sol.vertices]
        self.adj: dict[int, list[tuple[int, tuple[int, int]]]] = {i: [] for i in range(len(sol.faces))}
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
        n = _face_normal(pts)
        c = _centroid3(pts)
        u = _unit(_sub(pts[0], c))
        w = _cross(n, u)  # u, w, n right-handed: counter-clockwise in 3-D stays counter-clockwise
        return {vi: (_dot(_sub(self.v[vi], c), u), _dot(_sub(self.v[vi], c), w)) for vi in f}

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
                    for (fb, e) in self.adj[fa]:
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
            ang = math.atan2(pb[1] - pa[1], pb[0] - pa[0]) - math.atan2(lb[1] - la[1], lb[0] - la[0])
            c, s = math.cos(ang), math.sin(ang)
            ra = _rot2(la, c, s)
            dx, dy = pa[0] - ra[0], pa[1] - ra[1]
            placed[child] = {vi: (q[0] + dx, q[1] + dy) for vi, q in ((vi, _rot2(p, c, s)) for vi, p in loc.items())}
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
    return [a, (a[0] + nx * depth + tx * ia, a[1] + ny * depth + ty * ia),
            (b[0] + nx * depth - tx * ib, b[1] + ny * depth - ty * ib), b]


def _choose_tabs(unf: _Unfolder, polys, tree_edges: set, depth: float):
    """One tab for each cut edge, on whichever of its two net copies has room."""
    sol = unf.s
    tabs: list[Tab] = []
    shapes: list[list[Pt]] = []
    all_pts = [p for poly in polys.values() for p in poly]
    for e, (f1, f2) in sorted(unf.owner.items()):
        if e in tree_edges:
            continue
        placed = False
        for scale, max_deg in ((1.0, 45.0), (1.0, 30.0), (0.75, 45.0), (0.75, 30.0), (0.5, 30.0), (0.5, 20.0)):
            options = []
            for face, other in ((f1, f2), (f2, f1)):
                f = sol.faces[face]
                i = next(k for k in range(len(f)) if {f[k], f[(k + 1) % len(f)]} == set(e))
                va, vb = f[i], f[(i + 1) % len(f)]
                # the tab lies under the other face: keep its sides inside that face's corners
                ang_a = math.radians(min(max_deg, math.degrees(sol.face_angle(other, va)) - 10.0))
                ang_b = math.radians(min(max_deg, math.degrees(sol.face_angle(other, vb)) - 10.0))
                poly = _tab_polygon(polys[face][i], polys[face][(i + 1) % len(f)], depth * scale, ang_a, ang_b)
                if poly is None:
                    continue
                if any(convex_overlap(poly, q) for q in polys.values()) or any(convex_overlap(poly, q) for q in shapes):
                    continue
                x0, y0, x1, y1 = bbox(all_pts + poly)
                options.append(((x1 - x0) * (y1 - y0), face, other, (va, vb), poly))
            if options:
                options.sort(key=lambda o: o[0])
                _, face, other, ev, poly = options[0]
                tabs.append(Tab(face, other, ev, tuple(poly)))
                shapes.append(poly)
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
    hull = _hull2(points)
    cands = set()
    for a, b in edges:
        ang = -math.atan2(b[1] - a[1], b[0] - a[0])
        cands.add(round(ang % (2 * math.pi), 9))
        cands.add(round((ang + math.pi) % (2 * math.pi), 9))
    scored = []
    for ang in sorted(cands):
        c, s = math.cos(ang), math.sin(ang)
        x0, y0, x1, y1 = bbox(_rot2(p, c, s) for p in hull)
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
        page = [(q[0], -q[1]) for q in (_rot2(p, c, s) for p in poly)]
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
        x0, y0, x1, y1 = bbox(_rot2(p, c, s) for p in pts)
        area = (x1 - x0) * (y1 - y0)
        if best is None or area < best[0] - 1e-6:
            best = (area, tree, polys, tabs, ang)
    if best is None:
        raise ValueError(f"no overlap-free net found for {name}")
    _area, tree, polys, tabs, ang = best
    c, s = math.cos(ang), math.sin(ang)
    pts = [p for poly in polys.values() for p in poly] + [p for t in tabs for p in t.points]
    x0, y0, x1, y1 = bbox(_rot2(p, c, s) for p in pts)

    def to_page(p: Pt) -> Pt:
        q = _rot2(p, c, s)
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
    page_tabs = tuple(Tab(t.face, t.glued_to, t.edge, tuple(to_page(p) for p in t.points)) for t in tabs)
    folds = []
    for parent, _child, (a, b) in tree:
        pos = dict(zip(sol.faces[parent], faces[parent].points, strict=True))
        folds.append((pos[a], pos[b]))
    folds += [(t.points[0], t.points[3]) for t in page_tabs]
    return Net(sol, edge, x1 - x0, y1 - y0, tuple(faces), page_tabs, tuple(folds), tuple(_loops(segments)), tuple(cut_edges))


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
