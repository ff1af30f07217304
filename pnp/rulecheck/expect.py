"""The one comparator: a rule's expect as the comparator reads it, a measure's readings held
against it, and the words a result says both in."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from pnp.rulecheck.colournames import colour_name
from pnp.rulecheck.reading import RuleInputError
from pnp.rulecheck.spans import norm
from pnp.units import parse_length

TOL = 0.1  # mm: a drawn size within this is the size asked for
MOST_SQUARES = 10_000  # squares one shape is read on: a board's grid has hundreds
ColourIs = Callable[[str, str], bool]  # a drawn colour (#rrggbb) is the one a rule names


def count_expect(expect) -> object:
    """A count a rule expects: a whole number, or {min, max} of whole numbers; else the rule's error."""
    if isinstance(expect, bool) or not (
        isinstance(expect, int)
        or (
            isinstance(expect, dict)
            and expect
            and set(expect) <= {"min", "max"}
            and all(isinstance(v, int) and not isinstance(v, bool) for v in expect.values())
        )
    ):
        raise RuleInputError(
            f"expect a count: a whole number or {{min: n, max: m}}, not {expect!r}"
        )
    return expect


def count_ok(n: int, expect) -> bool:
    """A count against a number, or against {min: a, max: b} (either bound may be left out)."""
    if isinstance(expect, dict) and set(expect) <= {"min", "max"}:
        return expect.get("min", n) <= n <= expect.get("max", n)
    return n == expect


def wanted(kind: str, opts, expect, colour_is: ColourIs):
    """The expect of a rule as the comparator reads it, (form, value), or the rule's error."""
    if kind == "list":
        if isinstance(expect, dict) and {"from", "to"} <= set(expect) <= {"from", "to", "step"}:
            return ("list", sorted(_track(expect)))
        if isinstance(expect, list):
            return (
                "list",
                sorted(n for n in (norm("" if x is None else str(x)) for x in expect) if n),
            )
        if isinstance(expect, str):
            return ("list", [norm(expect)])
        return ("count", count_expect(expect))
    if kind == "colours":
        if isinstance(expect, list):
            return ("list", sorted(str(x) for x in expect))
        if isinstance(expect, (dict, bool)) or expect is None:
            raise RuleInputError(
                f"colour: expect a colour word, palette name or #rrggbb (or a list of them), not {expect!r}"
            )
        colour_is("#000000", str(expect))  # an unknown colour is the rule's error
        return ("one", str(expect))
    if kind == "fills":
        return ("fills", _wanted_fills(opts, expect, colour_is))
    if kind == "sizes":
        return ("sizes", _size_bounds(expect))
    if kind == "ratio":
        if isinstance(expect, bool) or not isinstance(expect, (int, float)) or expect <= 0:
            raise RuleInputError(f"scale: expect a number above 0 such as 0.75, not {expect!r}")
        return ("ratio", float(expect))
    if kind == "grid":
        if not isinstance(expect, dict) or not set(expect) <= {"cols", "rows", "cell"}:
            raise RuleInputError("grid: expect {cols, rows, cell}")
        try:
            return ("grid", {k: parse_length(v) if k == "cell" else v for k, v in expect.items()})
        except (TypeError, ValueError) as exc:
            raise RuleInputError(f"grid: {exc}") from None
    raise AssertionError(kind)


def _wanted_fills(opts, expect, colour_is: ColourIs) -> tuple:
    """colour -> a count, or its squares (in any turn, or placed from `origin`); side; origin."""
    if not isinstance(expect, dict) or not expect:
        raise RuleInputError(
            "fills: expect a mapping of colour to a count (or, with 'square', to its squares)"
        )
    for word, n in expect.items():
        colour_is("#000000", str(word))
        if opts.square is None:
            count_expect(n)
    return (
        {
            str(k): (
                v if opts.square is None else _canonical(v) if opts.origin is None else _placed(v)
            )
            for k, v in expect.items()
        },
        opts.square,
        None if opts.origin is None else (opts.origin.x, opts.origin.y),
    )


def judge(kind: str, got: list, want, label: str, colour_is: ColourIs, scale: float) -> tuple:
    """(passes, what is found[, the text to find the spec line by]) for one reading against one
    expect; `scale` is the face's, for squares placed in the family's own millimetres."""
    form, w = want
    if form == "count":
        return _judge_count(got, w, label)
    if kind == "colours":
        return _judge_colours(got, form, w, colour_is)
    if form == "list" and kind == "list":
        return _judge_list(got, w, label)
    if form == "fills":
        return _judge_fills(got, w, colour_is, scale)
    if form == "sizes":
        return _judge_sizes(got, w, label)
    if form == "ratio":
        if not got or got[0] is None:
            return False, "nothing drawn to compare with"
        sx, sy, what = got[0]
        return abs(sx - w) < 1e-3 and abs(sy - w) < 1e-3, f"{sx:.3f} x {sy:.3f} {what}"
    if form == "grid":
        return _judge_grid(got[0], w)
    raise RuleInputError(f"expect {w!r} does not fit this measure")


