"""Repetition is data: count, for_each and per_player become individual items.

A family's items are an `ItemList`: a sequence that makes each item when it is read, from
the few entries that describe them, so a deck of 50,000 cards holds its entries, not 50,000
attribute dicts. Loading still walks every item once, to check ids and give each a unique one,
which the list keeps.
"""

from __future__ import annotations

import bisect
import itertools
import logging
import math
import string
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pnp import budget
from pnp.errors import DEFAULT_MAX_ITEMS, PnpError
from pnp.spec.game import ItemEntry
from pnp.spec.model import Item

__all__ = ["DEFAULT_MAX_ITEMS", "BraceError", "ItemList", "expand_items", "fill"]


class BraceError(KeyError):
    """A template with a lone '{' or '}': no attribute name can be read from it."""

    def __str__(self) -> str:
        return f"a brace that is not closed in {self.args[0]!r} (write {{{{ or }}}} for a brace itself)"


_parsed: dict[str, tuple] = {}  # a template's parts, parsed once: each item fills the same few


def fill(template: str, attrs: dict) -> str:
    """'{suit}-{rank}' with the item's attributes. Only plain names are allowed: data, not code."""
    if "{" not in template:
        return template
    parts = _parsed.get(template)
    if parts is None:
        try:
            parts = tuple(string.Formatter().parse(template))
        except ValueError:  # a lone '{' or '}'
            raise BraceError(template) from None
        if len(_parsed) >= 4096:
            _parsed.clear()
        _parsed[template] = parts
    out = []
    for literal, name, spec, conv in parts:
        out.append(literal)
        if name is None:
            continue
        if not name.isidentifier() or spec or conv:
            raise KeyError(f"{{{name}}} is not a plain attribute name")
        out.append(str(attrs[name]))
    return "".join(out)


@dataclass(frozen=True, slots=True)
class _Run:
    """One entry of `items:`: seats × for_each combinations × copies, in that order."""

    start: int  # index of its first item in the family
    size: int
    id: str | None
    own: dict
    keys: tuple[str, ...]
    values: tuple[tuple, ...]
    seats: tuple[dict, ...]
    count: int

    def combos(self) -> Iterator[tuple]:
        return itertools.product(*self.values) if self.keys else iter([()])

    def combo(self, k: int) -> tuple:
        """The k-th for_each combination in itertools.product order (last key fastest)."""
        out = []
        for vals in reversed(self.values):
            k, r = divmod(k, len(vals))
            out.append(vals[r])
        return tuple(reversed(out))


class ItemList(Sequence):
    """A family's items, each made when it is read (an `Item`, with a fresh attribute dict).
    Their ids are kept, worked out once as the family loads: the layout, the pages and the
    manifest read an item's id several times, its attributes once."""

    __slots__ = ("family", "base", "runs", "starts", "ids", "_len")

    def __init__(self, family: str, base: dict, runs: list[_Run], ids: list[str]):
        self.family = family
        self.base = base
        self.runs = runs
        self.starts = [r.start for r in runs]
        self.ids = ids  # each item's id, a repeated one renamed -2, -3 ...
        self._len = sum(r.size for r in runs)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(self._len))]
        if k < 0:
            k += self._len
        if not 0 <= k < self._len:
            raise IndexError("item index out of range")
        run = self.runs[bisect.bisect_right(self.starts, k) - 1]
        local = k - run.start
        rest, c = divmod(local, run.count)
        seat, combo = divmod(rest, max(1, math.prod(len(v) for v in run.values)))
        return self._item(k, _attrs(self.base, run.seats[seat], run, run.combo(combo)), c)

    def __iter__(self) -> Iterator[Item]:
        k = 0
        for run in self.runs:
            for seat in run.seats:
                for combo in run.combos():
                    attrs = _attrs(self.base, seat, run, combo)
                    for c in range(run.count):
                        yield self._item(k, attrs, c)
                        k += 1

    def _item(self, k: int, attrs: dict, c: int) -> Item:
        one = self.ids[k]
        return Item(self.family, one, {**attrs, "id": one, "copy": c + 1})


