"""One look at the game for the live page: its faces, print pages, rulebook check and messages.

Everything the page shows is plain JSON (`Snapshot.state`); every picture it shows is named by
the content of its drawing (pnp/serve/digest.py) and drawn only when first asked for. A game
that fails to load keeps the last good pictures on show, marked out of date, beside the error.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from pnp import budget
from pnp.draw.primitives import Group, scale
from pnp.errors import PnpError
from pnp.face_images import face_pixels
from pnp.kinds.base import DrawContext
from pnp.pipeline import Prepared
from pnp.serve.digest import Namer

FACE_PX_PER_MM = 4.0  # about 100 dpi: sharp at the page's size, quick to draw
FACE_MAX_PX = 1600  # boards are shown whole, not at full resolution
PAGE_PX_PER_MM = 2.5  # print pages as thumbnails (an A4 page is 525 x 743 px)
MAX_ATTR_CHARS = 200


@dataclass(frozen=True)
class Options:
    """How the game is loaded and imposed: the command line's choices."""

    ref: str
    paper: str = "a4"
    variant: str | None = None
    players: int | None = None
    allow_outside: bool = False
    max_items: int = 100_000
    max_tiles: int = 100
    margin: float | None = None  # --margin: the printer's unprinted edge, for the paper's


@dataclass(frozen=True)
class Drawable:
    """A picture the page may ask for: a drawing in mm and the pixels to draw it at."""

    ctx: DrawContext
    drawing: object
    w_mm: float
    h_mm: float
    w_px: int
    h_px: int
    background: str | None = None

    def placed(self) -> Group:
        """The drawing stretched onto its pixel grid."""
        d = self.drawing if not isinstance(self.drawing, list) else Group(tuple(self.drawing))
        return Group((d,), scale(self.w_px / self.w_mm, self.h_px / self.h_mm))


@dataclass
class Snapshot:
    state: dict
    drawables: dict[str, Drawable] = field(default_factory=dict)
    folders: frozenset = frozenset()  # the folders whose files this look read


@dataclass
class Drawn:
    """What the faces were drawn from, kept for the second step (print pages and check)."""

    prep: Prepared
    namer: Namer
    t0: float


def take(opts: Options, previous: Snapshot | None, version: int) -> tuple[Snapshot, Drawn | None]:
    """Load the game and name its faces' pictures: the page can show them at once.

    The print pages, the rulebook check and the warnings are those of the last look until
    `finish` replaces them ("pending"). On a load error the last good pictures stay on show
    beside the error, and there is nothing to finish.
    """
    from pnp.pipeline import Load, load, prepare

    t0 = time.perf_counter()
    try:
        game = load(opts.ref, Load(opts.variant, opts.players, opts.allow_outside, opts.max_items))
        # one picture per face side, counted from the items before any is drawn
        budget.check(
            "preview",
            sum(len(f.items) for f in game.families),
            file=game.file,
            key="components",
            hint="pnp serve draws every face",
        )
        # the print pages and the check come in `finish`, from this same pipeline run
        prep = prepare(game, legibility=False)
        ctx, faces = prep.ctx, prep.faces
    except Exception as exc:  # noqa: BLE001 - the server keeps running through any bad save
        return stale(previous, [error_entry(exc)], version, time.perf_counter() - t0), None
    drawables: dict[str, Drawable] = {}
    namer = Namer(ctx.symbols, ctx.fonts.files)
    families = [_family(game.family(name), fl, ctx, namer, drawables) for name, fl in faces.items()]
    last = previous.state if previous is not None else {}
    for page in last.get("pages", []):  # the last look's print pages stay drawable until replaced
        if page["name"] in previous.drawables:
            drawables.setdefault(page["name"], previous.drawables[page["name"]])
    state = {
        "version": version,
        "game": {
            "id": game.id,
            "title": game.spec.title,
            "variant": game.variant,
            "paper": opts.paper,
        },
        "stale": False,
        "pending": True,
        "errors": [],
        "warnings": last.get("warnings", []),
        "families": families,
        "pages": last.get("pages", []),
        "check": last.get("check"),
        "seconds": round(time.perf_counter() - t0, 3),
    }
    folders = frozenset({game.folder, *(f.folder for f in game.families)})
    return Snapshot(state, drawables, folders), Drawn(prep, namer, t0)


def finish(drawn: Drawn, first: Snapshot, opts: Options, version: int) -> Snapshot:
    """The print pages, the rulebook check and the warnings for the faces `take` drew."""
    from pnp.pipeline import check_rules, impose_on, read_legibility
    from pnp.write import duplex_paper

    prep = drawn.prep
    ctx, faces = prep.ctx, prep.faces
    old_pages = {p["name"] for p in first.state["pages"]}
    drawables = {n: d for n, d in first.drawables.items() if n not in old_pages}
    errors: list[dict] = []
    warnings: list[dict] = []
    pages: list[dict] = []
    check: list[dict] | None = None
    try:
        read_legibility(prep)
        warnings = [_located(w) for w in prep.warnings()]
        paper = duplex_paper(opts.paper, game_folder=prep.game.folder, margin=opts.margin)
        impose_on(prep, [paper], opts.max_tiles)
        pages = _pages(prep.plans[0], ctx, faces, drawn.namer, drawables)
        results = check_rules(prep)  # pnp check's results, read from the faces just drawn
        check = None if results is None else [r.as_dict() for r in results]
    except Exception as exc:  # noqa: BLE001 - the faces stay on show beside the error
        errors.append(error_entry(exc))
    state = {
        **first.state,
        "version": version,
        "pending": False,
        "errors": errors,
        "warnings": warnings,
        "pages": pages,
        "check": check,
        "seconds": round(time.perf_counter() - drawn.t0, 3),
    }
    return Snapshot(state, drawables, first.folders)


