"""A game's output folder, a plain folder, replaced as a set or not at all.

`OUT/GAME` is an ordinary folder (permissions from the umask) holding the set: PDFs,
manifests, SVG page folders, and what other commands wrote there (previews, cut files). A run
writes its files into a staging folder beside it (`OUT/.pnp-GAME.PID.XXXX`). Once every file
is written, a journal naming the entries to move is written into the staging folder: from
then on the run is committed. The switch then (A) moves the entries it replaces out of
`OUT/GAME` into a trash folder beside it, (B) moves back into the staged sub-folders what
another command wrote there and this run keeps (`carry_sub`), (C) renames each staged entry
into `OUT/GAME`. Only renames within one folder: no symlink, no hard link, no copy.

A kill at any moment leaves the previous set (before the journal) or, once the journal is
written, a set that the next run for the same game (any command) completes from the journal
before it does anything else. Between (A) and (C) a replaced file is missing rather than
old, so old and new files of the same names are never side by side. A lock beside the folder
keeps two runs from switching at once (pnp.setlock), and a Ctrl-C during the renames waits for
them to end (pnp.interrupts); folders that no live run owns are removed.

A game folder from elsewhere may ship an `output/` holding a staging folder and journal of its
own making: a journal is followed only when it is well formed and was written by this user on
this machine (pnp.journal), and its names never lead out of the output folder. Anything else is
refused, naming the hidden folder; nothing is deleted.

Output folders from older versions (`OUT/GAME` a symlink to a hidden `OUT/.pnp-GAME.*`
folder beside it) become plain folders (pnp.setmigrate). Any other link in the output path is
refused: it was planted (a shared game folder holding `output` or `output/GAME` as a link to a
private folder) and following it would write there, or bring its files into the output.

A run's replacement of the set is a Switch: its staging folder (a Stage, the Path output_set
gives), what carry_sub keeps, and whether it has committed.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from pnp import interrupts
from pnp import journal as jn
from pnp.errors import PnpError
from pnp.journal import JOURNAL
from pnp.setlock import held
from pnp.setmigrate import make_plain, old_style_target

LOCK_WAIT_S = 60.0
SWITCHED = "the new files were already in place"  # a Ctrl-C that came during the switch

# Tests set this to stop the process at a point of the switch ("before-switch": every file
# staged, nothing committed; "mid-switch": committed, half the entries moved), as a kill would.
fault: Callable[[str], None] | None = None


def _prefix(game_id: str) -> str:
    # '.' cannot appear in a game id, so one game's prefix never matches another's
    return f".pnp-{game_id}."


def _refuse(path: Path, why: str, found: str | None = None) -> PnpError:
    return PnpError(
        "cannot write the output folder",
        key=why,
        expected="plain folders on the output path (a link could lead anywhere: give the folder itself with --out)",
        found=found or str(path),
    )


def _os_error(path: Path, exc: OSError) -> PnpError:
    return PnpError("cannot write the output folder", found=f"{path}: {exc.strerror or exc}")


def _link_text(path: Path) -> str:
    try:
        return f"{path} -> {os.readlink(path)}"
    except OSError:
        return str(path)


def check_path(out_dir: Path, game_id: str) -> None:
    """Refuse a link where the set lives (exit 2, named): the output folder itself, or `OUT/GAME`
    unless it is an older version's link to its hidden folder (that is made plain)."""
    if out_dir.is_symlink():
        raise _refuse(out_dir, "the output folder is a symbolic link", _link_text(out_dir))
    dest = out_dir / game_id
    if dest.is_symlink():
        if old_style_target(out_dir, game_id, _prefix(game_id)) is None:
            raise _refuse(dest, "the game's output folder is a symbolic link", _link_text(dest))
    elif dest.exists() and not dest.is_dir():
        raise PnpError("cannot write the output folder", found=f"{dest} is not a folder")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name == "nt":  # os.kill(pid, 0) would end the process there
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def _owner(name: str, game_id: str) -> int:
    first = name[len(_prefix(game_id)) :].split(".")[0]
    # a planted name's digits may be any number: only a process id is looked up
    return int(first) if first.isascii() and first.isdigit() and len(first) <= 9 else 0


def _locked(out_dir: Path, game_id: str) -> AbstractContextManager[None]:
    """One run at a time switches (or repairs) a game's set."""
    return held(out_dir / f"{_prefix(game_id)}lock", LOCK_WAIT_S)


