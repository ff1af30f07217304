"""Repetition is data: count, for_each and per_player become individual items."""

from __future__ import annotations

import itertools
import math
import string

from pnp.errors import DEFAULT_MAX_ITEMS, PnpError
from pnp.spec.game import ItemEntry
from pnp.spec.model import Item

__all__ = ["DEFAULT_MAX_ITEMS", "expand_items", "fill"]


class _Attrs(dict):
    """format_map source that names the missing attribute instead of raising KeyError."""

    def __missing__(self, key):
        raise KeyError(key)


def fill(template: str, attrs: dict) -> str:
    """'{suit}-{rank}' with the item's attributes. Only plain names are allowed: data, not code."""
    if "{" not in template:
        return template
    out = []
    for literal, name, spec, conv in string.Formatter().parse(template):
        out.append(literal)
        if name is None:
            continue
        if not name.isidentifier() or spec or conv:
            raise KeyError(f"{{{name}}} is not a plain attribute name")
        out.append(str(attrs[name]))
    return "".join(out)


def expand_items(
    family: str,
    entries: list[ItemEntry],
    *,
    base: dict,
    players: list[dict],
    file: str,
    lines: list[int] | None = None,
    max_items: int = DEFAULT_MAX_ITEMS,
) -> list[Item]:
    sizes = [_many(entry, players) for entry in entries]
    total = sum(sizes)
    worst = sizes.index(max(sizes)) if sizes else 0  # the entry that asks for the most, to point at
    if total > max_items:
        raise PnpError(
            f"family '{family}' asks for {total:,} items",
            file=file,
            line=lines[worst] if lines and worst < len(lines) else None,
            key="items",
            expected=f"at most {max_items:,} items per family (raise it with --max-items)",
            found=f"{total:,}",
        )
    items: list[Item] = []
    seen: dict[str, int] = {}
    for n, entry in enumerate(entries):
        line = lines[n] if lines and n < len(lines) else None
        own = dict(entry.model_extra or {})
        keys = list((entry.for_each or {}).keys())
        values = [entry.for_each[k] for k in keys]
        seats = players if entry.per_player else [{}]
        for seat in seats:
            for combo in itertools.product(*values) if keys else [()]:
                attrs = {**base, **seat, **own}
                for k, v in zip(keys, combo, strict=True):
                    if isinstance(v, dict):
                        attrs.update(v)
                        attrs.setdefault(k, v.get("name", next(iter(v.values()), "")))
                    else:
                        attrs[k] = v
                try:
                    ident = fill(entry.id, attrs) if entry.id else _default_id(family, attrs, keys, seat)
                except KeyError as exc:
                    raise PnpError(
                        f"item id names an attribute the item does not have: {exc.args[0]}",
                        file=file,
                        line=line,
                        key=f"items[{n}].id",
                        expected="one of: " + ", ".join(sorted(attrs)),
                        found=entry.id,
                    ) from None
                for c in range(entry.count):
                    one = f"{ident}-{c + 1}" if entry.count > 1 else ident
                    if one in seen:
                        seen[one] += 1
                        one = f"{one}-{seen[one]}"
                    seen.setdefault(one, 1)
                    items.append(Item(family, one, {**attrs, "id": one, "copy": c + 1}))
    return items


def _many(entry: ItemEntry, players: list[dict]) -> int:
    combos = math.prod(len(v) for v in (entry.for_each or {}).values())
    return combos * entry.count * (len(players) if entry.per_player else 1)


def _default_id(family: str, attrs: dict, keys: list[str], seat: dict) -> str:
    parts = [str(seat["colour"])] if seat else []
    parts += [str(attrs[k]) for k in keys]
    return "-".join(parts) if parts else family
