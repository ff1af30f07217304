"""Print-shop presets: what each shop's uploader takes, as data.

A preset fixes what `--bleed`, `--dpi` and `--format` leave to the user: the bleed the shop's
template has (in the shop's own unit: MakePlayingCards counts 36 px at 300 dpi, not 1/8 in),
the resolution, the file type and colour mode, the safe zone, and the card sizes the shop
makes. A family whose trim is none of them is left out with a warning naming the sizes the
shop would take (a file of the wrong size is one the shop scales or crops); the export is
refused only when the shop makes none of the families. Where each figure comes from is in
docs/printing.md ("Print-shop presets"); a size whose pixels no published figure confirms is
derived from the shop's bleed rule, and says so (`derived`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import PurePath

from pnp.errors import PnpError

MM_PER_IN = 25.4
SIZE_TOLERANCE_MM = 0.3  # a family's trim within this of a shop size is that size


@dataclass(frozen=True)
class CardSize:
    name: str
    w_in: float
    h_in: float
    derived: bool = False  # pixels from the shop's bleed rule, not from a published template

    @property
    def mm(self) -> tuple[float, float]:
        return self.w_in * MM_PER_IN, self.h_in * MM_PER_IN


@dataclass(frozen=True)
class Shop:
    id: str
    name: str
    bleed_in: float  # art past the cut line on each side
    safe_in: float  # keep text and key art this far inside the cut line
    dpi: float
    output: str  # "png": one image per face; "press": one CMYK PDF per deck
    colour: str  # "RGB" or "CMYK"
    sizes: tuple[CardSize, ...]
    counts: str  # how the shop's order form takes the counts
    ink_limit: float = 0.0  # total ink, per cent (CMYK shops)
    back_first: bool = False  # press PDFs: each card's back page before its front

    @property
    def bleed_mm(self) -> float:
        return self.bleed_in * MM_PER_IN

    @property
    def safe_mm(self) -> float:
        return self.safe_in * MM_PER_IN


POKER = CardSize("poker", 2.5, 3.5)
_MPC_SIZES = (
    POKER,
    CardSize("bridge", 2.25, 3.5, derived=True),
    CardSize("mini", 1.75, 2.5, derived=True),
    CardSize("domino", 1.75, 3.5),
    CardSize("tarot", 2.75, 4.75, derived=True),
    CardSize("square", 2.75, 2.75, derived=True),
    CardSize("jumbo", 3.5, 5.75, derived=True),
)
_MPC_COUNTS = (
    "MakePlayingCards' uploader takes the front images and a quantity for each, then one back "
    "image for every card ('same image for all backs') or a back per front: type each count "
    "as listed"
)

_MPC = Shop(
    "makeplayingcards",
    "MakePlayingCards",
    bleed_in=0.12,  # 36 px at 300 dpi: 822 x 1122 px for a poker card
    safe_in=0.12,
    dpi=300,
    output="png",
    colour="RGB",
    sizes=_MPC_SIZES,
    counts=_MPC_COUNTS,
)

SHOPS: dict[str, Shop] = {
    s.id: s
    for s in (
        _MPC,
        # run by the company that runs MakePlayingCards: the same templates
        replace(
            _MPC,
            id="printerstudio",
            name="PrinterStudio",
            counts=_MPC_COUNTS.replace("MakePlayingCards'", "PrinterStudio's"),
        ),
        Shop(
            "thegamecrafter",
            "The Game Crafter",
            bleed_in=0.125,  # 825 x 1125 px for a poker card
            safe_in=0.125,
            dpi=300,
            output="png",
            colour="RGB",
            sizes=(
                POKER,
                CardSize("bridge", 2.25, 3.5, derived=True),
                CardSize("mini", 1.75, 2.5, derived=True),
                CardSize("tarot", 2.75, 4.75, derived=True),
            ),
            counts=(
                "The Game Crafter's deck editor takes one back image for the deck and each face "
                "with its quantity: upload the faces and set each quantity as listed; cards "
                "with a back of their own go in a deck of their own"
            ),
        ),
        Shop(
            "drivethrucards",
            "DriveThruCards",
            bleed_in=0.125,  # a 2.75 x 3.75 in page for a poker card
            safe_in=0.125,
            dpi=300,
            output="press",
            colour="CMYK",
            sizes=(POKER,),
            counts=(
                "DriveThruCards takes one PDF per deck with every card in it, in order: each "
                "card's back page, then its front page; copies are pages of their own, so the "
                "PDF's page count is twice the deck's card count"
            ),
            ink_limit=240.0,
            back_first=True,
        ),
    )
}


def find_shop(name: str) -> Shop:
    key = name.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    aliases = {"mpc": "makeplayingcards", "tgc": "thegamecrafter", "dtc": "drivethrucards"}
    shop = SHOPS.get(aliases.get(key, key))
    if shop is None:
        raise PnpError(
            "unknown --shop",
            expected="one of " + ", ".join(SHOPS) + " (or mpc, tgc, dtc)",
            found=name,
        )
    return shop


def shop_size(shop: Shop, w_mm: float, h_mm: float) -> tuple[CardSize, bool] | None:
    """The shop's size for a w × h mm trim, and whether it is turned (landscape); None if the
    shop makes no such card."""
    for size in shop.sizes:
        sw, sh = size.mm
        for turned, (a, b) in ((False, (sw, sh)), (True, (sh, sw))):
            if abs(w_mm - a) <= SIZE_TOLERANCE_MM and abs(h_mm - b) <= SIZE_TOLERANCE_MM:
                return size, turned
    return None


def offered(shop: Shop) -> str:
    """The card sizes the shop makes, in inches and millimetres."""
    return ", ".join(
        f"{s.name} {s.w_in:g} x {s.h_in:g} in ({s.mm[0]:g} x {s.mm[1]:g} mm)" for s in shop.sizes
    )


def left_out(shop: Shop, fam, w: float, h: float) -> str:
    """The warning for a family the shop does not make: the export goes on without it."""
    return (
        f"{fam.file}: size: {shop.name} does not make {w:g} x {h:g} mm cards: family "
        f"'{fam.name}' left out (it makes {offered(shop)}); export it without --shop, with the "
        "shop's own --bleed and --dpi"
    )


def none_made(shop: Shop, misfits: list[tuple[object, float, float]]) -> PnpError:
    """The refusal when the shop makes none of the families asked for."""
    fam, w, h = misfits[0]
    others = ", ".join(f"'{f.name}' {fw:g} x {fh:g} mm" for f, fw, fh in misfits[1:])
    return PnpError(
        f"{shop.name} does not make {w:g} x {h:g} mm cards (family '{fam.name}')"
        + (f", nor any other family asked for ({others})" if others else ""),
        file=fam.file,
        key="size",
        expected=f"a card size {shop.name} makes: {offered(shop)}",
        found=f"{w:g} x {h:g} mm",
        hint="give the family one of these sizes (such as size: {w: 2.5in, h: 3.5in}), pick "
        "the families the shop makes with --family, or export without --shop, with the shop's "
        "own --bleed and --dpi",
    )


def made_by(
    shop: Shop, sized: list[tuple[object, float, float]], warn=None
) -> tuple[set[str], list[str]]:
    """The names of the families the shop makes, and a line for ORDER.txt per family it does
    not; each of those is also named in a warning (with the sizes the shop would take). None
    made at all is refused: there would be nothing to upload."""
    misfits = [(f, w, h) for f, w, h in sized if shop_size(shop, w, h) is None]
    if sized and len(misfits) == len(sized):
        raise none_made(shop, misfits)
    for fam, w, h in misfits:
        if warn:
            warn(left_out(shop, fam, w, h))
    gone = {f.name for f, _, _ in misfits}
    notes = [
        f"{f.title} ({f.name}, {PurePath(f.file).name}): {w:g} x {h:g} mm" for f, w, h in misfits
    ]
    return {f.name for f, _, _ in sized if f.name not in gone}, notes


def left_out_lines(shop: Shop, notes: list[str]) -> list[str]:
    """ORDER.txt's list of the families not written, and the sizes the shop makes."""
    if not notes:
        return []
    return [
        f"Not written: {shop.name} does not make these sizes (it makes {offered(shop)}):",
        *(f"  {n}" for n in notes),
        "",
    ]


