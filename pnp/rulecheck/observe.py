"""What the faces a printed rule reads print, in the shape of its expect: the expect a house
rule records (pnp check --accept)."""

from __future__ import annotations

from pnp.rulecheck import expect as cmp
from pnp.rulecheck.printed import Reader
from pnp.rulecheck.printed_spec import MEASURES, FaceSelect
from pnp.rulecheck.reading import Context


def observe(reader: Reader, sel: FaceSelect, name: str, opts, expect):
    """The expect that says what the faces print; None where no one expect says it (faces
    that differ, sizes)."""
    faces = reader.select(sel)
    if isinstance(faces, str):
        return None
    kind = MEASURES[name][1]
    per = "all" if name == "faces" else sel.per or "face"
    if expect is None and name == "texts":
        expect = {"min": 1}
    if kind not in ("list", "colours"):
        return None
    rule = reader.context(sel)
    if sel.key is not None:
        return _keyed(reader, sel, name, opts, rule, kind, per, faces, expect)
    form = reader.wanted(kind, opts, expect)[0]
    readings = [reader.read(name, opts, rule, f, reader.printed.facts(f)) for f in faces]
    if per == "all":
        return cmp.shape(kind, form, [v for r in readings for v in r])
    if kind == "colours" and not all(readings):
        return None  # a colour read under texts no longer printed: the rule needs new texts
    shapes = [cmp.shape(kind, form, r) for r in readings]
    if form == "count" and len(set(shapes)) > 1:
        return {"min": min(shapes), "max": max(shapes)}
    return shapes[0] if all(s == shapes[0] for s in shapes) else None


def _keyed(reader: Reader, sel, name, opts, rule: Context, kind, per, faces, expect):
    """For a rule with `key`: key text -> what the faces with it print."""
    if not isinstance(expect, dict) or not expect:
        return None
    sample = next(iter(expect.values()))
    got: dict[str, list] = {}
    for f in faces:
        facts = reader.printed.facts(f)
        k = reader.key_of(facts, sel.key, f, used=False)
        reading = reader.read(name, opts, rule, f, facts)
        if per == "all":
            got.setdefault(k, []).extend(reading)
        else:
            shown = cmp.shape(kind, reader.wanted(kind, opts, sample)[0], reading)
            if got.setdefault(k, shown) != shown:
                return None
    if per == "all":
        return {k: cmp.shape(kind, reader.wanted(kind, opts, sample)[0], v) for k, v in got.items()}
    return got
