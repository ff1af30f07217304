"""`python -m pnp` and the `pnp` command. Ctrl-C at any moment, even while pnp's modules are being
imported, ends with exit 130 and a line, never a traceback. (Python imports the package `pnp`
itself, about 20 ms, before this module runs: a Ctrl-C in that first instant is Python's.)"""

from __future__ import annotations

import _thread
import os
import signal
import sys


def _interrupt_again(unraisable) -> None:
    """A Ctrl-C that lands in a callback Python runs on the side (a weak reference's, a
    finalizer's) would be printed as ignored, with a traceback, and lost: it interrupts the
    command instead, as it was meant to."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        # raised again in the main thread once this hook has returned (raised here, it would
        # be printed as ignored too): from another thread, which waits its turn to run
        try:
            _thread.start_new_thread(_thread.interrupt_main, ())
        except RuntimeError:  # Python is already shutting down: the command has finished
            pass
        return
    sys.__unraisablehook__(unraisable)


def run() -> int:
    sys.unraisablehook = _interrupt_again
    try:
        from pnp.cli import main

        code = main()
        # the work is done: a Ctrl-C now would make Python end by the signal itself (-2) on
        # the way out, after the output was already complete
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except KeyboardInterrupt:
        print("interrupted; earlier output is unchanged", file=sys.stderr)
        code = 130
    if code == 130:
        # an interrupt that came while Python was still setting up can make it end by the
        # signal itself (-2) on the way out: leave now, with the code promised
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(130)
    return code


if __name__ == "__main__":
    raise SystemExit(run())
