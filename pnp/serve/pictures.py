"""PNG bytes by picture name: each drawn once, on first request, and kept while it is on show."""

from __future__ import annotations

import threading

from pnp.face_images import render_png
from pnp.serve.snapshot import Drawable

# One drawing at a time: the font and art caches the engines fill are shared, and the
# interpreter runs one thread anyway.
DRAW_LOCK = threading.RLock()  # a rebuild holding it may draw pictures too


class Pictures:
    def __init__(self):
        self._png: dict[str, bytes] = {}
        self.drawn = 0  # pictures drawn so far (a saved file should add only the changed ones)

    def png(self, name: str, drawable: Drawable) -> bytes:
        png = self._png.get(name)
        if png is not None:
            return png
        with DRAW_LOCK:
            png = self._png.get(name)  # drawn while this request waited
            if png is None:
                png = render_png(
                    drawable.ctx,
                    [drawable.placed()],
                    drawable.w_px,
                    drawable.h_px,
                    drawable.background,
                )
                self._png[name] = png
                self.drawn += 1
        return png

    def keep_only(self, *names: set[str] | dict) -> None:
        """Forget pictures no longer on show (those of the current and the last look stay)."""
        wanted = set().union(*names)
        for name in [n for n in self._png if n not in wanted]:
            self._png.pop(name, None)

    def __contains__(self, name: str) -> bool:
        return name in self._png
