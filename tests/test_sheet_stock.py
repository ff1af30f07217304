"""A `sheet:` group prints on one stock, and `own_sheets` is a yes-or-no, not a string."""

from __future__ import annotations

from pnp.cli import main
from tests.conftest import edit, mini_game


def _two_families(tmp_path, second_stock: str):
    """The three-card game with a second family on the same sheet 'mix', on `second_stock`."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "kind: card\n", "kind: card\nsheet: mix\n")
    text = (game / "cards.yaml").read_text()
    (game / "tokens.yaml").write_text(
        text.replace("family: cards\n", f"family: tokens\nstock: {second_stock}\n")
    )
    edit(game / "game.yaml", "  - cards.yaml\n", "  - cards.yaml\n  - tokens.yaml\n")
    return game


def test_families_on_one_sheet_wanting_paper_and_card_are_refused(tmp_path, capsys):
    game = _two_families(tmp_path, "paper")
    code = main(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert (
        "tokens.yaml:4: families on sheet 'mix' want different stock: 'cards' card, 'tokens' paper"
        in err
    )
    assert "key: sheet" in err and "expected: stock: card (as 'cards' in" in err
    assert "found: stock: paper" in err
    assert not (tmp_path / "out").exists()


def test_a_kinds_own_stock_counts_as_the_stock_it_asks_for(tmp_path, capsys):
    """A `kind: sheet` (a player aid) prints on paper unless it says otherwise (docs/reference.md):
    with no `stock:` written, it is refused beside cards on one `sheet:` all the same."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "kind: card\n", "kind: card\nsheet: mix\n")
    text = (game / "cards.yaml").read_text()
    (game / "aids.yaml").write_text(
        text.replace("family: cards\n", "family: aids\n").replace("kind: card\n", "kind: sheet\n")
    )
    edit(game / "game.yaml", "  - cards.yaml\n", "  - cards.yaml\n  - aids.yaml\n")
    code = main(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "families on sheet 'mix' want different stock: 'cards' card, 'aids' paper" in err
    assert "found: stock: paper (a sheet's own)" in err


def test_families_on_one_sheet_on_the_same_stock_share_its_pages(tmp_path, capsys):
    import pymupdf

    game = _two_families(tmp_path, "card")
    out = tmp_path / "out"
    assert main(["build", str(game), "--out", str(out), "--paper", "a4"]) == 0, (
        capsys.readouterr().err
    )
    doc = pymupdf.open(next(out.rglob("*.pdf")))
    pages = [n for n, page in enumerate(doc) if "Card 1" in page.get_text()]
    assert len(pages) == 1  # both families' "Card 1" on one page: the sheet is shared
    assert doc[pages[0]].get_text().count("Card 1") == 2


def test_own_sheets_as_a_string_is_refused_naming_the_key(tmp_path, capsys):
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "kind: card\n", 'kind: card\nown_sheets: "yes"\n')
    code = main(["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "cards.yaml:3: " in err and "key: own_sheets" in err
    assert "expected: Input should be a valid boolean" in err and "found: 'yes'" in err
