"""Gutter-fold sheets read from the printed PDF: each back, reflected across the fold line,
lands on its front within 0.1 mm, reads upright once folded, and nothing straddles the fold.

Items are found from what the PDF draws: each face has a magenta frame and a label (F3 on a
front, B3 on its back); the fold line is the page's dashed line. Grid and packed sheets, both
papers, both engines; a one-sided family is imposed as usual, with no fold line.
"""

from __future__ import annotations

import json
import re

import pymupdf
import pytest
from conftest import game_yaml

from pnp.cli import main

MM = 72 / 25.4
TOL = 0.1
GAME = game_yaml("folding", "cards.yaml", "wide.yaml", "big.yaml", "small.yaml", "tokens.yaml")
FRAME = "  - rect: {{x: 1mm, y: 1mm, w: {w}, h: {h}, stroke: '#ff00ff', stroke_width: 0.4mm}}\n"


def family(
    name: str,
    w: int,
    h: int,
    prefix: str,
    count: int,
    two_sided: bool = True,
    sheet: str | None = None,
) -> str:
    frame = FRAME.format(w=f"{w - 2}mm", h=f"{h - 2}mm")
    text = '  - text: {text: "{p}{n}", x: 0mm, y: 2mm, w: 100%, h: 8mm, size: 12pt}\n'
    out = f"family: {name}\nkind: card\nsize: {{w: {w}mm, h: {h}mm}}\n"
    if sheet:
        out += f"sheet: {sheet}\n"
    out += f'items:\n  - {{id: "{name}{{n}}", for_each: {{n: {list(range(1, count + 1))}}}}}\n'
    out += "front:\n" + frame + text.replace("{p}", prefix)
    if two_sided:
        out += "back:\n" + frame + text.replace("{p}", "B" + prefix[1:] if len(prefix) > 1 else "B")
    return out


FILES = {
    "game.yaml": GAME,
    # portrait cards: a grid (the fold axis that fits most wins)
    "cards.yaml": family("cards", 50, 70, "F", 11),
    # long strips: five fit a horizontal half turned upright, four a vertical half
    "wide.yaml": family("wide", 120, 38, "FW", 5),
    # two sizes sharing a sheet: packed
    "big.yaml": family("big", 60, 40, "FP", 3, sheet="mixed"),
    "small.yaml": family("small", 30, 30, "FQ", 4, sheet="mixed"),
    "tokens.yaml": family("tokens", 20, 20, "T", 5, two_sided=False),
}


def build(tmp_path, paper: str, engine: str, how: str):
    folder = tmp_path / "game"
    folder.mkdir(exist_ok=True)
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    args = [
        "build",
        str(folder),
        "--paper",
        paper,
        "--engine",
        engine,
        "--out",
        str(tmp_path / "out"),
        "--quiet",
    ]
    if how == "flag":
        args.append("--fold")
    else:  # the game's own setting
        (folder / "game.yaml").write_text(GAME + "fold: true\n", encoding="utf-8")
    assert main(args) == 0
    pdf = next((tmp_path / "out").rglob(f"*-{paper}.pdf"))
    return pymupdf.open(pdf), json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8"))


def fold_line(page: pymupdf.Page):
    """('vertical', x) or ('horizontal', y) in mm, from the page's one dashed line; None without."""
    lines = []
    for d in page.get_drawings():
        if d.get("dashes") and d["dashes"].strip() not in ("[] 0", "[]0", "") and d.get("color"):
            r = d["rect"]
            lines.append(r)
    if not lines:
        return None
    assert len(lines) == 1, f"page {page.number + 1}: {len(lines)} dashed lines"
    r = lines[0]
    if r.width < 1:
        return "vertical", (r.x0 + r.x1) / 2 / MM, r
    assert r.height < 1
    return "horizontal", (r.y0 + r.y1) / 2 / MM, r


def frames(page: pymupdf.Page) -> list[tuple[float, float, float, float]]:
    """The magenta frames drawn on the page, in mm (x0, y0, x1, y1)."""
    out = []
    for d in page.get_drawings():
        c = d.get("color")
        if c and abs(c[0] - 1) < 0.01 and c[1] < 0.01 and abs(c[2] - 1) < 0.01:
            r = d["rect"]
            out.append((r.x0 / MM, r.y0 / MM, r.x1 / MM, r.y1 / MM))
    return out


def labelled(page: pymupdf.Page) -> dict[str, tuple[tuple, tuple]]:
    """Each label word: (the frame around it, the direction its text runs)."""
    boxes = frames(page)
    out = {}
    for block in page.get_text("rawdict")["blocks"]:
        for line in block.get("lines", []):
            word = "".join(ch["c"] for span in line["spans"] for ch in span["chars"]).strip()
            if not re.fullmatch(r"[FBT][WPQ]?\d+", word):
                continue
            x0, y0, x1, y1 = (v / MM for v in line["bbox"])
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            around = [b for b in boxes if b[0] < cx < b[2] and b[1] < cy < b[3]]
            assert len(around) == 1, (
                f"page {page.number + 1}: '{word}' is inside {len(around)} frames"
            )
            assert word not in out, f"page {page.number + 1}: '{word}' printed twice"
            out[word] = (around[0], tuple(round(v) for v in line["dir"]))
    return out


