"""SVG path data to absolute M/L/C/Z operations, read by svgelements (every command, arcs too).

Quadratic curves are raised to cubics and arcs become cubic curves, so the drawing model
keeps its four operations. Every number is range-checked: larger ones are no drawing, only
overflow in an engine.
"""

from __future__ import annotations

import math
import re

import svgelements as se

MAX_NUMBER = 1e9
# what is left of path data once its commands, numbers, commas and spaces are taken out
_STRAY = re.compile(r"[^MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]+|(?<![0-9.])[eE]")


def ops_of(path: se.Path, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> tuple:
    """An svgelements Path (already transformed) as M/L/C/Z ops, scaled and moved."""
    ops: list[tuple] = []

    def pt(p) -> tuple[float, float]:
        x, y = float(p[0]), float(p[1])
        if not (abs(x) <= MAX_NUMBER and abs(y) <= MAX_NUMBER):  # also refuses nan
            raise ValueError(f"path data number out of range (at most {MAX_NUMBER:g} either way)")
        return x * scale + dx, y * scale + dy

    for seg in path.segments(transformed=True):
        if isinstance(seg, se.Move):
            ops.append(("M", *pt(seg.end)))
        elif isinstance(seg, se.Close):
            ops.append(("Z",))
        elif isinstance(seg, se.Line):
            ops.append(("L", *pt(seg.end)))
        elif isinstance(seg, se.CubicBezier):
            ops.append(("C", *pt(seg.control1), *pt(seg.control2), *pt(seg.end)))
        elif isinstance(seg, se.QuadraticBezier):
            s, c, e = seg.start, seg.control, seg.end
            c1 = (s[0] + 2 / 3 * (c[0] - s[0]), s[1] + 2 / 3 * (c[1] - s[1]))
            c2 = (e[0] + 2 / 3 * (c[0] - e[0]), e[1] + 2 / 3 * (c[1] - e[1]))
            ops.append(("C", *pt(c1), *pt(c2), *pt(e)))
        elif isinstance(seg, se.Arc):
            if seg.start == seg.end or not seg.rx or not seg.ry:
                ops.append(("L", *pt(seg.end)))  # a degenerate arc is a straight line (SVG's rule)
                continue
            for cubic in seg.as_cubic_curves():
                ops.append(("C", *pt(cubic.control1), *pt(cubic.control2), *pt(cubic.end)))
    if any(op[0] != "Z" and not all(math.isfinite(v) for v in op[1:]) for op in ops):
        raise ValueError("path data has a number that is not finite")
    return tuple(ops)


def parse_path(d: str, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> tuple:
    """Path data (M L H V C S Q T A Z, absolute or relative) as absolute M/L/C/Z ops."""
    stray = _STRAY.search(d)
    if stray:
        raise ValueError(
            f"path data has '{stray.group()}', which is neither a path command nor a number"
        )
    if d.strip() and not any(ch.isalpha() for ch in d):
        raise ValueError("path data has no commands")
    try:
        path = se.Path(d)
    except Exception as exc:  # noqa: BLE001 - untrusted text into a third-party parser: any failure is bad data
        raise ValueError(f"path data cannot be read ({type(exc).__name__})") from None
    return ops_of(path, scale, dx, dy)
