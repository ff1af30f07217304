"""Every documented default and limit is what pnp does: the value is read from docs/*.md.

A default changed in the code alone (a limit one lower, a press bleed of 3 mm for 1/8 in, a
stroke width in another unit) passes every test that only uses the default; here the number is
read from the sentence or table a user reads, and compared with what pnp does at that value
and just past it, or with what it prints.
"""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from pnp import budget
from pnp.cli import _limits, parser
from pnp.errors import PnpError
from tests.conftest import build_a4, game_yaml

DOCS = Path(__file__).resolve().parent.parent / "docs"
MM = 72 / 25.4


def limits_table() -> dict[str, tuple[str, str]]:
    """docs/errors.md's table of limits: its first column -> (default, how to change it)."""
    text = (DOCS / "errors.md").read_text(encoding="utf-8").split("## Limits", 1)[1]
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        # | limit | default | what it protects | how to change it |
        if len(cells) >= 3 and cells[1] and cells[1][0].isdigit():
            rows[cells[0]] = (cells[1], cells[-1])
    assert len(rows) >= 15, "docs/errors.md lists the limits in a table"
    return rows


def number(text: str) -> int:
    return int(re.match(r"[\d,]+", text).group().replace(",", ""))


def reference_default(section: str, key: str) -> str:
    """The default of `key` in docs/reference.md's table under `### section`, unquoted."""
    text = (DOCS / "reference.md").read_text(encoding="utf-8").split(f"### {section}\n", 1)[1]
    for line in text.split("\n### ", 1)[0].splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if len(cells) == 4 and cells[0] == f"`{key}`":
            return cells[2].strip("`").strip('"')
    raise AssertionError(f"docs/reference.md documents no {section}.{key}")


BUDGETS = [
    (row, default, m.group(1))
    for row, (default, how) in limits_table().items()
    if (m := re.search(r"--limit (\w+)=N", how))
]


@pytest.mark.parametrize(("row", "default", "name"), BUDGETS, ids=[b[2] for b in BUDGETS])
def test_each_budget_refuses_just_past_its_documented_default(row, default, name):
    budget.configure(None)
    budget.reset(0)  # a game of a few bytes: the defaults as documented, not grown
    n = number(default)
    budget.check(name, n)  # the documented default itself is allowed
    with pytest.raises(PnpError) as err:
        budget.check(name, n + 1)
    assert f"--limit {name}=" in str(err.value.expected), row


def test_max_items_and_max_tiles_default_to_the_documented_values():
    def documented(option: str) -> int:
        [n] = [number(d) for d, how in limits_table().values() if option in how]
        return n

    # --max-items is --limit items, --max-tiles is --limit tiles: each one limit, whose
    # default is the budget's
    assert budget.Limits().items == documented("--limit items=N")
    assert budget.Limits().tiles == documented("--max-tiles N") == documented("--limit tiles=N")
    for command in ("build", "check", "preview", "export", "serve"):
        args = parser().parse_args([command, "somegame", "--max-tiles", "7"])
        assert "tiles=7" in _limits(args), command


def test_preview_dpi_range_is_the_documented_one():
    [(low, high)] = [
        tuple(number(v) for v in d.split(" to "))
        for row, (d, _) in limits_table().items()
        if "preview --dpi" in row
    ]
    p = parser()
    for ok in (low, high):
        assert p.parse_args(["preview", "g", "--dpi", str(ok)]).dpi == ok
    for bad in (low - 1, high + 1):
        with pytest.raises(SystemExit):
            p.parse_args(["preview", "g", "--dpi", str(bad)])


def _aliases(n: int) -> str:
    return "a: &x 1\nb: [" + ", ".join(["*x"] * n) + "]\n"


@pytest.mark.parametrize(
    ("row", "make"),
    [
        ("Aliases (`*name`) in one YAML file", _aliases),
        ("Digits of a number in YAML", lambda n: f"n: {'7' * n}\n"),
    ],
)
def test_yaml_limits_refuse_just_past_the_documented_value(tmp_path, row, make):
    from pnp.spec.yamlfile import read_yaml

    [n] = [number(d) for r, (d, _) in limits_table().items() if r.startswith(row)]
    ok, over = tmp_path / "ok.yaml", tmp_path / "over.yaml"
    ok.write_text(make(n), encoding="utf-8")
    over.write_text(make(n + 1), encoding="utf-8")
    read_yaml(ok)
    with pytest.raises(PnpError):
        read_yaml(over)


