"""The options a user gives a command, checked once for the command line and the library
alike: a bad value is the same PnpError (message, expected, found) from `pnp build --offset`
and from `pnp.build(offset=...)`. The command line shows `expected` and `found` as its usage
error; the library raises the PnpError."""

from __future__ import annotations

import datetime as dt
import math
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pnp.errors import PnpError, short

if TYPE_CHECKING:
    from pnp.spec.paper import PaperSpec


PAPERS_BOTH = ("a4", "letter")
ENGINES = ("reportlab", "svg")
FLIPS = ("long", "short")
MIN_DPI, MAX_DPI = 10.0, 1200.0  # below, a card is a few pixels; above, one board is gigabytes
# --margin: no printer leaves less than nothing, and past 25 mm an A4 sheet loses a quarter of
# its width (the widest unprinted edge in common printers' manuals is about 6 mm)
MAX_MARGIN = 25.0


def _found(value: object) -> str:
    return short(value)


def offset(value: object) -> tuple[float, float] | None:
    """The duplex back offset: "X,Y" (as --offset takes it) or a pair of numbers, in mm."""
    from pnp.spec.paper import MAX_OFFSET_MM

    if value is None:
        return None
    expected = (
        f"X,Y in millimetres, each from -{MAX_OFFSET_MM:g} to {MAX_OFFSET_MM:g} mm, such as 0.5,-1"
    )
    try:
        parts = value.split(",") if isinstance(value, str) else list(value)  # type: ignore[call-overload]
        if len(parts) != 2 or any(isinstance(v, bool) for v in parts):
            raise ValueError
        x, y = (float(v) for v in parts)
    except (TypeError, ValueError):
        raise PnpError("bad --offset", expected=expected, found=_found(value)) from None
    if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET_MM for v in (x, y)):
        raise PnpError("bad --offset", expected=expected, found=_found(value))
    return x, y


def papers(value: str | PaperSpec | Sequence[str | PaperSpec]) -> list[str | PaperSpec]:
    """The papers to build for: "both", "a4,letter" (as --paper takes it), or a list of paper
    ids, paper YAML paths and PaperSpecs. Each is found (or refused) by `pnp.spec.paper`."""
    from pnp.spec.paper import PaperSpec

    if isinstance(value, (str, PaperSpec)):
        value = _paper_list(value) if isinstance(value, str) else [value]
    try:
        names = list(value)
    except TypeError:
        names = None
    if not names or not all(isinstance(p, (str, PaperSpec)) for p in names):
        raise PnpError(
            "bad --paper",
            expected="a4, letter, both, a paper id or a paper YAML file (or a list of them)",
            found=_found(value),
        )
    return [n for p in names for n in (_paper_list(p) if isinstance(p, str) else [p])]


def _paper_list(text: str) -> list[str]:
    return (
        list(PAPERS_BOTH)
        if text.strip() == "both"
        else [p.strip() for p in text.split(",") if p.strip()]
    )


def choice(name: str, value: object, choices: Sequence[str]) -> str:
    """One of `choices` (worded as argparse words its choices)."""
    if value not in choices:
        raise PnpError(
            f"bad --{name}", expected="one of " + ", ".join(map(repr, choices)), found=_found(value)
        )
    return str(value)


def date(value: object) -> str | None:
    """The build date written into the PDFs (YYYY-MM-DD), or None for none."""
    if value is None:
        return None
    try:
        dt.date.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise PnpError("bad --date", expected="YYYY-MM-DD", found=_found(value)) from None
    return str(value)


# SOURCE_DATE_EPOCH, the reproducible-builds date: whole seconds from 1970 to the end of 2999,
# which every desktop's clock functions take (Windows' stop at 3000)
MAX_EPOCH = 32_503_679_999


def source_date_epoch() -> int | None:
    """SOURCE_DATE_EPOCH when set (checked, so no PDF writer meets a date it cannot write)."""
    text = os.environ.get("SOURCE_DATE_EPOCH")
    if text is None or not text.strip():
        return None
    value = text.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 12 and int(value) <= MAX_EPOCH):
        raise PnpError(
            "bad SOURCE_DATE_EPOCH (an environment variable)",
            expected=f"whole seconds since 1970-01-01 UTC, from 0 to {MAX_EPOCH} (the end of 2999), or unset",
            found=_found(text),
        )
    return int(value)


def dpi(value: object) -> float:
    """A resolution in dots per inch, from MIN_DPI to MAX_DPI."""
    try:
        n = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        n = math.nan
    if isinstance(value, bool) or not MIN_DPI <= n <= MAX_DPI:  # NaN fails this too
        raise PnpError(
            "bad --dpi",
            expected=f"dots per inch from {MIN_DPI:g} to {MAX_DPI:g}",
            found=_found(value),
        )
    return n


def count(name: str, value: object) -> int:
    """A whole number of 1 or more (--max-tiles, --max-items, --players)."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(value) if isinstance(value, str) else value
        except ValueError:
            pass
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PnpError(f"bad --{name}", expected="a whole number of 1 or more", found=_found(value))
    return value


def length(name: str, value: object) -> float:
    """A length in mm: a number, or text with a unit such as 3mm or 0.125in."""
    from pnp.units import parse_length

    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    try:
        return parse_length(value)
    except ValueError as exc:
        raise PnpError(
            f"bad --{name}", expected=str(exc).removeprefix("expected "), found=_found(value)
        ) from None


def margin(value: object) -> float | None:
    """--margin: the edge the printer cannot print, in mm (a bare number) or with a unit, from 0
    to MAX_MARGIN mm; None keeps the paper file's."""
    from pnp.units import parse_length

    if value is None:
        return None
    mm = math.nan
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        mm = float(value)
    elif isinstance(value, str):
        try:
            mm = float(value)
        except ValueError:
            try:
                mm = parse_length(value.strip())
            except ValueError:
                pass
    if not 0 <= mm <= MAX_MARGIN:  # NaN (not a length) fails this too
        raise PnpError(
            "bad --margin",
            expected=f"a length from 0 to {MAX_MARGIN:g} mm, such as 6, 6mm or 0.25in",
            found=_found(value),
        )
    return mm
