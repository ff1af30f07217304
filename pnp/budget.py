"""Limits on the total work one run may do, so that a small hostile game folder cannot hang a
machine or exhaust its memory. Each refusal names its limit and how to raise it
(`--limit NAME=N`); the defaults keep any input under 10 KB to seconds on two cores.

The limits and the running totals are per process: the CLI sets them (in every worker of
`--jobs` too) and each top-level game load starts the totals afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from pnp.errors import PnpError


@dataclass
class Limits:
    includes: int = 200  # include files read while loading one game (repeated includes multiply)
    items: int = 10_000  # items across every family of a game (per family: --max-items)
    primitives: int = 50_000  # drawing primitives on one face
    text: int = 5_000  # characters of text on one face
    text_total: int = 500_000  # characters of text drawn in one run (every face, every paper)
    stripes: int = 2_000  # stripe grooves across one piece
    preview: int = 2_000  # faces one preview draws
    shop: int = 2_000  # faces one print-shop export (pnp export --cards) draws


WHAT = {
    "includes": "include files read for one game",
    "items": "items across all families of a game",
    "primitives": "drawing primitives on one face",
    "text": "characters of text on one face",
    "text_total": "characters of text drawn in one run",
    "stripes": "stripe grooves across one piece",
    "preview": "faces in one preview",
    "shop": "faces in one print-shop export",
}

_limits = Limits()
_spent: dict[str, int] = {}

# Tests set _fault_at = N to make the Nth budget check of the process run out of memory. Every
# stage checks the budget (includes while loading, each face as it is drawn, the text of each
# page as it is written), so N picks a stage: the run must end in exit 2.
_fault_at = 0
_checks = [0]


def _memory_fault() -> None:
    _checks[0] += 1
    if _checks[0] == _fault_at:
        raise MemoryError


def configure(pairs: list[str] | None) -> None:
    """Set limits from `--limit NAME=N` arguments (the rest keep their defaults)."""
    global _limits
    new = Limits()
    names = [f.name for f in fields(Limits)]
    for pair in pairs or []:
        name, _, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if name not in names or not value.strip().isdigit() or int(value) < 1 or len(value.strip()) > 15:
            raise PnpError("bad --limit", expected="NAME=N with N a whole number above 0, NAME one of: " + ", ".join(names), found=pair)
        setattr(new, name, int(value))
    _limits = new


def reset() -> None:
    """Start the running totals afresh (a new game is loaded)."""
    _spent.clear()


def over(name: str, found: str, **where) -> PnpError:
    """The refusal for going past limit `name`."""
    n = getattr(_limits, name)
    return PnpError(
        f"too much work: more than {n:,} {WHAT[name]}",
        expected=f"at most {n:,} {WHAT[name]} (raise it with --limit {name}={n * 10})",
        found=found,
        **where,
    )


def check(name: str, amount: int, **where) -> None:
    """Refuse `amount` if it is past limit `name`."""
    if _fault_at:
        _memory_fault()
    if amount > getattr(_limits, name):
        raise over(name, f"{amount:,}", **where)


def spend(name: str, amount: int, **where) -> None:
    """Add `amount` to the run's total for `name`; refuse once it passes the limit."""
    if _fault_at:
        _memory_fault()
    total = _spent.get(name, 0) + amount
    _spent[name] = total
    if total > getattr(_limits, name):
        raise over(name, f"{total:,} so far", **where)
