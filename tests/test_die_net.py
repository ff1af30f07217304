"""The `die` kind: nets that fold into the true solid, built onto A4 and Letter sheets."""

from __future__ import annotations

import itertools
import json
import math
import shutil
from pathlib import Path

import pymupdf
import pytest
from conftest import MM, texts_of

from pnp import build
from pnp.cli import main
from pnp.errors import PnpError
from pnp.kinds.polyhedra.nets import face_box, make_net
from pnp.kinds.polyhedra.solids import PHI, SOLID_NAMES, solid
from pnp.kinds.polyhedra.vectors import convex_overlap, face_normal
from pnp.spec.load import load_game

DATA = Path(__file__).resolve().parent / "data" / "solids"
FACES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12, "prism3": 5, "prism5": 7, "prism6": 8, "pyramid4": 5}
EDGES = [12.7, 7.0, 25.0]
TOL = 0.01  # mm: edge lengths in the net


def normal(s, face: int):
    """The outward unit normal of one face of a solid."""
    return face_normal([s.vertices[i] for i in s.faces[face]])


def dist(a, b):
    return math.hypot(a[0] - b[0], a[1] - b[1])


def near_pt(a, b, tol=1e-6):
    return dist(a, b) <= tol


# --------------------------------------------------------------------------- the overlap test itself


