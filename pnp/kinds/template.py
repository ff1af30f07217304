"""Draw a face template (a list of elements) for one item, in the face's millimetres.

Each element kind maps its resolved arguments (pnp/kinds/args.py: box, paint, text style,
'{attr}' filled) to primitives; what an element draws alike for many items is drawn once.
"""

from __future__ import annotations

import functools

from pnp.draw.fonts import font_variant
from pnp.draw.ident import stable_hash
from pnp.draw.pathdata import parse_path
from pnp.draw.primitives import Ellipse, Group, Image, Path, Rect, polygon, rotate
from pnp.draw.richtext import has_markup
from pnp.draw.richtext import parse as parse_rich
from pnp.draw.svgart import ArtError, read_art, tint
from pnp.draw.symbols import ArtNotFound, ArtOutside, use_art
from pnp.draw.text import layout_rich, layout_text
from pnp.errors import PnpError
from pnp.guard import require_size, resolve_inside
from pnp.kinds import args
from pnp.kinds.args import FamilyArgs
from pnp.kinds.base import DrawContext
from pnp.kinds.bleed import grow_box, grow_points, mirrored_bleed, touching
from pnp.spec.elements import Element
from pnp.spec.model import Family, matches

# Where each pip of a 1..10 playing card sits, as fractions of the pip area.
PIP_LAYOUTS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [
        (0, 0),
        (1, 0),
        (0.5, 1 / 6),
        (0, 1 / 3),
        (1, 1 / 3),
        (0, 2 / 3),
        (1, 2 / 3),
        (0.5, 5 / 6),
        (0, 1),
        (1, 1),
    ],
}
# Where an unknown art name's message sends the user: scripts/art_page.py writes the page.
ART_PAGE = "docs/art.md shows every built-in art name with its picture"
PIP_NAMES = {"A": 1, "a": 1, "ace": 1, "Ace": 1}


def uses_attributes(elements: list[Element] | None) -> bool:
    """True when a template draws differently per item (so it cannot be shared)."""
    if not elements:
        return False
    return any(el.when or el.unless or el.attribute_names != () for el in elements)


def named_attributes(elements: list[Element] | None) -> set[str]:
    """Every item attribute the elements' values name ('{rank}')."""
    return {name for el in elements or () for name in el.attribute_names or ()}


# Drawings kept per element: an element drawn alike for many items (a suit's colour, a rank)
# is drawn once per value. When more values come, the oldest drawing goes: items sharing a
# value are mostly neighbours (for_each makes them so), and a text different on every item
# costs no memory.
KEPT_PER_ELEMENT = 64


