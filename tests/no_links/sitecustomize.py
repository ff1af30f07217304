"""A process as it runs on a desktop without symlinks, hard links or fork (Windows without
administrator rights or Developer Mode, FAT/exFAT sticks, many network shares).

Python imports this module at start-up when its folder is on PYTHONPATH: tests/conftest.py
puts it there (and imports it) for the run `.ci/run` makes with PNP_TEST_NO_LINKS=1, so the
tests' own processes and every `python -m pnp` they start are refused alike.
"""

from __future__ import annotations

import errno
import os

# for a test to plant a link (an attacker's, an older version's); kept on os, as this module
# may run twice in one process (at start-up, then from tests/conftest.py)
real_symlink = getattr(os, "_pnp_real_symlink", os.symlink)
calls: list[str] = []  # what pnp tried and was refused


def _refused(name: str):
    def refuse(*args, **kwargs):
        calls.append(name)
        raise OSError(errno.EPERM, "A required privilege is not held by the client")

    return refuse


if getattr(os, "_pnp_links_refused", False) is False:
    os._pnp_real_symlink = os.symlink  # type: ignore[attr-defined]
    os.symlink = _refused("symlink")
    os.link = _refused("link")
    if hasattr(os, "fork"):
        del os.fork
    os._pnp_links_refused = True  # type: ignore[attr-defined]
