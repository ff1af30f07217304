"""The print plan, read from the printed PDF: the guide page's jobs, and each sheet's header.

A job is a range of pages sent to the printer at once. These tests read the job table from the
guide page's text and every sheet's header ("Card sheet 4 of 15, front") from the pages
themselves, and hold them against what the pages are (the manifest's page kinds and items):
each job one contiguous range, the jobs covering the document in order, a duplex job holding
only fronts each followed by its back, a one-sided job no backs, every sheet counted once per
stock, and each header inside the printable area, clear of every item and mark.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from conftest import MM, one_paper_each

JOB = re.compile(
    r"(\d+) (\d+)(?:–(\d+))? (paper|card stock|duplex calibration, once) "
    r"(one-sided|duplex, flip on (?:long|short) edge) (\d+) (\d+)"
)
# the long form, or the short one ("Card 4/15 front", "Card 4/15": one side goes unsaid)
HEADER = re.compile(
    r"(Card|Paper)(?: sheet)? (\d+)(?: of |/)(\d+)(?:,? (front|back|one side|fold))?"
)
COMPONENT = ("sheet", "backs", "tile", "fold")
RING = 1.0  # mm around a header kept clear of every other ink, text, items and marks
# mm between a header's text box and another text's (pnp keeps 3 mm by its font's metrics, a
# little more than PDF text boxes lose to their taller ascent): farther than a few spaces, so a
# tile's label and the header beside it read as two
TEXT_RING = 2.0
DPI = 300


def guide_jobs(doc: pymupdf.Document) -> list[dict]:
    """The job table as the guide page prints it."""
    words = " ".join(w[4] for w in doc[0].get_text("words", sort=True))
    assert "Print jobs, in this order" in words, "the guide page lists the print jobs"
    table = words.split("Print jobs, in this order", 1)[1]
    table = table.split("Copies", 1)[1]
    jobs = []
    for m in JOB.finditer(table):
        n, first, last, stock, sides, sheets, copies = m.groups()
        if int(n) != len(jobs) + 1:
            break
        jobs.append(
            {
                "first": int(first),
                "last": int(last or first),
                "stock": stock,
                "duplex": sides.startswith("duplex"),
                "sheets": int(sheets),
                "copies": int(copies),
            }
        )
    return jobs


def headers(doc: pymupdf.Document) -> dict[int, tuple[str, int, int, str]]:
    """Each page's header: (stock, sheet, of, side), by page number."""
    out = {}
    for k, page in enumerate(doc, start=1):
        m = HEADER.search(" ".join(page.get_text().split()))
        if m:
            stock, sheet, total, side = m.groups()
            out[k] = (stock.lower(), int(sheet), int(total), side or "one side")
    return out


