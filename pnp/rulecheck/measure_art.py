"""Measures of drawn art: symbols by name, filled shapes, outlines, and symbols against the
ground they are drawn on."""

from __future__ import annotations

from pnp.rulecheck.fillread import named
from pnp.rulecheck.ground import ground_of
from pnp.rulecheck.measure_texts import square_of
from pnp.rulecheck.printed_spec import FillsOf, MarksOf, OutlinesOf, SymbolsOn
from pnp.rulecheck.reading import FaceView, Reading, RuleInputError, in_any, marks_in, meant


def marks(view: FaceView, opts: MarksOf) -> Reading:
    """Each drawing of the art (in that colour, turned so) in the area, by its name."""
    hits = marks_in(view, view.boxes(), opts.art, opts.colour, opts)
    return Reading([k.art for k in hits], seen=tuple(hits))


def fills(view: FaceView, opts: FillsOf) -> Reading:
    """The mostly-opaque filled shapes in the area (the comparator reads their colours and squares);
    read for coverage, those of the colours the rule's expect names (pnp.rulecheck.fillread)."""
    area = view.boxes()
    hits = [s for s in view.facts.shapes if s.opacity >= 0.5 and in_any(s.box, area)]
    return Reading(hits, seen=tuple(named(view, hits, view.rule.colours)))


def outlines(view: FaceView, opts: OutlinesOf) -> Reading:
    """The kind of each outline drawn in the area (of that shape, in that colour)."""
    if opts.colour is not None:
        view.colour_is("#000000", opts.colour)  # an unknown colour is the rule's error, said once
    area = view.boxes()
    return Reading([
        o.kind + (f" {square_of(o.box, opts, view.scale)}" if opts.square is not None else "")
        for o in view.facts.outlines
        if (opts.shape == "any" or o.kind == opts.shape) and in_any(o.box, area)
        and (opts.colour is None or view.colour_is(o.stroke, opts.colour))
    ])  # fmt: skip


def symbols_on(view: FaceView, opts: SymbolsOn) -> Reading:
    """The symbols drawn on what their meaning forbids: 'palm at 120, 88 mm: on #8ec3e6'."""
    for want in opts.meaning.values():
        if want not in ("inside", "outside"):
            view.colour_is("#000000", want)  # an unknown colour is the rule's error
    facts, k = view.facts, view.scale
    seen: list = []
    ground = None
    if opts.ground:
        mark, ground = ground_of(opts.ground, facts, view.rule.printed.symbols)
        seen += [mark] if mark else []
        if ground is None:
            return Reading([f"no '{opts.ground}' drawn"], seen=tuple(seen))
    area = view.boxes()
    out = []
    for m, want, (x, y) in meant(facts, opts.meaning, area):
        seen.append(m)
        if want in ("inside", "outside"):
            if ground is None:
                raise RuleInputError(
                    f"symbols_on: '{m.art}: {want}' needs `ground`, the art it lies inside or outside"
                )
            d = (opts.around or 0.0) * k
            pts = [(x + dx, y + dy) for dx in (-d, 0, d) for dy in (-d, 0, d)] if d else [(x, y)]
            got = "inside" if sum(map(ground, pts)) * 2 > len(pts) else "outside"
            ok = got == want
        else:
            under = [
                s for s in facts.shapes if s.order < m.order and s.opacity > 0 and s.holds(x, y)
            ]
            top = max(under, key=lambda s: s.order) if under else None
            seen += [top] if top else []
            got = top.fill if top else "#ffffff"
            ok = view.colour_is(got, want)
        if not ok:  # where, in the family's own millimetres
            out.append(f"{m.art} at {x / k:.0f}, {y / k:.0f} mm: {got}")
    return Reading(out, seen=tuple(seen))
