"""What the exports of one file per face share (print-shop files, press PDFs, Print Then Cut
sheets): the families chosen, the limits on resolution, bleed and pixels counted before
anything is drawn, the plan of distinct fronts and backs, and each face drawn with its bleed.

pnp/export/shop.py writes the shop files and pnp/export/press.py the press PDFs from these
public names, both choosing their faces with `choose_cards` (the first step of the order of
work every export follows, pnp/export/skeleton.py).
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from pnp import budget
from pnp.draw.primitives import Group, Use, translate
from pnp.errors import PnpError
from pnp.export.shops import Shop, made_by
from pnp.face_images import select_families
from pnp.kinds import KINDS, Face
from pnp.kinds.flat import FlatKind
from pnp.names import UniqueNames, safe_name

MIN_DPI, MAX_DPI = 72.0, 1200.0
MAX_BLEED_MM = 10.0
MAX_PIXELS = 60_000_000  # one image: a 500 x 400 mm board at 300 dpi is 28 MP


@dataclass
class ShopFile:
    name: str
    face: Face
    side: str  # front|back
    drawing: object


@dataclass
class ShopCard:
    """One distinct front: its file, how many copies, and the back file it goes with."""

    family: str
    ids: list[str]
    front: str
    back: str | None


@dataclass
class ShopFamily:
    family: str
    title: str
    trim: tuple[float, float]
    shape: str = "rect"
    radius: float = 0.0  # corner radius of a rect, for the shop to round
    cards: list[ShopCard] = field(default_factory=list)
    files: int = 0


@dataclass
class ShopResult:
    folder: Path
    families: list[ShopFamily]
    files: int
    px: dict[str, tuple[int, int]]  # family -> image size in pixels (PNG) or points (PDF)


def pixels(trim_mm: float, bleed_mm: float, dpi: float) -> int:
    """Pixels along one side of a bled face: round((trim + 2 × bleed) × dpi / 25.4)."""
    return max(1, round((trim_mm + 2 * bleed_mm) * dpi / 25.4))


def shop_families(game, names: list[str] | None) -> list:
    """The named families, or every card family; only flat pieces make sense as single files."""
    fams = (
        select_families(game, names)
        if names
        else [f for f in game.families if f.spec.kind == "card"]
    )
    for f in fams:
        if not isinstance(KINDS[f.spec.kind], FlatKind):
            raise PnpError(
                f"family '{f.name}' is a {f.spec.kind}: print-shop files are made for flat pieces",
                file=f.file,
                key="kind",
                expected="a card, tile, counter, token, board or sheet family",
                found=f.spec.kind,
            )
    if not fams:
        raise PnpError(
            "no card families to export",
            expected="a game with families of kind 'card', or --family NAME",
        )
    return fams


@dataclass
class CardsJob:
    """The faces a shop or press export chose: the families kept, each one's plan of distinct
    files and its image size in pixels, and ORDER.txt's lines for the families the shop does
    not make."""

    prep: object  # pnp.pipeline.Prepared, drawn with the bleed
    families: list
    bleed: float
    dpi: float
    plans: list[ShopFamily] = field(default_factory=list)
    files: list[ShopFile] = field(default_factory=list)
    px: dict[str, tuple[int, int]] = field(default_factory=dict)
    left: list[str] = field(default_factory=list)


def choose_cards(
    game, names: list[str] | None, shop: Shop | None, bleed: float, dpi: float, max_tiles, warn
) -> CardsJob:
    """The families (`shop_families`) drawn with the bleed, without those `shop` does not make
    (each named in a warning); every face's image size checked before any is drawn."""
    from pnp.pipeline import prepare

    fams = shop_families(game, names)
    budget.check(
        "shop", sum(len(f.items) for f in fams), hint="or pick fewer families with --family"
    )
    prep = prepare(game, bleed=bleed, legibility=False, max_tiles=max_tiles)
    fams = [f for f in fams if prep.faces[f.name]]
    left: list[str] = []  # ORDER.txt's lines for the families the shop does not make
    if shop is not None:
        made, left = made_by(shop, [(f, *first_size(prep, f)) for f in fams], warn)
        fams = [f for f in fams if f.name in made]
    job = CardsJob(prep, fams, bleed, dpi, left=left)
    for fam in fams:
        faces = prep.faces[fam.name]
        check_pixels(fam, faces, bleed, dpi)
        plan, files = plan_family(fam, faces)
        job.plans.append(plan)
        job.files += files
        job.px[fam.name] = (pixels(faces[0].w, bleed, dpi), pixels(faces[0].h, bleed, dpi))
    return job


