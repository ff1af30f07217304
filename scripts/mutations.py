"""Break the shipped games one printed thing at a time and measure how many breaks `pnp check` catches.

    .venv/bin/python scripts/mutations.py                 # every game, a table of the catch rate
    .venv/bin/python scripts/mutations.py greenway -v     # one game, each break and its outcome

The breaks are listed in tests/mutations/<game>.yaml: each edits a copy of the game folder the
way a user would (a label renamed, a die face changed, a colour swapped) so that the printout no
longer matches the rulebook, and names the rules that must fail. A break is caught when
`pnp check` exits 1 with every rule it names failing; exit 0 is a miss, exit 2 a refusal (the
game no longer loads: such a break tests the loader, not the checker). Exit 1 when any break
is not caught. tests/test_mutations.py runs the same catalogue.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "tests" / "mutations"
# the categories of what must hold a break belongs to
CATEGORIES = {
    "text": "the text a face prints",
    "marks": "how often a symbol is drawn, and its colour",
    "die": "which faces of a die or net carry which labels",
    "colour": "the colour of a region or a piece as drawn",
    "backs": "backs alike; fronts and backs show what the rulebook hides or shows",
    "size": "drawn sizes and scale",
    "board": "board labels, regions, tracks, spaces and their counts",
    "players": "player colours distinct; player sets from the player count",
    "free-text": "a sentence or label no rulebook number pins, and a sentence added to a face",
    "relations": "symbols against their region, suits and players told apart across the set",
    "geography": "a globe against the world: land and sea, the Pacific side, pairs on the seam",
    "clause": "a clause edited inside a sentence a rule reads, or a declared title reworded",
    "symbols": "a symbol drawn on another item, or another symbol drawn on an item",
    "places": "a symbol, region or mark moved to another place of a face",
    "hidden": "a side meant to be hidden that gives the other side away",
    "contrast": "a text or symbol printed in (nearly) the colour it lies on",
    "guide": "the guide page: a design choice or a component's name reworded",
}


@dataclass(frozen=True)
class Mutation:
    game: str
    what: str
    category: str
    edits: tuple[
        tuple[str, str, str, bool, bool], ...
    ]  # file, old, new, every occurrence, old is a pattern
    fails: frozenset[str]
    example: bool  # one of the breaks the issue names


@dataclass(frozen=True)
class Outcome:
    mutation: Mutation
    code: int
    failed: frozenset[str]
    message: str = ""

    @property
    def caught(self) -> bool:
        return self.code == 1 and self.mutation.fails <= self.failed

    @property
    def verdict(self) -> str:
        if self.caught:
            return "caught"
        if self.code == 0:
            return "MISSED"
        if self.code == 1:
            return "caught by other rules"
        return f"refused (exit {self.code})"


def load(game: str) -> list[Mutation]:
    data = yaml.safe_load((CATALOGUE / f"{game}.yaml").read_text(encoding="utf-8"))
    out = []
    for m in data["mutations"]:
        edits = m.get("edits") or [
            {k: m[k] for k in ("file", "old", "new", "all", "regex") if k in m}
        ]
        if m["category"] not in CATEGORIES:
            raise SystemExit(f"{game}: '{m['what']}': unknown category {m['category']!r}")
        out.append(
            Mutation(
                game,
                m["what"],
                m["category"],
                tuple(
                    (e["file"], e["old"], e["new"], bool(e.get("all")), bool(e.get("regex")))
                    for e in edits
                ),
                frozenset(m["fails"]),
                bool(m.get("example")),
            )
        )
    return out


def games() -> list[str]:
    return sorted(p.stem for p in CATALOGUE.glob("*.yaml"))


class Copy:
    """One copy of a shipped game folder; each break is made in it, checked, and undone."""

    def __init__(self, game: str, where: Path):
        self.folder = where / game
        shutil.copytree(ROOT / "components" / game, self.folder)

    @contextlib.contextmanager
    def broken(self, m: Mutation):
        saved: dict[Path, str] = {}
        try:
            for file, old, new, every, regex in m.edits:
                path = self.folder / file
                if path not in saved:
                    saved[path] = path.read_text(encoding="utf-8")
                text = path.read_text(encoding="utf-8")
                if not (re.search(old, text) if regex else old in text):
                    raise LookupError(
                        f"{m.game}: '{m.what}': {old!r} is not in {file} (the game changed: update tests/mutations/{m.game}.yaml)"
                    )
                if regex:
                    text = re.sub(old, new.replace("\\", "\\\\"), text, count=0 if every else 1)
                else:
                    text = text.replace(old, new, -1 if every else 1)
                path.write_text(text, encoding="utf-8")
            yield self.folder
        finally:
            for path, text in saved.items():
                path.write_text(text, encoding="utf-8")


def check(folder: Path) -> tuple[int, frozenset[str], str]:
    """`pnp check FOLDER --json` in this process: exit code, the failing rules, any error."""
    from pnp.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(folder), "--json"])
    failed = (
        frozenset(r["id"] for r in json.loads(out.getvalue()) if not r["passed"])
        if code in (0, 1)
        else frozenset()
    )
    return code, failed, err.getvalue().strip()


def run(game: str, where: Path, only=None) -> list[Outcome]:
    copy = Copy(game, where)
    out = []
    for m in load(game):
        if only is not None and not only(m):
            continue
        with copy.broken(m) as folder:
            out.append(Outcome(m, *check(folder)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "games", nargs="*", help="games to break (default: every game with a catalogue)"
    )
    ap.add_argument("-v", "--verbose", action="store_true", help="list every break and its outcome")
    args = ap.parse_args(argv)
    chosen = args.games or games()
    total: Counter = Counter()
    by_cat: dict[str, Counter] = {c: Counter() for c in CATEGORIES}
    print(f"{'game':<16} {'breaks':>6} {'caught':>6} {'rate':>6} {'exit 1':>7}")
    with tempfile.TemporaryDirectory(prefix="pnp-mutations-") as tmp:
        for game in chosen:
            outcomes = run(game, Path(tmp))
            caught = sum(o.caught for o in outcomes)
            failed = sum(o.code == 1 for o in outcomes)  # check failed, whichever rules
            total.update(breaks=len(outcomes), caught=caught, failed=failed)
            for o in outcomes:
                by_cat[o.mutation.category].update(breaks=1, caught=int(o.caught))
            print(
                f"{game:<16} {len(outcomes):>6} {caught:>6} {caught / max(len(outcomes), 1):>6.0%} {failed:>7}"
            )
            for o in outcomes:
                if args.verbose or not o.caught:
                    extra = (
                        ""
                        if o.caught
                        else f"  (must fail {sorted(o.mutation.fails)}; failed {sorted(o.failed)}) {o.message[:200]}"
                    )
                    print(f"    {o.verdict:<8} {o.mutation.category:<8} {o.mutation.what}{extra}")
    print(
        f"{'all':<16} {total['breaks']:>6} {total['caught']:>6} {total['caught'] / max(total['breaks'], 1):>6.0%} {total['failed']:>7}"
    )
    print("caught: pnp check exits 1 and every rule the break names fails; exit 1: it fails at all")
    for cat, c in by_cat.items():
        if c["breaks"]:
            print(f"  {cat:<8} {c['caught']:>3} of {c['breaks']:>3}  {CATEGORIES[cat]}")
    return 0 if total["caught"] == total["breaks"] else 1


if __name__ == "__main__":
    sys.exit(main())
