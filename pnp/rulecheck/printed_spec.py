"""Schema of the rules over printed content: which drawn faces a rule reads, and what it asks."""

from __future__ import annotations

import re
import re._parser as _parser  # the parsed pattern, to refuse forms that backtrack for ever
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, ValidationError, WithJsonSchema, model_validator

from pnp.spec.types import Length, Size, Strict

Where = dict[str, object]


class Area(Strict):
    """A rectangle on a face, from its top-left corner."""

    x: Length
    y: Length
    w: Size
    h: Size


def _area(value: Any):
    """A region name, an {x, y, w, h} area or a list of them; an area's own error is said as it is."""
    if isinstance(value, list):
        return [_area(v) for v in value]
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        try:
            return Area.model_validate(value)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise ValueError(f"{where}: {err['msg']}" if where else err["msg"]) from None
    raise ValueError("expected a region name, {x, y, w, h} or a list of them")


_LEN = {"type": "string", "description": "a length with a unit: mm, cm, in or pt"}
_AREA_SCHEMA = {
    "type": "object",
    "properties": {"x": _LEN, "y": _LEN, "w": _LEN, "h": _LEN},
    "required": ["x", "y", "w", "h"],
    "additionalProperties": False,
}
AreaRef = Annotated[
    Any,
    BeforeValidator(_area),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string"},
                _AREA_SCHEMA,
                {"type": "array", "items": {"anyOf": [{"type": "string"}, _AREA_SCHEMA]}},
            ],
            "description": "a region name, {x, y, w, h}, or a list of them",
        }
    ),
]


class Faces(Strict):
    """The drawn faces a rule reads, and (with `in`) the part of each face it looks at."""

    family: str | list[str] = Field(..., description="family name, or a list of them")
    where: Where | None = Field(
        None, description="only items whose attributes match: {suit: hearts}"
    )
    side: Literal["front", "back"] = Field("front", description="front or back of each item")
    in_: AreaRef | None = Field(
        None,
        alias="in",
        description="only what prints inside this area: a name from `regions`, {x, y, w, h}, or a list of them",
    )


MAX_PATTERN = 300
_REPEATS = (_parser.MAX_REPEAT, _parser.MIN_REPEAT)


def _backtracks(items) -> bool:
    r"""Whether a repeat (more than once) holds an alternation whose choices may start alike,
    or a back-reference: (a|a)*, (a|aa)+, (.*a\1)+. Such a pattern can match one text in very
    many ways, and `regex` stops some only at the time limit. A repeat within a repeat, (a+)+
    or (\d+ )+, it matches at once, and the check's time limit (`--limit pattern_ms`) bounds
    whatever is left."""
    for op, av in items:
        if op in _REPEATS:
            _, high, body = av
            if high > 1 and _varies(body):
                return True
            if _backtracks(body):
                return True
        elif op is _parser.SUBPATTERN and _backtracks(av[-1]):
            return True
        elif op is _parser.BRANCH and any(_backtracks(alt) for alt in av[1]):
            return True
        elif op in (_parser.ASSERT, _parser.ASSERT_NOT) and _backtracks(av[1]):
            return True
    return False


def _varies(items) -> bool:
    """Whether a part of a pattern holds an alternation whose choices may start alike, or a
    back-reference: what makes a repeat of it match one text in very many ways."""
    for op, av in items:
        if op is _parser.BRANCH and (
            not _distinct_starts(av[1]) or any(_varies(alt) for alt in av[1])
        ):
            return True
        if op in (_parser.GROUPREF, _parser.GROUPREF_EXISTS):
            return True
        if op in _REPEATS and _varies(av[2]):
            return True
        if op is _parser.SUBPATTERN and _varies(av[-1]):
            return True
        if op in (_parser.ASSERT, _parser.ASSERT_NOT) and _varies(av[1]):
            return True
    return False


