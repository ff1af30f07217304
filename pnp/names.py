"""File names for what pnp writes per item or family, and text written to CSV.

Every command that writes one file per item (preview, export --cards) or per family (preview,
export --tts) names it here, so that no two items share a file and every name is one that
Windows, macOS and Linux file systems and zip files all take:

- readable: the id as written, accents folded (`é1` -> `e1`), anything else that is not a
  letter, digit, `.`, `_` or `-` becomes `_` (`a/b` -> `a_b`);
- safe: no leading dot or dash (a hidden file, an option to a shell command), no trailing dot or
  space (Windows drops them), no reserved device name (`CON`, `nul.txt`: `CON_`), at most
  MAX_STEM characters (a long id keeps its start and a short hash of the whole, so two long ids
  stay apart);
- unique: a name met again in the same folder, ignoring case (Windows and macOS do), gets `-2`,
  `-3`... in the order the items are listed, so the same game gives the same names each time.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

__all__ = ["MAX_STEM", "UniqueNames", "csv_cell", "is_device_name", "safe_name"]

# A file name may have 255 bytes; a stem leaves room for `family-` before it and `-front.png`
# after it, and a path on Windows for the folders above it (260 characters in all by default).
MAX_STEM = 80
_RESERVED = {"con", "prn", "aux", "nul", "clock$", "conin$", "conout$"} | {
    f"{d}{i}" for d in ("com", "lpt") for i in range(10)
}
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def is_device_name(name: str) -> bool:
    """Whether Windows takes this name (with any extension) for a device: `nul`, `COM1.txt`."""
    return name.split(".", 1)[0].lower() in _RESERVED


def safe_name(text: str, max_len: int = MAX_STEM) -> str:
    """A readable file-name stem for `text` that every file system takes (see the module doc)."""
    folded = "".join(
        c for c in unicodedata.normalize("NFKD", str(text)) if not unicodedata.combining(c)
    )
    name = _UNSAFE.sub("_", folded).strip("_")
    name = name.lstrip(".-").rstrip(". ")
    if len(name) > max_len:
        digest = hashlib.sha256(str(text).encode("utf-8", "surrogatepass")).hexdigest()[:8]
        name = name[: max_len - 9].rstrip(". ") + "-" + digest
    if not name:
        return "item"
    if is_device_name(name):
        first, dot, rest = name.partition(".")
        name = f"{first}_{dot}{rest}"
    return name


class UniqueNames:
    """Hands out safe names, each once per folder: `a/b`, `a_b`, `a?b` -> `a_b`, `a_b-2`, `a_b-3`."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def __call__(self, text: str) -> str:
        return self.take(safe_name(text))

    def take(self, base: str) -> str:
        """`base` (already safe), or `base-2`, `base-3`... whichever is free."""
        name, n = base, 2
        while name.casefold() in self.taken:
            name, n = f"{base}-{n}", n + 1
        self.taken.add(name.casefold())
        return name


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "＝", "＋", "－", "＠")


def csv_cell(value):
    """A cell for a CSV a spreadsheet will open: text that a spreadsheet would read as a formula
    (starting with = + - @, a tab or a line break, OWASP's list, or their full-width forms) gets
    a leading single quote, so it shows as the text it is; numbers are left as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value
