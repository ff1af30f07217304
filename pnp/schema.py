"""JSON Schema for every YAML file pnp reads, and the key reference generated from it.

Everything is built at run time from the pydantic models the loader validates with, and the
family schema from every kind in the registry, so a new kind or key appears here by itself.

Files written by `pnp schema`:

- game.schema.json      game.yaml
- family.schema.json    a component family file; `kind` chooses the kind's schema (if/then).
                        A file with `include:` need not hold the required keys itself.
- fragment.schema.json  a file only merged in by `include:` (no `family`/`kind`): any key of
                        any kind, none required
- paper.schema.json     layouts/*.yaml
- rules.schema.json     rules.yaml
"""

from __future__ import annotations

import copy
import json
import typing
from pathlib import Path

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from pnp.errors import PnpError
from pnp.kinds import KINDS  # importing the kinds registers their family schemas
from pnp.rulecheck.spec import RulesFile
from pnp.spec.game import FamilySpec, GameSpec
from pnp.spec.paper import PaperSpec
from pnp.spec.registry import kind_schemas
from pnp.spec.types import LENGTH_PATTERN, POS_PATTERN

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_LINE = "# yaml-language-server: $schema="


# ---------------------------------------------------------------- JSON Schema

# Descriptions for keys whose model gives none, so that the schema and the reference explain
# every key. A model's own description wins.
FALLBACK = {
    "GameSpec": {
        "title": "the game's name, printed on the guide page",
        "players": "player counts: {min: 2, max: 4}",
        "variants": "named variants: a variant changes options and families (build with --variant NAME)",
        "description": "a sentence about the game",
    },
    "Players": {"min": "fewest players", "max": "most players"},
    "Variant": {"description": "what the variant changes"},
    "PaperSpec": {
        "id": "paper name, as given to --paper (the file name without .yaml)",
        "title": "name printed on the guide page",
        "cut_marks": "how cut marks are drawn",
        "duplex": "how back pages line up when printed two-sided",
    },
    "Offset": {"x": "shift to the right (negative: left)", "y": "shift down (negative: up)"},
    "RulesFile": {"rules": "the rules, each with one check and the passage it cites"},
    "Property": {"family": "the family whose spec holds the value"},
    "Element": {
        "rect": "a rectangle, optionally rounded",
        "circle": "a circle or ellipse",
        "line": "a straight line",
        "polygon": "a polygon or polyline through points",
        "path": "an SVG path",
        "text": "text fitted in a box",
        "symbol": "art from the library or the game's art/ folder",
        "image": "a PNG, JPEG or SVG picture",
        "pips": "a number of symbols laid out like the pips of a playing card",
        "grid": "a grid of squares",
    },
    "LineEl": {
        "x1": "start, from the left",
        "y1": "start, from the top",
        "x2": "end, from the left",
        "y2": "end, from the top",
        "stroke_width": "line width",
        "dash": "dash pattern, e.g. [2mm, 1mm]",
        "opacity": "0 (clear) to 1 (solid)",
    },
    "PathEl": {
        "y": "offset of the path's origin, from the top",
        "scale": "size factor for the path data",
    },
    "TextEl": {
        "align": "horizontal alignment in the box",
        "valign": "vertical alignment in the box",
    },
    "ImageEl": {"x": "left edge", "y": "top edge", "w": "width", "h": "height"},
    "PipsEl": {
        "x": "left edge of the pip area",
        "y": "top edge of the pip area",
        "w": "width of the pip area",
        "h": "height of the pip area",
    },
    "GridEl": {"cols": "number of columns", "rows": "number of rows", "stroke_width": "line width"},
}


def _describe(defs: dict) -> dict:
    for name, d in defs.items():
        for key, prop in d.get("properties", {}).items():
            if not prop.get("description") and key in FALLBACK.get(name, {}):
                prop["description"] = FALLBACK[name][key]
    return defs


