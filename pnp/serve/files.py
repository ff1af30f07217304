"""Room for the server's open files: checked before it starts, and said plainly when full.

The server holds a file for each connection, the game's fonts and images while drawing, and
its file watcher. Started with too low a limit on open files (`ulimit -n`), it would fail
somewhere inside uvicorn or the watcher with a traceback; a browser that opens more
connections than the limit allows would print one traceback per refused connection.
"""

from __future__ import annotations

import errno
import logging
import os
import time

from pnp.errors import PnpError

MIN_FREE_FILES = 64  # a page, its pictures and events, the watcher, a face's fonts and images
RAISE_TO = 1024  # the soft limit asked for when it leaves less room than that
FULL = {errno.EMFILE, errno.ENFILE}
SAY_EVERY_S = 10.0

log = logging.getLogger("pnp")


def _open_now() -> int:
    """Files this process has open (Linux, macOS); an estimate where they cannot be listed."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 16


def ensure_room(need: int = MIN_FREE_FILES) -> None:
    """Raise the soft limit on open files if it leaves less than `need` free (as far as the
    hard limit allows); exit 2 saying what to do when it cannot. Windows has no such limit."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    used = _open_now()
    if soft == resource.RLIM_INFINITY or soft - used >= need:
        return
    wanted = max(RAISE_TO, used + need)
    new = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
    except (ValueError, OSError):
        new = soft
    if new - used < need:
        raise PnpError(
            "too few open files allowed for pnp serve",
            expected=f"room for at least {need} more open files",
            found=f"a limit of {soft} (at most {hard}), {used} already open",
            hint="raise the limit (`ulimit -n 1024` in this shell) and run pnp serve again",
        )


class FullSaid:
    """The event loop's handler for errors nobody awaits: a connection refused because no more
    files may be open is one line every SAY_EVERY_S seconds; the rest go to the default."""

    def __init__(self) -> None:
        self.last = -SAY_EVERY_S

    def __call__(self, loop, context: dict) -> None:
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in FULL:
            now = time.monotonic()
            if now - self.last >= SAY_EVERY_S:
                self.last = now
                log.warning(
                    "warning: pnp serve: no more files may be open (%s), so connections are "
                    "refused until some close; raise the limit (`ulimit -n`) if this goes on",
                    exc.strerror,
                )
            return
        loop.default_exception_handler(context)
