"""What a picture shows under a text: its pixels' mean colour over a region, for the legibility
check (a white title over a dark photo reads; over a white one it does not).

Each picture is decoded once per build, reduced to at most SIDE pixels a side (a text is
measured against the region under it, never one pixel, so the reduction loses nothing the
check needs), and kept as an RGBA array. A file that cannot be read counts as not there: the
image check says so already.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported only when a game has pictures to read
    import numpy as np

SIDE = 256  # pixels: the longest side a picture is reduced to for sampling
KEEP = 64  # pictures held at once (a game with more is read again as needed)


class Pictures:
    """Mean colours of regions of picture files, each file decoded once."""

    def __init__(self):
        self._arrays: dict[str, np.ndarray | None] = {}

    def _array(self, file: str) -> np.ndarray | None:
        if file not in self._arrays:
            if len(self._arrays) >= KEEP:
                self._arrays.clear()
            self._arrays[file] = _decode(file)
        return self._arrays[file]

    def mean(
        self, file: str, u0: float, v0: float, u1: float, v1: float
    ) -> tuple[float, float, float, float] | None:
        """The mean (r, g, b, alpha), 0..1, of the picture over the region from (u0, v0) to
        (u1, v1) in fractions of its width and height (clipped to the picture); None when the
        file cannot be read or the region misses it."""
        a = self._array(file)
        if a is None:
            return None
        h, w = a.shape[:2]
        x0, x1 = sorted((u0, u1))
        y0, y1 = sorted((v0, v1))
        c0, c1 = max(0, int(x0 * w)), min(w, max(int(x0 * w) + 1, math.ceil(x1 * w)))
        r0, r1 = max(0, int(y0 * h)), min(h, max(int(y0 * h) + 1, math.ceil(y1 * h)))
        if c0 >= c1 or r0 >= r1:
            return None
        region = a[r0:r1, c0:c1].reshape(-1, 4)
        alpha = region[:, 3]
        total = float(alpha.sum())
        if total <= 0:
            return (1.0, 1.0, 1.0, 0.0)  # wholly transparent: what lies beneath shows
        rgb = (region[:, :3] * alpha[:, None]).sum(axis=0) / total  # colour where it is opaque
        return (float(rgb[0]), float(rgb[1]), float(rgb[2]), total / len(alpha))


def _decode(file: str) -> np.ndarray | None:
    import numpy as np
    from PIL import Image as PILImage

    try:
        with PILImage.open(file) as im:
            im.draft("RGB", (SIDE, SIDE))  # a JPEG decodes at a fraction of its size
            if im.mode not in ("RGB", "RGBA", "L", "LA"):  # a palette or 16-bit image
                im = im.convert("RGBA")
            im.thumbnail((SIDE, SIDE))  # reduced before it is widened to RGBA
            return np.asarray(im.convert("RGBA"), dtype=np.float32) / 255.0
    except (OSError, ValueError, PILImage.DecompressionBombError):
        return None