def check_plan(doc: pymupdf.Document, manifest: dict) -> None:
    pages = manifest["pages"]
    jobs = guide_jobs(doc)
    assert jobs, "no job read from the guide page"
    # the jobs cover the document in order, each a contiguous range
    assert jobs[0]["first"] == 1 and jobs[-1]["last"] == len(doc), jobs
    for a, b in zip(jobs, jobs[1:], strict=False):
        assert b["first"] == a["last"] + 1, f"jobs {a} and {b} leave a gap or overlap"
    assert len({(j["stock"], j["duplex"]) for j in jobs}) == len(jobs), (
        f"a kind of job twice: {jobs}"
    )
    heads = headers(doc)
    for job in jobs:
        span = range(job["first"], job["last"] + 1)
        kinds = [pages[n - 1]["kind"] for n in span]
        assert job["copies"] == 1
        if job["stock"].startswith("duplex calibration"):
            assert kinds == ["calibration", "calibration"], (job, kinds)
            continue
        stock = "card" if job["stock"] == "card stock" else "paper"
        for n in span:
            for it in pages[n - 1]["items"]:
                if pages[n - 1]["kind"] in COMPONENT:
                    assert it["stock"] == stock, (
                        f"page {n}: {it['component']} on {it['stock']} in a {stock} job"
                    )
        if job["duplex"]:
            # fronts and backs alternate: a front (a sheet, or a two-sided board's tile),
            # then its back, for the whole job
            assert len(kinds) % 2 == 0 and kinds[1::2] == ["backs"] * (len(kinds) // 2), kinds
            assert set(kinds[::2]) <= {"sheet", "tile"}, (job, kinds)
            assert job["sheets"] == len(kinds) // 2
            for n in span[::2]:
                assert heads[n][3] == "front" and heads[n + 1][3] == "back", (n, heads.get(n))
                assert heads[n][:3] == heads[n + 1][:3], f"page {n + 1} is not the back of page {n}"
        else:
            assert "backs" not in kinds and "calibration" not in kinds, (job, kinds)
            assert job["sheets"] == len(kinds)
            for n in span:
                if n in heads:
                    assert heads[n][3] in ("one side", "fold"), (n, heads[n])
    # every component page says what it is
    bare = [
        p["number"]
        for p in pages
        if p["kind"] in COMPONENT and p["items"] and p["number"] not in heads
    ]
    assert not bare, f"component pages that do not say what they are: {bare}"
    # sheets counted once per stock, 1..n in page order
    for stock in ("card", "paper"):
        fronts = [h for n, h in sorted(heads.items()) if h[0] == stock and h[3] != "back"]
        sheets = [
            p for p in pages if p["kind"] in ("sheet", "tile", "fold") and p["items"]
            and p["items"][0]["stock"] == stock
        ]  # fmt: skip
        if fronts:
            assert fronts[-1][2] == len(sheets), (
                f"{stock}: says {fronts[-1][2]} sheets, prints {len(sheets)}"
            )
            assert [h[1] for h in fronts] == sorted(h[1] for h in fronts)


def check_header_places(doc: pymupdf.Document, manifest: dict) -> None:
    """Each header lies inside the printable area, clear of every item and every mark."""
    m = manifest["printable_margin_mm"]
    k = 1 / MM  # points per millimetre
    for page, entry in zip(doc, manifest["pages"], strict=True):
        W, H = entry["size_mm"]  # a tile's page may lie landscape
        m_text = HEADER.search(" ".join(page.get_text().split()))
        if not m_text:
            continue
        found = page.search_for(m_text.group(0)) or page.search_for(m_text.group(0).split(",")[0])
        assert found, f"page {entry['number']}: header not found by its text"
        r = found[0]
        x0, y0, x1, y1 = r.x0 / k, r.y0 / k, r.x1 / k, r.y1 / k
        assert x0 >= m - 0.05 and y0 >= m - 0.05 and x1 <= W - m + 0.05 and y1 <= H - m + 0.05, (
            f"page {entry['number']}: header at {x0:.1f},{y0:.1f}–{x1:.1f},{y1:.1f} mm is in the paper's margin"
        )
        for it in entry["items"]:
            ix, iy = it["x_mm"], it["y_mm"]
            apart = x1 <= ix or ix + it["w_mm"] <= x0 or y1 <= iy or iy + it["h_mm"] <= y0
            assert apart, f"page {entry['number']}: header over {it['component']} {it['id']}"
        near = [
            (sp["text"], round(_gap(r, pymupdf.Rect(sp["bbox"])) / k, 2))
            for b in page.get_text("dict")["blocks"] for ln in b.get("lines", ())
            for sp in ln["spans"]
            if sp["text"].strip() and not r.intersects(pymupdf.Rect(sp["bbox"]))
            and _gap(r, pymupdf.Rect(sp["bbox"])) < TEXT_RING * k
        ]  # fmt: skip
        assert not near, f"page {entry['number']}: text within {TEXT_RING} mm of the header: {near}"
        # nothing else inked within RING of the header: a mark or an item there would touch it
        ring = pymupdf.Rect(r.x0 - RING * k, r.y0 - RING * k, r.x1 + RING * k, r.y1 + RING * k)
        pix = page.get_pixmap(dpi=DPI, clip=ring, alpha=False)
        px = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)
        inner = round(RING * 0.8 * DPI / 25.4)  # the text's own box, a little grown
        ink = px.min(axis=2) < 200
        ink[inner : pix.height - inner, inner : pix.width - inner] = False
        ys, xs = np.nonzero(ink)
        assert not len(ys), (
            f"page {entry['number']}: ink {RING} mm from the header, at "
            f"{(ring.x0 + xs[0] * 72 / DPI) * MM:.1f},{(ring.y0 + ys[0] * 72 / DPI) * MM:.1f} mm"
        )


def _gap(a: pymupdf.Rect, b: pymupdf.Rect) -> float:
    """The distance between two boxes (0 where they touch or overlap)."""
    dx, dy = max(b.x0 - a.x1, a.x0 - b.x1, 0.0), max(b.y0 - a.y1, a.y0 - b.y1, 0.0)
    return (dx * dx + dy * dy) ** 0.5