def _distinct_starts(alternatives) -> bool:
    """Whether each choice starts with its own letter: (red|blue) is read one way only, (a|ab) not."""
    firsts = [alt[0][1] if alt and alt[0][0] is _parser.LITERAL else None for alt in alternatives]
    return None not in firsts and len(set(firsts)) == len(firsts)


def check_pattern(pattern: str) -> None:
    """A pattern from a shared rules file is compiled here, and refused when it could run for ever."""
    if len(pattern) > MAX_PATTERN:
        raise ValueError(f"pattern longer than {MAX_PATTERN} characters")
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"bad pattern: {exc}") from None
    if _backtracks(_parser.parse(pattern)):
        raise ValueError(
            f"pattern {pattern!r} repeats a group that holds a choice whose options may start "
            "alike (e.g. (a|ab)*) or a back-reference, which can run for years; write the choices "
            "so that each starts with its own letter, or without that repeat"
        )


class Match(Strict):
    """Which printed texts count: exactly one of these, or none for every text."""

    exact: str | None = Field(
        None, description="the whole text, exactly (spaces and line breaks as one space)"
    )
    contains: str | None = Field(None, description="a part of the text")
    pattern: str | None = Field(None, description="a regular expression the whole text matches")
    one_of: list[str] | None = Field(None, description="the whole text is one of these")
    angle: float | list[float] | None = Field(
        None,
        description="only text printed at this angle (degrees clockwise, 0 reads left to right), or one of a list: [45, 135, 225, 315] is any diagonal",
    )

    @model_validator(mode="after")
    def _one(self):
        given = [
            k for k in ("exact", "contains", "pattern", "one_of") if getattr(self, k) is not None
        ]  # angle combines with any
        if len(given) > 1:
            raise ValueError(
                f"expected at most one of exact, contains, pattern, one_of; found {', '.join(given)}"
            )
        if self.pattern is not None:
            check_pattern(self.pattern)
        return self


class FaceSelect(Faces):
    """The one selector: which faces a rule reads, how they are grouped and compared."""

    key: AreaRef | None = Field(
        None,
        description="group faces by the text each prints in this area (a card's corner): expect is then a mapping of that text to what the face must show",
    )
    per: Literal["face", "all"] | None = Field(
        None,
        description="face: each face's measure is compared on its own (default); all: the measures of every selected face together",
    )
    by: str | None = Field(
        None,
        description="group faces by this item attribute (a suit, a player's colour): with expect: distinct, each group reads alike and no two groups alike",
    )


class Point(Strict):
    """A point on a face, from its top-left corner."""

    x: Length
    y: Length


class OnSquares(Strict):
    """Options of a measure that reads each thing with the square of a grid it lies on."""

    square: Size | None = Field(
        None,
        description="with origin: each thing read with the square its middle lies on, by column and row ('P1 [2, 0]', 'rect [3, 3]'): a label or a hole moved by one square fails",
    )
    origin: Point | None = Field(
        None, description="with square: the top-left corner of square [0, 0] of the grid"
    )

    @model_validator(mode="after")
    def _squares_placed(self):
        if (self.square is None) != (self.origin is None):
            raise ValueError("square and origin read each thing by column and row: give both")
        return self


class TextsOf(Match, OnSquares):
    """The texts printed (those that match)."""


class MarksOf(Strict):
    """Each drawing of a piece of art (a symbol, pip, icon), by its name."""

    art: str = Field(..., description="the art's name (suit-hearts), or a pattern with * (suit-*)")
    colour: str | None = Field(
        None, description="only art drawn in this colour (a colour name, palette name or #rrggbb)"
    )
    angle: float | list[float] | None = Field(
        None,
        description="only art turned this far (degrees clockwise as drawn: an arrow's way), or one of a list",
    )


