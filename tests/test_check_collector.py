"""The rulebook check holds the cycle collector back while it runs (its objects live until it
ends) and leaves it as it found it, on or off, whether the check passes or stops with an error."""

from __future__ import annotations

import gc

import pytest

from pnp.errors import PnpError
from pnp.pipeline import check_rules, prepare


@pytest.fixture(scope="module")
def prep():
    return prepare("piecepack", ["a4"])


@pytest.mark.parametrize("collecting", [True, False])
def test_the_collector_is_as_it_was(prep, collecting):
    seen = []
    gc.callbacks.append(lambda phase, info: seen.append(phase))
    was = gc.isenabled()
    try:
        gc.enable() if collecting else gc.disable()
        results = check_rules(prep)
        assert gc.isenabled() is collecting
    finally:
        gc.callbacks.pop()
        gc.enable() if was else gc.disable()
    assert results and all(r.passed for r in results)
    assert not seen  # no pass of the collector during the check


def test_the_collector_runs_again_after_an_error(prep, monkeypatch):
    import pnp.rulecheck.evaluate as evaluate

    def refuse(game):
        raise PnpError("rules file not found", file="rules.yaml")

    monkeypatch.setattr(evaluate, "load_rules", refuse)
    assert gc.isenabled()
    with pytest.raises(PnpError):
        check_rules(prep)
    assert gc.isenabled()
