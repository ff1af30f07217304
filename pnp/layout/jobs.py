"""The print plan: the pages in the order a printer runs them, as jobs.

A job is a range of pages a person sends to the printer in one go: one stock (paper or card),
printed one-sided or duplex. Pages are ordered so that every job is one contiguous range:
first the plain paper printed one-sided (the guide, assembly maps, paper sheets), then the
duplex calibration pair, then the duplex sheets of paper and of card, then card one-sided.
Within a job the pages keep the order they were laid out in, so a duplex sheet's back follows
its front and a family's sheets stay together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.layout.plan import FamilyPages, Page

COMPONENT_KINDS = ("sheet", "tile", "fold")  # pages of items a person cuts out
# the jobs in the order they are run: (stock, duplex), the calibration pair between
ORDER = (("paper", False), ("calibration", True), ("paper", True), ("card", True), ("card", False))
COLUMNS = ("Job", "Pages", "Print on", "Sides", "Sheets", "Copies")
STOCK_NAME = {"paper": "paper", "card": "card stock", "calibration": "paper"}


@dataclass(frozen=True)
class Job:
    """One print job: pages first..last on `stock`, duplex or not."""

    number: int
    first: int
    last: int
    stock: str  # paper|card|calibration
    duplex: bool
    sheets: int  # sheets of paper it takes
    copies: int = 1

    @property
    def pages(self) -> str:
        return f"{self.first}" if self.first == self.last else f"{self.first}–{self.last}"

    def sides(self, flip: str) -> str:
        return f"duplex, flip on {flip} edge" if self.duplex else "one-sided"

    def row(self, flip: str) -> tuple[str, ...]:
        """The job as the guide page's table and `pnp list` print it (COLUMNS)."""
        return (
            str(self.number), self.pages, self.what(), self.sides(flip), str(self.sheets),
            str(self.copies),
        )  # fmt: skip

    def what(self) -> str:
        if self.stock == "calibration":
            return "duplex calibration, once"
        return STOCK_NAME.get(self.stock, self.stock)


def _unit_key(unit: Sequence[Page]) -> tuple[str, bool]:
    """The job a page (with its backs page, if it has one) belongs to."""
    page = unit[0]
    if page.kind == "calibration":
        return ("calibration", True)
    if page.kind not in COMPONENT_KINDS or not len(page.items):
        return ("paper", False)  # the guide, design choices and assembly maps: read, not cut
    return (page.items[0].ref.stock, len(unit) > 1)


def _units(pages: list[Page]) -> list[list[Page]]:
    """The pages as units that stay together: a sheet with its backs page, the calibration pair."""
    units: list[list[Page]] = []
    for page in pages:
        joins = page.kind == "backs" or (
            page.kind == "calibration" and units and units[-1][0].kind == "calibration"
        )
        if joins and units:
            units[-1].append(page)
        else:
            units.append([page])
    return units


def _rank(key: tuple[str, bool]) -> int:
    return ORDER.index(key) if key in ORDER else len(ORDER)


def order_pages(
    pages: list[Page], families: Sequence[FamilyPages], calibration: tuple[int, int] | None
) -> tuple[int, int] | None:
    """Reorders `pages` in place into job order and renumbers them; the families' page lists
    follow. Returns the calibration pair's new numbers."""
    units = _units(pages)
    ranked = sorted(units, key=lambda u: _rank(_unit_key(u)))  # stable: layout order kept
    new_of: dict[int, int] = {}
    pages[:] = [p for u in ranked for p in u]
    for k, page in enumerate(pages, start=1):
        new_of[page.number] = k
        page.number = k
    for fp in families:
        fp.pages = sorted(new_of[n] for n in fp.pages)
    if calibration is None:
        return None
    return (new_of[calibration[0]], new_of[calibration[1]])


def print_jobs(pages: Sequence[Page]) -> list[Job]:
    """The jobs of pages already in job order: each maximal run of one (stock, sides)."""
    jobs: list[Job] = []
    for unit in _units(list(pages)):
        stock, duplex = _unit_key(unit)
        last = jobs[-1] if jobs else None
        if last and (last.stock, last.duplex) == (stock, duplex):
            jobs[-1] = Job(last.number, last.first, unit[-1].number, stock, duplex, last.sheets + 1)
        else:
            number = len(jobs) + 1
            jobs.append(Job(number, unit[0].number, unit[-1].number, stock, duplex, 1))
    return jobs


def sheet_titles(pages: Sequence[Page]) -> dict[int, tuple[str, str]]:
    """What each component page is, by page number: "Card sheet 4 of 15, front", and the same
    in short ("Card 4/15 front", "Card 4/15" one-sided) for a sheet whose marks leave only
    narrow gaps."""
    units = [u for u in _units(list(pages)) if u[0].kind in COMPONENT_KINDS and len(u[0].items)]
    total: dict[str, int] = {}
    for u in units:
        stock = u[0].items[0].ref.stock
        total[stock] = total.get(stock, 0) + 1
    seen: dict[str, int] = {}
    out: dict[int, tuple[str, str]] = {}
    for u in units:
        stock = u[0].items[0].ref.stock
        seen[stock] = seen.get(stock, 0) + 1
        k, n = seen[stock], total[stock]
        sides = (
            ("front", "back") if len(u) > 1 else ("fold",) if u[0].kind == "fold" else ("one side",)
        )
        for page, side in zip(u, sides, strict=False):
            long = f"{stock.capitalize()} sheet {k} of {n}, {side}"
            # short: a front or back says so; one side, the common case, goes unsaid
            short = f"{stock.capitalize()} {k}/{n}" + (f" {side}" if len(u) > 1 else "")
            out[page.number] = (long, short)
    return out
