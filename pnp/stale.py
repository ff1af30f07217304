"""Which outputs in output/GAME are older than the game's own files.

Each command rewrites only its own part of the output folder (the PDFs of its papers and
modes, `preview/`, `cards/`, `tts/`, `cut/`, `cricut/`, `press/`), and keeps the rest. A cut
file exported today for a PDF built before the cards were edited, or a preview of last week's
cards, would be printed or shared without anyone noticing; so every command that writes there
names the outputs older than the newest file of the game, and the command that makes each
again.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["stale_note"]

MAX_FILES = 10_000  # files looked at, in the game folder and in an output folder: a budget
PARTS = {
    "preview": "pnp preview",
    "cards": "pnp export --cards",
    "tts": "pnp export --tts",
    "cut": "pnp export --cut",
    "cricut": "pnp export --cricut",
    "press": "pnp export --press",
}


def _newest(folder: Path, skip: set[Path]) -> tuple[float, Path | None]:
    """The newest file under `folder` (hidden entries and `skip` left out), within MAX_FILES
    entries looked at, without recursion (a shared game folder may nest thousands deep)."""
    best: tuple[float, Path | None] = (0.0, None)
    # each folder's real path is its parent's and its name (links are not followed): resolving
    # every folder again would cost time growing with the square of the depth
    seen, stack = 0, [(folder, folder.resolve())]
    while stack:
        here, real = stack.pop()
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue
        for e in entries:
            seen += 1
            if seen > MAX_FILES:
                return best
            if e.name.startswith("."):
                continue
            try:
                if e.is_dir(follow_symlinks=False):
                    if real / e.name not in skip:
                        stack.append((Path(e.path), real / e.name))
                    continue
                m = e.stat().st_mtime
            except OSError:
                continue
            if m > best[0]:
                best = (m, Path(e.path))
    return best


def stale_note(out_dir: Path, game, since: float) -> str | None:
    """One line naming the outputs in out_dir/GAME older than the game's newest file, leaving
    out what was written after `since` (this command's own files); None when all are current."""
    folder = out_dir / game.id
    try:
        if not folder.is_dir():
            return None
        skip = {out_dir.resolve(), (game.folder / "schema").resolve()}
        changed, newest = _newest(game.folder, skip)
        if newest is None:
            return None
        old: list[str] = []
        commands: list[str] = []
        for entry in sorted(folder.iterdir()):
            if entry.name.startswith("."):
                continue
            # a variant's TTS export has its own folder, tts-VARIANT (pnp/export/tts.py)
            part = "tts" if entry.name.startswith("tts-") else entry.name
            if entry.is_dir() and part in PARTS:
                made = _newest(entry, set())[0]
                command = PARTS[part] + (
                    f" --variant {entry.name[4:]}" if part != entry.name else ""
                )
                shown = entry.name + "/"
            elif entry.suffix == ".pdf":
                made = entry.stat().st_mtime
                command = "pnp build"
                shown = entry.name
            else:
                continue
            if since <= made or made >= changed or not made:
                continue
            old.append(shown)
            if command not in commands:
                commands.append(command)
    except OSError:
        return None
    if not old:
        return None
    name = newest.relative_to(game.folder).as_posix()
    return (
        f"in {folder}, older than {name} (changed since they were made): {', '.join(old)}; "
        f"to make them again: {', '.join(f'{c} {game.id}' for c in commands)} (with the options used then)"
    )