def test_fixed_limits_are_the_documented_ones():
    from pnp.draw import svgart
    from pnp.kinds import template
    from pnp.spec import datafile, load, yamlfile

    rows = limits_table()
    assert yamlfile.MAX_FILE_BYTES == number(rows["YAML file size"][0])
    assert yamlfile.MAX_EXPANDED_VALUES == number(
        rows["Values in one YAML file once its aliases are expanded"][0]
    )
    assert load.MAX_INCLUDE_DEPTH == number(rows["Include depth"][0])
    assert template.MAX_IMAGE_PIXELS == number(rows["Raster image size"][0])
    [cols] = [d for r, (d, _) in rows.items() if r.startswith("Columns of a spreadsheet")]
    assert datafile.MAX_COLUMNS == number(cols)
    svg = [int(v.replace(",", "")) for v in re.findall(r"\d[\d,]*\d", rows["SVG art file"][0])]
    assert svg == [svgart.MAX_SVG_BYTES, svgart.MAX_ELEMENTS, svgart.MAX_DEPTH]


def test_press_and_shop_defaults_are_the_documented_ones():
    from pnp.export import press

    text = (DOCS / "printing.md").read_text(encoding="utf-8")
    assert "(`--bleed`, default 1/8 in)" in text
    assert press.DEFAULT_BLEED_MM == pytest.approx(25.4 / 8)
    args = parser().parse_args(["export", "g", "--press"])
    assert f"`--dpi` (default {args.dpi:g})" in text
    assert f"total ink at most {args.ink_limit:g} %" in text.replace("\n", " ")


def test_tile_overlap_is_the_documented_one():
    from pnp.spec.paper import load_paper

    m = re.search(
        r"\*\*overlap strip\*\* \((\d+) mm by default\)",
        (DOCS / "printing.md").read_text(encoding="utf-8"),
    )
    assert m, "docs/printing.md gives the overlap strip's default"
    for paper in ("a4", "letter"):
        assert load_paper(paper).tile_overlap == pytest.approx(float(m.group(1)))


def test_a_paper_file_of_its_own_gets_the_documented_tile_overlap(tmp_path):
    """A paper file that does not set tile_overlap tiles with the documented 10 mm strip."""
    from pnp.spec.paper import load_paper

    m = re.search(
        r"\*\*overlap strip\*\* \((\d+) mm by default\)",
        (DOCS / "printing.md").read_text(encoding="utf-8"),
    )
    f = tmp_path / "plain.yaml"
    f.write_text(
        "id: plain\ntitle: Plain\nsize: {w: 210mm, h: 297mm}\nmargin: 5mm\n", encoding="utf-8"
    )
    assert load_paper(str(f)).tile_overlap == pytest.approx(float(m.group(1)))


CARDS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: c1}
  - {id: c2}
front:
  - rect: {x: 5mm, y: 5mm, w: 20mm, h: 10mm, stroke: "#1040c0"}
  - line: {x1: 5mm, y1: 30mm, x2: 50mm, y2: 30mm}
  - text: {text: Default}
"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("defaults")
    folder = tmp / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("defaults"), encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    assert build_a4(folder, tmp / "o") == 0
    doc = pymupdf.open(next((tmp / "o").rglob("*-a4.pdf")))
    # the guide page names the family's texts too: the card page is the one with the outlines
    return next(p for p in doc if "Default" in p.get_text() and p.number > 0)


def mm(text: str) -> float:
    return float(text.removesuffix("mm"))  # the reference writes a bare number for millimetres


def test_element_defaults_print_as_documented(page):
    drawings = page.get_drawings()
    rect_w = mm(reference_default("RectEl", "stroke_width"))
    rects = [
        d
        for d in drawings
        if d.get("color")
        and abs(d["rect"].width / MM - 20) < 0.3
        and abs(d["rect"].height / MM - 10) < 0.3
    ]
    assert rects and all(d["width"] / MM == pytest.approx(rect_w, abs=0.005) for d in rects), (
        "a rect's default stroke width"
    )
    line_w = mm(reference_default("LineEl", "stroke_width"))
    assert reference_default("LineEl", "stroke") == "black"
    lines = [d for d in drawings if abs(d["rect"].width / MM - 45) < 0.3 and d["rect"].height < 0.5]
    assert len(lines) == 2, "one line on each card"
    for d in lines:
        assert d["width"] / MM == pytest.approx(line_w, abs=0.005), "a line's default stroke width"
        assert d["color"] == pytest.approx((0, 0, 0), abs=0.01), "a line's default colour"


