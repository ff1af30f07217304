"""`--only FAMILY[/ID]`: the part of a game to build, to check one family or one card quickly.

The game keeps everything else it prints around its items (backs, the calibration and guide
page); only its families and their items are narrowed. Each selector must name a family, and
an item of it, that exists: a typo is an error with did-you-mean, never an empty PDF.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Sequence

from pnp.errors import PnpError
from pnp.spec.model import Game

# a part of a game is written beside the whole one, never over it: '_' is in no game id, so
# this folder is never another game's (`GAME-only` could be)
ONLY_DIR = "_only"


def select(game: Game, only: Sequence[str]) -> Game:
    """The game with only the families (and items) the selectors name, in the game's order."""
    if not only:
        return game
    wanted: dict[str, set[str] | None] = {}
    names = [f.name for f in game.families]
    for sel in only:
        fam_name, _, item = sel.partition("/")
        if fam_name not in names:
            near = difflib.get_close_matches(fam_name, names, n=1, cutoff=0.5)
            raise PnpError(
                f"--only: no family '{fam_name}' in {game.id}", expected="one of: " + ", ".join(names),
                found=sel, hint=f"did you mean '{near[0]}'?" if near else None,
            )  # fmt: skip
        if not item:
            wanted[fam_name] = None
        elif wanted.get(fam_name, set()) is not None:
            wanted.setdefault(fam_name, set()).add(item)
    families = []
    for fam in game.families:
        if fam.name not in wanted:
            continue
        ids = wanted[fam.name]
        if ids is None:
            families.append(fam)
            continue
        items = [it for it in fam.items if it.id in ids]
        missing = ids - {it.id for it in items}
        if missing:
            known = sorted({it.id for it in fam.items})
            name = sorted(missing)[0]
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
            raise PnpError(
                f"--only: family '{fam.name}' has no item '{name}'",
                expected="one of: " + ", ".join(known[:20]) + (" ..." if len(known) > 20 else ""),
                found=f"{fam.name}/{name}", hint=f"did you mean '{fam.name}/{near[0]}'?" if near else None,
            )  # fmt: skip
        families.append(dataclasses.replace(fam, items=items))
    return dataclasses.replace(game, families=families)
