"""`--jobs` when the system will not start a worker, or a worker dies: one game after another,
or exit 2 with a message; never a traceback. (Not in the no-fork pass of .ci/run: these need
fork to fail on purpose.)"""

from __future__ import annotations

import errno
import os

from conftest import mini_game

from pnp import budget
from pnp.cli import main


def _two_games(tmp_path):
    a = mini_game(tmp_path / "a")
    b = mini_game(tmp_path / "b")
    text = (b / "game.yaml").read_text().replace("id: mini", "id: other")
    (b / "game.yaml").write_text(text)
    return a, b


def _refused(*args, **kwargs):
    raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")


def test_no_worker_can_start_builds_one_game_after_another(tmp_path, capsys, monkeypatch):
    a, b = _two_games(tmp_path)
    monkeypatch.setattr(os, "fork", _refused)
    out = tmp_path / "out"
    assert main(["build", str(a), str(b), "--jobs", "2", "--paper", "a4", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "cannot start a worker process (Resource temporarily unavailable)" in err, err
    assert (out / "mini" / "mini-a4.pdf").is_file() and (out / "other" / "other-a4.pdf").is_file()


def test_the_second_worker_refused_stops_the_first_and_builds_here(tmp_path, capsys, monkeypatch):
    a, b = _two_games(tmp_path)
    real, calls = os.fork, []

    def second_refused():
        calls.append(1)
        return real() if len(calls) == 1 else _refused()

    monkeypatch.setattr(os, "fork", second_refused)
    out = tmp_path / "out"
    assert (
        main(["build", str(a), str(b), "--jobs", "2", "--paper", "a4", "--out", str(out), "-q"])
        == 0
    )
    assert len(calls) == 2
    assert (out / "mini" / "mini-a4.pdf").is_file() and (out / "other" / "other-a4.pdf").is_file()


def test_a_worker_that_dies_is_exit_2_with_what_to_do(tmp_path, capsys, monkeypatch):
    a, b = _two_games(tmp_path)
    parent, configure = os.getpid(), budget.configure

    def dies_in_a_worker(pairs):
        if os.getpid() != parent:
            os._exit(9)  # as the system's out-of-memory killer would end it
        configure(pairs)

    monkeypatch.setattr(budget, "configure", dies_in_a_worker)
    out = tmp_path / "out"
    assert (
        main(["build", str(a), str(b), "--jobs", "2", "--paper", "a4", "--out", str(out), "-q"])
        == 2
    )
    err = capsys.readouterr().err
    assert "a worker process ended abruptly" in err and "--jobs 1" in err, err
    assert "Traceback" not in err