def _attrs(base: dict, seat: dict, run: _Run, combo: tuple) -> dict:
    attrs = {**base, **seat, **run.own}
    for key, v in zip(run.keys, combo, strict=True):
        if isinstance(v, dict):
            attrs.update(v)
            attrs.setdefault(key, v.get("name", next(iter(v.values()), "")))
        else:
            attrs[key] = v
    return attrs


def _ident(family: str, run: _Run, attrs: dict, seat: dict) -> str:
    if run.id:
        return fill(run.id, attrs)
    parts = [str(seat["colour"])] if seat else []
    parts += [str(attrs[k]) for k in run.keys]
    return "-".join(parts) if parts else family


def expand_items(
    family: str,
    entries: list[ItemEntry],
    *,
    base: dict,
    players: list[dict],
    file: str,
    lines: list[int] | None = None,
    max_items: int = DEFAULT_MAX_ITEMS,
) -> ItemList:
    sizes = [_many(entry, players) for entry in entries]
    total = sum(sizes)
    worst = sizes.index(max(sizes)) if sizes else 0  # the entry that asks for the most, to point at
    cap = min(max_items, budget.allowed("items"))  # one limit: a family is at most the whole game's
    if total > cap:
        raise PnpError(
            f"family '{family}' asks for {total:,} items",
            file=file,
            line=lines[worst] if lines and worst < len(lines) else None,
            key="items",
            expected=f"at most {cap:,} items in a game (raise it with --limit items=N)",
            found=f"{total:,}",
        )
    runs: list[_Run] = []
    start = 0
    for entry, size in zip(entries, sizes, strict=True):
        keys = tuple((entry.for_each or {}).keys())
        runs.append(
            _Run(
                start=start,
                size=size,
                id=entry.id,
                own=dict(entry.model_extra or {}),
                keys=keys,
                values=tuple(tuple(entry.for_each[k]) for k in keys),
                seats=tuple(players) if entry.per_player else ({},),
                count=entry.count,
            )
        )
        start += size
    # One walk over every item: each id must fill, and a repeated id gets a -2, -3... suffix.
    ids: list[str] = []
    seen: dict[str, int] = {}
    repeated: dict[str, int | None] = {}  # id -> the line of its first repeat
    for n, run in enumerate(runs):
        for seat in run.seats:
            for combo in run.combos():
                attrs = _attrs(base, seat, run, combo)
                try:
                    ident = _ident(family, run, attrs, seat)
                except KeyError as exc:
                    raise PnpError(
                        f"item id names an attribute the item does not have: {exc.args[0]}",
                        file=file,
                        line=lines[n] if lines and n < len(lines) else None,
                        key=f"items[{n}].id",
                        expected="one of: " + ", ".join(sorted(attrs)),
                        found=run.id,
                    ) from None
                for c in range(run.count):
                    one = f"{ident}-{c + 1}" if run.count > 1 else ident
                    if one in seen:
                        seen[one] += 1
                        repeated.setdefault(one, lines[n] if lines and n < len(lines) else None)
                        one = f"{one}-{seen[one]}"
                    seen.setdefault(one, 1)
                    ids.append(one)
    if repeated:
        # accepted (each repeat is named -2, -3 ...), but said: a copy-paste slip is the usual cause
        first, line = next(iter(repeated.items()))
        more = f" and {len(repeated) - 1} more" if len(repeated) > 1 else ""
        logging.getLogger("pnp").warning(
            "%s%s: family '%s' gives the id '%s'%s to more than one item: the repeats are named %s-2, %s-3 ... "
            "(give each item its own id, or use count:)",
            file, f":{line}" if line else "", family, first, more, first, first,
        )  # fmt: skip
    return ItemList(family, base, runs, ids)


def _many(entry: ItemEntry, players: list[dict]) -> int:
    combos = math.prod(len(v) for v in (entry.for_each or {}).values())
    return combos * entry.count * (len(players) if entry.per_player else 1)
