"""The Greenway built end to end: the PDFs and manifests as a printer and a cutter see them."""

import pytest
from conftest import MM, page_items

from pnp.cli import main

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
# Sizes from the rulebook and the issue, in mm.
SIZES = {
    "cards": (63.5, 88.9),  # poker, 2.5 x 3.5 in
    "board": (254.0, 254.0),  # 12 x 0.75 in squares + a 0.5 in suit border on each side
}
TOL = 0.1


def near(a, b, tol=TOL):
    return abs(a - b) <= tol


@pytest.fixture(params=["a4", "letter"])
def gw(request, built):
    return request.param, built("greenway", request.param)


def test_page_sizes_are_exact(gw):
    paper, b = gw
    w, h = PAPERS[paper]
    assert b.manifest["page_size_mm"] == [pytest.approx(w), pytest.approx(h)]
    for page in b.doc():
        pw, ph = page.rect.width * MM, page.rect.height * MM
        assert sorted((round(pw, 2), round(ph, 2))) == sorted((round(w, 2), round(h, 2)))


def test_first_page_is_the_print_guide(gw):
    _, b = gw
    assert b.manifest["pages"][0]["kind"] == "guide"
    text = b.doc()[0].get_text()
    assert "Print at 100% / Actual size" in text
    assert "The Greenway" in text and "Rik Eberhardt" in text
    assert "100 mm" in text and "4 inches" in text
    # the 100 mm ruler really is 100 mm: its baseline is a drawn line of that length
    lengths = [
        abs(it[2].x - it[1].x) * MM
        for d in b.doc()[0].get_drawings()
        for it in d["items"]
        if it[0] == "l" and abs(it[1].y - it[2].y) < 1e-6
    ]
    assert any(near(v, 100.0, 0.05) for v in lengths)
    assert any(near(v, 101.6, 0.05) for v in lengths)


def test_guide_page_stays_inside_the_printable_area(gw):
    # Nothing on the guide may fall in the 5 mm edge a home printer cannot print (layouts/*.yaml).
    paper, b = gw
    w, h = PAPERS[paper]
    page = b.doc()[0]
    boxes = [d["rect"] for d in page.get_drawings()]
    boxes += [span["bbox"] for blk in page.get_text("dict")["blocks"] for line in blk.get("lines", []) for span in line["spans"]]
    assert len(boxes) > 20
    for x0, y0, x1, y1 in boxes:
        assert x0 * MM >= 5.0 - TOL and y0 * MM >= 5.0 - TOL
        assert x1 * MM <= w - 5.0 + TOL and y1 * MM <= h - 5.0 + TOL


def test_manifest_shape(gw):
    paper, b = gw
    m = b.manifest
    assert m["game"] == "greenway" and m["variant"] is None and m["paper"] == paper
    kinds = {p["kind"] for p in m["pages"]}
    assert {"guide", "sheet", "backs", "tile", "assembly", "calibration"} <= kinds
    for n, page in enumerate(m["pages"], 1):
        assert page["number"] == n
        for it in page["items"]:
            assert set(it) >= {"component", "id", "side", "x_mm", "y_mm", "w_mm", "h_mm", "rotation"}


def test_every_card_is_printed_at_poker_size_with_its_back(gw):
    paper, b = gw
    fronts = [it for _, it in page_items(b.manifest, "sheet") if it["component"] == "cards"]
    backs = [it for _, it in page_items(b.manifest, "backs") if it["component"] == "cards"]
    assert len(fronts) == 36 and len(backs) == 36
    assert {it["id"] for it in fronts} == {f"{s}-{r}" for s in ("hearts", "diamonds", "clubs", "spades") for r in "A23456789"}
    for it in fronts + backs:
        w, h = (it["w_mm"], it["h_mm"]) if it["rotation"] in (0, 180) else (it["h_mm"], it["w_mm"])
        assert near(w, 63.5) and near(h, 88.9)
    # nine to a page on A4; eight on Letter, turned: three rows of 88.9 mm leave 2.7 mm of its
    # 269.4 mm printable height, no room for a 3 mm mark at either end of the cut lines
    per_page = {}
    for page, it in page_items(b.manifest, "sheet"):
        if it["component"] == "cards":
            per_page[page["number"]] = per_page.get(page["number"], 0) + 1
    full = [9] * 4 if paper == "a4" else [8] * 4
    assert sorted(per_page.values(), reverse=True)[:4] == full