def first_size(prep, fam) -> tuple[float, float]:
    """A family's trim: its first face's (a family's faces share one size)."""
    face = prep.faces[fam.name][0]
    return face.w, face.h


def check_pixels(fam, faces: list[Face], bleed: float, dpi: float) -> None:
    """Refuse a face whose image would pass the pixel budget, before anything is drawn."""
    for f in faces:
        if pixels(f.w, bleed, dpi) * pixels(f.h, bleed, dpi) > MAX_PIXELS:
            raise PnpError(
                f"'{f.id}' of family '{fam.name}' would be a {pixels(f.w, bleed, dpi)} x {pixels(f.h, bleed, dpi)} pixel image",
                file=fam.file,
                key="size",
                expected=f"at most {MAX_PIXELS:,} pixels an image",
                found=f"{f.w:g} x {f.h:g} mm at {dpi:g} dpi",
                hint="use a lower --dpi, or leave the family out with --family",
            )


def plan_family(fam, faces: list[Face]) -> tuple[ShopFamily, list[ShopFile]]:
    """One file per distinct front and per distinct back; a back every card shares is one file."""
    stem = safe_name(fam.name)
    kind = KINDS[fam.spec.kind]
    radius = kind.corner_radius(fam.spec) * fam.spec.scale if fam.spec.shape == "rect" else 0.0
    plan = ShopFamily(fam.name, fam.title, (faces[0].w, faces[0].h), fam.spec.shape, radius)
    files: list[ShopFile] = []
    name_for = UniqueNames().take  # each file once, ignoring case (pnp/names.py)

    backs = [f.back for f in faces]
    shared = backs[0] is not None and all_same(backs)
    shared_name = None
    if shared:
        shared_name = name_for(f"{stem}-back")
        files.append(ShopFile(shared_name, faces[0], "back", backs[0]))
    fronts: dict = {}
    back_files: dict = {}
    for f in faces:
        back_name = shared_name
        if f.back is not None and not shared:
            back_name = lookup(back_files, f.back)
            if back_name is None:
                back_name = name_for(f"{stem}-{safe_name(f.id)}-back")
                remember(back_files, f.back, back_name)
                files.append(ShopFile(back_name, f, "back", f.back))
        key = (f.front, back_name, round(f.w, 3), round(f.h, 3))
        card = lookup(fronts, key)
        if card is None:
            card = ShopCard(fam.name, [], name_for(f"{stem}-{safe_name(f.id)}-front"), back_name)
            remember(fronts, key, card)
            plan.cards.append(card)
            files.append(ShopFile(card.front, f, "front", f.front))
        card.ids.append(f.id)
    plan.files = len(files)
    return plan, files


def lookup(table: dict, key):
    try:
        return table.get(key)
    except TypeError:  # a drawing that cannot be hashed is its own
        return None


def remember(table: dict, key, value) -> None:
    try:
        table[key] = value
    except TypeError:
        pass


def all_same(drawings: list) -> bool:
    first = drawings[0]
    return all(d is first or d == first for d in drawings)


def bled(face: Face, drawing, bleed: float, symbols=None) -> Group:
    """The face's drawing moved so that its bleed box starts at (0, 0); with `symbols`, each
    use of a symbol drawn as the symbol's own primitives (see `inlined`)."""
    if symbols is not None:
        drawing = inlined(drawing, symbols)
    return Group((drawing,), translate(bleed, bleed))


def inlined(drawing, symbols, depth: int = 0):
    """The drawing with each Use replaced by its symbol's primitives. cairo replays a symbol
    (a recording surface) scaled by a few per cent short at the image's right and bottom
    edges: a face shared as a symbol (a deck's one back) had a pale last pixel on those sides
    of a shop file. A shop file draws each face once, so sharing gains nothing here."""
    if depth > 64:  # symbols nest a few deep (art within a back); never a cycle
        return drawing
    if type(drawing) is Use:
        sym = symbols[drawing.symbol]
        kids = tuple(inlined(c, symbols, depth + 1) for c in sym.children)
        return Group(kids, drawing.transform)
    if type(drawing) is Group:
        kids = tuple(inlined(c, symbols, depth + 1) for c in drawing.children)
        return Group(kids, drawing.transform, drawing.clip)
    return drawing


def with_dpi(png: bytes, dpi: float) -> bytes:
    """The PNG with a pHYs chunk saying its resolution, so a shop's software reads it as meant."""
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    at = 8 + 25  # after the signature and IHDR
    return png[:at] + chunk + png[at:]
