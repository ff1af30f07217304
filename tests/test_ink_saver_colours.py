"""Ink-saver keeps the game playable, read from the drawing: each filled shape of every face is
paired with the same shape in the normal build (the ink-saver rewrites shapes in place), so
what a player colour became is read per primitive.

- Every pair of player colours told apart in the normal build (CIEDE2000 ≥ 10, for normal or
  for deuteranope eyes) is told apart in the ink-saver build, and each stays apart from paper
  white (a yellow piece must not pass for a white coin); a black area lightened to white keeps
  a hatching in its colour instead.
- Art that stood out from its ground (ΔE00 ≥ 20: white icons on a yellow screen) and no longer
  does on the lightened ground keeps an outline that does stand out.

The threshold and its sources are in docs/printing.md; the colour science is checked here
against the published CIEDE2000 test data (Sharma, Wu & Dalal 2005).
"""

from __future__ import annotations

import pytest
import yaml
from conftest import game_yaml

from pnp.draw.colourdiff import de2000, difference, lab
from pnp.draw.primitives import IDENTITY, Ellipse, Group, Path, Rect, Use, apply, multiply
from pnp.pipeline import prepare
from pnp.spec.load import builtin_games, find_game, load_game

THRESHOLD = 10.0  # ΔE00, docs/printing.md
ART = 20.0  # ΔE00 a line or an icon keeps from its ground
WHITE = "#ffffff"


def test_ciede2000_matches_the_published_test_data():
    # Sharma, Wu & Dalal (2005), table 1: pairs 1, 7, 13 and 34
    assert de2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert de2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert de2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert de2000((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) == pytest.approx(
        0.9082, abs=1e-4
    )
    # a deuteranope sees red and green alike, as Machado et al. (2009) simulate it
    assert de2000(lab("#d62828"), lab("#2a9d3a")) > 60
    assert de2000(lab("#d62828", True), lab("#2a9d3a", True)) < 8


def _box(shape, m) -> tuple[float, float, float, float]:
    if type(shape) is Rect:
        pts = [(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)]
    elif type(shape) is Ellipse:
        pts = [
            (shape.cx - shape.rx, shape.cy - shape.ry),
            (shape.cx + shape.rx, shape.cy + shape.ry),
        ]
    else:
        pts = [(op[-2], op[-1]) for op in shape.ops if op[0] != "Z"] or [(0.0, 0.0)]
    x0, y0, x1, y1 = (
        min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts),
    )  # fmt: skip
    corners = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def paired_fills(normal, saver, symbols, m=IDENTITY, out=None) -> list[dict]:
    """The filled shapes of one drawing in painting order, each with its normal colour and
    what the ink-saver drew: fill, stroke, whether it is hatched, and its box on the face."""
    out = [] if out is None else out
    if isinstance(normal, (list, tuple)):
        for a, b in zip(normal, saver, strict=True):
            paired_fills(a, b, symbols, m, out)
    elif type(normal) is Group:
        inner = multiply(m, normal.transform)
        paired_fills(normal.children, saver.children, symbols, inner, out)
    elif type(normal) is Use and normal.symbol in symbols:
        inner = multiply(m, normal.transform)
        paired_fills(
            symbols[normal.symbol].children, symbols[saver.symbol].children, symbols, inner, out
        )
    elif type(normal) in (Rect, Ellipse, Path) and normal.style.fill:
        hatched = type(saver) is Group  # a lightened black area: the shape, then its hatching
        shape = saver.children[0] if hatched else saver
        out.append(
            {
                "was": normal.style.fill,
                "fill": shape.style.fill,
                "stroke": shape.style.stroke,
                "hatched": hatched,
                "box": _box(normal, m),
            }
        )
    return out


