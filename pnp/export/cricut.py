"""Cricut Print Then Cut: sheets of items as images to upload, each within the printable area
Design Space allows, with a cut outline per item and no registration marks of pnp's own.

Design Space prints a Print Then Cut image itself, inside a frame of its own marks, and cuts
around the image's opaque shapes. So each sheet is a PNG at the items' true size (its dpi
written in the file) on transparency, the items packed at least GAP apart so each is a shape
of its own, and beside it an SVG of the same size with each item's cut outline (the same
outlines as `--cut`: rounded corners, circles, hexes), for a cut that follows the piece
rather than its art. Only fronts are printed: Print Then Cut prints one side.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

from pnp.draw.primitives import Group
from pnp.errors import PnpError
from pnp.export.cut import (
    CUT_COLOUR,
    INKSCAPE,
    LINE_WIDTH,
    Ids,
    layer,
    moved,
    outline_of,
    path_data,
    svg_num,
)
from pnp.export.faces import shop_families, with_dpi
from pnp.export.skeleton import Export, run_export
from pnp.kinds import KINDS
from pnp.kinds.flat import FlatKind
from pnp.layout.compose import placement_transform
from pnp.layout.pack import pack
from pnp.names import safe_name

# Design Space's Print Then Cut limit for an image: 6.75 x 9.25 in (171.45 x 234.95 mm)
AREA_IN = (6.75, 9.25)
AREA_MM = (AREA_IN[0] * 25.4, AREA_IN[1] * 25.4)
GAP = 3.0  # mm between items, so that each is a shape of its own to cut around
DPI = 300.0
FOLDER = "cricut"


@dataclass
class _Placed:
    """What placement_transform reads of a placement."""

    x: float
    y: float
    rotation: int


@dataclass
class CricutJob:
    """What the Print Then Cut export chose: the faces that fit, packed into sheets."""

    prep: object  # pnp.pipeline.Prepared
    faces: list
    sheets: list  # each a list of pnp.layout.pack spots, indexing `faces`
    stem: str


def export_cricut(
    game, out_dir: Path, *, families: list[str] | None = None, progress=None, warn=None,
    max_tiles: int | None = None,
) -> list[Path]:  # fmt: skip
    """OUT/GAME/cricut/GAME-cricut-NN.png and .svg for each sheet; the PNGs' paths."""
    return run_export(
        game,
        out_dir,
        Export(
            FOLDER,
            choose=lambda: choose_faces(game, families, warn, max_tiles),
            draw=lambda job, root: draw_sheets(game, job, root, progress),
            write=lambda job, names, root: (root / "README.txt").write_text(
                _readme(game, job.sheets, job.faces, job.stem), encoding="utf-8"
            ),
            report=lambda job, names, dest: [dest / f"{name}.png" for name in names],
        ),
        warn,
    )


def choose_faces(game, families: list[str] | None, warn, max_tiles: int | None) -> CricutJob:
    """The faces of the families asked for (else of every flat family that fits an image),
    packed into the fewest Print Then Cut images; a face too large is refused."""
    from pnp.pipeline import prepare

    if families:
        fams = shop_families(game, families)
    else:  # every flat family (cards, tiles, counters ...); boards are cut by hand
        fams = [f for f in game.families if isinstance(KINDS[f.spec.kind], FlatKind)]
        if not fams:
            raise PnpError(
                "no flat families to print and cut", expected="cards, tiles, counters or tokens"
            )
    prep = prepare(game, legibility=False, max_tiles=max_tiles)
    faces = []
    for fam in fams:
        drawn = prep.faces[fam.name]
        if not families and drawn and not all(_fits(f.w, f.h) for f in drawn):
            if warn:
                warn(
                    f"{game.id}: family '{fam.name}' is larger than a Print Then Cut image: left out"
                )
            continue
        faces += drawn
    too_big = [f for f in faces if not _fits(f.w, f.h)]
    if not faces:
        raise PnpError(
            "nothing fits a Print Then Cut image",
            expected=f"items within {AREA_IN[0]:g} x {AREA_IN[1]:g} in",
        )
    if too_big:
        f = too_big[0]
        raise PnpError(
            f"'{f.id}' of family '{f.family}' is larger than a Print Then Cut image",
            expected=f"items within {AREA_IN[0]:g} x {AREA_IN[1]:g} in ({AREA_MM[0]:g} x {AREA_MM[1]:g} mm)",
            found=f"{f.w:g} x {f.h:g} mm",
            hint="leave that family out with --family, or cut it by hand",
        )
    sheets = sheets_for([(f.w, f.h) for f in faces])
    return CricutJob(prep, faces, sheets, f"{safe_name(game.id)}-cricut")


