"""How long `pnp check` takes on each shipped game, against its budget of 3 s. Not a test.

    .venv/bin/python bench/check_speed.py            # best of 3 runs per game
    .venv/bin/python bench/check_speed.py --repeat 5

Each run is one whole process (interpreter start, imports, drawing every face, reading what
they print, every rule, the rules' other variants), as a user runs it. A run is timed twice:
wall-clock, and the CPU time the process used (user + system). `pnp check` is single-threaded,
so on an idle machine the wall time is its CPU time; on a busy one (a shared two-core machine)
the wall time grows with other people's work and the CPU time does not, so the budget is
judged on CPU time. The floor, measured in the same run, is a process that only starts Python
and imports the command line: each game's time is also given as a multiple of it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 3.0  # seconds


def games() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "components").glob("*/rules.yaml"))


def run(cmd: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system) and exit code of one whole process."""
    t0 = time.perf_counter()
    env = {
        k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"
    }  # bytecode cached, as installed
    proc = subprocess.Popen(
        cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, proc.returncode


def one(game: str, variant: str | None = None) -> tuple[float, float]:
    cmd = [sys.executable, "-m", "pnp", "check", game] + (["--variant", variant] if variant else [])
    wall, cpu, code = run(cmd)
    if code not in (0, 1):
        raise SystemExit(f"pnp check {game} refused (exit {code})")
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    floor = min(run([sys.executable, "-c", "import pnp.cli, pnp.pipeline"])[1] for _ in range(args.repeat))
    print(f"floor (start Python, import pnp): {floor:.2f} s CPU")
    print(f"{'game':<16} {'wall s':>7} {'CPU s':>7} {'of 3 s':>7} {'x floor':>8}")
    worst = 0.0
    for game in games():
        runs = [one(game) for _ in range(args.repeat)]
        wall = min(w for w, _ in runs)
        cpu = min(c for _, c in runs)
        worst = max(worst, cpu / BUDGET)
        print(f"{game:<16} {wall:7.2f} {cpu:7.2f} {cpu / BUDGET:7.0%} {cpu / floor:8.1f}")
    print(f"slowest game uses {worst:.0%} of the budget (CPU time)")
    return 0 if worst <= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
