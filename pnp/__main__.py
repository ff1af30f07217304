"""`python -m pnp` and the `pnp` command. Ctrl-C at any moment, even while pnp itself is being
imported, ends with exit 130 and a line, never a traceback."""

from __future__ import annotations

import sys


def run() -> int:
    try:
        from pnp.cli import main

        return main()
    except KeyboardInterrupt:
        print("interrupted; earlier output is unchanged", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(run())
