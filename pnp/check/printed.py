"""Rules over printed content: each reads the drawn faces' facts and compares them with the rulebook."""

from __future__ import annotations

import fnmatch
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from pnp.check.colournames import BASIC, colour_name
from pnp.check.faces import DrawnFace, PrintedFaces
from pnp.check.facts import Box, FaceFacts, fill_under, inside
from pnp.check.printed_spec import Area, Faces, Match
from pnp.check.result import Miss, Result
from pnp.draw.colours import resolve_colour, rgb
from pnp.spec.model import Game, matches
from pnp.units import parse_length

TOL = 0.1  # mm: a drawn size within this is the size asked for
SHOWN = 4  # faces named in a failure's summary


class RuleInputError(ValueError):
    """The rule itself is wrong (an unknown region, an expect of the wrong shape)."""


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def text_ok(m: Match, text: str) -> bool:
    t = norm(text)
    if m.exact is not None:
        return t == norm(m.exact)
    if m.contains is not None:
        return norm(m.contains) in t
    if m.pattern is not None:
        return re.fullmatch(m.pattern, t) is not None
    if m.one_of is not None:
        return t in {norm(x) for x in m.one_of}
    return True


def angle_ok(m: Match, angle: float) -> bool:
    if m.angle is None:
        return True
    wanted = m.angle if isinstance(m.angle, list) else [m.angle]
    return any(abs((angle - a + 180) % 360 - 180) <= 1.0 for a in wanted)


def count_expect(expect) -> object:
    """A count a rule expects: a whole number, or {min, max} of whole numbers; else the rule's error."""
    if isinstance(expect, bool) or not (
        isinstance(expect, int)
        or (isinstance(expect, dict) and expect and set(expect) <= {"min", "max"} and all(isinstance(v, int) and not isinstance(v, bool) for v in expect.values()))
    ):
        raise RuleInputError(f"expect a count: a whole number or {{min: n, max: m}}, not {expect!r}")
    return expect


def as_count(v) -> int:
    count_expect(v)
    return v


def count_ok(n: int, expect) -> bool:
    """A count against a number, or against {min: a, max: b} (either bound may be left out)."""
    if isinstance(expect, dict) and set(expect) <= {"min", "max"}:
        return expect.get("min", n) <= n <= expect.get("max", n)
    return n == expect


