"""pnp: print-and-play board-game components from YAML.

The library (docs/api.md): `pnp.load_game`, `pnp.build`, `pnp.check`, `pnp.preview`,
`pnp.export_tts`, `pnp.export_cut`, `pnp.export_cards`, `pnp.export_press`,
`pnp.export_cricut`, `pnp.new` and `pnp.PnpError`, all
from pnp.api, which imports what each needs when it is called, so `import pnp` (and the
command line) stays quick.
"""

from __future__ import annotations

import logging

from pnp.api import (
    Built,
    Refused,
    build,
    check,
    export_cards,
    export_cricut,
    export_cut,
    export_press,
    export_tts,
    load_game,
    new,
    preview,
)
from pnp.errors import PnpError

__version__ = "0.1.0"
__all__ = [
    "load_game", "build", "check", "preview", "export_tts", "export_cut", "export_cards",
    "export_press", "export_cricut", "new", "Built", "Refused", "PnpError", "__version__",
]  # fmt: skip

# a library logs; the application that uses it decides where the lines go
logging.getLogger("pnp").addHandler(logging.NullHandler())