def _apply(out_dir: Path, game_id: str, stage: Path, journal: dict) -> None:
    """Finish a committed switch (again, after a kill: every step checks what is left to do).
    Should a rename in (A) be refused (a file held open elsewhere, on some systems), what (A)
    moved goes back and the set is as it was."""
    dest = out_dir / game_id
    trash = out_dir / journal["trash"]
    entries: list[str] = journal["entries"]
    _no_links(stage, trash, dest, entries, journal["carry"])
    dest.mkdir(exist_ok=True)
    trash.mkdir(exist_ok=True)
    moved: list[str] = []
    try:
        for name in entries:  # (A) the entries replaced leave the set
            if (
                os.path.lexists(stage / name)
                and os.path.lexists(dest / name)
                and not os.path.lexists(trash / name)
            ):
                os.replace(dest / name, trash / name)
                moved.append(name)
    except OSError:
        for name in reversed(moved):
            os.replace(trash / name, dest / name)
        raise _NotSwitched from None
    for sub, names in journal["carry"].items():  # (B) what the staged sub-folder keeps
        if (stage / sub).is_dir():
            for n in names:
                if os.path.lexists(trash / sub / n) and not os.path.lexists(stage / sub / n):
                    os.replace(trash / sub / n, stage / sub / n)
    for i, name in enumerate(entries):  # (C) the new entries join it
        if fault and i == len(entries) // 2:
            fault("mid-switch")
        if os.path.lexists(stage / name):
            os.replace(stage / name, dest / name)


def _no_links(stage: Path, trash: Path, dest: Path, entries: list[str], carry: dict) -> None:
    """pnp writes no links: one in a staging folder or at its trash was put there, and a rename
    through it would move files out of (or into) a folder elsewhere."""
    linked = [trash] + [stage / n for n in entries] + [stage / sub for sub in carry]
    for p in linked:
        if p.is_symlink():
            raise jn.refusal(stage, f"{p.name} is a symbolic link")
    if any((trash / sub).is_symlink() or (dest / sub).is_symlink() for sub in carry):
        raise jn.refusal(stage, "a folder moved aside is a symbolic link")


class _NotSwitched(Exception):
    """A rename in step (A) was refused; the set is as it was."""


def _finish(out_dir: Path, stage: Path, journal: dict) -> None:
    (stage / JOURNAL).unlink(missing_ok=True)
    shutil.rmtree(stage, ignore_errors=True)
    shutil.rmtree(out_dir / journal["trash"], ignore_errors=True)


def repair(out_dir: Path, game_id: str) -> None:
    """Make the set whole: finish committed switches, make an older version's set a plain
    folder, remove folders no live run owns (killed runs' staging, trash)."""
    if not out_dir.is_dir():
        return
    dest = out_dir / game_id
    hidden = sorted(out_dir.glob(_prefix(game_id) + "*"))
    # an older version's link, or its switch to a plain folder cut short
    make_plain(out_dir, game_id, _prefix(game_id), hidden)
    hidden = [p for p in hidden if p.exists() or p.is_symlink()]
    for p in hidden:  # committed switches (under the lock: no run is making one now)
        if p.is_dir() and not p.is_symlink() and os.path.lexists(p / JOURNAL):
            journal = jn.read(p)
            _apply(out_dir, game_id, p, journal)
            _finish(out_dir, p, journal)
    for p in hidden:
        if p.name.endswith(".lock") or not os.path.lexists(p):
            continue
        if _owned(p.name, game_id):
            continue  # a run still writing
        if p.is_symlink() or p.is_file():
            p.unlink(missing_ok=True)
        else:
            shutil.rmtree(p, ignore_errors=True)
    if dest.is_dir() and not dest.is_symlink():  # an older version's staging left inside the set
        for p in dest.glob(".pnp-*"):
            if p.is_dir() and not p.is_symlink():
                shutil.rmtree(p, ignore_errors=True)


def _owned(name: str, game_id: str) -> bool:
    """Whether a live run (this one included) owns the hidden folder `name`."""
    pid = _owner(name, game_id)
    return bool(pid) and _alive(pid)


class Stage(type(Path())):  # type: ignore[misc]  # the concrete Path class of this system
    """The staging folder of one replacement of a set: the Path the run writes into, which
    also leads to that replacement (`switch`), for carry_sub."""

    switch: Switch