class FillsOf(Strict):
    """The filled shapes by colour."""

    square: Size | None = Field(
        None,
        description="read each shape as squares of this side: expect {blue: [[0, 0]], red: [[0, 0], [1, 0], [0, 1]]}, in any turn",
    )
    origin: Point | None = Field(
        None,
        description="with square: the top-left corner of square [0, 0] of a grid; each colour's squares are then read where they lie, by column and row (a shape stands on each square whose centre it covers), not in any turn",
    )

    @model_validator(mode="after")
    def _origin_of_squares(self):
        if self.origin is not None and self.square is None:
            raise ValueError("origin places squares: give square (their side) with it")
        return self


class OutlinesOf(OnSquares):
    """Shapes drawn as outlines only (the spaces a piece is put on, a box)."""

    shape: Literal["any", "rect", "circle", "path"] = Field(
        "any", description="only rectangles, circles, or other closed outlines"
    )
    colour: str | None = Field(
        None, description="only outlines in this colour (a colour name, palette name or #rrggbb)"
    )


class ColourOf(Strict):
    """The colour of what is drawn: under a text, of a piece of art, at each area's centre, or the main fill."""

    under: Match | None = Field(None, description="the fill under each text that matches")
    art: str | None = Field(None, description="the colour of this art (name or pattern with *)")
    lines: bool = Field(
        False, description="the colour of each straight line (a grid's, a rule's) in the area"
    )


class SizeOf(Strict):
    """The size of each face as drawn (or of a piece of art on it, or of a die's faces)."""

    art: str | None = Field(
        None, description="measure this art on the face instead of the face itself"
    )
    die_face: bool = Field(
        False,
        description="measure each face of a die or net (its width and height) instead of the whole net",
    )


class ScaleOf(Strict):
    """Each face's drawn size as a fraction of the same item at full size."""

    of: str | None = Field(None, description="the family at full size (default: the same family)")
    of_variant: str | None = Field(
        None,
        description="read the full size in this variant ('default' for the game without a variant; default: the rule's own)",
    )


class LinesOf(Strict):
    """Straight lines (grooves, rules) drawn across a face, level or upright."""

    direction: Literal["any", "level", "upright"] = Field(
        "any", description="level lines, upright lines, or both"
    )


class SymbolsOn(Strict):
    """Each drawing of a symbol, against what it is drawn on: its region's meaning."""

    meaning: dict[str, str] = Field(
        ...,
        description="art name: what it must lie on: a colour (the fill under its centre, e.g. its habitat's tint), or inside / outside the `ground` art",
    )
    ground: str | None = Field(
        None,
        description="an art whose filled shapes are the ground read by inside / outside (e.g. a globe's land masses)",
    )
    around: Size | None = Field(
        None,
        description="with ground: read it at nine points this far around the symbol's centre, the majority deciding (a coast cuts through a hex)",
    )


class MarkingOf(Strict):
    """What tells a face's side, suit or player: its colour word, and the texts that mark it."""

    colour: ColourOf | None = Field(
        None, description="where its colour is read (default: the fill covering most of the face)"
    )
    text: Match | None = Field(None, description="the texts that mark it (a seat number), if any")


class Nothing(Strict):
    """A measure without options."""


# climates (pnp.rulecheck.geography)
ClimateKind = Literal["sea", "land", "tropical", "temperate"]


class View(Strict):
    """The point of the Earth the globe is seen from (its disc's centre), in degrees."""

    lat: float = Field(..., ge=-90, le=90, description="latitude, north positive")
    lon: float = Field(..., ge=-180, le=180, description="longitude, east positive")


class ClimatesOf(Strict):
    """Each symbol against its cell on a globe: sea, or land of a climate by its latitude."""

    ground: str = Field(
        ...,
        description="the art of the globe's land masses; its drawn box is the globe's disc (an orthographic view)",
    )
    view: View = Field(..., description="the latitude and longitude the disc's centre shows")
    meaning: dict[str, ClimateKind] = Field(
        ...,
        description="art name: the cell it must lie on: sea, land, tropical or temperate",
    )
    land: float = Field(
        1 / 3, gt=0, le=1, description="a cell is land when at least this share of it is land"
    )
    tropics: float = Field(
        23.5,
        ge=0,
        le=90,
        description="land whose points' mean latitude lies within this many degrees of the equator is tropical",
    )
    steps: int = Field(12, ge=3, le=60, description="lattice points across a cell, each way")


