"""Measure how many held-out misprints `pnp check` catches.

    .venv/bin/python scripts/heldout.py tests/heldout/2026-11-27.yaml        # table per game and kind
    .venv/bin/python scripts/heldout.py tests/heldout/2026-11-27.yaml -v     # every misprint and its outcome

Each misprint in the data file is one find/replace on one YAML or CSV file of a shipped game,
the kind of edit a designer's typo or a careless customisation makes, and quotes the rulebook
sentence the edited printout contradicts. The script copies the game folder (and the games it
uses, such as the piecepack) to a temporary folder, applies the edit, runs
`pnp check COPY --json` in this process. A misprint is caught when the check exits 1 with a rule
failing that does not fail on an unmodified copy of the same game (checked first, once per game:
a rule that already fails tells the designer nothing about their edit); exit 0, or only the
unmodified copy's failures, is a miss; exit 2 means the copy no longer loads (a refusal, counted
apart). Unlike scripts/mutations.py it does not ask for particular rules to fail: any new failing
rule counts, because the measure is whether a designer who trusts the check is warned at all.

The data file's `house_rules` are copies customised on purpose (a region renamed, a per-player
count changed): each must fail before `pnp check COPY --accept`, and afterwards fail no rule
the unmodified game passes. `--house-rules` runs only those.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shutil
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
COMPONENTS = ROOT / "components"


@dataclass(frozen=True)
class Misprint:
    game: str  # the game checked
    kind: str
    file: str  # path under components/
    old: str
    new: str
    cite: str  # the rulebook sentence the misprint contradicts
    what: str


def load(path: Path) -> list[Misprint]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    kinds = set(data["kinds"])
    out = []
    for m in data["misprints"]:
        if m["kind"] not in kinds:
            raise SystemExit(f"{path}: '{m['what']}': unknown kind {m['kind']!r}")
        out.append(
            Misprint(m["game"], m["kind"], m["file"], m["old"], m["new"], m["cite"], m["what"])
        )
    return out


def used_games(game: str) -> list[str]:
    """The games the game.yaml `uses` (the piecepack for Global Warming)."""
    meta = yaml.safe_load((COMPONENTS / game / "game.yaml").read_text(encoding="utf-8"))
    return [u["game"] for u in meta.get("uses") or []]


def check(folder: Path, *extra: str) -> tuple[int, list[str], str]:
    """`pnp check FOLDER --json` in this process: exit code, the failing rules, stderr."""
    from pnp.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(folder), "--json", *extra])
    failed = []
    if code in (0, 1):
        with contextlib.suppress(ValueError):
            failed = [r["id"] for r in json.loads(out.getvalue()) if not r["passed"]]
    return code, failed, err.getvalue().strip()


def fresh_copy(game: str, tmp: Path) -> Path:
    """A fresh copy of the game folder, with a copy of each game it uses inside it.

    `uses: piecepack` reads GAME/piecepack/ when it holds a game.yaml and the shipped
    piecepack otherwise: a copy beside the game would be ignored, and its edits with it.
    """
    folder = Path(tempfile.mkdtemp(dir=tmp)) / game
    shutil.copytree(COMPONENTS / game, folder)
    for used in used_games(game):
        shutil.copytree(COMPONENTS / used, folder / used)
    return folder


def apply(m: Misprint, tmp: Path) -> Path:
    """A fresh copy of the game with the one edit made."""
    folder = fresh_copy(m.game, tmp)
    own = f"{m.game}/"  # the game's own files; the others are those of a game it uses
    path = folder / (m.file[len(own) :] if m.file.startswith(own) else m.file)
    text = path.read_text(encoding="utf-8")
    if text.count(m.old) != 1:
        raise SystemExit(
            f"{m.file}: {m.old!r} occurs {text.count(m.old)} times (must be once): {m.what}"
        )
    path.write_text(text.replace(m.old, m.new), encoding="utf-8")
    return folder


Result = tuple[Misprint, int, list[str], str]  # misprint, exit code, new failing rules, stderr
# pnp's own accounting checks: they say a mark is unaccounted for, not which rulebook words it breaks
OWN_CHECKS = ("coverage:", "drawn:", "printed:")


def by_rule(new: list[str]) -> bool:
    """A rule of the game's rules.yaml (with its rulebook quote) is among the new failures."""
    return any(not r.startswith(OWN_CHECKS) for r in new)


def verdict(code: int, new: list[str]) -> str:
    if code == 1:
        return "caught" if new else "MISSED"  # only the unmodified copy's failures
    return {0: "MISSED"}.get(code, f"refused (exit {code})")