def test_separating_axis_overlap_test():
    sq = [(0, 0), (1, 0), (1, 1), (0, 1)]
    assert convex_overlap(sq, [(0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (0.5, 1.5)])
    assert not convex_overlap(sq, [(1, 0), (2, 0), (2, 1), (1, 1)])  # sharing an edge
    assert not convex_overlap(sq, [(1, 1), (2, 1), (2, 2), (1, 2)])  # sharing a corner
    assert not convex_overlap(sq, [(3, 3), (4, 3), (4, 4)])
    # a triangle whose bounding box overlaps the square's but which does not
    assert not convex_overlap(sq, [(1.2, 0), (2, 0), (2, 0.8)][::-1] + [])
    assert not convex_overlap(sq, [(0.6, 1.5), (1.5, 0.6), (1.5, 1.5)])
    assert convex_overlap(sq, [(0.4, 1.5), (1.5, 0.4), (1.5, 1.5)])


# --------------------------------------------------------------------------- the solids


@pytest.mark.parametrize("name", SOLID_NAMES)
def test_solid_tables(name):
    s = solid(name)
    assert len(s.faces) == FACES[name]
    v, e, f = len(s.vertices), len(s.edges), len(s.faces)
    assert v - e + f == 2, (v, e, f)
    # every edge is shared by exactly two faces, each way round once (a closed, oriented surface)
    directed = [(fc[i], fc[(i + 1) % len(fc)]) for fc in s.faces for i in range(len(fc))]
    assert len(directed) == len(set(directed)) == 2 * e
    assert all((b, a) in set(directed) for a, b in directed)
    # faces are planar and convex, normals point outward
    centre = [sum(p[k] for p in s.vertices) / v for k in range(3)]
    for fi, fc in enumerate(s.faces):
        n = normal(s, fi)
        d = sum(n[k] * s.vertices[fc[0]][k] for k in range(3))
        assert all(abs(sum(n[k] * s.vertices[i][k] for k in range(3)) - d) < 1e-9 for i in fc)
        assert d - sum(n[k] * centre[k] for k in range(3)) > 0
        assert math.isclose(sum(s.face_angle(fi, i) for i in fc), math.pi * (len(fc) - 2), abs_tol=1e-9)
    lengths = sorted({round(s.edge_length(*ed), 9) for ed in s.edges})
    if name == "d10":
        assert lengths == [pytest.approx(1.0), pytest.approx(PHI**2)]  # long = (3+√5)/2 short
    else:
        assert lengths == [pytest.approx(1.0)]


def test_d10_is_a_fair_trapezohedron():
    s = solid("d10")
    assert len(s.vertices) == 12
    for fi, fc in enumerate(s.faces):
        angles = sorted(round(math.degrees(s.face_angle(fi, i)), 6) for i in fc)
        assert angles == [pytest.approx(36.0), pytest.approx(108.0), pytest.approx(108.0), pytest.approx(108.0)]
        # kite: two short edges at the 108° far corner, two long at the 36° pole
        ls = sorted(s.edge_length(fc[i], fc[(i + 1) % 4]) for i in range(4))
        assert ls == pytest.approx([1.0, 1.0, PHI**2, PHI**2])
    # all faces the same distance from the centre (face-transitive: a fair die)
    dists = [sum(normal(s, fi)[k] * s.vertices[fc[0]][k] for k in range(3)) for fi, fc in enumerate(s.faces)]
    assert max(dists) - min(dists) < 1e-9


@pytest.mark.parametrize("name", ["d6", "d8", "d10", "d12"])
def test_opposite_faces_add_up(name):
    """Face n is opposite face F+1-n, so labels 1..F (or 0-9) make a standard die."""
    s = solid(name)
    f = len(s.faces)
    for i in range(f):
        n, m = normal(s, i), normal(s, f - 1 - i)
        assert sum(a * b for a, b in zip(n, m, strict=True)) == pytest.approx(-1.0)


def test_d6_one_two_three_counter_clockwise():
    s = solid("d6")
    n1, n2, n3 = normal(s, 0), normal(s, 1), normal(s, 2)
    cross = (n2[1] * n3[2] - n2[2] * n3[1], n2[2] * n3[0] - n2[0] * n3[2], n2[0] * n3[1] - n2[1] * n3[0])
    assert sum(a * b for a, b in zip(n1, cross, strict=True)) > 0


# --------------------------------------------------------------------------- the nets


def fold_pairs(net):
    """For each fold line: the two faces (or face and tab) that meet there."""
    out = []
    for a, b in net.folds:
        owners = []
        for f in net.faces:
            for i in range(len(f.points)):
                p, q = f.points[i], f.points[(i + 1) % len(f.points)]
                if (near_pt(p, a) and near_pt(q, b)) or (near_pt(p, b) and near_pt(q, a)):
                    owners.append((f, i))
        out.append((a, b, owners))
    return out


@pytest.mark.parametrize("edge", EDGES)
@pytest.mark.parametrize("name", SOLID_NAMES)
def test_net_folds_into_the_solid(name, edge):
    s = solid(name)
    net = make_net(name, edge)
    assert len(net.faces) == FACES[name]
    # every face is congruent to the solid's face: all distances between its corners agree
    for f in net.faces:
        for (p, vi), (q, vj) in itertools.combinations(zip(f.points, f.vertices, strict=True), 2):
            d3 = math.dist(s.vertices[vi], s.vertices[vj]) * edge
            assert abs(dist(p, q) - d3) <= TOL
        assert net.faces[f.index] is f
    # folds: F-1 shared edges, each joining two faces along the same edge of the solid, at its length
    shared = [(a, b, o) for a, b, o in fold_pairs(net) if len(o) == 2]
    assert len(shared) == len(s.faces) - 1
    for a, b, ((f1, i1), (f2, i2)) in shared:
        e1 = {f1.vertices[i1], f1.vertices[(i1 + 1) % len(f1.vertices)]}
        e2 = {f2.vertices[i2], f2.vertices[(i2 + 1) % len(f2.vertices)]}
        assert e1 == e2
        assert abs(dist(a, b) - s.edge_length(*e1) * edge) <= TOL
    # the fold edges form a spanning tree of the faces (connected, no cycle)
    parent = list(range(len(s.faces)))

    def root(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for _a, _b, ((f1, _), (f2, _)) in shared:
        r1, r2 = root(f1.index), root(f2.index)
        assert r1 != r2
        parent[r1] = r2
    assert len({root(i) for i in range(len(s.faces))}) == 1
    # glue: every solid edge that is not a fold is cut twice in the net and carries exactly one tab,
    # whose base is one of the two copies; both copies have the solid's edge length
    folded = {frozenset({f1.vertices[i1], f1.vertices[(i1 + 1) % len(f1.vertices)]}) for _, _, ((f1, i1), _) in shared}
    cut = {}
    for a, b, va, vb in net.cut_edges:
        cut.setdefault(frozenset({va, vb}), []).append((a, b))
        assert abs(dist(a, b) - s.edge_length(va, vb) * edge) <= TOL
    assert set(cut) | folded == {frozenset(e) for e in s.edges}
    assert all(len(copies) == 2 for copies in cut.values())
    assert len(net.tabs) == len(s.edges) - (len(s.faces) - 1)
    assert {frozenset(t.edge) for t in net.tabs} == set(cut)
    for t in net.tabs:
        base = (t.points[0], t.points[3])
        assert any(near_pt(base[0], a) and near_pt(base[1], b) for a, b in cut[frozenset(t.edge)])
        assert abs(dist(*base) - s.edge_length(*t.edge) * edge) <= TOL
        assert t.glued_to != t.face
        assert set(t.edge) <= set(s.faces[t.glued_to])
        depth = abs((t.points[1][0] - t.points[0][0]) * (t.points[3][1] - t.points[0][1])
                    - (t.points[1][1] - t.points[0][1]) * (t.points[3][0] - t.points[0][0])) / dist(*base)
        full = min(max(3.0, 0.25 * edge), 0.4 * edge)  # the default depth, capped at 0.4 of the edge
        assert 0.5 * full - 1e-6 <= depth <= full + 1e-6
    # Euler for the solid the net describes: glue the net's corners by the solid vertex they fold to
    corners = {v for f in net.faces for v in f.vertices}
    edges = folded | set(cut)
    assert len(corners) - len(edges) + len(net.faces) == 2


def _axis_rotation(a, b, angle):
    """4x3 affine map (as a function) turning 3-D points by `angle` about the line a->b."""
    k = [b[i] - a[i] for i in range(3)]
    n = math.sqrt(sum(x * x for x in k))
    k = [x / n for x in k]
    c, s = math.cos(angle), math.sin(angle)

    def f(p):
        v = [p[i] - a[i] for i in range(3)]
        kxv = [k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]]
        kv = sum(k[i] * v[i] for i in range(3))
        return tuple(a[i] + v[i] * c + kxv[i] * s + k[i] * kv * (1 - c) for i in range(3))

    return f


def fold_up(net, s, sign):
    """Fold the flat net in 3-D along its fold lines by the solid's dihedral angles.

    Returns each face's corners in 3-D. Works only from the net's 2-D points and which faces
    meet at which fold line; the solid tells the fold angle (pi minus the dihedral angle).
    """
    links = {}
    for a, b, owners in fold_pairs(net):
        if len(owners) == 2:
            (f1, _), (f2, _) = owners
            links.setdefault(f1.index, []).append((f2.index, a, b))
            links.setdefault(f2.index, []).append((f1.index, a, b))
    maps = {0: lambda p: p}
    queue = [0]
    while queue:
        fi = queue.pop(0)
        for fj, a, b in links.get(fi, []):
            if fj in maps:
                continue
            n1, n2 = normal(s, fi), normal(s, fj)
            turn = math.acos(max(-1.0, min(1.0, sum(x * y for x, y in zip(n1, n2, strict=True)))))
            # the axis runs the way the parent face goes round, so every fold turns the same way
            pts = net.faces[fi].points
            i = next(k for k in range(len(pts)) if (near_pt(pts[k], a) and near_pt(pts[(k + 1) % len(pts)], b))
                     or (near_pt(pts[k], b) and near_pt(pts[(k + 1) % len(pts)], a)))
            pa, pb = pts[i], pts[(i + 1) % len(pts)]
            rot = _axis_rotation((*pa, 0.0), (*pb, 0.0), sign * turn)
            parent = maps[fi]
            maps[fj] = lambda p, rot=rot, parent=parent: parent(rot(p))
            queue.append(fj)
    return {f.index: [maps[f.index]((x, y, 0.0)) for x, y in f.points] for f in net.faces}


@pytest.mark.parametrize("edge", [12.7, 7.0])
@pytest.mark.parametrize("name", SOLID_NAMES)
def test_folded_net_is_the_solid(name, edge):
    """Fold the net up for real: its corners meet in V points and make the solid, V - E + F = 2."""
    s = solid(name)
    net = make_net(name, edge)
    for sign in (1, -1):
        folded = fold_up(net, s, sign)
        # count unique corners after folding, by position alone
        corners = []
        for pts in folded.values():
            for p in pts:
                if not any(math.dist(p, q) < 1e-6 * edge for q in corners):
                    corners.append(p)
        if len(corners) == len(s.vertices):
            break
    else:
        pytest.fail(f"{name}: the folded net does not close up")
    key = {}
    for fi, pts in folded.items():
        for vi, p in zip(net.faces[fi].vertices, pts, strict=True):
            key.setdefault(vi, p)
            assert math.dist(key[vi], p) < 1e-6 * edge  # every copy of a corner meets
    edges = set()
    for pts in folded.values():
        ids = [min(range(len(corners)), key=lambda k, p=p: math.dist(corners[k], p)) for p in pts]
        edges |= {frozenset((ids[i], ids[(i + 1) % len(ids)])) for i in range(len(ids))}
    assert len(corners) - len(edges) + len(folded) == 2
    assert len(edges) == len(s.edges)
    # congruent to the solid: every distance between corners agrees
    for vi, vj in itertools.combinations(range(len(s.vertices)), 2):
        assert abs(math.dist(key[vi], key[vj]) - math.dist(s.vertices[vi], s.vertices[vj]) * edge) < 1e-6 * edge
    # glue tabs end up under the face they are glued to: the tab's base is that face's edge
    for t in net.tabs:
        a3, b3 = key[t.edge[0]], key[t.edge[1]]
        assert set(t.edge) <= set(s.faces[t.glued_to])
        assert math.dist(a3, b3) == pytest.approx(s.edge_length(*t.edge) * edge)


@pytest.mark.parametrize("edge", EDGES)
@pytest.mark.parametrize("name", SOLID_NAMES)
def test_net_has_no_overlaps(name, edge):
    net = make_net(name, edge)
    polys = [list(f.points) for f in net.faces] + [list(t.points) for t in net.tabs]
    for (i, p), (j, q) in itertools.combinations(enumerate(polys), 2):
        assert not convex_overlap(p, q), (name, i, j)
    # and the test can see an overlap: move one face onto its neighbour
    f0, f1 = net.faces[0].points, net.faces[1].points
    shifted = [(x + 0.3 * edge, y + 0.1 * edge) for x, y in f0]
    assert convex_overlap(shifted, list(f0))
    assert f1  # (faces exist)


@pytest.mark.parametrize("name", SOLID_NAMES)
def test_net_box_and_outline(name):
    net = make_net(name, 12.7)
    pts = [p for f in net.faces for p in f.points] + [p for t in net.tabs for p in t.points]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert min(xs) == pytest.approx(0, abs=1e-9) and min(ys) == pytest.approx(0, abs=1e-9)
    assert max(xs) == pytest.approx(net.w) and max(ys) == pytest.approx(net.h)
    # one closed cut line through every outer corner; its length = the cut edges without tabs + the tab sides
    assert len(net.outline) == 1
    loop = net.outline[0]
    length = sum(dist(loop[i], loop[(i + 1) % len(loop)]) for i in range(len(loop)))
    tabbed = {frozenset(t.edge): t for t in net.tabs}
    want = 0.0
    for a, b, va, vb in net.cut_edges:
        t = tabbed.get(frozenset({va, vb}))
        if t and near_pt(t.points[0], a) and near_pt(t.points[3], b):
            want += sum(dist(t.points[k], t.points[k + 1]) for k in range(3))
        else:
            want += dist(a, b)
    assert length == pytest.approx(want)


@pytest.mark.parametrize("name", SOLID_NAMES)
def test_no_tabs(name):
    net = make_net(name, 12.7, glue_tabs=False)
    assert net.tabs == ()
    assert len(net.folds) == len(net.faces) - 1


def test_explicit_tab_depth_and_default():
    net = make_net("d6", 12.7, True, 5.0)
    for t in net.tabs:
        assert dist(t.points[0], t.points[1]) >= 5.0 - 1e-9  # a 45° side of a 5 mm deep tab is 7.07 mm
    small = make_net("d6", 8.0)  # default depth: at least 3 mm
    assert max(dist(t.points[0], t.points[1]) for t in small.tabs) >= 3.0
    deep = make_net("d6", 10.0, True, 30.0)  # a tab deeper than the edge allows is capped
    assert len(deep.tabs) == 7
    assert max(abs(t.points[1][0] - t.points[0][0]) + abs(t.points[1][1] - t.points[0][1]) for t in deep.tabs) <= 2 * 4.0 + 1e-9


@pytest.mark.parametrize("name", SOLID_NAMES)
def test_face_boxes_are_upright_squares_around_the_face(name):
    net = make_net(name, 12.7)
    for f in net.faces:
        (cx, cy), side, deg = face_box(f.points, f.up)
        a = math.radians(deg)
        # the face, turned upright, fits the square box and touches two opposite sides
        up = [((x - cx) * math.cos(-a) - (y - cy) * math.sin(-a), (x - cx) * math.sin(-a) + (y - cy) * math.cos(-a)) for x, y in f.points]
        w = max(p[0] for p in up) - min(p[0] for p in up)
        h = max(p[1] for p in up) - min(p[1] for p in up)
        assert max(w, h) == pytest.approx(side)
        assert max(abs(p[0]) for p in up) <= side / 2 + 1e-9 and max(abs(p[1]) for p in up) <= side / 2 + 1e-9
        if name in ("d6", "prism3", "prism5", "prism6") and len(f.points) == 4:
            assert abs(((deg + 45) % 90) - 45) < 1e-6  # squares are laid square: content at 0/90/180/270°
    if name == "d6":  # the cross: every label reads upright on the page
        assert all(abs(face_box(f.points, f.up)[2]) < 1e-6 for f in net.faces)


# --------------------------------------------------------------------------- built onto paper


@pytest.fixture(scope="module")
def solids_built(tmp_path_factory):
    """The example game built on A4 and Letter (like conftest's `built`, for a folder)."""
    out = tmp_path_factory.mktemp("solids")
    game = load_game(str(DATA))
    res = {}
    for paper in ("a4", "letter"):
        o = build(game, [paper], out_dir=out / paper)[0]
        res[paper] = (o.pdf, json.loads(o.manifest.read_text()), game)
    return res


def outlines(page, colour=(0.2, 0.2, 0.2), width_mm=0.25):
    """Bounding boxes (mm) of the cut lines drawn on a PDF page."""
    out = []
    for d in page.get_drawings():
        c = d.get("color")
        if c and all(abs(a - b) < 0.01 for a, b in zip(c, colour, strict=True)) and abs((d.get("width") or 0) * MM - width_mm) < 0.01:
            r = d["rect"]
            out.append((r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM))
    return out


def _box(it) -> tuple[float, float, float, float]:
    return (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])