class TemplateRenderer:
    def __init__(self, family: Family, ctx: DrawContext):
        self.family = family
        self.ctx = ctx
        self.folders = ctx.art_folders(family)
        self.args = FamilyArgs(family, ctx)
        self.colour, self.text_of, self.fail, self.warn = (
            self.args.colour,
            self.args.text,
            self.args.fail,
            self.args.warn,
        )
        # (side, w, h, bleed) -> element id -> its drawings by the values of the attributes it names
        self._drawn: dict[tuple, dict[int, dict[tuple, list]]] = {}
        self.bleed = 0.0  # of the face being drawn: what touches its edge reaches this far past it
        # element index -> the face edges it touches but is not carried past (kinds/bleed.py)
        self.stopped: dict[int, set[str]] = {}

    def render(
        self,
        elements: list[Element],
        w: float,
        h: float,
        attrs: dict,
        side: str = "front",
        bleed: float = 0.0,
    ) -> list:
        """The elements drawn for one item; with `bleed`, art touching an edge reaches past it (pnp/kinds/bleed.py)."""
        self.bleed = bleed
        out: list = []
        # An element draws the same for every item with the same values of the attributes it
        # names (none: every item): drawn once for each, in this frame (side, size, bleed).
        frame = self._drawn.get((side, w, h, bleed))
        if frame is None:
            frame = self._drawn[(side, w, h, bleed)] = {}
        for n, el in enumerate(elements):
            if (el.when is not None or el.unless is not None) and (
                (el.when and not matches(el.when, attrs))
                or (el.unless and matches(el.unless, attrs))
            ):
                continue
            if bleed > 0:
                edges = stops_at_edge(el, w, h)
                if edges:
                    self.stopped.setdefault(n, set()).update(edges)
            names = el.attribute_names
            try:
                if names is None:  # a value that is no template
                    raise KeyError
                values = tuple([str(attrs[a]) for a in names]) if names else ()
            except KeyError:  # or an attribute the item lacks: drawing it gives the error
                out.extend(getattr(self, "_" + el.kind)(el.body, w, h, attrs, n, side))
                continue
            kept = frame.get(id(el))  # elements live as long as their family: ids stay theirs
            if kept is None:
                kept = frame[id(el)] = {}
            drawn = kept.get(values)
            if drawn is None:
                drawn = getattr(self, "_" + el.kind)(el.body, w, h, attrs, n, side)
                if len(kept) >= KEPT_PER_ELEMENT:
                    del kept[next(iter(kept))]
                kept[values] = drawn
            out.extend(drawn)
        return out

    def _rect(self, e, w, h, attrs, n, side):
        b = args.box(e, w, h)
        style = self.args.paint(e, attrs, n, side)
        if e.rotate:
            r = Rect(b.x, b.y, b.w, b.h, style, e.radius)
            return [Group((r,), rotate(e.rotate, b.x + b.w / 2, b.y + b.h / 2))]
        return [Rect(*grow_box(b.x, b.y, b.w, b.h, w, h, self.bleed), style, e.radius)]

    def _circle(self, e, w, h, attrs, n, side):
        return [
            Ellipse(*args.point(e, w, h), *args.radii(e, w, h), self.args.paint(e, attrs, n, side))
        ]

    def _line(self, e, w, h, attrs, n, side):
        st = self.args.line_paint(e, attrs, n, side)
        return [polygon(args.ends(e, w, h), st, closed=False)]

    def _polygon(self, e, w, h, attrs, n, side):
        pts = grow_points(args.points(e, w, h), w, h, self.bleed)
        return [polygon(pts, self.args.paint(e, attrs, n, side), closed=e.closed)]

    def _path(self, e, w, h, attrs, n, side):
        try:
            ops = parse_path(e.d, e.scale, *args.point(e, w, h))
        except ValueError as exc:
            raise self.fail("bad path data", n, side, expected=str(exc), found=e.d[:40]) from None
        return [Path(ops, self.args.paint(e, attrs, n, side))]

    def _text(self, e, w, h, attrs, n, side):
        text = self.text_of(e.text, attrs, n, side)
        st = self.args.text_style(e, attrs, n, side)
        fonts = self.ctx.fonts
        rich = has_markup(text)
        runs = self._rich_runs(text, st.font, n, side) if rich else [(st.font, text)]
        missing = set().union(*(fonts.metrics(k).missing(t) for k, t in runs))
        if missing:
            raise self.fail(
                "text has characters the font does not have (they would print as empty boxes)",
                n,
                side,
                found=" ".join(sorted(missing)),
                hint="draw symbols with :name: in the text, or a 'symbol' element",
            )
        x, y, bw, bh = args.text_box(e, w, h)
        box = dict(
            x=x,
            y=y,
            w=bw,
            h=bh,
            size=st.size,
            font=st.font,
            colour=st.colour,
            align=st.align,
            valign=st.valign,
            fit=st.fit,
            line_height=st.line_height,
            fonts=fonts,
        )
        if rich:
            # an inline symbol: the art at the text's colour, in a square resting on the baseline
            def icon(name: str, left: float, top: float, s: float):
                return self.symbol(name, st.colour, left + s / 2, top + s / 2, s, 0.0, n, side)

            lines = layout_rich(text, icon=icon, **box)
        else:
            lines = layout_text(text, **box)
        if e.rotate:
            box_h = bh if bh is not None else st.size * st.line_height
            return [Group(tuple(lines), rotate(e.rotate, x + bw / 2, y + box_h / 2))]
        return lines

    def _rich_runs(self, text: str, font: str, n: int, side: str) -> list[tuple[str, str]]:
        """(font key, characters) of each styled piece; a clean error for a missing font file."""
        out = []
        for para in parse_rich(text):
            for word in para:
                for p in word:
                    if p.icon:
                        continue
                    try:
                        out.append((font_variant(self.ctx.fonts, font, p.bold, p.italic), p.text))
                    except KeyError as exc:
                        style = (
                            "bolditalic" if p.bold and p.italic else "bold" if p.bold else "italic"
                        )
                        raise self.fail(
                            f"the text has {style} words, and the font '{font}' has no {style} file",
                            n,
                            side,
                            "font",
                            expected=f"a font '{exc.args[0]}' in game.yaml's fonts:",
                            found=font,
                            hint=f"add  {exc.args[0]}: fonts/YourFont-{style.capitalize()}.ttf  under fonts:",
                        ) from None
        return out

    def symbol(
        self,
        name: str,
        colour: str | None,
        x: float,
        y: float,
        size: float,
        rot: float,
        n: int,
        side: str,
    ):
        if "/" in name or "\\" in name or name.startswith("."):
            raise self.fail(
                "an art name is a file name in art/, not a path",
                n,
                side,
                expected="a name such as suit-hearts",
                found=name,
            )
        try:
            return use_art(
                self.ctx.symbols,
                name,
                colour,
                self.folders,
                x - size / 2,
                y - size / 2,
                size,
                size,
                rot,
                self.ctx.game.allow_outside,
            )
        except ArtOutside as exc:
            raise self.fail(
                "art leaves the game folder",
                n,
                side,
                "symbol",
                expected="an SVG inside the game folder (or run with --allow-outside)",
                found=f"art/{exc.name}.svg -> {exc.target}",
            ) from None
        except ArtNotFound as exc:
            raise self.fail(
                f"unknown art '{exc.name}'",
                n,
                side,
                expected="an SVG in the game's art/ folder or the library",
                found=exc.name,
                hint=(f"did you mean '{exc.near[0]}'? " if exc.near else "") + ART_PAGE,
            ) from None
        except ArtError as exc:
            raise self.fail(f"art '{name}' cannot be used: {exc}", n, side) from None

    def _symbol(self, e, w, h, attrs, n, side):
        name = self.text_of(e.name, attrs, n, side)
        size = args.side(e.size, w, h)
        use = self.symbol(
            name,
            self.colour(e.colour, attrs, n, side),
            *args.point(e, w, h),
            size,
            e.rotate,
            n,
            side,
        )
        self.untinted(use, e, n, "symbol", side)
        return [use]

    def untinted(self, use, e, n: int, what: str, side: str) -> None:
        """A colour the user gave to art that has no currentColor to take it: a warning, not silence."""
        if "colour" in e.model_fields_set and not self.ctx.symbols.tintable(use.symbol):
            self.warn(
                "colour: has no effect: the art has no currentColor to tint (its own colours print); "
                'use fill="currentColor" in the SVG, or drop colour:',
                n,
                side,
                what,
            )

    def _image(self, e, w, h, attrs, n, side):
        rel = self.text_of(e.file, attrs, n, side)
        path = resolve_inside(
            self.family.folder,
            rel,
            file=self.family.file,
            key=f"{side}[{n}].image.file",
            allow_outside=self.ctx.game.allow_outside,
        )
        if not path.is_file():
            raise self.fail(
                "image file not found",
                n,
                side,
                "image.file",
                expected="a PNG, JPEG or SVG file in the game folder",
                found=rel,
            )
        x, y, iw, ih = args.box(e, w, h)
        if path.suffix.lower() == ".svg":
            try:
                children, mx, my, vw, vh = read_art(str(path))
            except ArtError as exc:
                raise self.fail(
                    f"image cannot be used: {exc}", n, side, "image.file", found=rel
                ) from None
            ident = self.ctx.symbols.define(
                f"img:{path.stem}:{stable_hash(path.read_bytes())}:{iw:.3f}x{ih:.3f}",
                (
                    Group(
                        tint(children, "#000000"),
                        (iw / vw, 0, 0, ih / vh, -mx * iw / vw, -my * ih / vh),
                    ),
                ),
                iw,
                ih,
            )
            from pnp.draw.primitives import Use, translate

            art = Use(ident, translate(x, y))
            return mirrored_bleed(art, x, y, iw, ih, w, h, self.bleed)
        check_raster(path, self.family.file, f"{side}[{n}].image.file")
        art = Image(x, y, iw, ih, str(path))
        return mirrored_bleed(art, x, y, iw, ih, w, h, self.bleed)

    def _pips(self, e, w, h, attrs, n, side):
        raw = self.text_of(str(e.count), attrs, n, side)
        count = PIP_NAMES.get(raw, None) or (int(raw) if raw.isdigit() else None)
        if count not in PIP_LAYOUTS:
            raise self.fail("pips need a count from 1 to 10", n, side, found=raw)
        ax, ay, aw, ah = args.box(e, w, h)
        size = args.side(e.size, w, h) * (2.2 if count == 1 else 1.0)
        colour = self.colour(e.colour, attrs, n, side)
        name = self.text_of(e.symbol, attrs, n, side)
        out = []
        for fx, fy in PIP_LAYOUTS[count]:
            rot = 180.0 if fy > 0.5 and count > 1 else 0.0
            out.append(self.symbol(name, colour, ax + fx * aw, ay + fy * ah, size, rot, n, side))
        self.untinted(out[0], e, n, "pips", side)
        return out

    def _grid(self, e, w, h, attrs, n, side):
        (x0, y0), c = args.point(e, w, h), e.cell
        st, bg = self.args.grid_paint(e, attrs, n, side)
        out = []
        if bg:
            out.append(Rect(x0, y0, e.cols * c, e.rows * c, bg))
        ops = []
        for i in range(e.cols + 1):
            ops += [("M", x0 + i * c, y0), ("L", x0 + i * c, y0 + e.rows * c)]
        for j in range(e.rows + 1):
            ops += [("M", x0, y0 + j * c), ("L", x0 + e.cols * c, y0 + j * c)]
        out.append(Path(tuple(ops), st))
        return out


