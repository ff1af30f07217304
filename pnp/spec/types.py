"""Field types shared by every YAML schema: lengths with units, colours, strict models."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, WithJsonSchema

from pnp.units import UNITS_TEXT, Percent, parse_length

LENGTH_PATTERN = r"^\s*-?(\d+(\.\d+)?|\.\d+)\s*(mm|cm|in|pt)\s*$"
POS_PATTERN = r"^\s*-?(\d+(\.\d+)?|\.\d+)\s*(mm|cm|in|pt|%)\s*$"


def _length(value: Any) -> float:
    return parse_length(value)


def _positive(value: Any) -> float:
    return parse_length(value, positive=True)


def _spacing(value: Any) -> float:
    mm = parse_length(value)
    if mm < 0:
        raise ValueError("expected a length of zero or more")
    return mm


def _pos(value: Any) -> float:
    return parse_length(value, allow_percent=True)


def _pos_positive(value: Any) -> float:
    mm = parse_length(value, allow_percent=True)
    if mm <= 0:
        raise ValueError("expected a size greater than zero")
    return mm


def _serialise(value: float | str) -> str:
    if isinstance(value, str):  # a default written as text
        return value
    if isinstance(value, Percent):
        return f"{float(value):g}%"
    return f"{value:g}mm"


_ser = PlainSerializer(_serialise, return_type=str)

Length = Annotated[
    float,
    BeforeValidator(_length),
    _ser,
    WithJsonSchema({"type": "string", "pattern": LENGTH_PATTERN, "description": UNITS_TEXT}),
]
"""A length with a unit, as millimetres."""

Spacing = Annotated[
    float,
    BeforeValidator(_spacing),
    _ser,
    WithJsonSchema(
        {
            "type": "string",
            "pattern": r"^\s*(\d+(\.\d+)?|\.\d+)\s*(mm|cm|in|pt)\s*$",
            "description": UNITS_TEXT + ", zero or more",
        }
    ),
]
"""A gap, margin or bleed: a length of zero or more (a negative one would overlap items)."""

Size = Annotated[
    float,
    BeforeValidator(_positive),
    _ser,
    WithJsonSchema(
        {"type": "string", "pattern": LENGTH_PATTERN, "description": UNITS_TEXT + ", above zero"}
    ),
]
"""A length above zero."""

# Typed as Any so that pydantic keeps the Percent that the validator returns.
Pos = Annotated[
    Any,
    BeforeValidator(_pos),
    _ser,
    WithJsonSchema(
        {
            "type": "string",
            "pattern": POS_PATTERN,
            "description": UNITS_TEXT + ", or a % of the face",
        }
    ),
]
"""A length, or a percentage of the face it sits on."""

PosSize = Annotated[
    Any,
    BeforeValidator(_pos_positive),
    _ser,
    WithJsonSchema(
        {"type": "string", "pattern": POS_PATTERN, "description": UNITS_TEXT + " or %, above zero"}
    ),
]

Colour = Annotated[
    str,
    Field(
        description="a colour: a name from the game's palette, any CSS colour name (crimson, teal ...), "
        "#rgb, #rrggbb, #rrggbbaa (alpha: a shape's opacity), 'none', or an item attribute such as '{colour}'"
    ),
]

Count = Annotated[int, Field(ge=0)]


class Strict(BaseModel):
    """Every YAML mapping refuses keys it does not know."""

    # allow_inf_nan=False: YAML's .nan and .inf are refused where a number is expected
    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, allow_inf_nan=False, defer_build=True
    )


class Box(Strict):
    """A width and a height."""

    w: Size = Field(description="width")
    h: Size = Field(description="height")
