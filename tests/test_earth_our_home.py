"""Earth Our Home: globes from data, the Pacific box, 400 counters, 32 gene cards, the reduced set."""

import math
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
import yaml
from conftest import MM, page_items

from pnp.cli import main

HABITATS = Path(__file__).resolve().parent.parent / "components" / "earth-our-home" / "habitats"

PAPER_W = {"a4": 210.0, "letter": 215.9}


def items(b, family, side="front"):
    return [it for _, it in page_items(b.manifest) if it["component"] == family and it["side"] == side and it.get("tile") in (None, "A1")]


@pytest.fixture(params=["a4", "letter"])
def eoh(request, built):
    return request.param, built("earth-our-home", request.param)


def test_counts(eoh):
    _, b = eoh
    counters = items(b, "counters")
    assert len(counters) == 400
    for genus in ("blue", "red", "yellow", "green"):
        mine = [c for c in counters if c["id"].startswith(genus + "-")]
        assert len(mine) == 100
        for species in ("fish", "frog", "allosaur", "mammoth", "hominid"):
            assert sum(1 for c in mine if c["id"].startswith(f"{genus}-{species}-")) == 18 + 1 + 1
    assert len(items(b, "genes")) == 32 and len(items(b, "genes", "back")) == 32
    assert len(items(b, "first-player")) == 1
    for part in ("earth-1", "earth-2", "pacific"):
        assert len(items(b, part)) == 1, part


def test_the_board_is_three_parts_tiled_to_about_sixteen_a4_pages(built):
    b = built("earth-our-home", "a4")
    board_pages = [p for p in b.manifest["pages"] if any(i["component"] in ("earth-1", "earth-2", "pacific") for i in p["items"]) or p["kind"] == "assembly"]
    assert 12 <= len(board_pages) <= 18


def test_reduced_board_parts_are_three_quarters_and_counters_smaller(built):
    full = built("earth-our-home", "a4")
    small = built("earth-our-home", "a4", variant="reduced")
    for part in ("earth-1", "earth-2", "pacific"):
        f = items(full, part)[0]
        s = items(small, part)[0]
        # the part's own size, whichever way round it was placed on the page
        fw, fh = sorted(f["board_mm"] if "board_mm" in f else (f["w_mm"], f["h_mm"]))
        sw, sh = sorted(s["board_mm"] if "board_mm" in s else (s["w_mm"], s["h_mm"]))
        assert sw == pytest.approx(0.75 * fw, abs=0.1) and sh == pytest.approx(0.75 * fh, abs=0.1), part
    assert {(c["w_mm"], c["h_mm"]) for c in items(full, "counters")} == {(20.0, 20.0)}
    assert {(c["w_mm"], c["h_mm"]) for c in items(small, "counters")} == {(15.0, 15.0)}
    # in the PDF: the counters' coloured squares
    for b, side in ((full, 20.0), (small, 15.0)):
        # a page of counters alone (a shared sheet's other items have squares of other sizes)
        page = next(p for p in b.manifest["pages"] if p["items"] and {i["component"] for i in p["items"]} == {"counters"})
        squares = [d for d in b.doc()[page["number"] - 1].get_drawings() if d.get("fill") and abs(d["rect"].width * MM - side) < 0.1]
        assert len(squares) >= len(page["items"]) and all(abs(d["rect"].height * MM - side) < 0.1 for d in squares)
    # both variants print the gene and reference cards
    assert len(items(small, "genes")) == 32 and len(items(small, "reference")) == 4


def globe_drawings(b, part):
    """The drawings of a globe's first tile page (a tile page holds the whole map, clipped)."""
    page = next(p for p in b.manifest["pages"] if p["kind"] == "tile" and p["items"][0]["component"] == part)
    return b.doc()[page["number"] - 1].get_drawings()


