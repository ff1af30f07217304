"""SVG art as Inkscape and Illustrator save it, read from the printed PDF: arcs, nested
transforms, style attributes and CSS classes draw where and in the colour the file says; a
gradient is refused with what to do; the untrusted-input limits hold."""

from __future__ import annotations

import pymupdf
import pytest
from conftest import build_a4, game_yaml

MM = 72 / 25.4
GAME = game_yaml("art")
CARDS = (
    "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\nbackground: white\nitems:\n  - {id: c1}\nfront:\n"
    "  - symbol: {name: inkscape, x: 31.5mm, y: 44mm, size: 40mm}\n"
)
# As Inkscape writes it: width/height in mm, a viewBox, a CSS class, a style attribute, a
# group transform, and a half-circle drawn with an arc.
INKSCAPE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     width="40mm" height="40mm" viewBox="0 0 100 100" version="1.1">
  <defs><style>.red{fill:#c01010;stroke:none}</style></defs>
  <g inkscape:label="Layer 1" transform="translate(50,0)">
    <rect class="red" x="0" y="0" width="50" height="25"/>
    <path style="fill:#1010c0;stroke:none" d="M -50,100 A 50,50 0 0 1 50,100 Z"/>
  </g>
</svg>
"""
RED, BLUE = (0.753, 0.063, 0.063), (0.063, 0.063, 0.753)


def near(a, b) -> bool:
    return a is not None and all(abs(x - y) < 0.01 for x, y in zip(a, b, strict=True))


def build(tmp_path, svg: str, capsys, engine: str = "reportlab"):
    folder = tmp_path / "g"
    (folder / "art").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(CARDS)
    (folder / "art" / "inkscape.svg").write_text(svg)
    code = build_a4(folder, tmp_path / "o", engine)
    return code, capsys.readouterr().err


def extent(page, colour) -> pymupdf.Rect:
    found = [pymupdf.Rect(d["rect"]) for d in page.get_drawings() if near(d.get("fill"), colour)]
    assert found, f"nothing drawn in {colour}"
    r = found[0]
    for f in found[1:]:
        r |= f
    return pymupdf.Rect(r.x0 / MM, r.y0 / MM, r.x1 / MM, r.y1 / MM)


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_inkscape_art_draws_where_the_file_says(tmp_path, capsys, engine):
    code, err = build(tmp_path, INKSCAPE, capsys, engine)
    assert code == 0, err
    with pymupdf.open(tmp_path / "o" / "art" / "art-a4.pdf") as doc:
        page = next(p for p in doc if any(near(d.get("fill"), RED) for d in p.get_drawings()))
        red, blue = extent(page, RED), extent(page, BLUE)
    # the 40 mm symbol box: 100 view-box units are 40 mm
    box_x0, box_y0 = blue.x0, blue.y1 - 40  # the arc's chord lies on the box's bottom edge
    assert (red.x0 - box_x0, red.y0 - box_y0) == pytest.approx((20, 0), abs=0.1), (
        "class style and group transform"
    )
    assert (red.width, red.height) == pytest.approx((20, 10), abs=0.1)
    assert (blue.width, blue.height) == pytest.approx((40, 20), abs=0.1), (
        "the arc is a half circle of radius 20 mm"
    )


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (
            '<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><rect width="9" height="9" fill="url(#g)"/>',
            "gradient",
        ),
        ('<image href="http://example.com/a.png" width="9" height="9"/>', "<image>"),
        ('<use href="other.svg#x"/>', "outside itself"),
        ('<rect width="9" height="9" style="fill:url(http://example.com/p)"/>', "outside itself"),
        ("<style>@import url(other.css);</style>", "@import"),
    ],
    ids=["gradient", "image", "use-outside", "url-outside", "css-import"],
)
def test_what_pnp_cannot_print_or_must_not_read_is_refused(tmp_path, capsys, body, says):
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{body}</svg>'
    code, err = build(tmp_path, svg, capsys)
    assert code == 2 and says in err and "cards.yaml:8" in err, err
    assert not (tmp_path / "o").exists()


def test_a_path_element_draws_arcs(tmp_path, capsys):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(
        CARDS.split("front:")[0]
        + 'front:\n  - path: {d: "M 10 50 A 20 20 0 0 1 50 50 Z", fill: "#c01010"}\n'
    )
    assert (
        build_a4(folder, tmp_path / "o") == 0
    )
    with pymupdf.open(tmp_path / "o" / "art" / "art-a4.pdf") as doc:
        page = next(p for p in doc if any(near(d.get("fill"), RED) for d in p.get_drawings()))
        half = extent(page, RED)
    assert (half.width, half.height) == pytest.approx((40, 20), abs=0.1)
