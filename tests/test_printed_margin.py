"""All ink inside the printable area, read from the printed PDF: the paper's margin prints white
on every page of every shipped game on both papers, every item edge has a cut mark of at least
3 mm that prints (inside the margin, on the edge's line, with no item between them), and a
bleed prints whole on every side of a grid's outer items."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest
from conftest import build_a4, game_yaml, one_paper_each

MM = 72 / 25.4
MARGIN = 5.0  # layouts/a4.yaml and letter.yaml: `margin: 5mm`
MIN_MARK = 3.0  # docs/printing.md: every item edge keeps a mark at least 3 mm long
ALONG = 0.06  # mm: a mark on an edge's line lies this close to it
DPI = 100
SLACK = 0.3  # mm: a stroke drawn up to the margin's edge antialiases into it by less
COMPONENTS = Path(__file__).resolve().parent.parent / "components"
# every shipped game, and the variant that tiles its boards at another scale
GAMES = [(d.name, None) for d in sorted(COMPONENTS.iterdir()) if (d / "game.yaml").is_file()]
GAMES.append(("earth-our-home", "reduced"))
# each on one paper in the everyday run, on both with the deep tests
PRINTS = one_paper_each([(g, v, p) for g, v in GAMES for p in ("a4", "letter")])


def ink_in_margin(page: pymupdf.Page, margin: float = MARGIN) -> tuple[int, tuple | None]:
    """Pixels not white in the band `margin` mm wide round the page, and where the first is."""
    pix = page.get_pixmap(dpi=DPI, alpha=False)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)
    dark = img.min(axis=2) < 235
    band = int((margin - SLACK) * DPI / 25.4)  # whole pixels inside the band
    inside = np.zeros_like(dark)
    inside[band:-band, band:-band] = True
    bad = dark & ~inside
    ys, xs = np.nonzero(bad)
    first = (round(xs[0] * 25.4 / DPI, 1), round(ys[0] * 25.4 / DPI, 1)) if len(xs) else None
    return int(bad.sum()), first


def marks_of(page: pymupdf.Page) -> list[tuple[float, float, float, float]]:
    """The cut marks: black straight stroked lines, in mm."""
    out = []
    for d in page.get_cdrawings():
        if d.get("type") != "s" or tuple(d.get("color") or ()) != (0.0, 0.0, 0.0):
            continue
        for it in d["items"]:
            if it[0] == "l":
                (x1, y1), (x2, y2) = it[1], it[2]
                out.append((x1 / MM, y1 / MM, x2 / MM, y2 / MM))
    return out


def unmarked_edges(
    page: pymupdf.Page, items: list[dict], w: float, h: float, margin: float = MARGIN
) -> list[tuple]:
    """Item edges with no printable mark of MIN_MARK on their line (the part inside `margin`),
    beyond the edge's end, with no item across the line between them."""
    marks = marks_of(page)
    vert = [(x1, min(y1, y2), max(y1, y2)) for x1, y1, x2, y2 in marks if abs(x1 - x2) < 1e-3]
    hor = [(y1, min(x1, x2), max(x1, x2)) for x1, y1, x2, y2 in marks if abs(y1 - y2) < 1e-3]
    rects = [(i["x_mm"], i["y_mm"], i["w_mm"], i["h_mm"]) for i in items]
    across_v = [(x, x + rw, y, y + rh) for x, y, rw, rh in rects]
    across_h = [(y, y + rh, x, x + rw) for x, y, rw, rh in rects]

    def marked(lines, at, lo, hi, end, blockers) -> bool:
        for m, a, b in lines:
            if abs(m - at) > ALONG or min(b, end - margin) - max(a, margin) < MIN_MARK - 0.01:
                continue
            if b <= lo + ALONG:
                between = (b, lo)
            elif a >= hi - ALONG:
                between = (hi, a)
            else:
                continue
            if not any(
                c0 + ALONG < at < c1 - ALONG and s0 < between[1] - ALONG and s1 > between[0] + ALONG
                for c0, c1, s0, s1 in blockers
            ):
                return True
        return False

    missing = []
    for x, y, rw, rh in rects:
        missing += [
            ("x", at, y) for at in (x, x + rw) if not marked(vert, at, y, y + rh, h, across_v)
        ]
        missing += [
            ("y", at, x) for at in (y, y + rh) if not marked(hor, at, x, x + rw, w, across_h)
        ]
    return missing


