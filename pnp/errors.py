"""The one error type a user sees: where, which key, what was expected, what was found."""

from __future__ import annotations

from dataclasses import dataclass

# Limits a user can raise on the command line; every refusal that hits one says so.
DEFAULT_MAX_ITEMS = 100_000  # items one component family may expand to (--max-items)
DEFAULT_MAX_TILES = 100  # pages one oversized item may be tiled over (--max-tiles)


@dataclass
class PnpError(Exception):
    """A problem with the user's input. The CLI prints it and exits 2."""

    message: str
    file: str | None = None
    line: int | None = None
    key: str | None = None
    expected: str | None = None
    found: str | None = None
    hint: str | None = None

    def __str__(self) -> str:
        # every field may hold text from a spec: escaped, so it cannot drive the terminal
        where = escape(self.file or "pnp")
        if self.line:
            where += f":{self.line}"
        parts = [f"{where}: {escape(self.message)}"]
        if self.key:
            parts.append(f"  key: {escape(self.key)}")
        if self.expected is not None:
            parts.append(f"  expected: {escape(self.expected)}")
        if self.found is not None:
            parts.append(f"  found: {escape(self.found)}")
        if self.hint:
            parts.append(f"  hint: {escape(self.hint)}")
        return "\n".join(parts)


def escape(text: object) -> str:
    """Text as a terminal may show it: control characters (ESC, CR, BEL, C1 ...) as \\x escapes."""
    return "".join(
        c if c.isprintable() or c == "\n" else c.encode("unicode_escape").decode("ascii")
        for c in str(text)
    )


def short(value: object, limit: int = 60) -> str:
    """A value as the user wrote it, cut to a readable length."""
    text = repr(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


CAIRO_HOW = (
    "Windows: install the GTK runtime (or MSYS2's mingw-w64-x86_64-cairo) and put the folder "
    "holding libcairo-2.dll in PATH or CAIROCFFI_DLL_DIRECTORIES; macOS: brew install cairo "
    "(Apple silicon: also export DYLD_FALLBACK_LIBRARY_PATH=/opt/homebrew/lib); Debian/Ubuntu: "
    "apt install libcairo2; see README.md, 'cairo'"
)


def missing_cairo(exc: BaseException) -> PnpError | None:
    """The message for a missing cairo library (previews, exports, the svg engine, serve), or None."""
    text = str(exc)
    missing = (
        isinstance(exc, OSError)
        and "cairo" in text
        and ("library" in text or "dll" in text.lower())
    ) or (isinstance(exc, ImportError) and getattr(exc, "name", None) in ("cairocffi", "cffi"))
    if not missing:
        return None
    return PnpError(
        "the cairo graphics library is not installed (pnp preview, export, serve and --engine svg draw with it; "
        "pnp build and check do not need it)",
        expected="cairo, found by cairocffi",
        found=text.splitlines()[0] if text else type(exc).__name__,
        hint=CAIRO_HOW,
    )
