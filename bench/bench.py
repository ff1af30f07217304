"""pnp benchmarks: speed, file size and memory against a bare reportlab canvas. Not a test.

    .venv/bin/pip install -e '.[test,bench]'   # img2pdf and rl_accel, for the comparisons
    .venv/bin/python bench/bench.py            # the full table (54,000 cards takes a while)
    .venv/bin/python bench/bench.py --quick    # 540 and 5,400 only

Like for like: every measurement is one whole process, timed from its start to its exit
(interpreter start, imports, work, writing the file), with its own peak memory (wait4's
rusage), with Python's bytecode cache written first and on for both (as pip installs). The
floor (bench/floor.py) draws the same pages as the pnp run it is set beside: fronts only, or
fronts, backs and cut marks. It runs in the same session with and without rl_accel
(reportlab's C accelerator; without it, reportlab's pure-Python fallback). Only writing the
game's YAML and art happens before the clock starts. Timings are the best of --repeat runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))
BIG = [
    "--max-items",
    "1000000",
    "--limit",
    "items=1000000",
    "--limit",
    "text_total=100000000",
]  # big on purpose


def child(job: dict) -> None:
    """The work of one floor or img2pdf process (its own interpreter, timed from outside)."""
    if job.get("no_accel"):
        sys.modules["_rl_accel"] = None  # type: ignore[assignment] - reportlab falls back to Python
    out = Path(job["out"])
    if job["what"] == "floor":
        from floor import draw_floor

        draw_floor(out / "floor.pdf", job["n"], backs=job.get("backs", False))
    else:  # img2pdf over the same images
        import img2pdf

        files = sorted(Path(job["art"]).glob("*.png"), key=lambda f: int(f.stem.split("-")[1]))
        (out / "img2pdf.pdf").write_bytes(img2pdf.convert([str(f) for f in files]))


def child_env() -> dict[str, str]:
    """The environment of every timed process: Python's bytecode cache on, as in an installed
    pnp (pip compiles it on install), whatever the shell says."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_bytecode() -> None:
    """Write pnp's (and the floor's) bytecode once, before anything is timed."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "pnp"), str(HERE)], check=True, env=child_env())


def timed(cmd: list[str], cwd: Path = ROOT) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak MB of one process, start to exit.

    On a shared machine the CPU time is the steadier figure: wall time grows with the load.
    """
    with tempfile.TemporaryFile() as errf:  # a file, not a pipe: a full pipe would stall the child
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=errf, env=child_env())
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        errf.seek(0)
        err = errf.read().decode(errors="replace")
    if proc.returncode != 0:
        raise SystemExit(f"benchmark process failed: {cmd}\n{err}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _pdfs(folder: Path) -> tuple[int, int]:
    # counted in another process: this one stays small, and a child forked from it reports
    # this process's size as its own peak until it execs
    code = "import sys,pymupdf,pathlib;p=list(pathlib.Path(sys.argv[1]).rglob('*.pdf'));print(sum(len(pymupdf.open(f)) for f in p))"
    pages = int(
        subprocess.run(
            [sys.executable, "-c", code, str(folder)], capture_output=True, text=True, check=True
        ).stdout
    )
    return pages, sum(p.stat().st_size for p in folder.rglob("*.pdf"))


def measure(job: dict, tmp: Path) -> dict:
    """One run of a job in tmp: wall, peak, pages and bytes."""
    from synthetic import write_art_deck, write_game

    out = tmp / "o"
    out.mkdir()
    what = job["what"]
    if what in ("floor", "img2pdf"):
        if what == "img2pdf":
            job = {**job, "art": str(tmp / "game" / "art")}
            write_art_deck(tmp / "game", job["n"])
        cmd = [sys.executable, __file__, "--child", json.dumps({**job, "out": str(out)})]
    elif what == "all":
        cmd = [sys.executable, "-m", "pnp", "build", "--all", "--out", str(out), "--quiet"]
    else:
        if what == "art":
            folder = tmp / "game"
            write_art_deck(folder, job["n"])
        else:
            folder = write_game(tmp / "game", job["n"], backs=job.get("backs", True))
        where = ["--paper", "a4", "--out", str(out), "--quiet"]
        cmd = [sys.executable, "-m", "pnp", "build", str(folder), *where]
        cmd += ["--engine", job.get("engine", "reportlab"), *BIG]
    wall, cpu, peak = timed(cmd)
    pages, size = _pdfs(out)
    return {"wall": wall, "cpu": cpu, "peak_mb": peak, "pages": pages, "bytes": size}


def run(job: dict, repeat: int) -> dict:
    best = None
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            r = measure(job, Path(tmp))
        if best is None or r["wall"] < best["wall"]:
            best = r
    return best


def paper_efficiency() -> list[tuple]:
    """Pages used per family against the area lower bound, for every built-in game on A4."""
    import math

    from pnp.pipeline import prepare
    from pnp.spec.load import builtin_games
    from pnp.spec.paper import load_paper

    rows = []
    for paper_name in ("a4", "letter"):
        paper = load_paper(paper_name)
        area = (paper.size.w - 2 * paper.margin) * (paper.size.h - 2 * paper.margin)
        for gid in builtin_games():
            prep = prepare(gid, [paper], legibility=False)
            infos, plan = prep.infos, prep.plans[0]
            for info, fp in zip(infos, plan.families, strict=True):
                if fp.tiled:
                    continue
                fronts = {p for p in fp.pages if plan.pages[p - 1].kind == "sheet"}
                bound = math.ceil(sum(r.w * r.h for r in info.refs) / area)
                rows.append(
                    (paper_name, gid, fp.family, len(fronts), bound, len(fronts) <= bound + 1)
                )
    return rows


def row(name: str, r: dict, n: int | None, floor: dict | None) -> str:
    per = f"{1000 * r['wall'] / n:.3f}" if n else ""
    bpc = f"{r['bytes'] / n:.0f}" if n else ""
    ratio = f"{r['wall'] / floor['wall']:.2f}" if floor else ""
    cpu_ratio = f"{r['cpu'] / floor['cpu']:.2f}" if floor else ""
    return f"| {name} | {r['wall']:.2f} | {r['cpu']:.2f} | {per} | {r['pages']} | {r['bytes']:,} | {bpc} | {r['peak_mb']:.0f} | {ratio} | {cpu_ratio} |"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--child")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if args.child:
        child(json.loads(args.child))
        return
    sizes = [540, 5400] if args.quick else [540, 5400, 54000]
    compile_bytecode()
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print()
    print("Whole processes, start to exit. Ratio: to the rl_accel canvas floor of the same N that draws the same pages.")
    print()
    print(
        "| run | wall s | CPU s | ms/card | pages | PDF bytes | bytes/card | peak MB | wall ratio to floor | CPU ratio |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    fulls = {}
    for n in sizes:
        rep = args.repeat if n < 54000 else 1
        floor = run({"what": "floor", "n": n}, rep)
        slow = run({"what": "floor", "n": n, "no_accel": True}, rep)
        floor_b = run({"what": "floor", "n": n, "backs": True}, rep)
        slow_b = run({"what": "floor", "n": n, "backs": True, "no_accel": True}, rep)
        fronts = run({"what": "synthetic", "n": n, "backs": False}, rep)
        full = fulls[n] = run({"what": "synthetic", "n": n, "backs": True}, rep)
        # each pnp run beside the floor that draws the same pages: fronts, or fronts, backs and marks
        print(row(f"floor, canvas + rl_accel, fronts, N={n}", floor, n, floor))
        print(row(f"floor, canvas without rl_accel, fronts, N={n}", slow, n, floor))
        print(row(f"pnp fronts only, N={n}", fronts, n, floor))
        print(row(f"floor, canvas + rl_accel, fronts+backs+marks, N={n}", floor_b, n, floor_b))
        print(row(f"floor, canvas without rl_accel, fronts+backs+marks, N={n}", slow_b, n, floor_b))
        print(row(f"pnp fronts+backs+marks, N={n}", full, n, floor_b))
        print(row(f"pnp fronts+backs+marks, N={n}, to the fronts-only floor", full, n, floor))
    big = max(sizes)
    print(
        f"| peak memory ratio N={big:,} / N=540 (fronts+backs+marks) | | | | | | | {fulls[big]['peak_mb'] / fulls[540]['peak_mb']:.2f} | | |"
    )
    svg = run({"what": "synthetic", "n": 540, "engine": "svg"}, args.repeat)
    print(row("pnp SVG engine, fronts+backs+marks, N=540", svg, 540, None))
    print(
        f"| SVG engine time per card / reportlab's, N=540 | {svg['wall'] / fulls[540]['wall']:.2f} x | {svg['cpu'] / fulls[540]['cpu']:.2f} x | | | {svg['bytes'] / fulls[540]['bytes']:.1f} x | | | | |"
    )
    i2p = run({"what": "img2pdf", "n": 540}, args.repeat)
    art = run({"what": "art", "n": 540}, args.repeat)
    print(row("img2pdf, 540 PNGs 750x1050, one a page", i2p, 540, None))
    print(row("pnp art deck, 540 PNGs, fronts+backs+marks", art, 540, None))
    print(
        f"| art deck / img2pdf | {art['wall'] / i2p['wall']:.2f} x | {art['cpu'] / i2p['cpu']:.2f} x | | | | | | | |"
    )
    allg = run({"what": "all"}, args.repeat)
    print(row("all games, both papers (pnp build --all)", allg, None, None))
    print()
    print("| paper | game | family | sheet pages | area lower bound | within bound+1 |")
    print("|---|---|---|---:|---:|---|")
    for r in paper_efficiency():
        print("| " + " | ".join(str(v) for v in r) + " |")


if __name__ == "__main__":
    main()
