"""No build prints sheets that are mostly empty, read from what each build printed: of every
stock (card, paper), at most one sheet is under a quarter used (docs/performance.md's target,
"at most one sheet of each stock under 25 % used"), on every shipped game, on both papers.

A sheet is a page with fronts on it (a back prints on its front's sheet); its use is the area of
its fronts' trim boxes over the printable area (the page less the paper's margin all round).
"""

from __future__ import annotations

from pathlib import Path

import pytest

QUARTER = 0.25  # docs/performance.md: at most one sheet of each stock under 25 % used
COMPONENTS = Path(__file__).resolve().parent.parent / "components"
GAMES = [(d.name, None) for d in sorted(COMPONENTS.iterdir()) if (d / "game.yaml").is_file()]
GAMES.append(("earth-our-home", "reduced"))


def sheet_use(manifest: dict) -> list[tuple[int, str, float]]:
    """(page, stock, share of the printable area its fronts take) of each sheet."""
    m = manifest["printable_margin_mm"]
    out = []
    for page in manifest["pages"]:
        fronts = [i for i in page["items"] if i["side"] == "front"]
        if page["kind"] not in ("sheet", "tile", "fold") or not fronts:
            continue
        w, h = page["size_mm"]
        used = sum(i["w_mm"] * i["h_mm"] for i in fronts) / ((w - 2 * m) * (h - 2 * m))
        out.append((page["number"], fronts[0]["stock"], used))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "variant"), GAMES)
def test_at_most_one_sheet_of_a_stock_is_mostly_empty(built, game, variant, paper):
    sheets = sheet_use(built(game, paper, variant=variant).manifest)
    assert sheets
    for stock in ("card", "paper"):
        low = [(n, f"{u:.0%}") for n, s, u in sheets if s == stock and u < QUARTER]
        assert len(low) <= 1, f"{game} {paper}: {stock} sheets under a quarter used: {low}"
