"""Lengths, the one place units are parsed. Everything inside pnp is millimetres."""

from __future__ import annotations

import math
import re

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
UNITS_TEXT = "a number with a unit: mm, cm, in or pt (for example 63mm, 2.5in, 10pt)"
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt|%)\s*$")

PT = 25.4 / 72.0


def parse_length(value: object, *, allow_percent: bool = False, positive: bool = False) -> float:
    """'63mm' -> 63.0. A percentage returns a negative-free `Percent` when allowed."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError(f"expected {UNITS_TEXT}")
    if isinstance(value, (int, float)):
        raise ValueError(f"a bare number is not a length; expected {UNITS_TEXT}")
    m = _LENGTH.match(value)
    if not m:
        raise ValueError(f"expected {UNITS_TEXT}")
    number, unit = float(m.group(1)), m.group(2)
    if unit == "%":
        if not allow_percent:
            raise ValueError(f"a percentage is not accepted here; expected {UNITS_TEXT}")
        return Percent(number)
    if not math.isfinite(number):
        raise ValueError(f"expected a finite length; {UNITS_TEXT}")
    mm = number * MM_PER[unit]
    if positive and mm <= 0:
        raise ValueError("expected a length greater than zero")
    return mm


class Percent(float):
    """A length given as a share of the face it sits on."""

    def resolve(self, whole: float) -> float:
        return float(self) / 100.0 * whole


def resolve(value: float, whole: float) -> float:
    """A length or percentage as millimetres, given the size it is a share of."""
    if isinstance(
        value, str
    ):  # a schema default such as "100%" (pydantic does not validate defaults)
        value = parse_length(value, allow_percent=True)
    return value.resolve(whole) if isinstance(value, Percent) else float(value)


def mm_to_pt(mm: float) -> float:
    return mm * 72.0 / 25.4
