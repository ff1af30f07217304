"""Press-ready PDFs: one PDF per family, one face per page at trim plus bleed, as a print shop
that preflights its files (DriveThruCards and most offset and digital printers) wants them.

Each page is the face drawn with its bleed at the press resolution (300 dpi unless asked),
separated into CMYK with a total-ink limit (pnp/engines/cmyk.py) and placed as one image
filling the page: so there is no RGB, no transparency and no font in the file to preflight
(text is in the image, at the press resolution). The page's TrimBox is the cut line and its
BleedBox the page. The file declares PDF/X-1a:2003: version 1.3, an output intent with pnp's
own CMYK profile embedded (the profile of the separation it used), GTS_PDFXVersion, Trapped,
dates, and a document ID. A face shared by many cards (one back) is one image, placed on each
of their pages.

Page order: each card's front then its back (a duplex run), or, for a shop that asks for it
(DriveThruCards), each card's back then its front. Copies are pages of their own: a press
prints the PDF's pages, it has no count column.
"""

from __future__ import annotations

import hashlib
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

from pnp import budget, options
from pnp.engines.cmyk import INK_LIMIT, PROFILE_NAME, icc_profile, separate_image
from pnp.errors import PnpError
from pnp.export.faces import (
    MAX_BLEED_MM,
    MAX_DPI,
    MIN_DPI,
    CardsJob,
    ShopResult,
    bled,
    choose_cards,
    lookup,
    pixels,
    remember,
)
from pnp.export.shops import Shop, order_text
from pnp.export.skeleton import Export, run_export
from pnp.names import safe_name

FOLDER = "press"
SUMMARY_FILE = "README.txt"
ORDER_FILE = "ORDER.txt"
PT_PER_MM = 72 / 25.4
DEFAULT_BLEED_MM = 3.175  # 1/8 in, what US printers ask
MIN_INK, MAX_INK = 160.0, 400.0


@dataclass
class PressJob:
    """The faces a press export chose (pnp/export/faces.py), and each family's pages in order
    with its distinct images."""

    cards: CardsJob
    ink_limit: float
    decks: list  # (family, [(face, side, drawing) per page])
    distinct: list  # per deck: distinct_images(pages)

    @property
    def prep(self):
        return self.cards.prep


def export_press(
    game,
    out_dir: Path,
    *,
    dpi: float = 300.0,
    bleed: float = DEFAULT_BLEED_MM,
    ink_limit: float = INK_LIMIT,
    families: list[str] | None = None,
    shop: Shop | None = None,
    progress=None,
    warn=None,
    max_tiles: int | None = None,
) -> ShopResult:
    """Write OUT/GAME/press/FAMILY.pdf for each family (every card family by default)."""
    if shop is not None:
        dpi, bleed, ink_limit = shop.dpi, shop.bleed_mm, shop.ink_limit or ink_limit
    back_first = shop.back_first if shop else False
    return run_export(
        game,
        out_dir,
        Export(
            FOLDER,
            choose=lambda: choose_decks(
                game, families, shop, dpi, bleed, ink_limit, back_first, max_tiles, warn
            ),
            draw=lambda job, root: draw_pdfs(game, job, root, progress),
            write=lambda job, _, root: write_notes(game, job, shop, back_first, root),
            report=lambda job, _, dest: ShopResult(
                dest, job.cards.plans, len(job.decks), job.cards.px
            ),
        ),
        warn,
    )


def choose_decks(
    game, families, shop: Shop | None, dpi: float, bleed: float, ink_limit: float,
    back_first: bool, max_tiles, warn,
) -> PressJob:  # fmt: skip
    """The options checked, the faces chosen (pnp/export/faces.py), each family's pages in
    order, and every image's pixels counted before the first is drawn: 1,000 cards at 300 dpi
    are a billion pixels, refused at once rather than after a minute of drawing."""
    check_press_options(dpi, bleed, ink_limit)
    cards = choose_cards(game, families, shop, bleed, dpi, max_tiles, warn)
    decks = []
    for fam in cards.families:
        pages = []
        for f in cards.prep.faces[fam.name]:
            sides = [("front", f.front), ("back", f.back)]
            if back_first:
                sides.reverse()
            pages += [(f, side, drawing) for side, drawing in sides if drawing is not None]
        decks.append((fam, pages))
    distinct = [distinct_images(pages) for _, pages in decks]
    budget.check(
        "pixels",
        budget.spent("pixels")
        + sum(pixels(f.w, bleed, dpi) * pixels(f.h, bleed, dpi) for d in distinct for f, _ in d[0]),
        file=game.file,
        key="components",
        hint="or a lower --dpi, or fewer families with --family",
    )
    return PressJob(cards, ink_limit, decks, distinct)


