"""Shared fixtures: build a game once per test session and hand out its PDF and manifest."""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import pymupdf
import pytest

import pnp.engines.svg_pages
import pnp.pipeline  # noqa: F401 - registers the component kinds: tests load games with pnp.spec.load
from pnp import build
from pnp.spec.load import load_game

# PNP_TEST_NO_LINKS=1 (the second run .ci/run makes): this process and every process it starts
# run as on a desktop where symlinks, hard links and fork are refused (tests/no_links/).
NO_LINKS_DIR = Path(__file__).parent / "no_links"
if os.environ.get("PNP_TEST_NO_LINKS") == "1":
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(NO_LINKS_DIR), os.environ.get("PYTHONPATH")])
    )
    import importlib.util

    _spec = importlib.util.spec_from_file_location("no_links", NO_LINKS_DIR / "sitecustomize.py")
    _no_links = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_no_links)  # refuses them here too
    _real_symlink = _no_links.real_symlink
else:
    _real_symlink = os.symlink


def plant_symlink(link: Path, target: str | Path, directory: bool = False) -> None:
    """Make a link as a test's setup (an older version's output, a planted link), in either run."""
    _real_symlink(target, link, target_is_directory=directory)


# svgwrite's validator checks every SVG page the tests make, element by element, as it is built
pnp.engines.svg_pages.DEBUG = True