def order_text(
    shop: Shop, plans: list, fmt: str, px: dict, pages: dict | None = None, left: list[str] = ()
) -> str:
    """What to type into the shop's order form: per deck, each front file and its count, and
    the back; for a shop that takes one PDF per deck, the file and its pages in order (`pages`:
    family -> (file name, [(item id, side)]))."""
    lines = [f"{shop.name}: what to upload and how many of each", "", shop.counts + ".", ""]
    if pages is not None:
        for plan in plans:
            size, turned = shop_size(shop, *plan.trim) or (None, False)
            w_px, h_px = px[plan.family]
            file, seq = pages[plan.family]
            lines.append(
                f"{file}: {plan.title}, {sum(len(c.ids) for c in plan.cards)} "
                f"{size.name + ' ' if size else ''}cards{' (landscape)' if turned else ''}, "
                f"{len(seq)} pages of {w_px} x {h_px} px at {shop.dpi:g} dpi, {shop.colour}"
            )
            lines += [f"  page {n}: {item} {side}" for n, (item, side) in enumerate(seq, 1)]
            lines.append("")
        return "\n".join(lines + left_out_lines(shop, list(left)))
    for plan in plans:
        size, turned = shop_size(shop, *plan.trim) or (None, False)
        w_px, h_px = px[plan.family]
        copies = sum(len(c.ids) for c in plan.cards)
        backs = sorted({c.back for c in plan.cards if c.back})
        kind = f"{size.name} cards, {size.w_in:g} x {size.h_in:g} in" if size else "cards"
        lines.append(
            f"{plan.title} ({plan.family}): {copies} {kind}{' (landscape)' if turned else ''}, "
            f"{w_px} x {h_px} px {fmt.upper()} at {shop.dpi:g} dpi, {shop.colour}"
        )
        if len(backs) == 1 and all(c.back for c in plan.cards):
            lines.append(f"  back, the same image for every card: {backs[0]}.{fmt}")
        elif not backs:
            lines.append("  no back image (one-sided cards): order a plain back")
        for c in plan.cards:
            back = "" if len(backs) <= 1 else f"   back: {c.back}.{fmt}" if c.back else ""
            lines.append(f"  {c.front}.{fmt}   quantity {len(c.ids)}{back}")
        lines.append("")
    return "\n".join(lines + left_out_lines(shop, list(left)))
