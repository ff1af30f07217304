"""Find a game, read its YAML, apply the variant, validate every file and expand its items."""

from __future__ import annotations

import difflib
from pathlib import Path, PurePosixPath

from pnp import budget
from pnp.errors import PnpError, short
from pnp.guard import require_inside, require_size, resolve_inside
from pnp.paths import components_dir
from pnp.spec.datafile import ROW_KEY, read_rows
from pnp.spec.expand import DEFAULT_MAX_ITEMS, expand_items
from pnp.spec.game import FamilySpec, GameSpec
from pnp.spec.model import Family, Game
from pnp.spec.registry import kind_schemas
from pnp.spec.validate import validate
from pnp.spec.yamlfile import (
    LineDict,
    LineList,
    display_path,
    line_of,
    locate,
    read_yaml,
    type_name,
)

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


MAX_FONT_BYTES = 50_000_000  # the largest CJK fonts are about 20 MB


def check_font(path: Path, *, file: str, key: str, line: int | None, found: str) -> None:
    """A font a spec names must be a readable TrueType or OpenType file that may be embedded
    in a PDF; an OpenType font with CFF outlines must convert to TrueType (draw/fonts.py)."""
    expected = "a TrueType (.ttf) or OpenType (.otf) font"
    if not path.is_file():
        raise PnpError(
            "font file not found",
            file=file,
            line=line,
            key=key,
            expected=f"{expected} in the game folder",
            found=found,
        )
    require_size(path, MAX_FONT_BYTES, "font file", file=file, line=line, key=key)
    with open(path, "rb") as fh:
        head = fh.read(4)
    cff = head == b"OTTO"
    if head not in (b"\x00\x01\x00\x00", b"true") and not cff:
        raise PnpError(
            "not a TrueType or OpenType font",
            file=file,
            line=line,
            key=key,
            expected=expected,
            found=found,
        )
    from fontTools.ttLib import TTFont

    from pnp.fontfiles import quiet_fonttools

    outlines = ("CFF ",) if cff else ("glyf", "loca")
    try:
        with quiet_fonttools(), TTFont(str(path), lazy=True) as tt:
            if cff and "CFF2" in tt:
                outlines = ("CFF2",)
            for table in ("head", "hhea", "hmtx", "cmap", "name", *outlines):
                tt[table]  # noqa: B018 - reading the table is the check
            fs_type = tt["OS/2"].fsType if "OS/2" in tt else 0
            units = tt["head"].unitsPerEm
    except Exception as exc:  # noqa: BLE001 - any failure of the font parser means a damaged file
        raise PnpError(
            "font file cannot be read (damaged or incomplete)",
            file=file,
            line=line,
            key=key,
            expected=f"a complete {expected[2:]}",
            found=f"{found}: {type(exc).__name__}",
        ) from None
    if not 16 <= units <= 16384:  # the OpenType specification's range; text is measured in ems
        raise PnpError(
            f"the font's units per em (head.unitsPerEm) is {units}, so no text can be measured with it",
            file=file,
            line=line,
            key=key,
            expected="16 to 16384 units per em (1000 or 2048 in most fonts)",
            found=found,
        )
    if fs_type & 0x000F == 0x0002:
        raise PnpError(
            "the font's licence forbids embedding it in a PDF",
            file=file,
            line=line,
            key=key,
            expected="a font that may be embedded",
            found=found,
        )
    _check_work(path, cff, file=file, key=key, line=line, found=found)


