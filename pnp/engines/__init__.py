"""engines: pages of primitives -> PDF, SVG, PNG. They know how to draw, not what a card is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DocInfo:
    title: str
    author: str
    subject: str
    date: str | None = None  # ISO date; None keeps builds byte-identical