def _fmt_count(expect) -> str:
    if isinstance(expect, dict):
        lo, hi = expect.get("min"), expect.get("max")
        return f"at least {lo}" if hi is None else f"at most {hi}" if lo is None else f"{lo} to {hi}"
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

    # --- selecting faces and areas ---
    def select(self, sel: Faces) -> list[DrawnFace] | str:
        names = sel.family if isinstance(sel.family, list) else [sel.family]
        known = {f.name for f in self.game.families}
        out = []
        for name in names:
            if name not in known:
                return f"no family '{name}'"
            out += [f for f in self.printed.faces(name) if f.side == sel.side and matches(sel.where, f.attrs)]
        if not out:
            return f"no {sel.side} drawn for {', '.join(names)}" + (" matching the 'where'" if sel.where else "")
        return out

    def boxes(self, ref) -> list[Box] | None:
        if ref is None:
            return None
        refs = ref if isinstance(ref, list) else [ref]
        out: list[Box] = []
        for r in refs:
            if isinstance(r, str):
                if r not in self.regions:
                    raise RuleInputError(f"no region '{r}' (known: {', '.join(sorted(self.regions)) or 'none'})")
                got = self.regions[r]
                out += self.boxes(got if isinstance(got, list) else [got]) or []
            elif isinstance(r, Area):
                out.append((r.x, r.y, r.x + r.w, r.y + r.h))
        return out

    def texts(self, facts: FaceFacts, area, m: Match | None = None) -> list:
        boxes = self.boxes(area)
        return [
            t for t in facts.texts
            if (boxes is None or any(inside(t.box, b) for b in boxes)) and (m is None or (text_ok(m, t.text) and angle_ok(m, t.angle)))
        ]  # fmt: skip

    def key_of(self, facts: FaceFacts, key) -> str:
        return " ".join(norm(t.text) for t in self.texts(facts, key))

    def marks(self, facts: FaceFacts, area, art: str, colour: str | None = None) -> list:
        boxes = self.boxes(area)
        return [
            k for k in facts.marks
            if fnmatch.fnmatchcase(k.art, art) and (boxes is None or any(inside(k.box, b) for b in boxes))
            and (colour is None or (k.colour is not None and self.colour_is(k.colour, colour)))
        ]  # fmt: skip

    def colour_is(self, hexcolour: str, want: str) -> bool:
        if want in BASIC:
            return colour_name(hexcolour) == want
        try:
            target = resolve_colour(want, self.game.palette)
        except ValueError:
            raise RuleInputError(f"unknown colour '{want}' (a colour name such as {', '.join(BASIC)}, a palette name or #rrggbb)") from None
        if target is None:
            return False
        return max(abs(a - b) for a, b in zip(rgb(hexcolour), rgb(target), strict=True)) <= 2 / 255

    # --- one rule ---
    def run(self, kind: str, body, expect, res: Callable[..., Result]) -> Result:
        faces = self.select(body)
        if isinstance(faces, str):
            return self.named(res(False, _expect_text(kind, expect), faces, ()), body, [])
        for name in ("in_", "key"):
            off = self.off_faces(getattr(body, name, None), faces)
            if off:
                return self.named(res(False, _expect_text(kind, expect), off, ()), body, faces)
        return self.named(getattr(self, "_" + kind)(body, expect, faces, res), body, faces)

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
        """Apply judge(face, facts) -> (ok, printed) to every face; fail naming the faces that break it."""
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

    def _prints(self, body, expect, faces, res):
        want = {"min": 1} if expect is None else count_expect(expect)
        what = _match_words(body)

        def judge(f, facts):
            hits = self.texts(facts, body.in_, body)
            if count_ok(len(hits), want):
                return True, ""
            if hits:
                return False, f"{len(hits)} such: {_quote([norm(t.text) for t in hits])}", hits[0].text
            shown = [norm(t.text) for t in self.texts(facts, body.in_)]
            return False, f"none; {'there ' if body.in_ else ''}{_quote(shown) if shown else 'no text'}"

        return self.per_face(faces, res, f"{_fmt_count(want)} text {what}", judge)

    def _texts(self, body, expect, faces, res):
        if body.key is not None and body.per == "face":
            return self.keyed(faces, body, expect, res, lambda facts: sorted(norm(t.text) for t in self.texts(facts, body.in_, body)), _as_list)
        if body.key is not None:
            return self.grouped(faces, body, expect, res)
        if isinstance(expect, dict) and {"from", "to"} <= set(expect) <= {"from", "to", "step"}:
            expect = _track(expect)
        if not isinstance(expect, list):
            raise RuleInputError("texts: expect a list of the texts printed, {from: 0, to: 100} for a track's numbers, or a mapping with 'key'")
        want = sorted(norm(str(x)) for x in expect)
        if body.per == "face":
            def judge(f, facts):
                got = sorted(norm(t.text) for t in self.texts(facts, body.in_, body))
                return got == want, _diff(want, got)

            return self.per_face(faces, res, _quote(want) + " on each face", judge)
        got: list[str] = []
        first: dict[str, DrawnFace] = {}
        for f in faces:
            for t in self.texts(self.printed.facts(f), body.in_, body):
                got.append(norm(t.text))
                first.setdefault(norm(t.text), f)
        got.sort()
        if got == want:
            return res(True, _quote(want), f"{len(got)} texts as listed", ())
        extra = Counter(got) - Counter(want)
        misses = tuple(self.miss(first[t], f"'{t}'" + (f" ({n + Counter(want)[t]} times in all)" if n + Counter(want)[t] > 1 else ""), t) for t, n in extra.items())
        return res(False, _quote(want), _diff(want, got), misses)

    def grouped(self, faces, body, expect, res) -> Result:
        """Faces grouped by their key text; each group's texts together against expect[key]."""
        if not isinstance(expect, dict):
            raise RuleInputError("with 'key', expect is a mapping: {key text: [texts the faces with that key print]}")
        want = {norm(str(k)): _as_list(v) for k, v in expect.items()}
        got: dict[str, list[str]] = {}
        first: dict[tuple[str, str], DrawnFace] = {}
        for f in faces:
            facts = self.printed.facts(f)
            k = self.key_of(facts, body.key)
            for t in self.texts(facts, body.in_, body):
                got.setdefault(k, []).append(norm(t.text))
                first.setdefault((k, norm(t.text)), f)
        problems, misses = [], []
        for k in sorted(set(want) | set(got)):
            w, g = want.get(k, []), sorted(got.get(k, []))
            if w != g:
                problems.append(f"'{k}': {_diff(w, g)}")
                for t in (Counter(g) - Counter(w)):
                    misses.append(self.miss(first[(k, t)], f"'{t}' under '{k}'", t))
        expected = "; ".join(f"'{k}': {_quote(v)}" for k, v in list(want.items())[:4]) + (" ..." if len(want) > 4 else "")
        if not problems:
            return res(True, expected, f"{len(faces)} faces as listed", ())
        return res(False, expected, "; ".join(problems[:SHOWN]), tuple(misses))

    def _marks(self, body, expect, faces, res):
        def count(facts):
            return len(self.marks(facts, body.in_, body.art, body.colour))

        label = f"'{body.art}'" + (f" in {body.colour}" if body.colour else "")
        if body.key is not None:
            return self.keyed(faces, body, expect, res, count, as_count, label)
        count_expect(expect)
        if body.per == "all":
            per = [(f, count(self.printed.facts(f))) for f in faces]
            total = sum(n for _, n in per)
            shown = f"{label} drawn {total} times on {sum(1 for _, n in per if n)} of {len(faces)} faces"
            return res(count_ok(total, expect), f"{label} drawn {_fmt_count(expect)} times in all", shown, ())

        def judge(f, facts):
            n = count(facts)
            return count_ok(n, expect), f"{label} drawn {n} time{'s' if n != 1 else ''}"

        return self.per_face(faces, res, f"{label} drawn {_fmt_count(expect)} times on each face", judge)

    def keyed(self, faces, body, expect, res, measure, want_as, label: str = "", same=None, show=None) -> Result:
        """Each face is judged by the text it prints in body.key: expect maps that text to what it shows."""
        if not isinstance(expect, dict):
            raise RuleInputError("with 'key', expect is a mapping: {key text: what that face shows}")
        want = {norm(str(k)): v for k, v in expect.items()}
        seen: set[str] = set()

        def judge(f, facts):
            k = self.key_of(facts, body.key)
            seen.add(k)
            if k not in want:
                return False, f"prints '{k}' where the rulebook has one of {_quote(want)}" if k else "prints no key text"
            got = measure(facts)
            ok = same(got, want_as(want[k])) if same else got == want_as(want[k])
            return ok, f"'{k}': {label + ' ' if label else ''}{(show or _show)(got)}"

        r = self.per_face(faces, res, "; ".join(f"'{k}': {_show(want_as(v))}" for k, v in list(want.items())[:6]) + (" ..." if len(want) > 6 else ""), judge)
        missing = [k for k in want if k not in seen]
        if missing and r.passed:
            return res(False, r.expected, f"no face prints {_quote(missing)}", ())
        return r

    def _faces(self, body, expect, faces, res):
        count_expect(expect)
        names = sorted({f.item for f in faces})
        return res(count_ok(len(faces), expect), f"{_fmt_count(expect)} {body.side}s", f"{len(faces)}: {_quote(names)}", ())

    def _fills(self, body, expect, faces, res):
        if not isinstance(expect, dict) or not expect:
            raise RuleInputError("fills: expect a mapping of colour to a count (or, with 'square', to its squares)")
        for word, want in expect.items():
            self.colour_is("#000000", str(word))  # an unknown colour is the rule's error, said once
            if body.square is None:
                count_expect(want)
        boxes = self.boxes(body.in_)

        def judge(f, facts):
            shapes = [s for s in facts.shapes if s.opacity >= 0.5 and (boxes is None or any(inside(s.box, b) for b in boxes))]
            bad = []
            for word, want in expect.items():
                got = [s for s in shapes if self.colour_is(s.fill, str(word))]
                if body.square is None:
                    if not count_ok(len(got), want):
                        bad.append(f"{word}: {len(got)}")
                else:
                    shapes_ = sorted({_cells(s, body.square) for s in got}, key=str)
                    if shapes_ != [_canonical(want)]:
                        bad.append(f"{word}: " + (", ".join(_show_cells(c) for c in shapes_) if shapes_ else "none"))
            return not bad, "; ".join(bad)

        return self.per_face(faces, res, ", ".join(f"{k}: {v}" for k, v in expect.items()), judge)

    def _die_faces(self, body, expect, faces, res):
        if not isinstance(expect, list):
            raise RuleInputError("die_faces: expect the list of face labels")
        # a blank face prints nothing to read: blanks are left out on both sides
        want = sorted(norm("" if x is None else str(x)) for x in expect if norm("" if x is None else str(x)))

        def judge(f, facts):
            labels = [
                " ".join([norm(t.text) for t in facts.texts if t.region == n] + [k.art for k in facts.marks if k.region == n])
                for n in range(len(facts.regions))
            ]
            labels = [lab.strip() for lab in labels if lab.strip()]
            got = sorted(labels)
            return got == want, f"faces {_quote(sorted(labels, key=_natural))}"

        return self.per_face(faces, res, f"faces {_quote(sorted(want, key=_natural))}", judge)

    def _same(self, body, expect, faces, res):
        sigs = [self.printed.facts(f).signature() for f in faces]
        common, _ = Counter(sigs).most_common(1)[0]
        odd = [(f, s) for f, s in zip(faces, sigs, strict=True) if s != common]
        if not odd:
            return res(True, f"every {body.side} the same", f"all {len(faces)} alike", ())
        like = next(f for f, s in zip(faces, sigs, strict=True) if s == common)
        misses = tuple(self.miss(f, f"differs from {like.item}: " + _sig_diff(common, s)) for f, s in odd)
        found = "; ".join(f"{m.item}: {m.printed}" for m in misses[:SHOWN])
        return res(False, f"every {body.side} the same", found, misses)

    def measured_colours(self, body, facts: FaceFacts) -> list[str | None]:
        """The colours a colour rule reads on one face.

        under: the fill under each text that matches; art: the colour of each matching art;
        in: the colour on top at the centre of each area; else the fill covering most of the face.
        """
        if body.under is not None:
            out = []
            for t in self.texts(facts, body.in_, body.under):
                s = fill_under(facts, t.box, t.order)
                out.append(s.fill if s else "#ffffff")
            return out
        if body.art is not None:
            return [k.colour for k in self.marks(facts, body.in_, body.art)]
        boxes = self.boxes(body.in_)
        if boxes is not None:
            out = []
            for b in boxes:
                s = fill_under(facts, b, 1 << 60)
                out.append(s.fill if s else "#ffffff")
            return out
        # the colour that covers most of the face, leaving out fills hidden under a later one
        solid = [s for s in facts.shapes if s.opacity >= 0.5]
        area: Counter = Counter()
        for n, s in enumerate(solid):
            if not any(_covers(t.box, s.box) for t in solid[n + 1 :]):
                area[s.fill] += s.area
        return [area.most_common(1)[0][0]] if area else []

    def _colour(self, body, expect, faces, res):
        def shown(cs):
            return ", ".join(f"{c} ({colour_name(c)})" if c else "no colour" for c in cs) or "nothing drawn"

        def ok_all(cs, want):
            return bool(cs) and all(c is not None and self.colour_is(c, str(want)) for c in cs)

        if body.key is not None:
            return self.keyed(faces, body, expect, res, lambda facts: self.measured_colours(body, facts), str, same=ok_all, show=shown)
        if isinstance(expect, list):
            got = [(f, c) for f in faces for c in self.measured_colours(body, self.printed.facts(f))]
            names = sorted(colour_name(c) if c else "none" for _, c in got)
            want = sorted(str(x) for x in expect)
            if names == want:
                return res(True, _quote(want), f"{len(got)} colours as listed", ())
            extra = Counter(names) - Counter(want)
            misses = tuple(self.miss(f, shown([c])) for f, c in got if extra.get(colour_name(c) if c else "none"))
            return res(False, _quote(want), _diff(want, names), misses)

        def judge(f, facts):
            cs = self.measured_colours(body, facts)
            return ok_all(cs, expect), shown(cs)

        return self.per_face(faces, res, f"{expect}", judge)

    def _drawn_size(self, body, expect, faces, res):
        lo, hi, text = _size_bounds(expect)

        def judge(f, facts):
            if body.die_face:
                sizes = [(b[2] - b[0], b[3] - b[1]) for b in facts.regions]
                if not sizes:
                    return False, "no die faces drawn"
            elif body.art is None:
                sizes = [(f.w, f.h)]
            else:
                sizes = [(k.box[2] - k.box[0], k.box[3] - k.box[1]) for k in self.marks(facts, body.in_, body.art)]
                if not sizes:
                    return False, f"no '{body.art}' drawn"
            bad = [(w, h) for w, h in sizes if not (lo[0] - TOL <= w <= hi[0] + TOL and lo[1] - TOL <= h <= hi[1] + TOL)]
            what = "a die face " if body.die_face else f"'{body.art}' " if body.art else ""
            return not bad, "" if not bad else f"{what}{bad[0][0]:.2f} x {bad[0][1]:.2f} mm"

        return self.per_face(faces, res, text, judge)

    def _scale(self, body, expect, faces, res):
        if isinstance(expect, bool) or not isinstance(expect, (int, float)) or expect <= 0:
            raise RuleInputError(f"scale: expect a number above 0 such as 0.75, not {expect!r}")
        source = self.printed if body.of_variant is None or self.other is None else self.other(body.of_variant)
        where = f" ({body.of_variant})" if body.of_variant else ""

        def judge(f, facts):
            full = [g for g in source.faces(body.of or f.family) if g.side == body.side]
            if not full:
                return False, f"no {body.of or f.family}{where} drawn to compare with"
            ref = next((g for g in full if g.item == f.item), full[0])
            sx, sy = f.w / ref.w, f.h / ref.h
            ok = abs(sx - float(expect)) < 1e-3 and abs(sy - float(expect)) < 1e-3
            return ok, f"{sx:.3f} x {sy:.3f} of {ref.item} ({f.w:.2f} x {f.h:.2f} mm against {ref.w:.2f} x {ref.h:.2f} mm)"

        return self.per_face(faces, res, f"{float(expect):g} of {body.of or 'the same family'}{where}", judge)

    def _lines(self, body, expect, faces, res):
        count_expect(expect)
        boxes = self.boxes(body.in_)

        def judge(f, facts):
            ls = ([] if body.direction == "upright" else [((a + b) / 2, pos) for pos, a, b in facts.lines_y]) + (
                [] if body.direction == "level" else [(pos, (a + b) / 2) for pos, a, b in facts.lines_x]
            )
            n = sum(1 for x, y in ls if boxes is None or any(inside((x, y, x, y), bx) for bx in boxes))
            return count_ok(n, expect), f"{n} line{'s' if n != 1 else ''}"

        kind = "" if body.direction == "any" else body.direction + " "
        return self.per_face(faces, res, f"{_fmt_count(expect)} {kind}lines on each face", judge)

    def _outlines(self, body, expect, faces, res):
        count_expect(expect)
        if body.colour is not None:
            self.colour_is("#000000", body.colour)  # an unknown colour is the rule's error, said once
        boxes = self.boxes(body.in_)

        def judge(f, facts):
            n = sum(
                1 for o in facts.outlines
                if (body.shape == "any" or o.kind == body.shape) and (boxes is None or any(inside(o.box, b) for b in boxes))
                and (body.colour is None or self.colour_is(o.stroke, body.colour))
            )  # fmt: skip
            return count_ok(n, expect), f"{n} outline{'s' if n != 1 else ''}"

        kind = "" if body.shape == "any" else body.shape + " "
        return self.per_face(faces, res, f"{_fmt_count(expect)} {kind}outlines on each face", judge)

    def _grid(self, body, expect, faces, res):
        if not isinstance(expect, dict) or not set(expect) <= {"cols", "rows", "cell"}:
            raise RuleInputError("grid: expect {cols, rows, cell}")
        boxes = self.boxes(body.in_)

        def judge(f, facts):
            def lines(ls, vertical):
                out = set()
                for pos, a, b in ls:
                    mid = (pos, (a + b) / 2) if vertical else ((a + b) / 2, pos)
                    if boxes is None or any(inside((*mid, *mid), bx) for bx in boxes):
                        out.add(round(pos, 2))
                return sorted(out)

            xs, ys = lines(facts.lines_x, True), lines(facts.lines_y, False)
            steps = sorted([b - a for a, b in zip(xs, xs[1:], strict=False)] + [b - a for a, b in zip(ys, ys[1:], strict=False)])
            got = {"cols": max(len(xs) - 1, 0), "rows": max(len(ys) - 1, 0), "cell": steps[len(steps) // 2] if steps else 0.0}
            ok = all(
                abs(got[k] - parse_length(v)) <= TOL if k == "cell" else got[k] == v for k, v in expect.items()
            ) and (not steps or steps[-1] - steps[0] <= TOL or "cell" not in expect)
            return ok, f"{got['cols']} x {got['rows']} squares of {got['cell']:.2f} mm" + (
                f" (lines {steps[0]:.2f} to {steps[-1]:.2f} mm apart)" if steps and steps[-1] - steps[0] > TOL else ""
            )

        return self.per_face(faces, res, ", ".join(f"{k} {v}" for k, v in expect.items()), judge)


def element_line(game: Game, face: DrawnFace, text: str) -> str | None:
    """file:line of the face's text elements whose text is `text` (plain text only; None when not found)."""
    from pnp.spec.yamlfile import locate

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
    cells = [(i, j) for i in range(cols) for j in range(rows) if s.holds(x0 + (i + 0.5) * side, y0 + (j + 0.5) * side)]
    return _canonical(cells)


def _canonical(cells) -> tuple:
    """One spelling of a set of squares, the same however it is turned or flipped."""
    try:
        pts = [(int(c[0]), int(c[1])) for c in cells]
    except (TypeError, ValueError, IndexError):
        raise RuleInputError("fills with 'square': expect each colour's squares as [[x, y], ...]") from None
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
    return outer[0] <= inner[0] + e and outer[1] <= inner[1] + e and outer[2] >= inner[2] - e and outer[3] >= inner[3] - e


def _track(expect: dict) -> list[str]:
    """{from: 0, to: 100, step: 1}: the numbers a track prints, each once."""
    try:
        a, b, step = int(expect["from"]), int(expect["to"]), int(expect.get("step", 1))
    except (TypeError, ValueError):
        raise RuleInputError("texts: from, to and step are whole numbers") from None
    if step == 0 or abs(b - a) // abs(step) > 100_000:
        raise RuleInputError("texts: a track of at most 100,000 numbers, with a step that is not 0")
    return [str(n) for n in range(a, b + (1 if step > 0 else -1), step)]


def _natural(s: str):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", s)]


def _as_list(v) -> list[str]:
    return sorted(norm(str(x)) for x in v) if isinstance(v, list) else [norm(str(v))]


def _show(v) -> str:
    return _quote(v) if isinstance(v, list) else str(v)


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
            return f"{name}" + (f" lacks {gone}" if gone else "") + (f" adds {new}" if new else "") + (" moved" if not gone and not new else "")
    return "differs"


def _match_text(m: Match) -> str:
    if m.exact is not None:
        return f"'{m.exact}'"
    if m.contains is not None:
        return f"containing '{m.contains}'"
    if m.pattern is not None:
        return f"matching /{m.pattern}/"
    if m.one_of is not None:
        return f"one of {_quote(m.one_of)}"
    return "of any kind"


def _match_words(m: Match) -> str:
    turn = "" if m.angle is None else f" at {m.angle} degrees"
    return _match_text(m) + turn


def _size_bounds(expect) -> tuple[tuple[float, float], tuple[float, float], str]:
    """(min w, min h), (max w, max h) and the words for an expect of a length, {w, h}, {max} or {min}."""
    try:
        if isinstance(expect, str):
            v = parse_length(expect)
            return (v, v), (v, v), f"{expect} x {expect}"
        if isinstance(expect, dict) and set(expect) <= {"w", "h"} and expect:
            w = parse_length(expect["w"]) if "w" in expect else None
            h = parse_length(expect["h"]) if "h" in expect else None
            return (w or 0.0, h or 0.0), (w or 1e9, h or 1e9), f"{expect.get('w', 'any')} x {expect.get('h', 'any')}"
        if isinstance(expect, dict) and set(expect) <= {"min", "max"} and expect:
            lo = parse_length(expect["min"]) if "min" in expect else 0.0
            hi = parse_length(expect["max"]) if "max" in expect else 1e9
            return (lo, lo), (hi, hi), " and ".join(f"{k} {v}" for k, v in expect.items()) + " each way"
    except ValueError as exc:
        raise RuleInputError(f"drawn_size: {exc}") from None
    raise RuleInputError("drawn_size: expect a length (2in), {w, h} or {min, max}")


def _expect_text(kind: str, expect) -> str:
    if expect is None:
        return "faces to read"
    return str(expect)
