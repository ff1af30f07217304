"""Two pnp source trees side by side, whole processes, best of --repeat (not a test).

    git archive <commit> | tar -x -C /tmp/before           # the tree to compare against
    taskset -c 0 .venv/bin/python bench/compare.py /tmp/before deck    # 540, 5,400, 54,000 cards
    taskset -c 0 .venv/bin/python bench/compare.py /tmp/before games   # every shipped game
    taskset -c 0 .venv/bin/python bench/compare.py /tmp/before lean    # the ratios of docs/performance.md

Each run is `python -m pnp build ...` started in the tree's folder (so that tree's pnp is the
one imported), interleaved round by round with the other tree's and, for the deck, with the
accelerated canvas floor drawing the same pages (bench/floor.py). On a shared machine the
ratios within one run hold; the seconds do not.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from synthetic import write_game  # noqa: E402

from bench import BIG, timed  # noqa: E402

GAMES = ["aftershock", "earth-our-home", "earthquake", "global-warming", "greenway", "piecepack"]


def jobs(what: str, trees: dict[str, Path], decks: Path) -> dict:
    """name -> (folder to start in, the command for an output folder)."""
    py = sys.executable

    def pnp_build(*args: str):
        return lambda o: [py, "-m", "pnp", "build", *args, "--out", o, "--quiet"]

    out: dict = {}
    if what in ("deck", "lean"):
        for n in (540, 5400, 54000) if what == "deck" else (5400,):
            game = decks / f"g{n}"
            if not game.exists():
                write_game(game, n)
            floor = {"what": "floor", "n": n, "backs": True}
            out[f"floor {n}"] = (
                HERE.parent,
                lambda o, f=floor: [
                    py,
                    str(HERE / "bench.py"),
                    "--child",
                    json.dumps({**f, "out": o}),
                ],
            )
            for name, root in trees.items():
                out[f"{name} {n}"] = (root, pnp_build(str(game), "--paper", "a4", *BIG))
    if what == "lean":
        for name, root in trees.items():
            out[f"{name} --all"] = (root, pnp_build("--all"))
    elif what == "games":
        for game in GAMES:
            for name, root in trees.items():
                out[f"{name} {game}"] = (root, pnp_build(game, "--jobs", "1"))
        for name, root in trees.items():
            out[f"{name} --all"] = (root, pnp_build("--all"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("before", type=Path, help="the other tree (a folder holding pnp/)")
    ap.add_argument("what", choices=("deck", "games", "lean"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    trees = {"before": args.before.resolve(), "after": HERE.parent}
    best: dict[str, tuple[float, float, float]] = {}
    with tempfile.TemporaryDirectory() as decks:
        work = jobs(args.what, trees, Path(decks))
        for r in range(args.repeat):
            for name, (root, cmd) in work.items():
                if name.endswith(" 54000") and r:
                    continue  # once is enough, and long
                with tempfile.TemporaryDirectory() as tmp:
                    wall, cpu, peak = timed(cmd(tmp), cwd=root)
                old = best.get(name, (1e9, 1e9, 0.0))
                best[name] = (min(old[0], wall), min(old[1], cpu), max(old[2], peak))
    print("| run | wall s | CPU s | peak MB |")
    print("|---|---:|---:|---:|")
    for name, (wall, cpu, peak) in best.items():
        print(f"| {name} | {wall:.2f} | {cpu:.2f} | {peak:.0f} |")
    if args.what == "lean":
        ratio = lambda a, b: best[a][1] / best[b][1]  # noqa: E731 (CPU, best of the repeats)
        print()
        print(f"5,400 cards, after / before: {ratio('after 5400', 'before 5400'):.2f}x")
        print(
            f"5,400 cards, after / the accelerated canvas: {ratio('after 5400', 'floor 5400'):.2f}x"
        )
        print(f"build --all, after / before: {ratio('after --all', 'before --all'):.2f}x")


if __name__ == "__main__":
    main()