def stops_at_edge(el: Element, w: float, h: float) -> set[str]:
    """The face edges a filled element touches without being carried into the bleed: circles,
    symbols and rotated boxes stay as drawn (kinds/bleed.py grows boxes, polygons and images)."""
    e, kind = el.body, el.kind
    if kind == "circle" and e.fill != "none":
        (cx, cy), (rx, ry) = args.point(e, w, h), args.radii(e, w, h)
        box = (cx - rx, cy - ry, 2 * rx, 2 * ry)
    elif kind == "symbol":
        box = tuple(args.square(e, w, h))
    elif kind == "rect" and e.rotate and e.fill != "none":
        box = tuple(args.box(e, w, h))
    else:
        return set()
    return {edge for edge, hit in zip(EDGES, touching(*box, w, h), strict=True) if hit}


EDGES = ("left", "top", "right", "bottom")


def check_raster(path, file: str, key: str) -> None:
    """A PNG or JPEG that decodes completely and is of a size a PDF can hold; else a PnpError."""
    require_size(path, MAX_IMAGE_BYTES, f"image file {path.name}", file=file, key=key)
    with open(path, "rb") as fh:
        head = fh.read(16)
    if not (head.startswith(b"\x89PNG\r\n\x1a\n") or head.startswith(b"\xff\xd8\xff")):
        raise PnpError(
            "image is not a PNG or JPEG file",
            file=file,
            key=key,
            expected="PNG, JPEG or SVG",
            found=path.name,
        )
    problem = _raster_problem(str(path))
    if problem:
        raise PnpError(
            f"image {path.name} cannot be read: {problem}",
            file=file,
            key=key,
            expected="a complete PNG or JPEG file",
            found=path.name,
        )


