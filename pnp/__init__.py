"""pnp: print-and-play board-game components from YAML.

The library (docs/api.md): `pnp.load_game`, `pnp.build`, `pnp.check`, and `pnp.PnpError`.
They are imported when first used, so `import pnp` (and the command line) stays quick.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

__version__ = "0.1.0"
__all__ = ["load_game", "build", "check", "PnpError", "__version__"]

# a library logs; the application that uses it decides where the lines go
logging.getLogger("pnp").addHandler(logging.NullHandler())

if TYPE_CHECKING:
    from pnp.api import build, check, load_game  # noqa: F401
    from pnp.errors import PnpError


def __getattr__(name: str):
    if name == "build":
        # the pnp.build module, which builds when called (importing it binds it here anyway)
        import pnp.build

        return pnp.build
    if name == "check":
        # the pnp.check package, which runs the rulebook check when called (as pnp.build builds)
        import pnp.check

        return pnp.check
    if name == "load_game":
        from pnp.api import load_game

        return load_game
    if name == "PnpError":
        from pnp.errors import PnpError

        return PnpError
    raise AttributeError(f"module 'pnp' has no attribute {name!r}")
