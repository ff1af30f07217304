"""No file outside the game folder is read or copied, by any route, unless --allow-outside.

Each case puts a symlink in a copied game folder that leads to a canary file (or folder)
outside it, runs the command, and asserts exit 2, a message naming the path, and (through
an audit hook on every file open) that the canary was never opened.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from conftest import MINI as BASE
from conftest import edit

from pnp.cli import main

CANARY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'
_opened: list[str] = []
_watching: list[bool] = [False]


def _audit(event: str, args: tuple) -> None:
    if _watching[0] and event == "open" and args and isinstance(args[0], (str, bytes, Path)):
        _opened.append(str(args[0] if not isinstance(args[0], bytes) else args[0].decode(errors="replace")))


sys.addaudithook(_audit)


@pytest.fixture
def world(tmp_path):
    """A game folder `mini` and, beside it, an outside folder with canary files."""
    game = tmp_path / "mini"
    shutil.copytree(BASE, game, ignore=shutil.ignore_patterns("README.md"))
    outside = tmp_path / "private"
    outside.mkdir()
    (outside / "secret.svg").write_text(CANARY_SVG)
    (outside / "secret.yaml").write_text("family: secret\nkind: card\nsize: {w: 63mm, h: 88mm}\nitems: [{id: s}]\n")
    (outside / "secret.ttf").write_bytes(b"\x00\x01\x00\x00CANARY")
    (outside / "secret.png").write_bytes(b"\x89PNG\r\n\x1a\nCANARY")
    (outside / "secret.csv").write_text("id,name\nsecret,CANARY\n")
    (outside / "secret.xlsx").write_bytes(b"PK\x03\x04CANARY")
    other = outside / "othergame"
    shutil.copytree(BASE, other, ignore=shutil.ignore_patterns("README.md"))
    (other / "game.yaml").write_text((other / "game.yaml").read_text().replace("id: mini", "id: other"))
    return game, outside


def _run(argv: list[str], outside: Path, capsys) -> tuple[int, str]:
    _opened.clear()
    _watching[0] = True
    try:
        code = main(argv)
    finally:
        _watching[0] = False
    leaked = [p for p in _opened if Path(p).resolve().is_relative_to(outside.resolve())]
    assert not leaked, f"a file outside the game folder was opened: {leaked}"
    return code, capsys.readouterr().err



ITEMS = "items:\n  - id: c{n}\n    for_each: {n: [1, 2, 3]}\n"


def _front(game: Path, line: str) -> None:
    edit(game / "cards.yaml", "front:\n", f"front:\n  - {line}\n")


def _refused(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert "leaves the game folder" in err, err
    for w in words:
        assert w in err, (w, err)
    assert "Traceback" not in err


def _build(game: Path, tmp_path: Path, *extra: str) -> list[str]:
    return ["build", str(game), "--out", str(tmp_path / "out"), "--paper", "a4", "--quiet", *extra]


def test_symbol_art_symlink(world, tmp_path, capsys):
    game, outside = world
    (game / "art").mkdir()
    (game / "art" / "evil.svg").symlink_to(outside / "secret.svg")
    _front(game, "symbol: {name: evil, x: 50%, y: 50%, size: 10mm}")
    code, err = _run(_build(game, tmp_path), outside, capsys)
    _refused(code, err, "art/evil.svg", "secret.svg", "cards.yaml", "front[0].symbol")
    assert not (tmp_path / "out" / "mini").exists()


def test_symbol_art_symlink_allowed(world, tmp_path, capsys):
    """--allow-outside lifts the guard: the same folder builds."""
    game, _ = world
    (game / "art").mkdir()
    (game / "art" / "evil.svg").symlink_to(world[1] / "secret.svg")
    _front(game, "symbol: {name: evil, x: 50%, y: 50%, size: 10mm}")
    assert main(_build(game, tmp_path, "--allow-outside")) == 0, capsys.readouterr().err
    assert (tmp_path / "out" / "mini" / "mini-a4.pdf").is_file()


def test_art_symlinked_folder(world, tmp_path, capsys):
    game, outside = world
    (game / "art").symlink_to(outside, target_is_directory=True)
    _front(game, "symbol: {name: secret, x: 50%, y: 50%, size: 10mm}")
    code, err = _run(_build(game, tmp_path), outside, capsys)
    _refused(code, err, "art/secret.svg")


@pytest.mark.parametrize(
    ("link", "target", "file", "old", "new", "key"),
    [
        ("pic.png", "secret.png", "cards.yaml", "front:\n", "front:\n  - image: {file: pic.png}\n", "front[0].image.file"),
        ("body.ttf", "secret.ttf", "game.yaml", "rules: null", "rules: null\nfonts: {body: body.ttf}", "fonts.body"),
        ("common.yaml", "secret.yaml", "cards.yaml", "family: cards\n", "family: cards\ninclude: [common.yaml]\n", "include[0]"),
        ("more.yaml", "secret.yaml", "game.yaml", "  - cards.yaml", "  - cards.yaml\n  - more.yaml", "components[1]"),
        ("data.csv", "secret.csv", "cards.yaml", ITEMS, "items: data.csv\n", "items"),
        ("data.xlsx", "secret.xlsx", "cards.yaml", ITEMS, "items: data.xlsx\n", "items"),
    ],
    ids=["image", "font", "include", "component", "csv", "xlsx"],
)
def test_file_symlink(world, tmp_path, capsys, link, target, file, old, new, key):
    game, outside = world
    (game / link).symlink_to(outside / target)
    edit(game / file, old, new)
    code, err = _run(_build(game, tmp_path), outside, capsys)
    _refused(code, err, link, target, key, file)


def test_include_dotdot(world, tmp_path, capsys):
    game, outside = world
    edit(game / "cards.yaml", "family: cards\n", "family: cards\ninclude: [../private/secret.yaml]\n")
    code, err = _run(_build(game, tmp_path), outside, capsys)
    _refused(code, err, "../private/secret.yaml", "include[0]")


def test_uses_symlinked_folder(world, tmp_path, capsys):
    game, outside = world
    (game / "shared").symlink_to(outside / "othergame", target_is_directory=True)
    edit(game / "game.yaml", "rules: null", "rules: null\nuses: [{game: shared}]")
    code, err = _run(_build(game, tmp_path), outside, capsys)
    _refused(code, err, "shared", "othergame", "uses[0].game")


def test_rules_symlink(world, tmp_path, capsys):
    game, outside = world
    (game / "rules.yaml").symlink_to(outside / "secret.yaml")
    edit(game / "game.yaml", "rules: null", "rules: rules.yaml")
    code, err = _run(["check", str(game)], outside, capsys)
    _refused(code, err, "rules.yaml", "secret.yaml", "key: rules")


def test_game_yaml_symlink(world, tmp_path, capsys):
    """A game.yaml that is a symlink to another folder's would build that other game."""
    game, outside = world
    (game / "game.yaml").unlink()
    (game / "game.yaml").symlink_to(outside / "othergame" / "game.yaml")
    code, err = _run(_build(game, tmp_path), outside, capsys)
    _refused(code, err, "game.yaml", "othergame")
    assert not (tmp_path / "out").exists()


