"""Every face of every shipped game as a PNG: the raster route, timed. Not a test.

    .venv/bin/python bench/raster.py               # both routes at 150 dpi (pnp preview's default)
    .venv/bin/python bench/raster.py --dpi 101.6   # pnp serve's 4 px/mm

Each route runs as one whole process, timed from its start to its exit (interpreter start,
imports, loading and drawing every game, every front and back rasterised and PNG-encoded, no
two alike skipped), with its CPU time and peak memory, in the same session:

- cairo: the primitives drawn on a cairo image surface (pnp/engines/cairo_png.py), the route
  `pnp preview`, `pnp export --tts` and `pnp serve` use;
- cairosvg: each face written as SVG text by the SVG engine and drawn by cairosvg, the route
  they used before (kept here as the measure it was chosen against).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 10.0


def child(route: str, dpi: float) -> None:
    from pnp.face_images import face_pixels, place_face, render_png
    from pnp.pipeline import prepare
    from pnp.spec.load import builtin_games

    def svg_route(ctx, prims, w, h):
        import cairosvg

        from pnp.engines.svg_pages import SvgPage

        page = SvgPage(w, h, ctx.fonts, ctx.symbols)
        page.draw(prims)
        return cairosvg.svg2png(
            bytestring=page.tostring().encode("utf-8"), output_width=w, output_height=h
        )

    draw = render_png if route == "cairo" else svg_route
    n = size = 0
    for gid in builtin_games():
        prep = prepare(gid, legibility=False)
        ctx, faces = prep.ctx, prep.faces
        for fl in faces.values():
            for face in fl:
                for drawing in (face.front, face.back):
                    if drawing is not None:
                        w, h = face_pixels(face, dpi / 25.4)
                        size += len(draw(ctx, [place_face(drawing, 0, 0, face, w, h)], w, h))
                        n += 1
    print(f"{n} {size}")


def timed(route: str, dpi: float) -> tuple[float, float, float, str]:
    with tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child", route, "--dpi", str(dpi)], cwd=ROOT, stdout=out
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"the {route} route failed")
        out.seek(0)
        return (
            wall,
            usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024,
            out.read().decode().strip(),
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dpi", type=float, default=150.0)
    ap.add_argument("--child", choices=("cairo", "cairosvg"))
    args = ap.parse_args()
    if args.child:
        child(args.child, args.dpi)
        return
    load = os.getloadavg()[0]
    print(
        f"every face of every shipped game at {args.dpi:g} dpi, whole processes, {os.cpu_count()} cores, load {load:.1f}"
    )
    rows = {}
    for route in ("cairo", "cairosvg"):
        wall, cpu, mb, counted = timed(route, args.dpi)
        n, size = map(int, counted.split())
        rows[route] = (wall, cpu)
        print(
            f"  {route:<9} {wall:6.2f} s wall  {cpu:6.2f} s CPU  {n} PNGs  {size / 1e6:5.1f} MB of PNG  peak {mb:.0f} MB"
        )
    (wall, cpu), old_cpu = rows["cairo"], rows["cairosvg"][1]
    print(
        f"cairo route: {wall / TARGET_S:.2f} of the {TARGET_S:g} s target in wall time, {cpu / TARGET_S:.2f} in CPU time "
        f"(the machine shared: CPU time is what an idle one would take); {old_cpu / cpu:.1f} x less CPU than cairosvg"
    )


if __name__ == "__main__":
    main()
