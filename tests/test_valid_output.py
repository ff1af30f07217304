"""Every shipped game's PDFs are structurally valid, with every font embedded.

The structural check always runs (pypdf in strict mode, pymupdf); qpdf --check runs as well
wherever qpdf is installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import warnings

import pymupdf
import pytest
from pypdf import PdfReader

from pnp.build import build
from pnp.spec.load import builtin_games, load_game

GAMES = sorted(builtin_games())
PAPERS = ["a4", "letter"]
_built: dict = {}


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    def get(game: str, paper: str, engine: str = "reportlab"):
        if (game, paper, engine) not in _built:
            out = tmp_path_factory.mktemp(f"valid-{game}-{engine}")
            papers = PAPERS if engine == "reportlab" else [paper]
            for o in build(load_game(game), papers, out_dir=out, engine=engine):
                _built[(game, o.paper, engine)] = o
        return _built[(game, paper, engine)]

    return get


@pytest.mark.parametrize(
    ("game", "paper", "engine"),
    [(g, p, "reportlab") for g in GAMES for p in PAPERS] + [("greenway", "a4", "svg")],
)
def test_pdf_is_structurally_valid(game, paper, engine, outputs):
    o = outputs(game, paper, engine)
    manifest = json.loads(o.manifest.read_text(encoding="utf-8"))

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pypdf reports repairs as warnings: none allowed
        reader = PdfReader(o.pdf, strict=True)
        assert len(reader.pages) == len(manifest["pages"]) == o.pages
        for page in reader.pages:
            page.get_contents()  # every content stream decodes
            assert page.mediabox.width > 0 and page.mediabox.height > 0
        assert reader.trailer["/Root"]["/Type"] == "/Catalog"

    with pymupdf.open(o.pdf) as doc:
        assert not doc.is_repaired, "pymupdf had to repair the file"
        assert doc.page_count == o.pages
        fonts = 0
        for page in doc:
            for xref, ext, ftype, name, *_ in page.get_fonts(full=True):
                fonts += 1
                assert ext != "n/a", f"page {page.number + 1}: font {name} ({ftype}, xref {xref}) is not embedded"
        if engine == "reportlab":
            assert fonts > 0, "the guide page has text, so there are fonts to check"

    qpdf = shutil.which("qpdf")
    if qpdf:
        proc = subprocess.run([qpdf, "--check", str(o.pdf)], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "No syntax or stream encoding errors found" in proc.stdout


def test_every_shipped_game_is_checked():
    """The structure checks above run on every game folder the repository ships, none left out."""
    from pathlib import Path

    shipped = {p.parent.name for p in (Path(__file__).resolve().parent.parent / "components").glob("*/game.yaml")}
    assert len(shipped) >= 6
    assert set(GAMES) == shipped
