"""Measures of colour: what colour is drawn under a text, of an art, in an area or over most of
a face; and what marks a face's side, suit or player (its colour word and its marking texts)."""

from __future__ import annotations

from collections import Counter

from pnp.rulecheck.colournames import colour_name
from pnp.rulecheck.facts import Box, fill_under
from pnp.rulecheck.printed_spec import ColourOf, MarkingOf
from pnp.rulecheck.reading import FaceView, Reading, in_any, marks_in, texts_in
from pnp.rulecheck.spans import WHOLE, norm, of_match


def colour(view: FaceView, opts: ColourOf) -> Reading:
    """The colours read on one face (see `colours_of`)."""
    proven: tuple = ()
    if opts.under is not None and any(
        getattr(opts.under, k) is not None for k in ("exact", "one_of", "pattern")
    ):  # its words are pinned as far as the match spells them
        hits = texts_in(view.facts, view.boxes(), opts.under)
        proven = tuple((t, of_match(opts.under, t.text)) for t in hits)
    values, seen = colours_of(view, opts)
    return Reading(values, proven, seen)


def marking(view: FaceView, opts: MarkingOf) -> Reading:
    """One reading per face: its colour words and the texts that mark it, however often printed."""
    cs, seen = colours_of(view, opts.colour or ColourOf())
    words = sorted({colour_name(c) if c else "none" for c in cs}) or ["no colour"]
    hits = texts_in(view.facts, view.boxes(), opts.text) if opts.text else []
    proven = tuple((t, WHOLE) for t in hits)
    return Reading([" ".join(words + sorted({norm(t.text) for t in hits}))], proven, seen)


def colours_of(view: FaceView, opts: ColourOf) -> tuple[list[str | None], tuple]:
    """The colours a colour measure reads on one face, and the fills and art it read them from.

    under: the fill under each text that matches; art: the colour of each matching art;
    lines: the colour of each straight line;
    in: the colour on top at the centre of each area; else the fill covering most of the face.
    """
    facts, area = view.facts, view.boxes()
    if opts.under is not None:
        under = [fill_under(facts, t.box, t.order) for t in texts_in(facts, area, opts.under)]
        return [s.fill if s else "#ffffff" for s in under], tuple(s for s in under if s)
    if opts.art is not None:
        marks = marks_in(view, area, opts.art)
        return [k.colour for k in marks], tuple(marks)
    if opts.lines:  # a line's middle in the area
        return [c for b, c in facts.strokes if in_any(b, area)], ()
    if area is not None:
        on_top = [fill_under(facts, b, 1 << 60) for b in area]
        return [s.fill if s else "#ffffff" for s in on_top], tuple(s for s in on_top if s)
    # the colour that covers most of the face, leaving out fills hidden under a later one
    solid = [s for s in facts.shapes if s.opacity >= 0.5]
    area_: Counter = Counter()
    for n, s in enumerate(solid):
        if not any(_covers(t.box, s.box) for t in solid[n + 1 :]):
            area_[s.fill] += s.area
    if not area_:
        return [], ()
    most = area_.most_common(1)[0][0]
    return [most], tuple(s for s in solid if s.fill == most)


def _covers(outer: Box, inner: Box) -> bool:
    e = 1e-6
    return (
        outer[0] <= inner[0] + e
        and outer[1] <= inner[1] + e
        and outer[2] >= inner[2] - e
        and outer[3] >= inner[3] - e
    )