def draw_pdfs(game, job: PressJob, root: Path, progress) -> None:
    """FAMILY.pdf for each family: each distinct image drawn once at the dpi, in CMYK."""
    from pnp.engines.cairo_png import CairoPng

    bleed, dpi, ink_limit = job.cards.bleed, job.cards.dpi, job.ink_limit
    engine = CairoPng(job.prep.ctx.fonts, job.prep.ctx.symbols)
    profile = icc_profile(ink_limit)
    for n, ((fam, pages), (images, order)) in enumerate(
        zip(job.decks, job.distinct, strict=True), 1
    ):
        writer = PressPdf(profile, f"{PROFILE_NAME}, total ink {ink_limit:g}%")
        objects: dict[int, int] = {}  # image index -> its PDF object, each drawn once
        for (face, _side, _), at in zip(pages, order, strict=True):
            if at not in objects:
                f, drawing = images[at]
                w_px, h_px = pixels(f.w, bleed, dpi), pixels(f.h, bleed, dpi)
                kx, ky = w_px / (f.w + 2 * bleed), h_px / (f.h + 2 * bleed)
                png = engine.png([bled(f, drawing, bleed, engine.symbols)], w_px, h_px, kx, ky)
                objects[at] = writer.image(w_px, h_px, _rgb_pixels(png), ink_limit)
            writer.page(face.w, face.h, bleed, objects[at])
        writer.save(
            root / f"{safe_name(fam.name)}.pdf",
            title=f"{game.spec.title}: {fam.title}",
            author=game.spec.credits,
        )
        if progress:
            progress(f"{game.id}: press PDF {n}/{len(job.decks)}")


def write_notes(game, job: PressJob, shop: Shop | None, back_first: bool, root: Path) -> None:
    """README.txt, and with a shop ORDER.txt: each PDF's pages as its order form takes them."""
    cards = job.cards
    (root / SUMMARY_FILE).write_text(
        summary(game, job.decks, cards.plans, cards.bleed, cards.dpi, job.ink_limit, back_first),
        encoding="utf-8",
    )
    if shop is not None:
        seq = {
            fam.name: (f"{safe_name(fam.name)}.pdf", [(f.id, side) for f, side, _ in pages])
            for fam, pages in job.decks
        }
        (root / ORDER_FILE).write_text(
            order_text(shop, cards.plans, "pdf", cards.px, seq, cards.left), encoding="utf-8"
        )


def check_press_options(dpi: float, bleed: float, ink_limit: float) -> None:
    """Refuse a resolution, bleed or total ink no press takes, before anything is drawn."""
    if not (MIN_DPI <= dpi <= MAX_DPI):
        raise PnpError("bad --dpi", expected=f"{MIN_DPI:g} to {MAX_DPI:g} dpi", found=f"{dpi:g}")
    if not (0.0 <= bleed <= MAX_BLEED_MM):
        raise PnpError("bad --bleed", expected=f"0 to {MAX_BLEED_MM:g} mm", found=f"{bleed:g} mm")
    if not (MIN_INK <= ink_limit <= MAX_INK):
        raise PnpError(
            "bad --ink-limit",
            expected=f"a total ink from {MIN_INK:g} to {MAX_INK:g} per cent (shops ask 240 to 300)",
            found=f"{ink_limit:g}",
        )


def distinct_images(pages: list) -> tuple[list[tuple[object, object]], list[int]]:
    """A deck's images, each drawing (at its size) once, as (face, drawing); and for each page
    the index of its image. A face shared by many cards (one back) is one image."""
    seen: dict = {}
    images: list[tuple[object, object]] = []
    order: list[int] = []
    for face, _side, drawing in pages:
        key = (drawing, round(face.w, 3), round(face.h, 3))
        at = lookup(seen, key)
        if at is None:
            at = len(images)
            images.append((face, drawing))
            remember(seen, key, at)
        order.append(at)
    return images, order


def _rgb_pixels(png: bytes) -> bytes:
    from io import BytesIO

    from PIL import Image

    with Image.open(BytesIO(png)) as img:
        return img.convert("RGB").tobytes()


def summary(game, decks, plans, bleed: float, dpi: float, ink: float, back_first: bool) -> str:
    order = (
        "each card's back page, then its front"
        if back_first
        else "each card's front, then its back"
    )
    lines = [
        f"{game.spec.title}: press-ready PDFs (PDF/X-1a:2003)",
        "",
        f"One PDF per family, one face per page: trim plus {bleed:g} mm bleed on every side,",
        "TrimBox on the cut line, BleedBox the page.",
        f"Colour: CMYK, total ink at most {ink:g}%, output intent '{PROFILE_NAME}' (embedded).",
        f"Each page is one image at {dpi:g} dpi: no fonts, no transparency, no RGB.",
        f"Page order: {order}; copies are pages of their own.",
        "",
    ]
    for (fam, pages), plan in zip(decks, plans, strict=True):
        w, h = plan.trim
        lines.append(
            f"{safe_name(fam.name)}.pdf: {plan.title}, {sum(len(c.ids) for c in plan.cards)} cards, "
            f"{len(pages)} pages of {w + 2 * bleed:g} x {h + 2 * bleed:g} mm (trim {w:g} x {h:g} mm)"
        )
    return "\n".join(lines) + "\n"


