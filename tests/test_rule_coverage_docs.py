"""docs/rules/<game>.md lists every rule of the game's rules.yaml, and names no rule it lacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
DOCS = sorted((REPO / "docs" / "rules").glob("*.md"))


@pytest.mark.parametrize("doc", DOCS, ids=[d.stem for d in DOCS])
def test_coverage_lists_every_rule(doc):
    rules = yaml.safe_load((REPO / "components" / doc.stem / "rules.yaml").read_text(encoding="utf-8"))
    ids = {r["id"] for r in rules["rules"]}
    text = doc.read_text(encoding="utf-8")
    # the last column of each table row names rules: bold or plain, comma separated
    named = set()
    for line in text.splitlines():
        if line.startswith("|") and not line.startswith("| ---") and not line.startswith("| Rulebook"):
            cell = line.rstrip("|").rsplit("|", 1)[-1]
            named |= set(re.findall(r"(?<![\w(-])([a-z0-9]+(?:-[a-z0-9]+)+|[a-z]+s)(?![\w-])", cell.replace("*", "")))
            # a one-word rule id (dice) counts when it stands alone
            named |= {w for w in re.findall(r"(?<![\w-])[a-z]+(?![\w-])", cell) if w in ids}
    assert ids - named == set(), f"rules not listed in {doc.name}"
    unknown = {n for n in named if n not in ids and "-" in n}
    assert unknown == set(), f"{doc.name} names rules that do not exist"


def test_every_game_with_rules_in_these_docs_is_linked():
    text = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    for doc in DOCS:
        assert f"rules/{doc.name}" in text
