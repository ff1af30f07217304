"""Cut files read against the printed PDF: packed pieces cut apart with each edge once, hexes,
legal ids, score lines, and registration marks printed clear of every item."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pymupdf
import pytest
from conftest import MM
from cutgeom import (
    SVG,
    bleeds_of,
    check_cut_file,
    cloud_of,
    cut_segments,
    drawn_segments,
    overlaps,
    parse_d,
    sample,
    shipped_cut,
)

from pnp.cli import main

PIECE_LINE = (0x2A / 255, 0x2A / 255, 0x2A / 255)  # earthquake's polyomino outline, 0.3 mm


def export_cut(game, out, *extra):
    # not -q: the tests read the export's warnings
    assert main(["export", str(game), "--cut", "--out", str(out), *extra]) == 0
    name = game if isinstance(game, str) else game.name
    return sorted((out / name / "cut").glob("*-cut-p*.svg"))


def page_of(doc, svg):
    return doc[int(svg.stem.rsplit("-p", 1)[1]) - 1]


def is_piece_outline(d) -> bool:
    c = d.get("color")
    return (
        c is not None
        and all(abs(a - b) < 0.01 for a, b in zip(c, PIECE_LINE, strict=True))
        and abs(d.get("width", 0) * MM - 0.3) < 0.02
    )


def test_packed_pieces_are_cut_apart_each_edge_once(built, made):
    b = built("earthquake", "a4")
    doc = b.doc()
    files = shipped_cut(made, "earthquake")
    pieces_pages = 0
    for f in files:
        page = page_of(doc, f)
        outlines = drawn_segments(page, is_piece_outline)
        if not outlines:
            continue
        pieces_pages += 1
        check_cut_file(f, page, bleeds_of("earthquake"))
        # every printed piece outline, inner edges included, is cut ...
        cut = cloud_of(cut_segments(f))
        missed = [p for s in outlines for p in sample(s, 0.5) if not cut.near(*p)]
        assert not missed, f"{f.name}: printed piece edge at {missed[0]} is not cut"
        # ... and no stretch of a set's cut twice (neighbouring sets share their outer lines)
        for el in ET.parse(f).getroot().iter(f"{SVG}path"):
            segs = [(s[1], s[2]) for sub in parse_d(el.get("d")) for s in sub if s[0] == "L"]
            assert overlaps(segs) == [], f"{f.name}: {el.get('id')} cuts an edge twice"
    assert pieces_pages >= 2


def test_manifest_lists_each_piece_of_a_packed_set(built, made):
    b = built("earthquake", "a4")
    files = shipped_cut(made, "earthquake")
    sets = [(p, it) for p in b.manifest["pages"] for it in p["items"] if it.get("pieces")]
    assert sets
    for page, it in sets:
        assert len(it["pieces"]) == 15  # 5 + 4 + 3 + 2 + 1 pieces a set
        assert len({pc["id"] for pc in it["pieces"]}) == 15
        svg = next(f for f in files if f.stem.endswith(f"p{page['number']:03d}"))
        cut = cloud_of(cut_segments(svg))
        for pc in it["pieces"]:
            pts = pc["outline_mm"]
            for a, c in zip(pts, pts[1:] + pts[:1], strict=True):
                for x, y in sample(("L", tuple(a), tuple(c)), 0.5):
                    assert cut.near(x, y), (
                        f"piece {pc['id']} edge at ({x:.2f}, {y:.2f}) is not on the cut"
                    )


def test_nets_and_standees_get_score_lines(built, made):
    for game in ("aftershock", "piecepack"):
        doc = built(game, "a4").doc()
        files = shipped_cut(made, game)
        scored = 0
        for f in files:
            root = ET.parse(f).getroot()
            score = next(g for g in root.findall(f"{SVG}g") if g.get("id") == "score")
            if len(score):
                scored += 1
                assert score.get("stroke-dasharray")
                check_cut_file(
                    f, page_of(doc, f), bleeds_of(game)
                )  # the score lines lie on the printed folds
        assert scored >= 1, game


def test_hex_counters_and_odd_ids(small_game, tmp_path):
    counters = small_game / "counters.yaml"
    counters.write_text(counters.read_text().replace("shape: circle", "shape: hex"))
    deck = small_game / "deck.yaml"
    deck.write_text(
        deck.read_text().replace('id: "{colour}-{value}"', 'id: "{value}/{colour} & co"')
    )
    out = tmp_path / "out"
    assert main(["build", str(small_game), "--paper", "a4", "--out", str(out), "--quiet"]) == 0
    files = export_cut(small_game, out)
    doc = pymupdf.open(out / "small" / "small-a4.pdf")
    hexes = 0
    for f in files:
        page = page_of(doc, f)
        check_cut_file(f, page)  # also: legal, unique ids though the item ids are '1/red & co'
        for el in ET.parse(f).getroot().iter(f"{SVG}path"):
            if "counters" in el.get("id", ""):
                [sub] = parse_d(el.get("d"))
                assert len(sub) == 6  # six straight sides, not a box
                hexes += 1
    assert hexes == 10


def mark_boxes(page):
    """The registration marks the PDF page prints: a black 5 mm square and black 0.3 mm right
    angles of 20 mm arms."""
    out = []
    for d in page.get_drawings():
        r = d["rect"]
        w, h = r.width * MM, r.height * MM
        square = d.get("fill") == (0.0, 0.0, 0.0) and abs(w - 5) < 0.3 and abs(h - 5) < 0.3
        angle = (
            d.get("color") == (0.0, 0.0, 0.0)
            and abs(d.get("width", 0) * MM - 0.3) < 0.01
            and abs(w - 19.85) < 0.3
            and abs(h - 19.85) < 0.3
        )
        if square or angle:
            out.append((r.x0 * MM, r.y0 * MM, r.x1 * MM, r.y1 * MM))
    return out


# deep (4 s a paper): every day tests/test_registration_clearance.py reads the marks clear of
# every ink and the cut files' marks, tests/test_print_plan.py each game's registration sheets
@pytest.mark.deep
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_registration_marks_are_printed_clear_of_every_item(built, tmp_path, capsys, paper):
    out = tmp_path / "out"
    for game in ("greenway", "aftershock"):
        b = built(game, paper, mode="registration")  # `pnp build GAME --registration`
        doc, manifest = b.doc(), b.manifest
        capsys.readouterr()
        files = export_cut(game, out, "--paper", paper, "--registration")
        # pages whose item leaves the marks no room (Aftershock's sheet-sized player screens)
        # print none, and the export says which
        warned = capsys.readouterr().err
        sheets = {p["number"] for p in manifest["pages"] if p["kind"] == "sheet"}
        assert {int(f.stem[-3:]) for f in files} <= sheets and files
        for f in files:
            page = page_of(doc, f)
            check_cut_file(f, page, bleeds_of(game))
            printed = mark_boxes(page)
            if not printed:
                assert f" {int(f.stem[-3:])}" in warned and "print no marks" in warned, f.name
                continue
            assert len(printed) == 3, f"{f.name}: {len(printed)} registration marks printed"
            # the printed marks are the cut file's
            reg = next(
                g for g in ET.parse(f).getroot().findall(f"{SVG}g") if g.get("id") == "registration"
            )
            for el in reg:
                if el.tag == f"{SVG}rect":
                    x, y = float(el.get("x")), float(el.get("y"))
                    assert any(abs(x - a) < 0.1 and abs(y - b) < 0.1 for a, b, _, _ in printed)
            # clear of every item: of every cut outline (which lies on the printed outlines)
            cuts = [
                [p for s in sub for p in sample(s, 0.5)]
                for el in ET.parse(f).getroot().iter(f"{SVG}path")
                if el.get("id", "").startswith("cut-")
                for sub in parse_d(el.get("d"))
            ]
            extents = []  # each outline's (min x, max x, min y, max y)
            for pts in cuts:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                extents.append((min(xs), max(xs), min(ys), max(ys)))
            for x0, y0, x1, y1 in printed:
                for left, right, top, bottom in extents:
                    apart = (
                        x1 + 1.0 <= left
                        or right + 1.0 <= x0
                        or y1 + 1.0 <= top
                        or bottom + 1.0 <= y0
                    )
                    assert apart, (
                        f"{f.name}: mark at ({x0:.1f}, {y0:.1f}) is within 1 mm of an item"
                    )
        # back pages carry no marks
        for p in manifest["pages"]:
            if p["kind"] == "backs":
                assert mark_boxes(doc[p["number"] - 1]) == []


def warned_pages(err: str) -> set[int]:
    found = re.search(r"registration marks of pages? ([\d, ]+) come within", err)
    return {int(n) for n in found.group(1).split(", ")} if found else set()


def test_marks_that_cannot_keep_clear_are_a_warning(tmp_path, capsys):
    # Earth Our Home's A4 sheets of cards fill the printable area to its corners
    export_cut("earth-our-home", tmp_path / "plain")
    err = capsys.readouterr().err
    assert "registration marks of page" in err and "build and export with --registration" in err
    plain = warned_pages(err)
    assert len(plain) >= 5
    # with the marks' band kept, only a sheet whose item is too large for it is left, and the
    # warning says that sheet prints no marks (not to do what the user just did)
    export_cut("earth-our-home", tmp_path / "reg", "--registration")
    err = capsys.readouterr().err
    assert "build and export with --registration" not in err
    assert not warned_pages(err) or "print no marks: cut them by hand" in err
    assert len(warned_pages(err)) < len(plain) / 4