REPO = Path(__file__).resolve().parent.parent
MM = 25.4 / 72.0  # millimetres per PDF point


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto`: one worker a core. The everyday tests keep their core busy (a live server's
    tests wait for its readiness signal, not a sleep; a child process works while its test
    waits), so a further worker would only start, collect and warm up once more."""
    return os.cpu_count() or 1


@dataclass
class Built:
    pdf: Path
    manifest: dict
    warnings: list[str]  # what the build warned (what `pnp build` prints as warning: lines)
    failed: list[str]  # the ids of the rules that failed (--strict refuses on either)
    rules: int  # how many rules the build's rulebook check read

    def doc(self) -> pymupdf.Document:
        return pymupdf.open(self.pdf)


_cache: dict = {}


@pytest.fixture(scope="session")
def out_root(tmp_path_factory) -> Path:
    """Where the session's builds go: one folder every test worker shares (pytest-xdist gives
    each worker a temporary folder of its own inside one parent), so a game is built once."""
    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "built"
    root.mkdir(exist_ok=True)
    return root


def _built_once(dest: Path, make) -> None:
    """Run make() to fill `dest` unless another worker has, or is doing it now (then wait)."""
    done, lock = dest / "done", dest.with_name(dest.name + ".lock")
    dest.mkdir(parents=True, exist_ok=True)
    while not done.exists():
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            time.sleep(0.05)  # another worker is building it
            continue
        try:
            if not done.exists():
                make()
                done.write_text("")
        finally:
            os.close(fd)
            lock.unlink()


@pytest.fixture(scope="session")
def made(out_root):
    """made(name, make) -> a folder that make(folder) fills once for the whole run, every worker
    reading the same files (as `built` does): a module's export or build that several of its
    tests read, which pytest-xdist would otherwise make again in each worker running them."""

    def get(name: str, make) -> Path:
        dest = out_root / "made" / name
        _built_once(dest, lambda: make(dest))
        return dest

    return get


@pytest.fixture(scope="session")
def built(out_root):
    """built(game, paper='a4', variant=None, engine='reportlab', mode=None, **options) -> Built;
    mode: one of the print's modes ("registration", "fold", "ink_saver") turned on."""

    def get(
        game: str,
        paper: str = "a4",
        variant: str | None = None,
        engine: str = "reportlab",
        mode: str | None = None,
        **options,
    ) -> Built:
        key = (game, paper, variant, engine, tuple(sorted(options.items())), mode)
        if key not in _cache:
            parts = [*key[:4], mode] if mode else key[:4]
            name = "-".join(str(k) for k in parts).replace("/", "_").replace("\\", "_")
            dest = (
                out_root
                / name
                / ("opts-" + "-".join(f"{k}{v}" for k, v in key[4]) if options else "plain")
            )

            def make() -> None:
                g = load_game(game, variant=variant, options=options or None)
                modes = {mode: True} if mode else {}
                done = build(g, [paper], engine=engine, out_dir=dest / "out", **modes)
                said = {  # what the build said besides its files (Built's other fields)
                    "warnings": done.warnings,
                    "failed": [r.id for r in done.failed],
                    "rules": len(done.results),
                }
                (dest / "said.json").write_text(json.dumps(said), encoding="utf-8")

            _built_once(dest, make)
            pdfs = sorted((dest / "out").rglob("*.pdf"))
            manifests = sorted((dest / "out").rglob("*.json"))
            assert len(pdfs) == len(manifests) == 1, (pdfs, manifests)
            said = json.loads((dest / "said.json").read_text(encoding="utf-8"))
            _cache[key] = Built(pdfs[0], json.loads(manifests[0].read_text()), **said)
        return _cache[key]

    return get


@pytest.fixture
def small_game(tmp_path, made) -> Path:
    """A fresh game from `pnp new`, at tmp_path/small: `pnp new` runs once for the whole run,
    each test gets its own copy of what it made (the same files, the same game id)."""
    from pnp.cli import main

    def make(dest: Path) -> None:
        assert main(["new", str(dest / "small")]) == 0

    made_once = made("pnp-new-small", make)
    folder = tmp_path / "small"
    shutil.copytree(made_once / "small", folder)
    return folder


@pytest.fixture
def game_copy(tmp_path):
    """game_copy('greenway') -> a writable copy of a built-in game's folder."""
    from pnp.spec.load import find_game

    def copy(game: str) -> Path:
        src = find_game(game)
        dst = tmp_path / game
        shutil.copytree(src, dst)
        return dst

    return copy


def page_items(manifest: dict, kind: str | None = None):
    for page in manifest["pages"]:
        if kind is None or page["kind"] == kind:
            for it in page["items"]:
                yield page, it


def item_clip(it) -> pymupdf.Rect:
    """A placed item's box on its page, in PDF points (for pymupdf's clip=)."""
    x, y, w, h = it["x_mm"], it["y_mm"], it["w_mm"], it["h_mm"]
    return pymupdf.Rect(x, y, x + w, y + h) / MM


def _chars_by_item(b: Built, component: str, side: str | None = None):
    """(item, [(line key, span, char), ...]) for each placed item of `component`: the page's text
    read once (pymupdf's rawdict) and each character given to the item its centre lies on
    (items never overlap), in the page's reading order."""
    doc = b.doc()
    read: dict[int, list] = {}
    out = []
    for p, it in page_items(b.manifest):
        if it["component"] != component or (side is not None and it["side"] != side):
            continue
        n = p["number"] - 1
        if n not in read:
            read[n] = [
                ((bi, li), span, ch)
                for bi, block in enumerate(doc[n].get_text("rawdict")["blocks"])
                for li, line in enumerate(block.get("lines", []))
                for span in line["spans"]
                for ch in span["chars"]
            ]
        r = item_clip(it)
        out.append(
            (
                it,
                [
                    (key, span, ch)
                    for key, span, ch in read[n]
                    if r.x0 <= (ch["bbox"][0] + ch["bbox"][2]) / 2 < r.x1
                    and r.y0 <= (ch["bbox"][1] + ch["bbox"][3]) / 2 < r.y1
                ],
            )
        )
    return out


def item_texts(b: Built, component: str, side: str = "front") -> list[tuple[dict, str]]:
    """(item, its printed text with whitespace made single) for each placed item of `component`."""
    out = []
    for it, chars in _chars_by_item(b, component, side):
        lines: dict = {}
        for key, _, ch in chars:
            lines[key] = lines.get(key, "") + ch["c"]
        out.append((it, " ".join(" ".join(lines.values()).split())))
    return out


def item_spans(b: Built, component: str) -> list[tuple[dict, dict]]:
    """(item, span) for every non-blank text span printed on each placed item of `component`
    (a span as pymupdf's "dict" gives it, made of the item's characters only)."""
    out = []
    for it, chars in _chars_by_item(b, component):
        spans: dict[int, tuple[dict, list]] = {}
        for _, span, ch in chars:
            spans.setdefault(id(span), (span, []))[1].append(ch)
        for span, chs in spans.values():
            text = "".join(ch["c"] for ch in chs)
            if text.strip():
                s = {k: v for k, v in span.items() if k != "chars"}
                boxes = [ch["bbox"] for ch in chs]
                s["text"] = text
                s["bbox"] = (
                    min(x[0] for x in boxes),
                    min(x[1] for x in boxes),
                    max(x[2] for x in boxes),
                    max(x[3] for x in boxes),
                )
                out.append((it, s))
    return out


def texts_of(drawing) -> list[str]:
    """Every line of text in a face drawing, in drawing order (symbols are not followed)."""
    out: list[str] = []

    def walk(p):
        for c in getattr(p, "children", ()):
            walk(c)
        if hasattr(p, "text"):
            out.append(p.text)

    walk(drawing)
    return out


def game_yaml(game_id: str, *components: str, extra: str = "") -> str:
    """A test game's game.yaml: one player, no rulebook, its component files (cards.yaml)."""
    files = ", ".join(components or ("cards.yaml",))
    return (
        f"id: {game_id}\ntitle: {game_id.capitalize()}\ncredits: Test\nplayers: {{min: 1, max: 1}}\n"
        f"components: [{files}]\nrules: null\n{extra}"
    )


MINI = Path(__file__).parent / "bad_specs" / "_base"


@pytest.fixture(autouse=True)
def _default_limits():
    """Every test starts with the documented limits: `main([... "--max-tiles", "2"])` run in
    process sets the run's limits, which a later test calling the library would inherit."""
    from pnp import budget

    budget.configure(None)
    yield
    budget.configure(None)


def mini_game(tmp_path: Path) -> Path:
    """A copy of the smallest game (three cards), for a test to break."""
    game = tmp_path / "mini"
    shutil.copytree(MINI, game, ignore=shutil.ignore_patterns("README.md"))
    return game


def edit(path: Path, old: str, new: str) -> None:
    """Replace text that must be there in a copied spec."""
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new))


def build_a4(folder: Path, out: Path, engine: str = "reportlab", *extra: str) -> int:
    """`pnp build FOLDER --paper a4` as a user runs it (warnings on stderr); its exit code."""
    from pnp.cli import main

    return main(
        ["build", str(folder), "--paper", "a4", "--engine", engine, "--out", str(out), *extra]
    )


def sweep(cases, everyday) -> list:
    """A sweep's cases as pytest parameters: those `everyday(case)` keeps run in the README's
    command, the rest only with the deep tests (`pytest -m deep`, which CI runs after it)."""
    return [
        pytest.param(*(c if isinstance(c, tuple) else (c,)), marks=() if everyday(c) else pytest.mark.deep)
        for c in cases
    ]


def one_paper_each(cases) -> list:
    """sweep() of (game, ..., paper) cases keeping one paper per shipped game in the everyday
    run, A4 and Letter in turn down the sorted list of games (the same paper for a game in every
    file, so the everyday run builds each game once): every game and both papers are still
    read every time, and every game on both papers with the deep tests."""
    from pnp.spec.load import builtin_games

    turn = {g: ("a4", "letter")[i % 2] for i, g in enumerate(sorted(builtin_games()))}
    return sweep(cases, lambda c: turn.get(c[0], c[-1]) == c[-1])


def first_of_each(cases, group) -> list:
    """sweep() of cases keeping the first case of each group (`group(case)`: its game) in the
    everyday run: every group is read each time, its other cases with the deep tests."""
    firsts: dict = {}
    for c in cases:
        firsts.setdefault(group(c), id(c))
    keep = set(firsts.values())
    return sweep(cases, lambda c: id(c) in keep)
