"""The journal of an output-set switch (pnp.outputset), and the proof that it is pnp's own.

A game folder from elsewhere can hold `output/.pnp-GAME.PID.XXXX/.pnp-journal.json`, the
journal a killed run leaves for the next run to finish. Followed blindly, its `trash` (`../..`,
`/home/me`) would be deleted and its names joined to paths outside the output. So a journal is
followed only when it is well formed and was written here:

- its `trash` is its own staging folder's name with `.trash` after it, a sibling in the output
  folder; every entry and `carry` name is one plain path component (no separator, no `..`);
- its `by` is this machine's and this user's token: a hash of the host name and the user (the
  user id, or the login name where there is none), so a journal written elsewhere, or made up,
  is not followed. A folder moved from another machine mid-switch is finished there, or removed.

Anything else is refused (exit 2) naming the hidden folder and saying how to remove it; nothing
is deleted or moved.
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import socket
import stat
from pathlib import Path

from pnp.errors import PnpError

JOURNAL = ".pnp-journal.json"  # in a staging folder: the run is committed, the switch may finish
MAX_JOURNAL_BYTES = 16_000_000  # names of a set's entries and kept files: far less
KEYS = {"entries", "carry", "trash", "by"}


def writer_token() -> str:
    """This machine's and this user's token, recorded in every journal written here."""
    try:
        user = str(os.getuid()) if hasattr(os, "getuid") else getpass.getuser()
    except (OSError, KeyError, ImportError):  # no login name known: the host alone
        user = ""
    text = f"pnp-journal\0{socket.gethostname()}\0{user}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def write(stage: Path, entries: list[str], carry: dict[str, list[str]]) -> dict:
    """Write the journal into `stage` (durably: the switch is committed once it is there)."""
    journal = {
        "entries": entries,
        "carry": carry,
        "trash": trash_name(stage),
        "by": writer_token(),
    }
    tmp = stage / (JOURNAL + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(journal, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, stage / JOURNAL)
    return journal


def trash_name(stage: Path) -> str:
    return stage.name + ".trash"


def refusal(folder: Path, why: str) -> PnpError:
    """Exit 2 naming a hidden folder of the output that is not pnp's own, and what to do."""
    return PnpError(
        "a hidden folder in the output was not written by pnp on this machine, or is damaged",
        key=why,
        expected="a staging folder this pnp wrote, or none",
        found=str(folder),
        hint=f"nothing was changed; delete the folder {folder} (a game folder from elsewhere "
        "can hold it) and run again, or, if a run on another machine was cut short while "
        "switching this output, run pnp there once to finish it",
    )


def read(stage: Path) -> dict:
    """The journal in `stage`, checked (module doc); PnpError naming the folder otherwise."""
    path = stage / JOURNAL
    try:
        st = path.lstat()
        if not stat.S_ISREG(st.st_mode):
            raise refusal(stage, f"{JOURNAL} is not a plain file")
        if st.st_size > MAX_JOURNAL_BYTES:
            raise refusal(stage, f"{JOURNAL} is larger than {MAX_JOURNAL_BYTES:,} bytes")
        with open(path, "rb") as fh:
            data = json.loads(fh.read(MAX_JOURNAL_BYTES + 1).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        raise refusal(stage, f"{JOURNAL} cannot be read as a journal (JSON)") from None
    check(stage, data)
    return data


def check(stage: Path, data: object) -> None:
    """Refuse a journal that is not of the shape pnp writes, or was written elsewhere."""
    if not isinstance(data, dict) or set(data) != KEYS:
        raise refusal(stage, f"{JOURNAL} does not hold the keys {', '.join(sorted(KEYS))}")
    if data["by"] != writer_token():
        raise refusal(stage, f"{JOURNAL} was written on another machine or by another user")
    if data["trash"] != trash_name(stage):
        raise refusal(stage, f"{JOURNAL}: 'trash' is not {trash_name(stage)}")
    entries, carry = data["entries"], data["carry"]
    if not isinstance(entries, list) or not all(map(plain, entries)):
        raise refusal(stage, f"{JOURNAL}: 'entries' is not a list of file names")
    if not isinstance(carry, dict) or not all(
        plain(sub) and isinstance(names, list) and all(map(plain, names))
        for sub, names in carry.items()
    ):
        raise refusal(stage, f"{JOURNAL}: 'carry' is not folder names with lists of file names")


def plain(name: object) -> bool:
    """One plain path component on every system: no separator, drive, NUL, `.` or `..`."""
    return (
        isinstance(name, str)
        and name not in ("", ".", "..")
        and not any(c in name for c in "/\\:\x00")
        and len(name) <= 255
    )
