"""pnp benchmarks: speed, file size and memory against a bare reportlab canvas. Not a test.

    .venv/bin/python bench/bench.py            # the full table (54,000 cards takes a while)
    .venv/bin/python bench/bench.py --quick    # 540 and 5,400 only

Each measurement runs in a fresh child process, so peak memory (ru_maxrss) is its own.
Timings are the best of --repeat runs; the floor runs in the same session for a fair ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))


def child(job: dict) -> dict:
    """Run one job in this process and report wall time, pages, bytes and peak memory."""
    out = Path(job["out"])
    t0 = time.perf_counter()
    if job["what"] == "floor":
        from floor import draw_floor

        pdf = out / "floor.pdf"
        pages = draw_floor(pdf, job["n"])
        size = pdf.stat().st_size
    elif job["what"] == "synthetic":
        from synthetic import write_game

        from pnp import budget
        from pnp.build import build
        from pnp.spec.load import load_game

        folder = write_game(out / "game", job["n"], backs=job.get("backs", True))
        t0 = time.perf_counter()  # time the build, not writing the YAML
        budget.configure(["items=1000000", "text_total=100000000"])  # the benchmark is big on purpose
        game = load_game(str(folder), max_items=10**6)
        outs = build(game, [job.get("paper", "a4")], engine=job.get("engine", "reportlab"), out_dir=out / "o")
        pages, size = outs[0].pages, outs[0].pdf.stat().st_size
    else:  # all games, both papers, one command
        cmd = [sys.executable, "-m", "pnp", "build", "--all", "--out", str(out / "all"), "--quiet"]
        subprocess.run(cmd, check=True, cwd=ROOT)
        pdfs = list((out / "all").rglob("*.pdf"))
        pages, size = len(pdfs), sum(p.stat().st_size for p in pdfs)
    wall = time.perf_counter() - t0
    # for --all the build ran in a grandchild (and its workers): their peak, the largest process
    who = resource.RUSAGE_CHILDREN if job["what"] == "all" else resource.RUSAGE_SELF
    return {"wall": wall, "pages": pages, "bytes": size, "peak_mb": resource.getrusage(who).ru_maxrss / 1024}


def run(job: dict, repeat: int) -> dict:
    best = None
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            job = {**job, "out": tmp}
            res = subprocess.run([sys.executable, __file__, "--child", json.dumps(job)], capture_output=True, text=True, cwd=ROOT)
            if res.returncode != 0:
                raise SystemExit(f"benchmark job failed: {job}\n{res.stderr}")
            r = json.loads(res.stdout.strip().splitlines()[-1])
            if best is None or r["wall"] < best["wall"]:
                best = r
    return best


def paper_efficiency() -> list[tuple]:
    """Pages used per family against the area lower bound, for every built-in game on A4."""
    import math

    from pnp.build import draw_faces
    from pnp.layout.impose import impose
    from pnp.spec.load import builtin_games, load_game
    from pnp.spec.paper import load_paper

    rows = []
    for paper_name in ("a4", "letter"):
        paper = load_paper(paper_name)
        area = (paper.size.w - 2 * paper.margin) * (paper.size.h - 2 * paper.margin)
        for gid in builtin_games():
            game = load_game(gid)
            ctx, _, infos = draw_faces(game)
            plan = impose(infos, paper, ctx.fonts, title="", credits="", variant=None, players=None)
            for info, fp in zip(infos, plan.families, strict=True):
                if fp.tiled:
                    continue
                fronts = {p for p in fp.pages if plan.pages[p - 1].kind == "sheet"}
                bound = math.ceil(sum(r.w * r.h for r in info.refs) / area)
                rows.append((paper_name, gid, fp.family, len(fronts), bound, len(fronts) <= bound + 1))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--child")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(json.loads(args.child))))
        return
    sizes = [540, 5400] if args.quick else [540, 5400, 54000]
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print()
    print("| run | wall s | ms/card | pages | PDF bytes | bytes/card | peak MB | ratio to floor |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    fulls = {}
    for n in sizes:
        rep = args.repeat if n < 54000 else 1
        floor = run({"what": "floor", "n": n}, rep)
        fronts = run({"what": "synthetic", "n": n, "backs": False}, rep)
        full = fulls[n] = run({"what": "synthetic", "n": n, "backs": True}, rep)
        for name, r in ((f"floor, bare canvas, fronts, N={n}", floor), (f"pnp fronts only, N={n}", fronts), (f"pnp fronts+backs+marks, N={n}", full)):
            print(f"| {name} | {r['wall']:.2f} | {1000 * r['wall'] / n:.3f} | {r['pages']} | {r['bytes']:,} | {r['bytes'] / n:.0f} | {r['peak_mb']:.0f} | {r['wall'] / floor['wall']:.2f} |")
        print(f"| size ratio backs/fronts-only, N={n} | | | | | {full['bytes'] / fronts['bytes']:.2f} | | |")
    big = max(sizes)
    print(f"| peak memory ratio N={big:,} / N=540 (fronts+backs+marks) | | | | | | {fulls[big]['peak_mb'] / fulls[540]['peak_mb']:.2f} | |")
    svg = run({"what": "synthetic", "n": 540, "engine": "svg"}, 1)
    print(f"| pnp SVG engine, N=540 | {svg['wall']:.2f} | {1000 * svg['wall'] / 540:.3f} | {svg['pages']} | {svg['bytes']:,} | {svg['bytes'] / 540:.0f} | {svg['peak_mb']:.0f} | |")
    print(f"| SVG engine cost per card / reportlab's, N=540 | | {svg['wall'] / fulls[540]['wall']:.1f} x | | | {svg['bytes'] / fulls[540]['bytes']:.1f} x | | |")
    allg = run({"what": "all"}, args.repeat)
    print(f"| all games, both papers (pnp build --all) | {allg['wall']:.2f} | | {allg['pages']} PDFs | {allg['bytes']:,} | | {allg['peak_mb']:.0f} | |")
    print()
    print("| paper | game | family | sheet pages | area lower bound | within bound+1 |")
    print("|---|---|---|---:|---:|---|")
    for row in paper_efficiency():
        print("| " + " | ".join(str(v) for v in row) + " |")


if __name__ == "__main__":
    main()