@functools.lru_cache(maxsize=256)  # once per file a build, not once per item that prints it
def _raster_problem(path: str) -> str | None:
    """Why the file cannot be printed, or None.

    The file's structure is checked without decoding its pixels (the PDF carries them as they
    are): a PNG's every chunk and checksum up to IEND, a JPEG's header and end marker. A
    truncated or damaged file fails here, not in an engine, and so does a PNG whose data
    unpacks to more or fewer bytes than its header's size (counted as it unpacks, not kept).
    """
    from PIL import Image

    try:
        with Image.open(path) as img:
            w, h = img.size
            if w * h > MAX_IMAGE_PIXELS:
                return f"{w}x{h} pixels is more than the {MAX_IMAGE_PIXELS:,} pixels allowed"
            kind = img.format
    except Image.DecompressionBombError:
        return f"more than the {MAX_IMAGE_PIXELS:,} pixels allowed"
    except (OSError, SyntaxError, ValueError) as exc:
        return str(exc) or type(exc).__name__
    with open(path, "rb") as fh:
        raw = fh.read()
    return _png_problem(raw) if kind == "PNG" else _jpeg_problem(raw) or _jpeg_scan_problem(path)


def _png_problem(raw: bytes) -> str | None:
    import struct
    import zlib

    pos, seen, data = 8, set(), []
    while pos + 12 <= len(raw):
        length, kind = struct.unpack(">I4s", raw[pos : pos + 8])
        end = pos + 8 + length
        if end + 4 > len(raw):
            break
        if zlib.crc32(raw[pos + 4 : end]) != struct.unpack(">I", raw[end : end + 4])[0]:
            return f"the {kind.decode('latin-1')!r} chunk at byte {pos} is damaged (checksum)"
        seen.add(kind)
        if kind == b"IDAT":
            data.append(raw[pos + 8 : end])
        if kind == b"IEND":
            return _png_data_problem(raw[16:29], data) if b"IDAT" in seen else "no image data"
        pos = end + 4
    return "the file is truncated"


