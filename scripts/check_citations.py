"""Check that every rule's `cite` in components/*/rules.yaml quotes its game's rulebook.

Rulebooks live in ../shared/rulebooks/<game>.txt or .md, or the folder given as the
first argument (never needed by the build).
A cite may join several quotes with "..."; each piece must appear verbatim, whitespace
and quote marks aside. Exit 1 on any mismatch, 0 when all match or no rulebook folder.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ROOT.parent / "shared" / "rulebooks"
QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "`": "'"})


def normal(text: str) -> str:
    """Lower-case, straight quotes, no Markdown escapes or emphasis, whitespace removed (extracted text often loses spaces)."""
    text = re.sub(r"\\([^\w\s])", r"\1", text).replace("*", "")
    text = text.translate(QUOTES).replace('"', "").replace("'", "")
    return re.sub(r"\s+", "", text).lower()


def cites(node: object):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "cite" and isinstance(value, str):
                yield node.get("id", "?"), value
            else:
                yield from cites(value)
    elif isinstance(node, list):
        for item in node:
            yield from cites(item)


def main(books: Path = BOOKS) -> int:
    if not books.is_dir():
        print(f"no rulebooks at {books}; nothing checked")
        return 0
    bad = 0
    for rules in sorted(ROOT.glob("components/*/rules.yaml")):
        game = rules.parent.name
        book = next((p for p in (books / f"{game}.txt", books / f"{game}.md") if p.exists()), None)
        if book is None:
            continue
        text = normal(book.read_text(encoding="utf-8"))
        for rule_id, cite in cites(yaml.safe_load(rules.read_text(encoding="utf-8"))):
            for piece in re.split(r"\.\.\.|\u2026", cite):
                piece = normal(piece)
                if piece and piece not in text:
                    bad += 1
                    print(f"{rules.relative_to(ROOT)}: rule {rule_id}: not in {book.name}: {piece!r}")
    print(f"{bad} citation(s) not found in the rulebooks")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else BOOKS))
