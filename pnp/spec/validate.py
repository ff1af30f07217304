"""Turn pydantic's findings into one PnpError that names file, line, key and a near miss."""

from __future__ import annotations

import difflib
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pnp.errors import PnpError, short
from pnp.spec.yamlfile import locate, parse_key, type_name

M = TypeVar("M", bound=BaseModel)


def _model_at(model: type[BaseModel], path: tuple) -> type[BaseModel] | None:
    """The model class that owns the mapping at `path`, to suggest its keys."""
    current: Any = model
    for part in path:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)):
            return None
        field = current.model_fields.get(part)
        if field is None:
            return None
        current = _inner_model(field.annotation)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _inner_model(annotation: Any) -> Any:
    import typing

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


def belongs(model: type[BaseModel], data: Any, loc: tuple) -> str | None:
    """Where an unknown key at `loc` would be known, one level up or down: 'goes beside
    'rect:', not inside it' for an element's `when:` written in its shape's mapping; 'goes
    inside 'circle:'' for a shape's `fill:` written beside it. None when it is known nowhere near."""
    name, at = loc[-1], loc[:-1]
    names = [p for p in at if isinstance(p, str)]
    if names:  # one level up: the mapping that holds this one
        up = _model_at(model, at[: max(i for i, p in enumerate(at) if isinstance(p, str))])
        if up is not None and name in up.model_fields:
            return f"goes beside '{names[-1]}:', not inside it"
    owner = _model_at(model, at)
    if owner is None:
        return None
    here = _value_at(data, at)
    inside = [
        f
        for f, info in owner.model_fields.items()
        if (child := _inner_model(info.annotation)) is not None and name in child.model_fields
    ]
    given = [f for f in inside if isinstance(here, dict) and f in here]
    if given or 0 < len(inside) <= 3:  # a key many mappings have says nothing of where it goes
        return (
            "goes inside " + " or ".join(f"'{f}:'" for f in (given or inside)) + ", not beside it"
        )
    return None


def _value_at(data: Any, path: tuple) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def key_path(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def validate(
    model: type[M], data: Any, *, file: str, prefix: tuple = (), context: dict | None = None
) -> M:
    if not isinstance(data, dict):
        raise PnpError(
            "expected a mapping of keys",
            file=file,
            line=getattr(data, "line", None),
            key=key_path(prefix) or None,
            expected="key: value lines",
            found=type_name(data),
        )
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise to_pnp_error(exc, model, data, file=file, prefix=prefix) from None


def to_pnp_error(
    exc: ValidationError, model: type[BaseModel], data: Any, *, file: str, prefix: tuple = ()
) -> PnpError:
    errors = exc.errors(include_url=False)
    # Unknown keys first: they usually explain the other complaints.
    errors.sort(key=lambda e: e["type"] != "extra_forbidden")
    err = errors[0]
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    where, line = locate(data, loc)
    file = where or file  # a key merged in from an included file names that file
    key = key_path(prefix + loc)
    more = (
        f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
        if len(errors) > 1
        else ""
    )
    if err["type"] == "extra_forbidden":
        owner = _model_at(model, loc[:-1])
        known = sorted(owner.model_fields) if owner else []
        near = difflib.get_close_matches(str(loc[-1]), known, n=1, cutoff=0.6)
        place = belongs(model, data, loc)
        return PnpError(
            f"key '{loc[-1]}' {place}{more}" if place else f"unknown key '{loc[-1]}'{more}",
            file=file,
            line=line,
            key=key,
            expected="one of: " + ", ".join(known) if known else None,
            found=str(loc[-1]),
            hint=f"did you mean '{near[0]}'?" if near and not place else None,
        )
    if err["type"] == "missing":
        return PnpError(
            f"missing key '{loc[-1]}'{more}",
            file=file,
            line=line,
            key=key,
            expected=f"a value for '{loc[-1]}'",
        )
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, ") :]
    found = err.get("input")
    return PnpError(
        f"wrong value{more}",
        file=file,
        line=line,
        key=key or None,
        expected=msg,
        found=short(found) if not isinstance(found, dict) else type_name(found),
    )


def located(exc: PnpError, data: Any, file: str) -> PnpError:
    """`exc` with the file and line its key has in `data`, when a later stage left them out.

    Kinds and engines know keys ('front[3].image.file') but not lines; the loaded YAML does.
    """
    if exc.line or not exc.key or (exc.file and exc.file != file):
        return exc
    where, line = locate(data, parse_key(exc.key))
    if line:
        exc.file, exc.line = where or file, line
    return exc
