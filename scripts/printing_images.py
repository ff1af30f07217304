"""Render docs/printing.md's pictures from real output: `python scripts/printing_images.py`.

- docs/images/print-shop-files.png: a card's front and back as `pnp export --cards` writes
  them (the scaffold's deck, 3 mm bleed), with the cut line and the safe zone drawn over them.
- docs/images/cut-file.png: a sheet of a built PDF with its cut file (`pnp export --cut`)
  drawn over it: cut paths in red, score lines dashed blue, registration marks.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

REPO = Path(__file__).resolve().parent.parent
IMAGES = REPO / "docs" / "images"
PNP = [sys.executable, "-m", "pnp"]


def run(*args: str) -> None:
    subprocess.run([*PNP, *args], check=True, cwd=REPO)


def dashed_rect(draw: ImageDraw.ImageDraw, box, colour, width: int, dash: int) -> None:
    x0, y0, x1, y1 = box
    for a, b in (
        ((x0, y0), (x1, y0)),
        ((x1, y0), (x1, y1)),
        ((x1, y1), (x0, y1)),
        ((x0, y1), (x0, y0)),
    ):
        length = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
        for s in range(0, int(length), 2 * dash):
            t0, t1 = s / length, min(1.0, (s + dash) / length)
            draw.line(
                [
                    (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                    (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
                ],
                fill=colour,
                width=width,
            )


def print_shop(tmp: Path) -> None:
    game = tmp / "small"
    run("new", str(game))
    dpi, bleed, safe = 150, 3.0, 3.0
    run(
        "export",
        str(game),
        "--cards",
        "--dpi",
        str(dpi),
        "--bleed",
        f"{bleed}mm",
        "--out",
        str(tmp / "out"),
        "--quiet",
    )
    folder = tmp / "out" / "small" / "cards"
    k = dpi / 25.4
    cards = [
        Image.open(folder / n).convert("RGB") for n in ("deck-red-1-front.png", "deck-back.png")
    ]
    gap = 40
    sheet = Image.new(
        "RGB", (sum(c.width for c in cards) + gap * 3, cards[0].height + 2 * gap), "#d0d0d0"
    )
    draw = ImageDraw.Draw(sheet)
    x = gap
    for c in cards:
        sheet.paste(c, (x, gap))
        w, h = c.size
        trim = (x + bleed * k, gap + bleed * k, x + w - bleed * k, gap + h - bleed * k)
        draw.rectangle(trim, outline="#d81b60", width=3)  # the cut line
        dashed_rect(
            draw,
            (trim[0] + safe * k, trim[1] + safe * k, trim[2] - safe * k, trim[3] - safe * k),
            "#0277bd",
            3,
            12,
        )
        x += w + gap
    sheet.save(IMAGES / "print-shop-files.png", optimize=True)


def cut_file(tmp: Path) -> None:
    import cairosvg
    import pymupdf

    out = tmp / "out"
    run("build", "earthquake", "--paper", "a4", "--registration", "--out", str(out), "--quiet")
    run("export", "earthquake", "--cut", "--paper", "a4", "--registration", "--out", str(out), "--quiet")
    cuts = sorted((out / "earthquake" / "cut").glob("*.svg"))
    # the first sheet with a packed set of pieces on it: cut apart inside the set
    chosen = next((f for f in cuts if "building-pieces" in f.read_text()), cuts[0])
    page_no = int(chosen.stem.rsplit("-p", 1)[1])
    doc = pymupdf.open(out / "earthquake" / "earthquake-a4.pdf")
    dpi = 100
    pix = doc[page_no - 1].get_pixmap(dpi=dpi)
    base = Image.frombytes("RGB", (pix.width, pix.height), pix.samples)
    # the hairlines are drawn thicker for the picture only
    svg = chosen.read_text().replace('stroke-width="0.1"', 'stroke-width="0.6"').encode()
    overlay = cairosvg.svg2png(bytestring=svg, output_width=pix.width, output_height=pix.height)
    from io import BytesIO

    top = Image.open(BytesIO(overlay)).convert("RGBA")
    faded = Image.blend(base, Image.new("RGB", base.size, "white"), 0.35)
    faded.paste(top, (0, 0), top)
    faded.save(IMAGES / "cut-file.png", optimize=True)


def main() -> None:
    which = set(sys.argv[1:]) or {"shop", "cut"}
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        if "shop" in which:
            print_shop(tmp)
        if "cut" in which:
            cut_file(tmp)


if __name__ == "__main__":
    main()
