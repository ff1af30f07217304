"""Print-shop files: one image (PNG) or one-page PDF per distinct face, with bleed, a CSV of
what to print how many times on which back, and a summary of sizes and safe zones.

Print-on-demand shops (MakePlayingCards, The Game Crafter, DriveThruCards, a local digital
printer) take one file per card face, at their resolution, with art past the cut line. A
face is drawn once with the bleed asked for (pnp/kinds/bleed.py carries edge-touching art
into it) and without the thin line pnp draws on the cut edge for home printing: a shop's
cut wanders by a millimetre or so and would show it.

Each file is exactly (trim + 2 × bleed) at the dpi: round((trim + 2 × bleed) × dpi / 25.4)
pixels a side. A PDF page is the bled size, with its TrimBox on the cut line and its
BleedBox the whole page.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from pnp import budget
from pnp.errors import PnpError
from pnp.export.faces import (
    MAX_BLEED_MM,
    MAX_DPI,
    MIN_DPI,
    CardsJob,
    ShopFamily,
    ShopResult,
    bled,
    choose_cards,
    pixels,
    with_dpi,
)
from pnp.export.press import export_press
from pnp.export.shops import Shop, find_shop, order_text
from pnp.export.skeleton import Export, run_export
from pnp.kinds import DrawContext, Face
from pnp.names import csv_cell

SAFE_MM = 3.0  # keep text and key art this far inside the cut line (shops ask 3 mm or 1/8 in)
FOLDER = "cards"
LIST_FILE = "cards.csv"
SUMMARY_FILE = "README.txt"
ORDER_FILE = "ORDER.txt"  # with --shop: the counts as the shop's order form takes them


def check_options(dpi: float, bleed: float, fmt: str) -> None:
    if not (MIN_DPI <= dpi <= MAX_DPI):  # also refuses nan
        raise PnpError(
            "bad --dpi",
            expected=f"a resolution from {MIN_DPI:g} to {MAX_DPI:g} dpi (shops ask 300)",
            found=f"{dpi:g}",
        )
    if not (0.0 <= bleed <= MAX_BLEED_MM):
        raise PnpError(
            "bad --bleed",
            expected=f"a length from 0 to {MAX_BLEED_MM:g} mm, such as 3mm or 0.125in",
            found=f"{bleed:g} mm",
        )
    if fmt not in ("png", "pdf"):
        raise PnpError("bad --format", expected="png or pdf", found=fmt)


def export_cards(
    game,
    out_dir: Path,
    *,
    dpi: float = 300.0,
    bleed: float = 3.0,
    fmt: str = "png",
    families: list[str] | None = None,
    shop: str | None = None,
    progress=None,
    warn=None,
    max_tiles: int | None = None,
) -> ShopResult:
    """One file per distinct face. With `shop` (pnp/export/shops.py), the shop's own bleed,
    dpi, file type and safe zone replace `dpi`, `bleed` and `fmt`, a card size the shop does
    not make is left out with a warning (refused when the shop makes none), and ORDER.txt lists the counts as the shop's order form takes them;
    a shop that takes press-ready PDFs gets them (pnp/export/press.py)."""
    preset = find_shop(shop) if shop else None
    if preset is not None:
        if preset.output == "press":
            return export_press(
                game, out_dir, shop=preset, families=families, progress=progress, warn=warn,
                max_tiles=max_tiles,
            )  # fmt: skip
        dpi, bleed, fmt = preset.dpi, preset.bleed_mm, preset.output
    return run_export(
        game,
        out_dir,
        Export(
            FOLDER,
            choose=lambda: choose_files(game, families, preset, dpi, bleed, fmt, max_tiles, warn),
            draw=lambda job, root: draw_files(game, job, fmt, root, progress),
            write=lambda job, _, root: write_lists(game, job, fmt, preset, root),
            report=lambda job, _, dest: ShopResult(dest, job.plans, len(job.files), job.px),
        ),
        warn,
    )


def choose_files(
    game, families, preset: Shop | None, dpi: float, bleed: float, fmt: str, max_tiles, warn
) -> CardsJob:
    """The options checked, the faces chosen (pnp/export/faces.py) and every file's pixels
    counted (pnp/budget.py) before the first is drawn."""
    check_options(dpi, bleed, fmt)
    job = choose_cards(game, families, preset, bleed, dpi, max_tiles, warn)
    budget.check(
        "pixels",
        budget.spent("pixels")
        + sum(pixels(f.face.w, bleed, dpi) * pixels(f.face.h, bleed, dpi) for f in job.files),
        file=game.file,
        key="components",
        hint="or a lower --dpi, or fewer families with --family",
    )
    return job


def draw_files(game, job: CardsJob, fmt: str, root: Path, progress) -> None:
    """Each distinct face's file: a PNG at the dpi, or a one-page PDF."""
    ctx, bleed = job.prep.ctx, job.bleed
    writer = _PngWriter(ctx, job.dpi, bleed) if fmt == "png" else _PdfWriter(ctx, game, bleed)
    for n, f in enumerate(job.files, 1):
        writer.write(root / f"{f.name}.{fmt}", f.face, f.drawing)
        if progress:
            progress(f"{game.id}: print-shop file {n}/{len(job.files)}")