def game_fills(game_id: str) -> tuple[list[list[dict]], list[str]]:
    """Every face side's paired fills, and the game's player colours."""
    game = load_game(game_id)
    normal = prepare(game, legibility=False)
    saver = prepare(load_game(game_id), legibility=False, ink_saver=True)
    sides = []
    for fam in game.families:
        for a, b in zip(normal.faces[fam.name], saver.faces[fam.name], strict=True):
            sides.append(paired_fills(a.front, b.front, saver.ctx.symbols))
            if a.back is not None:
                sides.append(paired_fills(a.back, b.back, saver.ctx.symbols))
    return sides, [c.hex.lower() for c in game.spec.player_colours]


def _apart(a: str, b: str, was_a: str, was_b: str) -> list[str]:
    """The visions in which a and b fall under the threshold though was_a and was_b were not."""
    return [
        vision
        for vision, d in (("normal", False), ("deuteranope", True))
        if de2000(lab(was_a, d), lab(was_b, d)) >= THRESHOLD
        and de2000(lab(a, d), lab(b, d)) < THRESHOLD
    ]


# the games whose game.yaml names player colours (read as YAML: collecting loads no game)
PLAYER_GAMES = sorted(
    g
    for g in builtin_games()
    if yaml.safe_load((find_game(g) / "game.yaml").read_text(encoding="utf-8")).get("player_colours")
)


@pytest.mark.parametrize("game", PLAYER_GAMES)
def test_player_colours_stay_told_apart_and_white_art_keeps_an_outline(game):
    sides, players = game_fills(game)
    became: dict[str, set[str]] = {p: set() for p in players}
    for fills in sides:
        for f in fills:
            if f["was"].lower() in became and not f["hatched"]:
                became[f["was"].lower()].add(f["fill"].lower())
    assert any(became.values()), "the player colours are drawn"
    bad = []
    for i, p in enumerate(players):
        for q in [*players[i + 1 :], WHITE]:
            for a in became[p]:
                for b in became.get(q, {WHITE}):
                    for vision in _apart(a, b, p, q):
                        bad.append(f"{p}->{a} vs {q}->{b} ({vision})")
    assert not bad, f"{game}: {bad[:5]}"
    # art on a lightened ground: an outline that stands out where the art no longer does
    lost = []
    for fills in sides:
        for n, art in enumerate(fills):
            x0, y0, x1, y1 = art["box"]
            ground = next(
                (
                    g
                    for g in reversed(fills[:n])
                    if g["box"][0] <= x0 and g["box"][1] <= y0 and x1 <= g["box"][2] and y1 <= g["box"][3]
                    and (g["box"][2] - g["box"][0]) * (g["box"][3] - g["box"][1]) >= 4 * (x1 - x0) * (y1 - y0)
                ),
                None,
            )  # fmt: skip
            if (
                ground is None
                or ground["fill"] == ground["was"]
                or difference(art["was"], ground["was"]) < ART
                or difference(art["fill"], ground["fill"]) >= ART
            ):
                continue
            if not art["stroke"] or difference(art["stroke"], ground["fill"]) < THRESHOLD:
                lost.append((art["was"], ground["was"], ground["fill"], art["stroke"]))
    assert not lost, f"{game}: art lost on its lightened ground: {lost[:5]}"


SCREEN_GAME = game_yaml("screens", "screens.yaml")
SCREENS = """\
family: screens
kind: card
size: {w: 120mm, h: 80mm}
items: [{id: s1}, {id: s2}]
front:
  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: "#f2c31a"}
  - circle: {x: 60mm, y: 40mm, r: 15mm, fill: white}
  - rect: {x: 10mm, y: 10mm, w: 30mm, h: 60mm, stroke: white, stroke_width: 0.8mm}
"""