def replaced_pictures(before: Snapshot | None, after: Snapshot) -> list[str]:
    """Pictures of faces that were on show before under another name: what an edit changed."""
    if before is None:
        return []
    shown = {}
    for fam in before.state["families"]:
        for f in fam["faces"]:
            for side in ("front", "back"):
                if f[side]:
                    shown[(fam["name"], f["id"], side)] = f[side]["name"]
    out = []
    for fam in after.state["families"]:
        for f in fam["faces"]:
            for side in ("front", "back"):
                old = shown.get((fam["name"], f["id"], side))
                if (
                    f[side]
                    and old is not None
                    and old != f[side]["name"]
                    and f[side]["name"] not in out
                ):
                    out.append(f[side]["name"])
    return out


def stale(previous: Snapshot | None, errors: list[dict], version: int, seconds: float) -> Snapshot:
    if previous is None:
        state = {
            "version": version,
            "game": None,
            "families": [],
            "pages": [],
            "check": None,
            "warnings": [],
            "pending": False,
        }
        return Snapshot({**state, "stale": False, "errors": errors, "seconds": round(seconds, 3)})
    state = {
        **previous.state,
        "version": version,
        "stale": True,
        "pending": False,
        "errors": errors,
        "seconds": round(seconds, 3),
    }
    return Snapshot(state, previous.drawables, previous.folders)


def _picture(drawable: Drawable, namer: Namer, drawables: dict[str, Drawable]) -> dict:
    name = namer.name(drawable.drawing, drawable.w_px, drawable.h_px)
    drawables.setdefault(name, drawable)
    return {"name": name, "w": drawable.w_px, "h": drawable.h_px}


def _family(fam, fl, ctx: DrawContext, namer: Namer, drawables: dict[str, Drawable]) -> dict:
    attrs = {}
    for item in fam.items:
        attrs.setdefault(item.id, item.attrs)
    out = []
    for face in fl:
        w_px, h_px = face_pixels(face, FACE_PX_PER_MM, FACE_MAX_PX)

        def side(drawing, face=face, w_px=w_px, h_px=h_px):
            if drawing is None:
                return None
            return _picture(Drawable(ctx, drawing, face.w, face.h, w_px, h_px), namer, drawables)

        out.append(
            {
                "id": face.id,
                "w_mm": round(face.w, 2),
                "h_mm": round(face.h, 2),
                "attrs": _attrs(attrs.get(face.id, {})),
                "front": side(face.front),
                "back": side(face.back),
            }
        )
    backs = {f["back"]["name"] if f["back"] else None for f in out}
    shared = out[0]["back"] if len(out) > 1 and len(backs) == 1 and None not in backs else None
    return {
        "name": fam.name,
        "title": fam.title,
        "kind": fam.spec.kind,
        "file": fam.file,
        "faces": out,
        "shared_back": shared,
    }


def _attrs(attrs: dict) -> dict[str, str]:
    """Item attributes as short text, for the hover label."""
    out = {}
    for k, v in attrs.items():
        text = str(v)
        out[str(k)] = text if len(text) <= MAX_ATTR_CHARS else text[: MAX_ATTR_CHARS - 3] + "..."
    return out


def _pages(
    plan, ctx: DrawContext, faces: dict, namer: Namer, drawables: dict[str, Drawable]
) -> list[dict]:
    from pnp.layout.compose import compose

    def face_of(ref):
        return faces[ref.family][ref.index]

    out = []
    for page in plan.pages:
        prims = compose(page, face_of)
        w_px, h_px = max(1, round(page.w * PAGE_PX_PER_MM)), max(1, round(page.h * PAGE_PX_PER_MM))
        pic = _picture(
            Drawable(ctx, prims, page.w, page.h, w_px, h_px, "#ffffff"), namer, drawables
        )
        out.append(
            {
                "number": page.number,
                "kind": page.kind,
                "label": page.bookmark or page.family or page.kind,
                **pic,
            }
        )
    return out


_WHERE = re.compile(r"^(?P<file>[^\n:]+):(?P<line>\d+): (?P<message>.*)$", re.S)


def _located(text: str) -> dict:
    m = _WHERE.match(text)
    if not m:
        return {"text": text, "file": None, "line": None, "message": text}
    return {"text": text, "file": m["file"], "line": int(m["line"]), "message": m["message"]}


def error_entry(exc: BaseException) -> dict:
    if isinstance(exc, PnpError):
        return {
            "text": str(exc),
            "file": exc.file,
            "line": exc.line,
            "key": exc.key,
            "message": exc.message,
            "expected": exc.expected,
            "found": exc.found,
            "hint": exc.hint,
        }
    if isinstance(exc, MemoryError):
        return {
            "text": "out of memory: the game asks for more than this machine can hold",
            "message": "out of memory",
        }
    # a bug in pnp: said plainly, without a traceback; the server goes on
    text = f"internal error: {type(exc).__name__}: {exc}"
    return {"text": text, "message": text}