def _inside(rect, it, tol: float = 0.2) -> bool:
    """A drawing's box (mm) within a placed item's."""
    x0, y0, x1, y1 = _box(it)
    return rect[0] >= x0 - tol and rect[1] >= y0 - tol and rect[2] <= x1 + tol and rect[3] <= y1 + tol


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_built_nets_match_geometry(solids_built, paper):
    pdf, man, game = solids_built[paper]
    doc = pymupdf.open(pdf)
    expected = {}
    for fam in game.families:
        if fam.spec.kind == "die":
            net = make_net(fam.spec.solid, fam.spec.edge, fam.spec.glue_tabs, fam.spec.tab)
            for item in fam.items:
                expected[item.id] = (net.w, net.h)
    seen = set()
    for page in man["pages"]:
        dice = [it for it in page["items"] if it["id"] in expected]
        if not dice:
            continue
        # the nets' outlines: a shared sheet holds other families' outlines too
        drawn = [d for d in outlines(doc[page["number"] - 1]) if any(_inside(d, it) for it in dice)]
        assert len(drawn) == len(dice)
        for it in dice:
            w, h = expected[it["id"]]
            if it["rotation"] in (90, 270):
                w, h = h, w
            assert it["w_mm"] == pytest.approx(w, abs=0.1) and it["h_mm"] == pytest.approx(h, abs=0.1)
            assert it["stock"] == "card" and it["shape"] == "outline"
            box = (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])
            match = [d for d in drawn if all(abs(a - b) <= 0.1 for a, b in zip(d, box, strict=True))]
            assert len(match) == 1, (it["id"], box, drawn)
            # inside the printable area
            m = man["printable_margin_mm"]
            pw, ph = man["page_size_mm"]
            assert box[0] >= m - 1e-6 and box[1] >= m - 1e-6 and box[2] <= pw - m + 1e-6 and box[3] <= ph - m + 1e-6
            seen.add(it["id"])
    assert seen == set(expected)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_face_labels_are_printed(solids_built, paper):
    pdf, man, _ = solids_built[paper]
    doc = pymupdf.open(pdf)
    by_item: dict[str, list[str]] = {}  # the words printed inside each item's box
    for page in man["pages"]:
        for it in page["items"]:
            if it["side"] == "front":
                clip = pymupdf.Rect(_box(it)) / MM
                by_item.setdefault(it["id"], []).extend(w[4] for w in doc[page["number"] - 1].get_text("words", clip=clip))
    for die in ("red-die", "blue-die"):  # each labelled face once, in the die's own box
        assert sorted(w for w in by_item[die] if w in {"A", "2", "3", "4", "5"}) == ["2", "3", "4", "5", "A"]
    assert sorted(w for w in by_item["d10"] if w.isdigit()) == [str(n) for n in range(10)]
    assert sorted(w for w in by_item["d4"] if w in "WXYZ") == ["W", "X", "Y", "Z"]


