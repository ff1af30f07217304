"""The rulebook check of an ink-saver print (`--ink-saver`): rules reading fills.

A `fills` rule reads filled regions by their colour, where they lie. The ink-saver prints a
large pale fill (cream, pastel: a board's tinted corner, a shaded block) white inside an outline
of its colour (pnp.draw.inksaver), so such a rule fails on the ink-saver's faces although they
draw the same design; `pnp check --ink-saver` proves the print's fills on the print it lightens,
as it does their coverage and contrast. A failing `fills` rule is read again on that print:
when it holds there, it does not apply to the ink-saver's print (not applicable, not a
failure); when it fails there too, the failure stands.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.rulecheck.result import Result
from pnp.rulecheck.seats import Draw, evaluate_chosen
from pnp.rulecheck.spec import RulesFile
from pnp.spec.model import Game


def for_ink_saver(
    game: Game, rules: RulesFile, results: list[Result], printed, draw: Draw
) -> list[Result]:
    """`results` with the failing fills rules of an ink-saver print read on the normal print."""
    if printed is None or not printed.ink_saver:
        return results
    again = {
        i: rules.rules[i]
        for i, r in enumerate(results[: len(rules.rules)])
        if not r.passed
        and rules.rules[i].check == "measure"
        and rules.rules[i].measured[0] == "fills"
        and not rules.rules[i].variant  # a rule of another variant was read on that print
    }
    out = list(results)
    for i, r in evaluate_chosen(game, rules, again, None, draw).items():
        if r.passed:
            out[i] = replace(
                out[i],
                passed=True,
                found="not applicable with --ink-saver: holds on the print it lightens "
                "(its pale fills print white inside an outline of their colour)",
                misses=(),
                not_applicable="--ink-saver",
            )
    return out
