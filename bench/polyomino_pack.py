"""Packing polyominoes that tile no rectangle: 30 plus-shaped pieces in one set. Not a test.

    .venv/bin/python bench/polyomino_pack.py [--repeat 3]

Plus signs tile no rectangle near their area, so the packer searches until its budget runs
out (one budget per packing, pnp/kinds/polyomino/pack.py) and then places the pieces one by
one, with a warning. Like for like: the same 30 pieces built without `pack_by` (each its own
item, no search), both whole `pnp build` processes in the same run; the ratio is the search's
cost. Before the budget was per call, not per rectangle tried, this packing took 15.6 s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench import timed  # noqa: E402 - bench/ is not a package

PLUS = "[[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]]"


def write_pieces(folder: Path, *, packed: bool) -> Path:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(
        "id: plus\ntitle: Thirty plus signs\ncredits: pnp benchmark\nplayers: {min: 1, max: 1}\nrules: null\ncomponents: [pieces.yaml]\n"
    )
    (folder / "pieces.yaml").write_text(
        "family: pieces\nkind: polyomino\ncell: 0.5in\nfill: '#c8102e'\n"
        + ("pack_by: set\n" if packed else "")
        + f"items:\n  - {{id: 'plus-{{n}}', set: a, for_each: {{n: {list(range(1, 31))}}}, cells: {PLUS}}}\n"
    )
    return folder


def run(packed: bool, repeat: int) -> float:
    best = None
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            folder = write_pieces(Path(tmp) / "game", packed=packed)
            cmd = [
                sys.executable,
                "-m",
                "pnp",
                "build",
                str(folder),
                "--paper",
                "a4",
                "--out",
                str(Path(tmp) / "out"),
                "--quiet",
            ]
            wall, _, _ = timed(cmd)
        best = wall if best is None else min(best, wall)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    floor = run(False, args.repeat)
    packed = run(True, args.repeat)
    print("| run | wall s | ratio to floor |")
    print("|---|---:|---:|")
    print(f"| 30 plus signs, each its own item (floor) | {floor:.2f} | 1.00 |")
    print(
        f"| 30 plus signs packed in one set (search to its budget, then one by one) | {packed:.2f} | {packed / floor:.2f} |"
    )


if __name__ == "__main__":
    main()