def _date() -> str:
    """The dates PDF/X requires: SOURCE_DATE_EPOCH when set (reproducible builds), else the
    start of today (UTC), so two exports on one day are the same bytes."""
    epoch = options.source_date_epoch()
    seconds = epoch if epoch is not None else int(time.time()) // 86400 * 86400
    return time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(seconds))


def _text(s: str) -> bytes:
    """A PDF literal string in PDFDocEncoding's ASCII range (anything else becomes '?')."""
    s = s.encode("ascii", "replace").decode("ascii")
    return b"(" + s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").encode() + b")"


def _n(v: float) -> str:
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class PressPdf:
    """A PDF/X-1a:2003 file of full-page CMYK images: objects kept in memory, written once."""

    def __init__(self, profile: bytes, condition: str):
        self.objects: list[bytes] = []
        self.pages: list[int] = []
        self.catalog = self._reserve()
        self.pages_id = self._reserve()
        icc = self._stream(b"/N 4", profile)
        self.intent = self._add(
            b"<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Custom) "
            b"/OutputCondition "
            + _text(condition)
            + b" /Info "
            + _text(condition)
            + b" /RegistryName () /DestOutputProfile %d 0 R >>" % icc
        )

    def _reserve(self) -> int:
        self.objects.append(b"")
        return len(self.objects)

    def _add(self, body: bytes) -> int:
        self.objects.append(body)
        return len(self.objects)

    def _stream(self, head: bytes, data: bytes) -> int:
        packed = zlib.compress(data, 6)
        return self._add(
            b"<< "
            + head
            + b" /Filter /FlateDecode /Length %d >>\nstream\n" % len(packed)
            + packed
            + b"\nendstream"
        )

    def image(self, w_px: int, h_px: int, rgb: bytes, ink_limit: float) -> int:
        cmyk = separate_image(rgb, ink_limit)
        return self._stream(
            b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceCMYK "
            b"/BitsPerComponent 8 /Interpolate false" % (w_px, h_px),
            cmyk,
        )

    def page(self, trim_w: float, trim_h: float, bleed: float, image: int) -> None:
        W, H = (trim_w + 2 * bleed) * PT_PER_MM, (trim_h + 2 * bleed) * PT_PER_MM
        b = bleed * PT_PER_MM
        content = self._stream(b"", f"q {_n(W)} 0 0 {_n(H)} 0 0 cm /Im0 Do Q".encode())
        box = lambda x0, y0, x1, y1: f"[{_n(x0)} {_n(y0)} {_n(x1)} {_n(y1)}]"  # noqa: E731
        self.pages.append(
            self._add(
                (
                    f"<< /Type /Page /Parent {self.pages_id} 0 R /MediaBox {box(0, 0, W, H)} "
                    f"/BleedBox {box(0, 0, W, H)} /TrimBox {box(b, b, W - b, H - b)} "
                    f"/Resources << /XObject << /Im0 {image} 0 R >> >> /Contents {content} 0 R >>"
                ).encode()
            )
        )

    def save(self, path: Path, title: str, author: str) -> None:
        date = _date().encode()
        info = self._add(
            b"<< /Title "
            + _text(title)
            + b" /Author "
            + _text(author)
            + b" /Creator (pnp) /Producer (pnp) /CreationDate ("
            + date
            + b") /ModDate ("
            + date
            + b") /Trapped /False /GTS_PDFXVersion (PDF/X-1a:2003) >>"
        )
        kids = " ".join(f"{p} 0 R" for p in self.pages)
        self.objects[self.pages_id - 1] = (
            f"<< /Type /Pages /Count {len(self.pages)} /Kids [{kids}] >>".encode()
        )
        self.objects[self.catalog - 1] = (
            f"<< /Type /Catalog /Pages {self.pages_id} 0 R /OutputIntents [{self.intent} 0 R] >>"
        ).encode()
        out = bytearray(b"%PDF-1.3\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for n, body in enumerate(self.objects, 1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
        ident = hashlib.md5(bytes(out), usedforsecurity=False).hexdigest().encode()
        out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%s> <%s>] >>\n" % (
            len(self.objects) + 1,
            self.catalog,
            info,
            ident,
            ident,
        )
        out += b"startxref\n%d\n%%%%EOF\n" % xref
        path.write_bytes(bytes(out))
