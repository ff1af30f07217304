"""What a Tabletop Simulator export will draw, counted before anything is drawn, and the base
URL's check: the export refuses up front what it would refuse half-way."""

from __future__ import annotations

import math
from urllib.parse import urlsplit

from pnp import budget
from pnp.errors import PnpError
from pnp.export.tts_dice import DIE_PX, TEMPLATES
from pnp.export.tts_models import ATLAS_PX
from pnp.export.tts_pieces import MAX_PX, PIECE_PX_PER_MM

URL_SCHEMES = ("http", "https", "file")


def check_base_url(url: str) -> None:
    """`--tts-base-url` must be an http(s) or file URL with no control characters: it is
    written into every image reference TTS follows."""
    bad = [c for c in url if ord(c) < 32 or ord(c) == 127]
    scheme = urlsplit(url).scheme.lower() if not bad else ""
    if bad or scheme not in URL_SCHEMES or not urlsplit(url).netloc and scheme != "file":
        raise PnpError(
            "bad --tts-base-url",
            expected="an http://, https:// or file:// URL without control characters",
            found=repr(url)[:80],
        )


def _deck(faces, cell_size, cols: int, rows: int, per_sheet: int) -> int:
    cw, ch = cell_size(faces[0].w, faces[0].h)
    sheets = math.ceil(len(faces) / per_sheet)
    unique = len({id(f.back) for f in faces}) > 1
    return cw * ch + sheets * cols * cw * rows * ch * (2 if unique else 1)


def _image(w_mm: float, h_mm: float, px_per_mm: float, max_px: int = MAX_PX) -> int:
    k = min(px_per_mm, max_px / max(w_mm, h_mm))
    return max(1, round(w_mm * k)) * max(1, round(h_mm * k))


def check_pixels(game, prep, groups: dict, piece_scale, deck_geometry) -> None:
    """Refuse the export when its images would pass the `pixels` budget. `groups` holds the
    families by what they become (decks, pieces, dice, models); `deck_geometry` is
    (cell_size, columns, rows, cards per sheet) of a deck sheet."""
    total = 0
    for fam in groups["decks"]:
        faces = prep.faces[fam.name]
        total += _deck(faces, *deck_geometry) if faces else 0
    for fam in groups["pieces"]:
        for f in prep.faces[fam.name]:
            k = piece_scale(f)
            total += round(f.w * k) * round(f.h * k) * (2 if f.back is not None else 1)
    for fam in groups["dice"]:
        side = DIE_PX if fam.spec.solid in TEMPLATES else ATLAS_PX
        total += side * side * len(fam.items)
    for fam in groups["models"]:
        for f in prep.faces[fam.name]:
            total += _image(f.w, f.h, 2 * PIECE_PX_PER_MM)  # a piece and its back, a strip
    budget.check(
        "pixels",
        total,
        file=game.file,
        key="components",
        hint="or fewer families with --family",
    )