def _check_work(
    path: Path, cff: bool, *, file: str, key: str, line: int | None, found: str
) -> None:
    """The font's outlines within their budget, its tables consistent, and reportlab able to
    embed it (pnp.fontfiles.validate): a CFF font is converted to TrueType here, once."""
    from pnp import budget
    from pnp.fontfiles import TooManyGlyphs, validate
    from pnp.fontwork import MAX_COMPOSITE_DEPTH, MAX_SUBR_DEPTH, FontProblem

    where = {"file": file, "line": line, "key": key, "found": found}
    try:
        validate(path)
    except FontProblem as exc:
        size = path.stat().st_size
        if exc.limit == "font_steps":
            n = budget.font_allowed(size)
            raise PnpError(
                f"too much work: the font's {exc}",
                expected=f"at most {n:,} {budget.WHAT['font_steps']} for a font of {size:,} bytes"
                f" ({budget.FONT_STEPS_PER_BYTE} a byte, at least {budget.Limits().font_steps:,};"
                f" raise it with --limit font_steps={n * 10})",
                **where,
            ) from None
        nested = {"composite depth": MAX_COMPOSITE_DEPTH, "subroutine depth": MAX_SUBR_DEPTH}
        raise PnpError(
            f"the font cannot be used: {exc}",
            expected=f"a font whose {exc.limit} is at most {nested[exc.limit]}"
            if exc.limit in nested
            else "a well-formed TrueType (.ttf) or OpenType (.otf) font",
            **where,
        ) from None
    except Exception as exc:  # noqa: BLE001 - any other failure means a font pnp cannot embed
        if not cff:
            raise PnpError(
                "font file cannot be read (damaged or incomplete)",
                expected="a complete TrueType (.ttf) or OpenType (.otf) font",
                **{**where, "found": f"{found}: {type(exc).__name__}"},
            ) from None
        raise PnpError(
            f"the OpenType font's PostScript (CFF) outlines cannot be converted to TrueType: {exc}",
            expected="a TrueType (.ttf) font, or an OpenType font with CFF outlines",
            hint=convert_hint(found, subset=isinstance(exc, TooManyGlyphs)),
            **where,
        ) from None


def convert_hint(font: str, subset: bool) -> str:
    """The exact command that makes a font pnp can use of one it cannot convert: a subset of the
    characters cards use (pyftsubset comes with fontTools, which pnp installs), or a TrueType
    copy made by FontForge."""
    stem = PurePosixPath(font)
    if subset:
        out = stem.with_name(stem.stem + "-subset.otf")
        return f"keep the characters cards use:  pyftsubset {font} --unicodes=U+0020-024F,U+2010-2027 --output-file={out}  and name {out}"
    ttf = stem.with_suffix(".ttf")
    return f"convert it to TrueType:  fontforge -lang=ff -c 'Open($1); Generate($2)' {font} {ttf}  and name {ttf}"


def deep_merge(base: dict, over: dict) -> dict:
    """`over`'s keys on top of `base`'s, remembering the file and line each key came from."""
    out = LineDict(base)
    out.line = getattr(base, "line", 0)
    out.lines = dict(getattr(base, "lines", None) or {})
    out.file = getattr(base, "file", None) or getattr(over, "file", None)
    base_files = getattr(base, "files", None) or {}
    out.files = {k: base_files.get(k, getattr(base, "file", None)) for k in base}
    over_lines = getattr(over, "lines", None) or {}
    over_files = getattr(over, "files", None) or {}
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = v
        if k in over_lines:
            out.lines[k] = over_lines[k]
        out.files[k] = over_files.get(k, getattr(over, "file", None))
    return out


def load_game(
    ref: str,
    *,
    variant: str | None = None,
    options: dict | None = None,
    allow_outside: bool = False,
    max_items: int = DEFAULT_MAX_ITEMS,
    _using: tuple = (),
    _overrides: dict | None = None,
    documents: dict | None = None,
) -> Game:
    """The game `ref` names, read, validated and expanded. `documents` holds the YAML files
    this build has already read (Game.documents of an earlier load): those are not parsed again."""
    documents = {} if documents is None else documents
    if not _using:
        budget.reset()
        if max_items != DEFAULT_MAX_ITEMS:  # the API's max_items is the items limit
            budget.set_limit("items", max_items)
    folder = find_game(ref).resolve()
    game_file = folder / "game.yaml"
    # a game.yaml that is a symlink out of its folder would build another folder's game
    require_inside(
        game_file, folder, file=display_path(game_file), key=None, allow_outside=allow_outside
    )
    gname = display_path(game_file)
    raw = read_yaml(game_file, documents=documents)
    spec = validate(GameSpec, raw, file=gname)
    chosen = _variant(spec, raw, variant, gname)

    opts = {**spec.options, **(chosen.options if chosen else {}), **(options or {})}
    n_players = _player_count(spec, raw, opts, (options or {}).get("players"), gname)
    opts["players"] = n_players
    seats = [
        {"player": i + 1, "colour": c.name} for i, c in enumerate(spec.player_colours[:n_players])
    ]
    palette = {c.name: c.hex for c in spec.player_colours}
    palette.update(spec.palette)
    fonts = _fonts(spec, raw, folder, gname, allow_outside)

    families: list[Family] = []
    excluded = set(chosen.exclude) if chosen else set()
    own_overrides = chosen.families if chosen else {}
    # a variant may also change families this game takes from another (uses:)
    overrides = {**(_overrides or {}), **own_overrides}
    for n, rel in enumerate(spec.components):
        path = resolve_inside(
            folder,
            rel,
            file=gname,
            key=f"components[{n}]",
            allow_outside=allow_outside,
            line=line_of(raw, ("components", n)),
        )
        fam = _load_family(
            path, folder, overrides, opts, seats, allow_outside, max_items, documents
        )
        if fam.name not in excluded:
            families.append(fam)
    for u, use in enumerate(spec.uses):
        sub = load_game(
            str(_used_folder(use.game, raw, u, folder, gname, allow_outside, _using)),
            options={"players": n_players} if "players" in (options or {}) else None,
            allow_outside=allow_outside,
            max_items=max_items,
            _using=(*_using, folder),
            _overrides=overrides,
            documents=documents,
        )
        for fam in sub.families:
            if use.families is None or fam.name in use.families:
                families.append(fam)
        for k, v in sub.palette.items():
            palette.setdefault(k, v)
        for k, v in sub.fonts.items():
            fonts.setdefault(k, v)
    _check_families(families, raw, gname, variant, own_overrides, excluded, whole=not _using)

    rules_file = None
    if spec.rules:
        rules_file = resolve_inside(
            folder,
            spec.rules,
            file=gname,
            key="rules",
            allow_outside=allow_outside,
            line=line_of(raw, ("rules",)),
        )
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
        extra={"input_bytes": budget.input_bytes()},  # its limits while it is drawn (pnp/budget.py)
        documents=documents,
    )


