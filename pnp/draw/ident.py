"""Names that are the same in every run, so that builds are byte-identical."""

from __future__ import annotations

import hashlib


def stable_hash(data: str | bytes, n: int = 8) -> str:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return hashlib.blake2s(raw, digest_size=8).hexdigest()[:n]