def _outline_rects(page):
    """Bounding boxes (mm) of every drawn path, from the PDF itself."""
    return [(d["rect"].x0 * MM, d["rect"].y0 * MM, d["rect"].width * MM, d["rect"].height * MM) for d in page.get_drawings()]


def test_items_are_drawn_where_the_manifest_says(gw):
    """Each placed card, counter and coin has a drawn outline of its spec size at its manifest position."""
    _, b = gw
    doc = b.doc()
    checked = 0
    for page in b.manifest["pages"]:
        if page["kind"] not in ("sheet", "backs"):
            continue
        rects = _outline_rects(doc[page["number"] - 1])
        for it in page["items"]:
            x, y, w, h = it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"]
            assert any(near(rx, x) and near(ry, y) and near(rw, w) and near(rh, h) for rx, ry, rw, rh in rects), (page["number"], it)
            checked += 1
    assert checked >= 36 * 2 + 20 + 4 + 8 + 1 + 4 * 2 + 4 + 4


def test_pieces_have_their_sizes(gw):
    _, b = gw
    sizes = {}
    for _, it in page_items(b.manifest):
        sizes.setdefault(it["component"], set()).add((round(it["w_mm"], 2), round(it["h_mm"], 2)))
    assert sizes["protectors"] == {(16.0, 16.0)}
    assert sizes["quarters"] == {(24.26, 24.26)}
    assert sizes["selectors"] == {(25.4, 25.4)}
    assert sizes["badge"] == {(31.75, 31.75)}
    counts = {}
    for _, it in page_items(b.manifest):
        if it["side"] == "front" and "tile" not in it:
            counts[it["component"]] = counts.get(it["component"], 0) + 1
    assert counts["protectors"] == 20 and counts["occupiers"] == 4 and counts["veterans"] == 8
    assert counts["badge"] == 1 and counts["quarters"] == 4 and counts["selectors"] == 4


def test_backs_are_mirrored_for_long_edge_flip(gw):
    paper, b = gw
    W = PAPERS[paper][0]
    pages = b.manifest["pages"]
    doc = b.doc()
    seen = 0
    for i, page in enumerate(pages):
        if page["kind"] != "backs":
            continue
        front = pages[i - 1]
        assert front["kind"] == "sheet"
        by_id = {it["id"]: it for it in front["items"]}
        rects = _outline_rects(doc[page["number"] - 1])
        for it in page["items"]:
            f = by_id[it["id"]]
            assert it["side"] == "back"
            assert near(it["x_mm"], W - f["x_mm"] - f["w_mm"], 0.01) and near(it["y_mm"], f["y_mm"], 0.01)
            # and the PDF draws the back's outline at that mirrored place
            assert any(near(rx, it["x_mm"]) and near(ry, it["y_mm"]) and near(rw, it["w_mm"]) for rx, ry, rw, rh in rects)
            seen += 1
    assert seen == 36 + 4 + 4  # cards, quarters and reference cards


def test_one_shared_card_back_is_drawn_once(gw):
    _, b = gw
    doc = b.doc()
    back_pages = [p["number"] for p in b.manifest["pages"] if p["kind"] == "backs" and p["items"][0]["component"] == "cards"]
    xrefs = set()
    for n in back_pages:
        xobjs = {x[0] for x in doc[n - 1].get_xobjects()}
        xrefs |= xobjs
    # the same form XObject serves all four back pages
    common = set.intersection(*({x[0] for x in doc[n - 1].get_xobjects()} for n in back_pages))
    assert common, "no form XObject shared by the back pages"
    # and the file holds far fewer forms than there are card backs
    assert len(xrefs) < 36