def _variant(spec: GameSpec, raw: dict, variant: str | None, gname: str):
    """The variant game.yaml names `variant`, or None for the game as it is."""
    if not variant:
        return None
    if variant not in spec.variants:
        near = difflib.get_close_matches(variant, list(spec.variants), n=1, cutoff=0.5)
        raise PnpError(
            f"unknown variant '{variant}'",
            file=gname,
            line=line_of(raw, ("variants",)) if spec.variants else None,
            key="variants",
            expected="one of: " + (", ".join(spec.variants) or "(this game has none)"),
            found=variant,
            hint=f"did you mean '{near[0]}'?" if near else None,
        )
    return spec.variants[variant]


def _player_count(spec: GameSpec, raw: dict, opts: dict, asked, gname: str) -> int:
    """The number of players the components are made for: the options' (a variant's, the
    caller's --players) within what the rulebook and the player colours allow."""
    n_players = opts.get("players", spec.players.max)
    if isinstance(n_players, bool) or not isinstance(n_players, int):
        raise PnpError(
            "wrong value",
            file=gname,
            line=line_of(raw, ("options", "players")),
            key="options.players",
            expected="a whole number of players",
            found=short(n_players),
        )
    if asked is not None and not spec.players.min <= asked <= spec.players.max:
        raise PnpError(
            f"{spec.title} is not played by {asked} players",
            file=gname,
            line=line_of(raw, ("players",)),
            key="players",
            expected=f"--players from {spec.players.min} to {spec.players.max} (game.yaml players)",
            found=str(asked),
        )
    if spec.player_colours and not 1 <= n_players <= len(spec.player_colours):
        raise PnpError(
            "wrong number of players",
            file=gname,
            line=line_of(raw, ("options", "players")),
            key="options.players",
            expected=f"1 to {len(spec.player_colours)} (the game's player colours)",
            found=str(n_players),
        )
    return n_players


def _fonts(spec: GameSpec, raw: dict, folder: Path, gname: str, allow_outside: bool) -> dict:
    """game.yaml's fonts, each a font file inside the game folder that loads."""
    fonts = {
        name: resolve_inside(
            folder,
            rel,
            file=gname,
            key=f"fonts.{name}",
            allow_outside=allow_outside,
            line=line_of(raw, ("fonts", name)),
        )
        for name, rel in spec.fonts.items()
    }
    for name, path in fonts.items():
        check_font(
            path,
            file=gname,
            key=f"fonts.{name}",
            line=line_of(raw, ("fonts", name)),
            found=spec.fonts[name],
        )
    return fonts