def test_new_from_copies_no_symlinked_file(world, tmp_path, capsys):
    """`pnp new --from` refuses a folder whose symlink leads out, before writing anything."""
    game, outside = world
    (game / "art").mkdir()
    (game / "art" / "evil.svg").symlink_to(outside / "secret.svg")
    dst = tmp_path / "copy"
    code, err = _run(["new", str(dst), "--from", str(game)], outside, capsys)
    _refused(code, err, "evil.svg", "secret.svg")
    assert not dst.exists()


def test_new_from_allowed_copies_the_target(world, tmp_path, capsys):
    game, outside = world
    (game / "art").mkdir()
    (game / "art" / "evil.svg").symlink_to(outside / "secret.svg")
    dst = tmp_path / "copy"
    assert main(["new", str(dst), "--from", str(game), "--allow-outside"]) == 0, capsys.readouterr().err
    assert (dst / "art" / "evil.svg").read_text() == CANARY_SVG


def test_preview_symbol_art_symlink(world, tmp_path, capsys):
    game, outside = world
    (game / "art").mkdir()
    (game / "art" / "evil.svg").symlink_to(outside / "secret.svg")
    _front(game, "symbol: {name: evil, x: 50%, y: 50%, size: 10mm}")
    code, err = _run(["preview", str(game), "--out", str(tmp_path / "out")], outside, capsys)
    _refused(code, err, "art/evil.svg")


def test_nul_byte_in_image_path(world, tmp_path, capsys):
    game, outside = world
    _front(game, 'image: {file: "pic\\0.png"}')
    code, err = _run(_build(game, tmp_path), outside, capsys)
    assert code == 2, err
    assert "NUL byte" in err and "cards.yaml" in err and "image.file" in err, err


def test_data_file_dotdot(world, tmp_path, capsys):
    game, outside = world
    edit(game / "cards.yaml", ITEMS, "items: ../private/secret.csv\n")
    code, err = _run(_build(game, tmp_path), outside, capsys)
    _refused(code, err, "../private/secret.csv", "key: items", "cards.yaml:4")


