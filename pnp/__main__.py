"""`python -m pnp` and the `pnp` command. Ctrl-C at any moment, even while pnp itself is being
imported, ends with exit 130 and a line, never a traceback."""

from __future__ import annotations

import os
import signal
import sys


def run() -> int:
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
