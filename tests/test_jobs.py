"""pnp build on every core (--jobs): a game goes to a worker as soon as it has loaded, yet
nothing is switched into the output until every game given has loaded."""

from __future__ import annotations

from conftest import edit, mini_game

from pnp.cli import main


def test_a_game_that_does_not_load_refuses_the_games_already_building(tmp_path, capsys):
    good = mini_game(tmp_path / "a")
    bad = mini_game(tmp_path / "b")
    edit(bad / "cards.yaml", "size:", "sizes:")  # an unknown key: the game does not load
    out = tmp_path / "out"
    code = main(["build", str(good), str(bad), "--jobs", "2", "--paper", "a4", "--out", str(out), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "cards.yaml" in err, err
    # the first game loaded and was drawn in a worker, but nothing of it was switched in
    assert not any(out.rglob("*.pdf")), sorted(p.name for p in out.rglob("*"))


def test_games_built_on_two_cores_are_the_games_built_on_one(tmp_path, capsys):
    one, two = tmp_path / "one", tmp_path / "two"
    games = [str(mini_game(tmp_path / "a")), "piecepack"]
    assert main(["build", *games, "--jobs", "1", "--paper", "a4", "--out", str(one), "--quiet"]) == 0
    assert main(["build", *games, "--jobs", "2", "--paper", "a4", "--out", str(two), "--quiet"]) == 0
    for game in ("mini", "piecepack"):
        made = sorted(p.name for p in (one / game).iterdir())
        assert f"{game}-a4.pdf" in made and f"{game}-a4.json" in made, made
        assert made == sorted(p.name for p in (two / game).iterdir())
        for name in made:
            assert (one / game / name).read_bytes() == (two / game / name).read_bytes(), name


def test_of_two_games_that_do_not_load_the_first_given_is_said(tmp_path, capsys):
    """Games load smallest first, but the refusal names the first game given that fails."""
    big, small = mini_game(tmp_path / "big"), mini_game(tmp_path / "small")
    edit(big / "cards.yaml", "size:", "sizes:")
    (big / "cards.yaml").write_text((big / "cards.yaml").read_text() + "# padding\n" * 400)
    edit(small / "game.yaml", "title:", "titel:")
    out = tmp_path / "out"
    code = main(["build", str(big), str(small), "--jobs", "2", "--paper", "a4", "--out", str(out), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "cards.yaml" in err and "titel" not in err, err
