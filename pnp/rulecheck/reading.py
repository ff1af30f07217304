"""What a measure reads on one face, and the readings every measure shares (areas, texts, art, colours).

A measure (pnp.rulecheck.measures) is a function of a `FaceView` (one drawn face, its facts and
its scale, with the rule's area and the game it belongs to) and the measure's options; it
returns a `Reading`: the values the comparator reads, and the texts, symbols and fills it
looked at, for coverage. Nothing is kept between two calls.
"""

from __future__ import annotations

import fnmatch
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass

from pnp import budget
from pnp.draw.colours import resolve_colour, rgb
from pnp.errors import PnpError, short
from pnp.rulecheck.colournames import BASIC, colour_name
from pnp.rulecheck.faces import DrawnFace, PrintedFaces
from pnp.rulecheck.facts import Box, FaceFacts
from pnp.rulecheck.printed_spec import Area, Match
from pnp.rulecheck.spans import WHOLE, norm, of_match
from pnp.spec.model import Game


class RuleInputError(ValueError):
    """The rule itself is wrong (an unknown region, an expect of the wrong shape)."""


@dataclass(unsafe_hash=True)  # not frozen: a frozen class sets each field by a call
class Context:
    """What a rule reads besides the face: the game (its palette), every drawn face (a scale's
    full size, a ground's art), the rules file's regions, and the rule's side and area."""

    game: Game
    printed: PrintedFaces
    regions: dict
    side: str = "front"
    area: object = None  # the rule's `in`: a region name, an Area, a list of them, or None
    whole: bool = True  # the rule compares whole texts (else: what its match spells out)
    other: Callable[[str], PrintedFaces] | None = None  # variant name -> its drawn faces
    colours: tuple[str, ...] | None = None  # a fills rule's expected colours: the fills it reads


@dataclass(unsafe_hash=True)  # not frozen: a frozen class sets each field by a call
class FaceView:
    """One drawn face as a measure reads it. Areas and positions in a rule are in the family's
    own millimetres: a family printed at `scale` (a reduced variant) has them scaled with it."""

    face: DrawnFace
    facts: FaceFacts
    scale: float
    rule: Context

    def boxes(self) -> list[Box] | None:
        """The rule's area (its `in`) as drawn on this face; None: the whole face."""
        return boxes(self.rule.area, self.rule.regions, self.scale)

    def colour_is(self, hexcolour: str, want: str) -> bool:
        return colour_is(hexcolour, want, self.rule.game.palette)


@dataclass(unsafe_hash=True)  # not frozen: a frozen class sets each field by a call
class Reading:
    """A measure's values on one face, and what it read there (for coverage)."""

    values: list
    texts: tuple = ()  # (TextFact, the spans of it the rule proves)
    seen: tuple = ()  # the MarkFacts and ShapeFacts the rule looked at


def boxes(ref, regions: dict, scale: float) -> list[Box] | None:
    """A region name, an Area or a list of them, as boxes drawn at `scale`; None for no area."""
    if ref is None:
        return None
    refs = ref if isinstance(ref, list) else [ref]
    out: list[Box] = []
    for r in refs:
        if isinstance(r, str):
            if r not in regions:
                raise RuleInputError(
                    f"no region '{r}' (known: {', '.join(sorted(regions)) or 'none'})"
                )
            got = regions[r]
            out += boxes(got if isinstance(got, list) else [got], regions, scale) or []
        elif isinstance(r, Area):
            k = scale
            out.append((r.x * k, r.y * k, (r.x + r.w) * k, (r.y + r.h) * k))
    return out


def in_any(box: Box, area: list[Box] | None) -> bool:
    """The centre of `box` lies in one of the area's boxes (or there is no area)."""
    if area is None:
        return True
    # `inside` written out, the centre worked out once: every rule asks it of every text and
    # mark it reads
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    for b in area:
        if b[0] - 1e-6 <= cx <= b[2] + 1e-6 and b[1] - 1e-6 <= cy <= b[3] + 1e-6:
            return True
    return False