def _judge_count(got: list, w, label: str) -> tuple:
    ok = count_ok(len(got), w)
    shown = f"{label} {len(got)}" + (
        f": {quote(got)}" if got and isinstance(got[0], str) and label == "texts" else ""
    )
    return (ok, shown, got[0]) if got and label == "texts" and not ok else (ok, shown)


def _judge_list(got: list, w: list, label: str) -> tuple:
    g = sorted(got)
    if g == w:
        return True, f"{len(g)} as listed"
    extra = list((Counter(g) - Counter(w)).elements())
    return (False, diff(w, g), extra[0]) if extra and label == "texts" else (False, diff(w, g))


def _judge_colours(got: list, form: str, w, colour_is: ColourIs) -> tuple:
    shown = (
        ", ".join(f"{c} ({colour_name(c)})" if c else "no colour" for c in got) or "nothing drawn"
    )
    if form == "one":
        return bool(got) and all(c is not None and colour_is(c, w) for c in got), shown
    names = sorted(colour_name(c) if c else "none" for c in got)
    return names == w, diff(w, names) if names != w else shown


def _judge_fills(got: list, want: tuple, colour_is: ColourIs, k: float) -> tuple:
    bad = []
    w, side, origin = want
    for word, n in w.items():
        hits = [s for s in got if colour_is(s.fill, word)]
        if isinstance(n, int):
            if not count_ok(len(hits), n):
                bad.append(f"{word}: {len(hits)}")
        elif origin is not None:  # each square where it lies: a shift of one fails
            at = _squares_at(hits, side * k, (origin[0] * k, origin[1] * k))
            if at != n:
                bad.append(f"{word}: {_show_cells(at) if at else 'none'}")
        else:
            shapes = sorted({_cells(s, side) for s in hits}, key=str)
            if shapes != [n]:
                bad.append(
                    f"{word}: " + (", ".join(_show_cells(c) for c in shapes) if shapes else "none")
                )
    return not bad, "; ".join(bad)


def _judge_sizes(got: list, w: tuple, label: str) -> tuple:
    lo, hi, _ = w
    if not got:
        return False, f"no {label} drawn"
    bad = [
        (a, b)
        for a, b in got
        if not (lo[0] - TOL <= a <= hi[0] + TOL and lo[1] - TOL <= b <= hi[1] + TOL)
    ]
    return not bad, "" if not bad else f"{label} {bad[0][0]:.2f} x {bad[0][1]:.2f} mm"


def _judge_grid(g: dict, w: dict) -> tuple:
    steps = g["steps"]
    ok = all(abs(g[k] - v) <= TOL if k == "cell" else g[k] == v for k, v in w.items()) and (
        not steps or steps[-1] - steps[0] <= TOL or "cell" not in w
    )
    return ok, f"{g['cols']} x {g['rows']} squares of {g['cell']:.2f} mm" + (
        f" (lines {steps[0]:.2f} to {steps[-1]:.2f} mm apart)"
        if steps and steps[-1] - steps[0] > TOL
        else ""
    )


def words(kind: str, label: str, want) -> str:
    """An expect in the words of a result's `expected`."""
    form, w = want
    if form == "count":
        return f"{_fmt_count(w)} {label}"
    if form == "list":
        return quote(w)
    if form == "sizes":
        return w[2]
    if form == "ratio":
        return f"{w:g} of full size"
    if form == "fills":
        return ", ".join(
            f"{k}: {_show_cells(v) if isinstance(v, tuple) else v}" for k, v in w[0].items()
        )
    if form == "grid":
        return ", ".join(f"{k} {v:g}" for k, v in w.items())
    return str(w)


def label(name: str, opts) -> str:
    """What a measure counts, in a result's words: texts, 'suit-*' in red, a die face ..."""
    if name == "texts":
        return "texts"
    if name == "marks":
        return f"'{opts.art}'" + (f" in {opts.colour}" if opts.colour else "")
    if name == "size":
        return "a die face" if opts.die_face else f"'{opts.art}'" if opts.art else "face"
    if name == "faces":
        return "faces"
    return name


def shape(kind: str, form: str, reading: list):
    """One face's (or every face's) reading in the form an expect takes."""
    if kind == "colours":
        names = sorted(colour_name(c) if c else "none" for c in reading)
        return names[0] if form == "one" and len(set(names)) == 1 else names
    if form == "count":
        return len(reading)
    got = sorted(reading)
    return got[0] if len(got) == 1 else got


def _fmt_count(expect) -> str:
    if isinstance(expect, dict):
        lo, hi = expect.get("min"), expect.get("max")
        return (
            f"at least {lo}" if hi is None else f"at most {hi}" if lo is None else f"{lo} to {hi}"
        )
    return str(expect)


def quote(items) -> str:
    items = list(items)
    shown = ", ".join(f"'{t}'" for t in items[:12])
    return "[" + shown + (f", ... ({len(items)} in all)" if len(items) > 12 else "") + "]"


