"""The lock that lets one run at a time switch (or repair) a game's output set.

The lock is the operating system's lock on the file `OUT/.pnp-GAME.lock` (flock on Linux and
macOS, a byte-range lock on Windows), held while the run switches. The system lets it go when
the process ends, however it ends, so a lock file that no live run holds is stale whatever it
says: a killed run's, or one a game folder from elsewhere ships (`pid 1` in it changes
nothing). The file holds the holder's process id, for the message when the wait runs out.

The holder removes the file while still holding the lock; a run that then gets the lock on the
removed file sees that the name now leads elsewhere (or nowhere) and starts again. On a file
system that has no locks at all (some network shares) the run goes ahead as if it held it.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError

_WIN_BYTE = 1 << 30  # Windows locks bytes: one far past the pid, so the pid can still be read
_BUSY = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK}


def _try_lock(fd: int) -> bool:
    """Take the system's lock on `fd` without waiting: False if a live process holds it."""
    try:
        if os.name == "nt":
            import msvcrt

            os.lseek(fd, _WIN_BYTE, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in _BUSY:
            return False
        # no locks on this file system: go ahead, as before locks existed
    return True


def _clear(path: Path) -> None:
    """Remove what stands at the lock's name and is not a plain file (a planted link, folder
    or named pipe: opening it could follow it out of the folder, or block)."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISREG(st.st_mode):
        return
    if stat.S_ISDIR(st.st_mode):
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _open(path: Path) -> int | None:
    """The lock file, opened (made if need be): a plain file, or None to try again."""
    _clear(path)
    flags = os.O_CREAT | os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except (FileNotFoundError, IsADirectoryError):  # changed meanwhile
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # a link put there meanwhile
            return None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    return fd


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), path.lstat()
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _holder(path: Path) -> str:
    try:
        with open(path, "rb") as fh:
            text = fh.read(20).decode("ascii", "replace").strip()
    except OSError:
        return "unknown"
    return text if text.isdigit() else "unknown"


@contextmanager
def held(path: Path, wait_s: float) -> Iterator[None]:
    """Hold the lock at `path`, waiting up to `wait_s` seconds for a live run that holds it."""
    deadline = time.monotonic() + wait_s
    while True:
        fd = _open(path)
        if fd is not None:
            if _try_lock(fd) and _same_file(fd, path):
                break
            os.close(fd)
        if time.monotonic() > deadline:
            raise PnpError(
                "cannot write the output folder",
                key="another pnp run is writing it",
                found=f"{path} (process {_holder(path)})",
                hint="wait for that run to end, then run again",
            )
        time.sleep(0.05)
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, str(os.getpid()).encode("ascii"))
        yield
    finally:
        _release(fd, path)


def _release(fd: int, path: Path) -> None:
    if os.name == "nt":  # an open file cannot be removed there: let go first
        import msvcrt

        try:
            os.lseek(fd, _WIN_BYTE, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            pass
        os.close(fd)
        try:
            path.unlink(missing_ok=True)
        except OSError:  # another run has it open, and takes the lock next
            pass
        return
    try:
        path.unlink(missing_ok=True)  # while held: whoever gets it next sees it was removed
    finally:
        os.close(fd)