def test_all_fonts_embedded_and_no_standard_fonts(gw):
    _, b = gw
    for page in b.doc():
        for _xref, ext, _ftype, name, *_ in page.get_fonts(full=True):
            assert ext != "n/a", f"font {name} is not embedded"
            assert "Helvetica" not in name and "Times" not in name and "Courier" not in name


def test_nothing_inside_the_printable_margin(gw):
    _, b = gw
    m = b.manifest["printable_margin_mm"]
    assert m >= 3.0
    for page, it in page_items(b.manifest):
        pw, ph = page["size_mm"]
        assert it["x_mm"] >= m - 1e-6 and it["y_mm"] >= m - 1e-6, it
        assert it["x_mm"] + it["w_mm"] <= pw - m + 1e-6 and it["y_mm"] + it["h_mm"] <= ph - m + 1e-6, it


def test_the_board_is_tiled_over_the_whole_board_with_overlap(gw):
    _, b = gw
    placed = [(p, it) for p, it in page_items(b.manifest) if it["component"] == "board" and "tile" in it]
    tiles = [it for _, it in placed]
    assert len(tiles) >= 2
    bw, bh = SIZES["board"]
    for it in tiles:
        assert it["board_mm"] == [pytest.approx(bw), pytest.approx(bh)]
        rx, ry, rw, rh = it["region_mm"]
        # the page shows the region at true size (turned on a shared sheet)
        w, h = (it["w_mm"], it["h_mm"]) if it["rotation"] == 0 else (it["h_mm"], it["w_mm"])
        assert near(w, rw) and near(h, rh)
    # regions cover the board: check a fine lattice of points
    for x in [i * bw / 40 for i in range(41)]:
        for y in [j * bh / 40 for j in range(41)]:
            assert any(r[0] - 1e-6 <= x <= r[0] + r[2] + 1e-6 and r[1] - 1e-6 <= y <= r[1] + r[3] + 1e-6 for r in (t["region_mm"] for t in tiles)), (x, y)
    # neighbouring tiles overlap by at least 8 mm
    regions = sorted(t["region_mm"] for t in tiles)
    for a, c in zip(regions, regions[1:], strict=False):
        if a[1] == c[1]:
            assert a[0] + a[2] - c[0] >= 8.0
    labels = {t["tile"] for t in tiles}
    assert "A1" in labels
    # every tile's page or shared sheet prints its label
    doc = b.doc()
    for page, it in placed:
        assert it["tile"] in doc[page["number"] - 1].get_text().split()
    assert any(p["kind"] == "assembly" for p in b.manifest["pages"])


def test_board_grid_is_twelve_by_twelve_squares_of_three_quarter_inch(built):
    """Read the grid lines from the tile drawing: 13 lines each way, 19.05 mm apart."""
    b = built("greenway", "a4")
    page = next(p for p in b.manifest["pages"] if p["kind"] == "tile" and p["items"][0]["tile"] == "A1")
    it = page["items"][0]
    ox = it["x_mm"] - it["region_mm"][0]  # board origin on the page, x
    xs = set()
    for d in b.doc()[page["number"] - 1].get_drawings():
        for item in d["items"]:
            if item[0] == "l" and abs(item[1].x - item[2].x) < 1e-6 and abs(item[2].y - item[1].y) * MM > 200:
                xs.add(round(item[1].x * MM - ox, 2))
    grid_x = sorted(v for v in xs if 12.0 <= v <= 242.0)
    expected = [12.7 + 19.05 * k for k in range(13)]
    visible = [e for e in expected if e <= it["region_mm"][0] + it["region_mm"][2]]
    assert len(visible) >= 8
    for e in visible:
        assert any(near(v, e, 0.05) for v in grid_x), e