def _used_folder(
    game: str, raw: dict, u: int, folder: Path, gname: str, allow_outside: bool, using: tuple
) -> Path:
    """The folder of the game `uses[u]` names: a built-in id or a folder inside this game's,
    never one of the games that led here."""
    key, line = f"uses[{u}].game", line_of(raw, ("uses", u, "game"))
    builtin = builtin_games()
    if game in builtin and not (folder / game / "game.yaml").is_file():
        other_folder = builtin[game]
    else:  # a folder, relative to this game's: it must stay inside unless allowed
        other_folder = resolve_inside(
            folder, game, file=gname, key=key, allow_outside=allow_outside, line=line
        )
        if not (other_folder / "game.yaml").is_file():
            near = difflib.get_close_matches(game, list(builtin), n=1, cutoff=0.5)
            raise PnpError(
                f"unknown game '{game}'",
                file=gname,
                line=line,
                key=key,
                expected="a built-in game ("
                + ", ".join(builtin)
                + ") or a folder with a game.yaml",
                found=game,
                hint=f"did you mean '{near[0]}'?" if near else None,
            )
    other_folder = other_folder.resolve()
    if other_folder in (*using, folder):
        cycle = " -> ".join(display_path(p / "game.yaml") for p in (*using, folder, other_folder))
        raise PnpError(
            "games use each other in a circle",
            file=gname,
            line=line,
            key=key,
            expected="a game that does not lead back to this one",
            found=cycle,
        )
    return other_folder


def _check_families(
    families: list[Family],
    raw: dict,
    gname: str,
    variant: str | None,
    own_overrides: dict,
    excluded: set,
    whole: bool,
) -> None:
    """The families together: within the items budget and the sheets' stock (`whole`: the game
    asked for, not one it uses), each name once, and every family the variant changes present."""
    if whole:
        budget.check(
            "items",
            sum(len(f.items) for f in families),
            file=gname,
            line=line_of(raw, ("components",)),
            key="components",
        )
    names = [f.name for f in families]
    for dup in {n for n in names if names.count(n) > 1}:
        raise PnpError(
            f"two component families are both called '{dup}'",
            file=gname,
            line=line_of(raw, ("components",)),
            key="components",
            hint="each family file needs its own 'family:' name",
        )
    for name in own_overrides:
        if name not in names and name not in excluded:
            raise PnpError(
                f"variant names unknown family '{name}'",
                file=gname,
                line=line_of(raw, ("variants", variant, "families", name)),
                key=f"variants.{variant}.families",
                expected="one of: " + ", ".join(names),
                found=name,
            )


def read_with_includes(
    path: Path, folder: Path, allow_outside: bool, chain: tuple = (), documents: dict | None = None
) -> dict:
    """A family file with its `include:` files merged under it (its own keys win).

    Every key remembers the file and line it came from, so later errors name the right file.
    """
    name = display_path(path)
    data = read_yaml(path, documents=documents)
    if not isinstance(data, dict):
        raise PnpError(
            "expected a mapping of keys",
            file=name,
            line=getattr(data, "line", None),
            expected="key: value lines",
            found=type_name(data),
        )
    includes = data.get("include", [])
    if not isinstance(includes, list):
        raise PnpError(
            "wrong value",
            file=name,
            line=data.lines.get("include"),
            key="include",
            expected="a list of YAML files",
            found=short(includes),
        )
    if not includes:
        return data
    merged: dict = LineDict()
    merged.line, merged.lines, merged.file, merged.files = data.line, {}, name, {}
    for i, rel in enumerate(includes):
        line = line_of(data, ("include", i))
        if not isinstance(rel, str):
            raise PnpError(
                "wrong value",
                file=name,
                line=line,
                key=f"include[{i}]",
                expected="a file name",
                found=short(rel),
            )
        sub = resolve_inside(
            path.parent, rel, file=name, key=f"include[{i}]", allow_outside=allow_outside, line=line
        )
        if not allow_outside and not sub.is_relative_to(folder.resolve()):
            raise PnpError(
                "path leaves the game folder", file=name, line=line, key=f"include[{i}]", found=rel
            )
        if sub in (*chain, path):
            cycle = " -> ".join(display_path(p) for p in (*chain, path, sub))
            raise PnpError(
                "circular include",
                file=name,
                line=line,
                key=f"include[{i}]",
                expected="includes that do not lead back to a file already being read",
                found=cycle,
            )
        # each file including the next several times multiplies: count every file read
        budget.spend("includes", 1, file=name, line=line, key=f"include[{i}]")
        if len(chain) >= MAX_INCLUDE_DEPTH:
            raise PnpError(
                "includes nest too deeply",
                file=name,
                line=line,
                key=f"include[{i}]",
                expected=f"at most {MAX_INCLUDE_DEPTH} levels",
                found=rel,
            )
        merged = deep_merge(
            merged, read_with_includes(sub, folder, allow_outside, (*chain, path), documents)
        )
    own = LineDict((k, v) for k, v in data.items() if k != "include")
    own.line, own.lines, own.file = data.line, dict(data.lines), name
    result = deep_merge(merged, own)
    result.line, result.file = data.line, name
    return result


