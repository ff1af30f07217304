"""Find a game, read its YAML, apply the variant, validate every file and expand its items."""

from __future__ import annotations

import copy
import difflib
from pathlib import Path

from pnp.errors import PnpError
from pnp.paths import components_dir
from pnp.spec.expand import DEFAULT_MAX_ITEMS, expand_items
from pnp.spec.game import FamilySpec, GameSpec
from pnp.spec.model import Family, Game
from pnp.spec.registry import kind_schemas
from pnp.spec.validate import validate
from pnp.spec.yamlfile import LineDict, display_path, read_yaml

MAX_INCLUDE_DEPTH = 10


def builtin_games() -> dict[str, Path]:
    root = components_dir()
    return {p.parent.name: p.parent for p in sorted(root.glob("*/game.yaml"))}


def find_game(ref: str) -> Path:
    """A built-in id or a path to a folder holding game.yaml."""
    path = Path(ref)
    if (path / "game.yaml").is_file():
        return path
    if path.name == "game.yaml" and path.is_file():
        return path.parent
    games = builtin_games()
    if ref in games:
        return games[ref]
    near = difflib.get_close_matches(ref, list(games), n=1, cutoff=0.5)
    raise PnpError(
        f"unknown game '{ref}'",
        expected="a built-in game (" + ", ".join(games) + ") or a folder with a game.yaml",
        found=ref,
        hint=f"did you mean '{near[0]}'?" if near else None,
    )


def inside(folder: Path, rel: str, *, file: str, key: str, allow_outside: bool, line: int | None = None) -> Path:
    """A path named in a spec, which must stay inside the game folder unless allowed."""
    target = (folder / rel).resolve()
    if not allow_outside and not target.is_relative_to(folder.resolve()):
        raise PnpError(
            "path leaves the game folder",
            file=file,
            line=line,
            key=key,
            expected="a path inside the game folder (or run with --allow-outside)",
            found=rel,
        )
    return target


def deep_merge(base: dict, over: dict) -> dict:
    out = LineDict(base)
    out.line = getattr(base, "line", 0)
    out.lines = dict(getattr(base, "lines", {}))
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def load_game(
    ref: str,
    *,
    variant: str | None = None,
    options: dict | None = None,
    allow_outside: bool = False,
    max_items: int = DEFAULT_MAX_ITEMS,
) -> Game:
    folder = find_game(ref).resolve()
    game_file = folder / "game.yaml"
    gname = display_path(game_file)
    raw = read_yaml(game_file)
    spec = validate(GameSpec, raw, file=gname)

    chosen = None
    if variant:
        if variant not in spec.variants:
            near = difflib.get_close_matches(variant, list(spec.variants), n=1, cutoff=0.5)
            raise PnpError(
                f"unknown variant '{variant}'",
                file=gname,
                key="variants",
                expected="one of: " + (", ".join(spec.variants) or "(this game has none)"),
                found=variant,
                hint=f"did you mean '{near[0]}'?" if near else None,
            )
        chosen = spec.variants[variant]

    opts = {**spec.options, **(chosen.options if chosen else {}), **(options or {})}
    n_players = int(opts.get("players", spec.players.max))
    if spec.player_colours and not 1 <= n_players <= len(spec.player_colours):
        raise PnpError(
            "wrong number of players",
            file=gname,
            key="options.players",
            expected=f"1 to {len(spec.player_colours)} (the game's player colours)",
            found=str(n_players),
        )
    opts["players"] = n_players
    seats = [{"player": i + 1, "colour": c.name} for i, c in enumerate(spec.player_colours[:n_players])]
    palette = {c.name: c.hex for c in spec.player_colours}
    palette.update(spec.palette)

    fonts = {
        name: inside(folder, rel, file=gname, key=f"fonts.{name}", allow_outside=allow_outside)
        for name, rel in spec.fonts.items()
    }
    for name, path in fonts.items():
        if not path.is_file():
            raise PnpError("font file not found", file=gname, key=f"fonts.{name}", expected="a TTF file", found=spec.fonts[name])

    families: list[Family] = []
    excluded = set(chosen.exclude) if chosen else set()
    overrides = chosen.families if chosen else {}
    for n, rel in enumerate(spec.components):
        path = inside(folder, rel, file=gname, key=f"components[{n}]", allow_outside=allow_outside, line=raw.lines.get("components") if isinstance(raw, LineDict) else None)
        fam = _load_family(path, folder, overrides, opts, seats, allow_outside, max_items)
        if fam.name not in excluded:
            families.append(fam)
    for use in spec.uses:
        other = Path(use.game)
        other_folder = (folder / other) if (folder / other / "game.yaml").is_file() else find_game(use.game)
        sub = load_game(str(other_folder), options={"players": n_players} if "players" in (options or {}) else None, allow_outside=allow_outside, max_items=max_items)
        for fam in sub.families:
            if use.families is None or fam.name in use.families:
                families.append(fam)
        for k, v in sub.palette.items():
            palette.setdefault(k, v)
        for k, v in sub.fonts.items():
            fonts.setdefault(k, v)
    names = [f.name for f in families]
    for dup in {n for n in names if names.count(n) > 1}:
        raise PnpError(f"two component families are both called '{dup}'", file=gname, key="components")
    for name in overrides:
        if name not in names and name not in excluded:
            raise PnpError(f"variant names unknown family '{name}'", file=gname, key=f"variants.{variant}.families", expected="one of: " + ", ".join(names), found=name)

    rules_file = None
    if spec.rules:
        rules_file = inside(folder, spec.rules, file=gname, key="rules", allow_outside=allow_outside)
    return Game(
        spec=spec,
        folder=folder,
        variant=variant,
        options=opts,
        families=families,
        palette=palette,
        fonts=fonts,
        allow_outside=allow_outside,
        rules_file=rules_file,
    )


