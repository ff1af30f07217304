"""On a shared sheet a family's identical items stand together (docs/printing.md): the outline
round each run of like items (one family, one printed size, so one way round) on a sheet is
counted, over every shipped game's shared sheets on both papers, with the reduced Earth Our Home,
together with the outlines that hold another family's items: none, as docs/printing.md states
(each run stands in one block a sheet). A packing that lets a family's items straddle another's
fails here. Each item's rectangle and so its size and way round are read from the printed sheet
(tests/printed_items.py); its family is the manifest's item at that place, which
tests/test_printed_items.py proves is where the PDF prints it."""

from __future__ import annotations

from collections import defaultdict

import pytest
from conftest import one_paper_each
from printed_items import printed_sheets
from test_shared_sheets import SHIPPED

TOL = 0.05  # mm: items that only touch an outline's edge are not within it
# docs/printing.md, "Shared sheets": none of the 149 runs' outlines holds another family's items
ENCLOSING, RUNS = 0, 149
GAMES = [*SHIPPED, ("earth-our-home", "reduced")]
PRINTS = one_paper_each([(g, v, p) for g, v in GAMES for p in ("a4", "letter")])
Box = tuple[float, float, float, float]


def box(it: dict) -> Box:
    return it["x_mm"], it["y_mm"], it["x_mm"] + it["w_mm"], it["y_mm"] + it["h_mm"]


def within(inner: Box, outline: Box) -> bool:
    """Whether `inner` reaches inside `outline` by more than TOL on both axes."""
    return (
        inner[0] < outline[2] - TOL
        and inner[2] > outline[0] + TOL
        and inner[1] < outline[3] - TOL
        and inner[3] > outline[1] + TOL
    )


def run_outlines(items: list[dict]) -> dict[tuple, Box]:
    """Each run of like items on a sheet (family, printed size) and the outline round them;
    sizes read from the page within TOL of one another are one size."""
    runs: dict[tuple, list[Box]] = defaultdict(list)
    for it in items:
        key = next(
            (
                k
                for k in runs
                if k[0] == it["component"]
                and abs(k[1] - it["w_mm"]) <= TOL
                and abs(k[2] - it["h_mm"]) <= TOL
            ),
            (it["component"], round(it["w_mm"], 2), round(it["h_mm"], 2)),
        )
        runs[key].append(box(it))
    return {
        k: (
            min(b[0] for b in bs),
            min(b[1] for b in bs),
            max(b[2] for b in bs),
            max(b[3] for b in bs),
        )
        for k, bs in runs.items()
    }


def enclosing(items: list[dict]) -> tuple[int, list[tuple]]:
    """The runs on one sheet, and those whose outline holds another family's item."""
    outlines = run_outlines(items)
    bad = [
        k
        for k, outline in outlines.items()
        if any(it["component"] != k[0] and within(box(it), outline) for it in items)
    ]
    return len(outlines), bad


def printed_runs(built) -> list[tuple[int, list[dict]]]:
    """(page, items) of each shared sheet as printed: the items' boxes read from the page, each
    with its family; a board's tiles left out (parts of one item, each its own size)."""
    out = []
    for n, _, _, found in printed_sheets(built):
        items = [
            {
                "component": it["component"],
                "x_mm": b[0],
                "y_mm": b[1],
                "w_mm": b[2] - b[0],
                "h_mm": b[3] - b[1],
            }
            for it, b in found
            if it is not None and not it.get("tile")
        ]
        unlisted = [b for it, b in found if it is None]
        assert not unlisted, (
            f"{built.pdf.name} page {n}: printed where the manifest lists no item: {unlisted[:3]}"
        )
        if len({it["component"] for it in items}) >= 2:
            out.append((n, items))
    return out


@pytest.mark.parametrize(("game", "variant", "paper"), PRINTS)
def test_no_run_holds_another_familys_items(built, game, variant, paper):
    """Each print on its own, one paper per game every day: no run's outline holds another
    family's items (docs/printing.md: none of them)."""
    b = built(game, paper, variant=variant)
    bad = [(n, k[0]) for n, items in printed_runs(b) for k in enclosing(items)[1]]
    assert not bad, f"{game} {variant} {paper}: runs hold another family's items: {bad}"


@pytest.mark.deep
def test_the_outline_of_a_run_holds_no_other_familys_items_on_the_count_stated(built):
    runs, bad = 0, []
    for game, variant in GAMES:
        for paper in ("a4", "letter"):
            b = built(game, paper, variant=variant)
            for n, items in printed_runs(b):
                count, found = enclosing(items)
                runs += count
                bad += [(game, variant, paper, n, k[0]) for k in found]
    assert runs == RUNS, f"{runs} runs of like items on shared sheets, docs/printing.md says {RUNS}"
    assert len(bad) <= ENCLOSING, f"{len(bad)} runs hold another family's items: {bad}"


def test_the_count_sees_a_family_straddling_another():
    """A run of three coins, two left of a card and one right of it, holds the card; a run
    beside the card does not."""
    coin = {"component": "coins", "w_mm": 20.0, "h_mm": 20.0}
    card = {"component": "cards", "x_mm": 30.0, "y_mm": 0.0, "w_mm": 60.0, "h_mm": 90.0}
    straddling = [
        {**coin, "x_mm": 0.0, "y_mm": 0.0},
        {**coin, "x_mm": 0.0, "y_mm": 25.0},
        {**coin, "x_mm": 95.0, "y_mm": 0.0},
        card,
    ]
    beside = [{**coin, "x_mm": 0.0, "y_mm": y} for y in (0.0, 25.0, 50.0)] + [card]
    assert enclosing(straddling) == (2, [("coins", 20.0, 20.0)])
    assert enclosing(beside) == (2, [])


@pytest.mark.parametrize(("game", "variant", "paper"), PRINTS)
def test_a_run_stands_one_way_round_on_every_shared_sheet(built, game, variant, paper):
    """A run of like items keeps one orientation on all its sheets, not only on each
    (docs/printing.md, "Family blocks"): no family printed both as w × h and as h × w."""
    sizes: dict[str, set] = defaultdict(set)
    for _, _, _, found in printed_sheets(built(game, paper, variant=variant)):
        for it, b in found:
            if it is not None and not it.get("tile"):
                sizes[it["component"]].add((round(b[2] - b[0], 1), round(b[3] - b[1], 1)))
    mixed = {f: s for f, s in sizes.items() if any(abs(w - h) > 0.5 and (h, w) in s for w, h in s)}
    assert not mixed, f"{game} {variant} {paper}: printed both upright and turned: {mixed}"
