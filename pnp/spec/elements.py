"""The face template language: a list of elements, each one shape drawn in item coordinates.

Positions are lengths from the face's top-left corner or percentages of the face.
Text, symbol names, image files and colours may name item attributes: '{rank}'.
"""

from __future__ import annotations

import string
from functools import cached_property
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field, model_validator

from pnp.spec.types import Colour, Length, Pos, PosSize, Size, Spacing, Strict

Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]
Condition = dict[str, object]


def _dash(lengths: list[float]) -> list[float]:
    if any(v < 0 for v in lengths) or (lengths and sum(lengths) <= 0):
        raise ValueError("dash lengths must be zero or more, and not all zero")
    return lengths


Dash = Annotated[list[Length], AfterValidator(_dash)]


class Paint(Strict):
    fill: Colour = Field("none", description="fill colour")
    stroke: Colour = Field("none", description="outline colour")
    stroke_width: Spacing = Field(0.3, description="outline width")
    dash: Dash | None = Field(None, description="dash pattern, e.g. [2mm, 1mm]")
    opacity: float = Field(1.0, ge=0, le=1, description="0 (clear) to 1 (solid)")


class RectEl(Paint):
    x: Pos = Field(0.0, description="left edge")
    y: Pos = Field(0.0, description="top edge")
    w: PosSize = Field(..., description="width")
    h: PosSize = Field(..., description="height")
    radius: Spacing = Field(0.0, description="corner radius")
    rotate: float = Field(0.0, description="degrees clockwise about the centre")


class CircleEl(Paint):
    x: Pos = Field(..., description="centre, from the left")
    y: Pos = Field(..., description="centre, from the top")
    r: PosSize = Field(..., description="radius")
    ry: PosSize | None = Field(None, description="vertical radius, for an ellipse")


class LineEl(Strict):
    x1: Pos
    y1: Pos
    x2: Pos
    y2: Pos
    stroke: Colour = "black"
    stroke_width: Length = 0.3
    dash: Dash | None = None
    opacity: float = Field(1.0, ge=0, le=1)


class PolygonEl(Paint):
    points: list[tuple[Pos, Pos]] = Field(..., min_length=2, description="[[x, y], ...]")
    closed: bool = Field(True, description="join the last point to the first")


class PathEl(Paint):
    d: str = Field(..., description="SVG path data in millimetres (M L H V C S Q T A Z)")
    x: Pos = Field(0.0, description="offset of the path's origin")
    y: Pos = Field(0.0)
    scale: float = Field(1.0, gt=0)


class TextEl(Strict):
    text: str = Field(
        ...,
        description="the text; '{attr}' inserts an item attribute, a line break breaks the line;"
        " **bold**, *italic*, :art-name: an inline symbol; \\* and \\: print * and : themselves",
    )
    x: Pos = Field(0.0, description="left edge of the text box")
    y: Pos = Field(0.0, description="top edge of the text box")
    w: PosSize = Field("100%", description="width of the text box")
    h: PosSize | None = Field(None, description="height of the text box (default: one line)")
    size: Size = Field(3.5, description="font size, e.g. 10pt")
    font: str = Field(
        "regular", description="a font name: regular, bold, italic, bolditalic or the game's"
    )
    colour: Colour = Field("black", description="text colour")
    align: Align = "center"
    valign: VAlign = "middle"
    fit: Literal["shrink", "wrap", "none"] = Field(
        "wrap",
        description="wrap lines to the box and shrink until it fits, shrink one line, or neither",
    )
    line_height: float = Field(1.2, gt=0, description="line spacing as a multiple of the size")
    rotate: float = Field(0.0, description="degrees clockwise about the box centre")


class SymbolEl(Strict):
    name: str = Field(..., description="art name (library or game art/ folder), e.g. suit-{suit}")
    x: Pos = Field(..., description="centre, from the left")
    y: Pos = Field(..., description="centre, from the top")
    size: PosSize = Field(..., description="width and height of the symbol's box")
    colour: Colour = Field("black", description="colour for the art's tintable parts")
    rotate: float = Field(0.0, description="degrees clockwise")


class ImageEl(Strict):
    file: str = Field(..., description="PNG, JPEG or SVG file, relative to the game folder")
    x: Pos = 0.0
    y: Pos = 0.0
    w: PosSize = "100%"
    h: PosSize = "100%"


class PipsEl(Strict):
    symbol: str = Field(..., description="art name of one pip")
    count: str | int = Field(..., description="number of pips 1-10, or '{attr}'")
    colour: Colour = "black"
    x: Pos = "20%"
    y: Pos = "18%"
    w: PosSize = "60%"
    h: PosSize = "64%"
    size: PosSize = Field("14%", description="pip size")


class GridEl(Strict):
    x: Pos = Field(..., description="left edge of the grid")
    y: Pos = Field(..., description="top edge of the grid")
    cols: int = Field(..., ge=1, le=1000)
    rows: int = Field(..., ge=1, le=1000)
    cell: Size = Field(..., description="side of one square")
    stroke: Colour = "black"
    stroke_width: Length = 0.3
    fill: Colour = "none"


class Element(Strict):
    """One drawing step: exactly one shape key with its mapping, and `when:` or `unless:` beside it, not inside it (`- rect: {w: 10mm, h: 10mm}` then `when: {rank: 1}` on the next line).

    A condition belongs to the step, not to the shape: written inside the shape's mapping it
    is refused with a message that says it goes beside the shape key (spec/validate.py).
    """

    rect: RectEl | None = None
    circle: CircleEl | None = None
    line: LineEl | None = None
    polygon: PolygonEl | None = None
    path: PathEl | None = None
    text: TextEl | None = None
    symbol: SymbolEl | None = None
    image: ImageEl | None = None
    pips: PipsEl | None = None
    grid: GridEl | None = None
    when: Condition | None = Field(
        None,
        description="draw only for items whose attributes match, e.g. {rank: [3, 6, 9]};"
        " written beside the shape key, not inside its mapping",
    )
    unless: Condition | None = Field(
        None, description="skip items whose attributes match; beside the shape key, like when"
    )

    @model_validator(mode="after")
    def _one_shape(self):
        shapes = [k for k in SHAPES if getattr(self, k) is not None]
        if len(shapes) != 1:
            found = ", ".join(shapes) if shapes else "none"
            raise ValueError(f"expected exactly one of {', '.join(SHAPES)}; found {found}")
        return self

    @cached_property  # the key of the element's drawings (kinds/template.py): read per item
    def attribute_names(self) -> tuple[str, ...] | None:
        """The item attributes the element's values name ('{rank}'), sorted; None when a value
        cannot be read as a template (drawing it gives the error)."""
        names: set[str] = set()
        stack: list = [self]  # its fields' values, walked as model_dump() would list them
        while stack:
            v = stack.pop()
            if isinstance(v, BaseModel):
                stack.extend(getattr(v, f) for f in v.__class__.model_fields)
            elif isinstance(v, str):
                if "{" in v or "}" in v:
                    try:
                        names.update(
                            n for _, n, _, _ in string.Formatter().parse(v) if n is not None
                        )
                    except ValueError:
                        return None
            elif isinstance(v, dict):
                stack.extend(v.values())
            elif isinstance(v, (list, tuple)):
                stack.extend(v)
        return tuple(sorted(names))

    @cached_property  # read for every item drawn: worked out once per element
    def kind(self) -> str:
        return next(k for k in SHAPES if getattr(self, k) is not None)

    @cached_property
    def body(self):
        return getattr(self, self.kind)


SHAPES = ("rect", "circle", "line", "polygon", "path", "text", "symbol", "image", "pips", "grid")
