"""Evaluate each rule: what the rulebook expects against what the game holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from pnp.errors import PnpError
from pnp.layout.impose import Plan
from pnp.rulecheck.faces import PrintedFaces
from pnp.rulecheck.printed import Reader, RuleInputError
from pnp.rulecheck.result import Result
from pnp.rulecheck.spans import union
from pnp.rulecheck.spec import PRINTED, Rule, RulesFile, Select
from pnp.spec.model import Game, matches
from pnp.spec.validate import validate
from pnp.spec.yamlfile import display_path, locate, read_yaml
from pnp.units import parse_length

__all__ = ["Result", "evaluate", "load_rules"]


def load_rules(game: Game) -> RulesFile | None:
    if game.rules_file is None:
        return None
    file = display_path(game.rules_file)
    if not game.rules_file.is_file():
        raise PnpError("rules file not found", file=file, expected="rules.yaml beside game.yaml")
    data = read_yaml(game.rules_file, documents=game.documents)
    rules = validate(RulesFile, data, file=file)
    for n in range(len(rules.rules)):
        _, line = locate(data, ("rules", n))
        rules._where.append(f"{file}:{line}" if line else file)
    if rules.design_texts is not None:
        _, line = locate(data, ("design_texts",))
        rules._design_at = f"{file}:{line}" if line else file
    if rules.design_art is not None:
        _, line = locate(data, ("design_art",))
        rules._art_at = f"{file}:{line}" if line else file
    return rules


def _items(game: Game, sel: Select, file: str, memo: dict | None = None):
    """The items of the selected families that meet its `where` (None, and the family's name,
    for a family the game lacks); `memo` keeps them for rules that select alike (by the
    families and the condition as spelt) in one game."""
    if memo is None:
        return _selected(game, sel)
    key = (id(game), repr(sel.family), repr(sel.where))
    hit = memo.get(key)
    if hit is None or hit[0] is not game:
        hit = memo[key] = (game, _selected(game, sel))
    return hit[1]


def _selected(game: Game, sel: Select):
    names = sel.family if isinstance(sel.family, list) else [sel.family]
    out = []
    known = [f.name for f in game.families]
    for name in names:
        if name not in known:
            return None, name
        out += [i for i in game.family(name).items if matches(sel.where, i.attrs)]
    return out, None


def _fmt(v) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k}: {v[k]}" for k in v)
    if isinstance(v, (list, tuple, set)):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return str(v)


def _key(attrs: dict, by: str | list[str]) -> str:
    """The value an item is counted under: one attribute, or several joined ('red 5')."""
    if isinstance(by, list):
        return " ".join(str(attrs.get(b)) for b in by)
    return str(attrs.get(by))


def _same(a, b) -> bool:
    return a == b or str(a) == str(b)


def evaluate(
    game: Game,
    rules: RulesFile,
    plan: Plan | None = None,
    printed: PrintedFaces | None = None,
    *,
    draw: Callable[[Game], PrintedFaces] | None = None,
) -> list[Result]:
    """Every rule's result; rules over printed content read `printed`, the game's drawn faces.

    A rule with a `variant` reads the game as built in that variant, loaded here and drawn once
    by `draw` (the pipeline's drawing: the checker reads faces, it does not draw them), as far
    as the rules read it: the families they select there, draw(game, only=families).
    """
    file = display_path(game.rules_file) if game.rules_file else "rules.yaml"

    def draw_printed(g: Game, only: tuple[str, ...] = ()) -> PrintedFaces:
        if draw is None:
            raise ValueError("rules over printed content need the drawn faces (printed=) and draw=")
        return draw(g, only=only) if only else draw(g)

    covers = rules.design_texts is not None or rules.design_art is not None
    if printed is None and (reads_printed(rules) or covers):
        printed = draw_printed(game)
    if plan is not None and printed is not None:
        from pnp.rulecheck.guide import add_guide

        add_guide(game, printed, plan)  # the guide pages: read by rules, held to coverage
    games: dict[str | None, tuple[Game, PrintedFaces | None]] = {game.variant: (game, printed)}

    def in_variant(name: str | None, at: str) -> tuple[Game, PrintedFaces | None]:
        key = None if name == "default" else name
        if key not in games:
            from pnp.spec.load import load_game

            try:
                other = load_game(
                    str(game.folder),
                    variant=key,
                    options={"players": game.options["players"]}
                    if "players" in game.options
                    else None,
                    allow_outside=game.allow_outside,
                    documents=game.documents,  # its files as this build read them
                )
            except PnpError as exc:
                raise PnpError(
                    f"rule at {at}: variant '{name}': {exc.message}",
                    file=at.rsplit(":", 1)[0],
                    line=_line(at),
                    key="variant",
                ) from None
            wanted = tuple(f.name for f in other.families if f.name in read.get(key, ()))
            # no printed rule reads this variant: no faces to draw
            games[key] = (
                other,
                draw_printed(other, wanted) if wanted else PrintedFaces((), {}, None),
            )
        return games[key]

    read = variants_read(rules)

    results = []
    used: dict = {}  # (family, item, side, id of a text) -> the spans the rules of this variant prove
    seen: set = set()  # (family, item, side, id of a mark or fill) the rules of this variant read
    chosen: dict = {}  # what rules over the spec and items select and read, for rules alike
    colours: dict = {}  # id of a game -> colours its rules have compared (Reader.colour_is)
    regions = dict(rules.regions)
    wheres = rules._where  # a private attribute: each read of it is a call
    for n, r in enumerate(rules.rules):
        at = wheres[n] if n < len(wheres) else file
        g, faces = in_variant(r.variant, at) if r.variant else (game, printed)
        if r.measure is not None:  # r.check in PRINTED, without a look at every check's key
            reader = Reader(
                g,
                faces,
                regions,
                lambda name, at=at: in_variant(name, at)[1],
                colours.setdefault(id(g), {}),
            )
            results.append(_read(reader, r, at))
            if faces is printed:
                for f, t, spans in reader.used:
                    # the text by identity: hashing a TextFact hashes every field
                    key = (f.family, f.item, f.side, id(t))
                    used[key] = union(used.get(key, ()), spans)
                seen.update((f.family, f.item, f.side, id(x)) for f, x in reader.seen)
        else:
            results.append(replace(_one(g, r, file, memo=chosen), rule=at))
    if covers and printed is not None:
        results += _coverage(game, rules, printed, used, seen, file)
    if plan is not None:
        results += placed(game, plan)
    return results


def _coverage(game: Game, rules: RulesFile, printed, used: dict, seen: set, file: str) -> list:
    """The coverage results: texts (design_texts), symbols and fills (design_art)."""
    from pnp.rulecheck import coverage, coverage_art

    reader = Reader(game, printed, dict(rules.regions))
    out = []
    if rules.design_texts is not None:
        tally = coverage.Tally()
        try:
            found = coverage.uncovered(game, rules, printed, reader, used, tally)
        except RuleInputError as exc:
            raise PnpError(f"design_texts: {exc}", file=file, key="design_texts") from None
        out.append(coverage.result(game, found, tally, rules._design_at or file))
    if rules.design_art is not None:
        # an ink-saver print recolours its large fills to tints design_art's colours do not
        # name: its fills (the same regions) are proven on the print it lightens; its symbols
        # are read, and its contrast below like any print's (docs/rules.md, Contrast)
        kinds = ("symbols",) if printed.ink_saver else coverage_art.KINDS
        for kind in kinds:
            art = coverage_art.ArtTally()
            try:
                found = coverage_art.uncovered(game, rules, printed, reader, seen, kind, art)
            except RuleInputError as exc:
                raise PnpError(f"design_art: {exc}", file=file, key="design_art") from None
            out.append(coverage_art.result(found, kind, art, rules._art_at or file))
        from pnp.rulecheck import contrast

        out.append(contrast.result(game, printed, rules._art_at or file))
    return out


def reads_printed(rules: RulesFile) -> bool:
    return any(r.check in PRINTED for r in rules.rules)


def variants_read(rules: RulesFile) -> dict[str | None, set[str]]:
    """The families whose faces the printed rules read in each other variant (None: the game
    without one): those of the rules checked there, and those a `scale` reads at full size."""
    out: dict[str | None, set[str]] = {}

    def add(variant: str, names) -> None:
        key = None if variant == "default" else variant
        out.setdefault(key, set()).update([names] if isinstance(names, str) else names)

    for r in rules.rules:
        if r.check not in PRINTED:
            continue
        if r.variant:
            add(r.variant, r.select.family)
        _, opts = r.measured
        if getattr(opts, "of_variant", None):
            add(opts.of_variant, opts.of or r.select.family)
    return out


def _read(reader: Reader, rule: Rule, at: str) -> Result:
    def res(ok: bool, expected: str, found: str, misses) -> Result:
        return Result(
            rule.id,
            ok,
            expected,
            found,
            rule.cite,
            rule.note,
            rule.design_choice,
            at,
            tuple(misses),
            rule.house_rule,
        )

    try:
        name, opts = rule.measured
        return reader.run(rule.select, name, opts, rule.expect, res)
    except RuleInputError as exc:
        raise PnpError(
            f"rule '{rule.id}': {exc}", file=at.rsplit(":", 1)[0], line=_line(at), key=rule.check
        ) from None


def _line(at: str) -> int | None:
    tail = at.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else None


def _missing(rule: Rule, name: str) -> Result:
    return Result(
        rule.id,
        False,
        f"family '{name}'",
        "no such family",
        rule.cite,
        rule.note,
        rule.design_choice,
    )


def observed(game: Game, rule: Rule) -> object:
    """What the game holds for a rule over its items, as that rule's expect (None where no
    expect says it: counts compared, a player's share); pnp check --accept records it."""
    if rule.check in ("equal", "per_player", "records") or rule.check in PRINTED:
        return None
    if rule.check == "distribution":
        items, _ = _items(game, rule.distribution, "")
        return (
            None
            if items is None
            else dict(Counter(_key(i.attrs, rule.distribution.by) for i in items))
        )
    seen: list = []
    _one(game, rule, "", seen)
    got = seen[0] if seen else None
    return None if rule.check == "option" and got == "not set" else got


Res = Callable[[bool, object, object], Result]


def _one(
    game: Game, rule: Rule, file: str, seen: list | None = None, memo: dict | None = None
) -> Result:
    """A rule over the game's spec or items (not its printed faces); with `seen`, what it found
    is appended there too; `memo` keeps the items selected and the specs read, for rules alike."""

    def res(ok: bool, expected, found) -> Result:
        if seen is not None:
            seen.append(found)
        return Result(
            rule.id, ok, _fmt(expected), _fmt(found), rule.cite, rule.note, rule.design_choice
        )

    if rule.check in ON_SPEC:
        return ON_SPEC[rule.check](game, rule, res, file, memo)
    if rule.check not in ON_ITEMS:
        raise AssertionError(rule.check)
    chosen, bad = _items(game, getattr(rule, rule.check), file, memo)
    if chosen is None:
        return _missing(rule, bad)
    return ON_ITEMS[rule.check](game, rule, chosen, res)


def _equal(game: Game, rule: Rule, res: Res, file: str, memo: dict | None = None) -> Result:
    """Several families hold as many items (with `by`: as many of each value)."""
    counts, groups = [], []
    for sel in rule.equal:
        items, bad = _items(game, sel, file, memo)
        if items is None:
            return _missing(rule, bad)
        if sel.by:
            # a misspelt attribute would make every item equal: name it instead
            lacking = [
                b
                for b in ([sel.by] if isinstance(sel.by, str) else sel.by)
                if any(b not in i.attrs for i in items)
            ]
            if lacking:
                return res(
                    False,
                    f"items with attribute '{lacking[0]}'",
                    f"{_fmt(sel.family)} without it",
                )
        counts.append(len(items))
        groups.append(Counter(_key(i.attrs, sel.by) for i in items) if sel.by else None)
    names = [_fmt(s.family) for s in rule.equal]
    if all(g is None for g in groups):
        return res(
            len(set(counts)) == 1,
            "equal counts of " + " and ".join(names),
            dict(zip(names, counts, strict=True)),
        )
    # the same items per value: every family has as many of each value as the first
    by = next(_fmt(s.by) for s in rule.equal if s.by)
    first = groups[0]
    diff = {}
    for name, g in zip(names[1:], groups[1:], strict=True):
        for k in sorted(set(first or {}) | set(g or {})):
            a, b = (first or {}).get(k, 0), (g or {}).get(k, 0)
            if a != b:
                diff[k] = f"{names[0]} {a}, {name} {b}"
    found = "; ".join(f"{k}: {v}" for k, v in list(diff.items())[:6]) + (
        " ..." if len(diff) > 6 else ""
    )
    ok = not diff and len(set(counts)) == 1 and all(g is not None for g in groups)
    return res(
        ok,
        f"as many {' as '.join(names)} for each {by}",
        found or dict(zip(names, counts, strict=True)),
    )


def _option(game: Game, rule: Rule, res: Res, file: str, memo: dict | None = None) -> Result:
    """A game option (players, say) is set to the rulebook's value."""
    found = game.options.get(rule.option)
    return res(
        found is not None and _same(found, rule.expect),
        rule.expect,
        found if found is not None else "not set",
    )


def _property(game: Game, rule: Rule, res: Res, file: str, memo: dict | None = None) -> Result:
    """A key of a family's spec (a size, a count) is the rulebook's; lengths compared in mm."""
    body = rule.property
    try:
        fam = game.family(body.family)
    except KeyError:
        return _missing(rule, body.family)
    found = _dig(_dumped(fam, memo), body.key.split("."))
    want_mm, found_mm = _as_mm(rule.expect), _as_mm(found)
    if want_mm is not None and found_mm is not None:
        return res(abs(want_mm - found_mm) < 0.01, rule.expect, f"{found_mm:g}mm")
    return res(_same(found, rule.expect), rule.expect, found)


def _records(game: Game, rule: Rule, res: Res, file: str, memo: dict | None = None) -> Result:
    """The entries of a list in the families' specs (that match): how many, or how many of each."""
    body = rule.records
    names = body.family if isinstance(body.family, list) else [body.family]
    entries = []
    for name in names:
        try:
            data = _dumped(game.family(name), memo)
        except KeyError:
            return _missing(rule, name)
        listed = data.get(body.field)
        if not isinstance(listed, list):
            return res(False, f"a list '{body.field}' in family '{name}'", "none")
        entries += [
            e
            for e in listed
            if isinstance(e, dict)
            and matches(body.where, e)
            and not (body.unless and matches(body.unless, e))
        ]
    if body.by is None:
        return res(_count_ok(len(entries), rule.expect), rule.expect, len(entries))
    c = Counter(str(e[body.by]) for e in entries if e.get(body.by) not in (None, False, ""))
    want = (
        {str(k): v for k, v in dict(rule.expect).items()}
        if isinstance(rule.expect, dict)
        else rule.expect
    )
    return res(dict(c) == want, want, dict(c))


def _dumped(fam, memo: dict | None) -> dict:
    """The family's spec as plain data (read, never changed), dumped once for the rules of a
    game that read it (`memo`)."""
    if memo is None:
        return fam.spec.model_dump()
    key = ("spec", id(fam.spec))
    hit = memo.get(key)
    if hit is None or hit[0] is not fam.spec:
        hit = memo[key] = (fam.spec, fam.spec.model_dump())
    return hit[1]


def _count(game: Game, rule: Rule, items: list, res: Res) -> Result:
    return res(_count_ok(len(items), rule.expect), rule.expect, len(items))


def _distribution(game: Game, rule: Rule, items: list, res: Res) -> Result:
    """How many items of each value; a single number: every value has that many."""
    by = rule.distribution.by
    c = Counter(_key(i.attrs, by) for i in items)
    if not isinstance(rule.expect, dict):
        odd = {k: v for k, v in c.items() if v != rule.expect}
        return res(
            not odd and bool(c),
            f"{rule.expect} for each {_fmt(by)}",
            odd or f"{len(c)} values, {rule.expect} each",
        )
    want = {str(k): v for k, v in dict(rule.expect).items()}
    return res(dict(c) == want, want, dict(c))


def _per_player(game: Game, rule: Rule, items: list, res: Res) -> Result:
    """Each seat (of the players the game is built for) has as many items, and no one else has any."""
    seats = [c.name for c in game.spec.player_colours[: game.options.get("players", 0)]]
    c = Counter(str(i.attrs.get(rule.per_player.by)) for i in items)
    found = {s: c.get(s, 0) for s in seats}
    extra = {k: v for k, v in c.items() if k not in seats}
    ok = bool(seats) and all(v == rule.expect for v in found.values()) and not extra
    return res(ok, f"{rule.expect} for each of {len(seats)} players", {**found, **extra})


def _sum(game: Game, rule: Rule, items: list, res: Res) -> Result:
    """An attribute summed over the items (a list counts its length)."""
    total = 0
    for i in items:
        v = i.attrs.get(rule.sum.attr, 0)
        total += v if isinstance(v, (int, float)) else (len(v) if isinstance(v, list) else 0)
    return res(total == rule.expect, rule.expect, total)


def _values(game: Game, rule: Rule, items: list, res: Res) -> Result:
    """The values an attribute takes over the items."""
    found_set: set[str] = set()
    for i in items:
        v = i.attrs.get(rule.values.attr)
        # a list of plain values (a die's faces, say) contributes each value;
        # a list of lists (a polyomino's cells) is one value
        flat = isinstance(v, list) and all(isinstance(x, (str, int, float, bool)) for x in v)
        found_set.update(str(x) for x in (v if flat else [v]))
    found = sorted(found_set)
    want = sorted(str(v) for v in rule.expect) if isinstance(rule.expect, list) else rule.expect
    return res(found == want, want, found)


# the checks of rules over the game's spec and items, by their key in rules.yaml
ON_SPEC: dict[str, Callable[[Game, Rule, Res, str, dict | None], Result]] = {
    "equal": _equal,
    "option": _option,
    "property": _property,
    "records": _records,
}
ON_ITEMS: dict[str, Callable[[Game, Rule, list, Res], Result]] = {
    "count": _count,
    "distribution": _distribution,
    "per_player": _per_player,
    "sum": _sum,
    "values": _values,
}


def _count_ok(n: int, expect) -> bool:
    """A count against a number, or against {min: a, max: b} (either bound may be left out)."""
    if isinstance(expect, dict) and set(expect) <= {"min", "max"}:
        return expect.get("min", n) <= n <= expect.get("max", n)
    return n == expect


def _as_mm(v) -> float | None:
    if isinstance(v, str):
        try:
            return parse_length(v)
        except ValueError:
            return None
    return None


def _dig(data, parts):
    if not parts:
        return data
    head, rest = parts[0], parts[1:]
    if head == "*" and isinstance(data, list):
        for el in data:
            v = _dig(el, rest)
            if v is not None:
                return v
        return None
    if isinstance(data, list):
        try:
            return _dig(data[int(head)], rest)
        except (ValueError, IndexError):
            return None
    if isinstance(data, dict) and head in data:
        return _dig(data[head], rest)
    return None


def placed(game: Game, plan: Plan) -> list[Result]:
    """Every item of every family is placed: fronts once (tiles cover a board), backs once."""
    out = []
    fronts: Counter = Counter()
    backs: Counter = Counter()
    for page in plan.pages:
        for p in page.items:
            if p.tile and p.tile != "A1":  # a board's other tiles: counted by its first
                continue
            (fronts if p.side == "front" else backs)[(p.ref.family, p.ref.index)] += 1
    for fp in plan.families:
        want = fp.count
        got = sum(1 for (f, _), n in fronts.items() if f == fp.family and n == 1)
        ok = got == want
        if fp.two_sided:
            got_b = sum(1 for (f, _), n in backs.items() if f == fp.family and n == 1)
            ok = ok and got_b == want
            found = f"{got} fronts, {got_b} backs"
        else:
            found = f"{got} printed"
        out.append(
            Result(
                f"printed:{fp.family}",
                ok,
                f"{want} printed once each" + (" with backs" if fp.two_sided else ""),
                found,
                "pnp: every component in the game is on the printed pages",
            )
        )
    return out
