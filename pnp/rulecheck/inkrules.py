"""The rulebook check of an ink-saver print (`--ink-saver`): rules reading exact fill colours.

A rule may read filled regions by an exact colour (a palette name or #rrggbb: a board's tinted
corner, a token's grey centre, a track's spaces). The ink-saver prints large fills as light
tints and pale ones white inside an outline of their colour (pnp.draw.inksaver), so such a rule
fails on the ink-saver's faces although they draw the same design; `pnp check --ink-saver`
proves the print's fills on the print it lightens, as it does their coverage and contrast. A
failing rule that reads fills (`fills`, `colour`, `marking`, `track`) and names an exact colour
is read again on that print: when it holds there, it does not apply to the ink-saver's print
(not applicable, not a failure); when it fails there too, the failure stands. A rule naming only
colour words ("red") is not read again: the ink-saver keeps a colour's word, and must.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.rulecheck.colournames import BASIC
from pnp.rulecheck.named import strings_in
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
        if not r.passed and _exact_fill_colours(rules.rules[i], game.palette)
    }
    out = list(results)
    for i, r in evaluate_chosen(game, rules, again, None, draw).items():
        if r.passed:
            out[i] = replace(
                out[i],
                passed=True,
                found="not applicable with --ink-saver: holds on the print it lightens "
                "(the fills it reads by their exact colour are tinted)",
                misses=(),
                not_applicable="--ink-saver",
            )
    return out


READS_FILLS = ("fills", "colour", "marking", "track")  # measures that read the colour of fills


def _exact_fill_colours(rule, palette) -> bool:
    """The rule reads fills and names an exact colour (a palette name or #rrggbb, not a colour
    word such as red, which a rule reads as a word even where the palette has it) in its
    expect or its measure's options; a rule of another variant was read on that print."""
    if rule.check != "measure" or rule.variant or rule.measured[0] not in READS_FILLS:
        return False
    opts = rule.measured[1]
    named = strings_in(rule.expect) | strings_in(
        opts.model_dump() if hasattr(opts, "model_dump") else opts
    )
    return any(s.startswith("#") or (s in palette and s not in BASIC) for s in named)