def _fix_defaults(node):
    """Length defaults are floats (millimetres) in the models; the YAML spells them '3mm'."""
    if isinstance(node, dict):
        # (a model may have a field named 'pattern': only a string is a JSON Schema pattern)
        patterns = {
            p
            for p in [node.get("pattern")]
            + [a.get("pattern") for a in node.get("anyOf", []) if isinstance(a, dict)]
            if isinstance(p, str)
        }
        d = node.get("default")
        if (
            patterns & {LENGTH_PATTERN, POS_PATTERN}
            and isinstance(d, (int, float))
            and not isinstance(d, bool)
        ):
            node["default"] = f"{d:g}mm"
        for v in node.values():
            _fix_defaults(v)
    elif isinstance(node, list):
        for v in node:
            _fix_defaults(v)
    return node


def _model_schema(model: type[BaseModel], title: str) -> dict:
    s = _own_schema(model)
    out = {"$schema": DRAFT, "title": title}
    out.update(s)
    out["title"] = title
    return _fix_defaults(out)


def _own_schema(model: type[BaseModel]) -> dict:
    """The model's schema with its own keys and its $defs described."""
    s = model.model_json_schema(ref_template="#/$defs/{model}")
    _describe({model.__name__: s})
    _describe(s.get("$defs", {}))
    return s


def kinds_by_schema() -> dict[type[FamilySpec], list[str]]:
    groups: dict[type[FamilySpec], list[str]] = {}
    for kind, cls in kind_schemas().items():
        groups.setdefault(cls, []).append(kind)
    return groups


def _family_defs() -> tuple[dict[type, str], dict]:
    """The $defs of every registered family schema, and each class's def name."""
    classes = list(kinds_by_schema())
    keymap, top = models_json_schema(
        [(c, "validation") for c in classes], ref_template="#/$defs/{model}"
    )
    names = {c: keymap[(c, "validation")]["$ref"].rsplit("/", 1)[-1] for c in classes}
    return names, _describe(top.get("$defs", {}))


def _any_family_properties(names: dict, defs: dict) -> dict:
    """Every key any kind takes (alternatives where kinds differ), for files whose kind is elsewhere."""
    props: dict[str, list] = {}
    for name in names.values():
        for key, sub in defs[name].get("properties", {}).items():
            if sub not in props.setdefault(key, []):
                props[key].append(sub)
    return {k: v[0] if len(v) == 1 else {"anyOf": v} for k, v in props.items()}


def family_schema(found: tuple[dict[type, str], dict] | None = None) -> dict:
    """`found`: `_family_defs()` already worked out (it is changed here)."""
    names, defs = found or _family_defs()
    rules: list[dict] = [
        # `kind` may come from an included file; otherwise it is required.
        {"if": {"not": {"required": ["include"]}}, "then": {"required": ["kind"]}},
        {"if": {"not": {"required": ["kind"]}}, "then": {"$ref": "#/$defs/any-family"}},
    ]
    for cls, kinds in kinds_by_schema().items():
        name = names[cls]
        partial = copy.deepcopy(defs[name])
        partial["required"] = [k for k in ("family", "kind") if k in partial.get("properties", {})]
        defs[name + "-included"] = partial
        kind_test = {"const": kinds[0]} if len(kinds) == 1 else {"enum": kinds}
        rules.append(
            {
                "if": {"properties": {"kind": kind_test}, "required": ["kind"]},
                "then": {
                    "if": {"required": ["include"]},
                    "then": {"$ref": f"#/$defs/{name}-included"},
                    "else": {"$ref": f"#/$defs/{name}"},
                },
            }
        )
    defs["any-family"] = {
        "type": "object",
        "additionalProperties": False,
        "properties": _any_family_properties(names, defs),
    }
    kinds = sorted(kind_schemas())
    return _fix_defaults(
        {
            "$schema": DRAFT,
            "title": "pnp component family",
            "description": "One component family file: `kind` says which keys it takes. "
            "A file with `include:` may leave keys (even `kind`) to the files it includes.",
            "type": "object",
            "required": ["family"],
            "properties": {
                "family": {"type": "string", "description": "family name: the rulebook's word"},
                "kind": {"enum": kinds, "description": "component kind: " + ", ".join(kinds)},
            },
            "allOf": rules,
            "$defs": defs,
        }
    )