def reflect(box, axis: str, at: float):
    x0, y0, x1, y1 = box
    if axis == "vertical":
        return (2 * at - x1, y0, 2 * at - x0, y1)
    return (x0, 2 * at - y1, x1, 2 * at - y0)


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_back_reflected_across_the_fold_lands_on_its_front(tmp_path, paper, engine):
    doc, manifest = build(tmp_path, paper, engine, "flag")
    W = doc[0].rect.width / MM
    H = doc[0].rect.height / MM
    seen_fronts: set[str] = set()
    axes = set()
    for page in doc:
        line = fold_line(page)
        found = labelled(page)
        fronts = {k[1:]: v for k, v in found.items() if k[0] == "F"}
        backs = {k[1:]: v for k, v in found.items() if k[0] == "B"}
        if line is None:
            assert not backs, f"page {page.number + 1}: backs without a fold line"
            continue
        axis, at, r = line
        axes.add(axis)
        # the line is the page's middle, running the printable length, marked "fold"
        assert abs(at - (W / 2 if axis == "vertical" else H / 2)) < TOL
        assert (r.height if axis == "vertical" else r.width) / MM > (
            H if axis == "vertical" else W
        ) * 0.8
        assert "fold" in page.get_text("words")[0][4] or any(
            w[4] == "fold" for w in page.get_text("words")
        )
        assert fronts and set(fronts) == set(backs), (
            f"page {page.number + 1}: fronts {sorted(fronts)}, backs {sorted(backs)}"
        )
        for key, (fbox, fdir) in fronts.items():
            bbox, bdir = backs[key]
            mirrored = reflect(bbox, axis, at)
            assert max(abs(a - b) for a, b in zip(mirrored, fbox, strict=True)) <= TOL, (
                f"page {page.number + 1} item {key}: back reflected {mirrored} vs front {fbox}"
            )
            # fronts on one side of the fold, backs on the other, neither touching the line
            lo, hi = (fbox[0], fbox[2]) if axis == "vertical" else (fbox[1], fbox[3])
            assert hi < at - 1 or lo > at + 1
            blo, bhi = (bbox[0], bbox[2]) if axis == "vertical" else (bbox[1], bbox[3])
            assert (bhi < at) != (hi < at)
            # folded, then turned over like a book page about the card's own upright axis
            # (across the way its text runs), the back reads the same way up as its front:
            # the fold mirrors across the fold line, the turn across the text's own line
            across = fdir[1] == 0  # the label runs along the page's x
            want = fdir if (axis == "vertical") == across else (-fdir[0], -fdir[1])
            assert bdir == want, (
                f"page {page.number + 1} item {key}: back text runs {bdir}, front {fdir}"
            )
        seen_fronts |= set(fronts)
    assert len(seen_fronts) == 11 + 5 + 3 + 4
    assert {k for k in seen_fronts if k.isdigit()} == {str(n) for n in range(1, 12)}
    assert axes == {"vertical", "horizontal"}
    # the manifest names the fold pages and where their line is
    folded = [p for p in manifest["pages"] if p["kind"] == "fold"]
    assert folded and all(("x_mm" in p["fold"]) != ("y_mm" in p["fold"]) for p in folded)
    assert not any(p["kind"] == "backs" for p in manifest["pages"])


def test_one_sided_items_and_the_game_setting(tmp_path):
    doc, manifest = build(tmp_path, "a4", "reportlab", "game")
    tokens = [page for page in doc if any(k.startswith("T") for k in labelled(page))]
    assert tokens, "the one-sided tokens are printed"
    for page in tokens:
        assert fold_line(page) is None, "one-sided items are not on fold pages"
    assert any(fold_line(page) for page in doc)
    words = " ".join(w[4] for w in doc[0].get_text("words"))
    assert "Gutter-fold:" in words and "Duplex:" not in words
    assert "Calibration:" not in words


def test_items_too_large_for_half_a_page_keep_their_duplex_pages(tmp_path):
    global FILES
    saved = FILES
    FILES = dict(saved, **{"cards.yaml": family("cards", 150, 200, "F", 2)})
    try:
        doc, manifest = build(tmp_path, "a4", "reportlab", "flag")
    finally:
        FILES = saved
    kinds = [p["kind"] for p in manifest["pages"]]
    assert "backs" in kinds and "fold" in kinds and "calibration" in kinds
    words = " ".join(w[4] for w in doc[0].get_text("words"))
    assert "Gutter-fold:" in words and "Duplex:" in words