# track (pnp.rulecheck.tracks)
class TrackOf(Strict):
    """A track's spaces in order round the board, each with the texts it prints."""

    spaces: str | list[str] | None = Field(
        None,
        description="the fill of the track's spaces, or a list of fills (colour words, palette names or #rrggbb); default: every filled shape in the rule's area (`in`)",
    )
    start: str = Field(..., description="the text of the first space (the line starts there)")
    way: Literal["clockwise", "counterclockwise"] = Field(
        "clockwise", description="which way round the spaces count up"
    )


# The measures: name -> (options, what the comparator reads the value as).
#   list: a list of things printed; expect a count (a number or {min, max}) or the list itself, any order
#   colours: colours; expect one colour every reading has, or the list of colour words
#   fills, sizes, ratio, grid, same: see docs/rules.md
MEASURES: dict[str, tuple[type[Strict], str]] = {
    "texts": (TextsOf, "list"),
    "marks": (MarksOf, "list"),
    "die_faces": (Nothing, "list"),
    "lines": (LinesOf, "list"),
    "outlines": (OutlinesOf, "list"),
    "faces": (Nothing, "list"),
    "colour": (ColourOf, "colours"),
    "fills": (FillsOf, "fills"),
    "size": (SizeOf, "sizes"),
    "scale": (ScaleOf, "ratio"),
    "grid": (Nothing, "grid"),
    "same": (Nothing, "same"),
    "symbols_on": (SymbolsOn, "list"),
    "marking": (MarkingOf, "list"),
    "climates": (ClimatesOf, "list"),
    "track": (TrackOf, "list"),
}
# the one-key spellings of earlier rules files: kind -> (measure, default per); their body is the
# selector's keys and the measure's options together
SHORTHAND: dict[str, tuple[str, str]] = {
    "prints": ("texts", "face"),
    "texts": ("texts", "all"),
    "marks": ("marks", "face"),
    "die_faces": ("die_faces", "face"),
    "fills": ("fills", "face"),
    "faces": ("faces", "all"),
    "same": ("same", "face"),
    "colour": ("colour", "face"),
    "drawn_size": ("size", "face"),
    "scale": ("scale", "face"),
    "grid": ("grid", "face"),
    "lines": ("lines", "face"),
    "outlines": ("outlines", "face"),
}
SELECT_KEYS = ("family", "where", "side", "in", "key", "per", "by")


def measure_of(value: Any) -> tuple[str, Strict]:
    """`measure: texts` or `measure: {texts: {contains: ...}}`: its name and its checked options."""
    if isinstance(value, str):
        name, opts = value, {}
    elif isinstance(value, dict) and len(value) == 1:
        name, opts = next(iter(value.items()))
        opts = {} if opts is None else opts
    else:
        raise ValueError(f"measure: one of {', '.join(MEASURES)}, or {{name: {{options}}}}")
    if name not in MEASURES:
        raise ValueError(f"unknown measure '{name}' (known: {', '.join(MEASURES)})")
    if not isinstance(opts, dict):
        raise ValueError(f"measure {name}: its options are a mapping")
    model = MEASURES[name][0]
    try:
        return name, model.model_validate(opts)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ValueError(f"measure {name}: {where + ': ' if where else ''}{err['msg']}") from None


def from_shorthand(kind: str, body: Any) -> dict:
    """`marks: {family: x, art: y}` as {select: {family: x, per: face}, measure: {marks: {art: y}}}."""
    if not isinstance(body, dict):
        raise ValueError(f"{kind}: a mapping with at least 'family'")
    name, per = SHORTHAND[kind]
    select = {k: v for k, v in body.items() if k in SELECT_KEYS}
    select.setdefault("per", per)
    opts = {k: v for k, v in body.items() if k not in SELECT_KEYS}
    return {"select": select, "measure": {name: opts}}