def test_labels_upright_on_the_cube(solids_built):
    pdf, man, _ = solids_built["a4"]
    doc = pymupdf.open(pdf)
    page = next(p for p in man["pages"] if any(it["id"] == "red-die" for it in p["items"]))
    dice = [it for it in page["items"] if it["component"] == "dice"]
    rot = {it["rotation"] for it in dice}
    assert rot == {0}
    clip = pymupdf.Rect(_box(dice[0])) / MM
    for it in dice[1:]:
        clip |= pymupdf.Rect(_box(it)) / MM
    for block in doc[page["number"] - 1].get_text("dict", clip=clip)["blocks"]:
        for line in block.get("lines", []):
            assert line["dir"] == pytest.approx((1.0, 0.0))


def test_fold_lines_are_dashed(solids_built):
    pdf, man, _ = solids_built["a4"]
    doc = pymupdf.open(pdf)
    page = next(p for p in man["pages"] if any(it["id"] == "red-die" for it in p["items"]))
    dice = [it for it in page["items"] if it["component"] == "dice"]
    box = [(d, (d["rect"].x0 * MM, d["rect"].y0 * MM, d["rect"].x1 * MM, d["rect"].y1 * MM)) for d in doc[page["number"] - 1].get_drawings()]
    grey = [d for d, r in box if d.get("color") and abs(d["color"][0] - 0x77 / 255) < 0.01 and any(_inside(r, it) for it in dice)]
    assert grey and all(d.get("dashes") and d["dashes"] not in ("[] 0", "[] 0.0") for d in grey)
    segments = sum(len(d["items"]) for d in grey)
    net = make_net("d6", 12.7, True, 4.0)
    assert segments == 2 * len(net.folds)  # two dice, 5 folds + 7 tab folds each