def test_white_art_on_a_yellow_area_keeps_an_outline(tmp_path):
    """A yellow area with a white disc and a white frame: lightened, the disc gets an outline
    and the frame a colour that stand out from the light yellow."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text(SCREEN_GAME, encoding="utf-8")
    (folder / "screens.yaml").write_text(SCREENS, encoding="utf-8")
    saver = prepare(load_game(str(folder)), legibility=False, ink_saver=True)
    face = saver.faces["screens"][0]
    # the card's paper, the drawing's three shapes, the card's cut outline
    _paper, ground, disc, frame, _cut = _flat(face.front, saver.ctx.symbols)
    assert ground.style.fill != "#f2c31a" and difference(ground.style.fill, WHITE) < 20
    assert disc.style.fill == WHITE and difference(disc.style.stroke, ground.style.fill) >= 10
    assert difference(frame.style.stroke, ground.style.fill) >= 10


def _flat(prim, symbols):
    if isinstance(prim, (list, tuple)):
        for c in prim:
            yield from _flat(c, symbols)
    elif type(prim) is Group:
        yield from _flat(prim.children, symbols)
    elif type(prim) is Use:
        yield from _flat(symbols[prim.symbol].children, symbols)
    elif type(prim) in (Rect, Ellipse, Path):
        yield prim


# -- the colours the rules name, read from the printed pages ----------------------------------

# each a set of colours the rules tell apart by name (game.yaml's palette names): Earthquake's
# five building materials ("5 blue 4 red 3 orange 2 yellow 1 green") and the city's four
# quadrants ("Red - Southeast ... Blue - Northeast ... Yellow - Northwest ... Green - Southwest")
NAMED = {
    "earthquake": [["m-blue", "m-red", "m-orange", "m-yellow", "m-green"],
                   ["q-red", "q-blue", "q-yellow", "q-green"]],
}  # fmt: skip


def _pdf_fills(pdf) -> dict[tuple, list[tuple[str, tuple]]]:
    """Each item page's filled shapes, as (#rrggbb, box rounded to 0.1 pt), keyed by what the
    manifest says the page holds (so the two builds' pages pair up whatever their numbers)."""
    import json

    import pymupdf

    pages = json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8"))["pages"]
    out = {}
    for page, entry in zip(pymupdf.open(pdf), pages, strict=True):
        if not entry["items"]:
            continue
        key = (entry["kind"], tuple((i["id"], i["side"], i["x_mm"], i["y_mm"]) for i in entry["items"]))
        fills = []
        for d in page.get_drawings():
            c = d.get("fill")
            if c is None:
                continue
            c = tuple(c) * 3 if len(c) == 1 else tuple(c)
            r = d["rect"]
            fills.append(("#" + "".join(f"{round(v * 255):02x}" for v in c[:3]),
                          (round(r.x0, 1), round(r.y0, 1), round(r.x1, 1), round(r.y1, 1))))  # fmt: skip
        out[key] = fills
    return out


@pytest.mark.parametrize("game", sorted(NAMED))
def test_the_colours_the_rules_name_stay_told_apart_on_the_printed_page(tmp_path, game, built):
    """Each fill of a named colour on the normal A4 build is found, at the same place, on the
    ink-saver build: what it became is told apart (ΔE00 ≥ 10, normal and deuteranope eyes,
    wherever the full colours were) from what the others of its set became, and from paper."""
    import pnp

    palette = load_game(game).spec.palette
    saver = pnp.build(game, "a4", out_dir=tmp_path, ink_saver=True)[0].pdf
    normal, lightened = _pdf_fills(built(game, "a4").pdf), _pdf_fills(saver)
    assert set(normal) == set(lightened), "the two builds place the same items"
    for names in NAMED[game]:
        want = {palette[n].lower(): n for n in names}
        became: dict[str, set[str]] = {c: set() for c in want}
        for key, fills in normal.items():
            at = {box: fill for fill, box in lightened[key]}
            for fill, box in fills:
                if fill in want and box in at:
                    became[fill].add(at[box])
        assert all(became.values()), f"{game}: a named colour not found on the page: {became}"
        bad = []
        for i, p in enumerate(want):
            for q in [*list(want)[i + 1 :], WHITE]:
                for a in became[p]:
                    for b in became.get(q, {WHITE}):
                        bad += [f"{want[p]} {p}->{a} vs {want.get(q, 'paper')} {q}->{b} ({v})"
                                for v in _apart(a, b, p, q)]  # fmt: skip
        assert not bad, f"{game}: {len(bad)} pairs no longer told apart: {bad[:6]}"
