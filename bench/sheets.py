"""Paper economy: the sheets every shipped game prints on, against the least it could. Not a test.

    .venv/bin/python bench/sheets.py           # the table, as in docs/performance.md
    .venv/bin/python bench/sheets.py --ink     # and the ink each game's pages take

A sheet holds components when a front is on it (the guide, calibration, assembly maps and back
pages are left out: a back is printed on the same sheet as its front). The lower bound is each
stock's printed area (a tiled board counted once, at its own size) over one sheet's printable
area, rounded up separately for paper and card stock. The target: at most
ceil(1.15 × lower bound) sheets per stock, and at most one sheet of each stock under 25 % used.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.pipeline import Load, prepare  # noqa: E402

GAMES = [
    ("aftershock", None),
    ("earth-our-home", None),
    ("earth-our-home", "reduced"),
    ("earthquake", None),
    ("global-warming", None),
    ("greenway", None),
    ("piecepack", None),
]
PAPERS = ("a4", "letter")


def economy(plan) -> dict[str, dict]:
    """Per stock: sheets holding components, the lower bound, and the sheets under 25 % used."""
    paper = plan.paper
    m = paper.margin
    printable = (paper.size.w - 2 * m) * (paper.size.h - 2 * m)
    out: dict[str, dict] = {}
    boards: dict[tuple, tuple[float, str]] = {}
    for page in plan.pages:
        fronts = [p for p in page.items if p.side == "front"]
        if page.kind in ("guide", "calibration", "assembly", "backs") or not fronts:
            continue
        stock = fronts[0].ref.stock
        row = out.setdefault(stock, {"sheets": 0, "area": 0.0, "low": 0})
        row["sheets"] += 1
        used = sum(p.w * p.h for p in fronts)
        row["low"] += used / printable < 0.25
        for p in fronts:
            if p.tile is not None:
                boards[(p.ref.family, p.ref.id)] = (p.ref.w * p.ref.h, p.ref.stock)
            else:
                row["area"] += p.w * p.h
    for area, stock in boards.values():
        out[stock]["area"] += area
    for row in out.values():
        row["bound"] = math.ceil(row["area"] / printable - 1e-9)
        row["target"] = math.ceil(1.15 * row["bound"] - 1e-9)
    return out


def ink(prep, plan) -> float:
    """The plan's ink in solid-black page equivalents (pnp.engines.coverage)."""
    from pnp.engines.coverage import CoverageMeter
    from pnp.layout.compose import compose

    meter = CoverageMeter(prep.ctx.fonts, prep.ctx.symbols)
    total = 0.0
    for page in plan.pages:
        total += meter.coverage(page.w, page.h, compose(page, prep.faces))
        prep.faces.page_done()
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ink", action="store_true", help="also measure each game's ink (slower)")
    args = ap.parse_args(argv)
    head = "| game | paper | paper sheets / bound (target) | card sheets / bound (target) | under 25 % | meets |"
    print(head + (" ink (black pages) |" if args.ink else ""))
    print("|" + "---|" * (head.count("|") - 1 + args.ink))
    failed = 0
    for game, variant in GAMES:
        prep = prepare(game, PAPERS, load_opts=Load(variant=variant), legibility=False)
        for paper, plan in zip(PAPERS, prep.plans, strict=True):
            eco = economy(plan)
            cells, ok, under = [], True, []
            for stock in ("paper", "card"):
                row = eco.get(stock)
                if row is None:
                    cells.append("–")
                    continue
                cells.append(f"{row['sheets']} / {row['bound']} ({row['target']})")
                ok &= row["sheets"] <= row["target"] and row["low"] <= 1
                under.append(f"{row['low']} {stock}")
            failed += not ok
            name = game + (f" ({variant})" if variant else "")
            line = f"| {name} | {paper} | {cells[0]} | {cells[1]} | {', '.join(under)} | {'yes' if ok else 'NO'} |"
            if args.ink:
                line += f" {ink(prep, plan):.2f} |"
            print(line, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