def fragment_schema(found: tuple[dict[type, str], dict] | None = None) -> dict:
    """A file merged into a family by `include:`: any key a family of any kind takes."""
    names, defs = found or _family_defs()
    return _fix_defaults(
        {
            "$schema": DRAFT,
            "title": "pnp family fragment (merged in by include:)",
            "description": "Keys of a component family, none required: the family file that includes this one completes it.",
            "type": "object",
            "additionalProperties": False,
            "properties": _any_family_properties(names, defs),
            "$defs": defs,
        }
    )


def schemas() -> dict[str, dict]:
    names, defs = _family_defs()  # the slow part: made once, for both family schemas
    return {
        "game": _model_schema(GameSpec, "pnp game.yaml"),
        "family": family_schema((names, copy.deepcopy(defs))),
        "fragment": fragment_schema((names, defs)),
        "paper": _model_schema(PaperSpec, "pnp paper size (layouts/*.yaml)"),
        "rules": _model_schema(RulesFile, "pnp rules.yaml"),
    }


def write_schemas(out: Path) -> list[Path]:
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError("cannot write the schema folder", found=f"{out}: {exc.strerror}") from None
    written = []
    for name, s in schemas().items():
        path = out / f"{name}.schema.json"
        path.write_text(json.dumps(s, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


# ---------------------------------------------------------------- the key reference


def _inner_models(annotation) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    out = []
    for arg in typing.get_args(annotation):
        for m in _inner_models(arg):
            if m not in out:
                out.append(m)
    return out


def reachable(root: type[BaseModel]) -> list[type[BaseModel]]:
    """The model and every model its fields hold, in first-seen order."""
    seen: list[type[BaseModel]] = []
    todo = [root]
    while todo:
        m = todo.pop(0)
        if m in seen:
            continue
        seen.append(m)
        for f in m.model_fields.values():
            todo += [s for s in _inner_models(f.annotation) if s not in seen]
    return seen


def loader_keys() -> dict[str, set[str]]:
    """What the loader accepts: for each model (by section name), its keys."""
    out: dict[str, set[str]] = {}
    roots = [GameSpec, PaperSpec, RulesFile, *kinds_by_schema()]
    for root in roots:
        for m in reachable(root):
            out[section_name(m)] = {f.alias or k for k, f in m.model_fields.items()}
    return out


def section_name(model: type[BaseModel]) -> str:
    return model.__name__


def _type_text(prop: dict) -> str:
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "anyOf" in prop:
        parts = [_type_text(p) for p in prop["anyOf"] if p.get("type") != "null"]
        text = " or ".join(dict.fromkeys(parts))
        return text + (" or null" if any(p.get("type") == "null" for p in prop["anyOf"]) else "")
    if "enum" in prop:
        return " \\| ".join(f"`{v}`" for v in prop["enum"])
    if "const" in prop:
        return f"`{prop['const']}`"
    if prop.get("pattern") in (LENGTH_PATTERN,):
        return "length"
    if prop.get("pattern") == POS_PATTERN:
        return "length or %"
    t = prop.get("type")
    if t == "array":
        if "prefixItems" in prop:
            return "[" + ", ".join(_type_text(p) for p in prop["prefixItems"]) + "]"
        return "list of " + _type_text(prop.get("items", {}))
    if t == "object":
        extra = prop.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            return "mapping of " + _type_text(extra)
        return "mapping"
    return {
        "string": "text",
        "integer": "whole number",
        "number": "number",
        "boolean": "true/false",
    }.get(t, "any")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(name: str, model_def: dict, model: type[BaseModel] | None) -> list[str]:
    lines = [f'<a id="{name.lower()}"></a>', f"### {name}", ""]
    doc = (model.__doc__ or "").strip() if model else model_def.get("description", "")
    if doc:
        lines += [doc.splitlines()[0], ""]
    required = set(model_def.get("required", []))
    lines += ["| key | type | default | description |", "|---|---|---|---|"]
    for key, prop in model_def.get("properties", {}).items():
        default = (
            "**required**"
            if key in required
            else ("" if "default" not in prop else f"`{json.dumps(prop['default'])}`")
        )
        if key not in required and "default" not in prop:
            default = "(empty)"
        lines.append(
            f"| `{key}` | {_cell(_type_text(prop))} | {_cell(default)} | {_cell(prop.get('description', ''))} |"
        )
    if model_def.get("additionalProperties") is True:
        lines += [
            "",
            "Any other key is an item attribute (text, a number, true/false) that templates can use as `{key}`.",
        ]
    return lines + [""]


def _models_section(
    root: type[BaseModel], defs: dict, done: set[str], skip: set[str] = frozenset()
) -> list[str]:
    out = []
    for m in reachable(root):
        name = section_name(m)
        if name in done or name in skip:
            continue
        done.add(name)
        d = defs.get(name) or _own_schema(m)
        out += _table(name, _fix_defaults(copy.deepcopy(d)), m)
    return out


def reference_markdown() -> str:
    """docs/reference.md: every key of every YAML file, from the loader's own models."""

    lines = [
        "# YAML reference",
        "",
        "<!-- Generated by `pnp schema --reference docs/reference.md`; do not edit by hand. -->",
        "",
        "Every key pnp reads, file by file. Lengths always carry a unit (`63mm`, `2.5in`, `10pt`,",
        "`1cm`); where a position may be a percentage (`50%`) it is a share of the face's width",
        "(for x) or height (for y). The same facts are in the JSON Schema files in `schema/`,",
        "which editors use to complete and check keys (see [new-game.md](new-game.md)).",
        "",
    ]
    done: set[str] = set()

    lines += ["## game.yaml", ""]
    g = _own_schema(GameSpec)
    lines += _models_section(GameSpec, {"GameSpec": g, **g.get("$defs", {})}, done)

    lines += [
        "## Component family files",
        "",
        "Each file in game.yaml's `components:` is one family. Its `kind` chooses which keys it takes:",
        "",
    ]
    lines += ["| kind | keys | what it is |", "|---|---|---|"]
    for kind, cls in sorted(kind_schemas().items()):
        desc = getattr(KINDS.get(kind), "description", "")
        lines.append(
            f"| `{kind}` | [{section_name(cls)}](#{section_name(cls).lower()}) | {_cell(desc)} |"
        )
    lines += [
        "",
        "A file may list other YAML files under `include:`; their keys merge in under the file's own",
        "(the file's keys win). A file that is only ever included (no `family:` or `kind:`) is a",
        "fragment and is checked with `schema/fragment.schema.json`.",
        "",
    ]
    names, defs = _family_defs()
    for cls in kinds_by_schema():
        lines += _models_section(cls, {section_name(cls): defs[names[cls]], **defs}, done)

    lines += ["## rules.yaml", ""]
    r = _own_schema(RulesFile)
    lines += _models_section(RulesFile, {"RulesFile": r, **r.get("$defs", {})}, done)

    lines += ["## layouts/*.yaml (paper sizes)", ""]
    p = _own_schema(PaperSpec)
    lines += _models_section(PaperSpec, {"PaperSpec": p, **p.get("$defs", {})}, done)
    return "\n".join(lines).rstrip() + "\n"


def documented_keys(markdown: str) -> dict[str, set[str]]:
    """Read reference.md back: section name -> keys in its table."""
    out: dict[str, set[str]] = {}
    current = None
    for line in markdown.splitlines():
        if line.startswith("### "):
            current = line[4:].strip()
            out.setdefault(current, set())
        elif line.startswith("## "):
            current = None
        elif current and line.startswith("| `"):
            out[current].add(line.split("`")[1])
    return out
