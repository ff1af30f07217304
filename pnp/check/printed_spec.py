"""Schema of the rules over printed content: which drawn faces a rule reads, and what it asks."""

from __future__ import annotations

import re
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
            "anyOf": [{"type": "string"}, _AREA_SCHEMA, {"type": "array", "items": {"anyOf": [{"type": "string"}, _AREA_SCHEMA]}}],
            "description": "a region name, {x, y, w, h}, or a list of them",
        }
    ),
]


class Faces(Strict):
    """The drawn faces a rule reads, and (with `in`) the part of each face it looks at."""

    family: str | list[str] = Field(..., description="family name, or a list of them")
    where: Where | None = Field(None, description="only items whose attributes match: {suit: hearts}")
    side: Literal["front", "back"] = Field("front", description="front or back of each item")
    in_: AreaRef | None = Field(
        None, alias="in", description="only what prints inside this area: a name from `regions`, {x, y, w, h}, or a list of them"
    )


MAX_PATTERN = 300
# a repeated group that itself repeats, (a+)+: such a pattern can take years on a short text
NESTED = re.compile(r"\((?:[^()\\]|\\.)*[+*}]\)\??[+*{]")


def check_pattern(pattern: str) -> None:
    """A pattern from a shared rules file is compiled here, and refused when it could run for ever."""
    if len(pattern) > MAX_PATTERN:
        raise ValueError(f"pattern longer than {MAX_PATTERN} characters")
    if NESTED.search(pattern):
        raise ValueError("pattern repeats a group that repeats inside, e.g. (a+)+; write it without the nested repeat")
    try:
        re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"bad pattern: {exc}") from None


class Match(Strict):
    """Which printed texts count: exactly one of these, or none for every text."""

    exact: str | None = Field(None, description="the whole text, exactly (spaces and line breaks as one space)")
    contains: str | None = Field(None, description="a part of the text")
    pattern: str | None = Field(None, description="a regular expression the whole text matches")
    one_of: list[str] | None = Field(None, description="the whole text is one of these")
    angle: float | list[float] | None = Field(
        None, description="only text printed at this angle (degrees clockwise, 0 reads left to right), or one of a list: [45, 135, 225, 315] is any diagonal"
    )

    @model_validator(mode="after")
    def _one(self):
        given = [k for k in ("exact", "contains", "pattern", "one_of") if getattr(self, k) is not None]  # angle combines with any
        if len(given) > 1:
            raise ValueError(f"expected at most one of exact, contains, pattern, one_of; found {', '.join(given)}")
        if self.pattern is not None:
            check_pattern(self.pattern)
        return self


class Keyed(Faces):
    key: AreaRef | None = Field(
        None, description="group faces by the text each prints in this area (a card's corner): expect is then a mapping of that text to what the face must show"
    )


class PrintsText(Faces, Match):
    """Each face prints a text that matches (expect: how many such texts; default at least one)."""


class PrintedTexts(Keyed, Match):
    """The texts printed (those that match), compared as a list in any order."""

    per: Literal["all", "face"] = Field(
        "all", description="all: the texts of every selected face together; face: each face on its own"
    )


class Marks(Keyed):
    """How many times a piece of art (a symbol, pip, icon) is drawn on each face."""

    art: str = Field(..., description="the art's name (suit-hearts), or a pattern with * (suit-*)")
    colour: str | None = Field(None, description="count only art drawn in this colour (a colour name, palette name or #rrggbb)")
    per: Literal["face", "all"] = Field("face", description="face: a count on each face; all: one count over every selected face")


class Fills(Faces):
    """The filled shapes on each face by colour (expect {blue: 5, red: 4}: colour words, palette names or #rrggbb); colours not named are left out."""

    square: Size | None = Field(
        None, description="instead of counting, read each shape as squares of this side: expect {blue: [[0, 0]], red: [[0, 0], [1, 0], [0, 1]]}, in any turn"
    )


class Outlines(Faces):
    """Shapes drawn as outlines only (the spaces a piece is put on, a box), counted on each face."""

    shape: Literal["any", "rect", "circle", "path"] = Field("any", description="count only rectangles, circles, or other closed outlines")
    colour: str | None = Field(None, description="count only outlines in this colour (a colour name, palette name or #rrggbb)")


class Count(Faces):
    """How many faces are drawn (expect a number or {min, max})."""


class DieFaces(Faces):
    """The labels printed on the faces of each die or net, one per face, in any order."""


class Same(Faces):
    """Every selected face prints the same (no marked backs)."""


class Colour(Keyed):
    """The colour of what is drawn: under a text, of a piece of art, or the main fill of the area."""

    under: Match | None = Field(None, description="the fill under the first text that matches")
    art: str | None = Field(None, description="the colour of this art (name or pattern with *)")


class DrawnSize(Faces):
    """The size of each face as drawn (or of a piece of art on it)."""

    art: str | None = Field(None, description="measure this art on the face instead of the face itself")
    die_face: bool = Field(False, description="measure each face of a die or net (its width and height) instead of the whole net")


class Scale(Faces):
    """Each face's drawn size as a fraction of the same item at full size."""

    of: str | None = Field(None, description="the family at full size (default: the same family)")
    of_variant: str | None = Field(
        None, description="read the full size in this variant ('default' for the game without a variant; default: the rule's own)"
    )


class Grid(Faces):
    """A grid of squares as drawn: its columns, rows and square size."""


class Lines(Faces):
    """How many straight lines (grooves, rules) are drawn across each face, level or upright."""

    direction: Literal["any", "level", "upright"] = Field("any", description="count level lines, upright lines, or both")


PRINTED = {
    "prints": PrintsText,
    "texts": PrintedTexts,
    "marks": Marks,
    "die_faces": DieFaces,
    "fills": Fills,
    "faces": Count,
    "same": Same,
    "colour": Colour,
    "drawn_size": DrawnSize,
    "scale": Scale,
    "grid": Grid,
    "lines": Lines,
    "outlines": Outlines,
}
# printed rules that need no `expect`
NO_EXPECT = {"same", "prints"}
