"""`--since EARLIER`: reprint only the items whose drawing changed since an earlier build.

Each manifest records a digest of every placed item's face drawing (pnp.draw.digest): a hash
of the drawn primitives themselves (numbers rounded to 1/10000 mm, the symbols a face uses
and the bytes of its images), never of object ids or file paths, so the same drawing gives
the same digest on every run and machine. Comparing them with the game's faces drawn now
gives the items to print again, as `--only FAMILY/ID` selectors.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pnp.draw.digest import Digests
from pnp.errors import PnpError, short
from pnp.spec.datafile import MAX_DATA_BYTES

# the changed items are written beside the whole game, never over it: '_' is in no game id,
# so this folder is never another game's (`GAME-since` could be)
SINCE_DIR = "_since"


Sides = tuple[str | None, str | None]  # (front digest, back digest)


def current(
    families: Iterable[tuple[str, Iterable]], digests: Digests
) -> dict[str, dict[str, Sides]]:
    """family -> item id -> (front, back) digests, from (family name, faces) pairs."""
    out: dict[str, dict[str, Sides]] = {}
    for name, faces in families:
        items = out.setdefault(name, {})
        for face in faces:
            items[face.id] = (digests.side(face, "front"), digests.side(face, "back"))
    return out


SIDES = (None, "front", "back")
WHAT = "an earlier output folder of this game, or one of its .json manifests"


def _refuse(
    path: Path, found: str, message: str = "--since: cannot read the earlier manifest"
) -> PnpError:
    return PnpError(message, expected=WHAT, found=f"{path}: {found}")


def _manifest_path(path: Path) -> Path:
    """The manifest to read: `path`, or the first `*.json` (by name) of the folder `path`.
    Neither may be a link: an output folder shared with a game could hold `x.json` leading
    to a private file, whose `game` value the refusal would print."""
    if path.is_symlink():
        raise _refuse(path, "a symbolic link (give the folder or file itself)")
    if not path.is_dir():
        return path
    with os.scandir(path) as it:
        names = sorted(e.name for e in it if e.name.endswith(".json"))
    if not names:
        raise PnpError("--since: no manifest in this folder", expected=WHAT, found=str(path))
    return path / names[0]


def _read(path: Path) -> object:
    """The JSON of one regular file within the data-file size limit: never a named pipe (it
    would block), a device (`/dev/zero` reads for ever) or a link."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        if path.is_symlink():
            raise _refuse(path, "a symbolic link (give the file itself)")
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise _refuse(path, "not a regular file (a named pipe, device or folder)")
            if st.st_size > MAX_DATA_BYTES:
                raise _refuse(
                    path,
                    f"{st.st_size:,} bytes, more than the {MAX_DATA_BYTES:,} a data file may have",
                )
            raw = fh.read(MAX_DATA_BYTES + 1)
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise _refuse(path, "JSON nested too deeply") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise _refuse(path, str(getattr(exc, "strerror", None) or exc)) from None


def _items(data: dict, path: Path) -> Iterator[dict]:
    """Every placed item of the manifest, its shape checked: exit 2 saying what is wrong."""
    for n, page in enumerate(data["pages"], 1):
        items = page.get("items", []) if isinstance(page, dict) else None
        if not isinstance(items, list):
            raise _refuse(path, f"page {n}: 'items' is not a list", "--since: not a pnp manifest")
        for it in items:
            if not isinstance(it, dict) or not all(
                isinstance(it.get(k), str) for k in ("component", "id")
            ):
                raise _refuse(
                    path, f"page {n}: an item without a text 'component' and 'id': {short(it)}",
                    "--since: not a pnp manifest",
                )  # fmt: skip
            if "digest" not in it:
                raise PnpError(
                    "--since: the earlier manifest has no drawing digests (written by an older pnp)",
                    file=str(path), expected="a manifest from this pnp: build the earlier version again",
                    found=f"item '{it['id']}' without 'digest'",
                )  # fmt: skip
            if not isinstance(it["digest"], (str, type(None))) or it.get("side") not in SIDES:
                raise _refuse(
                    path, f"page {n}: item {short(it['id'])} has a 'digest' or 'side' pnp does not write",
                    "--since: not a pnp manifest",
                )  # fmt: skip
            yield it


