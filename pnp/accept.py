"""`pnp check COPY --accept`: a copy's departures from the rulebook recorded as house rules
(pnp.rulecheck.house writes them), and the copy checked again through the pipeline."""

from __future__ import annotations

from pnp.errors import PnpError, escape
from pnp.pipeline import check_rules, draw_printed, prepare
from pnp.pipeline import printed as printed_faces
from pnp.rulecheck.house import accept
from pnp.rulecheck.house_lines import is_copy
from pnp.rulecheck.result import Result
from pnp.spec.load import load_game
from pnp.spec.model import Game


def accept_and_report(game: Game, prep, results: list[Result], shown: str) -> int:
    """`pnp check COPY --accept`: record the departures, check again, print both; 0 when all pass."""
    if not is_copy(game):
        raise PnpError(
            "--accept records house rules in a copy of a game, never in a shipped one",
            file=str(game.rules_file),
            expected=f"pnp new MY-COPY --from {game.id}, then pnp check MY-COPY --accept",
        )
    if all(r.passed for r in results):
        print(f"{game.id}: no departures from the rulebook to accept")
        return 0
    recorded, printed = 0, _faces(prep)
    for _ in range(3):  # a rule naming another's expect (a YAML alias) follows it: read again
        done, refused = accept(game, results, printed, draw_printed)
        for line in done:
            print(f"house rule: {escape(line)}")
        recorded += len(done)
        game = load_game(str(game.folder), variant=game.variant, allow_outside=game.allow_outside)
        again = prepare(game, ["a4"])
        results, printed = check_rules(again) or [], _faces(again)
        if not done or all(r.passed for r in results):
            break
    bad = [r for r in results if not r.passed]
    for line in refused:  # only what still fails: pnp's own checks may pass once rules are recorded
        if any(line.startswith(r.id + ": ") for r in bad):
            print(f"not accepted: {escape(line)}")
    print(
        f"{recorded} house rules recorded in {game.rules_file}; "
        f"{len(results) - len(bad)} of {len(results)} rules pass"
    )
    return 0 if not bad else 1


def _faces(prep):
    """The faces the check read, with the A4 plan's guide pages (rules read them too)."""
    from pnp.rulecheck.guide import add_guide

    printed = printed_faces(prep)
    if prep.plans:
        add_guide(prep.game, printed, prep.plans[0])
    return printed