def _cells(s, side: float) -> tuple:
    """The squares of `side` a filled shape covers (a square counts when its centre is inside), as a shape."""
    x0, y0 = s.box[0], s.box[1]
    fw, fh = (s.box[2] - x0) / side, (s.box[3] - y0) / side
    cols, rows = round(fw), round(fh)
    if abs(fw - cols) * side > TOL or abs(fh - rows) * side > TOL:
        return (("not whole squares", f"{fw:.2f} x {fh:.2f}"),)
    cells = [
        (i, j)
        for i in range(cols)
        for j in range(rows)
        if s.holds(x0 + (i + 0.5) * side, y0 + (j + 0.5) * side)
    ]
    return _canonical(cells)


def _squares_at(shapes, side: float, origin: tuple[float, float]) -> tuple:
    """The squares of a grid (square [0, 0] from `origin`) whose centres the shapes cover."""
    out = set()
    for s in shapes:
        ox, oy = origin
        c0, c1 = math.floor((s.box[0] - ox) / side), math.ceil((s.box[2] - ox) / side)
        r0, r1 = math.floor((s.box[1] - oy) / side), math.ceil((s.box[3] - oy) / side)
        if (c1 - c0) * (r1 - r0) > MOST_SQUARES:
            raise RuleInputError(
                f"fills: a shape {s.box[2] - s.box[0]:.1f} x {s.box[3] - s.box[1]:.1f} mm spans "
                f"more than {MOST_SQUARES} squares of {side:.2f} mm: a larger square, or an 'in' area"
            )
        out |= {
            (c, r)
            for c in range(c0, c1)
            for r in range(r0, r1)
            if s.holds(ox + (c + 0.5) * side, oy + (r + 0.5) * side)
        }
    return tuple(sorted(out))


def _placed(cells) -> tuple:
    """Squares as written in an expect, by column and row, in one order (never turned)."""
    try:
        return tuple(sorted({(int(c[0]), int(c[1])) for c in cells}))
    except (TypeError, ValueError, IndexError):
        raise RuleInputError(
            "fills with 'square': expect each colour's squares as [[x, y], ...]"
        ) from None


def _canonical(cells) -> tuple:
    """One spelling of a set of squares, the same however it is turned or flipped."""
    try:
        pts = [(int(c[0]), int(c[1])) for c in cells]
    except (TypeError, ValueError, IndexError):
        raise RuleInputError(
            "fills with 'square': expect each colour's squares as [[x, y], ...]"
        ) from None
    if not pts:
        return ()
    forms = []
    for fx, fy, swap in [(a, b, c) for a in (1, -1) for b in (1, -1) for c in (False, True)]:
        q = [((y if swap else x) * fx, (x if swap else y) * fy) for x, y in pts]
        mx, my = min(p[0] for p in q), min(p[1] for p in q)
        forms.append(tuple(sorted((x - mx, y - my) for x, y in q)))
    return min(forms)


def _show_cells(cells: tuple) -> str:
    if cells and isinstance(cells[0][0], str):
        return f"{cells[0][0]} ({cells[0][1]})"
    return "[" + ", ".join(f"[{x}, {y}]" for x, y in cells) + "]"


def _track(expect: dict) -> list[str]:
    """{from: 0, to: 100, step: 1}: the numbers a track prints, each once."""
    try:
        a, b, step = int(expect["from"]), int(expect["to"]), int(expect.get("step", 1))
    except (TypeError, ValueError):
        raise RuleInputError("texts: from, to and step are whole numbers") from None
    if step == 0 or abs(b - a) // abs(step) > 100_000:
        raise RuleInputError("texts: a track of at most 100,000 numbers, with a step that is not 0")
    return [str(n) for n in range(a, b + (1 if step > 0 else -1), step)]


def diff(want: list[str], got: list[str]) -> str:
    missing = list((Counter(want) - Counter(got)).elements())
    extra = list((Counter(got) - Counter(want)).elements())
    parts = []
    if missing:
        parts.append(f"missing {quote(missing)}")
    if extra:
        parts.append(f"extra {quote(extra)}")
    return "; ".join(parts) or "the same"


def _size_bounds(expect) -> tuple[tuple[float, float], tuple[float, float], str]:
    """(min w, min h), (max w, max h) and the words for an expect of a length, {w, h}, {max} or {min}."""
    try:
        if isinstance(expect, str):
            v = parse_length(expect)
            return (v, v), (v, v), f"{expect} x {expect}"
        if isinstance(expect, dict) and set(expect) <= {"w", "h"} and expect:
            w = parse_length(expect["w"]) if "w" in expect else None
            h = parse_length(expect["h"]) if "h" in expect else None
            return (
                (w or 0.0, h or 0.0),
                (w or 1e9, h or 1e9),
                f"{expect.get('w', 'any')} x {expect.get('h', 'any')}",
            )
        if isinstance(expect, dict) and set(expect) <= {"min", "max"} and expect:
            lo = parse_length(expect["min"]) if "min" in expect else 0.0
            hi = parse_length(expect["max"]) if "max" in expect else 1e9
            return (
                (lo, lo),
                (hi, hi),
                " and ".join(f"{k} {v}" for k, v in expect.items()) + " each way",
            )
    except ValueError as exc:
        raise RuleInputError(f"drawn_size: {exc}") from None
    raise RuleInputError("drawn_size: expect a length (2in), {w, h} or {min, max}")
