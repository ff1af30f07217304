"""Each primitive prints in its own colour, read from the PDF one primitive at a time.

An average over a face or a page forgives a channel swap on a thin stroke (a 0.15 mm red line
printed blue changes a card's mean colour by less than any tolerance would notice). Here each
line, outline, curve, polygon, path, small fill and run of text is found on the page by where it
is, and its own colour is compared with the one the card names, to the nearest 1/255.
"""

from __future__ import annotations

import pymupdf
import pytest

from tests.conftest import build_a4, game_yaml

MM = 72 / 25.4
ONE = 1.5 / 255  # a colour is within one step of 8 bits (the engines round differently)
# kind, colour, the primitive's bounding box on the card in mm (x0, y0, x1, y1)
PRIMITIVES = [
    ("line", "#d01830", (5, 5, 50, 5)),
    ("rect", "#1040c0", (5, 10, 25, 20)),
    ("circle", "#20a040", (35, 10, 45, 20)),
    ("polygon", "#c08010", (5, 30, 20, 40)),
    ("path", "#6020a0", (30, 30, 50, 40)),
    ("small fill", "#30c0b0", (40, 50, 43, 53)),
    ("dashed line", "#f0a020", (5, 60, 50, 60)),
    ("filled and stroked rect", "#102030", (30, 65, 50, 80)),
    ("fill under a stroke", "#f0e0d0", (30, 65, 50, 80)),
]
TEXT = ("Ink", "#a03070")
CARDS = """\
family: cards
kind: card
size: {w: 63mm, h: 88mm}
items:
  - {id: c1}
front:
  - line: {x1: 5mm, y1: 5mm, x2: 50mm, y2: 5mm, stroke: "#d01830", stroke_width: 0.15mm}
  - rect: {x: 5mm, y: 10mm, w: 20mm, h: 10mm, stroke: "#1040c0", stroke_width: 0.2mm}
  - circle: {x: 40mm, y: 15mm, r: 5mm, stroke: "#20a040", stroke_width: 0.2mm}
  - polygon: {points: [[5mm, 30mm], [20mm, 30mm], [12mm, 40mm]], stroke: "#c08010", stroke_width: 0.2mm}
  - path: {d: "M 30 30 L 50 30 L 50 40", stroke: "#6020a0", stroke_width: 0.2mm}
  - rect: {x: 40mm, y: 50mm, w: 3mm, h: 3mm, fill: "#30c0b0"}
  - line: {x1: 5mm, y1: 60mm, x2: 50mm, y2: 60mm, stroke: "#f0a020", stroke_width: 0.15mm, dash: [1mm, 1mm]}
  - rect: {x: 30mm, y: 65mm, w: 20mm, h: 15mm, fill: "#f0e0d0", stroke: "#102030", stroke_width: 0.2mm}
  - rect: {x: 5mm, y: 82mm, w: 5mm, h: 4mm, fill: red}
  - rect: {x: 12mm, y: 82mm, w: 5mm, h: 4mm, fill: orange}
  - rect: {x: 19mm, y: 82mm, w: 5mm, h: 4mm, fill: yellow}
  - rect: {x: 26mm, y: 82mm, w: 5mm, h: 4mm, fill: green}
  - rect: {x: 33mm, y: 82mm, w: 5mm, h: 4mm, fill: blue}
  - rect: {x: 40mm, y: 82mm, w: 5mm, h: 4mm, fill: purple}
  - rect: {x: 47mm, y: 82mm, w: 5mm, h: 4mm, fill: grey}
  - text: {text: Ink, x: 5mm, y: 45mm, w: 30mm, h: 6mm, colour: "#a03070", size: 10pt}
"""


def hexof(colour: tuple[float, ...]) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in colour)


def rgb(hexcolour: str) -> tuple[float, float, float]:
    return tuple(int(hexcolour[i : i + 2], 16) / 255 for i in (1, 3, 5))


@pytest.fixture(scope="module", params=["reportlab", "svg"])
def page(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"colour-{request.param}")
    folder = tmp / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml("colour"), encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    assert build_a4(folder, tmp / "o", request.param) == 0
    doc = pymupdf.open(next((tmp / "o").rglob("*-a4.pdf")))
    return next(p for p in doc if "Ink" in p.get_text())