def _png_data_problem(ihdr: bytes, chunks: list[bytes]) -> str | None:
    """Whether the pixel data unpacks to the bytes the header promises (a file with right
    checksums can still hold more or fewer rows than it says): counted, never kept."""
    import struct
    import zlib

    w, h, bits, colour, _, _, interlace = struct.unpack(">IIBBBBB", ihdr)
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour, 1)
    passes = (
        [
            (0, 0, 8, 8),
            (4, 0, 8, 8),
            (0, 4, 4, 8),
            (2, 0, 4, 4),
            (0, 2, 2, 4),
            (1, 0, 2, 2),
            (0, 1, 1, 2),
        ]
        if interlace
        else [(0, 0, 1, 1)]
    )
    want = 0
    for x0, y0, dx, dy in passes:
        pw, ph = (w - x0 + dx - 1) // dx, (h - y0 + dy - 1) // dy
        if pw and ph:
            want += ph * (1 + (pw * channels * bits + 7) // 8)
    unpack, got = zlib.decompressobj(), 0
    try:
        for chunk in chunks:
            while chunk and got <= want:
                got += len(unpack.decompress(chunk, 1 << 20))
                chunk = unpack.unconsumed_tail
        got += len(unpack.flush())
    except zlib.error as exc:
        return f"the image data is damaged ({exc})"
    if got != want:
        return f"the image data holds {'more' if got > want else 'fewer'} bytes than its {w}x{h} header says"
    return None


def _jpeg_problem(raw: bytes) -> str | None:
    return None if raw.rstrip(b"\0").endswith(b"\xff\xd9") else "the file is truncated"


def _jpeg_scan_problem(path: str) -> str | None:
    """Whether the compressed rows decode, read at an eighth of the size (the DCT's own
    scaling, so a 50-megapixel JPEG costs a fraction of a second)."""
    from PIL import Image

    try:
        with Image.open(path) as img:
            img.draft("RGB", (max(1, img.size[0] // 8), max(1, img.size[1] // 8)))
            img.load()
    except (OSError, SyntaxError, ValueError) as exc:
        return f"the image data is damaged ({exc})"
    return None


MAX_IMAGE_PIXELS = 50_000_000  # 50 megapixels: a 1 m x 1 m board at 180 dpi
MAX_IMAGE_BYTES = 250_000_000  # 50 megapixels of 16-bit RGBA noise, stored: about 400 MB raw


__all__ = ["TemplateRenderer", "matches", "named_attributes", "uses_attributes"]
