"""How long `pnp check` takes on each shipped game, against its budget of 3 s. Not a test.

    .venv/bin/python bench/check_speed.py            # best of 3 runs per game
    .venv/bin/python bench/check_speed.py --repeat 5

Each run is one whole process (interpreter start, imports, drawing every face, reading what
they print, every rule), timed from outside, as a user waits for it. The budget holds on two
cores; the table gives each game's time as a fraction of it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 3.0  # seconds


def games() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "components").glob("*/rules.yaml"))


def one(game: str, variant: str | None = None) -> float:
    cmd = [sys.executable, "-m", "pnp", "check", game] + (["--variant", variant] if variant else [])
    t0 = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    took = time.perf_counter() - t0
    if done.returncode not in (0, 1):
        raise SystemExit(f"pnp check {game} refused:\n{done.stderr}")
    return took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'game':<16} {'best s':>7} {'of 3 s':>7}")
    worst = 0.0
    for game in games():
        best = min(one(game) for _ in range(args.repeat))
        worst = max(worst, best / BUDGET)
        print(f"{game:<16} {best:7.2f} {best / BUDGET:7.0%}")
    print(f"slowest game uses {worst:.0%} of the budget")
    return 0 if worst <= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