def card_origin(page) -> tuple[float, float]:
    """The top-left corner of the card's cut outline, in mm."""
    for d in page.get_drawings():
        r = d["rect"]
        if d.get("color") and abs(r.width / MM - 63) < 0.5 and abs(r.height / MM - 88) < 0.5:
            return r.x0 / MM, r.y0 / MM
    raise AssertionError("no 63 x 88 mm card outline on the page")


def drawn_at(page, box: tuple[float, float, float, float]) -> list[dict]:
    ox, oy = card_origin(page)
    found = []
    for d in page.get_drawings():
        r = d["rect"]
        got = (r.x0 / MM - ox, r.y0 / MM - oy, r.x1 / MM - ox, r.y1 / MM - oy)
        if all(abs(a - b) < 0.4 for a, b in zip(got, box, strict=True)):
            found.append(d)
    return found


@pytest.mark.parametrize(("kind", "colour", "where"), PRIMITIVES, ids=[p[0] for p in PRIMITIVES])
def test_each_primitive_prints_its_own_colour(page, kind, colour, where):
    drawings = drawn_at(page, where)
    assert drawings, f"no {kind} at {where} mm on the card"
    want = rgb(colour)

    def near(c) -> bool:
        return c is not None and max(abs(a - b) for a, b in zip(c, want, strict=True)) <= ONE

    if kind in ("filled and stroked rect", "fill under a stroke"):
        # one path or two (an engine may draw the stroke as an outline of its own): one of
        # them carries the colour
        assert any(near(d.get("fill")) or near(d.get("color")) for d in drawings), (
            f"the {kind} at {where} mm prints {[hexof(d.get('fill') or d.get('color')) for d in drawings]}, "
            f"not {colour}"
        )
        return
    for d in drawings:
        got = d.get("fill") if kind == "small fill" else d.get("color")
        assert got is not None, (
            f"the {kind} at {where} has no {'fill' if kind == 'small fill' else 'stroke'}"
        )
        assert near(got), f"the {kind} at {where} mm prints {hexof(got)}, not {colour}"


def test_thin_strokes_keep_their_width(page):
    """A thin stroke drawn at another width reads as another colour on the printed card."""
    for kind, width, where in (("line", 0.15, PRIMITIVES[0][2]), ("rect", 0.2, PRIMITIVES[1][2])):
        [d] = drawn_at(page, where)
        assert d["width"] / MM == pytest.approx(width, abs=0.01), (
            f"the {kind} is {d['width'] / MM:.3f} mm wide"
        )


def test_text_prints_its_own_colour(page):
    word, colour = TEXT
    spans = [
        s for b in page.get_text("dict")["blocks"] for ln in b.get("lines", []) for s in ln["spans"]
    ]
    [span] = [s for s in spans if s["text"].strip() == word]
    got = pymupdf.sRGB_to_rgb(span["color"])
    assert max(abs(a - b * 255) for a, b in zip(got, rgb(colour), strict=True)) <= 1.5, (
        f"{word!r} prints #{span['color']:06x}, not {colour}"
    )


NAMES = ["red", "orange", "yellow", "green", "blue", "purple", "grey"]


@pytest.mark.parametrize("k", range(len(NAMES)), ids=NAMES)
def test_everyday_colour_names_print_in_their_own_hue(page, k):
    """docs/new-game.md: red, blue, green ... print in pnp's own shades for card stock. Each
    shade keeps its name's hue (within 25° of the CSS colour's) and grey stays grey."""
    import colorsys

    from PIL import ImageColor

    name = NAMES[k]
    [d] = [d for d in drawn_at(page, (5 + 7 * k, 82, 10 + 7 * k, 86)) if d.get("fill")]
    h, _, sat = colorsys.rgb_to_hls(*d["fill"])
    ch, _, _ = colorsys.rgb_to_hls(*(v / 255 for v in ImageColor.getrgb(name)))
    if name == "grey":
        assert sat < 0.05, f"grey prints {hexof(d['fill'])}"
        return
    turn = abs(h - ch) * 360
    assert min(turn, 360 - turn) < 25, (
        f"{name} prints {hexof(d['fill'])}, {min(turn, 360 - turn):.0f}° from {name}'s hue"
    )
