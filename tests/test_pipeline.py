"""Every command runs the one pipeline (pnp/pipeline): the same load, faces, tiling check and plan."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import game_yaml

import pnp.spec.load as load_module
from pnp.cli import main
from pnp.layout.manifest import manifest
from pnp.rulecheck import evaluate as evaluate_module


@pytest.fixture
def spy(monkeypatch):
    """Counts top-level game loads by variant and records what each rulebook check was given."""
    seen = {"loads": Counter(), "checks": []}
    real_load, real_evaluate = load_module.load_game, evaluate_module.evaluate

    def load_game(*args, **kwargs):
        if not kwargs.get("_using"):  # a game's own `using:` games are part of its one load
            seen["loads"][kwargs.get("variant")] += 1
        return real_load(*args, **kwargs)

    def evaluate(game, rules, plan=None, printed=None, **kwargs):
        seen["checks"].append((game, plan, printed))
        return real_evaluate(game, rules, plan, printed, **kwargs)

    monkeypatch.setattr(load_module, "load_game", load_game)
    monkeypatch.setattr(evaluate_module, "evaluate", evaluate)
    return seen


@pytest.mark.parametrize(
    "command",
    [
        ["build", "piecepack", "--paper", "a4", "--jobs", "1", "--quiet"],
        ["build", "piecepack", "--paper", "both", "--jobs", "1", "--quiet"],
        ["check", "piecepack"],
        ["preview", "piecepack", "--family", "coins", "--dpi", "20"],
        ["export", "piecepack", "--cut"],
    ],
    ids=lambda c: " ".join(c[:1] + c[2:3]),
)
def test_each_command_loads_the_game_once(command, spy, tmp_path, capsys):
    out = [] if command[0] == "check" else ["--out", str(tmp_path / "out")]
    assert main(command + out) in (0, 1), capsys.readouterr().err
    # the game as built, once; a rule about another variant loads that variant, once
    assert spy["loads"][None] == 1 and set(spy["loads"].values()) == {1}, spy["loads"]


def test_check_reads_the_faces_and_plan_the_build_prints(spy, tmp_path, capsys):
    """pnp check and pnp build give the rulebook check the same drawn faces and the same plan,
    and that plan is the one the build's A4 PDF was written from (its manifest)."""
    out = tmp_path / "out"
    assert (
        main(["build", "piecepack", "--paper", "a4", "--jobs", "1", "--quiet", "--out", str(out)])
        == 0
    )
    assert main(["check", "piecepack", "--json"]) == 0
    capsys.readouterr()
    (bgame, bplan, bprinted), (cgame, cplan, cprinted) = spy["checks"]
    assert bplan is not None and cplan is not None, "both commands check the imposed plan"
    assert bprinted is not None and cprinted is not None, "both commands check the faces they drew"
    written = json.loads((out / "piecepack" / "piecepack-a4.json").read_text())
    for page in written["pages"]:  # the drawing digests (for --since) come from the faces
        for it in page["items"]:
            assert it.pop("digest")
    for game, plan in ((bgame, bplan), (cgame, cplan)):
        assert (
            manifest(plan, game=game.id, variant=game.variant, paper="a4", engine="reportlab")
            == written
        )
    families = [f.name for f in bgame.families]
    assert families == [f.name for f in cgame.families]
    for fam in families:
        built = [(f.item, f.side, f.drawing) for f in bprinted.faces(fam)]
        checked = [(f.item, f.side, f.drawing) for f in cprinted.faces(fam)]
        assert built and built == checked, fam


def test_export_cut_refuses_what_the_build_cannot_tile(tmp_path, capsys):
    """The 300 mm board needs 4 A4 tiles: with --max-tiles 2 build and export --cut refuse alike."""
    game = tmp_path / "g"
    assert main(["new", str(game)]) == 0
    capsys.readouterr()
    errors = []
    for command in (
        ["build", str(game), "--paper", "a4", "--jobs", "1"],
        ["export", str(game), "--cut", "--paper", "a4"],
    ):
        assert main(command + ["--max-tiles", "2", "--out", str(tmp_path / "out")]) == 2
        errors.append(capsys.readouterr().err)
    assert "would need 4 tile pages on a4" in errors[0]
    assert errors[1] == errors[0]
    assert not (tmp_path / "out").exists()


