"""Work done beside the main one, in a forked copy of this process, on a core of its own.

A build's PDF is written by one process (a PDF cannot be split between two). What it also
makes from the same faces, the manifest and the legibility reading, can be made at the same
time by a copy of the process: it starts with everything loaded and imposed, draws the faces
again for itself and sends back a small result. Where that cannot help or is not safe (one
core, no fork, threads running, inside a worker of `build --all`), `start` says so and the
caller does the work itself.
"""

from __future__ import annotations

import os
import pickle
import signal
import threading
from collections.abc import Callable

# `build --all` runs games on every core already: its workers turn this off
ENABLED = True
_parent = 0  # in a forked copy: the process that started it


class Orphaned(Exception):
    """The process that wanted this copy's result is gone."""


def stop_if_orphaned() -> None:
    """In a forked copy, stop once its parent has ended (killed, say): nobody reads the result."""
    if _parent and os.getppid() != _parent:
        raise Orphaned


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def can_fork() -> bool:
    # a fork copies one thread: another thread's locks (a server's, say) would stay held
    return ENABLED and hasattr(os, "fork") and threading.active_count() == 1 and cores() >= 2


class Forked:
    """A job running in a forked process; `result()` waits for what it returned."""

    def __init__(self, pid: int, fd: int):
        self.pid, self.fd = pid, fd

    def result(self) -> tuple[bool, object]:
        """(True, what the job returned), or (False, why not) when it raised or died."""
        fd, self.fd = self.fd, -1  # the file object owns it now: closed once, whatever happens
        with os.fdopen(fd, "rb") as fh:
            data = fh.read()
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        if os.waitstatus_to_exitcode(status) != 0 or not data:
            return False, f"the helper process ended with status {status}"
        try:
            return pickle.loads(data)  # noqa: S301 - written by our own forked copy
        except Exception as exc:  # noqa: BLE001 - a short or garbled result: the caller does the work
            return False, repr(exc)

    def cancel(self) -> None:
        """Stop the job if it is still running (a no-op once `result()` has its answer)."""
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.pid = 0
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def start(job: Callable[[], object]) -> Forked | None:
    """Run job() in a forked copy of this process; None where that cannot be done."""
    if not can_fork():
        return None
    global _parent
    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the copy: do the job, send the result, leave without running exit handlers
        _parent = parent
        try:
            os.close(read_end)
            try:
                payload = pickle.dumps((True, job()))
            except BaseException as exc:  # noqa: BLE001 - reported; the parent does the work itself
                payload = pickle.dumps((False, repr(exc)))
            with os.fdopen(write_end, "wb") as fh:
                fh.write(payload)
        finally:
            os._exit(0)
    os.close(write_end)
    return Forked(pid, read_end)