# --------------------------------------------------------------------------- errors


def write_copy(tmp_path: Path) -> Path:
    dst = tmp_path / "solids"
    shutil.copytree(DATA, dst)
    return dst


def test_wrong_number_of_face_labels(tmp_path, capsys):
    folder = write_copy(tmp_path)
    dice = folder / "dice.yaml"
    dice.write_text(dice.read_text().replace('faces: [" ", A, "2", "3", "4", "5"]', 'faces: [A, "2", "3", "4", "5"]'))
    from pnp.pipeline import prepare

    with pytest.raises(PnpError) as err:
        prepare(load_game(str(folder)), legibility=False)
    msg = str(err.value)
    assert "red-die" in msg and "5 face labels" in msg and "6 faces" in msg and "dice.yaml" in msg
    faces_line = next(n for n, line in enumerate(dice.read_text().splitlines(), 1) if "faces:" in line)
    assert err.value.line == faces_line and err.value.key == "items[0].faces"
    capsys.readouterr()
    code = main(["build", str(folder), "--out", str(tmp_path / "out")])
    assert code == 2
    text = capsys.readouterr()
    assert "red-die" in text.err + text.out and "Traceback" not in text.err


def test_unknown_solid_is_a_clean_error(tmp_path, capsys):
    folder = write_copy(tmp_path)
    dice = folder / "dice.yaml"
    dice.write_text(dice.read_text().replace("solid: d6", "solid: d20"))
    code = main(["build", str(folder), "--out", str(tmp_path / "out")])
    assert code == 2
    text = capsys.readouterr()
    assert "solid" in text.err and "d12" in text.err


