"""Cut files for print-and-cut machines: one SVG per sheet page, each item cut on its outline.

Coordinates are the printed page's, in millimetres (viewBox = page size in mm, width/height in
mm), so the file lines up with the PDF page when both are placed at the page's top-left.
Each file has three Inkscape layers (groups that Inkscape, Silhouette Studio, Cricut Design
Space and LightBurn show as layers):

- `registration`: the marks a cutter's optical sensor reads (pnp/layout/registration.py),
  placed clear of every item; `pnp build --registration` prints the same marks on the sheet;
- `cut`: one path per item along its real outline, as the kind draws it: rounded corners,
  circles, hexes, the outline of a die net or a standee; a packed set of pieces is cut into
  its pieces, every edge between and around them once; red hairline;
- `score`: fold lines of die nets and standees, dashed blue, to score (or cut at low
  pressure), never to cut through.

Back pages are not cut (the cut follows the fronts); board tiles are trimmed by hand along
their printed marks, so tile pages get no cut file. Element ids are legal XML ids, unique in
the file, made from family and item id; `inkscape:label` keeps the id as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

from pnp.draw.primitives import Ellipse, Rect, outline_ops
from pnp.draw.primitives import Path as PathPrim
from pnp.export.skeleton import Export, run_export
from pnp.layout.compose import placement_transform
from pnp.layout.registration import (
    CLEAR,
    item_boxes,
    printed_registration,
    registration_clear,
    registration_marks,
)

CUT_COLOUR = "#ff0000"
SCORE_COLOUR = "#0000ff"
LINE_WIDTH = 0.1  # mm
SCORE_DASH = "1 1"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
FOLDER = "cut"


def svg_num(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def cut_pages(pages) -> list:
    """The sheet pages that hold fronts: each gets a cut file."""
    return [p for p in pages if p.kind == "sheet" and any(i.side == "front" for i in p.items)]


def outline_of(face, shape=None) -> tuple:
    """The face's cut outline as path ops in its own mm: its `cut`, else its w × h rectangle."""
    cut = face.cut if shape is None else shape
    if cut is None:
        return (
            ("M", 0.0, 0.0),
            ("L", face.w, 0.0),
            ("L", face.w, face.h),
            ("L", 0.0, face.h),
            ("Z",),
        )
    if isinstance(cut, (Rect, Ellipse)):
        return outline_ops(cut)
    if isinstance(cut, PathPrim):
        return cut.ops
    raise TypeError(f"not an outline: {type(cut).__name__}")


def moved(ops: tuple, m) -> tuple:
    """Path ops through the affine matrix m = (a, b, c, d, e, f)."""
    a, b, c, d, e, f = m
    out = []
    for op in ops:
        pts = op[1:]
        out.append(
            (
                op[0],
                *(
                    v
                    for i in range(0, len(pts), 2)
                    for v in (a * pts[i] + c * pts[i + 1] + e, b * pts[i] + d * pts[i + 1] + f)
                ),
            )
        )
    return tuple(out)


def path_data(ops: tuple) -> str:
    parts = []
    for op in ops:
        if op[0] == "Z":
            parts.append("Z")
        else:
            parts.append(op[0] + " ".join(svg_num(v) for v in op[1:]))
    return " ".join(parts)


class Ids:
    """Legal, unique XML ids (a letter first, then letters, digits, '-', '_', '.')."""

    def __init__(self):
        self.taken: set[str] = set()

    def __call__(self, text: str) -> str:
        base = re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "item"
        if not re.match(r"[A-Za-z_]", base):
            base = "_" + base
        ident, n = base, 2
        while ident in self.taken:
            ident, n = f"{base}-{n}", n + 1
        self.taken.add(ident)
        return ident


def registration(page, paper) -> list:
    """The page's registration marks, as primitives in page mm, where Silhouette Studio puts
    its own: with marks printed (`registration`), exactly those the sheet prints (none on a
    sheet cut by hand); without, all three, for cutter software that adds its own."""
    if paper.registration:
        return printed_registration(page)
    return registration_marks(page.w, page.h)


def _mark_svg(m) -> str:
    if isinstance(m, Rect):
        return f'<rect x="{svg_num(m.x)}" y="{svg_num(m.y)}" width="{svg_num(m.w)}" height="{svg_num(m.h)}" fill="#000000"/>'
    return f'<path d="{path_data(m.ops)}" fill="none" stroke="#000000" stroke-width="{svg_num(m.style.stroke_width)}"/>'


def layer(name: str, body: list[str], attrs: str = "") -> list[str]:
    return [
        f'<g id="{name}" inkscape:groupmode="layer" inkscape:label="{name}"{attrs}>',
        *body,
        "</g>",
    ]