@pytest.mark.parametrize(("game", "variant", "paper"), PRINTS)
def test_nothing_prints_in_the_margin(built, game, variant, paper):
    """Every page leaves the margin white: the guide's pages, sheets, backs, tiles, fold sheets,
    assembly maps and calibration pages; items, bleed, cut marks, ticks and text all lie inside."""
    b = built(game, paper, variant=variant)
    doc = b.doc()
    assert b.manifest["printable_margin_mm"] == MARGIN
    inked = []
    for page, entry in zip(doc, b.manifest["pages"], strict=True):
        n, first = ink_in_margin(page)
        if n:
            inked.append((entry["number"], entry["kind"], n, first))
    assert not inked, (
        f"pages with ink in the {MARGIN:g} mm margin (page, kind, pixels, first at mm): {inked}"
    )


def edges_and_unmarked(doc: pymupdf.Document, pages: list[dict], margin: float = MARGIN):
    """How many item edges the sheets hold, and those with no mark that prints."""
    edges, missing = 0, []
    for page, entry in zip(doc, pages, strict=True):
        if entry["kind"] not in ("sheet", "fold"):
            continue
        # a board's tiles are cut on their own drawn outline and dashed trim lines
        items = [i for i in entry["items"] if "tile" not in i]
        w, h = entry["size_mm"]
        edges += 4 * len(items)
        missing += [(entry["number"], *e) for e in unmarked_edges(page, items, w, h, margin)]
    return edges, missing


@pytest.mark.parametrize(("game", "variant", "paper"), PRINTS)
def test_every_item_edge_has_a_mark_that_prints(built, game, variant, paper):
    b = built(game, paper, variant=variant)
    edges, missing = edges_and_unmarked(b.doc(), b.manifest["pages"])
    assert edges
    assert not missing, (
        f"{len(missing)} of {edges} item edges with no mark of {MIN_MARK:g} mm that prints: {missing[:5]}"
    )


# -- a bled grid: its outer bleed prints whole, its marks stand past it ----------------------

BLED = """\
family: cards
kind: card
size: {w: 60mm, h: 88mm}  # nine fill an A4 page with their bleed and marks: a grid
bleed: 3mm
background: "#204080"
items:
  - {id: "c{n}", for_each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9]}}
front:
  - rect: {x: 4mm, y: 4mm, w: 10mm, h: 10mm, fill: "#10c010"}
"""
BLUE = (0x20, 0x40, 0x80)


def test_a_bled_grid_prints_its_whole_bleed_on_every_side(tmp_path):
    """Nine bled cards fill an A4 grid: each outer card's background runs the full 3 mm past its
    cut line on the sheet's outer sides, inside the margin, and the margin stays white."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("bled"), encoding="utf-8")
    (folder / "cards.yaml").write_text(BLED, encoding="utf-8")
    assert build_a4(folder, tmp_path / "o") == 0
    doc = pymupdf.open(tmp_path / "o" / "bled" / "bled-a4.pdf")

    def greens(p: pymupdf.Page) -> list:
        return [
            d["rect"]
            for d in p.get_drawings()
            if d.get("fill") and abs(d["fill"][1] - 0.753) < 0.01
        ]

    page = next(p for p in doc if len(greens(p)) == 9)
    # each card's trim: its green square sits 4 mm inside the card's top-left corner
    trims = [(r.x0 / MM - 4, r.y0 / MM - 4) for r in greens(page)]
    left, top = min(x for x, _ in trims), min(y for _, y in trims)
    right, bottom = max(x for x, _ in trims) + 60, max(y for _, y in trims) + 88
    pix = page.get_pixmap(dpi=254, alpha=False)  # 10 pixels a millimetre

    def colour(x: float, y: float) -> tuple:
        return tuple(pix.pixel(round(x * 10), round(y * 10)))

    def blue(c) -> bool:
        return all(abs(a - b) <= 3 for a, b in zip(c, BLUE, strict=True))

    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    for name, inside, outside in (
        ("left", (left - 2.7, mid_y), (left - 3.3, mid_y)),
        ("right", (right + 2.7, mid_y), (right + 3.3, mid_y)),
        ("top", (mid_x, top - 2.7), (mid_x, top - 3.3)),
        ("bottom", (mid_x, bottom + 2.7), (mid_x, bottom + 3.3)),
    ):
        assert blue(colour(*inside)), f"the bleed is cut short on the {name}"
        assert not blue(colour(*outside)), f"the bleed runs past 3 mm on the {name}"
    assert left - 3 >= MARGIN and top - 3 >= MARGIN
    assert right + 3 <= 210 - MARGIN and bottom + 3 <= 297 - MARGIN
    assert ink_in_margin(page) == (0, None)
    assert not unmarked_edges(
        page, [{"x_mm": x, "y_mm": y, "w_mm": 60, "h_mm": 88} for x, y in trims], 210, 297
    )


# -- a guide whose table of components does not fit on one page ------------------------------

FAMILIES = 70  # one row each: more than a Letter guide page holds above its print plan


def test_a_long_guide_continues_on_another_page_and_drops_no_row(tmp_path):
    """Seventy families: the guide's table of what is printed continues on a page of its own,
    every family's name is printed on a guide page, and no guide page inks the margin."""
    folder = tmp_path / "game"
    folder.mkdir()
    names = [f"f{k:02d}.yaml" for k in range(FAMILIES)]
    (folder / "game.yaml").write_text(game_yaml("long", *names), encoding="utf-8")
    for k, name in enumerate(names):
        (folder / name).write_text(
            f"family: fam{k:02d}\nkind: card\ntitle: Family {k:02d}\n"
            "size: {w: 20mm, h: 20mm}\nitems:\n  - {id: one}\nfront: []\n",
            encoding="utf-8",
        )
    assert build_a4(folder, tmp_path / "o") == 0
    doc = pymupdf.open(tmp_path / "o" / "long" / "long-a4.pdf")
    guide = []
    for page in doc:
        said = page.get_text()
        if "print guide" not in said.lower() and "Print at 100%" not in said:
            break
        guide.append(page)
        assert ink_in_margin(page) == (0, None), f"guide page {page.number + 1} inks the margin"
    assert len(guide) >= 2
    rows = " ".join(p.get_text() for p in guide)
    missing = [k for k in range(FAMILIES) if f"Family {k:02d}" not in rows]
    assert not missing, f"families with no row on the guide: {missing}"