def meant(facts: FaceFacts, meaning: dict, area: list[Box] | None):
    """Each symbol in the area whose art has a meaning: (the mark, its meaning, its centre)."""
    for m in facts.marks:
        want = meaning.get(m.art)
        if want is not None and in_any(m.box, area):
            yield m, want, ((m.box[0] + m.box[2]) / 2, (m.box[1] + m.box[3]) / 2)


def colour_is(hexcolour: str, want: str, palette) -> bool:
    """A drawn colour is the one a rule names: a colour word, a palette name or #rrggbb."""
    if want in BASIC:
        return colour_name(hexcolour) == want
    try:
        target = resolve_colour(want, palette)
    except ValueError:
        raise RuleInputError(
            f"unknown colour '{want}' (a colour name such as {', '.join(BASIC)}, a palette name or #rrggbb)"
        ) from None
    if target is None:
        return False
    return max(abs(a - b) for a, b in zip(rgb(hexcolour), rgb(target), strict=True)) <= 2 / 255


def text_ok(m: Match, text: str) -> bool:
    t = norm(text)
    if m.exact is not None:
        return t == norm(m.exact)
    if m.contains is not None:
        return norm(m.contains) in t
    if m.pattern is not None:
        return matched(m.pattern, t)
    if m.one_of is not None:
        return t in {norm(x) for x in m.one_of}
    return True


@functools.lru_cache(maxsize=4096)  # the rules of a game match few patterns on the same texts
def matched(pattern: str, text: str) -> bool:
    """_fullmatch, once for each pattern and text (a failure, out of time, is not kept)."""
    return _fullmatch(pattern, text)


def _fullmatch(pattern: str, text: str) -> bool:
    """The whole text matches the pattern, within the check's pattern time (`--limit
    pattern_ms`): a pattern from a shared rules file can be written to take years on a long
    text, and the `regex` module's matches, unlike `re`'s, can be stopped."""
    import regex

    limit = budget.allowed("pattern_ms")
    left = limit - budget.spent("pattern_ms")
    start = time.perf_counter()
    try:
        found = regex.fullmatch(pattern, text, timeout=max(left, 1) / 1000)
        budget.spend("pattern_ms", round((time.perf_counter() - start) * 1000))
    except (TimeoutError, PnpError):
        raise RuleInputError(
            f"pattern {short(pattern)} is still matching a text of {len(text):,} characters "
            f"when the check's {limit:,} ms of pattern matching are spent (a pattern that "
            f"backtracks; raise the limit with --limit pattern_ms={limit * 10})"
        ) from None
    return found is not None


def angle_ok(m, angle: float) -> bool:
    if m.angle is None:
        return True
    wanted = m.angle if isinstance(m.angle, list) else [m.angle]
    return any(abs((angle - a + 180) % 360 - 180) <= 1.0 for a in wanted)


def texts_in(facts: FaceFacts, area: list[Box] | None, m: Match | None = None) -> list:
    """The texts printed in the area (that match `m`, at its angle)."""
    return [
        t for t in facts.texts
        if in_any(t.box, area) and (m is None or (text_ok(m, t.text) and angle_ok(m, t.angle)))
    ]  # fmt: skip


def marks_in(
    view: FaceView, area: list[Box] | None, art: str, colour: str | None = None, turned=None
) -> list:
    """The art drawn in the area; `turned` (options with an angle): only art turned so."""
    return [
        k for k in view.facts.marks
        if fnmatch.fnmatchcase(k.art, art) and in_any(k.box, area)
        and (colour is None or (k.colour is not None and view.colour_is(k.colour, colour)))
        and (turned is None or angle_ok(turned, k.angle))
    ]  # fmt: skip


def proof(rule: Context, m, text: str):
    """What a texts rule proves of one text it reads: all of it when the rule compares whole
    texts, else what its match spells out (pnp.rulecheck.spans)."""
    return WHOLE if rule.whole else of_match(m, text)