def test_pdf_metadata_and_bookmarks(gw):
    _, b = gw
    doc = b.doc()
    assert doc.metadata["title"] == "The Greenway"
    assert "Rik Eberhardt" in doc.metadata["author"]
    # a shared sheet's bookmark names each family that starts on it: "Protectors, Quarters, ..."
    toc = [name.strip() for t in doc.get_toc() for name in t[1].split(",")]
    for fam in ("Board", "Cards", "Protectors", "Quarters", "Reference"):
        assert any(t.startswith(fam) for t in toc), (fam, toc)


def test_card_faces_show_rank_value_and_push(built):
    b = built("greenway", "a4")
    doc = b.doc()
    for page, it in page_items(b.manifest, "sheet"):
        if it["component"] != "cards":
            continue
        clip = [it["x_mm"] / MM, it["y_mm"] / MM, (it["x_mm"] + it["w_mm"]) / MM, (it["y_mm"] + it["h_mm"]) / MM]
        words = [w[4] for w in doc[page["number"] - 1].get_text("words", clip=clip)]
        rank = it["id"].split("-")[1]
        move = {"A": 1, "2": 1, "3": 1, "4": 2, "5": 2, "6": 2, "7": 3, "8": 3, "9": 3}[rank]
        assert rank in words and "move" in words and str(move) in words, (it["id"], words)
        assert ("PUSHES" in words) == (rank in "369"), it["id"]


def test_start_position_overlay_variant(built):
    plain = built("greenway", "a4", variant="plain")
    setup = built("greenway", "a4")
    assert plain.manifest["variant"] == "plain"

    def board_words(b):
        words = []
        for page in b.manifest["pages"]:
            if page["kind"] == "tile":
                words += [w[4] for w in b.doc()[page["number"] - 1].get_text("words")]
        return words

    w = board_words(setup)
    for label in ["P1", "P2", "P3", "P4", "qh", "O1", "O4", "V1", "V8"]:
        assert label in w
    assert "V1" not in board_words(plain)


def test_checker_passes_on_the_greenway(capsys):
    assert main(["check", "greenway"]) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out and "DEPARTS" not in out and "cards-total" in out


def test_checker_fails_when_a_card_is_removed(game_copy, capsys):
    folder = game_copy("greenway")
    cards = folder / "cards.yaml"
    text = cards.read_text()
    # drop the 9s: the deck then has 32 cards
    text = text.replace("        - {rank: 9, pips: 9, move: 3, push: true}\n", "")
    cards.write_text(text)
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "DEPARTS cards-total" in out
    line = next(ln for ln in out.splitlines() if "DEPARTS cards-total" in ln)
    assert "36" in line and "32" in line


def test_build_writes_both_papers_with_manifests(tmp_path, capsys):
    assert main(["build", "greenway", "--out", str(tmp_path), "--quiet"]) == 0
    names = sorted(p.name for p in (tmp_path / "greenway").iterdir())
    assert names == ["greenway-a4.json", "greenway-a4.pdf", "greenway-letter.json", "greenway-letter.pdf"]


def test_identical_counters_share_one_drawing(built):
    """20 Protectors in 4 colours: 4 drawings, each a form XObject used 5 times (on the sheets
    the protectors share, however many)."""
    b = built("greenway", "a4")
    doc = b.doc()
    uses: dict[str, int] = {}
    for page in b.manifest["pages"]:
        if not any(i["component"] == "protectors" for i in page["items"]):
            continue
        names = [x[1] for x in doc[page["number"] - 1].get_xobjects() if "protectors" in x[1]]
        content = b"".join(doc.xref_stream(x) for x in doc[page["number"] - 1].get_contents())
        for n in names:
            uses[n] = uses.get(n, 0) + content.count(f"/{n} Do".encode())
    assert len(uses) == 4 and set(uses.values()) == {5}, uses
