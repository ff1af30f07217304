"""SVG path data to absolute M/L/C/Z operations (arcs are not part of the model)."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZzAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}


MAX_NUMBER = 1e9


def parse_path(d: str, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> tuple:
    tokens = _TOKEN.findall(d)
    if "".join(tokens).replace(" ", "") == "" and d.strip():
        raise ValueError("path data has no commands")
    ops: list[tuple] = []
    i, cmd = 0, None
    x = y = sx = sy = 0.0
    last_c = last_q = None  # reflected control points for S and T

    def num() -> float:
        nonlocal i
        if i >= len(tokens) or tokens[i].isalpha():
            raise ValueError(f"path data is missing a number after '{cmd}'")
        v = float(tokens[i])
        if not abs(v) <= MAX_NUMBER:  # also refuses nan; larger is no drawing, only overflow
            raise ValueError(f"path data number {tokens[i]} is out of range (at most {MAX_NUMBER:g} either way)")
        i += 1
        return v

    while i < len(tokens):
        t = tokens[i]
        if t.isalpha():
            cmd = t
            i += 1
            if cmd.upper() == "A":
                raise ValueError("arcs (A) are not supported in path data; use curves (C)")
            if cmd.upper() == "Z":
                ops.append(("Z",))
                x, y = sx, sy
                last_c = last_q = None
                continue
        elif cmd is None:
            raise ValueError("path data must start with a command such as M")
        rel = cmd.islower()
        up = cmd.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if up == "M":
            x, y = ox + num(), oy + num()
            sx, sy = x, y
            ops.append(("M", x, y))
            cmd = "l" if rel else "L"  # following pairs are line-tos
            last_c = last_q = None
        elif up == "L":
            x, y = ox + num(), oy + num()
            ops.append(("L", x, y))
            last_c = last_q = None
        elif up == "H":
            x = ox + num()
            ops.append(("L", x, y))
            last_c = last_q = None
        elif up == "V":
            y = (y if rel else 0.0) + num()
            ops.append(("L", x, y))
            last_c = last_q = None
        elif up in ("C", "S"):
            if up == "C":
                x1, y1 = ox + num(), oy + num()
            else:
                x1, y1 = (2 * x - last_c[0], 2 * y - last_c[1]) if last_c else (x, y)
            x2, y2 = ox + num(), oy + num()
            x, y = ox + num(), oy + num()
            ops.append(("C", x1, y1, x2, y2, x, y))
            last_c, last_q = (x2, y2), None
        elif up in ("Q", "T"):
            if up == "Q":
                qx, qy = ox + num(), oy + num()
            else:
                qx, qy = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
            ex, ey = ox + num(), oy + num()
            ops.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            x, y = ex, ey
            last_q, last_c = (qx, qy), None
    if not ops or ops[0][0] != "M":
        raise ValueError("path data must start with M")
    if scale != 1.0 or dx or dy:
        ops = [_move(op, scale, dx, dy) for op in ops]
    return tuple(ops)


def _move(op: tuple, s: float, dx: float, dy: float) -> tuple:
    if op[0] == "Z":
        return op
    vals = op[1:]
    return (op[0], *[(v * s + (dx if k % 2 == 0 else dy)) for k, v in enumerate(vals)])