def test_default_labels_and_front(tmp_path):
    folder = write_copy(tmp_path)
    (folder / "solids.yaml").write_text("family: solids\nkind: die\nsolid: d8\nedge: 15mm\nitems:\n  - id: d8\n")
    game = load_game(str(folder))
    from pnp.pipeline import prepare

    faces = prepare(game, legibility=False).faces
    (face,) = faces["solids"]
    net = make_net("d8", 15.0)
    assert (face.w, face.h) == (pytest.approx(net.w), pytest.approx(net.h))
    texts = texts_of(face.front)
    assert sorted(texts) == [str(n) for n in range(1, 9)]


def test_scale_scales_the_net_and_its_cut_line(tmp_path):
    folder = write_copy(tmp_path)
    (folder / "solids.yaml").write_text("family: solids\nkind: die\nsolid: prism3\nedge: 10mm\nscale: 1.5\nitems:\n  - id: p3\n")
    from pnp.pipeline import prepare

    faces = prepare(load_game(str(folder)), legibility=False).faces
    (face,) = faces["solids"]
    net = make_net("prism3", 10.0)
    assert (face.w, face.h) == (pytest.approx(1.5 * net.w), pytest.approx(1.5 * net.h))
    xs = [op[1] for op in face.cut.ops if op[0] in "ML"]
    ys = [op[2] for op in face.cut.ops if op[0] in "ML"]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((0, face.w, 0, face.h), abs=1e-9)


