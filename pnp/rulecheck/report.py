"""The checker's table: what the rulebook expects, what the game has."""

from __future__ import annotations

import textwrap

from pnp.rulecheck.result import Result

MISSES = 3  # failing faces listed under a rule


def table(game: str, results: list[Result], copy: str | None = None, *, quiet: bool = False) -> str:
    """Every rule's outcome; for a copy (`copy`: its folder), a failure is a departure from the
    rulebook. `quiet` (`pnp check -q`): no title, and only the rules that do not pass."""
    idw = max([len(r.id) for r in results] + [4])
    lines = [] if quiet else [f"Rulebook check: {game}"]
    if not quiet or not all(r.passed for r in results):
        lines.append(f"{'':4} {'rule':<{idw}}  expected  |  found")
    for r in results:
        if quiet and r.passed:
            continue
        departs = _departs(r, bool(copy))
        mark = (
            "n/a " if r.not_applicable else "ok  " if r.passed else "DEPARTS" if departs else "FAIL"
        )
        lines.append(f"{mark} {r.id:<{idw}}  {r.expected}  |  {r.found}")
        if r.house_rule:
            lines.append(
                " " * (idw + 7) + f"(house rule of this copy; the rulebook says: {r.cite})"
            )
        if not r.passed:
            pad = " " * (idw + 7)
            said = "the rulebook says" if departs else "rulebook"
            lines.append(textwrap.indent(textwrap.fill(f"{said}: {r.cite}", 96), pad))
            for m in r.misses[:MISSES]:
                lines.append(
                    textwrap.indent(
                        textwrap.fill(
                            f"{m.item} ({m.face}) {'the copy ' if departs else ''}prints: {m.printed}  [{m.spec}]",
                            96,
                        ),
                        pad,
                    )
                )
            if len(r.misses) > MISSES:
                lines.append(f"{pad}... and {len(r.misses) - MISSES} more faces")
            if r.rule:
                lines.append(f"{pad}rule: {r.rule}")
        if r.design_choice:
            lines.append(
                " " * (idw + 7) + "(design choice: the rulebook does not give this number)"
            )
    passed = sum(r.passed for r in results)
    lines.append(f"{passed} of {len(results)} rules pass{_not_applicable(results)}")
    departures = sum(not r.passed and _departs(r, bool(copy)) for r in results)
    if departures:
        lines.append(
            f"{departures} departure{'s' if departures > 1 else ''} from the rulebook: "
            f"`pnp check {copy} --accept` "
            "records them as this copy's house rules (each cite stays the rulebook's)"
        )
    return "\n".join(lines)


def summary(game: str, results: list[Result], copy: bool = False) -> str:
    """The build's word on the rulebook check; for a copy, a failure is a departure."""
    if not results:
        return f"{game}: no rules file"
    bad = [r for r in results if not r.passed]
    if not bad:
        return f"{game}: rulebook check: all {len(results)} rules pass{_not_applicable(results)}"
    departures = [r for r in bad if _departs(r, copy)]
    failures = [r for r in bad if not _departs(r, copy)]
    said = [f"{len(failures)} of {len(results)} rules FAIL"] if failures else []
    said += [f"{len(departures)} depart from the rulebook"] if departures else []
    out = [f"{game}: rulebook check: " + "; ".join(said)]
    for r in bad:
        out.append(
            f"  {'DEPARTS' if _departs(r, copy) else 'FAIL'} {r.id}: expected {r.expected}; found {r.found}"
        )
        if r.misses:
            m = r.misses[0]
            out.append(f"       {m.item} ({m.face}) [{m.spec}]; rule at {r.rule}")
    return "\n".join(out)


def _not_applicable(results: list[Result]) -> str:
    """How many of the passing rules do not apply (player sets not printed, an ink-saver print)."""
    na = [r.not_applicable for r in results if r.not_applicable]
    at = "at" if na and na[0].endswith("players") else "with"  # "3 players", "--ink-saver"
    return f" ({len(na)} of them not applicable {at} {na[0]})" if na else ""


def _departs(r: Result, copy: bool) -> bool:
    """A copy's failing rule departs from the rulebook; a text not accounted for, or a
    shape pnp cannot print, fails in a copy as anywhere."""
    return copy and not r.id.startswith(("coverage:", "drawn:", "printed:"))


def coverage(game: str, results: list[Result]) -> tuple[str, bool]:
    """`pnp check --coverage`: each printed element with a part neither proven nor declared,
    as file:line, then the counts per kind (proven, declared, unproven)."""
    cov = [r for r in results if r.id.startswith(("coverage:", "drawn:"))]
    if not cov:
        return (
            f"{game}: no design_texts in rules.yaml, so coverage is not checked (see docs/rules.md, Coverage)",
            False,
        )
    lines = []
    for r in cov:
        text = r.id.startswith("coverage:")
        for m in r.misses:
            part = m.printed.rsplit(" (", 1)[0]
            whole = not text or not m.unproven or f"'{m.unproven}'" == part
            left = "" if whole else f": unproven '{m.unproven}'"
            lines.append(
                f"{m.spec}: {m.item} ({m.face}) {'prints' if text else 'has'} {m.printed}{left}"
            )
    counts = [
        f"{game}: {r.found.split(': ')[1] if ': ' in r.found else r.found} ({r.id.split(':')[1]})"
        for r in cov
    ]
    if not lines:
        return "\n".join(counts), True
    hows = [
        f"{len(r.misses)} {r.id.split(':')[1]} not proven whole: {r.cite.split(': ', 1)[1]}"
        for r in cov
        if r.misses
    ]
    return "\n".join(lines + counts + hows), False
