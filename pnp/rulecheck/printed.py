"""Rules over printed content: each reads the drawn faces' facts and compares them with the rulebook."""

from __future__ import annotations

import fnmatch
import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from pnp import budget
from pnp.draw.colours import resolve_colour, rgb
from pnp.errors import PnpError, short
from pnp.rulecheck.colournames import BASIC, colour_name
from pnp.rulecheck.faces import DrawnFace, PrintedFaces
from pnp.rulecheck.facts import Box, FaceFacts, art_name, fill_under, inside
from pnp.rulecheck.geography import climates
from pnp.rulecheck.guide import GUIDE, is_guide
from pnp.rulecheck.printed_spec import MEASURES, Area, Faces, FaceSelect, Match
from pnp.rulecheck.result import Miss, Result
from pnp.rulecheck.spans import WHOLE, norm, of_match
from pnp.rulecheck.tracks import track
from pnp.spec.model import Game, matches
from pnp.units import parse_length

TOL = 0.1  # mm: a drawn size within this is the size asked for
SHOWN = 4  # faces named in a failure's summary


class RuleInputError(ValueError):
    """The rule itself is wrong (an unknown region, an expect of the wrong shape)."""


def text_ok(m: Match, text: str) -> bool:
    t = norm(text)
    if m.exact is not None:
        return t == norm(m.exact)
    if m.contains is not None:
        return norm(m.contains) in t
    if m.pattern is not None:
        return _fullmatch(m.pattern, t)
    if m.one_of is not None:
        return t in {norm(x) for x in m.one_of}
    return True


def _fullmatch(pattern: str, text: str) -> bool:
    """The whole text matches the pattern, within the check's pattern time (`--limit
    pattern_ms`): a pattern from a shared rules file can be written to take years on a long
    text, and the `regex` module's matches, unlike `re`'s, can be stopped."""
    import regex

    limit = budget.allowed("pattern_ms")
    left = limit - budget.spent("pattern_ms")
    start = time.perf_counter()
    try:
        found = regex.fullmatch(pattern, text, timeout=max(left, 1) / 1000)
        budget.spend("pattern_ms", round((time.perf_counter() - start) * 1000))
    except (TimeoutError, PnpError):
        raise RuleInputError(
            f"pattern {short(pattern)} is still matching a text of {len(text):,} characters "
            f"when the check's {limit:,} ms of pattern matching are spent (a pattern that "
            f"backtracks; raise the limit with --limit pattern_ms={limit * 10})"
        ) from None
    return found is not None


def angle_ok(m: Match, angle: float) -> bool:
    if m.angle is None:
        return True
    wanted = m.angle if isinstance(m.angle, list) else [m.angle]
    return any(abs((angle - a + 180) % 360 - 180) <= 1.0 for a in wanted)


def count_expect(expect) -> object:
    """A count a rule expects: a whole number, or {min, max} of whole numbers; else the rule's error."""
    if isinstance(expect, bool) or not (
        isinstance(expect, int)
        or (
            isinstance(expect, dict)
            and expect
            and set(expect) <= {"min", "max"}
            and all(isinstance(v, int) and not isinstance(v, bool) for v in expect.values())
        )
    ):
        raise RuleInputError(
            f"expect a count: a whole number or {{min: n, max: m}}, not {expect!r}"
        )
    return expect


def count_ok(n: int, expect) -> bool:
    """A count against a number, or against {min: a, max: b} (either bound may be left out)."""
    if isinstance(expect, dict) and set(expect) <= {"min", "max"}:
        return expect.get("min", n) <= n <= expect.get("max", n)
    return n == expect


def _fmt_count(expect) -> str:
    if isinstance(expect, dict):
        lo, hi = expect.get("min"), expect.get("max")
        return (
            f"at least {lo}" if hi is None else f"at most {hi}" if lo is None else f"{lo} to {hi}"
        )
    return str(expect)


def _quote(items) -> str:
    items = list(items)
    shown = ", ".join(f"'{t}'" for t in items[:12])
    return "[" + shown + (f", ... ({len(items)} in all)" if len(items) > 12 else "") + "]"


