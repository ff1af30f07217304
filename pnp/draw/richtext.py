"""Rich text in a `text:`: **bold**, *italic*, line breaks and :name: inline art.

The markup is read once into paragraphs of words, each word a list of pieces: a run of
characters in one style, or an inline art symbol. `\\*`, `\\:` and `\\\\` print the character
itself. A `:` that does not start a `:name:` prints as it is ("Cost: 3" needs no escape),
and so does a star that pairs with none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NAME = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")  # a letter first: "1:2:3" and "10:30:00" stay text
ESCAPE = re.compile(r"\\[*:\\]")


@dataclass(frozen=True, slots=True)
class Piece:
    """Characters in one style, or (icon set) one inline art symbol."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None


Word = list[Piece]


def has_markup(text: str) -> bool:
    """True when the text prints differently from plain text: a real marker, a symbol or an escape."""
    if "*" not in text and ":" not in text and "\\" not in text:
        return False
    return bool(NAME.search(text) or ESCAPE.search(text) or _markers(text))


def _markers(text: str) -> dict[int, str]:
    """Where a real ** or * starts, paired as Markdown pairs them; any other star is a star.

    A marker opens when a non-space follows it and closes when a non-space precedes it, so
    "7*6" with no partner, "a * b" and an unpaired "**" print as typed.
    """
    found: list[tuple[int, str]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] == "\\" and i + 1 < n and text[i + 1] in "*:\\":
            i += 2
        elif text[i] == "*":
            mark = "**" if text.startswith("**", i) else "*"
            found.append((i, mark))
            i += len(mark)
        else:
            i += 1
    real: dict[int, str] = {}
    opened: dict[str, int] = {}
    for at, mark in found:
        before = text[at - 1] if at > 0 else " "
        after = text[at + len(mark)] if at + len(mark) < n else " "
        if mark in opened and not before.isspace():
            real[opened.pop(mark)] = mark
            real[at] = mark
        elif not after.isspace():
            opened[mark] = at
    return real


def parse(text: str) -> list[list[Word]]:
    """Paragraphs (split at line breaks) of words (split at spaces) of pieces."""
    real = _markers(text)
    paragraphs: list[list[Word]] = []
    words: list[Word] = []
    word: Word = []
    bold = italic = False
    chars: list[str] = []

    def flush_chars() -> None:
        if chars:
            word.append(Piece("".join(chars), bold, italic))
            chars.clear()

    def end_word() -> None:
        nonlocal word
        flush_chars()
        words.append(word)
        word = []

    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n and text[i + 1] in "*:\\":
            chars.append(text[i + 1])
            i += 2
            continue
        mark = real.get(i)
        if mark:
            flush_chars()
            if mark == "**":
                bold = not bold
            else:
                italic = not italic
            i += len(mark)
            continue
        if ch == ":":
            m = NAME.match(text, i)
            if m:
                flush_chars()
                word.append(Piece(m.group(1), bold, italic, icon=m.group(1)))
                i = m.end()
                continue
        if ch == " ":
            end_word()
        elif ch == "\n":
            end_word()
            paragraphs.append(words)
            words = []
        else:
            chars.append(ch)
        i += 1
    end_word()
    paragraphs.append(words)
    return paragraphs
