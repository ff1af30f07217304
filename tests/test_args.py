"""The argument model (pnp/kinds/args.py): every element's box, paint, text style and
attribute substitution, resolved in one place for every element kind."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.draw.fonts import FontBook
from pnp.errors import PnpError
from pnp.kinds import args
from pnp.kinds.args import FamilyArgs
from pnp.spec.elements import Element

W, H = 60.0, 90.0  # a face: shorter side 60 mm


def el(**shape):
    return Element.model_validate(shape).body


def family_args(palette=None):
    warned: list[str] = []
    ctx = SimpleNamespace(
        palette=palette or {}, fonts=FontBook(), warn=lambda fam, key, msg: warned.append(msg)
    )
    family = SimpleNamespace(name="cards", file="cards.yaml", data={})
    return FamilyArgs(family, ctx), warned


def test_box_percentages_are_of_the_face_width_and_height():
    b = args.box(el(rect={"x": "10%", "y": "10%", "w": "50%", "h": "20mm"}), W, H)
    assert tuple(b) == pytest.approx((6.0, 9.0, 30.0, 20.0))


def test_sizes_and_radii_are_of_the_shorter_side():
    assert args.radii(el(circle={"x": "0mm", "y": "0mm", "r": "10%"}), W, H) == pytest.approx(
        (6.0, 6.0)
    )
    assert args.radii(
        el(circle={"x": "0mm", "y": "0mm", "r": "10%", "ry": "5mm"}), W, H
    ) == pytest.approx((6.0, 5.0))
    sq = args.square(el(symbol={"name": "star", "x": "50%", "y": "50%", "size": "20%"}), W, H)
    assert tuple(sq) == pytest.approx((30 - 6, 45 - 6, 12.0, 12.0))


def test_line_ends_polygon_points_and_text_box():
    assert args.ends(el(line={"x1": "0mm", "y1": "100%", "x2": "100%", "y2": "0mm"}), W, H) == [
        (0.0, H),
        (W, 0.0),
    ]
    assert args.points(el(polygon={"points": [["0mm", "0mm"], ["50%", "50%"]]}), W, H) == [
        (0.0, 0.0),
        (30.0, 45.0),
    ]
    assert args.text_box(el(text={"text": "a"}), W, H) == (0.0, 0.0, W, None)
    assert args.text_box(el(text={"text": "a", "h": "10%"}), W, H)[3] == pytest.approx(9.0)


def test_paint_takes_colours_and_an_alpha_as_opacity():
    fa, warned = family_args({"team": "#ff000080"})
    st = fa.paint(
        el(
            rect={
                "w": "1mm",
                "h": "1mm",
                "fill": "{c}",
                "stroke": "#000080",
                "stroke_width": "0.5mm",
                "opacity": 0.5,
            }
        ),
        {"c": "team"},
        0,
        "front",
    )
    assert (st.fill, st.stroke, st.stroke_width) == ("#ff0000", "#000080", 0.5)
    assert st.opacity == pytest.approx(0.5 * 128 / 255, abs=1e-3)
    assert not warned


def test_text_colour_alpha_warns_and_line_ends_are_round():
    fa, warned = family_args()
    st = fa.text_style(
        el(text={"text": "a", "colour": "#00ff0080", "size": "10pt", "align": "left"}),
        {},
        3,
        "front",
    )
    assert (st.colour, st.font, st.align, st.valign, st.fit) == (
        "#00ff00",
        "regular",
        "left",
        "middle",
        "wrap",
    )
    assert st.size == pytest.approx(10 * 25.4 / 72)
    assert len(warned) == 1 and "front[3]" in warned[0] and "alpha" in warned[0]
    line = fa.line_paint(
        el(line={"x1": "0mm", "y1": "0mm", "x2": "1mm", "y2": "1mm", "stroke": "#ff0000"}),
        {},
        0,
        "front",
    )
    assert (line.fill, line.stroke, line.cap) == (None, "#ff0000", "round")


def test_text_substitution_and_its_errors_name_the_element():
    fa, _ = family_args()
    assert fa.text("{rank} of {suit}", {"rank": "A", "suit": "hearts"}, 0, "front") == "A of hearts"
    with pytest.raises(PnpError) as exc:
        fa.text("{rnak}", {"rank": "A"}, 2, "back")
    assert exc.value.key == "back[2]" and "rnak" in str(exc.value)
    with pytest.raises(PnpError) as exc:
        fa.text_style(el(text={"text": "a", "font": "fancy"}), {}, 1, "front")
    assert exc.value.key == "front[1]" and "unknown font" in str(exc.value)


def test_an_element_names_its_attributes():
    assert Element.model_validate(
        {"text": {"text": "{rank} of {suit}", "colour": "{ink}"}}
    ).attribute_names == ("ink", "rank", "suit")
    assert Element.model_validate({"rect": {"w": "1mm", "h": "1mm"}}).attribute_names == ()
    assert Element.model_validate({"text": {"text": "a { b"}}).attribute_names is None


def test_an_element_is_drawn_once_per_value_of_the_attributes_it_names(monkeypatch):
    """The drawings kept per element (kinds/template.py): 40 items in two tones draw the
    tone's rect twice and the fixed rect once; each item still gets its own tone."""
    from pnp.kinds.template import TemplateRenderer

    fa, _ = family_args()
    ctx = fa.ctx
    ctx.art_folders = lambda family: []
    draw = TemplateRenderer(fa.family, ctx)
    elements = [
        Element.model_validate({"rect": {"w": "10mm", "h": "10mm", "fill": "{tone}"}}),
        Element.model_validate({"rect": {"w": "5mm", "h": "5mm", "fill": "#000000"}}),
    ]
    calls = []
    real = TemplateRenderer._rect
    monkeypatch.setattr(
        TemplateRenderer, "_rect", lambda self, e, *a: calls.append(e) or real(self, e, *a)
    )
    fills = []
    for i in range(40):
        tone = "#ff0000" if i % 2 else "#0000ff"
        fills.append([p.style.fill for p in draw.render(elements, W, H, {"tone": tone})])
    assert len(calls) == 3
    assert fills[0] == ["#0000ff", "#000000"] and fills[1] == ["#ff0000", "#000000"]


def test_template_resolves_no_argument_itself():
    """template.py maps resolved arguments to primitives: lengths, colours, paint and {attr} are
    read only through pnp/kinds/args.py."""
    src = Path(args.__file__).with_name("template.py").read_text()
    imported = {
        alias.name
        for node in ast.walk(ast.parse(src))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert not imported & {"resolve", "resolve_colour", "colour_alpha", "fill", "locate", "Style"}
    assert "args" in imported and "FamilyArgs" in imported
