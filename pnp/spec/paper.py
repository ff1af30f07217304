"""Schema of a paper-size file in layouts/: page, printable margin, cutting and duplex."""

from __future__ import annotations

import difflib
from typing import Literal

from pydantic import Field

from pnp.errors import PnpError
from pnp.paths import layouts_dir
from pnp.spec.types import Box, Colour, Length, Size, Spacing, Strict
from pnp.spec.validate import validate
from pnp.spec.yamlfile import display_path, read_yaml


class CutMarks(Strict):
    style: Literal["lines", "none"] = Field("lines", description="lines in the margins and gutters, or none")
    length: Size = Field(5.0, description="how far a mark runs outward")
    gap: Spacing = Field(1.0, description="space between a mark and the item it marks")
    width: Size = Field(0.25, description="line width")
    colour: Colour = "black"


# A printer that shifts its backs by more than this needs its paper guides set, not an offset.
MAX_OFFSET_MM = 20.0


class Offset(Strict):
    x: Length = Field(0.0, ge=-MAX_OFFSET_MM, le=MAX_OFFSET_MM)
    y: Length = Field(0.0, ge=-MAX_OFFSET_MM, le=MAX_OFFSET_MM)


class Duplex(Strict):
    flip: Literal["long", "short"] = Field("long", description="the edge the printer flips on")
    offset: Offset = Field(default_factory=Offset, description="shift of the back pages, to fix a printer's misalignment")


class PaperSpec(Strict):
    """layouts/<paper>.yaml"""

    id: str = Field(..., pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str
    size: Box = Field(..., description="page size, portrait")
    margin: Spacing = Field(..., description="edge a home printer cannot print; nothing is placed there")
    gutter: Spacing = Field(0.0, description="space between neighbouring items of one size (0: shared cut lines)")
    packed_gutter: Spacing = Field(3.0, description="space between items of mixed sizes")
    cut_marks: CutMarks = Field(default_factory=CutMarks)
    duplex: Duplex = Field(default_factory=Duplex)
    tile_overlap: Size = Field(10.0, description="overlap strip between the tiles of a large board (8mm or more)")
    label_band: Spacing = Field(7.0, description="strip at the top of a tile page for its label")
    fold: bool = Field(False, description="gutter-fold two-sided items (fronts and mirrored backs on one sheet) instead of duplex pages")


def paper_names() -> list[str]:
    return sorted(p.stem for p in layouts_dir().glob("*.yaml"))


def load_paper(name: str) -> PaperSpec:
    path = layouts_dir() / f"{name}.yaml"
    # a name, never a path: only the files of the layouts folder are papers
    if name not in paper_names():
        near = difflib.get_close_matches(name, paper_names(), n=1, cutoff=0.5)
        raise PnpError(
            f"unknown paper '{name}'",
            expected="one of: " + ", ".join(paper_names()),
            found=name,
            hint=f"did you mean '{near[0]}'?" if near else None,
        )
    spec = validate(PaperSpec, read_yaml(path), file=display_path(path))
    if spec.tile_overlap < 8.0:
        raise PnpError("tile overlap too small", file=display_path(path), key="tile_overlap", expected="8mm or more", found=f"{spec.tile_overlap:g}mm")
    return spec
