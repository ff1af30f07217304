"""Budgets on total work: small hostile folders are refused (exit 2) before they cost minutes.

Each case is an input under 10 KB that used to run for minutes or exhaust memory. The
assertions are on the refusal (exit code, message naming the limit and `--limit NAME=N`) and
on the work done before it, counted (files read, faces drawn), never on wall time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import edit, mini_game

from pnp import budget
from pnp.cli import main


@pytest.fixture(autouse=True)
def _default_limits():
    budget.configure(None)
    yield
    budget.configure(None)




def _small(game: Path) -> None:
    size = sum(p.stat().st_size for p in game.rglob("*") if p.is_file())
    assert size < 10_000, f"the hostile input is meant to be small ({size} bytes)"


def _refused(argv: list[str], limit: str, capsys, *words: str) -> str:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"--limit {limit}=" in err and "too much work" in err, err
    for w in words:
        assert w in err, (w, err)
    return err


def _build(game: Path, tmp_path: Path, *extra: str) -> list[str]:
    return ["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4", "--quiet", *extra]


def test_repeated_includes(tmp_path, capsys, monkeypatch):
    """Each file includes the next one 8 times, 9 levels deep: 8^9 reads, refused after 200."""
    game = mini_game(tmp_path)
    for n in range(9):
        (game / f"f{n}.yaml").write_text("include: [" + ", ".join([f"f{n + 1}.yaml"] * 8) + "]\n")
    (game / "f9.yaml").write_text("options: {x: 1}\n")
    edit(game / "cards.yaml", "family: cards\n", "family: cards\ninclude: [f0.yaml]\n")
    _small(game)
    import pnp.spec.load as load

    reads = []
    real = load.read_yaml
    monkeypatch.setattr(load, "read_yaml", lambda p, **k: reads.append(p) or real(p, **k))
    _refused(_build(game, tmp_path), "includes", capsys, "include files read for one game", ".yaml:")
    assert len(reads) <= budget.Limits().includes + 3, len(reads)


def test_items_across_families(tmp_path, capsys):
    """Two families of 6,000 each: under --max-items per family, over the total."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "for_each: {n: [1, 2, 3]}", "count: 2000\n    for_each: {n: [1, 2, 3]}")
    text = (game / "cards.yaml").read_text().replace("family: cards", "family: more")
    (game / "more.yaml").write_text(text)
    edit(game / "game.yaml", "  - cards.yaml", "  - cards.yaml\n  - more.yaml")
    _refused(_build(game, tmp_path), "items", capsys, "items across all families", "12,000", "game.yaml:")
    assert main(_build(game, tmp_path, "--limit", "items=20000", "--limit", "text_total=1000000")) == 0, capsys.readouterr().err


def test_text_per_face(tmp_path, capsys):
    """A 6 KB paragraph on a card is refused before it is wrapped."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", '"Card {n}"', '"' + "word " * 1200 + '"')
    _small(game)
    _refused(_build(game, tmp_path), "text", capsys, "characters of text on one face", "6,000", "cards.yaml:")


def test_text_across_a_run(tmp_path, capsys):
    """Many cards with long paragraphs: the run's text total is refused, counted, not timed."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", '"Card {n}", x: 0mm, y: 40mm', '"{n}-{copy} ' + "word " * 400 + '", x: 0mm, y: 0mm, h: 88mm')
    edit(game / "cards.yaml", "for_each: {n: [1, 2, 3]}", "count: 1000\n    for_each: {n: [1, 2, 3]}")
    _small(game)
    _refused(_build(game, tmp_path, "--limit", "text_total=50000"), "text_total", capsys, "characters of text drawn in one run")


def test_stripe_density(tmp_path, capsys):
    """stripe_spacing: 0.00003mm would be millions of grooves (minutes, gigabytes): refused at once."""
    game = mini_game(tmp_path)
    (game / "cards.yaml").write_text(
        "family: pieces\nkind: polyomino\ncell: 10mm\nfill: red\nstripes: true\nstripe_spacing: 0.00003mm\n"
        "items:\n  - {id: l, cells: [[0, 0], [0, 1], [0, 2], [1, 2]]}\n"
    )
    _refused(_build(game, tmp_path), "stripes", capsys, "stripe grooves", "cards.yaml:", "stripe_spacing")


def test_primitives_per_face(tmp_path, capsys):
    game = mini_game(tmp_path)
    _refused(_build(game, tmp_path, "--limit", "primitives=2"), "primitives", capsys, "drawing primitives on one face", "key: items (")


def test_preview_faces(tmp_path, capsys, monkeypatch):
    """A 900-byte deck of 5,000 items: the preview is refused before any face is drawn."""
    game = mini_game(tmp_path)
    edit(game / "cards.yaml", "for_each: {n: [1, 2, 3]}", "count: 1700\n    for_each: {n: [1, 2, 3]}")
    _small(game)
    import pnp.pipeline

    drawn = []
    monkeypatch.setattr(pnp.pipeline, "prepare", lambda g, *a, **k: drawn.append(g))
    _refused(["preview", str(game), "--out", str(tmp_path / "out")], "preview", capsys, "faces in one preview", "5,100", "--family", "mini/game.yaml: too much work", "key: components")
    assert not drawn and not (tmp_path / "out").exists()


def test_bad_limit_argument(tmp_path, capsys):
    code = main(_build(mini_game(tmp_path), tmp_path, "--limit", "nope=3"))
    err = capsys.readouterr().err
    assert code == 2 and "bad --limit" in err and "includes" in err, err
