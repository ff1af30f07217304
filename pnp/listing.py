"""`pnp list`: the built-in games with their variants; `pnp list GAME`: what a game prints.

The variants are where a game's other printings live (the reduced Earth Our Home is one), so
each is shown with its description and the command that builds it. For one game, the families
come from the same pipeline as the build (load, draw, impose), so the counts, stock and pages
shown are the ones the PDF will have; the print plan after them is the guide page's.
"""

from __future__ import annotations

from pnp.layout.guide import page_ranges
from pnp.layout.jobs import COLUMNS, print_jobs
from pnp.spec.game import GameSpec

__all__ = ["game_lines", "games_lines"]

DESCRIBED = 72  # characters of a variant's description on its line


def one_line(text: str, width: int = DESCRIBED) -> str:
    """A description on one line: white space joined, the first sentence, cut at a word."""
    text = " ".join(str(text).split())
    first = text.split(". ", 1)[0].rstrip(".")
    if len(first) <= width:
        return first
    return first[: width - 1].rsplit(" ", 1)[0] + "…"


def _players(spec: GameSpec) -> str:
    p = spec.players
    return f"{p.min}" if p.min == p.max else f"{p.min}-{p.max}"


def games_lines(games: dict) -> list[str]:
    """One line per built-in game, then one per variant with the command that builds it."""
    from pnp.spec.validate import validate
    from pnp.spec.yamlfile import display_path, read_yaml

    out = []
    for gid, folder in games.items():
        spec = validate(
            GameSpec, read_yaml(folder / "game.yaml"), file=display_path(folder / "game.yaml")
        )
        out.append(f"{gid:<18} {spec.title:<32} {_players(spec)} players")
        for name, variant in spec.variants.items():
            command = f"pnp build {gid} --variant {name}"
            out.append(f"  {command:<50} {one_line(variant.description) or '(no description)'}")
    return out


def game_lines(prep) -> list[str]:
    """A game's families as one paper prints them: kind, items, stock, pages; then the pages."""
    game, plan = prep.game, prep.plans[0]
    spec = game.spec
    title = spec.title + (f" (variant {game.variant})" if game.variant else "")
    out = [f"{title}: {game.id}, {_players(spec)} players, on {plan.paper.title}"]
    if spec.variants and not game.variant:
        out.append(
            "variants: "
            + "; ".join(f"{n} ({one_line(v.description, 48)})" for n, v in spec.variants.items())
        )
    kinds = {f.name: f.spec.kind for f in game.families}
    rows = [("family", "kind", "items", "stock", "sides", "pages")]
    for f in plan.families:
        sides = "folded" if f.folded else "two" if f.two_sided else "one"
        pages = f"{len(f.pages)} page{'s' if len(f.pages) != 1 else ''}" + (
            " (tiled)" if f.tiled else ""
        )
        if f.pages:
            pages += f": {page_ranges(f.pages)}"  # as the guide page lists them
        rows.append((f.family, kinds.get(f.family, ""), str(f.count), f.stock, sides, pages))
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    for r in rows:
        out.append("  ".join(c.ljust(w) for c, w in zip(r[:5], widths, strict=True)) + "  " + r[5])
    kinds_of_page: dict[str, int] = {}
    for page in plan.pages:
        kinds_of_page[page.kind] = kinds_of_page.get(page.kind, 0) + 1
    out.append(
        f"{len(plan.pages)} pages in all: "
        + ", ".join(f"{n} {k}" for k, n in kinds_of_page.items())
    )
    return out + plan_lines(plan)


def plan_lines(plan) -> list[str]:
    """The print plan, as the guide page gives it: each job's pages, stock, sides, sheets."""
    flip = "long" if plan.paper.duplex.flip == "long" else "short"
    rows = [tuple(c.lower() for c in COLUMNS)] + [j.row(flip) for j in print_jobs(plan.pages)]
    widths = [max(len(r[k]) for r in rows) for k in range(len(COLUMNS))]
    lines = ("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)
    return ["print jobs, in this order:"] + ["  " + line.rstrip() for line in lines]