def read_with_includes(path: Path, folder: Path, allow_outside: bool, chain: tuple = ()) -> dict:
    """A family file with its `include:` files merged under it (its own keys win)."""
    name = display_path(path)
    if path in chain:
        cycle = " -> ".join(display_path(p) for p in (*chain, path))
        raise PnpError("circular include", file=name, key="include", found=cycle)
    if len(chain) > MAX_INCLUDE_DEPTH:
        raise PnpError("includes nest too deeply", file=name, key="include", expected=f"at most {MAX_INCLUDE_DEPTH} levels")
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise PnpError("expected a mapping of keys", file=name, line=getattr(data, "line", None), found=type(data).__name__)
    includes = data.get("include", [])
    if not isinstance(includes, list):
        raise PnpError("wrong value", file=name, line=data.lines.get("include"), key="include", expected="a list of YAML files", found=repr(includes))
    merged: dict = LineDict()
    merged.line, merged.lines = 0, {}
    for i, rel in enumerate(includes):
        if not isinstance(rel, str):
            raise PnpError("wrong value", file=name, key=f"include[{i}]", expected="a file name", found=repr(rel))
        sub = inside(path.parent, rel, file=name, key=f"include[{i}]", allow_outside=allow_outside, line=data.lines.get("include"))
        if not allow_outside and not sub.is_relative_to(folder.resolve()):
            raise PnpError("path leaves the game folder", file=name, key=f"include[{i}]", found=rel)
        merged = deep_merge(merged, read_with_includes(sub, folder, allow_outside, (*chain, path)))
    own = {k: v for k, v in data.items() if k != "include"}
    result = deep_merge(merged, own) if includes else data
    if includes:
        result.line = data.line
        result.lines.update(data.lines)
    return result


def _load_family(path, folder, overrides, opts, seats, allow_outside, max_items) -> Family:
    name = display_path(path)
    data = read_with_includes(path, folder, allow_outside)
    fam_name = data.get("family")
    if isinstance(fam_name, str) and fam_name in overrides:
        data = deep_merge(data, overrides[fam_name])
    schemas = kind_schemas()
    kind = data.get("kind")
    if kind not in schemas:
        near = difflib.get_close_matches(str(kind), list(schemas), n=1, cutoff=0.5)
        raise PnpError(
            "unknown component kind" if kind is not None else "missing key 'kind'",
            file=name,
            line=data.lines.get("kind", data.line),
            key="kind",
            expected="one of: " + ", ".join(sorted(schemas)),
            found=str(kind),
            hint=f"did you mean '{near[0]}'?" if near else None,
        )
    spec: FamilySpec = validate(schemas[kind], data, file=name, context={"folder": folder})
    items_lines = getattr(data.get("items"), "lines", None)
    items = expand_items(
        spec.family,
        spec.items,
        base={**opts, **spec.options},
        players=seats,
        file=name,
        lines=items_lines,
        max_items=max_items,
    )
    return Family(spec=spec, file=name, folder=folder, items=items)