def test_every_command_that_draws_reports_the_drawing_warnings(tmp_path, capsys, monkeypatch):
    """30 plus signs tile no rectangle: build, preview and export --cut all say so, with the line."""
    from functools import partial

    from pnp.kinds.polyomino import kind, pack

    # the warning is the point here, not the search: a small budget runs out as the full one does
    # (tests/test_polyomino.py reads the documented 250,000 steps)
    monkeypatch.setattr(kind, "pack_rectangle", partial(pack.pack_rectangle, steps=2_000))
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text(game_yaml("plus", "pieces.yaml"))
    (game / "pieces.yaml").write_text(
        "family: pieces\nkind: polyomino\ncell: 10mm\nfill: '#c8102e'\npack_by: set\n"
        "items:\n  - {id: plus, set: a, count: 30, cells: [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]]}\n"
    )
    out = ["--out", str(tmp_path / "out")]
    for command in (
        ["build", str(game), "--paper", "a4", "--jobs", "1"],
        ["preview", str(game), "--dpi", "20"],
        ["export", str(game), "--cut"],
    ):
        assert main(command + out) == 0
        err = capsys.readouterr().err
        assert "pieces.yaml:5: the pieces of set 'a' were placed one by one, not tiled" in err, (
            command[0],
            err,
        )


SYMBOL_CARDS = (
    "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\nbackground: white\nitems:\n  - {id: c1}\nfront:\n"
    "  - symbol: {name: mark, x: 31.5mm, y: 44mm, size: 40mm}\n"
)


def _mark(fill: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="{fill}"/></svg>'


def _fills(pdf) -> set[tuple]:
    import pymupdf

    with pymupdf.open(pdf) as doc:
        return {
            tuple(round(c, 2) for c in d["fill"])
            for p in doc
            for d in p.get_drawings()
            if d.get("fill")
        }


def test_nothing_one_build_read_survives_into_the_next(tmp_path):
    """One process (a script, or pnp serve) builds, the art and a template change on disk,
    and it builds again: the second build prints the files as they are now."""
    import pnp

    folder = tmp_path / "g"
    (folder / "art").mkdir(parents=True)
    (folder / "game.yaml").write_text(game_yaml("mark"))
    (folder / "cards.yaml").write_text(SYMBOL_CARDS)
    art = folder / "art" / "mark.svg"
    art.write_text(_mark("#c01010"))
    first = pnp.build(str(folder), "a4", out_dir=tmp_path / "one")
    assert (0.75, 0.06, 0.06) in _fills(first[0].pdf)
    art.write_text(_mark("#1010c0"))  # the same size, within the same second
    second = pnp.build(str(folder), "a4", out_dir=tmp_path / "two")
    fills = _fills(second[0].pdf)
    assert (0.06, 0.06, 0.75) in fills and (0.75, 0.06, 0.06) not in fills


def test_every_module_level_cache_is_emptied_at_the_start_of_a_build(small_game):
    """pnp.caches lists every cache kept at module level; each is empty once a build starts."""
    import importlib

    from pnp import caches
    from pnp.pipeline import prepare

    prepare(str(small_game), ["a4"])  # fills the caches the game uses
    for module, _ in caches.CACHES:
        importlib.import_module(module)
    caches.forget()
    for module, name in caches.CACHES:
        cache = getattr(importlib.import_module(module), name)
        size = (
            cache.cache_info().currsize
            if hasattr(cache, "cache_info")
            else len(getattr(cache, "entries", cache))
        )
        assert size == 0, (module, name)


# kept for the life of the process on purpose: files of pnp's own, never a game's
PROCESS_CONSTANTS = {("pnp.draw.fonts", "builtin_records")}  # the built-in fonts' records


def test_every_cached_function_is_listed_to_be_emptied():
    """A function cached at module level (functools.cache or lru_cache) is in pnp.caches.CACHES,
    so `pnp serve` holds nothing one build read into the next."""
    import ast
    from pathlib import Path

    from pnp import caches

    root = Path(caches.__file__).parent
    found = set()
    for file in root.rglob("*.py"):
        module = ".".join(file.relative_to(root.parent).with_suffix("").parts)
        for node in ast.parse(file.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and any(
                "cache" in ast.unparse(d).split("(")[0].split(".")[-1] for d in node.decorator_list
            ):
                found.add((module, node.name))
    assert found, "no cached function found: the search itself is broken"
    assert found - PROCESS_CONSTANTS <= set(caches.CACHES), found - set(caches.CACHES)
