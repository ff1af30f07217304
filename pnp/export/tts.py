"""Tabletop Simulator export; here the deck sheets: 10 × 7 grids of card faces, at most 4096 px a side.

TTS reads a custom deck from one "face" image cut into a grid and one back image. The last
slot of a grid (bottom right, slot 70) is the card TTS shows for a hidden card, so a sheet
holds at most 69 cards and pnp puts the back image in slot 70. A deck of more than 69 cards
gets several sheets; each is imported as its own custom deck and the decks stacked in TTS.
Cards whose backs differ (a back that uses item attributes) get back sheets with the same
grid, for TTS's "unique backs" option.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.draw.primitives import Rect, Style
from pnp.errors import PnpError
from pnp.export.obj import obj_text
from pnp.export.skeleton import Export, run_export
from pnp.export.tts_budget import check_base_url, check_pixels
from pnp.export.tts_dice import DIE_KINDS, dice_objects
from pnp.export.tts_pieces import (
    outline_loop,
    polyomino_objects,
    prism_mesh,
    standee_objects,
    two_sided_image,
)
from pnp.export.tts_save import (
    TILE_TYPES,
    board_object,
    deck_object,
    model_object,
    saved_object,
    tile_object,
    token_object,
)
from pnp.face_images import place_face, render_png, select_families
from pnp.kinds.base import Face
from pnp.names import UniqueNames, safe_name

DECK_KINDS = {"card"}
BOARD_KINDS = {"board", "hexmap", "sheet"}
TOKEN_KINDS = {"counter", "token"}
PIECE_KINDS = BOARD_KINDS | TOKEN_KINDS | {"tile"}
MODEL_KINDS = {"polyomino": polyomino_objects, "standee": standee_objects}
BOARD_DPI = 150.0  # boards, tiles and counters: sharp on screen at a modest file size
MIN_DPI = 100.0
COLS, ROWS = 10, 7
PER_SHEET = COLS * ROWS - 1  # slot 70 is TTS's hidden-card image
MAX_PX = 4096
MAX_PX_PER_MM = 300 / 25.4  # no point beyond 300 dpi


@dataclass
class TtsDeck:
    family: str
    sheets: list[Path]
    back: Path | None  # one back image, or None when backs are unique (see back_sheets)
    back_sheets: list[Path]
    note: Path
    cell: tuple[int, int]
    counts: list[int]


def cell_size(w_mm: float, h_mm: float) -> tuple[int, int]:
    """Pixels of one card so that 10 × 7 of them fit in 4096 × 4096, card proportions kept."""
    k = min((MAX_PX // COLS) / w_mm, (MAX_PX // ROWS) / h_mm, MAX_PX_PER_MM)
    return max(1, int(w_mm * k)), max(1, int(h_mm * k))


@dataclass
class TtsJob:
    """What the TTS export chose: its families by what TTS makes of them, and where they go."""

    prep: object  # pnp.pipeline.Prepared
    decks: list  # card families: deck sheets
    pieces: list  # boards, tiles, counters, tokens: an image each distinct face
    dice: list
    models: list  # polyominoes, standees
    asked: list[str] | None  # --family: only those families' files are replaced
    save_name: str
    url: Callable[[str], str]  # a file's URL in the Saved Object


def export_tts(
    game,
    out_dir: Path,
    families: list[str] | None = None,
    progress=None,
    warn=None,
    *,
    base_url: str | None = None,
    max_tiles: int | None = None,
) -> list[TtsDeck]:
    """Deck sheets for the card families, images of the boards, tiles and counters, dice (a d6
    as TTS's die template lays it out, other solids as models: pnp/export/tts_dice.py),
    models of polyomino pieces and standees (pnp/export/tts_pieces.py), and one Saved Object
    (OUT/GAME/tts/GAME.json; a variant's in OUT/GAME/tts-VARIANT) that places them all in TTS
    (pnp/export/tts_save.py). Image and model URLs are the files' own `file:///` URLs, or
    `base_url` + file name. What it will draw is counted against the pixel budget first."""
    sub = tts_names(game)[0]
    return run_export(
        game,
        out_dir,
        Export(
            sub,
            choose=lambda: choose_families(
                game, out_dir / game.id / sub, families, warn, base_url, max_tiles
            ),
            draw=lambda job, root: draw_objects(game, job, root, progress, warn),
            write=lambda job, drawn, root: (root / job.save_name).write_text(
                json.dumps(saved_object(tts_title(game), drawn[1]), indent=1), encoding="utf-8"
            ),
            report=lambda job, drawn, dest: [moved_deck(d, dest) for d in drawn[0]],
            replaces=replaced,
        ),
        warn,
    )


def choose_families(
    game, dest: Path, families: list[str] | None, warn, base_url: str | None, max_tiles: int | None
) -> TtsJob:
    """The families TTS has an object for (a warning names the others), drawn and counted
    against the pixel budget; their files' URLs as they will be in `dest`."""
    from pnp.pipeline import prepare

    if base_url is not None:
        check_base_url(base_url)
    chosen = select_families(game, families) if families else list(game.families)
    fams = [f for f in chosen if f.spec.kind in DECK_KINDS]
    pieces = [f for f in chosen if f.spec.kind in PIECE_KINDS]
    dice = [f for f in chosen if f.spec.kind in DIE_KINDS]
    models = [f for f in chosen if f.spec.kind in MODEL_KINDS]
    left = [f for f in chosen if f not in fams + pieces + dice + models]
    if not fams and not pieces and not dice and not models:
        raise PnpError(
            "nothing to export to Tabletop Simulator",
            expected="a family of kind "
            + ", ".join(sorted(DECK_KINDS | PIECE_KINDS | DIE_KINDS | set(MODEL_KINDS))),
            found=", ".join(f"{f.name} ({f.spec.kind})" for f in left) or "no families",
        )
    if left and warn:
        warn(
            f"{game.id}: not exported to Tabletop Simulator (no TTS object made for their kind): "
            + ", ".join(f"{f.name} ({f.spec.kind})" for f in left)
        )
    prep = prepare(game, legibility=False, max_tiles=max_tiles)
    groups = {"decks": fams, "pieces": pieces, "dice": dice, "models": models}
    check_pixels(game, prep, groups, piece_scale, (cell_size, COLS, ROWS, PER_SHEET))
    dest_dir = dest.resolve()

    def url(name: str) -> str:
        return f"{base_url.rstrip('/')}/{name}" if base_url else (dest_dir / name).as_uri()

    save_name = f"{tts_names(game)[1]}.json"
    return TtsJob(prep, fams, pieces, dice, models, families, save_name, url)


def replaced(job: TtsJob, name: str) -> bool:
    """A file of the folder this export replaces: all of them, or with --family the Saved
    Object and the files of the families asked for (the others' are kept)."""
    stems = {safe_name(f.name) for f in job.decks + job.pieces + job.dice + job.models}
    return not job.asked or name == job.save_name or any(name.startswith(s + "-") for s in stems)


def draw_objects(game, job: TtsJob, root: Path, progress, warn) -> tuple[list[TtsDeck], list[dict]]:
    """Each family's images (and models) in `root`: the decks, and every TTS object."""
    prep, ctx = job.prep, job.prep.ctx
    decks = []
    objects: list[dict] = []
    for fam in job.decks:
        if prep.faces[fam.name]:
            decks.append(
                _deck(ctx, game, fam, prep.faces[fam.name], root, job.url, objects, progress)
            )
    for row, fam in enumerate(job.pieces + job.dice + job.models, 1):  # a row on the table a family
        z = -12.0 * row
        if fam in job.pieces:
            made = _pieces(ctx, fam, prep.faces[fam.name], root, job.url, z, warn)
        elif fam in job.dice:
            made = dice_objects(ctx, fam, root, job.url, z)
        else:
            made = MODEL_KINDS[fam.spec.kind](ctx, fam, prep.faces[fam.name], root, job.url, z)
        # each piece's tooltip names its family, as the print guide titles it
        objects += [o | {"Description": fam.title} for o in made]
    return decks, objects


def moved_deck(deck: TtsDeck, dest: Path) -> TtsDeck:
    """The deck with its files where the user finds them, in `dest` (OUT/GAME/tts)."""
    return replace(
        deck,
        sheets=[dest / p.name for p in deck.sheets],
        back=deck.back and dest / deck.back.name,
        back_sheets=[dest / p.name for p in deck.back_sheets],
        note=dest / deck.note.name,
    )


def _deck(
    ctx, game, fam, fl: list[Face], root: Path, url, objects: list[dict], progress
) -> TtsDeck:
    """A card family's sheets, back and note; its decks appended to `objects`."""
    first = fl[0]
    odd = [f.id for f in fl if abs(f.w - first.w) > 0.01 or abs(f.h - first.h) > 0.01]
    if odd:
        raise PnpError(
            f"family '{fam.name}' has cards of different sizes",
            expected="one size per TTS deck",
            found=", ".join(odd[:3]),
        )
    cw, ch = cell_size(first.w, first.h)
    stem = safe_name(fam.name)
    backs = [f.back for f in fl]
    unique = any(b != backs[0] for b in backs)
    plain = Rect(0, 0, first.w, first.h, Style("#ffffff", "#9a9a9a", 0.4))
    back_drawing = backs[0] if backs[0] is not None else plain

    # The single back image (also slot 70 of every sheet).
    back_png = render_png(ctx, [place_face(back_drawing, 0, 0, first, cw, ch)], cw, ch)
    back_path = root / f"{stem}-back.png"
    back_path.write_bytes(back_png)

    sheets, back_sheets, counts = [], [], []
    chunks = [fl[i : i + PER_SHEET] for i in range(0, len(fl), PER_SHEET)]
    for n, chunk in enumerate(chunks, 1):
        suffix = f"-{n}" if len(chunks) > 1 else ""
        sheets.append(
            _sheet(
                ctx,
                chunk,
                [f.front for f in chunk],
                back_drawing,
                cw,
                ch,
                root / f"{stem}-faces{suffix}.png",
            )
        )
        if unique:
            back_sheets.append(
                _sheet(
                    ctx,
                    chunk,
                    [f.back or plain for f in chunk],
                    back_drawing,
                    cw,
                    ch,
                    root / f"{stem}-backs{suffix}.png",
                )
            )
        counts.append(len(chunk))
        if progress:
            progress(f"{game.id} {fam.name}: TTS sheet {n}/{len(chunks)}")
    note = root / f"{stem}-tts.txt"
    note.write_text(
        _note(fam.title, sheets, back_path, back_sheets, counts, cw, ch), encoding="utf-8"
    )
    for n, (sheet, chunk) in enumerate(zip(sheets, chunks, strict=True)):
        back = back_sheets[n] if unique else back_path
        objects.append(
            deck_object(
                len(objects) + 1,
                fam.title if len(chunks) == 1 else f"{fam.title} {n + 1}",
                url(sheet.name),
                url(back.name),
                unique,
                [f.id for f in chunk],
                COLS,
                ROWS,
                4.0 * len(objects),
            )
            | {"Description": fam.title}
        )
    return TtsDeck(
        fam.name, sheets, None if unique else back_path, back_sheets, note, (cw, ch), counts
    )


def tts_names(game) -> tuple[str, str]:
    """The folder (in OUT/GAME) and the Saved Object's file stem of an export: `tts` and GAME,
    or for a variant `tts-VARIANT` and GAME-VARIANT, as its PDFs are named, so that a variant's
    export sits beside the base game's instead of replacing it."""
    if not game.variant:
        return "tts", safe_name(game.id)
    return f"tts-{safe_name(game.variant)}", safe_name(f"{game.id}-{game.variant}")


def tts_title(game) -> str:
    """The Saved Object's name in TTS: the game's title, and its variant as the PDFs say it."""
    return game.spec.title + (f" ({game.variant})" if game.variant else "")


def piece_scale(face: Face) -> float:
    """Pixels per mm of a board, tile or counter image: 150 dpi, at most 4096 px a side (what
    TTS loads reliably), and never below 100 dpi unless that limit forces it."""
    return min(BOARD_DPI / 25.4, MAX_PX / max(face.w, face.h))


def _pieces(ctx, fam, faces: list[Face], root: Path, url, z0: float, warn) -> list[dict]:
    """One TTS object per item of a board, tile or counter family, each distinct face one image."""
    stem = safe_name(fam.name)
    kind = fam.spec.kind
    made: dict = {}
    out = []
    names = UniqueNames()  # each item its own file name, whatever its id (pnp/names.py)
    stems: dict[str, str] = {}

    def image(face: Face, drawing, side: str) -> str:
        key = (id(drawing), round(face.w, 3), round(face.h, 3))
        if key not in made:
            k = piece_scale(face)
            if k * 25.4 < MIN_DPI and warn:
                warn(
                    f"{fam.name}: '{face.id}' is {k * 25.4:.0f} dpi in TTS ({face.w:g} x {face.h:g} mm in at most {MAX_PX} px)"
                )
            w_px, h_px = max(1, round(face.w * k)), max(1, round(face.h * k))
            if face.id not in stems:
                stems[face.id] = names(face.id)
            name = f"{stem}-{stems[face.id]}-{side}.png"
            # tokens are cut out along the image's transparent edge: no background behind them
            background = None if kind in TOKEN_KINDS else "#ffffff"
            (root / name).write_bytes(
                render_png(
                    ctx, [place_face(drawing, 0, 0, face, w_px, h_px)], w_px, h_px, background
                )
            )
            made[key] = (name, drawing)  # the drawing kept alive, so its id stays its own
        return url(made[key][0])

    for n, face in enumerate(faces):
        z = z0 - 3.0 * (n // 10)
        xi = 3.0 * (n % 10)
        ident = f"{fam.name}/{face.id}"
        if kind in BOARD_KINDS:
            front = image(face, face.front, "front")
            if face.back is None:
                out.append(board_object(fam.title, ident, front, 30.0 * n, z0))
            else:  # a board has one image in TTS; a box tile shows both sides
                back = image(face, face.back, "back")
                out.append(tile_object(fam.title, ident, front, back, "rect", 30.0 * n, z0))
            continue
        radius = getattr(face.cut, "r", 0.0) if face.shape == "rect" else 0.0
        shape = "rounded" if radius else face.shape
        if kind in TOKEN_KINDS and face.back is None:
            # one image: TTS cuts the token out along its transparent edge
            out.append(token_object(face.id, ident, image(face, face.front, "front"), xi, z))
        elif shape in TILE_TYPES:  # a tile of the piece's shape shows both sides
            front = image(face, face.front, "front")
            back = image(face, face.back, "back") if face.back is not None else ""
            out.append(tile_object(face.id, ident, front, back, shape, xi, z))
        else:  # a shape TTS's tiles do not have (octagon, flat hexagon): a model of it
            if face.id not in stems:
                stems[face.id] = names(face.id)
            name = f"{stem}-{stems[face.id]}"
            two_sided_image(ctx, face, root, f"{name}-faces.png")
            mesh = prism_mesh(outline_loop(face.cut), face.w, face.h)
            (root / f"{name}.obj").write_text(obj_text(mesh, ident), encoding="utf-8")
            out.append(
                model_object(
                    face.id, ident, url(f"{name}.obj"), url(f"{name}-faces.png"), "generic", xi, z
                )
            )
    return out


def _sheet(ctx, faces: list[Face], drawings: list, hidden, cw: int, ch: int, path: Path) -> Path:
    prims = []
    for i, (face, drawing) in enumerate(zip(faces, drawings, strict=True)):
        r, c = divmod(i, COLS)
        prims.append(place_face(drawing, c * cw, r * ch, face, cw, ch))
    prims.append(place_face(hidden, (COLS - 1) * cw, (ROWS - 1) * ch, faces[0], cw, ch))
    path.write_bytes(render_png(ctx, prims, COLS * cw, ROWS * ch, background="#ffffff"))
    return path


def _note(title: str, sheets, back: Path, back_sheets, counts, cw: int, ch: int) -> str:
    lines = [
        f"Tabletop Simulator: {title}",
        "",
        "In TTS: Objects > Components > Custom > Deck, then in the Custom Deck dialog:",
        "",
    ]
    for n, (sheet, count) in enumerate(zip(sheets, counts, strict=True)):
        if len(sheets) > 1:
            lines.append(f"Deck {n + 1} of {len(sheets)}:")
        lines += [
            f"  Face:          {sheet.name}",
            f"  Unique backs:  {'yes' if back_sheets else 'no'}",
            f"  Back:          {back_sheets[n].name if back_sheets else back.name}",
            f"  Width:         {COLS}",
            f"  Height:        {ROWS}",
            f"  Number:        {count}",
            "  Sideways:      no",
            "  Back is hidden: yes (slot 70, bottom right, holds the back image)",
            "",
        ]
    lines += [
        f"Each card is {cw} x {ch} px; a sheet is {COLS * cw} x {ROWS * ch} px (TTS allows 4096 a side).",
        "Upload the images (Steam Cloud or any web host) or give TTS their file paths.",
    ]
    if len(sheets) > 1:
        lines.append(
            "A deck of more than 69 cards is several TTS decks: put them together in TTS to make one."
        )
    return "\n".join(lines) + "\n"