class Switch:
    """One run's replacement of a game's set: its staging folder, what it keeps of the
    current set's sub-folders, and whether it has committed (then a failure no longer
    discards the staged files: the next run finishes the switch from the journal)."""

    def __init__(self, out_dir: Path, game_id: str):
        self.out_dir, self.game_id = out_dir, game_id
        self.carried: list[tuple[str, set[str]]] = []  # (sub-folder, entries kept)
        self.committed = False
        self.stage = self._make_stage()

    def _make_stage(self) -> Stage:
        for _ in range(100):
            stage = Stage(
                self.out_dir / f"{_prefix(self.game_id)}{os.getpid()}.{secrets.token_hex(4)}"
            )
            try:
                stage.mkdir()  # permissions from the umask, as every folder the user makes
            except FileExistsError:
                continue
            stage.switch = self
            return stage
        raise PnpError("cannot write the output folder", found=f"{self.out_dir}: no free staging name")  # fmt: skip

    def journal(self) -> dict:
        """What the switch moves, written to the staging folder's journal (the commit)."""
        dest, stage = self.out_dir / self.game_id, self.stage
        carry: dict[str, list[str]] = {}
        for sub, kept in self.carried:
            old = dest / sub
            if old.is_symlink():
                raise _refuse(old, "a folder of the game's output is a symbolic link", _link_text(old))  # fmt: skip
            if old.is_dir():
                carry[sub] = sorted(
                    n for n in os.listdir(old) if n in kept and not os.path.lexists(stage / sub / n)
                )
        entries = sorted(n for n in os.listdir(stage) if n != JOURNAL)
        return jn.write(stage, entries, carry)

    def commit(self) -> None:
        """Under the lock, with Ctrl-C held back: commit (the journal) and switch."""
        out_dir, game_id = self.out_dir, self.game_id
        with _locked(out_dir, game_id), interrupts.deferred(SWITCHED):
            try:
                check_path(out_dir, game_id)
                repair(out_dir, game_id)  # a run that ended between our start and now
                journal = self.journal()
                self.committed = True
                try:
                    _apply(out_dir, game_id, self.stage, journal)
                except _NotSwitched:
                    self.committed = False
                    raise
                _finish(out_dir, self.stage, journal)
            except _NotSwitched as exc:
                cause = (
                    exc.__context__
                    if isinstance(exc.__context__, OSError)
                    else OSError("rename refused")
                )
                raise _os_error(out_dir / game_id, cause) from None
            except OSError as exc:
                raise _os_error(out_dir / game_id, exc) from None

    def discard(self) -> None:
        """The staged files gone, unless committed (then they are the set's, or will be)."""
        if not self.committed:
            shutil.rmtree(self.stage, ignore_errors=True)
            shutil.rmtree(self.out_dir / jn.trash_name(self.stage), ignore_errors=True)


def carry_sub(
    stage: Path, out_dir: Path, game_id: str, sub: str, replaced: Callable[[str], bool]
) -> Path:
    """stage/sub, a folder of the set that this run writes into; the current set's sub/
    entries whose names `replaced` does not claim are kept at the switch (a preview of one
    family keeps the others'). `stage` is the one output_set gave."""
    old = out_dir / game_id / sub
    if old.is_symlink():
        raise _refuse(old, "a folder of the game's output is a symbolic link", _link_text(old))
    dst = stage / sub
    dst.mkdir(parents=True, exist_ok=True)
    # decided now, against the set as it is (the caller's `replaced` may read names it rebinds)
    kept = {n for n in os.listdir(old) if not replaced(n)} if old.is_dir() else set()
    stage.switch.carried.append((sub, kept))  # type: ignore[attr-defined]
    return dst


@contextmanager
def output_set(out_dir: Path, game_id: str) -> Iterator[Path]:
    """A staging folder to write the new files into; on success they join the set.

    Entries written into the staging folder replace those of the same name in the current
    set; the current set's other entries are kept where they are.
    """
    out_dir = Path(out_dir)
    check_path(out_dir, game_id)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        with _locked(out_dir, game_id):
            repair(out_dir, game_id)
        switch = Switch(out_dir, game_id)
    except OSError as exc:
        raise _os_error(out_dir, exc) from None
    try:
        yield switch.stage
        if fault:
            fault("before-switch")
        switch.commit()
    except BaseException:
        switch.discard()
        raise
