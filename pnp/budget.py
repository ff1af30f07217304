"""Limits on the work one run may do, so that a small hostile game folder cannot hang a
machine or exhaust its memory. Each refusal names its limit and how to raise it
(`--limit NAME=N`); the defaults keep any input under 10 KB to seconds on two cores.

Limits bound work per face, and per byte of input: the totals that grow with an honest game's
size (`items`, `text_total`) grow with the spec files it is written in. Up to FREE_BYTES of
YAML and spreadsheets a game gets the defaults; each byte more adds GROWTH[name] to them (a
54,000-card deck is 54 KB of YAML), unless the limit was set with `--limit NAME=N`, which is
then exact. A hostile folder makes much from little; an honest one writes what it prints.

The limits and the running totals are per process: the CLI sets them (in every worker of
`--jobs` too) and each top-level game load starts the totals afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from pnp.errors import DEFAULT_MAX_TILES, PnpError


@dataclass
class Limits:
    includes: int = 200  # include files read while loading one game (repeated includes multiply)
    items: int = 10_000  # items across every family of a game (--max-items N is --limit items=N)
    primitives: int = 50_000  # drawing primitives on one face
    text: int = 5_000  # characters of text on one face
    text_total: int = (
        500_000  # characters of text laid out for one game (a text reused counts once)
    )
    stripes: int = 2_000  # stripe grooves across one piece
    preview: int = 2_000  # faces one preview draws
    shop: int = 2_000  # faces one print-shop export (pnp export --cards) draws
    pixels: int = 500_000_000  # pixels one preview or export draws (about 10 s on one core)
    tiles: int = DEFAULT_MAX_TILES  # pages one oversized item is tiled over (--max-tiles N)
    pattern_ms: int = 5_000  # milliseconds the rules' patterns may take matching, in one check
    font_steps: int = 50_000  # outline steps of one font file, at least (see font_allowed)


WHAT = {
    "includes": "include files read for one game",
    "items": "items across all families of a game",
    "primitives": "drawing primitives on one face",
    "text": "characters of text on one face",
    "text_total": "characters of text laid out for one game",
    "stripes": "stripe grooves across one piece",
    "preview": "faces in one preview",
    "shop": "faces in one print-shop export",
    "pixels": "pixels drawn in one preview or export",
    "tiles": "pages one oversized item is tiled over",
    "pattern_ms": "milliseconds of matching the rules' patterns in one check",
    "font_steps": "outline steps (segments, composite parts, CFF subroutine calls) in one font",
}

# A font's budget grows with its own file, not with the spec: honest fonts hold at most half a
# segment per byte (Vera 0.05, DejaVu 0.13, C059 0.22, Droid Sans Fallback 0.23), so a font
# drawing more than this from its bytes is built to multiply its work.
FONT_STEPS_PER_BYTE = 4

FREE_BYTES = 10_000  # spec bytes (YAML, CSV, XLSX) a game may read before its limits grow
GROWTH = {
    "items": 2,
    "text_total": 200,
    "pixels": 20_000,
}  # per spec byte past FREE_BYTES (the benchmark deck: 1 card, 140 characters a byte)

_limits = Limits()
_set: set[str] = set()  # limits given with --limit: exact, never grown
_spent: dict[str, int] = {}
_inputs: dict[str, int] = {}  # the spec files the game being loaded has read, and their sizes
_input_bytes = [0]  # of the game being loaded or drawn

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
    _set.clear()
    names = [f.name for f in fields(Limits)]
    for pair in pairs or []:
        name, _, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if (
            name not in names
            or not value.strip().isdigit()
            or int(value) < 1
            or len(value.strip()) > 15
        ):
            raise PnpError(
                "bad --limit",
                expected="NAME=N with N a whole number above 0, NAME one of: " + ", ".join(names),
                found=pair,
            )
        setattr(new, name, int(value))
        _set.add(name)
    _limits = new


def set_limit(name: str, value: int) -> None:
    """One limit, exact (`load_game(max_items=N)`, `--max-items N`)."""
    setattr(_limits, name, value)
    _set.add(name)


def reset(input_bytes: int | None = None) -> None:
    """Start the running totals afresh: a new game is loaded (`input_bytes` None: its spec
    files are counted as they are read), or a loaded one, of that many spec bytes, is drawn."""
    _spent.clear()
    if input_bytes is None:
        _inputs.clear()
    _input_bytes[0] = input_bytes or 0


def read(path: object, size: int) -> None:
    """A spec file (YAML, CSV, XLSX) read for the game being loaded: each file counts once."""
    key = str(path)
    if key not in _inputs:
        _inputs[key] = size
        _input_bytes[0] += size


def input_bytes() -> int:
    return _input_bytes[0]


def allowed(name: str) -> int:
    """Limit `name` for the game at hand: its default grown with the spec bytes, or as set."""
    base = getattr(_limits, name)
    if name in _set or name not in GROWTH:
        return base
    return base + GROWTH[name] * max(0, _input_bytes[0] - FREE_BYTES)


def font_allowed(file_bytes: int) -> int:
    """Outline steps a font file of this size may take: FONT_STEPS_PER_BYTE a byte, at least
    the `font_steps` limit; exactly that limit when it was set with --limit."""
    base = _limits.font_steps
    return base if "font_steps" in _set else max(base, FONT_STEPS_PER_BYTE * file_bytes)


def over(name: str, found: str, **where) -> PnpError:
    """The refusal for going past limit `name`."""
    n = allowed(name)
    grown = (
        f"; {GROWTH[name]} more per byte of YAML and spreadsheets past {FREE_BYTES:,}"
        if name in GROWTH and name not in _set
        else ""
    )
    return PnpError(
        f"too much work: more than {n:,} {WHAT[name]}",
        expected=f"at most {n:,} {WHAT[name]}{grown} (raise it with --limit {name}={n * 10})",
        found=found,
        **where,
    )


def check(name: str, amount: int, **where) -> None:
    """Refuse `amount` if it is past limit `name`."""
    if _fault_at:
        _memory_fault()
    if amount > allowed(name):
        raise over(name, f"{amount:,}", **where)


def spent(name: str) -> int:
    """The run's total so far for `name`."""
    return _spent.get(name, 0)


def spend(name: str, amount: int, **where) -> None:
    """Add `amount` to the run's total for `name`; refuse once it passes the limit."""
    if _fault_at:
        _memory_fault()
    total = _spent.get(name, 0) + amount
    _spent[name] = total
    if total > allowed(name):
        raise over(name, f"{total:,} so far", **where)
