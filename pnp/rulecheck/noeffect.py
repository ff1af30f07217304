"""What a user wrote that draws nothing: a `when:` or `unless:` that matches no item.

After a rename (a city, a suit) a condition can silently stop matching; each such one is a
warning at its file and line, with the values the family's items do have.
"""

from __future__ import annotations

import difflib

from pnp.spec.model import Family, Game, matches
from pnp.spec.yamlfile import locate

SIDES = ("front", "back")


def unmatched_conditions(game: Game) -> list[str]:
    """A condition on a game option (set by a variant or --players), or on seat colours, is a
    switch, not a typo: it is left alone; any other that matches none of the family's items is a warning."""
    switches = set(game.spec.options) | {"players"}
    for variant in game.spec.variants.values():
        switches |= set(variant.options)
    # a seat's colour left out by --players: the condition is right for a fuller table
    seats = {str(pc.name) for pc in game.spec.player_colours}
    out: list[str] = []
    for fam in game.families:
        if not fam.items:
            continue
        for side in SIDES:
            elements = getattr(fam.spec, side, None)
            if not isinstance(elements, list):
                continue
            for n, el in enumerate(elements):
                for key in ("when", "unless"):
                    cond = getattr(el, key, None)
                    if not cond or set(cond) & switches or _all_seats(cond, seats):
                        continue
                    if not any(matches(cond, it.attrs) for it in fam.items):
                        out.append(_warning(fam, side, n, key, cond))
    return out


def _all_seats(cond: dict, seats: set[str]) -> bool:
    values = [
        str(v) for want in cond.values() for v in (want if isinstance(want, list) else [want])
    ]
    return bool(seats) and all(v in seats for v in values)


def _warning(fam: Family, side: str, n: int, key: str, cond: dict) -> str:
    file, line = locate(fam.data, (side, n, key))
    effect = "draws nothing" if key == "when" else "skips nothing"
    hints = []
    for attr, want in cond.items():
        have = sorted({str(it.attrs[attr]) for it in fam.items if attr in it.attrs})
        if not have:
            near = difflib.get_close_matches(
                attr, sorted({a for it in fam.items for a in it.attrs}), n=1
            )
            hints.append(
                f"no item has '{attr}'" + (f" (did you mean '{near[0]}'?)" if near else "")
            )
            continue
        for value in want if isinstance(want, list) else [want]:
            if str(value) not in have:
                near = difflib.get_close_matches(str(value), have, n=1)
                shown = ", ".join(have[:8]) + (" ..." if len(have) > 8 else "")
                hints.append(
                    f"{attr} '{value}': "
                    + (f"did you mean '{near[0]}'?" if near else f"the items have {shown}")
                )
    where = f"{file or fam.file}:{line or 1}"
    detail = ("; " + "; ".join(hints)) if hints else ""
    return (
        f"{where}: family '{fam.name}' {side}[{n}]: {key}: matches no item, so it {effect}{detail}"
    )
