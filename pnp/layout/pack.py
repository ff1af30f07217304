"""Mixed sizes: pack items onto shared sheets (skyline packing, tallest first)."""

from __future__ import annotations

from dataclasses import dataclass

EPS = 1e-6


@dataclass(frozen=True)
class Spot:
    index: int  # index into the list given to pack()
    x: float
    y: float
    w: float
    h: float
    rotated: bool


def pack(sizes: list[tuple[float, float]], area_w: float, area_h: float, gutter: float) -> list[list[Spot]]:
    """Pages of spots. Items are padded by the gutter; each is tried upright and turned."""
    order = sorted(range(len(sizes)), key=lambda i: (-max(sizes[i]), -min(sizes[i]), i))
    pages: list[list[Spot]] = []
    skylines: list[list[list[float]]] = []  # per page: segments [x, y, width]
    for i in order:
        w, h = sizes[i]
        placed = False
        for p, sky in enumerate(skylines):
            spot = _fit(sky, w, h, area_w, area_h, gutter)
            if spot:
                x, y, rot = spot
                pw, ph = (h, w) if rot else (w, h)
                _add(sky, x, y, pw + gutter, ph + gutter)
                pages[p].append(Spot(i, x, y, pw, ph, rot))
                placed = True
                break
        if not placed:
            sky = [[0.0, 0.0, area_w + gutter]]
            spot = _fit(sky, w, h, area_w, area_h, gutter)
            if spot is None:
                raise ValueError(f"item {w:.1f}×{h:.1f} mm does not fit the printable area")
            x, y, rot = spot
            pw, ph = (h, w) if rot else (w, h)
            _add(sky, x, y, pw + gutter, ph + gutter)
            skylines.append(sky)
            pages.append([Spot(i, x, y, pw, ph, rot)])
    for page in pages:
        page.sort(key=lambda s: s.index)
    return pages


def _fit(sky, w, h, area_w, area_h, gutter):
    best = None
    for rot in (False, True):
        pw, ph = (h, w) if rot else (w, h)
        for k in range(len(sky)):
            x = sky[k][0]
            if x + pw > area_w + EPS:
                break
            # the highest skyline under [x, x + pw + gutter)
            y, width, j = 0.0, 0.0, k
            while width < pw + gutter - EPS and j < len(sky):
                y = max(y, sky[j][1])
                width += sky[j][2]
                j += 1
            if width < pw - EPS:
                continue
            if y + ph > area_h + EPS:
                continue
            score = (y + ph, x)
            if best is None or score < best[0]:
                best = (score, x, y, rot)
    return None if best is None else (best[1], best[2], best[3])


def _add(sky, x, y, w, h):
    top = y + h
    new = []
    for sx, sy, sw in sky:
        ex = sx + sw
        if ex <= x + EPS or sx >= x + w - EPS:
            new.append([sx, sy, sw])
            continue
        if sx < x:
            new.append([sx, sy, x - sx])
        if ex > x + w:
            new.append([x + w, sy, ex - (x + w)])
    new.append([x, top, w])
    new.sort()
    merged = []
    for seg in new:
        if merged and abs(merged[-1][1] - seg[1]) < EPS and abs(merged[-1][0] + merged[-1][2] - seg[0]) < EPS:
            merged[-1][2] += seg[2]
        else:
            merged.append(seg)
    sky[:] = merged