def test_card_outline_defaults_print_as_documented(page):
    colour = reference_default("FlatSpec", "outline")
    want = tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    width = mm(reference_default("FlatSpec", "outline_width"))
    outlines = [
        d
        for d in page.get_drawings()
        if abs(d["rect"].width / MM - 63) < 0.5
        and abs(d["rect"].height / MM - 88) < 0.5
        and d.get("color")
    ]
    assert len(outlines) == 2, "each card has its cut outline"
    for d in outlines:
        assert d["color"] == pytest.approx(want, abs=1.5 / 255)
        assert d["width"] / MM == pytest.approx(width, abs=0.005)
    # the documented default gutter is 0 without a bleed: neighbouring cards share their cut line
    assert reference_default("FlatSpec", "bleed") in ("0.0", "0")
    a, b = sorted((d["rect"] for d in outlines), key=lambda r: (r.y0, r.x0))
    assert min(abs(b.x0 - a.x1), abs(b.y0 - a.y1)) / MM == pytest.approx(0, abs=0.05)


def test_text_defaults_print_as_documented(page):
    size = reference_default("TextEl", "size")
    assert size.endswith("mm")
    spans = [
        s
        for b in page.get_text("dict")["blocks"]
        for ln in b.get("lines", [])
        for s in ln["spans"]
        if s["text"] == "Default"
    ]
    assert len(spans) == 2
    for s in spans:
        assert s["size"] == pytest.approx(float(size[:-2]) * MM, abs=0.05)
        assert s["color"] == 0, "black by default"
    # centred in a box as wide as the card by default ("100%", align center)
    assert (
        reference_default("TextEl", "w") == "100%"
        and reference_default("TextEl", "align") == "center"
    )
    outlines = sorted(
        (
            d["rect"]
            for d in page.get_drawings()
            if d.get("color")
            and abs(d["rect"].width / MM - 63) < 0.5
            and abs(d["rect"].height / MM - 88) < 0.5
        ),
        key=lambda r: (r.y0, r.x0),
    )
    for s, card in zip(
        sorted(spans, key=lambda s: (s["bbox"][1], s["bbox"][0])), outlines, strict=True
    ):
        assert (s["bbox"][0] + s["bbox"][2]) / 2 == pytest.approx(
            (card.x0 + card.x1) / 2, abs=0.5 * MM
        )


LEGIBLE = """\
family: cards
kind: card
size: {{w: 63mm, h: 88mm}}
items:
  - {{id: c1}}
front:
  - text: {{text: AtSize, y: 5mm, h: 8mm, size: {size}pt}}
  - text: {{text: BelowSize, y: 15mm, h: 8mm, size: {below}pt}}
  - text: {{text: AtContrast, y: 25mm, h: 8mm, size: 10pt, colour: "#767676"}}
  - text: {{text: BelowContrast, y: 35mm, h: 8mm, size: 10pt, colour: "#777777"}}
"""


def test_legibility_thresholds_are_the_documented_ones(tmp_path, capsys):
    """docs/new-game.md: text of 6 pt or more with a contrast of 4.5 : 1 prints without a
    warning; just below either is warned about. #767676 on white is 4.54 : 1, #777777 4.48 : 1."""
    from pnp.cli import main

    text = " ".join((DOCS / "new-game.md").read_text(encoding="utf-8").split())
    m = re.search(
        r"each line of text must be (\d+(?:\.\d+)?) pt or more and reach a contrast of (\d+(?:\.\d+)?) : 1",
        text,
    )
    assert m, "docs/new-game.md states the legibility thresholds"
    size, ratio = float(m.group(1)), float(m.group(2))
    assert ratio == 4.5, "the two greys below sit either side of 4.5 : 1"
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("legible"), encoding="utf-8")
    (folder / "cards.yaml").write_text(
        LEGIBLE.format(size=size, below=round(size - 0.1, 2)), encoding="utf-8"
    )
    capsys.readouterr()
    assert main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "o")]) == 0
    warned = [ln for ln in capsys.readouterr().err.splitlines() if ln.startswith("warning:")]
    said = " ".join(warned)
    assert "'BelowSize'" in said and "'BelowContrast'" in said, warned
    assert "'AtSize'" not in said and "'AtContrast'" not in said, warned