def _data_file_items(
    data: LineDict, folder: Path, name: str, allow_outside: bool, max_items: int
) -> tuple[LineDict, str | None, list[str]]:
    """`items: cards.csv` or `items: {file: cards.xlsx, sheet: Cards}`: the rows as item entries.

    The path is relative to the game folder and must stay inside it, like every file a game names.
    """
    raw = data.get("items")
    if isinstance(raw, str):
        ref, sheet = raw, None
    elif isinstance(raw, dict) and "file" in raw:
        unknown = [k for k in raw if k not in ("file", "sheet")]
        if unknown:
            near = difflib.get_close_matches(str(unknown[0]), ["file", "sheet"], n=1, cutoff=0.5)
            raise PnpError(
                "unknown key in items",
                file=name,
                line=line_of(data, ("items", unknown[0])),
                key=f"items.{unknown[0]}",
                expected="file, sheet",
                found=str(unknown[0]),
                hint=f"did you mean '{near[0]}'?" if near else None,
            )
        ref, sheet = raw["file"], raw.get("sheet")
        if not isinstance(ref, str) or not (sheet is None or isinstance(sheet, str)):
            raise PnpError(
                "items file and sheet are names",
                file=name,
                line=line_of(data, ("items",)),
                key="items",
                expected="file: a path, sheet: a sheet name",
                found=short(raw),
            )
    else:
        return data, None, []
    line = line_of(data, ("items",))
    target = resolve_inside(
        folder, ref, file=name, key="items", allow_outside=allow_outside, line=line
    )
    try:
        found = target.is_file()
    except OSError:  # a name the system cannot hold (too long, bad bytes) is a file not found
        found = False
    if not found:
        raise PnpError(
            "items file not found",
            file=name,
            line=line,
            key="items",
            expected="a .csv, .tsv or .xlsx file in the game folder",
            found=ref,
        )
    shown = display_path(target)
    notes: list[str] = []
    budget.read(target, target.stat().st_size)
    rows = LineList(
        read_rows(
            target, shown=shown, sheet=sheet, max_rows=budget.allowed("items"), warnings=notes
        )
    )
    rows.lines = [row.pop(ROW_KEY) for row in rows]
    out = LineDict(data)
    out.line, out.lines, out.file, out.files = data.line, dict(data.lines), data.file, data.files
    out["items"] = rows
    return out, shown, notes


def _load_family(
    path, folder, overrides, opts, seats, allow_outside, max_items, documents
) -> Family:
    name = display_path(path)
    data = read_with_includes(path, folder, allow_outside, documents=documents)
    fam_name = data.get("family")
    if isinstance(fam_name, str) and fam_name in overrides:
        data = deep_merge(data, overrides[fam_name])
    schemas = kind_schemas()
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in schemas:
        near = difflib.get_close_matches(str(kind), list(schemas), n=1, cutoff=0.5)
        where, line = locate(data, ("kind",))
        raise PnpError(
            "unknown component kind" if kind is not None else "missing key 'kind'",
            file=where or name,
            line=line,
            key="kind",
            expected="one of: " + ", ".join(sorted(schemas)),
            found=short(kind) if not isinstance(kind, str) else kind,
            hint=f"did you mean '{near[0]}'?" if near else None,
        )
    data, items_file, notes = _data_file_items(data, folder, name, allow_outside, max_items)
    spec: FamilySpec = validate(schemas[kind], data, file=name, context={"folder": folder})
    items_lines = getattr(data.get("items"), "lines", None)
    items = expand_items(
        spec.family,
        spec.items,
        base={**opts, **spec.options},
        players=seats,
        file=items_file or name,
        lines=items_lines,
        max_items=max_items,
    )
    if not len(items):  # said, not silently printed as nothing
        where, line = locate(data, ("items",)) if not items_file else (items_file, None)
        notes.append(
            f"{where or name}{f':{line}' if line else ''}: family '{spec.family}' has no items, so "
            "nothing of it is printed (an empty for_each list, count: 0 on every entry, or an "
            "items file without rows)"
        )
    return Family(spec=spec, file=name, folder=folder, items=items, data=data, warnings=notes)
