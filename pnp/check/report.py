"""The checker's table: what the rulebook expects, what the game has."""

from __future__ import annotations

import textwrap

from pnp.check.result import Result

MISSES = 3  # failing faces listed under a rule


def table(game: str, results: list[Result], copy: str | None = None) -> str:
    """Every rule's outcome; for a copy (`copy`: its folder), a failure is a departure from the rulebook."""
    idw = max([len(r.id) for r in results] + [4])
    lines = [f"Rulebook check: {game}", f"{'':4} {'rule':<{idw}}  expected  |  found"]
    for r in results:
        departs = copy and not r.id.startswith(("coverage:", "printed:"))
        mark = "ok  " if r.passed else "DEPARTS" if departs else "FAIL"
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
    lines.append(f"{passed} of {len(results)} rules pass")
    if copy and passed < len(results):
        lines.append(
            f"{len(results) - passed} departures from the rulebook: `pnp check {copy} --accept` "
            "records them as this copy's house rules (each cite stays the rulebook's)"
        )
    return "\n".join(lines)


def summary(game: str, results: list[Result]) -> str:
    if not results:
        return f"{game}: no rules file"
    bad = [r for r in results if not r.passed]
    if not bad:
        return f"{game}: rulebook check: all {len(results)} rules pass"
    out = [f"{game}: rulebook check: {len(bad)} of {len(results)} rules FAIL"]
    for r in bad:
        out.append(f"  FAIL {r.id}: expected {r.expected}; found {r.found}")
        if r.misses:
            m = r.misses[0]
            out.append(f"       {m.item} ({m.face}) [{m.spec}]; rule at {r.rule}")
    return "\n".join(out)


def coverage(game: str, results: list[Result]) -> tuple[str, bool]:
    """`pnp check --coverage`: each printed text neither checked nor declared, as file:line: text."""
    cov = [r for r in results if r.id.startswith("coverage:")]
    if not cov:
        return (
            f"{game}: no design_texts in rules.yaml, so coverage is not checked (see docs/rules.md, Coverage)",
            False,
        )
    lines = [f"{m.spec}: {m.item} ({m.face}) prints {m.printed}" for r in cov for m in r.misses]
    if not lines:
        return "", True
    return "\n".join(
        lines
        + [
            f"{len(lines)} printed texts neither checked nor declared: {cov[0].cite.removeprefix('pnp: every printed text is accounted for: ')}"
        ]
    ), False
