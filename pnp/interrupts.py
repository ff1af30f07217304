"""Ctrl-C held back while a few steps that must not be cut in half run to their end."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def deferred(said: str) -> Iterator[None]:
    """Ctrl-C inside the block takes effect once it is done, as KeyboardInterrupt(said): the
    command still exits 130, and says what had already happened. Only the main thread receives
    signals; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt(said)
