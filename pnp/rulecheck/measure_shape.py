"""Measures of a face's geometry: drawn sizes, the scale against full size, a grid of lines,
and the lines drawn across it."""

from __future__ import annotations

from pnp.rulecheck.facts import inside
from pnp.rulecheck.printed_spec import LinesOf, Nothing, ScaleOf, SizeOf
from pnp.rulecheck.reading import FaceView, Reading, marks_in


def size(view: FaceView, opts: SizeOf) -> Reading:
    """Width and height in mm as drawn: of each die face, of each drawing of an art, or of the face."""
    if opts.die_face:
        return Reading([(b[2] - b[0], b[3] - b[1]) for b in view.facts.regions])
    if opts.art is None:
        return Reading([(view.face.w, view.face.h)])
    hits = marks_in(view, view.boxes(), opts.art)
    return Reading([(k.box[2] - k.box[0], k.box[3] - k.box[1]) for k in hits], seen=tuple(hits))


def scale(view: FaceView, opts: ScaleOf) -> Reading:
    """The face's width and height as fractions of the same item at full size, and the words for it."""
    face, rule = view.face, view.rule
    source = (
        rule.printed
        if opts.of_variant is None or rule.other is None
        else rule.other(opts.of_variant)
    )
    full = [g for g in source.faces(opts.of or face.family) if g.side == rule.side]
    if not full:
        return Reading([None])
    ref = next((g for g in full if g.item == face.item), full[0])
    return Reading([(
        face.w / ref.w,
        face.h / ref.h,
        f"of {ref.item} ({face.w:.2f} x {face.h:.2f} mm against {ref.w:.2f} x {ref.h:.2f} mm)",
    )])  # fmt: skip


def grid(view: FaceView, opts: Nothing) -> Reading:
    """The squares the level and upright lines in the area make: columns, rows, the usual step."""
    area = view.boxes()

    def lines(ls, vertical):
        out = set()
        for pos, a, b in ls:
            mid = (pos, (a + b) / 2) if vertical else ((a + b) / 2, pos)
            if area is None or any(inside((*mid, *mid), bx) for bx in area):
                out.add(round(pos, 2))
        return sorted(out)

    xs, ys = lines(view.facts.lines_x, True), lines(view.facts.lines_y, False)
    steps = sorted(
        [b - a for a, b in zip(xs, xs[1:], strict=False)]
        + [b - a for a, b in zip(ys, ys[1:], strict=False)]
    )
    return Reading([{
        "cols": max(len(xs) - 1, 0),
        "rows": max(len(ys) - 1, 0),
        "cell": steps[len(steps) // 2] if steps else 0.0,
        "steps": steps,
    }])  # fmt: skip


def lines(view: FaceView, opts: LinesOf) -> Reading:
    """'level' or 'upright' for each straight line whose middle lies in the area."""
    facts, area = view.facts, view.boxes()
    ls = (
        [] if opts.direction == "upright"
        else [((a + b) / 2, pos, "level") for pos, a, b in facts.lines_y]
    ) + (
        [] if opts.direction == "level"
        else [(pos, (a + b) / 2, "upright") for pos, a, b in facts.lines_x]
    )  # fmt: skip
    return Reading(
        [d for x, y, d in ls if area is None or any(inside((x, y, x, y), bx) for bx in area)]
    )
