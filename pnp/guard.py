"""The one resolver for every file a game reads: it must stay inside the game folder.

A game folder is shared between people, so it is untrusted: a name such as `../x`, or a
symlink inside the folder that resolves outside it, could make a build read (or `pnp new
--from` copy) a private file. Every route (art, fonts, images, includes, uses, rules,
game.yaml, scaffold copies, data files) resolves through here; `--allow-outside` lifts it.
"""

from __future__ import annotations

from pathlib import Path

from pnp.errors import PnpError


def require_size(path: Path, limit: int, what: str, **where) -> None:
    """Refuse a file larger than `limit` bytes by its size, before it is read: a sparse file is
    a few KB in the folder sent and gigabytes to read. `where` is the PnpError's file, key..."""
    size = path.stat().st_size
    if size > limit:
        raise PnpError(
            f"{what} is too large",
            expected=f"at most {limit:,} bytes",
            found=f"{size:,} bytes",
            **where,
        )


def contained(path: Path, folder: Path) -> bool:
    """Whether `path`, with every symlink followed, lies inside `folder`."""
    return path.resolve().is_relative_to(folder.resolve())


def resolve_inside(
    folder: Path,
    rel: str | Path,
    *,
    file: str | None,
    key: str | None,
    allow_outside: bool,
    line: int | None = None,
) -> Path:
    """`rel` under `folder`, symlinks followed; refused (exit 2, path named) if it leaves the folder."""
    text = str(rel)
    if "\x00" in text:
        raise PnpError(
            "a file name holds a NUL byte",
            file=file,
            line=line,
            key=key,
            expected="a file name",
            found=repr(text),
        )
    try:
        target = (folder / rel).resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a name too long
        raise PnpError(
            "path cannot be resolved",
            file=file,
            line=line,
            key=key,
            expected="a file name in the game folder",
            found=f"{text}: {exc}",
        ) from None
    if not allow_outside and not target.is_relative_to(folder.resolve()):
        raise PnpError(
            "path leaves the game folder",
            file=file,
            line=line,
            key=key,
            expected="a path inside the game folder (or run with --allow-outside)",
            found=f"{text} -> {target}" if _is_link(folder, rel) else text,
        )
    return target


def _is_link(folder: Path, rel: str | Path) -> bool:
    """Whether any step of `rel` under `folder` is a symlink (so the message names where it leads)."""
    p = folder
    for part in Path(rel).parts:
        p = p / part
        try:
            if p.is_symlink():
                return True
        except OSError:
            return False
    return False


def require_inside(
    path: Path,
    folder: Path,
    *,
    file: str | None,
    key: str | None,
    allow_outside: bool,
    line: int | None = None,
) -> Path:
    """A path already found under `folder` (a search hit, a folder walk): refused if a symlink leads out."""
    try:
        rel = path.relative_to(folder)
    except ValueError:
        rel = path
    return resolve_inside(folder, rel, file=file, key=key, allow_outside=allow_outside, line=line)
