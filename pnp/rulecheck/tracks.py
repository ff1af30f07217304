"""The `track` measure: the spaces of a track round a board, read in order, each with its texts.

A score track printed as numbers in a ring of spaces is right only when every number is in its
own space and the spaces run in order: counting the numbers anywhere on the board passes two
numbers swapped, or one moved into its neighbour's space. The measure finds the spaces (the
filled shapes of one colour), orders them round the middle of the ring (clockwise, or not), and
numbers them from the space printing `start`: each reading is a space's place and its texts
(`68: 68`), `_` for an empty space and `a + b` for a space printing two, so two numbers swapped
read `missing ['68: 68', '69: 69']; extra ['68: 69', '69: 68']`.
"""

from __future__ import annotations

import math

from pnp.rulecheck.facts import inside
from pnp.rulecheck.printed_spec import TrackOf
from pnp.rulecheck.reading import Reading, in_any
from pnp.rulecheck.spans import WHOLE, norm


def track(view, opts: TrackOf) -> Reading:
    """Each space from `start` on, numbered in order, with its texts: '0: 0/100', '1: 1' ..."""
    facts, area = view.facts, view.boxes()
    fills = (
        []
        if opts.spaces is None
        else opts.spaces
        if isinstance(opts.spaces, list)
        else [opts.spaces]
    )
    spaces = [
        s for s in facts.shapes
        if (not fills or any(view.colour_is(s.fill, f) for f in fills)) and in_any(s.box, area)
    ]  # fmt: skip
    if not spaces:
        return Reading([f"no space filled {', '.join(fills) or 'in the area'}"])
    cx = (min(s.box[0] for s in spaces) + max(s.box[2] for s in spaces)) / 2
    cy = (min(s.box[1] for s in spaces) + max(s.box[3] for s in spaces)) / 2
    sign = 1 if opts.way == "clockwise" else -1  # the page's y runs down: clockwise is + angle

    def angle(s) -> float:
        return sign * math.atan2((s.box[1] + s.box[3]) / 2 - cy, (s.box[0] + s.box[2]) / 2 - cx)

    texts = [t for t in facts.texts if any(inside(t.box, s.box) for s in spaces)]
    line = []
    for s in sorted(spaces, key=angle):
        here = sorted(norm(t.text) for t in texts if inside(t.box, s.box))
        line.append(" + ".join(here) or "_")
    proven = tuple((t, WHOLE) for t in texts)
    first = next((n for n, w in enumerate(line) if w == opts.start), None)
    if first is None:
        values = [f"no space prints only '{opts.start}': " + " ".join(line)]
    else:
        values = [f"{n}: {w}" for n, w in enumerate(line[first:] + line[:first])]
    return Reading(values, proven, tuple(spaces))
