"""scripts/check_citations.py: a cite passes only when every piece is in the rulebook's words."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("check_citations", ROOT / "scripts" / "check_citations.py")
check_citations = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_citations)


def test_markdown_escapes_quotes_and_lost_spaces_are_not_words():
    book = check_citations.normal("Give each player \\$15M: **one** \u2018coin\u2019 Eachplayer")
    assert check_citations.normal("give each player $15M: one 'coin' Each player") in book


def test_a_cite_missing_from_the_rulebook_fails(tmp_path, capsys):
    import re

    import yaml

    rules = yaml.safe_load((ROOT / "components/greenway/rules.yaml").read_text(encoding="utf-8"))
    pieces = [p for _, c in check_citations.cites(rules) for p in re.split(r"\.\.\.|\u2026", c)]
    (tmp_path / "greenway.txt").write_text("\n".join(pieces), encoding="utf-8")
    assert check_citations.main(tmp_path) == 0
    # leave out the first cite everywhere it is quoted (several rules may quote one sentence)
    first = check_citations.normal(pieces[0])
    rest = [p for p in pieces if first not in check_citations.normal(p)]
    (tmp_path / "greenway.txt").write_text("\n".join(rest), encoding="utf-8")
    assert check_citations.main(tmp_path) == 1
    assert "greenway" in capsys.readouterr().out


def test_a_shipped_cite_changed_to_words_not_in_the_rulebook_fails(tmp_path, capsys):
    """A rule's cite rewritten to a sentence the rulebook does not have is named, with its rule."""
    import re

    import yaml

    shipped = ROOT / "components/greenway/rules.yaml"
    pieces = [p for _, c in check_citations.cites(yaml.safe_load(shipped.read_text(encoding="utf-8"))) for p in re.split(r"\.\.\.|\u2026", c)]
    books = tmp_path / "books"
    books.mkdir()
    (books / "greenway.txt").write_text("\n".join(pieces), encoding="utf-8")
    root = tmp_path / "repo"
    (root / "components/greenway").mkdir(parents=True)
    text = shipped.read_text(encoding="utf-8")
    (root / "components/greenway/rules.yaml").write_text(text, encoding="utf-8")
    assert check_citations.main(books, root) == 0
    changed = text.replace('cite: "Place 4 Occupiers (O1-O4)"', 'cite: "Place 5 Occupiers (O1-O5)"', 1)
    assert changed != text
    (root / "components/greenway/rules.yaml").write_text(changed, encoding="utf-8")
    assert check_citations.main(books, root) == 1
    assert "rule occupiers-printed: not in greenway.txt: 'Place 5 Occupiers (O1-O5)'" in capsys.readouterr().out


def test_a_worked_example_cite_is_checked_too(tmp_path, capsys):
    """docs/rules.md's worked examples quote the rulebooks: a quote not in the rulebook is named."""
    books = tmp_path / "books"
    books.mkdir()
    (books / "greenway.txt").write_text("nothing of the kind", encoding="utf-8")
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "docs/rules.md").write_text((ROOT / "docs/rules.md").read_text(encoding="utf-8"), encoding="utf-8")
    assert check_citations.main(books, root) == 1
    assert "docs/rules.md: worked example card-pips: not in greenway.txt" in capsys.readouterr().out
