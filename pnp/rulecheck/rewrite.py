"""A rules.yaml edited in place without ever being left broken: the edited text is written to a
hidden file beside it, read back as YAML and as rules, compared with what the edit meant, and
only then put in the original's place (one rename). Any failure leaves the original as it was."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import yaml

from pnp.errors import PnpError
from pnp.rulecheck.spec import RulesFile
from pnp.rulecheck.yamledit import Edits
from pnp.spec.validate import validate
from pnp.spec.yamlfile import display_path, read_yaml


def edit_rules(path: Path, keys: list[tuple[int, dict]], declare: list[dict]) -> bool:
    """Set keys of rules (by index) and declare design texts in rules.yaml; True when texts
    were declared (a file without design_texts is not held to coverage: nothing to declare)."""
    raw = _read(path)
    bom = raw.startswith(b"\xef\xbb\xbf")
    try:
        ed = Edits(raw.decode("utf-8")[1 if bom else 0 :])
        for n, new in keys:
            ed.set_keys(n, new)
        declared = ed.declare(declare)
    except (ValueError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise unchanged(path, f"the house rules cannot be placed in it: {exc}") from None
    if keys or declared:
        replace_checked(path, ("\ufeff" if bom else "") + ed.result(), ed.expected)
    return declared


def replace_checked(path: Path, text: str, expected: object) -> None:
    """Put `text` in place of the file at `path` once it reads back as `expected`."""
    if not os.access(path, os.W_OK):
        raise unchanged(path, "it is read-only", hint="make it writable, then run again")
    aside = path.with_name(f".{path.name}.{os.getpid()}.pnp-edit")
    try:
        aside.write_bytes(text.encode("utf-8"))
        try:
            data = read_yaml(aside)
            validate(RulesFile, data, file=display_path(path))
        except PnpError as exc:
            raise unchanged(path, f"the edited file would not read: {exc.message}") from None
        if _plain(data) != _plain(expected):
            raise unchanged(path, "the edited file would read differently from what was meant")
        shutil.copymode(path, aside)
        os.replace(aside, path)
    except OSError as exc:
        raise unchanged(path, f"it cannot be written: {exc.strerror or exc}") from None
    finally:
        aside.unlink(missing_ok=True)


def unchanged(path: Path, why: str, hint: str | None = None) -> PnpError:
    return PnpError(
        f"house rules not recorded, {path.name} left as it was: {why}",
        file=display_path(path),
        hint=hint
        or "write each rule as a block (one key a line) or a {...} mapping, with plain values",
    )


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise unchanged(path, f"it cannot be read: {exc.strerror or exc}") from None


def _plain(data: object) -> str:
    """Data as one comparable text: true and 1, 1 and 1.0 kept apart, keys in one order."""

    def canon(v):
        if isinstance(v, dict):
            return [[repr(k), canon(x)] for k, x in sorted(v.items(), key=lambda kv: repr(kv[0]))]
        if isinstance(v, list):
            return [canon(x) for x in v]
        return v

    return json.dumps(canon(data), ensure_ascii=False, default=repr)
