"""Where the built-in games, paper sizes and art live, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _first(*candidates: Path) -> Path:
    for c in candidates:
        if c.is_dir():
            return c
    return candidates[0]


def components_dir() -> Path:
    return _first(_PKG / "builtin" / "components", _PKG.parent / "components")


def layouts_dir() -> Path:
    return _first(_PKG / "builtin" / "layouts", _PKG.parent / "layouts")


def art_dir() -> Path:
    return _PKG / "art"
