"""Rules over printed content: each selects drawn faces, reads a measure on each
(pnp.rulecheck.measures) and compares the readings with the rulebook (pnp.rulecheck.expect)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from pnp.rulecheck import expect as cmp
from pnp.rulecheck.expect import count_expect, count_ok, quote
from pnp.rulecheck.faces import DrawnFace, PrintedFaces
from pnp.rulecheck.facts import Box, FaceFacts
from pnp.rulecheck.fillread import fill_colours
from pnp.rulecheck.guide import GUIDE, is_guide
from pnp.rulecheck.measures import READ
from pnp.rulecheck.printed_spec import MEASURES, Faces, FaceSelect
from pnp.rulecheck.reading import (
    Context,
    FaceView,
    RuleInputError,
    boxes,
    colour_is,
    text_ok,
    texts_in,
)
from pnp.rulecheck.result import Miss, Result
from pnp.rulecheck.spans import WHOLE, norm
from pnp.spec.model import Game

__all__ = ["Reader", "RuleInputError", "count_expect", "count_ok", "element_line", "text_ok"]

SHOWN = 4  # faces named in a failure's summary
FACE_READS = frozenset(
    {"size", "scale", "faces"}
)  # measures that read the face, not only its facts
Res = Callable[..., Result]


class Reader:
    """Evaluates the printed rules of one rules file against one game's drawn faces.

    It keeps what its rules read, for coverage: `used`, (face, text, the spans proven), and
    `seen`, (face, MarkFact or ShapeFact)."""

    def __init__(self, game: Game, printed: PrintedFaces, regions: dict, other=None, colours=None):
        self.game = game
        self.printed = printed
        self.regions = regions
        self.other = other  # variant name -> PrintedFaces of the game in that variant
        self.used: list = []
        self.seen: list = []
        # areas and positions are in the family's own millimetres: a family printed at `scale`
        # (a reduced variant) has them scaled with it, so one rule reads every variant
        self.scales = {f.name: f.spec.scale for f in game.families}
        # (drawn, named) -> the same colour; `colours`: a dict the readers of one game share
        self._colours: dict[tuple[str, str], bool] = {} if colours is None else colours
        # (measure, options, rule, facts, scale) -> (what the key names, kept alive; Reading)
        self._readings: dict[tuple, tuple] = {}

    # --- selecting faces and areas ---
    def select(self, sel: Faces) -> list[DrawnFace] | str:
        names = sel.family if isinstance(sel.family, list) else [sel.family]
        known = {f.name for f in self.game.families} | ({GUIDE} & set(self.printed.by_family))
        out = []
        for name in names:
            if name not in known:
                return f"no family '{name}'"
            out += self.printed.matching(name, sel.side, sel.where)
        if not out:
            return f"no {sel.side} drawn for {', '.join(names)}" + (
                " matching the 'where'" if sel.where else ""
            )
        return out

    def scale_of(self, face: DrawnFace) -> float:
        return self.scales.get(face.family, 1.0)

    def area_on(self, ref, face: DrawnFace) -> list[Box] | None:
        """An area (a region name, {x, y, w, h} or a list of them) as drawn on this face."""
        return boxes(ref, self.regions, self.scale_of(face))

    def colour_is(self, hexcolour: str, want: str) -> bool:
        """colour_is against the game's palette, worked out once for each pair of colours."""
        got = self._colours.get((hexcolour, want))
        if got is None:
            got = self._colours[(hexcolour, want)] = colour_is(hexcolour, want, self.game.palette)
        return got

    def key_of(self, facts: FaceFacts, key, face: DrawnFace, used: bool = True) -> str:
        """The text a face prints in a rule's `key` area (read whole, for coverage)."""
        hits = texts_in(facts, self.area_on(key, face))
        if used:
            self.used += [(face, t, WHOLE) for t in hits]
        return " ".join(norm(t.text) for t in hits)

    # --- one measure on one face ---
    def context(self, sel: FaceSelect, whole: bool = True) -> Context:
        return Context(self.game, self.printed, self.regions, sel.side, sel.in_, whole, self.other)

    def read(self, name: str, opts, rule: Context, face: DrawnFace, facts: FaceFacts) -> list:
        """The measure `name` on one face: a list of readings (texts, art names, colours, sizes ...).

        Faces that print one drawing (a deck's backs) share their facts: a measure of the facts
        alone is taken once for them in a rule, what it read kept for each face (coverage)."""
        k = self.scale_of(face)
        if name in FACE_READS:
            got = READ[name](FaceView(face, facts, k, rule), opts)
        else:
            key = (name, id(opts), id(rule), id(facts), k)
            hit = self._readings.get(key)
            if hit is None or hit[0] is not opts or hit[1] is not rule or hit[2] is not facts:
                if len(self._readings) >= 4096:
                    self._readings.clear()
                got = READ[name](FaceView(face, facts, k, rule), opts)
                hit = self._readings[key] = (opts, rule, facts, got)
            got = hit[3]
        self.used += [(face, t, spans) for t, spans in got.texts]
        self.seen += [(face, x) for x in got.seen]
        return list(got.values)

    def judge(self, kind: str, got: list, want, label: str, face: DrawnFace) -> tuple:
        """One reading against one expect, at the scale of `face`'s family."""
        return cmp.judge(kind, got, want, label, self.colour_is, self.scale_of(face))

    def wanted(self, kind: str, opts, expect):
        return cmp.wanted(kind, opts, expect, self.colour_is)

    # --- one rule: select faces -> measure each -> compare with expect ---
    def run(self, sel: FaceSelect, name: str, opts, expect, res: Res) -> Result:
        self._readings.clear()  # each rule reads in a context of its own
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
        rule = replace(  # a fills rule reads the colours it names, not every shape there
            self.context(sel, _compares_whole(kind, expect, sel)),
            colours=fill_colours(kind, expect),
        )
        if kind == "same":
            r = self.compare_faces(sel, faces, opts, res)
        elif sel.by is not None:
            r = self.distinct(sel, name, opts, rule, faces, expect, res)
        elif sel.key is not None:
            r = self.keyed(sel, name, opts, rule, kind, per, faces, expect, res)
        elif per == "face":
            r = self.each_face(name, opts, rule, kind, faces, expect, res)
        else:
            r = self.over_all(name, opts, rule, kind, faces, expect, res)
        return self.named(r, sel, faces)

    def each_face(self, name, opts, rule: Context, kind, faces, expect, res: Res) -> Result:
        """Every face's readings on their own, against one expect."""
        want = self.wanted(kind, opts, expect)
        label = cmp.label(name, opts)

        def judge(f, facts):
            got = self.read(name, opts, rule, f, facts)
            ok, shown, *hint = self.judge(kind, got, want, label, f)
            if not ok and not got and name == "texts":  # what the face prints instead
                there = [norm(t.text) for t in texts_in(facts, self.area_on(rule.area, f))]
                shown = (
                    f"none; {'there ' if rule.area else ''}{quote(there) if there else 'no text'}"
                )
            return (ok, shown, *hint)

        expected = cmp.words(kind, label, want) + ("" if len(faces) == 1 else " on each face")
        return self.per_face(faces, res, expected, judge)

    def over_all(self, name, opts, rule: Context, kind, faces, expect, res: Res) -> Result:
        """Every selected face's readings together, against one expect."""
        want = self.wanted(kind, opts, expect)
        label = cmp.label(name, opts)
        got: list = []
        first: dict = {}
        for f in faces:
            for v in self.read(name, opts, rule, f, self.printed.facts(f)):
                got.append(v)
                if isinstance(v, str):
                    first.setdefault(v, f)
        # squares placed from an `origin` are read at one scale: the last face's family's
        ok, shown, *_ = self.judge(kind, got, want, label, faces[-1])
        if ok:
            return res(True, cmp.words(kind, label, want), shown, ())
        misses = ()
        if want[0] == "list" and kind == "list":
            extra = Counter(got) - Counter(want[1])
            misses = tuple(
                self.miss(first[t], f"'{t}'" + (f" ({n + Counter(want[1])[t]} times in all)" if n + Counter(want[1])[t] > 1 else ""), t)
                for t, n in extra.items() if t in first
            )  # fmt: skip
        elif name == "faces":
            shown = f"{len(faces)}: {quote(sorted({f.item for f in faces}))}"
        return res(False, cmp.words(kind, label, want), shown, misses)

    def keyed(self, sel, name, opts, rule: Context, kind, per, faces, expect, res: Res) -> Result:
        """Each face is known by the text it prints in sel.key: expect maps that text to its expect."""
        if not isinstance(expect, dict):
            raise RuleInputError(
                "with 'key', expect is a mapping: {key text: what the faces with that key show}"
            )
        want = {norm(str(k)): self.wanted(kind, opts, v) for k, v in expect.items()}
        label = cmp.label(name, opts)
        expected = "; ".join(
            f"'{k}': {cmp.words(kind, label, v)}" for k, v in list(want.items())[:6]
        ) + (" ..." if len(want) > 6 else "")
        if per == "all":
            return self.keyed_all(sel, name, opts, rule, kind, faces, want, expected, res)
        seen: set[str] = set()

        def judge(f, facts):
            k = self.key_of(facts, sel.key, f)
            seen.add(k)
            if k not in want:
                return (
                    False,
                    f"prints '{k}' where the rulebook has one of {quote(want)}"
                    if k
                    else "prints no key text",
                )
            got = self.read(name, opts, rule, f, facts)
            ok, shown, *hint = self.judge(kind, got, want[k], label, f)
            return (ok, f"'{k}': {shown}", *hint)

        r = self.per_face(faces, res, expected, judge)
        missing = [k for k in want if k not in seen]
        if missing and r.passed:
            return res(False, r.expected, f"no face prints {quote(missing)}", ())
        return r

    def keyed_all(self, sel, name, opts, rule, kind, faces, want, expected, res: Res) -> Result:
        """With `key` and per: all, the readings of every face with one key text together."""
        label = cmp.label(name, opts)
        got: dict[str, list] = {}
        first: dict = {}
        for f in faces:
            facts = self.printed.facts(f)
            k = self.key_of(facts, sel.key, f)
            for v in self.read(name, opts, rule, f, facts):
                got.setdefault(k, []).append(v)
                first.setdefault((k, v), f)
        problems, misses = [], []
        for k in sorted(set(want) | set(got)):
            if k not in want:
                problems.append(f"'{k}': not in the rulebook's {quote(want)}")
                continue
            ok, shown, *_ = self.judge(kind, got.get(k, []), want[k], label, faces[-1])
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

    def distinct(self, sel, name, opts, rule: Context, faces, expect, res: Res) -> Result:
        """With `by`: every face of a group (a suit, a player) reads alike, and no two groups alike."""
        if expect != "distinct":
            raise RuleInputError("with 'by', expect is the word distinct")
        groups: dict[str, dict[str, DrawnFace]] = {}
        for f in faces:
            reading = " ".join(self.read(name, opts, rule, f, self.printed.facts(f)))
            groups.setdefault(str(f.attrs.get(sel.by)), {}).setdefault(reading, f)
        expected = f"each {sel.by} read alike, no two alike"
        misses, problems = [], []
        for g, readings in groups.items():
            if len(readings) > 1:
                (r0, f0), *rest = readings.items()
                problems.append(f"{sel.by} {g}: {quote(readings)}")
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
        area = boxes(ref, self.regions, 1.0)  # as the rule writes it, in millimetres
        if not area:
            return None
        k = self.scale_of(faces[0])  # the faces as the rule measures them, in the family's mm
        w, h = max(f.w for f in faces) / k, max(f.h for f in faces) / k
        off = [b for b in area if b[0] >= w or b[1] >= h or b[2] <= 0 or b[3] <= 0]
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


def _sig_diff(a: tuple, b: tuple) -> str:
    names = ("texts", "art", "fills", "lines")  # as FaceFacts.signature lists them
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


def _expect_text(expect) -> str:
    if expect is None:
        return "faces to read"
    return str(expect)
