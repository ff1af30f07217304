"""Schema of a paper-size file in layouts/: page, printable margin, cutting and duplex."""

from __future__ import annotations

import difflib
import logging
import re
from pathlib import Path
from typing import Literal

from pydantic import Field, PrivateAttr

from pnp.errors import PnpError
from pnp.guard import contained
from pnp.paths import layouts_dir
from pnp.spec.types import Box, Colour, Length, Size, Spacing, Strict
from pnp.spec.validate import validate
from pnp.spec.yamlfile import display_path, read_yaml

ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class CutMarks(Strict):
    style: Literal["lines", "none"] = Field(
        "lines", description="lines in the margins and gutters, or none"
    )
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
    offset: Offset = Field(
        default_factory=Offset,
        description="shift of the back pages, to fix a printer's misalignment",
    )


class PaperSpec(Strict):
    """layouts/<paper>.yaml"""

    _file: Path | None = PrivateAttr(default=None)  # the YAML it was read from, for messages

    id: str = Field(
        ..., pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=64
    )  # ends the output file names
    title: str
    size: Box = Field(..., description="page size, portrait")
    margin: Spacing = Field(
        ...,
        description="edge a home printer cannot print; no ink is placed there, cut marks and "
        "bleed included (5mm in a4.yaml and letter.yaml: a laser printer leaves 4.2 mm, an inkjet "
        "about 3 mm); pnp build --margin MM replaces it for one build",
    )
    gutter: Spacing = Field(
        0.0, description="space between neighbouring items of one size (0: shared cut lines)"
    )
    packed_gutter: Spacing = Field(
        3.5,
        description="space between items of mixed sizes (3.5mm holds a 3 mm cut mark between two)",
    )
    cut_marks: CutMarks = Field(default_factory=CutMarks)
    duplex: Duplex = Field(default_factory=Duplex)
    tile_overlap: Size = Field(
        10.0, description="overlap strip between the tiles of a large board (8mm or more)"
    )
    label_band: Spacing = Field(7.0, description="strip at the top of a tile page for its label")
    registration: bool = Field(
        False,
        description="print registration marks for print-and-cut machines on every sheet of items "
        "(a band at the top and bottom is kept free for them); pnp export --cut writes the same marks",
    )
    fold: bool = Field(
        False,
        description="gutter-fold two-sided items (fronts and mirrored backs on one sheet) instead of duplex pages",
    )


def paper_names(game_folder: Path | None = None) -> list[str]:
    """Every paper id on offer: the game folder's layouts/, the current folder's, the built-in ones."""
    return sorted({p.stem for d in paper_dirs(game_folder) if d.is_dir() for p in d.glob("*.yaml")})


def paper_dirs(game_folder: Path | None = None) -> list[Path]:
    """Where a paper id is looked for, first match wins: a game's own papers, then the user's
    (layouts/ in the current folder), then the built-in ones."""
    dirs = [game_folder / "layouts"] if game_folder is not None else []
    return dirs + [Path.cwd() / "layouts", layouts_dir()]


def paper_file(name: str, game_folder: Path | None = None) -> Path:
    """The YAML file of a paper id, or of a path to a paper YAML (given on the command line)."""
    if name.endswith((".yaml", ".yml")):
        path = Path(name)
        if not path.is_file():
            raise PnpError(
                "paper file not found", expected="a paper id or a paper YAML file", found=name
            )
        return path
    if ID.match(name):
        for d in paper_dirs(game_folder):
            path = d / f"{name}.yaml"
            if path.is_file():
                if (
                    game_folder is not None
                    and d == game_folder / "layouts"
                    and not contained(path, game_folder)
                ):
                    raise PnpError(
                        "paper file leaves the game folder", found=f"{path} -> {path.resolve()}"
                    )
                return path
    names = paper_names(game_folder)
    near = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
    raise PnpError(
        f"unknown paper '{name}'",
        expected="one of: " + ", ".join(names) + " (a file in layouts/), or a path to a paper YAML",
        found=name,
        hint=f"did you mean '{near[0]}'?" if near else None,
    )


_said_replaced: set[str] = set()  # paper files already said to replace a built-in one


def load_paper(name: str, game_folder: Path | None = None) -> PaperSpec:
    path = paper_file(name, game_folder)
    builtin = layouts_dir() / f"{name}.yaml"
    if (
        builtin.is_file()
        and path.resolve() != builtin.resolve()
        and str(path) not in _said_replaced
        # a copy of pnp's own replaces nothing (sizes first: a sparse file is gigabytes to read)
        and (
            path.stat().st_size != builtin.stat().st_size
            or path.read_bytes() != builtin.read_bytes()
        )
    ):
        # a game's (or the working folder's) layouts/a4.yaml is used instead of pnp's: said once
        _said_replaced.add(str(path))
        logging.getLogger("pnp").warning(
            "%s: replaces pnp's built-in '%s' paper (its size, margins and duplex settings are this file's)",
            display_path(path), name,
        )  # fmt: skip
    spec = validate(PaperSpec, read_yaml(path), file=display_path(path))
    if spec.tile_overlap < 8.0:
        raise PnpError(
            "tile overlap too small",
            file=display_path(path),
            key="tile_overlap",
            expected="8mm or more",
            found=f"{spec.tile_overlap:g}mm",
        )
    spec._file = path
    return spec


def source_of(paper: PaperSpec) -> Path:
    """The file a paper was read from (a game's own layouts/ file, or one given by path)."""
    return paper._file or layouts_dir() / f"{paper.id}.yaml"