@pytest.mark.parametrize(("paper", "mode"), [("a4", "ink_saver"), ("letter", "fold")])
def test_the_guide_keeps_the_margin_in_every_mode(built, paper, mode):
    """The modes add to the guide (the ink estimates, the gutter-fold paragraph): what does
    not fit above the printable area's bottom continues on the next page, never off the paper."""
    b = built("aftershock", paper, mode=mode)
    doc = b.doc()
    pages = b.manifest["pages"]
    guides = [p["number"] for p in pages if p["kind"] == "guide"]
    assert len(guides) >= 2  # the first page's overflow went on
    inked = [(n, *ink_in_margin(doc[n - 1])) for n in guides if ink_in_margin(doc[n - 1])[0]]
    assert not inked, inked


# -- --margin: a printer with a wider (or narrower) edge -------------------------------------

WIDE = 8.0  # mm: wider than any common printer's edge (docs/printing.md's table)


@pytest.mark.parametrize(
    ("game", "paper"),
    [pytest.param("aftershock", "a4", marks=pytest.mark.deep), ("earthquake", "letter")],
)
def test_a_wider_margin_keeps_all_ink_and_every_mark_inside_it(tmp_path, game, paper):
    """`pnp build --margin 8`: the 8 mm band round every page prints white, every item edge
    still has a 3 mm mark inside it, and the manifest says which margin the sheets keep."""
    import json

    from pnp.cli import main

    assert main(["build", game, "--paper", paper, "--margin", "8", "--out", str(tmp_path), "-q"]) == 0
    doc = pymupdf.open(tmp_path / game / f"{game}-{paper}.pdf")
    manifest = json.loads((tmp_path / game / f"{game}-{paper}.json").read_text(encoding="utf-8"))
    assert manifest["printable_margin_mm"] == WIDE
    inked = [(n + 1, *ink_in_margin(p, WIDE)) for n, p in enumerate(doc)]
    assert not [i for i in inked if i[1]], f"ink in the 8 mm margin: {[i for i in inked if i[1]]}"
    edges, missing = edges_and_unmarked(doc, manifest["pages"], WIDE)
    assert edges
    assert not missing, f"{len(missing)} of {edges} item edges with no mark inside 8 mm: {missing[:5]}"


@pytest.mark.parametrize("given", ["26", "-1", "1in", "wide", "nan"])
def test_a_margin_out_of_range_is_a_usage_error(given, capsys):
    """--margin takes 0 to 25 mm: anything else exits 2 saying what it expected and found."""
    from pnp.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["build", "aftershock", "--margin", given])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--margin: expected a length from 0 to 25 mm" in err and repr(given) in err
