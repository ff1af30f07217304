import json
import subprocess
import sys

from pnp.cli import main


def test_list_prints_id_title_players(capsys):
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    gw = next(ln for ln in lines if ln.startswith("greenway"))
    assert "The Greenway" in gw and "4 players" in gw


def test_installed_package_works_from_any_folder(tmp_path):
    """python -m pnp from an unrelated folder finds the built-in games and paper sizes."""
    run = subprocess.run([sys.executable, "-m", "pnp", "list"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "greenway" in run.stdout
    run = subprocess.run(
        [sys.executable, "-m", "pnp", "build", "greenway", "--paper", "letter", "--out", str(tmp_path / "o"), "--quiet"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "o" / "greenway" / "greenway-letter.pdf").stat().st_size > 10_000


def test_check_json(capsys):
    assert main(["check", "greenway", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    ids = {r["id"] for r in results}
    assert {"cards-total", "protectors-per-player", "board-square"} <= ids
    assert all(r["passed"] for r in results)


def test_unknown_game_is_a_clean_refusal(capsys, tmp_path):
    assert main(["build", "greenwya", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'greenwya'" in err and "did you mean 'greenway'" in err and "Traceback" not in err
    assert not any(tmp_path.iterdir())


def test_unknown_paper_and_variant(capsys, tmp_path):
    assert main(["build", "greenway", "--paper", "a5", "--out", str(tmp_path)]) == 2
    assert "unknown paper 'a5'" in capsys.readouterr().err
    assert main(["build", "greenway", "--variant", "setpu", "--out", str(tmp_path)]) == 2
    assert "did you mean 'setup'" in capsys.readouterr().err


def test_strict_build_stops_on_a_failing_rule(game_copy, tmp_path, capsys):
    folder = game_copy("greenway")
    (folder / "veterans.yaml").write_text((folder / "veterans.yaml").read_text().replace("[1, 2, 3, 4, 5, 6, 7, 8]", "[1, 2, 3, 4, 5, 6, 7]"))
    assert main(["build", str(folder), "--paper", "a4", "--out", str(tmp_path), "--quiet"]) == 0
    err = capsys.readouterr().err
    # a copy departs from its rulebook: the build says so as `pnp check` does
    assert "DEPARTS veterans: expected 8; found 7" in err
    assert "depart from the rulebook" in err and "rules FAIL" not in err, err
    out = tmp_path / "strict"
    assert main(["build", str(folder), "--paper", "a4", "--out", str(out), "--strict", "--quiet"]) == 1
    assert not out.exists(), "--strict writes nothing while a rule fails"


def test_players_option_prints_fewer_sets(tmp_path, capsys):
    assert main(["build", "earthquake", "--players", "2", "--paper", "a4", "--out", str(tmp_path), "--quiet"]) == 0
    m = json.loads((tmp_path / "earthquake" / "earthquake-2p-a4.json").read_text())
    sets = [i for p in m["pages"] for i in p["items"] if i["component"] == "building-pieces" and i["side"] == "front"]
    assert len(sets) == 2


def test_several_games_build_in_parallel_with_the_same_bytes(tmp_path, capsys):
    """Games build on every core; the files are the same as a one-at-a-time build."""
    args = ["build", "greenway", "piecepack", "--paper", "a4", "--quiet"]
    assert main([*args, "--out", str(tmp_path / "par"), "--jobs", "2"]) == 0
    assert main([*args, "--out", str(tmp_path / "seq"), "--jobs", "1"]) == 0
    for game in ("greenway", "piecepack"):
        for ext in ("pdf", "json"):
            a = (tmp_path / "par" / game / f"{game}-a4.{ext}").read_bytes()
            b = (tmp_path / "seq" / game / f"{game}-a4.{ext}").read_bytes()
            assert a == b and len(a) > 1000


def test_a_refusal_found_while_drawing_in_a_worker_is_clean(game_copy, tmp_path, capsys):
    folder = game_copy("greenway")
    cards = folder / "cards.yaml"
    text = cards.read_text()
    broken = text.replace('name: "suit-{suit}", x: 6.5mm', 'name: "suit-{suit}-missing", x: 6.5mm')
    assert broken != text
    cards.write_text(broken)
    assert main(["build", "piecepack", str(folder), "--paper", "a4", "--out", str(tmp_path), "--jobs", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "unknown art" in err and "cards.yaml" in err and "Traceback" not in err
