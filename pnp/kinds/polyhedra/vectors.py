"""Vectors for polyhedra: 3-D points and faces, and 2-D points on the page (tuples, no numpy)."""

from __future__ import annotations

import math
from collections.abc import Iterable

Vec3 = tuple[float, float, float]
Pt = tuple[float, float]


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a):
    return math.sqrt(dot(a, a))


def unit(a):
    n = norm(a)
    return (a[0] / n, a[1] / n, a[2] / n)


def dist3(a, b):
    return norm(sub(a, b))


def face_normal(pts: list[Vec3]) -> Vec3:
    c = centroid3(pts)
    n = (0.0, 0.0, 0.0)
    for i in range(len(pts)):
        n = tuple(
            x + y
            for x, y in zip(n, cross(sub(pts[i], c), sub(pts[(i + 1) % len(pts)], c)), strict=True)
        )
    return unit(n)


def centroid3(pts):
    k = len(pts)
    return (sum(p[0] for p in pts) / k, sum(p[1] for p in pts) / k, sum(p[2] for p in pts) / k)


def rot2(p: Pt, c: float, s: float) -> Pt:
    return (p[0] * c - p[1] * s, p[0] * s + p[1] * c)


def convex_overlap(p: list[Pt], q: list[Pt], tol: float = 1e-6) -> bool:
    """True when two convex polygons share interior (separating-axis test; touching is not overlap)."""
    for poly in (p, q):
        for i in range(len(poly)):
            ax, ay = poly[i]
            bx, by = poly[(i + 1) % len(poly)]
            nx, ny = by - ay, ax - bx
            ln = math.hypot(nx, ny)
            if ln < 1e-12:
                continue
            nx, ny = nx / ln, ny / ln
            p_proj = [x * nx + y * ny for x, y in p]
            q_proj = [x * nx + y * ny for x, y in q]
            if max(p_proj) <= min(q_proj) + tol or max(q_proj) <= min(p_proj) + tol:
                return False
    return True


def bbox(points: Iterable[Pt]) -> tuple[float, float, float, float]:
    pts = list(points)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def hull2(points: list[Pt]) -> list[Pt]:
    pts = sorted(set((round(x, 9), round(y, 9)) for x, y in points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]
