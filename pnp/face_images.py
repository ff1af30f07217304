"""PNG previews: every face (front and back) and one contact sheet per family.

Faces are drawn by cairo from the primitives (pnp/engines/cairo_png.py, with the package's own
font files, so no installed fonts matter): the same raster route as the TTS sheets and
`pnp serve`. A page is laid out in pixel units, so every image has an exact size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from pnp import budget
from pnp.draw.primitives import Group, Text, multiply, scale, translate
from pnp.errors import DEFAULT_MAX_TILES, PnpError
from pnp.kinds.base import DrawContext, Face
from pnp.names import UniqueNames, safe_name
from pnp.outputset import carry_sub, output_set

MAX_SIDE_PX = 4000
LABEL_MM = 5.0
GAP_MM = 4.0


def render_png(
    ctx: DrawContext, prims: list, w_px: int, h_px: int, background: str | None = None
) -> bytes:
    """Primitives laid out in pixel units -> a w_px × h_px PNG."""
    return _canvas(ctx).png(prims, w_px, h_px, background=background)


_canvases: dict[tuple[int, int], tuple] = {}


def _canvas(ctx: DrawContext):
    """One canvas per loaded game (its fonts and symbols), so symbols and images are made once."""
    from pnp.engines.cairo_png import CairoPng

    key = (id(ctx.fonts), id(ctx.symbols))
    hit = _canvases.get(key)
    if hit is None or hit[0] is not ctx.fonts or hit[1] is not ctx.symbols:
        if len(_canvases) >= 4:  # a live server keeps the current and the last look
            _canvases.pop(next(iter(_canvases)))
        hit = _canvases[key] = (ctx.fonts, ctx.symbols, CairoPng(ctx.fonts, ctx.symbols))
    return hit[2]


def place_face(drawing, x_px: float, y_px: float, face: Face, w_px: int, h_px: int) -> Group:
    """A face drawing (mm, origin top-left) stretched exactly onto a w_px × h_px cell."""
    return Group((drawing,), multiply(translate(x_px, y_px), scale(w_px / face.w, h_px / face.h)))


def face_pixels(face: Face, px_per_mm: float, max_side: int = MAX_SIDE_PX) -> tuple[int, int]:
    k = min(px_per_mm, max_side / max(face.w, face.h))
    return max(1, round(face.w * k)), max(1, round(face.h * k))


@dataclass
class PreviewResult:
    family: str
    faces: int  # images written
    sheet: Path


def _label(ctx: DrawContext, text: str, cx: float, y: float, max_w: float, size: float) -> Text:
    m = ctx.fonts.metrics("regular")
    width = m.width(text, size)
    if width > max_w:
        size *= max_w / width
    return Text(cx, y, text, "regular", size, "#333333", anchor="middle")


def contact_sheet(
    ctx: DrawContext, cells: list[tuple[str, Face, object]], px_per_mm: float
) -> tuple[bytes, int, int]:
    """A grid of (label, face, drawing) at true proportions, labelled, at most MAX_SIDE_PX a side."""
    fw = max(f.w for _, f, _ in cells)
    fh = max(f.h for _, f, _ in cells)
    cell_w, cell_h = fw + GAP_MM, fh + LABEL_MM + GAP_MM
    n = len(cells)
    # About as wide as tall.
    cols = max(1, min(n, round(math.sqrt(n * cell_h / cell_w)) or 1))
    rows = math.ceil(n / cols)
    W, H = cols * cell_w + GAP_MM, rows * cell_h + GAP_MM
    k = min(px_per_mm, MAX_SIDE_PX / max(W, H))
    w_px, h_px = max(1, round(W * k)), max(1, round(H * k))
    prims = []
    for i, (label, face, drawing) in enumerate(cells):
        r, c = divmod(i, cols)
        x = GAP_MM + c * cell_w + (fw - face.w) / 2
        y = GAP_MM + r * cell_h + (fh - face.h) / 2
        prims.append(Group((drawing,), multiply(scale(k), translate(x, y))))
        cx = (GAP_MM + c * cell_w + fw / 2) * k
        ly = (GAP_MM + r * cell_h + fh + LABEL_MM * 0.75) * k
        prims.append(_label(ctx, label, cx, ly, cell_w * k, 3.0 * k))
    return render_png(ctx, prims, w_px, h_px, background="#ffffff"), w_px, h_px


def preview(
    game,
    out_dir: Path,
    *,
    dpi: float = 150.0,
    families: list[str] | None = None,
    progress=None,
    warn=None,
    max_tiles: int = DEFAULT_MAX_TILES,
) -> list[PreviewResult]:
    from pnp.pipeline import prepare

    if dpi <= 0:
        raise PnpError("bad --dpi", expected="a number above 0", found=str(dpi))
    px_per_mm = dpi / 25.4
    chosen = select_families(game, families) if families else game.families
    # counted from the items, before any face is drawn: each is an image to render
    budget.check(
        "preview",
        sum(len(f.items) for f in chosen),
        file=game.file,
        key="components",
        hint="or pick fewer families with --family",
    )
    prep = prepare(game, legibility=False, max_tiles=max_tiles)
    ctx = prep.ctx
    # the pixels of the face images, counted before any is drawn (the contact sheets count as
    # they are drawn): a few KB of YAML can ask for gigapixels at --dpi 1200
    budget.check(
        "pixels",
        _pixels([f for fam in chosen for f in prep.faces[fam.name]], px_per_mm),
        file=game.file,
        key="components",
        hint="or a lower --dpi, or fewer families with --family",
    )
    results = []
    dest = out_dir / game.id
    names = {safe_name(f.name) for f in chosen}
    # the whole preview is written beside the output and switched in at once (pnp/outputset.py)
    with output_set(out_dir, game.id) as stage:
        root = carry_sub(
            stage,
            out_dir,
            game.id,
            "preview",
            lambda n: n in names or n.removesuffix("-sheet.png") in names,
        )
        for fam in chosen:
            fl = prep.faces[fam.name]
            if not fl:
                continue
            folder = root / safe_name(fam.name)
            _mkdir(folder)
            rendered: dict = {}
            written = 0

            def write(drawing, face: Face, name: str, folder=folder, rendered=rendered) -> int:
                size = face_pixels(face, px_per_mm)
                try:
                    key = (drawing, size)
                    hash(key)
                except TypeError:
                    key = None
                png = rendered.get(key) if key is not None else None
                if png is None:
                    png = render_png(ctx, [place_face(drawing, 0, 0, face, *size)], *size)
                    if key is not None:
                        rendered[key] = png
                (folder / name).write_bytes(png)
                return 1

            backs = [f.back for f in fl if f.back is not None]
            shared_back = len(backs) == len(fl) and _all_same(backs)
            cells = []
            names = UniqueNames()  # one file per item, whatever its id (pnp/names.py)
            for n, face in enumerate(fl, 1):
                stem = names(face.id)
                written += write(face.front, face, f"{stem}-front.png")
                cells.append((face.id, face, face.front))
                if face.back is not None and not shared_back:
                    written += write(face.back, face, f"{stem}-back.png")
                if progress:
                    progress(f"{game.id} {fam.name}: {n}/{len(fl)}")
            if shared_back:
                written += write(fl[0].back, fl[0], "back.png")
                cells.append(("back (all items)", fl[0], fl[0].back))
            elif backs:
                cells += [(f"{f.id} back", f, f.back) for f in fl if f.back is not None]
            png, _, _ = contact_sheet(ctx, cells, px_per_mm)
            sheet = root / f"{safe_name(fam.name)}-sheet.png"
            sheet.write_bytes(png)
            results.append(PreviewResult(fam.name, written, dest / sheet.relative_to(stage)))
    for w in prep.warnings() if warn else ():  # what drew, but not as the spec asked
        warn(w)
    return results


def _pixels(faces: list[Face], px_per_mm: float) -> int:
    """The pixels the preview draws for these faces: a drawing drawn before at the same size
    (a shared back, a repeated card) is written again, not drawn, and counts once."""
    seen: set = set()
    total = 0
    for face in faces:
        size = face_pixels(face, px_per_mm)
        for drawing in (face.front, face.back):
            if drawing is None:
                continue
            try:
                if (drawing, size) in seen:
                    continue
                seen.add((drawing, size))
            except TypeError:  # an unhashable drawing is drawn each time
                pass
            total += size[0] * size[1]
    return total


def select_families(game, names: list[str]) -> list:
    known = [f.name for f in game.families]
    for n in names:
        if n not in known:
            raise PnpError(f"unknown family '{n}'", expected="one of: " + ", ".join(known), found=n)
    return [f for f in game.families if f.name in names]


def _all_same(drawings: list) -> bool:
    first = drawings[0]
    try:
        return all(d == first for d in drawings)
    except Exception:  # noqa: BLE001 - unhashable or uncomparable drawings are simply different
        return False


def _mkdir(path: Path) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError("cannot write the output folder", found=f"{path}: {exc.strerror}") from None
    return path
