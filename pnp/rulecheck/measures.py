"""The measures a printed rule can take of a face, by the name rules.yaml gives them.

Each measure is one function `(view: FaceView, opts) -> Reading` (pnp.rulecheck.reading): it
reads one drawn face (`view.facts`, at `view.scale`, in the rule's area `view.boxes()`) and
returns its values, with the texts, symbols and fills it looked at for coverage. It keeps
nothing between calls. The comparator (pnp.rulecheck.expect) then holds the values against the
rule's expect, as the measure's kind says.

To add a measure:
  1. its options model and kind in pnp.rulecheck.printed_spec.MEASURES (what rules.yaml may say);
  2. its function in a module of pnp.rulecheck that reads one kind of thing, and its entry in
     READ below (tests/test_measures.py holds the two tables to the same names);
  3. its row in docs/rules.md.
The measure `same` compares whole faces with each other and has no entry here (the Reader
reads it, pnp.rulecheck.printed).
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.rulecheck import (
    geography,
    measure_art,
    measure_colours,
    measure_shape,
    measure_texts,
    tracks,
)
from pnp.rulecheck.reading import FaceView, Reading

Measure = Callable[[FaceView, object], Reading]

READ: dict[str, Measure] = {
    "texts": measure_texts.texts,
    "die_faces": measure_texts.die_faces,
    "faces": measure_texts.faces,
    "marks": measure_art.marks,
    "fills": measure_art.fills,
    "outlines": measure_art.outlines,
    "symbols_on": measure_art.symbols_on,
    "colour": measure_colours.colour,
    "marking": measure_colours.marking,
    "size": measure_shape.size,
    "scale": measure_shape.scale,
    "grid": measure_shape.grid,
    "lines": measure_shape.lines,
    "climates": geography.climates,
    "track": tracks.track,
}