def test_live_server_symbol_art_symlink(world, capsys):
    """pnp serve shows the refusal in the page, with file and line, and never opens the canary."""
    from serve_util import Served

    game, outside = world
    (game / "art").mkdir()
    (game / "art" / "evil.svg").symlink_to(outside / "secret.svg")
    _front(game, "symbol: {name: evil, x: 50%, y: 50%, size: 10mm}")
    _opened.clear()
    _watching[0] = True
    try:
        served = Served(game)
        try:
            state = served.state()
        finally:
            served.stop()
    finally:
        _watching[0] = False
    assert not [p for p in _opened if Path(p).resolve().is_relative_to(outside.resolve())], _opened
    assert state["families"] == [] and state["errors"], state
    err = state["errors"][0]
    assert err["message"].endswith("leaves the game folder") and err["file"].endswith("cards.yaml") and err["line"] == 8, err
    assert "art/evil.svg" in err["found"] and "secret.svg" in err["found"] and err["key"] == "front[0].symbol", err


def _inotify_watches() -> int:
    """Folders this process watches now (Linux: every inotify descriptor lists its watches)."""
    import glob
    import os

    n = 0
    for info in glob.glob(f"/proc/{os.getpid()}/fdinfo/*"):
        try:
            n += Path(info).read_text().count("inotify wd:")
        except OSError:
            pass
    return n


def test_live_server_neither_walks_nor_watches_a_symlinked_folder(world):
    """A link in the game folder to a big outside folder (/ , a home folder) is not followed by the
    watcher: nothing outside is listed, and only the game's own folders are watched."""
    from serve_util import Served

    from pnp.serve.app import watched

    game, outside = world
    for n in range(30):
        (outside / "tree" / f"d{n}" / "deeper").mkdir(parents=True)
    (game / "evil").symlink_to(outside, target_is_directory=True)
    (game / "art").mkdir()
    served = Served(game)
    try:
        folders = watched(served.running.hub.folders())
        assert sorted(folders) == sorted([game.resolve(), game.resolve() / "art"]), folders
        assert 0 < _inotify_watches() <= len(folders) + 1
    finally:
        served.stop()


def _tree(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None) for p in sorted(folder.rglob("*"))}


def _link_refused(code: int, err: str, link: str) -> None:
    assert code == 2, err
    assert "cannot write the output folder" in err and "symbolic link" in err and link in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", [["build"], ["preview"], ["export", "--tts"], ["export", "--cut"], ["export", "--cards"]])
def test_planted_output_link_is_refused(world, capsys, monkeypatch, command):
    """`cd game && pnp build .` with a shared game's `output` a link to a private folder: the
    command would write there. Refused, named; the private folder is untouched."""
    game, outside = world
    (game / "output").symlink_to(outside, target_is_directory=True)
    before = _tree(outside)
    monkeypatch.chdir(game)
    code, err = _run([command[0], ".", *command[1:]], outside, capsys)
    _link_refused(code, err, "output ->")
    assert _tree(outside) == before


@pytest.mark.parametrize("command", [["build"], ["preview"], ["export", "--tts"]])
def test_planted_game_output_link_is_refused(world, capsys, monkeypatch, command):
    """`output/mini` a link to a private folder: an earlier version hard-linked every file of
    it into the new output (which goes along when the output is zipped and shared)."""
    game, outside = world
    (game / "output").mkdir()
    (game / "output" / "mini").symlink_to(outside, target_is_directory=True)
    before = _tree(outside)
    monkeypatch.chdir(game)
    code, err = _run([command[0], ".", *command[1:]], outside, capsys)
    _link_refused(code, err, "mini ->")
    assert _tree(outside) == before
    assert sorted(p.name for p in (game / "output").iterdir()) == ["mini"], "nothing written beside it"


def test_planted_link_dressed_as_an_older_set_is_refused(world, capsys, monkeypatch):
    """`output/mini` -> `.pnp-mini.1.x` (as earlier versions made), that itself a link out."""
    game, outside = world
    (game / "output").mkdir()
    (game / "output" / ".pnp-mini.1.abcd").symlink_to(outside, target_is_directory=True)
    (game / "output" / "mini").symlink_to(".pnp-mini.1.abcd", target_is_directory=True)
    before = _tree(outside)
    monkeypatch.chdir(game)
    code, err = _run(["build", "."], outside, capsys)
    _link_refused(code, err, "mini ->")
    assert _tree(outside) == before


def test_planted_preview_folder_link_is_refused(world, capsys, monkeypatch):
    """`output/mini/preview` a link to a private folder: a preview would carry its files over."""
    game, outside = world
    assert main(["build", str(game), "--out", str(game / "output"), "--quiet"]) == 0
    (game / "output" / "mini" / "preview").symlink_to(outside, target_is_directory=True)
    before = _tree(outside)
    code, err = _run(["preview", str(game), "--out", str(game / "output")], outside, capsys)
    _link_refused(code, err, "preview ->")
    assert _tree(outside) == before
