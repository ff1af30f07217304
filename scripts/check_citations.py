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


# the worked examples in docs/rules.md quote these games' rulebooks, section by section
DOC_SECTIONS = {
    "Earthquake!": ["earthquake"],
    "The Greenway": ["greenway"],
    "Global Warming and the piecepack": ["global-warming", "piecepack"],
    "Aftershock": ["aftershock"],
    "Earth Our Home": ["earth-our-home"],
}


def doc_cites(doc: Path):
    """(section's games, rule id, cite) for every rule in a worked example of docs/rules.md."""
    for part in re.split(r"^## ", doc.read_text(encoding="utf-8"), flags=re.M):
        title = part.split("\n", 1)[0].strip().removeprefix("Worked example: ")
        if title not in DOC_SECTIONS:
            continue
        for block in re.findall(r"^```yaml\n(.*?)^```", part, flags=re.S | re.M):
            for rule_id, cite in cites(yaml.safe_load(block)):
                yield DOC_SECTIONS[title], rule_id, cite


def book_text(books: Path, game: str) -> tuple[str, str] | None:
    book = next((p for p in (books / f"{game}.txt", books / f"{game}.md") if p.exists()), None)
    return (book.name, normal(book.read_text(encoding="utf-8"))) if book else None


def missing(cite: str, text: str) -> list[str]:
    """The pieces of a cite that the rulebook's text does not hold."""
    return [p for p in re.split(r"\.\.\.|\u2026", cite) if normal(p) and normal(p) not in text]


def main(books: Path = BOOKS, root: Path = ROOT) -> int:
    if not books.is_dir():
        print(f"no rulebooks at {books}; nothing checked")
        return 0
    bad = 0
    for rules in sorted(root.glob("components/*/rules.yaml")):
        found = book_text(books, rules.parent.name)
        if found is None:
            continue
        name, text = found
        for rule_id, cite in cites(yaml.safe_load(rules.read_text(encoding="utf-8"))):
            for piece in missing(cite, text):
                bad += 1
                print(f"{rules.relative_to(root)}: rule {rule_id}: not in {name}: {piece!r}")
    doc = root / "docs" / "rules.md"
    if doc.is_file():
        ids = {
            p.parent.name: {
                r.get("id") for r in yaml.safe_load(p.read_text(encoding="utf-8"))["rules"]
            }
            for p in root.glob("components/*/rules.yaml")
        }
        for games, rule_id, cite in doc_cites(doc):
            # the game whose rules.yaml has this rule (the piecepack's quote its standard: no rulebook here)
            game = next((g for g in games if rule_id in ids.get(g, ())), games[0])
            found = book_text(books, game)
            if found is not None:
                name, text = found
                for piece in missing(cite, text):
                    bad += 1
                    print(f"docs/rules.md: worked example {rule_id}: not in {name}: {piece!r}")
    print(f"{bad} citation(s) not found in the rulebooks")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else BOOKS))
