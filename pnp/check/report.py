"""The checker's table: what the rulebook expects, what the game has."""

from __future__ import annotations

import textwrap

from pnp.check.evaluate import Result


def table(game: str, results: list[Result]) -> str:
    idw = max([len(r.id) for r in results] + [4])
    lines = [f"Rulebook check: {game}", f"{'':4} {'rule':<{idw}}  expected  |  found"]
    for r in results:
        mark = "ok  " if r.passed else "FAIL"
        lines.append(f"{mark} {r.id:<{idw}}  {r.expected}  |  {r.found}")
        if not r.passed:
            lines.append(textwrap.indent(textwrap.fill(f"rulebook: {r.cite}", 96), " " * (idw + 7)))
        if r.design_choice:
            lines.append(" " * (idw + 7) + "(design choice: the rulebook does not give this number)")
    passed = sum(r.passed for r in results)
    lines.append(f"{passed} of {len(results)} rules pass")
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
    return "\n".join(out)
