"""`python tests/pnp_with_fault.py FAULT pnp-arguments...`: pnp's command line with a fault
injected, for tests that run pnp in a process of its own (so it can be killed for real).

FAULT is `before-switch` or `mid-switch` (the process ends, as a kill would, at that point of
replacing the output set: pnp/outputset.py), `sigint:AT` (Ctrl-C at that point), or
`memory:N` (the Nth budget check runs out of memory: pnp/budget.py).
"""

from __future__ import annotations

import os
import signal
import sys


def main() -> int:
    from pnp import budget, outputset
    from pnp.cli import main as pnp_main

    fault, args = sys.argv[1], sys.argv[2:]
    if fault.startswith("memory:"):
        budget._fault_at = int(fault[7:])
    elif fault.startswith("sigint:"):
        at = fault[7:]
        # as in a terminal, whatever the process that started this one ignores (a test runner's worker)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        outputset.fault = lambda point: signal.raise_signal(signal.SIGINT) if point == at else None
    else:
        outputset.fault = lambda point: os._exit(137) if point == fault else None
    return pnp_main(args)


if __name__ == "__main__":
    sys.exit(main())
