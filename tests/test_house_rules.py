"""A customised copy of a game (pnp new --from) reports how it departs from the rulebook;
`pnp check COPY --accept` records the departures as house rules, later edits are checked
against them, and the copy's guide page lists them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pymupdf
import pytest
import yaml
from conftest import sweep

from pnp.cli import main
from tests.rulecheck import edit

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
WILD = "Wild card. In Phase 2 gain one bridge and one meeple;"
HOUSE_WILD = "Wild card. In Phase 2 gain two bridges and one meeple;"


def run(capsys, *args) -> tuple[int, str]:
    capsys.readouterr()
    rc = main(list(args))
    return rc, capsys.readouterr().out


def cites(folder) -> dict:
    data = yaml.safe_load((folder / "rules.yaml").read_text(encoding="utf-8"))
    return {r["id"]: r["cite"] for r in data["rules"]}


# every day: the departures reported and accepted; the whole story (check -q, the guide page,
# later edits checked against the house rules) with the deep tests
@pytest.mark.parametrize("whole", sweep([False, True], lambda whole: not whole))
def test_a_copy_departs_accepts_and_keeps_its_house_rules(tmp_path, capsys, whole):
    folder = tmp_path / "my-aftershock"
    assert main(["new", str(folder), "--from", "aftershock"]) == 0
    before = cites(folder)
    edit(folder, "board.yaml", "text: 'OAKLAND'", "text: 'EAST BAY'")
    edit(folder, "cards.yaml", WILD, HOUSE_WILD)

    rc, out = run(capsys, "check", str(folder))
    assert rc == 1
    departs = [ln.split()[1] for ln in out.splitlines() if ln.startswith("DEPARTS")]
    assert departs == ["board-area-names", "board-oakland-placed", "bridge-card-explained"]
    assert "the rulebook says: D. Area - Where this area can be found on the game board." in out
    assert "the copy prints: none; there ['EAST BAY'" in out
    assert "3 departures from the rulebook" in out and "--accept" in out

    if whole:
        # -q: the same departures, no passes, the count and the departures line
        rc, quiet = run(capsys, "check", str(folder), "-q")
        lines = quiet.splitlines()
        assert rc == 1 and [ln.split()[1] for ln in lines if ln.startswith("DEPARTS")] == departs
        assert [ln.split()[1] for ln in lines if ln.startswith("FAIL")] == ["coverage:texts"]
        assert not any(ln.startswith(("ok", "Rulebook check")) for ln in lines), quiet
        passed, total = map(int, re.fullmatch(r"(\d+) of (\d+) rules pass", lines[-2]).groups())
        assert passed == total - 4 and lines[-1].startswith("3 departures"), quiet

    rc, out = run(capsys, "check", str(folder), "--accept")
    assert rc == 0, out
    assert "house rule: board-oakland-placed: now expects 0" in out
    assert "'EAST BAY' (board): declared a design text" in out
    data = yaml.safe_load((folder / "rules.yaml").read_text(encoding="utf-8"))
    ruled = {r["id"]: r for r in data["rules"] if r.get("house_rule")}
    assert set(ruled) == {"board-area-names", "board-oakland-placed", "bridge-card-explained"}
    assert (
        ruled["board-oakland-placed"]["rulebook_expect"] == 1
        and ruled["board-oakland-placed"]["expect"] == 0
    )
    assert cites(folder) == before  # the rulebook's words are never rewritten

    # docs/rules.md's worked example is what --accept writes
    rule_part, texts_part = doc_block("House rules: a customised copy").split("design_texts:")
    written = yaml.safe_load((folder / "rules.yaml").read_text(encoding="utf-8"))
    shown = yaml.safe_load(rule_part)[0]
    assert shown == next(r for r in written["rules"] if r["id"] == "board-oakland-placed")
    assert (
        yaml.safe_load("design_texts:" + texts_part)["design_texts"][0] in written["design_texts"]
    )

    if not whole:  # --accept checked the copy again and it passed (rc 0 above)
        return
    rc, out = run(capsys, "check", str(folder), "--json")
    results = {r["id"]: r for r in json.loads(out)}
    assert rc == 0 and results["board-oakland-placed"]["house_rule"]

    # the guide page lists the house rules
    assert main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "out")]) == 0
    pdf = next((tmp_path / "out").rglob("*.pdf"))
    guide = " ".join(p.get_text() for p in pymupdf.open(pdf)).replace("\n", " ")
    assert "House rule (board-oakland-placed)" in guide and 'this copy prints "EAST BAY"' in guide

    # later edits are checked against the house rules
    edit(folder, "board.yaml", "text: 'EAST BAY'", "text: 'OAKLAND'")
    rc, out = run(capsys, "check", str(folder), "--json")
    failed = {r["id"] for r in json.loads(out) if not r["passed"]}
    assert rc == 1 and {"board-oakland-placed", "board-area-names"} <= failed
    edit(folder, "board.yaml", "text: 'OAKLAND'", "text: 'EASTBAY'")
    rc, out = run(capsys, "check", str(folder), "--json")
    failed = {r["id"] for r in json.loads(out) if not r["passed"]}
    assert rc == 1 and failed == {"coverage:texts"}


def test_accept_refuses_a_shipped_game(capsys):
    rc = main(["check", "aftershock", "--accept"])
    assert rc == 2 and "copy of a game" in capsys.readouterr().err


def doc_block(section: str) -> str:
    """The first yaml block under a heading of docs/rules.md."""
    part = DOC.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.search(r"^```yaml\n(.*?)^```", part, flags=re.S | re.M).group(1)


def test_the_design_texts_example_is_earthquakes():
    shipped = yaml.safe_load(
        (DOC.parent.parent / "components" / "earthquake" / "rules.yaml").read_text(encoding="utf-8")
    )
    assert yaml.safe_load(doc_block("Design texts"))["design_texts"] == shipped["design_texts"]


def rename_everywhere(folder, old: str, new: str) -> None:
    """A region renamed as a designer would: every file of the copy but its rules."""
    for path in folder.rglob("*.yaml"):
        if path.name != "rules.yaml":
            text = path.read_text(encoding="utf-8")
            path.write_text(
                text.replace(old, new).replace(old.upper(), new.upper()), encoding="utf-8"
            )


@pytest.mark.deep  # a copy checked and accepted again: the first test runs every day
def test_a_renamed_region_is_accepted_whole_and_the_copy_passes(tmp_path, capsys):
    folder = tmp_path / "bay"
    assert main(["new", str(folder), "--from", "aftershock"]) == 0
    before = cites(folder)
    rename_everywhere(folder, "Oakland", "East Bay")
    rc, out = run(capsys, "check", str(folder))
    departs = {ln.split()[1] for ln in out.splitlines() if ln.startswith("DEPARTS")}
    assert rc == 1 and {"oakland-costs", "oakland-costs-printed", "oakland-card-map"} <= departs

    rc, out = run(capsys, "check", str(folder), "--accept")
    assert rc == 0 and "not accepted" not in out, out
    assert 'house rule: oakland-card-map: now reads where {"area": "East Bay"}' in out
    data = yaml.safe_load((folder / "rules.yaml").read_text(encoding="utf-8"))
    rules = {r["id"]: r for r in data["rules"]}
    for rid, key in (("oakland-costs", "distribution"), ("oakland-costs-printed", "texts")):
        assert rules[rid][key]["where"] == {"area": "East Bay"}, rules[rid]
        assert rules[rid]["rulebook_where"] == {"area": "Oakland"} and rules[rid]["house_rule"]
        assert "rulebook_expect" not in rules[rid]  # East Bay's cards cost what Oakland's did
    assert cites(folder) == before
    rc, out = run(capsys, "check", str(folder))
    assert rc == 0, out
    # docs/rules.md's example of a renamed region is what --accept wrote
    part = DOC.read_text(encoding="utf-8").split("**Renamed values.**", 1)[1]
    shown = re.search(r"^```yaml\n(.*?)^```", part, flags=re.S | re.M).group(1)
    assert yaml.safe_load(shown)[0] == rules["oakland-costs"]

    # the renamed region is still checked: East Bay's $6M card made $5M fails its costs
    edit(folder, "cards.yaml", "area: East Bay, cost: 6", "area: East Bay, cost: 5")
    rc, out = run(capsys, "check", str(folder), "--json")
    failed = {r["id"] for r in json.loads(out) if not r["passed"]}
    assert {"oakland-costs", "oakland-costs-printed"} <= failed


@pytest.mark.deep  # a copy checked and accepted again: the first test runs every day
def test_six_protectors_per_player_is_a_house_rule(tmp_path, capsys):
    folder = tmp_path / "six"
    assert main(["new", str(folder), "--from", "greenway"]) == 0
    edit(folder, "protectors.yaml", "    count: 5", "    count: 6")
    rc, out = run(capsys, "check", str(folder), "--accept")
    assert rc == 0 and "not accepted" not in out, out
    assert "house rule: protectors-per-player: now expects 6" in out
    data = yaml.safe_load((folder / "rules.yaml").read_text(encoding="utf-8"))
    rule = next(r for r in data["rules"] if r["id"] == "protectors-per-player")
    assert (rule["expect"], rule["rulebook_expect"], rule["house_rule"]) == (6, 5, True)
    rc, out = run(capsys, "check", str(folder))
    assert rc == 0, out
    assert main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path / "out"), "-q"]) == 0
    pdf = next((tmp_path / "out").rglob("*.pdf"))
    guide = " ".join(p.get_text() for p in pymupdf.open(pdf)).replace("\n", " ")
    assert (
        "House rule (protectors-per-player)" in guide
        and "(the check expected 5); this copy: 6" in guide
    )
    edit(folder, "protectors.yaml", "    count: 6", "    count: 7")
    rc, out = run(capsys, "check", str(folder), "--json")
    assert rc == 1 and "protectors-per-player" in {
        r["id"] for r in json.loads(out) if not r["passed"]
    }
