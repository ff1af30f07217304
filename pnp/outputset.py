"""A game's output folder replaced as a whole, by one rename, or not at all.

`OUT/GAME` is a symlink to a hidden folder beside it (`OUT/.pnp-GAME.PID.XXXX`) that holds
the whole set: PDFs, manifests, SVG page folders, and what other commands wrote there
(previews, cut files). A run writes its files into a new hidden folder, links in
everything of the current set it does not replace, then points `OUT/GAME` at the new folder
with one rename of a symlink, which is atomic: a reader, or a kill at any moment, sees
either the old set or the new one. Hidden folders that no run owns any more (a killed run's
staging, a replaced set) are removed by the next run for the same game.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError

# Fault injection for tests: PNP_FAULT=before-switch ends the process (as a kill would)
# after the new set is complete and just before the switch.
FAULT_ENV = "PNP_FAULT"


def _prefix(game_id: str) -> str:
    # '.' cannot appear in a game id, so one game's prefix never matches another's
    return f".pnp-{game_id}."


def current(out_dir: Path, game_id: str) -> Path | None:
    """The folder the set lives in now: the link's target, or a plain folder from older runs."""
    link = out_dir / game_id
    if link.is_symlink():
        target = out_dir / os.readlink(link)
        return target if target.is_dir() else None
    return link if link.is_dir() else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def clean_stale(out_dir: Path, game_id: str) -> None:
    """Remove this game's hidden folders that are neither the current set nor a live run's."""
    live = current(out_dir, game_id)
    for p in out_dir.glob(_prefix(game_id) + "*"):
        if live is not None and p.resolve() == live.resolve():
            continue
        parts = p.name[len(_prefix(game_id)):].split(".")
        pid = int(parts[0]) if parts and parts[0].isdigit() else 0
        if pid and pid != os.getpid() and _alive(pid):
            continue  # another run, still writing
        if p.is_symlink() or p.is_file():
            p.unlink(missing_ok=True)
        else:
            shutil.rmtree(p, ignore_errors=True)


def _carry(src: Path, dst: Path) -> None:
    """Put `src` (a file or folder of the current set) at `dst`: hard links, else copies."""
    if src.is_dir() and not src.is_symlink():
        shutil.copytree(src, dst, symlinks=True, copy_function=_link_or_copy)
    else:
        _link_or_copy(src, dst)


def _link_or_copy(src, dst) -> None:
    try:
        os.link(src, dst, follow_symlinks=False)
    except OSError:
        shutil.copy2(src, dst, follow_symlinks=False)


def carry_sub(stage: Path, out_dir: Path, game_id: str, sub: str, replaced) -> Path:
    """stage/sub, holding the current set's sub/ entries whose names `replaced` does not claim
    (a preview of one family keeps the others')."""
    dst = stage / sub
    dst.mkdir(parents=True, exist_ok=True)
    old = current(out_dir, game_id)
    if old is not None and (old / sub).is_dir():
        for entry in (old / sub).iterdir():
            if not replaced(entry.name):
                _carry(entry, dst / entry.name)
    return dst


@contextmanager
def output_set(out_dir: Path, game_id: str) -> Iterator[Path]:
    """A staging folder to write the new files into; on success the whole set is switched.

    Entries written into the staging folder replace those of the same name in the current
    set; the current set's other entries are kept (linked into the new set).
    """
    link = out_dir / game_id
    if link.exists() and not link.is_dir():
        raise PnpError("cannot write the output folder", found=f"{link} is not a folder")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        clean_stale(out_dir, game_id)
        staging = Path(tempfile.mkdtemp(prefix=f"{_prefix(game_id)}{os.getpid()}.", dir=out_dir))
    except OSError as exc:
        raise PnpError("cannot write the output folder", found=f"{out_dir}: {exc.strerror}") from None
    try:
        yield staging
        old = current(out_dir, game_id)
        if old is not None:
            for entry in old.iterdir():
                if not entry.name.startswith(".pnp-") and not (staging / entry.name).exists():
                    _carry(entry, staging / entry.name)
        if os.environ.get(FAULT_ENV) == "before-switch":
            os._exit(137)
        _switch(out_dir, game_id, staging, old)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    clean_stale(out_dir, game_id)


def _switch(out_dir: Path, game_id: str, staging: Path, old: Path | None) -> None:
    link = out_dir / game_id
    tmp_link = staging.with_name(staging.name + ".link")
    try:
        tmp_link.symlink_to(staging.name, target_is_directory=True)
        if old is not None and not link.is_symlink():
            # a plain folder from an older pnp: moved aside first (the one time two renames)
            os.replace(link, staging.with_name(staging.name + ".old"))
        os.replace(tmp_link, link)
    except OSError as exc:
        tmp_link.unlink(missing_ok=True)
        raise PnpError("cannot write the output folder", found=f"{link}: {exc.strerror}") from None
