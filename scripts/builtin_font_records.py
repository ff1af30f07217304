"""Write pnp/draw/builtin_fonts.json: the measuring records of the four built-in fonts.

    .venv/bin/python scripts/builtin_font_records.py

Run it when reportlab ships different Vera files; tests/test_fonts.py fails until then.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.draw.fonts import BUILTIN, BUILTIN_RECORDS, file_digest, read_record  # noqa: E402


def main() -> None:
    records = {file_digest(path): {"file": path.name, **read_record(path)} for path in BUILTIN.values()}
    BUILTIN_RECORDS.write_text(json.dumps(records, separators=(",", ":"), ensure_ascii=True, sort_keys=True) + "\n")
    print(f"{BUILTIN_RECORDS}: {len(records)} fonts, {BUILTIN_RECORDS.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
