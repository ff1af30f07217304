"""How far apart two colours look: CIEDE2000 colour difference, for normal and deuteranope eyes.

The ink-saver uses it to keep the colours that tell players apart apart once lightened, and
the tests to measure that from the drawing.

- sRGB to CIELAB (D65 white) by the IEC 61966-2-1 sRGB curve and matrix;
- ΔE00 by CIE 142-2001 as Sharma, Wu & Dalal (2005) give it (kL = kC = kH = 1);
- deuteranopia, the commonest colour-vision deficiency, simulated by Machado, Oliveira &
  Fernandes (2009), severity 1.0, on linear RGB.
"""

from __future__ import annotations

import math
from functools import lru_cache

from pnp.draw.colours import rgb

DISTINCT = 10.0  # ΔE00: two colours this far apart are told apart at a glance (docs/printing.md)

# Machado, Oliveira & Fernandes 2009, deuteranomaly at severity 1.0 (deuteranopia)
_DEUTAN = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
_WHITE = (0.95047, 1.0, 1.08883)  # D65


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab_of_linear(r: float, g: float, b: float) -> tuple[float, float, float]:
    x = 0.4124 * r + 0.3576 * g + 0.1805 * b
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = 0.0193 * r + 0.1192 * g + 0.9505 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = (f(v / w) for v, w in zip((x, y, z), _WHITE, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@lru_cache(maxsize=4096)
def lab(hexcolour: str, deutan: bool = False) -> tuple[float, float, float]:
    """The colour in CIELAB, as a deuteranope sees it when `deutan`."""
    lin = tuple(_linear(c) for c in rgb(hexcolour))
    if deutan:
        lin = tuple(
            min(1.0, max(0.0, sum(k * v for k, v in zip(row, lin, strict=True)))) for row in _DEUTAN
        )
    return _lab_of_linear(*lin)


def de2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 between two CIELAB colours."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar**7 / (cbar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    dh = h2p - h1p
    if c1p * c2p == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    dhp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbarp
    sh = 1 + 0.015 * cbarp * t
    rt = (
        -2
        * math.sqrt(cbarp**7 / (cbarp**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hbar - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp / sh) ** 2 + rt * (dcp / sc) * (dhp / sh)
    )


@lru_cache(maxsize=65536)
def difference(a: str, b: str) -> float:
    """ΔE00 between two #rrggbb colours, the smaller of normal and deuteranope vision: the
    distance every player sees."""
    return min(de2000(lab(a), lab(b)), de2000(lab(a, True), lab(b, True)))