def hex_census(drawings, w):
    """Hex outlines, drops, palms, pines and hatchings of a map whose hexes are w mm across the flats."""
    sym = 0.32 * w  # symbol_size 32% (earth-1.yaml, earth-2.yaml)
    out = Counter()
    for d in drawings:
        ops = "".join(i[0] for i in d["items"])
        dw, dh = d["rect"].width * MM, d["rect"].height * MM
        if ops == "l" * 6 and dw > w / 2:  # (the key's little hex is 8 mm)
            assert dw == pytest.approx(w, abs=0.1) and dh == pytest.approx(2 * w / math.sqrt(3), abs=0.1)
            out["hex"] += "f" in d["type"]
        elif ops == "cccc" and dw == pytest.approx(0.66 * sym, abs=0.1) and dh == pytest.approx(0.91 * sym, abs=0.1):
            out["drop"] += 1  # art/drop.svg: the drop spans x 17-83, y 4-95 of 100
        elif ops == "l" * 11 and dw == pytest.approx(0.84 * sym, abs=0.1):
            out["pine"] += 1  # art/pine.svg: the tree spans x 8-92 of 100
        elif ops == "c" * 8 and dw == pytest.approx(0.87 * sym, abs=0.1):
            out["palm"] += 1  # art/palm.svg: the fronds span x 8-95 of 100
        elif d["type"] == "s" and len(ops) > 6 and set(ops) == {"l"} and dw > w and dh == pytest.approx(2 * w / math.sqrt(3), abs=0.1):
            out["hatched"] += 1
    return out


@pytest.mark.parametrize("variant, hex_mm", [(None, 40.0), ("reduced", 30.0)])
def test_every_hex_of_the_data_is_drawn_with_its_symbol(built, variant, hex_mm):
    b = built("earth-our-home", "a4", variant=variant)
    for part in ("earth-1", "earth-2"):
        hexes = yaml.safe_load((HABITATS / f"{part}.yaml").read_text())["hexes"]
        kinds = Counter(h["habitat"] for h in hexes)
        census = hex_census(globe_drawings(b, part), hex_mm)
        assert census["hex"] == len(hexes), part
        assert (census["drop"], census["palm"], census["pine"]) == (kinds["marine"], kinds["tropical"], kinds["temperate"]), part
        # partial hexes out of play are hatched and carry no symbol
        assert census["hatched"] == kinds["none"] > 0, part


