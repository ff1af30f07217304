"""Which fills a `fills` rule reads: the shapes of the colours its expect names, not every shape
in its area. A rule expecting `{deck: 4}` in a region says nothing of the sea around the decks;
counting the sea as read would let coverage pass a region repainted in any colour."""

from __future__ import annotations


def fill_colours(kind: str, expect) -> tuple[str, ...] | None:
    """The colours a fills rule's expect names (also under a key: {text: {colour: n}});
    None for any other measure, when every shape it reads is read."""
    if kind != "fills" or not isinstance(expect, dict):
        return None
    inner = [v for v in expect.values() if isinstance(v, dict)]
    if inner and len(inner) == len(expect):  # keyed: each key's own expect
        return tuple(sorted({str(c) for v in inner for c in v}))
    return tuple(str(c) for c in expect)


def named(view, shapes: list, colours: tuple[str, ...] | None) -> list:
    """The shapes whose colour the rule names (all of them when it names none); `view` knows
    the game's palette (pnp.rulecheck.reading.FaceView)."""
    if colours is None:
        return shapes
    return [s for s in shapes if any(view.colour_is(s.fill, c) for c in colours)]
