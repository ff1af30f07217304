"""Families packed onto one shared sheet (`sheet: NAME`) must print on one stock."""

from __future__ import annotations

from pnp.errors import PnpError
from pnp.kinds import KINDS
from pnp.spec.model import Family
from pnp.spec.yamlfile import line_of


def stock_of(fam: Family) -> str:
    """The family's `stock:`, or its kind's own (cards on card, hex maps on paper)."""
    return fam.spec.stock or KINDS[fam.spec.kind].default_stock


def check_sheet_stock(families: list[Family]) -> None:
    """Refuse a `sheet:` group whose families want different stock: one page cannot be printed
    on paper and on card at once, and no stock chosen for it would be the one a family asked."""
    first: dict[str, tuple[Family, str]] = {}
    for fam in families:
        name = fam.spec.sheet
        if name is None:
            continue
        stock = stock_of(fam)
        if name not in first:
            first[name] = (fam, stock)
            continue
        other, want = first[name]
        if stock != want:
            raise PnpError(
                f"families on sheet '{name}' want different stock: '{other.name}' {want}, "
                f"'{fam.name}' {stock}",
                file=fam.file,
                line=line_of(fam.data, ("sheet",)),
                key="sheet",
                expected=f"stock: {want} (as '{other.name}' in {other.file}), or another sheet name",
                found=f"stock: {stock}" + ("" if fam.spec.stock else f" (a {fam.spec.kind}'s own)"),
            )