def report(results: list[Result], baseline: dict[str, list[str]], verbose: bool) -> None:
    for game, failed in sorted(baseline.items()):
        if failed:
            print(f"unmodified {game} already fails: {', '.join(failed)} (not counted)")
    print()
    per_game: dict[str, Counter] = defaultdict(Counter)
    per_kind: dict[str, Counter] = defaultdict(Counter)
    for m, code, new, _ in results:
        for c in (per_game[m.game], per_kind[m.kind]):
            caught = verdict(code, new) == "caught"
            c.update(
                n=1,
                caught=int(caught),
                rule=int(caught and by_rule(new)),
                refused=int(code not in (0, 1)),
            )
    for title, table in (("game", per_game), ("kind", per_kind)):
        print(f"{title:<16} {'edits':>5} {'caught':>6} {'by rule':>7} {'refused':>7} {'rate':>6}")
        for key, c in sorted(table.items()):
            print(
                f"{key:<16} {c['n']:>5} {c['caught']:>6} {c['rule']:>7} {c['refused']:>7}"
                f" {c['caught'] / c['n']:>6.0%}"
            )
        print()
    caught = sum(verdict(code, new) == "caught" for _, code, new, _ in results)
    rule = sum(verdict(code, new) == "caught" and by_rule(new) for _, code, new, _ in results)
    print(
        f"all: {caught} of {len(results)} caught ({caught / max(len(results), 1):.0%}), {rule} by rule"
    )
    print("by rule: a rule of rules.yaml fails, not only pnp's coverage/drawn/printed accounting\n")
    for m, code, failed, err in results:
        if verbose or verdict(code, failed) != "caught":
            print(f"{verdict(code, failed):<8} {m.game} [{m.kind}] {m.what}")
            print(f"    {m.file}: {m.old!r} -> {m.new!r}")
            print(f"    rulebook: {m.cite}")
            if failed:
                print(f"    failed: {', '.join(failed[:6])}")
            if code not in (0, 1) and err:
                print(f"    {err.splitlines()[-1][:300]}")


def house_rules(data: Path, tmp: Path) -> bool:
    """Each house rule of the data file: a copy edited on purpose, `--accept`, then checked again.

    It passes when the copy fails before (the check sees the departure), `--accept` records it,
    and afterwards no rule fails that does not fail on the unmodified game as well.
    """
    ok = True
    for h in yaml.safe_load(data.read_text(encoding="utf-8")).get("house_rules") or []:
        base = check(fresh_copy(h["game"], tmp))[1]
        folder = fresh_copy(h["game"], tmp)
        for name in h["files"]:
            path = folder / name
            text = path.read_text(encoding="utf-8")
            for old, new in h["replace"]:
                text = text.replace(old, new)
            path.write_text(text, encoding="utf-8")
        before = check(folder)
        accepted = check(folder, "--accept")[0]
        code, failed, _ = check(folder)
        new = [r for r in failed if r not in base]
        good = before[0] == 1 and accepted in (0, 1) and not new
        ok &= good
        print(f"house rule {'accepted' if good else 'NOT ACCEPTED'}: {h['game']}: {h['what']}")
        print(f"    before --accept: exit {before[0]}, {len(before[1])} rules fail")
        print(f"    --accept: exit {accepted}; afterwards: exit {code}, failing {failed or 'none'}")
        if new:
            print(f"    failing that the unmodified game passes: {', '.join(new)}")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", type=Path, help="the misprints, e.g. tests/heldout/2026-11-27.yaml")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every misprint")
    ap.add_argument("--game", help="only the misprints of this game (no house rules)")
    ap.add_argument("--house-rules", action="store_true", help="only the house rules")
    args = ap.parse_args(argv)
    if args.house_rules:
        with tempfile.TemporaryDirectory(prefix="pnp-heldout-") as tmp:
            return 0 if house_rules(args.data, Path(tmp)) else 1
    misprints = [m for m in load(args.data) if args.game in (None, m.game)]
    results: list[Result] = []
    baseline: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="pnp-heldout-") as tmp:
        for m in misprints:
            if m.game not in baseline:
                baseline[m.game] = check(fresh_copy(m.game, Path(tmp)))[1]
            code, failed, err = check(apply(m, Path(tmp)))
            new = [r for r in failed if r not in baseline[m.game]]
            results.append((m, code, new, err))
        houses_ok = house_rules(args.data, Path(tmp)) if args.game is None else True
    report(results, baseline, args.verbose)
    caught = all(verdict(code, new) == "caught" for _, code, new, _ in results)
    return 0 if caught and houses_ok else 1


if __name__ == "__main__":
    sys.exit(main())
