"""Plant bugs in pnp one at a time, run the test suite against each, and print the catch rate.

    .venv/bin/python scripts/planted_bugs.py              # every bug in tests/planted_bugs.yaml
    .venv/bin/python scripts/planted_bugs.py --check      # each bug's line is where it says (no run)
    .venv/bin/python scripts/planted_bugs.py 3 17         # only these bugs (numbers from --list)
    .venv/bin/python scripts/planted_bugs.py --list
    .venv/bin/python scripts/planted_bugs.py 74 75 --tests tests/test_x.py   # these tests only
    .venv/bin/python scripts/planted_bugs.py 60 --tests tests/test_x.py --deep  # their deep ones too

Each bug is one small edit a tired developer could make (a sign flipped, a bound off by one, a
condition dropped), written in tests/planted_bugs.yaml as the file, the text it replaces
(which must occur exactly once) and the text put in its place. The edit is made in the working
tree, the suite runs as CI runs it (the everyday tests, stopping at their first failure, the
deep tests, then the catalogue of rulebook breaks, scripts/mutations.py), and the file is restored byte for byte,
whatever happens. A bug is caught when CI would fail. Exit 1 when fewer than --target of the
bugs are caught, or when a bug's text is not found (the code moved: the catalogue is updated
with it).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "tests" / "planted_bugs.yaml"


@dataclass(frozen=True)
class Bug:
    number: int
    file: str
    find: str
    replace: str
    what: str
    kind: str  # which package it is planted in, for the table


def load() -> list[Bug]:
    rows = yaml.safe_load(CATALOGUE.read_text(encoding="utf-8"))
    return [
        Bug(n, r["file"], r["find"], r["replace"], r["what"], r["file"].split("/")[1])
        for n, r in enumerate(rows, 1)
    ]


def where(bug: Bug) -> str | None:
    """Why the bug cannot be planted, or None."""
    path = ROOT / bug.file
    if not path.is_file():
        return f"{bug.file} does not exist"
    found = path.read_text(encoding="utf-8").count(bug.find)
    return None if found == 1 else f"{bug.file}: the text to replace occurs {found} times, not once"


PYTEST = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header"]
SUITE = [  # what CI runs (.ci/run): the README's test command, the deep tests, the rulebook breaks
    PYTEST,
    [*PYTEST, "-m", "deep"],
    [sys.executable, "scripts/mutations.py"],
]


def only(tests: list[str], deep: bool = False) -> list[list[str]]:
    """The everyday suite's options (pyproject's addopts: not the deep tests) on these test files
    alone, in one worker: a test failing here fails the README's command, at a fraction of the
    time (to show a new bug is caught by the tests written for it). With deep, the files' deep
    tests run too (`-m ""`): a test failing there fails CI's deep run."""
    return [[*PYTEST, "-n", "1", *(["-m", ""] if deep else []), *tests]]


def run_suite(timeout: float, suite: list[list[str]] = SUITE) -> tuple[bool, str]:
    """(the suite failed, its last line)."""
    for cmd in suite:
        try:
            proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return True, f"the suite ran past {timeout:.0f} s (a hang counts as caught)"
        lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
        if proc.returncode != 0:
            return True, lines[-1] if lines else f"exit {proc.returncode}"
    return False, lines[-1] if lines else "exit 0"


def plant(bug: Bug, timeout: float, suite: list[list[str]] = SUITE) -> tuple[bool, str, float]:
    path = ROOT / bug.file
    original = path.read_bytes()
    t0 = time.monotonic()
    try:
        path.write_bytes(original.replace(bug.find.encode(), bug.replace.encode(), 1))
        caught, last = run_suite(timeout, suite)
    finally:
        path.write_bytes(original)
    return caught, last, time.monotonic() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("numbers", nargs="*", type=int, help="only these bugs")
    ap.add_argument("--list", action="store_true", help="list the bugs and stop")
    ap.add_argument(
        "--check", action="store_true", help="check every bug can be planted, run nothing"
    )
    ap.add_argument(
        "--target", type=float, default=0.9, help="the catch rate to reach (default 0.9)"
    )
    ap.add_argument("--timeout", type=float, default=600, help="seconds one suite run may take")
    ap.add_argument(
        "--tests",
        nargs="+",
        metavar="FILE",
        help="run only these test files (the everyday options, one worker), not the whole suite",
    )
    ap.add_argument(
        "--deep", action="store_true", help="with --tests: the files' deep tests too, as CI runs them"
    )
    args = ap.parse_args(argv)
    bugs = load()
    if args.numbers:
        bugs = [b for b in bugs if b.number in args.numbers]
    if args.list:
        for b in bugs:
            print(f"{b.number:3}  {b.file}: {b.what}")
        return 0
    missing = [(b, why) for b in bugs if (why := where(b))]
    for b, why in missing:
        print(f"bug {b.number} ({b.what}): {why}", file=sys.stderr)
    if missing or args.check:
        return 1 if missing else 0
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "pnp"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    if dirty.strip():
        print("pnp/ has uncommitted changes: commit or stash them first", file=sys.stderr)
        return 1
    caught_n = 0
    print("| # | package | planted bug | caught | suite's last line | s |")
    print("|---|---|---|---|---|---|")
    for b in bugs:
        suite = only(args.tests, args.deep) if args.tests else SUITE
        caught, last, secs = plant(b, args.timeout, suite)
        caught_n += caught
        print(
            f"| {b.number} | {b.kind} | {b.what} | {'yes' if caught else '**no**'} | {last} | {secs:.0f} |",
            flush=True,
        )
    rate = caught_n / len(bugs) if bugs else 1.0
    print(f"\ncaught {caught_n} of {len(bugs)} ({rate:.0%})")
    return 0 if rate >= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
