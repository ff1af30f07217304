"""A planned page as one list of primitives in page millimetres, ready for any engine."""

from __future__ import annotations

from collections.abc import Callable

from pnp.draw.primitives import Group, Rect, Style, Text, multiply, rotate, translate
from pnp.layout.plan import Page, Placement


def placement_transform(p: Placement, face_w: float, face_h: float):
    """Moves a face drawn at (0, 0) to its place, turned clockwise by p.rotation."""
    r = p.rotation % 360
    if r == 0:
        return translate(p.x, p.y)
    if r == 90:
        return multiply(translate(p.x + face_h, p.y), rotate(90))
    if r == 180:
        return multiply(translate(p.x + face_w, p.y + face_h), rotate(180))
    return multiply(translate(p.x, p.y + face_w), rotate(270))


def without_text(p):
    """The drawing with every line of text left out."""
    if isinstance(p, Group):
        return Group(
            tuple(without_text(c) for c in p.children if not isinstance(c, Text)),
            p.transform,
            p.clip,
        )
    return p


def compose(page: Page, face_of: Callable) -> list:
    """face_of(ItemRef) -> Face."""
    out = list(page.under)
    if page.preview is not None:
        ref, transform = page.preview
        # the map shows the board's shapes only: its text, shrunk to fit a page, could not be read
        out.append(Group((without_text(face_of(ref).front),), transform))
    for p in page.items:
        face = face_of(p.ref)
        drawing = face.front if p.side == "front" else face.back
        if drawing is None:
            continue
        if p.region is not None:  # a tile: the board's region, turned on a shared sheet
            rx, ry, rw, rh = p.region
            at = multiply(placement_transform(p, rw, rh), translate(-rx, -ry))
            out.append(Group((drawing,), at, clip=Rect(rx, ry, rw, rh, Style())))
        else:
            out.append(Group((drawing,), placement_transform(p, face.w, face.h)))
    out.extend(page.marks)
    return out
