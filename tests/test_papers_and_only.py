"""--paper from the game folder's layouts/, the current folder's, or a YAML path, before the
built-in papers; --only FAMILY[/ID] builds just those, with backs, calibration and guide. Both
read from the printed PDF."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from pnp.cli import main

MM = 72 / 25.4
A3 = "id: a3\ntitle: A3\nsize: {w: 297mm, h: 420mm}\nmargin: 5mm\n"


def paper(ident: str, w: int, h: int) -> str:
    return f"id: {ident}\ntitle: {ident.upper()}\nsize: {{w: {w}mm, h: {h}mm}}\nmargin: 5mm\n"


@pytest.fixture
def game(tmp_path, capsys) -> Path:
    assert main(["new", str(tmp_path / "mydeck")]) == 0
    capsys.readouterr()
    return tmp_path / "mydeck"


def page_sizes(pdf: Path) -> set[tuple[int, int]]:
    with pymupdf.open(pdf) as doc:
        return {(round(p.rect.width / MM), round(p.rect.height / MM)) for p in doc}


def test_a_paper_in_the_game_folders_layouts(game, tmp_path, capsys):
    (game / "layouts").mkdir()
    (game / "layouts" / "a3.yaml").write_text(A3)
    assert main(["build", str(game), "--paper", "a3", "--out", str(tmp_path / "o"), "--quiet"]) == 0
    assert page_sizes(tmp_path / "o" / "mydeck" / "mydeck-a3.pdf") == {(297, 420)}


def test_the_game_folders_paper_comes_before_the_built_in_one(game, tmp_path, capsys):
    (game / "layouts").mkdir()
    (game / "layouts" / "a4.yaml").write_text(paper("a4", 250, 350))
    assert main(["build", str(game), "--paper", "a4", "--out", str(tmp_path / "o"), "--quiet"]) == 0
    assert page_sizes(tmp_path / "o" / "mydeck" / "mydeck-a4.pdf") == {(250, 350)}


def test_a_paper_in_the_current_folders_layouts(game, tmp_path, capsys, monkeypatch):
    work = tmp_path / "work"
    (work / "layouts").mkdir(parents=True)
    (work / "layouts" / "tabloid.yaml").write_text(paper("tabloid", 279, 432))
    monkeypatch.chdir(work)
    assert (
        main(["build", str(game), "--paper", "tabloid", "--out", str(tmp_path / "o"), "--quiet"])
        == 0
    )
    assert page_sizes(tmp_path / "o" / "mydeck" / "mydeck-tabloid.pdf") == {(279, 432)}


def test_a_path_to_a_paper_yaml(game, tmp_path, capsys):
    (tmp_path / "big.yaml").write_text(paper("big", 300, 400))
    assert (
        main(
            [
                "build",
                str(game),
                "--paper",
                str(tmp_path / "big.yaml"),
                "--out",
                str(tmp_path / "o"),
                "--quiet",
            ]
        )
        == 0
    )
    assert page_sizes(tmp_path / "o" / "mydeck" / "mydeck-big.pdf") == {(300, 400)}


def test_an_unknown_paper_names_the_papers_on_offer(game, tmp_path, capsys):
    (game / "layouts").mkdir()
    (game / "layouts" / "a3.yaml").write_text(A3)
    assert main(["build", str(game), "--paper", "a2", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "unknown paper 'a2'" in err and "a3" in err and "did you mean" in err


def texts(pdf: Path) -> list[str]:
    with pymupdf.open(pdf) as doc:
        return [p.get_text() for p in doc]


def test_only_builds_one_family_and_one_item_with_backs_and_guide(game, tmp_path, capsys):
    out = tmp_path / "o"
    assert main(["build", str(game), "--paper", "a4", "--out", str(out), "--quiet"]) == 0
    whole = out / "mydeck" / "mydeck-a4.pdf"
    before = whole.read_bytes()
    code = main(
        [
            "build",
            str(game),
            "--paper",
            "a4",
            "--out",
            str(out),
            "--only",
            "events",
            "--only",
            "deck/red-3",
        ]
    )
    err = capsys.readouterr().err
    assert code == 0, err
    assert "rulebook not checked" in err
    pages = texts(out / "mydeck_only" / "mydeck-a4.pdf")
    every = "\n".join(pages)
    assert "Print at 100%" in pages[0], "the guide page comes first"
    assert "Duplex calibration" in every
    for name in ("Good Harvest", "Storm", "Market Day"):
        assert name in every
    assert every.count("Good Harvest") == 2, "the CSV's count of copies still holds"
    assert "Event" in every.replace("Events", ""), "the events' backs print"
    assert "START" not in every, "the board is not built"
    fronts = [t for t in pages if "Card text goes here." in t]
    assert len(fronts) == 1 and fronts[0].count("Card text goes here.") == 1, "one deck card: red-3"
    assert "3\n" in fronts[0]
    assert whole.read_bytes() == before, "the whole game's PDF is left as it was"


def test_only_with_a_typo_suggests_the_family_or_item(game, tmp_path, capsys):
    assert (
        main(
            ["build", str(game), "--paper", "a4", "--out", str(tmp_path / "o"), "--only", "evnets"]
        )
        == 2
    )
    assert "did you mean 'events'" in capsys.readouterr().err
    assert (
        main(
            [
                "build",
                str(game),
                "--paper",
                "a4",
                "--out",
                str(tmp_path / "o"),
                "--only",
                "deck/red-33",
            ]
        )
        == 2
    )
    assert "did you mean 'deck/red-3'" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()