def cut_svg(page, face_of: Callable, paper, title: str) -> str:
    """One sheet page's cut file."""
    ids = Ids()
    cuts: list[str] = []
    scores: list[str] = []
    for p in page.items:
        if p.side != "front" or p.region is not None:  # a board's tile: trimmed by hand
            continue
        face = face_of(p.ref)
        m = placement_transform(p, face.w, face.h)
        name = f"{p.ref.family}/{p.ref.id}"
        label = quoteattr(name)
        cuts.append(
            f'<path id="{ids("cut-" + name)}" inkscape:label={label} d="{path_data(moved(outline_of(face), m))}"/>'
        )
        if face.score is not None:
            scores.append(
                f'<path id="{ids("score-" + name)}" inkscape:label={label} d="{path_data(moved(face.score.ops, m))}"/>'
            )
    w, h = page.w, page.h
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="{INKSCAPE}" version="1.1" '
        f'width="{svg_num(w)}mm" height="{svg_num(h)}mm" viewBox="0 0 {svg_num(w)} {svg_num(h)}">',
        f"<title>{_escape(title)} page {page.number}: cut paths</title>",
        *layer("registration", [_mark_svg(m) for m in registration(page, paper)]),
        *layer(
            "cut", cuts, f' fill="none" stroke="{CUT_COLOUR}" stroke-width="{svg_num(LINE_WIDTH)}"'
        ),
        *layer(
            "score",
            scores,
            f' fill="none" stroke="{SCORE_COLOUR}" stroke-width="{svg_num(LINE_WIDTH)}" stroke-dasharray="{SCORE_DASH}"',
        ),
        "</svg>",
    ]
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_cut_files(
    pages: Sequence, face_of: Callable, paper, folder: Path, stem: str, title: str, warn=None
) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    crowded = []
    for page in cut_pages(pages):
        if paper.registration:
            if not printed_registration(page):  # the sheet prints none: cut by hand
                crowded.append(page.number)
        elif not registration_clear(
            registration(page, paper), item_boxes([p for p in page.items if p.side == "front"])
        ):
            crowded.append(page.number)
        path = folder / f"{stem}-cut-p{page.number:03d}.svg"
        path.write_text(cut_svg(page, face_of, paper, title), encoding="utf-8")
        out.append(path)
        if hasattr(face_of, "page_done"):
            face_of.page_done()
    if crowded and warn is not None:
        # a mark on an item would be cut into it, or read by the sensor in the wrong place
        pages_text = f"page{'s' if len(crowded) > 1 else ''} {', '.join(map(str, crowded))}"
        if paper.registration:
            # the band is kept on every sheet whose items fit beside it: these hold larger ones
            advice = (
                "an item or a label there is too near where the marks go (their cut files have "
                "none either), so those sheets print no marks: cut them by hand"
            )
        else:
            advice = "build and export with --registration to keep room for them"
        warn(
            f"{stem}: the registration marks of {pages_text} come within {CLEAR:g} mm of items "
            f"(the sheet is full to its corners); {advice}"
        )
    return out


@dataclass
class CutJob:
    """What the cut export chose: the game laid out on the paper its PDF was built for."""

    prep: object  # pnp.pipeline.Prepared
    paper: object  # its PaperSpec
    pages: list  # its plan's pages
    stem: str  # the PDF's name, so the two pair up
    title: str


def export_cut(
    game, out_dir: Path, *, paper: str = "a4", registration: bool = False,
    max_tiles: int | None = None, warn=None, margin: float | None = None,
) -> list[Path]:  # fmt: skip
    """OUT/GAME/cut/STEM-cut-pNNN.svg for each sheet page with fronts; the files' paths."""
    return run_export(
        game,
        out_dir,
        Export(
            FOLDER,
            choose=lambda: choose_pages(game, paper, registration, max_tiles, margin),
            draw=lambda job, root: write_cut_files(
                job.pages, job.prep.faces, job.paper, root, job.stem, job.title, warn
            ),
            write=None,  # the SVGs are the whole export
            report=lambda job, files, dest: [dest / f.name for f in files],
            replaces=lambda job, name: name.startswith(f"{job.stem}-cut-p"),
        ),
        warn,
    )


def choose_pages(
    game, paper: str, registration: bool, max_tiles: int | None, margin: float | None = None
) -> CutJob:
    """The same pipeline as the build's: what cannot be tiled is refused here too."""
    from pnp.pipeline import prepare
    from pnp.write import duplex_paper, output_stem

    spec = duplex_paper(paper, game_folder=game.folder, registration=registration, margin=margin)
    prep = prepare(game, [spec], legibility=False, max_tiles=max_tiles)
    spec = prep.papers[0]
    title = f"{game.spec.title} {spec.title}"
    return CutJob(prep, spec, prep.plans[0].pages, output_stem(game, spec), title)
