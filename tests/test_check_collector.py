"""A build and the rulebook check hold the cycle collector back while they run (their objects
live until they end) and leave it as they found it, on or off, whether they finish or stop with an
error."""

from __future__ import annotations

import gc

import pytest

from pnp.errors import PnpError
from pnp.pipeline import check_rules, prepare


@pytest.fixture(scope="module")
def prep():
    return prepare("piecepack", ["a4"])


@pytest.mark.parametrize("collecting", [True, False])
def test_the_collector_is_as_it_was(prep, collecting, monkeypatch):
    import pnp.pipeline

    working, seen = [], []  # a pass while the check itself runs
    inner = pnp.pipeline._check_rules

    def check(*args):
        working.append(True)
        try:
            return inner(*args)
        finally:
            working.clear()

    monkeypatch.setattr(pnp.pipeline, "_check_rules", check)
    gc.callbacks.append(lambda phase, info: working and seen.append(phase))
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


def test_a_build_holds_the_collector_back_and_leaves_it_on(tmp_path, monkeypatch):
    import pnp.pipeline
    import pnp.write
    from pnp.api import build

    working, seen = [], []  # a pass between the first stage's start and the last one's end
    prepare, write = pnp.pipeline.prepare, pnp.write.write

    def first(*args, **kwargs):
        working.append(True)
        return prepare(*args, **kwargs)

    def last(*args, **kwargs):
        try:
            return write(*args, **kwargs)
        finally:
            working.clear()

    monkeypatch.setattr(pnp.pipeline, "prepare", first)
    monkeypatch.setattr(pnp.write, "write", last)
    gc.callbacks.append(lambda phase, info: working and seen.append(phase))
    try:
        assert gc.isenabled()
        written = build("piecepack", "a4", out_dir=tmp_path)
        assert gc.isenabled()
    finally:
        gc.callbacks.pop()
    assert written and written[0].pdf.exists()
    assert not seen  # drawing, imposing, checking and writing: no pass of the collector


def test_a_refused_build_leaves_the_collector_on(tmp_path, monkeypatch):
    import pnp.rulecheck.evaluate as evaluate
    from pnp.api import build

    def refuse(game):
        raise PnpError("rules file not found", file="rules.yaml")

    monkeypatch.setattr(evaluate, "load_rules", refuse)
    with pytest.raises(PnpError):
        build("piecepack", "a4", out_dir=tmp_path)
    assert gc.isenabled()
    assert not list(tmp_path.iterdir())