def write_lists(game, job: CardsJob, fmt: str, preset: Shop | None, root: Path) -> None:
    """cards.csv, README.txt and with a shop ORDER.txt: what to upload, how many times."""
    bleed, dpi, px = job.bleed, job.dpi, job.px
    (root / LIST_FILE).write_text(
        card_list(job.plans, fmt, bleed, dpi, px), encoding="utf-8", newline=""
    )
    safe = preset.safe_mm if preset else SAFE_MM
    (root / SUMMARY_FILE).write_text(
        summary(game, job.plans, fmt, bleed, dpi, px, safe), encoding="utf-8"
    )
    if preset is not None:
        (root / ORDER_FILE).write_text(
            order_text(preset, job.plans, fmt, px, left=job.left), encoding="utf-8"
        )


class _PngWriter:
    def __init__(self, ctx: DrawContext, dpi: float, bleed: float):
        from pnp.engines.cairo_png import CairoPng

        self.engine = CairoPng(ctx.fonts, ctx.symbols)
        self.dpi = dpi
        self.bleed = bleed

    def write(self, path: Path, face: Face, drawing) -> None:
        w_px, h_px = pixels(face.w, self.bleed, self.dpi), pixels(face.h, self.bleed, self.dpi)
        # the exact pixel size, so each axis gets its own (nearly equal) scale
        kx = w_px / (face.w + 2 * self.bleed)
        ky = h_px / (face.h + 2 * self.bleed)
        prims = [bled(face, drawing, self.bleed, self.engine.symbols)]
        png = self.engine.png(prims, w_px, h_px, kx, ky)
        path.write_bytes(with_dpi(png, self.dpi))


class _PdfWriter:
    def __init__(self, ctx: DrawContext, game, bleed: float):
        self.ctx = ctx
        self.game = game
        self.bleed = bleed

    def write(self, path: Path, face: Face, drawing) -> None:
        from pnp.engines import DocInfo
        from pnp.engines.reportlab_pdf import ReportlabWriter

        b = self.bleed
        W, H = face.w + 2 * b, face.h + 2 * b
        info = DocInfo(
            title=f"{self.game.spec.title}: {path.stem}",
            author=self.game.spec.credits,
            subject="Print-shop file with bleed",
            date=None,
        )
        writer = ReportlabWriter(path, info, self.ctx.fonts, self.ctx.symbols)
        try:
            writer.page(
                W,
                H,
                [bled(face, drawing, b)],
                boxes={"TrimBox": (b, b, face.w, face.h), "BleedBox": (0.0, 0.0, W, H)},
            )
        finally:
            writer.close()


def card_list(plans: list[ShopFamily], fmt: str, bleed: float, dpi: float, px: dict) -> str:
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(["family", "file", "count", "back", "ids", "trim_mm", "bleed_mm", "size"])
    for plan in plans:
        w, h = plan.trim
        size = (
            f"{px[plan.family][0]}x{px[plan.family][1]} px"
            if fmt == "png"
            else f"{w + 2 * bleed:g}x{h + 2 * bleed:g} mm"
        )
        for c in plan.cards:
            out.writerow(
                [
                    csv_cell(cell)
                    for cell in (
                        plan.family,
                        f"{c.front}.{fmt}",
                        len(c.ids),
                        f"{c.back}.{fmt}" if c.back else "",
                        " ".join(c.ids),
                        f"{w:g}x{h:g}",
                        f"{bleed:g}",
                        size,
                    )
                ]
            )
    return buf.getvalue()


def summary(
    game, plans: list[ShopFamily], fmt: str, bleed: float, dpi: float, px: dict, safe=SAFE_MM
) -> str:
    lines = [
        f"{game.spec.title}: print-shop files",
        "",
        f"Format: {fmt.upper()}"
        + (
            f", {dpi:g} dpi"
            if fmt == "png"
            else ", one page per file, TrimBox on the cut line, BleedBox the whole page"
        ),
        f"Bleed: {bleed:g} mm on every side (art continues past the cut line)",
        f"Safe zone: keep text and key art {safe:g} mm inside the cut line",
        f"The list: {LIST_FILE} (one row per distinct card: its file, how many copies, its back file)",
        "",
    ]
    for plan in plans:
        w, h = plan.trim
        copies = sum(len(c.ids) for c in plan.cards)
        backs = {c.back for c in plan.cards if c.back}
        lines += [
            f"{plan.title} ({plan.family}): {copies} cards, {len(plan.cards)} distinct fronts, "
            + (
                f"{len(backs)} back file{'s' if len(backs) != 1 else ''}"
                if backs
                else "no backs (one-sided)"
            ),
            f"  trim (cut) size   {w:g} x {h:g} mm",
            f"  with bleed        {w + 2 * bleed:g} x {h + 2 * bleed:g} mm"
            + (f" = {px[plan.family][0]} x {px[plan.family][1]} px" if fmt == "png" else ""),
            f"  safe zone         {max(0.0, w - 2 * safe):g} x {max(0.0, h - 2 * safe):g} mm, {safe:g} mm inside the cut",
            "  cut               "
            + (
                f"rounded corners, radius {plan.radius:g} mm"
                if plan.radius
                else "square corners"
                if plan.shape == "rect"
                else f"{plan.shape} outline (die-cut)"
            ),
            "",
        ]
    lines.append(
        "Upload each front with its count and back as the list says; most shops ask for exactly these sizes."
    )
    return "\n".join(lines) + "\n"