def draw_sheets(game, job: CricutJob, root: Path, progress) -> list[str]:
    """Each sheet's PNG at DPI and its cut SVG; the sheets' names."""
    from pnp.engines.cairo_png import CairoPng

    engine = CairoPng(job.prep.ctx.fonts, job.prep.ctx.symbols)
    names = []
    for n, spots in enumerate(job.sheets, 1):
        w = max(s.x + s.w for s in spots)
        h = max(s.y + s.h for s in spots)
        placed = [(job.faces[s.index], _Placed(s.x, s.y, 90 if s.rotated else 0)) for s in spots]
        prims = [Group((face.front,), placement_transform(p, face.w, face.h)) for face, p in placed]
        k = DPI / 25.4
        w_px, h_px = max(1, round(w * k)), max(1, round(h * k))
        png = engine.png(prims, w_px, h_px, w_px / w, h_px / h, background=None)
        name = f"{job.stem}-{n:02d}"
        (root / f"{name}.png").write_bytes(with_dpi(png, DPI))
        (root / f"{name}.svg").write_text(
            _cut_svg(placed, w, h, f"{game.spec.title} {name}"), encoding="utf-8"
        )
        names.append(name)
        if progress:
            progress(f"{game.id}: Print Then Cut sheet {n}/{len(job.sheets)}")
    return names


def sheets_for(sizes: list[tuple[float, float]]) -> list:
    """The fewest Print Then Cut images (each is a print and a cutting run): the items as
    given, or all turned, whichever takes fewer; as given when equal. Poker cards lie four
    upright on an image, where turned only three fit."""
    upright = pack(sizes, AREA_MM[0], AREA_MM[1], GAP, turned=False)
    turned = pack(sizes, AREA_MM[0], AREA_MM[1], GAP, turned=True)
    return turned if len(turned) < len(upright) else upright


def _fits(w: float, h: float) -> bool:
    aw, ah = AREA_MM
    return (w <= aw and h <= ah) or (h <= aw and w <= ah)


def _cut_svg(placed, w: float, h: float, title: str) -> str:
    ids = Ids()
    cuts = []
    for face, p in placed:
        name = f"{face.family}/{face.id}"
        d = path_data(moved(outline_of(face), placement_transform(p, face.w, face.h)))
        cuts.append(f'<path id="{ids("cut-" + name)}" inkscape:label={quoteattr(name)} d="{d}"/>')
    return (
        "\n".join(
            [
                '<?xml version="1.0" encoding="utf-8"?>',
                f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" version="1.1" '
                f'width="{svg_num(w)}mm" height="{svg_num(h)}mm" viewBox="0 0 {svg_num(w)} {svg_num(h)}">',
                f"<title>{title.replace('&', '&amp;').replace('<', '&lt;')}: cut paths</title>",
                *layer(
                    "cut",
                    cuts,
                    f' fill="none" stroke="{CUT_COLOUR}" stroke-width="{svg_num(LINE_WIDTH)}"',
                ),
                "</svg>",
            ]
        )
        + "\n"
    )


def _readme(game, sheets, faces, stem: str) -> str:
    lines = [
        f"{game.spec.title}: Cricut Print Then Cut sheets",
        "",
        f"Each {stem}-NN.png is one Print Then Cut image at {DPI:g} dpi, its items at true size on",
        "transparency; Design Space prints it with its own registration frame and cuts around each",
        f"item. {stem}-NN.svg is the same sheet's cut outlines, for a cut along the piece's edge.",
        "",
        "In Design Space: Upload > the PNG > Complex > (nothing to remove) > Print Then Cut image.",
        "Set its size to the width below (Design Space reads images at its own resolution), then",
        "Make It. Only fronts are printed.",
        "",
    ]
    for n, spots in enumerate(sheets, 1):
        w = max(s.x + s.w for s in spots)
        h = max(s.y + s.h for s in spots)
        ids = ", ".join(faces[s.index].id for s in spots)
        lines.append(
            f"{stem}-{n:02d}: {w:.1f} x {h:.1f} mm ({w / 25.4:.2f} x {h / 25.4:.2f} in): {ids}"
        )
    return "\n".join(lines) + "\n"
