"""The built-in fonts' measuring records are what their files say (pnp/draw/builtin_fonts.json)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.draw.fonts import (
    BUILTIN,
    FontMetrics,
    builtin_records,
    file_digest,
    metrics_for,
    read_record,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("key", sorted(BUILTIN))
def test_builtin_record_is_what_the_font_file_says(key):
    """A stale or edited table fails here: run scripts/builtin_font_records.py."""
    path = BUILTIN[key]
    shipped = dict(builtin_records()[file_digest(path)])
    assert shipped.pop("file") == path.name
    read = read_record(path)
    assert read == shipped


def test_a_font_not_in_the_table_is_measured_from_its_own_file(tmp_path):
    """The table is keyed by the file's bytes: another font saved as Vera.ttf is read for itself."""
    other = ROOT / "docs" / "examples" / "MyFont.ttf"
    impostor = tmp_path / BUILTIN["regular"].name
    shutil.copy(other, impostor)
    measured = metrics_for(str(impostor))
    own = FontMetrics(read_record(other))
    vera = metrics_for(str(BUILTIN["regular"]))
    text = "Wave AV 0123"
    assert measured.width(text, 10) == own.width(text, 10)
    assert measured.width(text, 10) != vera.width(text, 10)
    assert (measured.ascent, measured.descent, measured.cap_height) == (own.ascent, own.descent, own.cap_height)