class Reader:
    """Evaluates the printed rules of one rules file against one game's drawn faces."""

    def __init__(self, game: Game, printed: PrintedFaces, regions: dict, other=None):
        self.game = game
        self.printed = printed
        self.regions = regions
        self.other = other  # variant name -> PrintedFaces of the game in that variant
        self.used: list = []  # (face, text, spans) this reader's rules read: coverage
        self.whole = True  # the rule being read compares whole texts (else: what its match spells)
        self.face: DrawnFace | None = None  # the face being read
        self.seen: list = []  # (face, MarkFact or ShapeFact) this reader's rules read: coverage
        # areas and positions are in the family's own millimetres: a family printed at `scale`
        # (a reduced variant) has them scaled with it, so one rule reads every variant
        self.scales = {f.name: f.spec.scale for f in game.families}
        self.k = 1.0  # the scale of the face being read

    # --- selecting faces and areas ---
    def select(self, sel: Faces) -> list[DrawnFace] | str:
        names = sel.family if isinstance(sel.family, list) else [sel.family]
        known = {f.name for f in self.game.families} | ({GUIDE} & set(self.printed.by_family))
        out = []
        for name in names:
            if name not in known:
                return f"no family '{name}'"
            out += [
                f
                for f in self.printed.faces(name)
                if f.side == sel.side and matches(sel.where, f.attrs)
            ]
        if not out:
            return f"no {sel.side} drawn for {', '.join(names)}" + (
                " matching the 'where'" if sel.where else ""
            )
        return out

    def boxes(self, ref) -> list[Box] | None:
        if ref is None:
            return None
        refs = ref if isinstance(ref, list) else [ref]
        out: list[Box] = []
        for r in refs:
            if isinstance(r, str):
                if r not in self.regions:
                    raise RuleInputError(
                        f"no region '{r}' (known: {', '.join(sorted(self.regions)) or 'none'})"
                    )
                got = self.regions[r]
                out += self.boxes(got if isinstance(got, list) else [got]) or []
            elif isinstance(r, Area):
                k = self.k
                out.append((r.x * k, r.y * k, (r.x + r.w) * k, (r.y + r.h) * k))
        return out

    def texts(self, facts: FaceFacts, area, m: Match | None = None) -> list:
        boxes = self.boxes(area)
        return [
            t for t in facts.texts
            if (boxes is None or any(inside(t.box, b) for b in boxes)) and (m is None or (text_ok(m, t.text) and angle_ok(m, t.angle)))
        ]  # fmt: skip

    def key_of(self, facts: FaceFacts, key, face: DrawnFace | None = None) -> str:
        hits = self.texts(facts, key)
        if face is not None:
            self.used += [(face, t, WHOLE) for t in hits]
        return " ".join(norm(t.text) for t in hits)

    def marks(
        self, facts: FaceFacts, area, art: str, colour: str | None = None, turned=None
    ) -> list:
        """The art drawn in the area; `turned` (options with an angle): only art turned so."""
        boxes = self.boxes(area)
        hits = [
            k for k in facts.marks
            if fnmatch.fnmatchcase(k.art, art) and (boxes is None or any(inside(k.box, b) for b in boxes))
            and (colour is None or (k.colour is not None and self.colour_is(k.colour, colour)))
            and (turned is None or angle_ok(turned, k.angle))
        ]  # fmt: skip
        return self.saw(hits)

    def saw(self, facts: list) -> list:
        """Marks or fills the rule being read looks at, for coverage; returned as they are."""
        if self.face is not None:
            self.seen += [(self.face, f) for f in facts]
        return facts

    def colour_is(self, hexcolour: str, want: str) -> bool:
        if want in BASIC:
            return colour_name(hexcolour) == want
        try:
            target = resolve_colour(want, self.game.palette)
        except ValueError:
            raise RuleInputError(
                f"unknown colour '{want}' (a colour name such as {', '.join(BASIC)}, a palette name or #rrggbb)"
            ) from None
        if target is None:
            return False
        return max(abs(a - b) for a, b in zip(rgb(hexcolour), rgb(target), strict=True)) <= 2 / 255

    # --- one rule: select faces -> measure each -> compare with expect ---
    def run(self, sel: FaceSelect, name: str, opts, expect, res: Callable[..., Result]) -> Result:
        faces = self.select(sel)
        if isinstance(faces, str):
            return self.named(res(False, _expect_text(expect), faces, ()), sel, [])
        for ref in (sel.in_, sel.key):
            off = self.off_faces(ref, faces)
            if off:
                return self.named(res(False, _expect_text(expect), off, ()), sel, faces)
        kind = MEASURES[name][1]
        per = "all" if name == "faces" else sel.per or "face"
        if expect is None and name == "texts":
            expect = {"min": 1}
        self.whole = _compares_whole(kind, expect, sel)
        if kind == "same":
            r = self.compare_faces(sel, faces, opts, res)
        elif sel.by is not None:
            r = self.distinct(sel, name, opts, faces, expect, res)
        elif sel.key is not None:
            r = self.keyed(sel, name, opts, kind, per, faces, expect, res)
        else:
            want = self.wanted(kind, opts, expect)
            label = self.label(name, opts)
            if per == "face":

                def judge(f, facts):
                    got = self.read(name, opts, sel, f, facts)
                    ok, shown, *hint = self.judge(kind, got, want, label)
                    if not ok and not got and name == "texts":  # what the face prints instead
                        there = [norm(t.text) for t in self.texts(facts, sel.in_)]
                        shown = f"none; {'there ' if sel.in_ else ''}{_quote(there) if there else 'no text'}"
                    return (ok, shown, *hint)

                r = self.per_face(
                    faces,
                    res,
                    self.words(kind, label, want) + ("" if len(faces) == 1 else " on each face"),
                    judge,
                )
            else:
                r = self.over_all(sel, name, opts, kind, faces, want, res, label)
        return self.named(r, sel, faces)

    def read(self, name: str, opts, sel: FaceSelect, face: DrawnFace, facts: FaceFacts) -> list:
        """The measure `name` on one face: a list of readings (texts, art names, colours, sizes ...)."""
        area = sel.in_
        self.k = self.scales.get(face.family, 1.0)
        self.face = face
        if name == "texts":
            hits = self.texts(facts, area, opts)
            self.used += [(face, t, self.proof(opts, t.text)) for t in hits]
            if getattr(opts, "square", None) is not None:  # each label on its square
                return [f"{norm(t.text)} {self.square_of(t.box, opts)}" for t in hits]
            return [norm(t.text) for t in hits]
        if name == "marks":
            return [k.art for k in self.marks(facts, area, opts.art, opts.colour, opts)]
        if name == "faces":
            return [face.item]
        if name == "die_faces":
            labels = [
                " ".join(
                    [norm(t.text) for t in facts.texts if t.region == n]
                    + [k.art for k in self.saw([k for k in facts.marks if k.region == n])]
                )
                for n in range(len(facts.regions))
            ]
            self.used += [(face, t, WHOLE) for t in facts.texts if t.region is not None]
            return [lab.strip() for lab in labels if lab.strip()]
        if name == "lines":
            boxes = self.boxes(area)
            ls = (
                []
                if opts.direction == "upright"
                else [((a + b) / 2, pos, "level") for pos, a, b in facts.lines_y]
            ) + (
                []
                if opts.direction == "level"
                else [(pos, (a + b) / 2, "upright") for pos, a, b in facts.lines_x]
            )
            return [
                d
                for x, y, d in ls
                if boxes is None or any(inside((x, y, x, y), bx) for bx in boxes)
            ]
        if name == "outlines":
            if opts.colour is not None:
                self.colour_is(
                    "#000000", opts.colour
                )  # an unknown colour is the rule's error, said once
            boxes = self.boxes(area)
            return [
                o.kind + (f" {self.square_of(o.box, opts)}" if opts.square is not None else "")
                for o in facts.outlines
                if (opts.shape == "any" or o.kind == opts.shape) and (boxes is None or any(inside(o.box, b) for b in boxes))
                and (opts.colour is None or self.colour_is(o.stroke, opts.colour))
            ]  # fmt: skip
        if name == "colour":
            if opts.under is not None and any(
                getattr(opts.under, k) is not None for k in ("exact", "one_of", "pattern")
            ):
                self.used += [  # its words are pinned as far as the match spells them
                    (face, t, of_match(opts.under, t.text))
                    for t in self.texts(facts, area, opts.under)
                ]
            return self.measured_colours(opts, area, facts)
        if name == "fills":
            boxes = self.boxes(area)
            return self.saw(
                [
                    s
                    for s in facts.shapes
                    if s.opacity >= 0.5 and (boxes is None or any(inside(s.box, b) for b in boxes))
                ]
            )
        if name == "size":
            if opts.die_face:
                return [(b[2] - b[0], b[3] - b[1]) for b in facts.regions]
            if opts.art is None:
                return [(face.w, face.h)]
            return [
                (k.box[2] - k.box[0], k.box[3] - k.box[1])
                for k in self.marks(facts, area, opts.art)
            ]
        if name == "scale":
            source = (
                self.printed
                if opts.of_variant is None or self.other is None
                else self.other(opts.of_variant)
            )
            full = [g for g in source.faces(opts.of or face.family) if g.side == sel.side]
            if not full:
                return [None]
            ref = next((g for g in full if g.item == face.item), full[0])
            return [
                (
                    face.w / ref.w,
                    face.h / ref.h,
                    f"of {ref.item} ({face.w:.2f} x {face.h:.2f} mm against {ref.w:.2f} x {ref.h:.2f} mm)",
                )
            ]
        if name == "grid":
            return [self.grid_of(facts, area)]
        if name == "symbols_on":
            return self.symbols_on(opts, area, facts)
        if name == "climates":  # pnp.rulecheck.geography
            return climates(self, opts, area, facts)
        if name == "track":  # pnp.rulecheck.tracks
            return track(self, opts, area, facts)
        if name == "marking":
            from pnp.rulecheck.printed_spec import ColourOf

            cs = self.measured_colours(opts.colour or ColourOf(), area, facts)
            words = sorted({colour_name(c) if c else "none" for c in cs}) or ["no colour"]
            texts = [norm(t.text) for t in self.texts(facts, area, opts.text)] if opts.text else []
            self.used += (
                [(face, t, WHOLE) for t in self.texts(facts, area, opts.text)] if opts.text else []
            )
            return [" ".join(words + sorted(set(texts)))]  # which marks, however often printed
        raise AssertionError(name)

    def symbols_on(self, opts, area, facts: FaceFacts) -> list[str]:
        """The symbols drawn on what their meaning forbids: 'palm at 120, 88 mm: on #8ec3e6'."""
        for want in opts.meaning.values():
            if want not in ("inside", "outside"):
                self.colour_is("#000000", want)  # an unknown colour is the rule's error
        ground = self.ground(opts.ground, facts) if opts.ground else None
        if opts.ground and ground is None:
            return [f"no '{opts.ground}' drawn"]
        boxes = self.boxes(area)
        out = []
        for k in facts.marks:
            want = opts.meaning.get(k.art)
            if want is None or (boxes is not None and not any(inside(k.box, b) for b in boxes)):
                continue
            self.saw([k])
            x, y = (k.box[0] + k.box[2]) / 2, (k.box[1] + k.box[3]) / 2
            if want in ("inside", "outside"):
                if ground is None:
                    raise RuleInputError(
                        f"symbols_on: '{k.art}: {want}' needs `ground`, the art it lies inside or outside"
                    )
                d = (opts.around or 0.0) * self.k
                pts = (
                    [(x + dx, y + dy) for dx in (-d, 0, d) for dy in (-d, 0, d)] if d else [(x, y)]
                )
                got = "inside" if sum(map(ground, pts)) * 2 > len(pts) else "outside"
                ok = got == want
            else:
                under = [
                    s for s in facts.shapes if s.order < k.order and s.opacity > 0 and s.holds(x, y)
                ]
                top = self.saw([max(under, key=lambda s: s.order)] if under else [])
                got = top[0].fill if top else "#ffffff"
                ok = self.colour_is(got, want)
            if not ok:  # where, in the family's own millimetres
                out.append(f"{k.art} at {x / self.k:.0f}, {y / self.k:.0f} mm: {got}")
        return out

    def ground(self, art: str, facts: FaceFacts):
        """A test of whether a point of the face lies inside the filled shapes of this art, as drawn."""
        mark = next((k for k in facts.marks if k.art == art), None)
        self.saw([mark] if mark else [])
        sym = next((v for key, v in self.printed.symbols.items() if art_name(key) == art), None)
        if mark is None or sym is None:
            return None
        x0, y0, x1, y1 = mark.box
        sx, sy = (x1 - x0) / (sym.w or 1.0), (y1 - y0) / (sym.h or 1.0)
        # A coastline has thousands of edges: each is filed under the horizontal bands it
        # spans, so a point tests only the few edges of its own band.
        edges = [
            (a[0], a[1], b[0], b[1])
            for ring in _rings(sym.children)
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
            if a[1] != b[1]  # a level edge never spans a point's height
        ]
        if not edges:
            return lambda p: False
        low = min(min(e[1], e[3]) for e in edges)
        high = max(max(e[1], e[3]) for e in edges)
        count = max(1, len(edges) // 8)
        step = (high - low) / count

        def band(v: float) -> int:
            return min(int((v - low) / step), count - 1)

        bands: list[list[tuple[float, float, float, float]]] = [[] for _ in range(count)]
        for e in edges:
            for k in range(band(min(e[1], e[3])), band(max(e[1], e[3])) + 1):
                bands[k].append(e)

        def holds(p) -> bool:
            """Even-odd: how many edges a ray to the right of the point crosses."""
            u, v = (p[0] - x0) / sx, (p[1] - y0) / sy
            if not low <= v < high:  # above or below every edge
                return False
            k = band(v)
            crossed = sum(
                (ay > v) != (by > v) and u < ax + (v - ay) * (bx - ax) / (by - ay)
                for ax, ay, bx, by in bands[k]
            )
            return crossed % 2 == 1

        return holds

    def proof(self, m, text: str):
        """What a texts rule proves of one text it reads: all of it when the rule compares
        whole texts, else what its match spells out (pnp.rulecheck.spans)."""
        return WHOLE if self.whole else of_match(m, text)

    # --- the one comparator ---
    def wanted(self, kind: str, opts, expect):
        """The expect of a rule as the comparator reads it, or the rule's error."""
        if kind == "list":
            if isinstance(expect, dict) and {"from", "to"} <= set(expect) <= {"from", "to", "step"}:
                return ("list", sorted(_track(expect)))
            if isinstance(expect, list):
                return (
                    "list",
                    sorted(n for n in (norm("" if x is None else str(x)) for x in expect) if n),
                )
            if isinstance(expect, str):
                return ("list", [norm(expect)])
            return ("count", count_expect(expect))
        if kind == "colours":
            if isinstance(expect, list):
                return ("list", sorted(str(x) for x in expect))
            if isinstance(expect, (dict, bool)) or expect is None:
                raise RuleInputError(
                    f"colour: expect a colour word, palette name or #rrggbb (or a list of them), not {expect!r}"
                )
            self.colour_is("#000000", str(expect))  # an unknown colour is the rule's error
            return ("one", str(expect))
        if kind == "fills":
            if not isinstance(expect, dict) or not expect:
                raise RuleInputError(
                    "fills: expect a mapping of colour to a count (or, with 'square', to its squares)"
                )
            for word, n in expect.items():
                self.colour_is("#000000", str(word))
                if opts.square is None:
                    count_expect(n)
            return (
                "fills",
                (
                    {
                        str(k): (
                            v
                            if opts.square is None
                            else _canonical(v)
                            if opts.origin is None
                            else _placed(v)
                        )
                        for k, v in expect.items()
                    },
                    opts.square,
                    None if opts.origin is None else (opts.origin.x, opts.origin.y),
                ),
            )
        if kind == "sizes":
            return ("sizes", _size_bounds(expect))
        if kind == "ratio":
            if isinstance(expect, bool) or not isinstance(expect, (int, float)) or expect <= 0:
                raise RuleInputError(f"scale: expect a number above 0 such as 0.75, not {expect!r}")
            return ("ratio", float(expect))
        if kind == "grid":
            if not isinstance(expect, dict) or not set(expect) <= {"cols", "rows", "cell"}:
                raise RuleInputError("grid: expect {cols, rows, cell}")
            try:
                return (
                    "grid",
                    {k: parse_length(v) if k == "cell" else v for k, v in expect.items()},
                )
            except (TypeError, ValueError) as exc:
                raise RuleInputError(f"grid: {exc}") from None
        raise AssertionError(kind)

    def judge(self, kind: str, got: list, want, label: str) -> tuple:
        """(passes, what is found[, the text to find the spec line by]) for one reading against one expect."""
        form, w = want
        if form == "count":
            ok = count_ok(len(got), w)
            shown = f"{label} {len(got)}" + (
                f": {_quote(got)}" if got and isinstance(got[0], str) and label == "texts" else ""
            )
            return (ok, shown, got[0]) if got and label == "texts" and not ok else (ok, shown)
        if form == "list" and kind == "list":
            g = sorted(got)
            if g == w:
                return True, f"{len(g)} as listed"
            extra = list((Counter(g) - Counter(w)).elements())
            return (
                (False, _diff(w, g), extra[0])
                if extra and label == "texts"
                else (False, _diff(w, g))
            )
        if kind == "colours":
            shown = (
                ", ".join(f"{c} ({colour_name(c)})" if c else "no colour" for c in got)
                or "nothing drawn"
            )
            if form == "one":
                return bool(got) and all(c is not None and self.colour_is(c, w) for c in got), shown
            names = sorted(colour_name(c) if c else "none" for c in got)
            return names == w, _diff(w, names) if names != w else shown
        if form == "fills":
            bad = []
            w, side, origin = w
            for word, n in w.items():
                hits = [s for s in got if self.colour_is(s.fill, word)]
                if isinstance(n, int):
                    if not count_ok(len(hits), n):
                        bad.append(f"{word}: {len(hits)}")
                elif origin is not None:  # each square where it lies: a shift of one fails
                    k = self.k
                    at = _squares_at(hits, side * k, (origin[0] * k, origin[1] * k))
                    if at != n:
                        bad.append(f"{word}: {_show_cells(at) if at else 'none'}")
                else:
                    shapes = sorted({_cells(s, side) for s in hits}, key=str)
                    if shapes != [n]:
                        bad.append(
                            f"{word}: "
                            + (", ".join(_show_cells(c) for c in shapes) if shapes else "none")
                        )
            return not bad, "; ".join(bad)
        if form == "sizes":
            lo, hi, _ = w
            if not got:
                return False, f"no {label} drawn"
            bad = [
                (a, b)
                for a, b in got
                if not (lo[0] - TOL <= a <= hi[0] + TOL and lo[1] - TOL <= b <= hi[1] + TOL)
            ]
            return not bad, "" if not bad else f"{label} {bad[0][0]:.2f} x {bad[0][1]:.2f} mm"
        if form == "ratio":
            if not got or got[0] is None:
                return False, "nothing drawn to compare with"
            sx, sy, what = got[0]
            return abs(sx - w) < 1e-3 and abs(sy - w) < 1e-3, f"{sx:.3f} x {sy:.3f} {what}"
        if form == "grid":
            g = got[0]
            steps = g["steps"]
            ok = all(abs(g[k] - v) <= TOL if k == "cell" else g[k] == v for k, v in w.items()) and (
                not steps or steps[-1] - steps[0] <= TOL or "cell" not in w
            )
            return ok, f"{g['cols']} x {g['rows']} squares of {g['cell']:.2f} mm" + (
                f" (lines {steps[0]:.2f} to {steps[-1]:.2f} mm apart)"
                if steps and steps[-1] - steps[0] > TOL
                else ""
            )
        raise RuleInputError(f"expect {w!r} does not fit this measure")

    def words(self, kind: str, label: str, want) -> str:
        form, w = want
        if form == "count":
            return f"{_fmt_count(w)} {label}"
        if form == "list":
            return _quote(w)
        if form == "sizes":
            return w[2]
        if form == "ratio":
            return f"{w:g} of full size"
        if form == "fills":
            return ", ".join(
                f"{k}: {_show_cells(v) if isinstance(v, tuple) else v}" for k, v in w[0].items()
            )
        if form == "grid":
            return ", ".join(f"{k} {v:g}" for k, v in w.items())
        return str(w)

    def square_of(self, box: Box, opts) -> str:
        """The square of a grid (opts.square, opts.origin) that a box's middle lies on."""
        side, k = opts.square * self.k, self.k
        c = math.floor(((box[0] + box[2]) / 2 - opts.origin.x * k) / side)
        r = math.floor(((box[1] + box[3]) / 2 - opts.origin.y * k) / side)
        return f"[{c}, {r}]"

    def label(self, name: str, opts) -> str:
        if name == "texts":
            return "texts"
        if name == "marks":
            return f"'{opts.art}'" + (f" in {opts.colour}" if opts.colour else "")
        if name == "size":
            return "a die face" if opts.die_face else f"'{opts.art}'" if opts.art else "face"
        if name == "faces":
            return "faces"
        return name

    def over_all(self, sel, name, opts, kind, faces, want, res, label) -> Result:
        """Every selected face's readings together, against one expect."""
        got: list = []
        first: dict = {}
        for f in faces:
            for v in self.read(name, opts, sel, f, self.printed.facts(f)):
                got.append(v)
                if isinstance(v, str):
                    first.setdefault(v, f)
        ok, shown, *_ = self.judge(kind, got, want, label)
        if ok:
            return res(True, self.words(kind, label, want), shown, ())
        misses = ()
        if want[0] == "list" and kind == "list":
            extra = Counter(got) - Counter(want[1])
            misses = tuple(
                self.miss(first[t], f"'{t}'" + (f" ({n + Counter(want[1])[t]} times in all)" if n + Counter(want[1])[t] > 1 else ""), t)
                for t, n in extra.items() if t in first
            )  # fmt: skip
        elif name == "faces":
            shown = f"{len(faces)}: {_quote(sorted({f.item for f in faces}))}"
        return res(False, self.words(kind, label, want), shown, misses)

    def keyed(self, sel, name, opts, kind, per, faces, expect, res) -> Result:
        """Each face is known by the text it prints in sel.key: expect maps that text to its expect."""
        if not isinstance(expect, dict):
            raise RuleInputError(
                "with 'key', expect is a mapping: {key text: what the faces with that key show}"
            )
        want = {norm(str(k)): self.wanted(kind, opts, v) for k, v in expect.items()}
        label = self.label(name, opts)
        expected = "; ".join(
            f"'{k}': {self.words(kind, label, v)}" for k, v in list(want.items())[:6]
        ) + (" ..." if len(want) > 6 else "")
        seen: set[str] = set()
        if per == "all":
            got: dict[str, list] = {}
            first: dict = {}
            for f in faces:
                facts = self.printed.facts(f)
                k = self.key_of(facts, sel.key, f)
                for v in self.read(name, opts, sel, f, facts):
                    got.setdefault(k, []).append(v)
                    first.setdefault((k, v), f)
            problems, misses = [], []
            for k in sorted(set(want) | set(got)):
                if k not in want:
                    problems.append(f"'{k}': not in the rulebook's {_quote(want)}")
                    continue
                ok, shown, *_ = self.judge(kind, got.get(k, []), want[k], label)
                if not ok:
                    problems.append(f"'{k}': {shown}")
                    if want[k][0] == "list":
                        misses += [
                            self.miss(first[(k, t)], f"'{t}' under '{k}'", t)
                            for t in Counter(got.get(k, [])) - Counter(want[k][1])
                        ]
            if not problems:
                return res(True, expected, f"{len(faces)} faces as listed", ())
            return res(False, expected, "; ".join(problems[:SHOWN]), tuple(misses))

        def judge(f, facts):
            k = self.key_of(facts, sel.key, f)
            seen.add(k)
            if k not in want:
                return (
                    False,
                    f"prints '{k}' where the rulebook has one of {_quote(want)}"
                    if k
                    else "prints no key text",
                )
            ok, shown, *hint = self.judge(
                kind, self.read(name, opts, sel, f, facts), want[k], label
            )
            return (ok, f"'{k}': {shown}", *hint)

        r = self.per_face(faces, res, expected, judge)
        missing = [k for k in want if k not in seen]
        if missing and r.passed:
            return res(False, r.expected, f"no face prints {_quote(missing)}", ())
        return r

    def observe(self, sel: FaceSelect, name: str, opts, expect):
        """What the faces print, in the shape of `expect`: the expect a house rule records
        (pnp check --accept); None where no one expect says it (faces that differ, sizes)."""
        faces = self.select(sel)
        if isinstance(faces, str):
            return None
        kind = MEASURES[name][1]
        per = "all" if name == "faces" else sel.per or "face"
        if expect is None and name == "texts":
            expect = {"min": 1}
        if kind not in ("list", "colours"):
            return None
        if sel.key is not None:
            if not isinstance(expect, dict) or not expect:
                return None
            sample = next(iter(expect.values()))
            got: dict[str, list] = {}
            for f in faces:
                facts = self.printed.facts(f)
                k = self.key_of(facts, sel.key)
                reading = self.read(name, opts, sel, f, facts)
                if per == "all":
                    got.setdefault(k, []).extend(reading)
                else:
                    shown = _shape(kind, self.wanted(kind, opts, sample)[0], reading)
                    if got.setdefault(k, shown) != shown:
                        return None
            if per == "all":
                return {
                    k: _shape(kind, self.wanted(kind, opts, sample)[0], v) for k, v in got.items()
                }
            return got
        form = self.wanted(kind, opts, expect)[0]
        readings = [self.read(name, opts, sel, f, self.printed.facts(f)) for f in faces]
        if per == "all":
            return _shape(kind, form, [v for r in readings for v in r])
        if kind == "colours" and not all(readings):
            return None  # a colour read under texts no longer printed: the rule needs new texts
        shapes = [_shape(kind, form, r) for r in readings]
        if form == "count" and len(set(shapes)) > 1:
            return {"min": min(shapes), "max": max(shapes)}
        return shapes[0] if all(s == shapes[0] for s in shapes) else None

    def distinct(self, sel, name, opts, faces, expect, res) -> Result:
        """With `by`: every face of a group (a suit, a player) reads alike, and no two groups alike."""
        if expect != "distinct":
            raise RuleInputError("with 'by', expect is the word distinct")
        groups: dict[str, dict[str, DrawnFace]] = {}
        for f in faces:
            reading = " ".join(self.read(name, opts, sel, f, self.printed.facts(f)))
            groups.setdefault(str(f.attrs.get(sel.by)), {}).setdefault(reading, f)
        expected = f"each {sel.by} read alike, no two alike"
        misses, problems = [], []
        for g, readings in groups.items():
            if len(readings) > 1:
                (r0, f0), *rest = readings.items()
                problems.append(f"{sel.by} {g}: {_quote(readings)}")
                misses += [
                    self.miss(f, f"reads '{r}' where {f0.item} reads '{r0}'") for r, f in rest
                ]
        owners: dict[str, list[str]] = {}
        for g, readings in groups.items():
            for r in readings:
                owners.setdefault(r, []).append(g)
        for r, gs in owners.items():
            if len(gs) > 1:
                problems.append(
                    f"{' and '.join(gs)} {'both' if len(gs) == 2 else 'all'} read '{r}'"
                )
                misses += [
                    self.miss(groups[g][r], f"reads '{r}', as {sel.by} {gs[0]} does")
                    for g in gs[1:]
                ]
        if not problems:
            shown = "; ".join(f"{g}: {next(iter(v))}" for g, v in groups.items())
            return res(True, expected, shown, ())
        return res(False, expected, "; ".join(problems[:SHOWN]), tuple(misses))

    def compare_faces(self, sel, faces, opts, res) -> Result:
        """The `same` measure: every selected face prints what most of them print."""
        sigs = [self.printed.facts(f).signature() for f in faces]
        common, _ = Counter(sigs).most_common(1)[0]
        odd = [(f, s) for f, s in zip(faces, sigs, strict=True) if s != common]
        if not odd:
            return res(True, f"every {sel.side} the same", f"all {len(faces)} alike", ())
        like = next(f for f, s in zip(faces, sigs, strict=True) if s == common)
        misses = tuple(
            self.miss(f, f"differs from {like.item}: " + _sig_diff(common, s)) for f, s in odd
        )
        found = "; ".join(f"{m.item}: {m.printed}" for m in misses[:SHOWN])
        return res(False, f"every {sel.side} the same", found, misses)

    def named(self, r: Result, body, faces: list[DrawnFace]) -> Result:
        """A failure that no single face printed (a text missing from all of them, a count of faces)
        still names what it read: the one face, or the family and the spec line of its items."""
        if r.passed or r.misses:
            return r
        items = sorted({f.item for f in faces})
        if len(items) == 1:
            f = faces[0]
            return replace(r, misses=(Miss(f.item, body.side, r.found, f.where),))
        names = body.family if isinstance(body.family, list) else [body.family]
        known = {f.name: f for f in self.game.families}
        at = ""
        for name in names:
            if name in known:
                from pnp.spec.yamlfile import locate

                fam = known[name]
                file, line = locate(fam.data, ("items",))
                at = f"{file or fam.file}:{line}" if line else str(file or fam.file or "")
                break
        what = f"{len(items)} {', '.join(names)}" if items else ", ".join(names)
        if not at:
            at = self.game.file  # the family is not there: the game's list of components
        return replace(r, misses=(Miss(what, body.side, r.found, at),))

    def off_faces(self, ref, faces) -> str | None:
        """An area that lies off the faces reads nothing (a face drawn smaller, or a unit mistaken): it fails, saying so."""
        self.k = self.scales.get(faces[0].family, 1.0)  # areas are in the family's own mm
        boxes = self.boxes(ref)
        if not boxes:
            return None
        w, h = max(f.w for f in faces), max(f.h for f in faces)
        off = [b for b in boxes if b[0] >= w or b[1] >= h or b[2] <= 0 or b[3] <= 0]
        if not off:
            return None
        b = off[0]
        return f"the area {b[0]:g},{b[1]:g} to {b[2]:g},{b[3]:g} mm lies off the faces, which are {w:.1f} x {h:.1f} mm"

    def miss(self, face: DrawnFace, printed: str, text: str | None = None) -> Miss:
        """A face that breaks a rule; with `text`, the spec line is the element that prints it when it can be found."""
        at = element_line(self.game, face, text) if text else None
        return Miss(face.item, face.side, printed, at or face.where)

    def per_face(self, faces, res, expected: str, judge) -> Result:
        """Apply judge(face, facts) -> (ok, printed[, text]) to every face; fail naming the faces that break it."""
        misses = []
        for f in faces:
            ok, printed, *text = judge(f, self.printed.facts(f))
            if not ok:
                misses.append(self.miss(f, printed, text[0] if text else None))
        if not misses:
            return res(True, expected, f"all {len(faces)} faces", ())
        found = "; ".join(f"{m.item} ({m.face}): {m.printed}" for m in misses[:2])
        if len(misses) > 2:
            found = f"{len(misses)} of {len(faces)} faces, e.g. {found}"
        return res(False, expected, found, tuple(misses))

    def measured_colours(self, opts, area, facts: FaceFacts) -> list[str | None]:
        """The colours a colour measure reads on one face.

        under: the fill under each text that matches; art: the colour of each matching art;
        in: the colour on top at the centre of each area; else the fill covering most of the face.
        """
        if opts.under is not None:
            out = []
            for t in self.texts(facts, area, opts.under):
                s = fill_under(facts, t.box, t.order)
                self.saw([s] if s else [])
                out.append(s.fill if s else "#ffffff")
            return out
        if opts.art is not None:
            return [k.colour for k in self.marks(facts, area, opts.art)]
        boxes = self.boxes(area)
        if boxes is not None:
            out = []
            for b in boxes:
                s = fill_under(facts, b, 1 << 60)
                self.saw([s] if s else [])
                out.append(s.fill if s else "#ffffff")
            return out
        # the colour that covers most of the face, leaving out fills hidden under a later one
        solid = [s for s in facts.shapes if s.opacity >= 0.5]
        area_: Counter = Counter()
        for n, s in enumerate(solid):
            if not any(_covers(t.box, s.box) for t in solid[n + 1 :]):
                area_[s.fill] += s.area
        if not area_:
            return []
        most = area_.most_common(1)[0][0]
        self.saw([s for s in solid if s.fill == most])
        return [most]

    def grid_of(self, facts: FaceFacts, area) -> dict:
        boxes = self.boxes(area)

        def lines(ls, vertical):
            out = set()
            for pos, a, b in ls:
                mid = (pos, (a + b) / 2) if vertical else ((a + b) / 2, pos)
                if boxes is None or any(inside((*mid, *mid), bx) for bx in boxes):
                    out.add(round(pos, 2))
            return sorted(out)

        xs, ys = lines(facts.lines_x, True), lines(facts.lines_y, False)
        steps = sorted(
            [b - a for a, b in zip(xs, xs[1:], strict=False)]
            + [b - a for a, b in zip(ys, ys[1:], strict=False)]
        )
        return {
            "cols": max(len(xs) - 1, 0),
            "rows": max(len(ys) - 1, 0),
            "cell": steps[len(steps) // 2] if steps else 0.0,
            "steps": steps,
        }


def _compares_whole(kind: str, expect, sel) -> bool:
    """The rule compares each text it reads whole (a list of texts, keys to lists, groups told
    apart), not only counts the texts its match finds."""
    if sel.by is not None or kind == "same":
        return True
    if kind != "list":
        return False
    values = list(expect.values()) if sel.key is not None and isinstance(expect, dict) else [expect]
    return bool(values) and all(
        isinstance(v, (list, str)) or (isinstance(v, dict) and {"from", "to"} <= set(v))
        for v in values
    )


def _rings(nodes, m=None) -> list[list[tuple[float, float]]]:
    """The closed outlines of every filled path in a drawing, in its own units (curves by their end points)."""
    from pnp.draw.primitives import IDENTITY, Group, Path, apply, multiply

    m = IDENTITY if m is None else m
    out: list[list[tuple[float, float]]] = []
    for n in nodes:
        if isinstance(n, Group):
            out += _rings(n.children, multiply(m, n.transform))
        elif isinstance(n, Path) and n.style.fill:
            ring: list[tuple[float, float]] = []
            for op in n.ops:
                if op[0] == "M":
                    if len(ring) > 2:
                        out.append(ring)
                    ring = [apply(m, op[1], op[2])]
                elif op[0] in ("L", "C"):
                    ring.append(apply(m, op[-2], op[-1]))
            if len(ring) > 2:
                out.append(ring)
    return out


def _shape(kind: str, form: str, reading: list):
    """One face's (or every face's) reading in the form an expect takes."""
    if kind == "colours":
        names = sorted(colour_name(c) if c else "none" for c in reading)
        return names[0] if form == "one" and len(set(names)) == 1 else names
    if form == "count":
        return len(reading)
    got = sorted(reading)
    return got[0] if len(got) == 1 else got


def element_line(game: Game, face: DrawnFace, text: str) -> str | None:
    """file:line of the face's text elements whose text is `text` (plain text only; None when not found)."""
    from pnp.spec.yamlfile import locate

    if is_guide(game, face.family):
        return None  # pnp lays out the guide: its texts come from game.yaml, not an element
    fam = game.family(face.family)
    data = fam.data
    elements = data.get(face.side) if isinstance(data, dict) else None
    found = []
    for n, el in enumerate(elements or []):
        body = el.get("text") if isinstance(el, dict) else None
        value = body.get("text") if isinstance(body, dict) else None
        if isinstance(value, str) and norm(value) == norm(text):
            file, line = locate(data, (face.side, n))
            if line:
                found.append(f"{file or fam.file}:{line}")
    return ", ".join(found[:4]) or None


def _cells(s, side: float) -> tuple:
    """The squares of `side` a filled shape covers (a square counts when its centre is inside), as a shape."""
    x0, y0 = s.box[0], s.box[1]
    fw, fh = (s.box[2] - x0) / side, (s.box[3] - y0) / side
    cols, rows = round(fw), round(fh)
    if abs(fw - cols) * side > TOL or abs(fh - rows) * side > TOL:
        return (("not whole squares", f"{fw:.2f} x {fh:.2f}"),)
    cells = [
        (i, j)
        for i in range(cols)
        for j in range(rows)
        if s.holds(x0 + (i + 0.5) * side, y0 + (j + 0.5) * side)
    ]
    return _canonical(cells)


MOST_SQUARES = 10_000  # squares one shape is read on: a board's grid has hundreds


def _squares_at(shapes, side: float, origin: tuple[float, float]) -> tuple:
    """The squares of a grid (square [0, 0] from `origin`) whose centres the shapes cover."""
    out = set()
    for s in shapes:
        ox, oy = origin
        c0, c1 = math.floor((s.box[0] - ox) / side), math.ceil((s.box[2] - ox) / side)
        r0, r1 = math.floor((s.box[1] - oy) / side), math.ceil((s.box[3] - oy) / side)
        if (c1 - c0) * (r1 - r0) > MOST_SQUARES:
            raise RuleInputError(
                f"fills: a shape {s.box[2] - s.box[0]:.1f} x {s.box[3] - s.box[1]:.1f} mm spans "
                f"more than {MOST_SQUARES} squares of {side:.2f} mm: a larger square, or an 'in' area"
            )
        out |= {
            (c, r)
            for c in range(c0, c1)
            for r in range(r0, r1)
            if s.holds(ox + (c + 0.5) * side, oy + (r + 0.5) * side)
        }
    return tuple(sorted(out))


def _placed(cells) -> tuple:
    """Squares as written in an expect, by column and row, in one order (never turned)."""
    try:
        return tuple(sorted({(int(c[0]), int(c[1])) for c in cells}))
    except (TypeError, ValueError, IndexError):
        raise RuleInputError(
            "fills with 'square': expect each colour's squares as [[x, y], ...]"
        ) from None


def _canonical(cells) -> tuple:
    """One spelling of a set of squares, the same however it is turned or flipped."""
    try:
        pts = [(int(c[0]), int(c[1])) for c in cells]
    except (TypeError, ValueError, IndexError):
        raise RuleInputError(
            "fills with 'square': expect each colour's squares as [[x, y], ...]"
        ) from None
    if not pts:
        return ()
    forms = []
    for fx, fy, swap in [(a, b, c) for a in (1, -1) for b in (1, -1) for c in (False, True)]:
        q = [((y if swap else x) * fx, (x if swap else y) * fy) for x, y in pts]
        mx, my = min(p[0] for p in q), min(p[1] for p in q)
        forms.append(tuple(sorted((x - mx, y - my) for x, y in q)))
    return min(forms)


def _show_cells(cells: tuple) -> str:
    if cells and isinstance(cells[0][0], str):
        return f"{cells[0][0]} ({cells[0][1]})"
    return "[" + ", ".join(f"[{x}, {y}]" for x, y in cells) + "]"


def _covers(outer: Box, inner: Box) -> bool:
    e = 1e-6
    return (
        outer[0] <= inner[0] + e
        and outer[1] <= inner[1] + e
        and outer[2] >= inner[2] - e
        and outer[3] >= inner[3] - e
    )


def _track(expect: dict) -> list[str]:
    """{from: 0, to: 100, step: 1}: the numbers a track prints, each once."""
    try:
        a, b, step = int(expect["from"]), int(expect["to"]), int(expect.get("step", 1))
    except (TypeError, ValueError):
        raise RuleInputError("texts: from, to and step are whole numbers") from None
    if step == 0 or abs(b - a) // abs(step) > 100_000:
        raise RuleInputError("texts: a track of at most 100,000 numbers, with a step that is not 0")
    return [str(n) for n in range(a, b + (1 if step > 0 else -1), step)]


def _diff(want: list[str], got: list[str]) -> str:
    missing = list((Counter(want) - Counter(got)).elements())
    extra = list((Counter(got) - Counter(want)).elements())
    parts = []
    if missing:
        parts.append(f"missing {_quote(missing)}")
    if extra:
        parts.append(f"extra {_quote(extra)}")
    return "; ".join(parts) or "the same"


def _sig_diff(a: tuple, b: tuple) -> str:
    names = ("texts", "art", "fills")
    for name, x, y in zip(names, a, b, strict=True):
        if x != y:
            gone = [str(v[0]) for v in set(x) - set(y)][:3]
            new = [str(v[0]) for v in set(y) - set(x)][:3]
            return (
                f"{name}"
                + (f" lacks {gone}" if gone else "")
                + (f" adds {new}" if new else "")
                + (" moved" if not gone and not new else "")
            )
    return "differs"


def _size_bounds(expect) -> tuple[tuple[float, float], tuple[float, float], str]:
    """(min w, min h), (max w, max h) and the words for an expect of a length, {w, h}, {max} or {min}."""
    try:
        if isinstance(expect, str):
            v = parse_length(expect)
            return (v, v), (v, v), f"{expect} x {expect}"
        if isinstance(expect, dict) and set(expect) <= {"w", "h"} and expect:
            w = parse_length(expect["w"]) if "w" in expect else None
            h = parse_length(expect["h"]) if "h" in expect else None
            return (
                (w or 0.0, h or 0.0),
                (w or 1e9, h or 1e9),
                f"{expect.get('w', 'any')} x {expect.get('h', 'any')}",
            )
        if isinstance(expect, dict) and set(expect) <= {"min", "max"} and expect:
            lo = parse_length(expect["min"]) if "min" in expect else 0.0
            hi = parse_length(expect["max"]) if "max" in expect else 1e9
            return (
                (lo, lo),
                (hi, hi),
                " and ".join(f"{k} {v}" for k, v in expect.items()) + " each way",
            )
    except ValueError as exc:
        raise RuleInputError(f"drawn_size: {exc}") from None
    raise RuleInputError("drawn_size: expect a length (2in), {w, h} or {min, max}")


def _expect_text(expect) -> str:
    if expect is None:
        return "faces to read"
    return str(expect)
