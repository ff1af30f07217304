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
from typing import Literal

from pydantic import Field

from pnp.rulecheck.facts import inside
from pnp.rulecheck.spans import WHOLE, norm
from pnp.spec.types import Strict


class TrackOf(Strict):
    """A track's spaces in order round the board, each with the texts it prints."""

    spaces: str | list[str] = Field(
        ...,
        description="the fill of the track's spaces, or a list of fills (palette names or #rrggbb)",
    )
    start: str = Field(..., description="the text of the first space (the line starts there)")
    way: Literal["clockwise", "counterclockwise"] = Field(
        "clockwise", description="which way round the spaces count up"
    )


def track(reader, opts: TrackOf, area, facts) -> list[str]:
    """Each space from `start` on, numbered in order, with its texts: '0: 0/100', '1: 1' ..."""
    boxes = reader.boxes(area)
    fills = opts.spaces if isinstance(opts.spaces, list) else [opts.spaces]
    spaces = reader.saw(
        [
            s for s in facts.shapes
            if any(reader.colour_is(s.fill, f) for f in fills) and (boxes is None or any(inside(s.box, b) for b in boxes))
        ]
    )  # fmt: skip
    if not spaces:
        return [f"no space filled {', '.join(fills)}"]
    cx = (min(s.box[0] for s in spaces) + max(s.box[2] for s in spaces)) / 2
    cy = (min(s.box[1] for s in spaces) + max(s.box[3] for s in spaces)) / 2
    sign = 1 if opts.way == "clockwise" else -1  # the page's y runs down: clockwise is + angle

    def angle(s) -> float:
        return sign * math.atan2((s.box[1] + s.box[3]) / 2 - cy, (s.box[0] + s.box[2]) / 2 - cx)

    texts = [t for t in facts.texts if any(inside(t.box, s.box) for s in spaces)]
    reader.used += [(reader.face, t, WHOLE) for t in texts]
    line = []
    for s in sorted(spaces, key=angle):
        here = sorted(norm(t.text) for t in texts if inside(t.box, s.box))
        line.append(" + ".join(here) or "_")
    first = next((n for n, w in enumerate(line) if w == opts.start), None)
    if first is None:
        return [f"no space prints only '{opts.start}': " + " ".join(line)]
    return [f"{n}: {w}" for n, w in enumerate(line[first:] + line[:first])]