GAMES = ["aftershock", "earth-our-home", "earthquake", "global-warming", "greenway", "piecepack"]


@pytest.mark.parametrize(
    ("game", "paper"), one_paper_each([(g, p) for g in GAMES for p in ("a4", "letter")])
)
def test_the_guides_jobs_are_the_pages_as_their_headers_say(built, game, paper):
    b = built(game, paper)
    doc = b.doc()
    check_plan(doc, b.manifest)
    check_header_places(doc, b.manifest)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_variant_prints_as_few_jobs_as_its_stocks_and_sides(built, paper):
    b = built("earth-our-home", paper, variant="reduced")
    check_plan(b.doc(), b.manifest)
    jobs = guide_jobs(b.doc())
    # plain paper, the calibration pair, card duplex, card one-sided: nothing interleaved
    assert [(j["stock"], j["duplex"]) for j in jobs] == [
        ("paper", False),
        ("duplex calibration, once", True),
        ("card stock", True),
        ("card stock", False),
    ]


@pytest.mark.deep  # Aftershock built again with the SVG engine (3 s)
def test_the_svg_engine_prints_the_same_plan(built):
    a = built("aftershock", "letter")
    b = built("aftershock", "letter", engine="svg")
    check_plan(b.doc(), b.manifest)
    assert guide_jobs(a.doc()) == guide_jobs(b.doc())
    assert headers(a.doc()) == headers(b.doc())


# the ink-saver on A4 (the print tests/test_printed_margin.py reads); Greenway's registration
# print on A4 is read every day by test_every_print_and_cut_sheet_says_what_it_is, on Letter deep
@pytest.mark.parametrize(
    ("game", "mode", "paper"),
    [
        ("aftershock", "fold", "letter"),
        ("aftershock", "ink_saver", "a4"),
        pytest.param("greenway", "registration", "letter", marks=pytest.mark.deep),
    ],
)
def test_every_mode_prints_a_plan_that_holds(built, game, mode, paper):
    b = built(game, paper, mode=mode)
    doc = b.doc()
    check_plan(doc, b.manifest)
    check_header_places(doc, b.manifest)
    if mode == "fold":
        jobs = guide_jobs(doc)
        folds = [p["number"] for p in b.manifest["pages"] if p["kind"] == "fold"]
        assert folds and all(
            any(j["first"] <= n <= j["last"] and not j["duplex"] for j in jobs) for n in folds
        ), "fold pages print one-sided"


@pytest.mark.parametrize(
    ("game", "paper"), one_paper_each([(g, p) for g in GAMES for p in ("a4", "letter")])
)
def test_every_print_and_cut_sheet_says_what_it_is(built, game, paper):
    """With --registration too, every sheet page prints its header, clear of the registration
    marks and of every other ink (a tile page, with no marks, keeps its header as without)."""
    b = built(game, paper, mode="registration")
    doc = b.doc()
    check_plan(doc, b.manifest)
    check_header_places(doc, b.manifest)


@pytest.mark.parametrize(("game", "paper"), [("aftershock", "letter"), ("greenway", "a4")])
def test_pnp_list_prints_the_guides_plan(built, capsys, game, paper):
    from pnp.cli import main

    assert main(["list", game, "--paper", paper]) == 0
    listed = capsys.readouterr().out.split("print jobs, in this order:", 1)[1]
    rows = [" ".join(line.split()) for line in listed.strip().splitlines()[1:]]
    printed = guide_jobs(built(game, paper).doc())
    assert len(rows) == len(printed)
    for row, job in zip(rows, printed, strict=True):
        pages = f"{job['first']}" + (f"–{job['last']}" if job["last"] != job["first"] else "")
        assert row.startswith(f"{printed.index(job) + 1} {pages} "), (row, job)
        assert f" {job['sheets']} {job['copies']}" in row and ("duplex" in row) == job["duplex"]


def test_the_plan_shown_in_the_printing_guide_is_what_pnp_list_prints(capsys):
    from pnp.cli import main

    doc = (Path(__file__).parent.parent / "docs" / "printing.md").read_text(encoding="utf-8")
    shown = doc.split("print jobs, in this order:\n", 1)[1].split("```", 1)[0].rstrip()
    assert main(["list", "aftershock", "--paper", "letter"]) == 0
    printed = capsys.readouterr().out.split("print jobs, in this order:\n", 1)[1].rstrip()
    assert shown == printed
