"""The one order of work of every export (`pnp export --tts, --cut, --cards, --press, --cricut`).

1. choose: the families and their faces (the pipeline's `prepare`), every option and limit
   checked (resolution, bleed, sizes, the pixel budget): each refusal comes before the first
   image is drawn;
2. draw: each image (or cut path) at the export's resolution, written into the export's
   folder as staged beside the output (pnp/outputset.py);
3. write: the files that say what the images are and how to use them (a CSV, README.txt,
   ORDER.txt, the TTS Saved Object); then the staged folder joins the output set whole;
4. report: the drawing's warnings (what drew, but not as the spec asked) and what was made,
   its paths where the user finds them.

Each export module keeps its own steps (pnp/export/tts.py, cut.py, shop.py, press.py,
cricut.py) and gives them to `run_export` as an `Export`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from pnp.outputset import carry_sub, output_set

if TYPE_CHECKING:
    from pnp.pipeline import Prepared


class Chosen(Protocol):
    """What `choose` hands on: at least the prepared game, whose warnings are reported."""

    prep: Prepared


J = TypeVar("J", bound=Chosen)  # the export's own record of what it chose
D = TypeVar("D")  # what it drew
R = TypeVar("R")  # what it returns


@dataclass(frozen=True)
class Export(Generic[J, D, R]):
    """One export's steps, in the order `run_export` takes them."""

    folder: str  # OUT/GAME/folder
    choose: Callable[[], J]
    draw: Callable[[J, Path], D]  # (chosen, the staged folder) -> what was drawn
    write: Callable[[J, D, Path], None] | None  # the files beside the images, if any
    report: Callable[[J, D, Path], R]  # (chosen, drawn, OUT/GAME/folder) -> the result
    # the names of the current folder this run replaces (the others are kept); None: all
    replaces: Callable[[J, str], bool] | None = None


def run_export(game, out_dir: Path, export: Export[J, D, R], warn=None) -> R:
    """choose → draw → write → report, the output switched in only when all is written."""
    chosen = export.choose()
    with output_set(out_dir, game.id) as stage:
        replaces = export.replaces
        root = carry_sub(
            stage,
            out_dir,
            game.id,
            export.folder,
            (lambda name: replaces(chosen, name)) if replaces else (lambda name: True),
        )
        drawn = export.draw(chosen, root)
        if export.write is not None:
            export.write(chosen, drawn, root)
    for w in chosen.prep.warnings() if warn else ():  # what drew, but not as the spec asked
        warn(w)
    return export.report(chosen, drawn, out_dir / game.id / export.folder)