def test_globes_show_habitats_pairs_and_pacific_marks(built):
    b = built("earth-our-home", "a4")
    words = []
    for page, it in page_items(b.manifest):  # every tile, on a page of its own or a shared sheet
        if "tile" in it:
            clip = pymupdf.Rect(it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"]) / MM
            words += [w[4] for w in b.doc()[page["number"] - 1].get_text("words", clip=clip)]
    for letter in "ABCD":
        assert letter in words
    assert "P" in words and "EARTH" in words
    pacific = next(p for p in b.manifest["pages"] if any(i["component"] == "pacific" for i in p["items"]))
    text = " ".join(b.doc()[pacific["number"] - 1].get_text().split())
    assert "PACIFIC OCEAN" in text and "Holds 11 counters" in text


def test_gene_backs_line_up(eoh):
    paper, b = eoh
    W = PAPER_W[paper]
    pages = b.manifest["pages"]
    doc = b.doc()
    n = 0
    for i, page in enumerate(pages):
        if page["kind"] == "backs" and page["items"][0]["component"] == "genes":
            front = {it["id"]: it for it in pages[i - 1]["items"]}
            rects = [(d["rect"].x0 * MM, d["rect"].y0 * MM, d["rect"].width * MM) for d in doc[page["number"] - 1].get_drawings()]
            for it in page["items"]:
                f = front[it["id"]]
                assert it["x_mm"] == pytest.approx(W - f["x_mm"] - f["w_mm"], abs=0.01) and it["y_mm"] == pytest.approx(f["y_mm"], abs=0.01)
                assert any(abs(x - it["x_mm"]) < 0.1 and abs(y - it["y_mm"]) < 0.1 and abs(w - it["w_mm"]) < 0.1 for x, y, w in rects)
                n += 1
    assert n == 32


def test_gene_cards_read_their_type(built):
    b = built("earth-our-home", "a4")
    doc = b.doc()
    seen = {}
    for page, it in page_items(b.manifest, "sheet"):
        if it["component"] != "genes":
            continue
        clip = [v / MM for v in (it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"])]
        text = " ".join(doc[page["number"] - 1].get_text("text", clip=clip).split())
        kind = it["id"].split("-")[1]
        seen[kind] = seen.get(kind, 0) + 1
        assert {"A": "+2 in temperate", "B": "+2 in tropical", "C": "+1 in any habitat", "D": "+1 in any habitat"}[kind] in text
    assert seen == {"A": 8, "B": 8, "C": 8, "D": 8}


def test_checker_passes(built):
    b = built("earth-our-home", "a4")  # its rulebook check is the one `pnp check` makes
    assert b.rules and b.failed == []


def test_checker_fails_on_a_third_a_hex(game_copy, capsys):
    folder = game_copy("earth-our-home")
    hexes = folder / "habitats" / "earth-2.yaml"
    text = hexes.read_text()
    line = next(ln for ln in text.splitlines() if "habitat: temperate}" in ln and "pair" not in ln)
    hexes.write_text(text.replace(line, line.replace("habitat: temperate}", "habitat: temperate, pair: A}"), 1))
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    fail = next(ln for ln in out.splitlines() if "pairs-twice" in ln)
    assert fail.startswith("DEPARTS") and "A: 3" in fail


@pytest.mark.deep  # a copy checked (1 s); a third of a hex fails every day
def test_checker_fails_on_19_counters_of_a_species(game_copy, capsys):
    folder = game_copy("earth-our-home")
    counters = folder / "counters.yaml"
    text = counters.read_text()
    assert "        - {species: frog, epoch: 2}\n" in text
    # frogs leave the per-player entry and are listed colour by colour: red has only 19
    frogs = "".join(
        f"  - {{id: \"{c}-frog\", colour: {c}, species: frog, epoch: 2, count: {19 if c == 'red' else 20}}}\n"
        for c in ("blue", "red", "yellow", "green")
    )
    text = text.replace("        - {species: frog, epoch: 2}\n", "").replace("items:\n", "items:\n" + frogs, 1)
    counters.write_text(text)
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    fail = next(ln for ln in out.splitlines() if "frog-counters-per-genus" in ln)
    assert fail.startswith("DEPARTS") and "red: 19" in fail, out
    assert next(ln for ln in out.splitlines() if " counters-per-genus" in ln).startswith("DEPARTS")


def test_two_players_print_two_genera(built):
    b = built("earth-our-home", "a4", players=2)
    counters = items(b, "counters")
    assert len(counters) == 200
    assert {c["id"].split("-")[0] for c in counters} == {"blue", "red"}
    assert len(items(b, "genes")) == 32  # the gene deck does not change with the number of players


def test_checker_fails_on_a_p_on_land_and_refuses_an_untyped_hex(game_copy, capsys):
    folder = game_copy("earth-our-home")
    hexes = folder / "habitats" / "earth-1.yaml"
    text = hexes.read_text()
    land = next(ln for ln in text.splitlines() if ln.endswith("habitat: tropical}"))
    hexes.write_text(text.replace(land, land.replace("habitat: tropical}", "habitat: tropical, pacific: true}"), 1))
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if " pacific-hexes-are-sea " in ln)
    assert line.startswith("DEPARTS") and line.split()[-2:] == ["|", "1"], line
    # a hex of no known habitat: a clean refusal naming the file, line and key
    sea = next(ln for ln in text.splitlines() if ln.endswith("habitat: marine}"))
    hexes.write_text(text.replace(sea, sea.replace("habitat: marine}", "habitat: desert}"), 1))
    assert main(["check", str(folder)]) == 2
    err = capsys.readouterr().err
    line_no = text.splitlines().index(sea) + 1
    assert f"earth-1.yaml:{line_no}" in err and "no style for habitat 'desert'" in err and "Traceback" not in err