def earlier(path: str | Path, game_id: str, variant: str | None) -> dict[str, dict[str, Sides]]:
    """family -> item id -> (front, back) digests, read from an earlier build's manifest (or
    the first manifest in an earlier output folder)."""
    path = _manifest_path(Path(path))
    data = _read(path)
    if not isinstance(data, dict) or not isinstance(data.get("pages"), list):
        raise PnpError("--since: not a pnp manifest", expected=WHAT, found=str(path))
    if data.get("game") != game_id or data.get("variant") != variant:
        built = short(data.get("game")) + (
            f" ({short(data['variant'])})" if data.get("variant") else ""
        )
        this = game_id + (f" ({variant})" if variant else "")
        raise PnpError(
            "--since: the earlier build is of another game",
            file=str(path),
            key="game",
            expected=this,
            found=built,
        )
    out: dict[str, dict[str, list]] = {}
    for it in _items(data, path):
        sides = out.setdefault(it["component"], {}).setdefault(it["id"], [None, None])
        sides[1 if it.get("side") == "back" else 0] = it["digest"]
    # a family printed before on this paper's manifests has its items; a back never placed
    # (one-sided) stays None
    return {fam: {i: (s[0], s[1]) for i, s in items.items()} for fam, items in out.items()}


@dataclass
class Changes:
    """What differs from the earlier build, in the game's order."""

    changed: list[tuple[str, str]] = field(default_factory=list)  # (family, id): the front
    backs: list[tuple[str, str]] = field(default_factory=list)  # the back only
    new: list[tuple[str, str]] = field(
        default_factory=list
    )  # items of families the earlier build had
    new_families: list[str] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)
    removed_families: list[str] = field(default_factory=list)

    def selectors(self) -> list[str]:
        """The `--only` selectors of every item to print again."""
        sel = [f"{f}/{i}" for f, i in [*self.changed, *self.backs, *self.new]]
        return sel + list(self.new_families)

    def summary(self, game_id: str, printed: int) -> str:
        """What changed, briefly: a count, then each kind of change with a few ids."""
        if not printed and not self.removed and not self.removed_families:
            return f"{game_id}: nothing changed since the earlier build: nothing to print"
        lines = [f"{game_id}: {printed} item(s) changed since the earlier build"]
        for label, refs in (
            ("drawing changed", self.changed),
            ("back changed", self.backs),
            ("new", self.new),
        ):
            if refs:
                lines.append(f"  {label} ({len(refs)}): {_few(f'{f}/{i}' for f, i in refs)}")
        if self.new_families:
            lines.append(f"  new families (every item printed): {', '.join(self.new_families)}")
        if self.removed:
            lines.append(
                f"  removed, nothing printed ({len(self.removed)}): {_few(f'{f}/{i}' for f, i in self.removed)}"
            )
        if self.removed_families:
            lines.append(f"  removed families, nothing printed: {', '.join(self.removed_families)}")
        if not printed:
            lines.append("  nothing to print")
        return "\n".join(lines)


def _few(names: Iterable[str], most: int = 8) -> str:
    names = list(names)
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def compare(before: dict[str, dict[str, Sides]], now: dict[str, dict[str, Sides]]) -> Changes:
    """The items to print again: a changed front, a changed back, or new; and what was removed."""
    ch = Changes()
    for fam, items in now.items():
        old = before.get(fam)
        if old is None:
            ch.new_families.append(fam)
            continue
        for ident, (front, back) in items.items():
            was = old.get(ident)
            if was is None:
                ch.new.append((fam, ident))
            elif was[0] != front:
                ch.changed.append((fam, ident))
            elif was[1] != back:
                ch.backs.append((fam, ident))
    for fam, items in before.items():
        if fam not in now:
            ch.removed_families.append(fam)
        else:
            ch.removed.extend((fam, i) for i in items if i not in now[fam])
    return ch


def printed_count(ch: Changes, now: dict[str, dict[str, Sides]]) -> int:
    return len(ch.changed) + len(ch.backs) + len(ch.new) + sum(len(now[f]) for f in ch.new_families)


def changed_since(game, path: str | Path, *, ink_saver: bool = False) -> tuple[list[str], str]:
    """The `--only` selectors of what changed in `game` since the build at `path`, and the
    report to show; no selectors means nothing to print."""
    from pnp.pipeline import prepare

    before = earlier(path, game.id, game.variant)
    prep = prepare(game, legibility=False, ink_saver=ink_saver)
    digests = Digests(prep.ctx.symbols)
    now = current(((fam.name, prep.faces[fam.name]) for fam in game.families), digests)
    ch = compare(before, now)
    return ch.selectors(), ch.summary(game.id, printed_count(ch, now))
