"""The manifest: the placement plan as JSON, for cutters, the checker and the tests."""

from __future__ import annotations

import json

from pnp.draw.digest import Digests
from pnp.layout.compose import placement_transform
from pnp.layout.impose import Plan


def _r(v: float) -> float:
    return round(v, 3) + 0.0


def _rt(v: float, known: dict = {}) -> str:  # noqa: B006 - a deliberate memo, by value
    """_r(v) as json.dumps writes it, worked out once per value (a deck's cards sit at the same
    few places on every sheet)."""
    text = known.get(v)
    if text is None:
        text = repr(_r(v))
        if len(known) >= 65536:
            known.clear()
        known[v] = text
    return text


def pieces(p, face_of) -> list[dict] | None:
    """The pieces a placed front is cut into (a packed set): id and outline in page mm."""
    if face_of is None or p.side != "front" or p.tile:
        return None
    face = face_of(p.ref)
    if not face.pieces:
        return None
    a, b, c, d, e, f = placement_transform(p, face.w, face.h)
    out = []
    for ident, path in face.pieces:
        pts = [(op[1], op[2]) for op in path.ops if op[0] in "ML"]
        out.append(
            {
                "id": ident,
                "outline_mm": [[_r(a * x + c * y + e), _r(b * x + d * y + f)] for x, y in pts],
            }
        )
    return out


def _item(p, face_of) -> dict:
    it = {
        "component": p.ref.family,
        "id": p.ref.id,
        "side": p.side,
        "x_mm": _r(p.x),
        "y_mm": _r(p.y),
        "w_mm": _r(p.w),
        "h_mm": _r(p.h),
        "rotation": p.rotation,
        "stock": p.ref.stock,
        "shape": p.ref.shape,
    }
    if p.tile:
        it["tile"] = p.tile
        it["region_mm"] = [_r(v) for v in p.region]
        it["board_mm"] = [_r(p.ref.w), _r(p.ref.h)]
    cut_into = pieces(p, face_of)
    if cut_into:
        it["pieces"] = cut_into
    return it


_string = json.encoder.encode_basestring_ascii  # how json.dumps writes a str


def _item_json(p, face_of, digest: str | None = None) -> str:
    """The item as one line of JSON; with `digest`, its face drawing's (pnp.since) last. A plain
    item (a deck's every card) is written directly, as json.dumps would: in a third of the time."""
    cut_into = pieces(p, face_of)
    if p.tile or cut_into or type(p.rotation) is not int:
        it = _item(p, face_of)
        if digest is not None:
            it["digest"] = digest
        return json.dumps(it)
    ref = p.ref
    tail = "}" if digest is None else f', "digest": {_string(digest)}}}'
    return (
        f'{{"component": {_string(ref.family)}, "id": {_string(ref.id)}, "side": {_string(p.side)}, '
        f'"x_mm": {_rt(p.x)}, "y_mm": {_rt(p.y)}, "w_mm": {_rt(p.w)}, "h_mm": {_rt(p.h)}, '
        f'"rotation": {p.rotation!r}, "stock": {_string(ref.stock)}, "shape": {_string(ref.shape)}'
        + tail
    )


def _page_entry(page) -> dict:
    """A page's entry without its items."""
    entry = {"number": page.number, "kind": page.kind, "size_mm": [_r(page.w), _r(page.h)]}
    if page.bookmark:
        entry["bookmark"] = page.bookmark
    if page.fold is not None:
        entry["fold"] = {
            "line": page.fold.axis,
            ("x_mm" if page.fold.axis == "vertical" else "y_mm"): _r(page.fold.at),
        }
    return entry


def manifest(
    plan: Plan, *, game: str, variant: str | None, paper: str, engine: str, face_of=None
) -> dict:
    """The plan as JSON values; with `face_of` (ItemRef -> Face), each packed set lists its pieces."""
    pages = []
    for page in plan.pages:
        entry = _page_entry(page)
        entry["items"] = [_item(p, face_of) for p in page.items]
        pages.append(entry)
    return {
        "game": game,
        "variant": variant,
        "paper": paper,
        "engine": engine,
        "page_size_mm": [_r(plan.paper.size.w), _r(plan.paper.size.h)],
        "printable_margin_mm": _r(plan.paper.margin),
        "duplex_flip": plan.paper.duplex.flip,
        "families": [
            {
                "component": f.family,
                "title": f.title,
                "count": f.count,
                "stock": f.stock,
                "two_sided": f.two_sided,
                "tiled": f.tiled,
                "folded": f.folded,
                "pages": f.pages,
            }
            for f in plan.families
        ],
        "pages": pages,
    }


class ManifestWriter:
    """Writes the manifest a page at a time, as the pages are drawn (their faces at hand).

    The same JSON values as `manifest`, one page item to a line: a plan of 50,000 cards never
    holds all its pages as JSON values at once.
    """

    def __init__(
        self,
        fh,
        plan: Plan,
        *,
        game: str,
        variant: str | None,
        paper: str,
        engine: str,
        digests: Digests | None = None,
    ):
        self.fh = fh
        self.digests = digests  # given, each item records its face drawing's digest (for --since)
        head = manifest(
            Plan(plan.paper, [], plan.families, plan.calibration),
            game=game,
            variant=variant,
            paper=paper,
            engine=engine,
        )
        text = json.dumps(head, indent=1)
        tail = '"pages": []\n}'
        assert text.endswith(tail)
        fh.write(text[: -len(tail)] + '"pages": [')
        self.first = True

    def page(self, page, face_of=None) -> None:
        entry = _page_entry(page)
        head = json.dumps(entry)[:-1]  # the C encoder: no indent
        lines = ",\n".join(
            "   " + _item_json(p, face_of, self._digest(p, face_of)) for p in page.items
        )
        items_text = f"\n{lines}\n  ]}}" if page.items else "]}"
        self.fh.write(("\n" if self.first else ",\n") + f'  {head}, "items": [' + items_text)
        self.first = False

    def _digest(self, p, face_of) -> str | None:
        if self.digests is None or face_of is None:
            return None
        return self.digests.side(face_of(p.ref), p.side)

    def close(self) -> None:
        self.fh.write(("\n" if not self.first else "") + " ]\n}\n")
