"""Measures of what a face writes: its texts, a die's faces, the face itself."""

from __future__ import annotations

import math

from pnp.rulecheck.facts import Box
from pnp.rulecheck.printed_spec import Nothing, TextsOf
from pnp.rulecheck.reading import FaceView, Reading, proof, texts_in
from pnp.rulecheck.spans import WHOLE, norm


def texts(view: FaceView, opts: TextsOf) -> Reading:
    """The texts printed in the area that match; with `square`, each with the square it lies on."""
    hits = texts_in(view.facts, view.boxes(), opts)
    proven = tuple((t, proof(view.rule, opts, t.text)) for t in hits)
    if getattr(opts, "square", None) is not None:  # each label on its square
        return Reading(
            [f"{norm(t.text)} {square_of(t.box, opts, view.scale)}" for t in hits], proven
        )
    return Reading([norm(t.text) for t in hits], proven)


def square_of(box: Box, opts: TextsOf, scale: float) -> str:
    """The square of a grid (opts.square, opts.origin) that a box's middle lies on."""
    side, k = opts.square * scale, scale
    c = math.floor(((box[0] + box[2]) / 2 - opts.origin.x * k) / side)
    r = math.floor(((box[1] + box[3]) / 2 - opts.origin.y * k) / side)
    return f"[{c}, {r}]"


def die_faces(view: FaceView, opts: Nothing) -> Reading:
    """Each face of a die or net: its texts and art, in the order the net draws them."""
    facts = view.facts
    seen: list = []
    labels = []
    for n in range(len(facts.regions)):
        marks = [k for k in facts.marks if k.region == n]
        seen += marks
        labels.append(
            " ".join([norm(t.text) for t in facts.texts if t.region == n] + [k.art for k in marks])
        )
    proven = tuple((t, WHOLE) for t in facts.texts if t.region is not None)
    return Reading([lab.strip() for lab in labels if lab.strip()], proven, tuple(seen))


def faces(view: FaceView, opts: Nothing) -> Reading:
    """The face itself, by its item's name: a count of faces."""
    return Reading([view.face.item])