def test_include_depth_is_the_documented_one(tmp_path):
    """docs/errors.md's include depth: a chain of that many includes loads, one more is refused."""
    from pnp.cli import main

    depth = number(limits_table()["Include depth"][0])

    def build_chain(n: int) -> int:
        folder = tmp_path / f"chain{n}"
        folder.mkdir()
        (folder / "game.yaml").write_text(game_yaml("chain"), encoding="utf-8")
        head = "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\nitems:\n  - {id: c1}\ninclude: [i1.yaml]\n"
        (folder / "cards.yaml").write_text(head, encoding="utf-8")
        for i in range(1, n + 1):
            nxt = f"include: [i{i + 1}.yaml]\n" if i < n else ""
            (folder / f"i{i}.yaml").write_text(nxt + "background: white\n", encoding="utf-8")
        return main(
            ["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "o"), "--quiet"]
        )

    assert build_chain(depth) == 0, f"{depth} nested includes load"
    assert build_chain(depth + 1) == 2, f"{depth + 1} nested includes are refused"


@pytest.mark.parametrize("pair", ["items=0", "text=-1", "items=", "nothing=5"])
def test_a_limit_outside_what_docs_errors_md_allows_is_refused(pair):
    """`--limit NAME=N` takes N a whole number above 0 (docs/errors.md); 0 would refuse all work."""
    with pytest.raises(PnpError):
        budget.configure([pair])
    budget.configure(None)


RULERS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: c1}
front:
  - text: {text: Ruled}
"""


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_each_rulers_long_ticks_mark_its_whole_units(tmp_path, engine):
    """The guide page's rulers (docs/printing.md: 100 mm labelled in cm, 4 in in eighths): the
    5 mm ticks stand at every whole cm and every whole inch from the ruler's start, and only there."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("ruled"), encoding="utf-8")
    (folder / "cards.yaml").write_text(RULERS, encoding="utf-8")
    assert build_a4(folder, tmp_path / "o", engine) == 0
    page = next(
        p
        for p in pymupdf.open(next((tmp_path / "o").rglob("*-a4.pdf")))
        if "Print at 100%" in p.get_text()
    )
    ticks = []
    for d in page.get_drawings():
        for it in d["items"]:
            if it[0] == "l" and abs(it[1].x - it[2].x) < 1e-3:
                ticks.append(
                    (it[1].x / MM, abs(it[2].y - it[1].y) / MM, min(it[1].y, it[2].y) / MM)
                )
    for title, length, unit in (("100 mm", 100.0, 10.0), ("4 inches", 101.6, 25.4)):
        block = next(b for b in page.get_text("blocks") if b[4].startswith(title))
        top, x0 = block[1] / MM, block[0] / MM
        ruler = [t for t in ticks if 0 < t[2] - top < 12 and x0 - 0.5 < t[0] < x0 + length + 0.5]
        start = min(t[0] for t in ruler)
        long_at = sorted(round(t[0] - start, 2) for t in ruler if abs(t[1] - 5.0) < 0.01)
        want = [round(k * unit, 2) for k in range(round(length / unit) + 1)]
        assert long_at == pytest.approx(want, abs=0.05), (
            f"{title} ruler: long ticks at {long_at} mm, not {want}"
        )


@pytest.mark.parametrize("option", ["--max-items", "--max-tiles", "--jobs"])
def test_counts_below_one_are_refused(option):
    """A count of items, tiles or cores of 0 would build nothing: the CLI refuses it (exit 2)."""
    p = parser()
    assert getattr(p.parse_args(["build", "g", option, "1"]), option[2:].replace("-", "_")) == 1
    with pytest.raises(SystemExit):
        p.parse_args(["build", "g", option, "0"])


def test_a_run_wide_budget_adds_up_what_each_step_spends():
    """text_total counts every character drawn in the run: two spends past the limit together refuse."""
    budget.configure(["text_total=100"])
    budget.reset()
    try:
        budget.spend("text_total", 60)
        with pytest.raises(PnpError):
            budget.spend("text_total", 41)
    finally:
        budget.configure(None)
        budget.reset()
