"""Warnings as a user reads them: the same warning for many texts or items is one line.

A 540-card deck whose titles all print too small has one template line at fault, not 98:
lines that differ only in their quoted parts, numbers and bracketed item lists are one
group, said once with a count and a few examples.
"""

from __future__ import annotations

import re

__all__ = ["grouped"]

EXAMPLES = 3  # quoted examples shown for a group
MIN_GROUP = 3  # two like lines are clearer shown than counted

_QUOTED = re.compile(r"'[^']*'")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_BRACKETED = re.compile(r"\([^()]*\)")


def _shape(line: str) -> str:
    """The line with what varies between like warnings blanked; its place (file:line) kept."""
    where, sep, rest = line.partition(": ")
    rest = _BRACKETED.sub("(…)", _QUOTED.sub("'…'", rest))
    return where + sep + _NUMBER.sub("#", rest)


def grouped(lines: list[str]) -> list[str]:
    """`lines` with each group of MIN_GROUP or more like lines made one, in first-seen order."""
    groups: dict[str, list[str]] = {}
    for line in lines:
        groups.setdefault(_shape(line), []).append(line)
    out: list[str] = []
    for group in groups.values():
        if len(group) < MIN_GROUP:
            out += group
            continue
        out.append(f"{group[0]} [{len(group)} warnings like this one: {_examples(group)}]")
    return out


def _examples(group: list[str]) -> str:
    """The first quoted part that differs across the group, from its first few lines."""
    quoted = [_QUOTED.findall(line) for line in group]
    width = min(len(q) for q in quoted)
    for k in range(width):
        values = list(dict.fromkeys(q[k] for q in quoted))
        if len(values) > 1:
            more = len(values) - EXAMPLES
            return ", ".join(values[:EXAMPLES]) + (f" and {more} more" if more > 0 else "")
    return f"{len(group) - 1} more"