def test_face_attributes_drive_conditions():
    """`when: {face: ...}` picks faces: the d10 example underlines only its 6 and 9."""
    from pnp.draw.primitives import Path as PathPrim
    from pnp.pipeline import prepare

    faces = prepare(load_game(str(DATA)), legibility=False).faces
    (face,) = faces["d10"]
    lines = []

    def walk(p):
        for c in getattr(p, "children", ()):
            walk(c)
        if isinstance(p, PathPrim) and p.style.stroke == "#000000" and abs(p.style.stroke_width - 0.4) < 1e-9:
            lines.append(p)

    walk(face.front)
    assert len(lines) == 2


def test_turned_labels_are_found_on_any_die():
    from pnp.kinds.die_net import ambiguous

    assert ambiguous([str(n) for n in range(1, 11)]) == {"6", "9"}
    assert ambiguous(["6", "66", "99", "68", "89", "1"]) == {"66", "99", "68", "89"}
    assert ambiguous([str(n) for n in range(1, 7)]) == set()  # a d6's 6 has no 9 to be taken for


def test_d10_six_and_nine_are_underlined_in_the_pdf(built):
    b = built("earthquake")
    page_no, die = next(
        (p["number"], it) for p in b.manifest["pages"] for it in p["items"] if it["component"] == "ten-sided-die"
    )
    page = b.doc()[page_no - 1]
    mm = 72 / 25.4  # the die's net only: other items on its sheet print numbers too
    net = pymupdf.Rect(die["x_mm"], die["y_mm"], die["x_mm"] + die["w_mm"], die["y_mm"] + die["h_mm"]) * mm
    segments = [(it[1], it[2]) for d in page.get_drawings() for it in d["items"] if it[0] == "l"]

    def marked(span) -> bool:
        x0, y0, x1, y1 = span["bbox"]
        pad = (y1 - y0) * 0.6
        return any(
            x0 - pad <= (a.x + b.x) / 2 <= x1 + pad and y0 - pad <= (a.y + b.y) / 2 <= y1 + pad
            and 0.3 * (y1 - y0) < abs(a - b) < 1.5 * max(x1 - x0, y1 - y0)
            for a, b in segments
        )

    spans = {
        s["text"].strip(): s
        for bl in page.get_text("dict", clip=net)["blocks"]
        for ln in bl.get("lines", [])
        for s in ln["spans"]
    }
    assert marked(spans["6"]) and marked(spans["9"])
    assert not any(marked(spans[t]) for t in ("2", "4", "5", "7", "8"))
