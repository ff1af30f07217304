"""`pnp new PATH`: a game folder that builds and checks as it is, for a user to edit.

The template lives in pnp/scaffold_template/ (shipped as package data): a small deck with a
back, a square board larger than A4 (so it is tiled), counters for each player and a rules
file. `--from GAME` copies an existing game instead, under the new folder's id.
Either way the folder gets its own schema/ (written from the installed kinds) and each YAML
file's first line points an editor at the right schema.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

from pnp.errors import PnpError
from pnp.guard import contained, require_inside
from pnp.names import is_device_name
from pnp.schema import SCHEMA_LINE, write_schemas
from pnp.spec.yamlfile import display_path

TEMPLATE = Path(__file__).resolve().parent / "scaffold_template"
SCHEMA_DIR = "schema"
MAX_COPY_BYTES = 1_000_000_000  # a game's YAML, art, fonts and images: far less
MAX_COPY_FILES = 20_000  # files and folders looked at in the game copied: a game has hundreds
MAX_COPY_DEPTH = 32  # folders within folders: art sorted into folders is a few deep
OUTPUT_DIR = "output"  # where a game's prints go by default: never copied


def game_id(path: Path) -> str:
    ident = re.sub(r"[^a-z0-9]+", "-", path.name.lower()).strip("-")
    if not ident or not ident[0].isalnum():
        ident = "my-game" if not ident else "game-" + ident
    return ident


def _check_target(path: Path) -> None:
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise PnpError(
            "the folder already exists and is not empty",
            found=str(path),
            expected="a new folder, or an empty one",
            hint="pick another name; pnp new never writes over files",
        )


def _refuse_copy(f: Path, expected: str, found: str) -> PnpError:
    return PnpError(
        "cannot copy the game folder", file=display_path(f), expected=expected, found=found
    )


def _skipped(rel: Path) -> bool:
    """Not copied: hidden entries (an output's staging folders among them), caches, the
    schemas (written afresh) and the game's `output/` (another game's prints, or planted)."""
    return any(p.startswith(".") or p == "__pycache__" for p in rel.parts) or rel.parts[0] in (
        SCHEMA_DIR,
        OUTPUT_DIR,
    )


def _walk(src: Path) -> Iterator[Path]:
    """Every file and folder under `src` to copy, in name order, without recursion (a folder
    nested thousands deep is refused at MAX_COPY_DEPTH) and within MAX_COPY_FILES entries."""
    stack, seen = [src], 0
    while stack:
        folder = stack.pop()
        depth = len(folder.relative_to(src).parts)
        if depth > MAX_COPY_DEPTH:
            raise _refuse_copy(folder, f"folders at most {MAX_COPY_DEPTH} deep", f"{depth} deep")
        names = []
        with os.scandir(folder) as it:
            for entry in it:
                seen += 1
                if seen > MAX_COPY_FILES:  # counted before any is copied, or even sorted
                    raise _refuse_copy(
                        src,
                        f"at most {MAX_COPY_FILES:,} files and folders",
                        f"more than {MAX_COPY_FILES:,} (counting stopped there; nothing was copied)",
                    )
                names.append(entry.name)
        below = []
        for name in sorted(names):
            f = folder / name
            if _skipped(f.relative_to(src)):
                continue
            yield f
            if f.is_dir() and not f.is_symlink():
                below.append(f)
        stack.extend(reversed(below))


def _sources(src: Path, allow_outside: bool) -> list[tuple[Path, Path]]:
    """(file or folder, path relative to src) to copy; all checked before anything is written."""
    out, size = [], 0
    for f in _walk(src):
        # a symlink to a private file would otherwise become a copy of it
        require_inside(f, src, file=display_path(f), key=None, allow_outside=allow_outside)
        if not (f.is_dir() or f.is_file()):  # a named pipe would block the copy, a device be read
            raise _refuse_copy(f, "files and folders only", "a named pipe, socket or device")
        out.append((f, f.relative_to(src)))
        size += f.stat().st_size if f.is_file() else 0
        if size > MAX_COPY_BYTES:  # a sparse file: a few KB sent, gigabytes written
            raise _refuse_copy(
                f,
                f"at most {MAX_COPY_BYTES:,} bytes of files in all",
                f"{size:,} bytes up to this file",
            )
    return out


def _check_name(path: Path) -> None:
    """Refuse a folder name Windows keeps for a device (`con`, `nul.txt`), as the build
    refuses such a game id: the game could not be built, or copied to Windows."""
    if is_device_name(path.name) or is_device_name(game_id(path)):
        raise PnpError(
            "the folder name is a device name of Windows",
            expected="a name that is not a device name of Windows (con, prn, aux, nul, com1-9, "
            "lpt1-9): the game id and its output folder are named after it",
            found=str(path),
        )


def new_game(
    path: Path, *, source: str | None = None, allow_outside: bool = False
) -> tuple[str, list[Path]]:
    """Create the folder; returns the game id and the files written."""
    from pnp.spec.load import find_game

    _check_name(path)
    _check_target(path)
    ident = game_id(path)
    title = path.name.replace("-", " ").replace("_", " ").strip().title() or "My Game"
    src = find_game(source) if source else TEMPLATE
    sources = _sources(src, allow_outside)
    try:
        path.mkdir(parents=True, exist_ok=True)
        for f, rel in sources:
            dst = path / rel
            if f.is_dir():
                dst.mkdir(parents=True, exist_ok=True)
            else:
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(f, dst)
        write_schemas(path / SCHEMA_DIR)
    except OSError as exc:
        raise PnpError(
            "cannot write the new game folder", found=f"{path}: {exc.strerror or exc}"
        ) from None
    if source:
        _rename(path, ident)
    else:
        for f in path.glob("*.yaml"):
            f.write_text(
                f.read_text(encoding="utf-8").replace("__ID__", ident).replace("__TITLE__", title),
                encoding="utf-8",
            )
    _schema_lines(path)
    return ident, sorted(p for p in path.rglob("*") if p.is_file())


def _rename(path: Path, ident: str) -> None:
    """A copied game takes the new folder's id (its rules file follows), so both can be built."""
    game = path / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(re.sub(r"(?m)^id:.*$", f"id: {ident}", text, count=1), encoding="utf-8")
    m = re.search(r"(?m)^rules:\s*(\S+)\s*$", text)
    rules = path / (m.group(1).strip("'\"") if m else "rules.yaml")
    # the path is the stranger's: `../x.yaml` or `/home/me/x.yaml` is not this copy's to change
    if rules.is_file() and contained(rules, path):
        r = rules.read_text(encoding="utf-8")
        rules.write_text(re.sub(r"(?m)^game:.*$", f"game: {ident}", r, count=1), encoding="utf-8")


def schema_role(path: Path, folder: Path) -> str:
    """Which schema a YAML file of a game folder answers to."""
    from pnp.spec.yamlfile import read_yaml

    if path == folder / "game.yaml":
        return "game"
    try:
        data = read_yaml(path)
    except PnpError:
        return "fragment"
    if isinstance(data, dict) and "rules" in data and "game" in data:
        return "rules"
    if isinstance(data, dict) and "kind" in data and "family" in data:
        return "family"
    return "fragment"


def _schema_lines(folder: Path) -> None:
    for f in sorted(folder.rglob("*.yaml")):
        if SCHEMA_DIR in f.relative_to(folder).parts[:1]:
            continue
        role = schema_role(f, folder)
        rel = Path(
            *[".."] * (len(f.relative_to(folder).parts) - 1), SCHEMA_DIR, f"{role}.schema.json"
        )
        lines = f.read_text(encoding="utf-8").splitlines(keepends=True)
        first = f"{SCHEMA_LINE}{rel.as_posix()}\n"
        if lines and lines[0].startswith(SCHEMA_LINE):
            lines[0] = first
        else:
            lines.insert(0, first)
        f.write_text("".join(lines), encoding="utf-8")
