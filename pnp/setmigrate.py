"""An older version's output set made a plain folder.

Older versions kept a game's set in a hidden folder beside it (`OUT/.pnp-GAME.XXXX`) and made
`OUT/GAME` a symbolic link to it. The link is replaced by the folder itself, renamed into its
place; a marker file inside says a rename is under way, so a run killed between removing the
link and the rename is finished by the next one.
"""

from __future__ import annotations

import os
from pathlib import Path

MIGRATING = ".pnp-migrating"  # in an older version's hidden set folder being made the plain folder


def old_style_target(out_dir: Path, game_id: str, prefix: str) -> Path | None:
    """An older version's `OUT/GAME` link: the hidden folder beside it that it names (a name
    starting with `prefix`, one component), or None."""
    link = out_dir / game_id
    try:
        name = os.readlink(link)
    except OSError:
        return None
    if os.sep in name or "/" in name or not name.startswith(prefix):
        return None
    target = out_dir / name
    return target if target.is_dir() and not target.is_symlink() else None


def make_plain(out_dir: Path, game_id: str, prefix: str, hidden: list[Path]) -> None:
    """`OUT/GAME` a plain folder again: an older version's link replaced by the folder it names,
    a dangling one removed, a rename a killed run left half done finished (`hidden`: the
    game's hidden folders beside it)."""
    dest = out_dir / game_id
    if dest.is_symlink():
        target = old_style_target(out_dir, game_id, prefix)
        if target is not None:
            (target / MIGRATING).touch()
            dest.unlink()
            os.replace(target, dest)
            (dest / MIGRATING).unlink(missing_ok=True)
        elif not dest.exists():  # dangling: it named a folder that is gone
            dest.unlink()
    if not os.path.lexists(dest):
        for p in hidden:
            if (p / MIGRATING).is_file() and not p.is_symlink():
                os.replace(p, dest)
                (dest / MIGRATING).unlink(missing_ok=True)
                break
