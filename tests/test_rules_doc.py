"""docs/rules.md's worked examples are real rules: each passes on its game as shipped, and the
failure the guide describes is the one `pnp check` reports."""

from __future__ import annotations

import functools
import importlib.util
import re
from pathlib import Path

import pytest
import yaml

from pnp.pipeline import draw_printed, prepare
from pnp.pipeline import printed as printed_faces
from pnp.rulecheck.evaluate import evaluate, load_rules
from pnp.rulecheck.spec import RulesFile
from pnp.spec.load import load_game
from tests.rulecheck import copy_game, edit, failing

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
# each worked example's section and the games its rules are written for (the citation check's list)
_spec = importlib.util.spec_from_file_location("check_citations", ROOT / "scripts" / "check_citations.py")
_cc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cc)
SECTIONS = _cc.DOC_SECTIONS


def worked_examples() -> list[tuple[str, dict]]:
    """(section, {regions, rules}) for every yaml block under a '## Worked example:' heading."""
    out = []
    for part in re.split(r"^## ", DOC.read_text(encoding="utf-8"), flags=re.M):
        title = part.split("\n", 1)[0].strip()
        if not title.startswith("Worked example: "):
            continue
        for block in re.findall(r"^```yaml\n(.*?)^```", part, flags=re.S | re.M):
            data = yaml.safe_load(block)
            if isinstance(data, list):
                data = {"rules": data}
            out.append((title.removeprefix("Worked example: "), data))
    return out


EXAMPLES = worked_examples()
RULES = [
    (section, data.get("regions") or {}, rule)
    for section, data in EXAMPLES
    for rule in data["rules"]
]


def test_every_game_has_a_worked_example():
    assert {s for s, _ in EXAMPLES} == set(SECTIONS)


@functools.cache
def _drawn(game_id: str):
    """A shipped game, its rules and its faces as the pipeline draws them (a rule's other
    variant drawn the same way), read once per process: every worked rule reads the same."""
    game = load_game(game_id)
    return game, load_rules(game), printed_faces(prepare(game, legibility=False))


@pytest.mark.parametrize(
    ("section", "regions", "rule"), RULES, ids=[f"{s}: {r['id']}" for s, _, r in RULES]
)
def test_worked_rule_passes_on_its_game(section, regions, rule):
    passed = []
    for game_id in SECTIONS[section]:
        game, shipped, printed = _drawn(game_id)
        if not any(
            name in ({**shipped.regions, **regions}) for name in _region_names(rule)
        ) and _region_names(rule):
            continue
        rules = RulesFile.model_validate(
            {"game": game_id, "regions": {**_plain(shipped.regions), **regions}, "rules": [rule]}
        )
        (result,) = [r for r in evaluate(game, rules, printed=printed, draw=draw_printed) if r.id == rule["id"]]
        passed.append((game_id, result.passed, result.found))
    assert any(ok for _, ok, _ in passed), f"{rule['id']}: {passed}"


def test_the_failure_the_guide_describes(tmp_path, capsys):
    """'A board with Woodstock relabelled Foster fails board-southeast-blocks'."""
    text = DOC.read_text(encoding="utf-8")
    assert "A board with Woodstock relabelled Foster fails `board-southeast-blocks`" in text
    folder = copy_game(tmp_path, "earthquake")
    edit(folder, "board.yaml", '"Woodstock", x: 13.08in', '"Foster", x: 13.08in')
    assert "board-southeast-blocks" in failing(folder, capsys)


def _region_names(rule: dict) -> set[str]:
    body = next(v for k, v in rule.items() if isinstance(v, dict) and "family" in v)
    names = set()
    for key in ("in", "key"):
        ref = body.get(key)
        for r in ref if isinstance(ref, list) else [ref]:
            if isinstance(r, str):
                names.add(r)
    return names


def _plain(regions: dict) -> dict:
    def one(a):
        return (
            [one(x) for x in a]
            if isinstance(a, list)
            else {k: f"{getattr(a, k)}mm" for k in ("x", "y", "w", "h")}
        )

    return {k: one(v) for k, v in regions.items()}
