"""Hostile game folders under 10 KB, each run as its own process under a 1 GB memory limit. Not a test.

    .venv/bin/python bench/adversarial.py            # every case, build (and preview or serve where named)
    .venv/bin/python bench/adversarial.py stripes    # the cases whose name holds "stripes"

The promise (issue 19): no input under 10 KB takes more than 10 s or 1 GB on two cores with
the default limits, and every outcome is a result or a clean refusal (exit 0, 1 or 2, a message,
never a traceback or exit 3). The corpus is every folder of tests/bad_specs/ (the error-message
cases) and the cases below, written from the small game tests/bad_specs/_base/ (three cards).

Each run is a fresh `python -m pnp` process with RLIMIT_AS set to 1 GiB (setrlimit, then exec,
before pnp starts): past it an allocation fails, so the run must end as a MemoryError refused
with exit 2, not as a kill. Timed from outside (wall and CPU, from wait4), with its peak
memory. CPU time is what an idle machine of two cores would take for this one-threaded work;
wall time also counts the other work sharing the machine. Tests assert the refusals (exit
code, message); only this runner measures time and memory.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the corpus is written the way the tests write it
CORPUS = ROOT / "tests" / "bad_specs"
BASE = CORPUS / "_base"
MEMORY = 1 << 30  # bytes of address space a run may take
MAX_S = 10.0
TIMEOUT_S = 120.0  # a run past this is killed and counted as a hang
MAX_INPUT = 10_000  # bytes of the case's folder

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'
CARD = "family: cards\nkind: card\nsize: {w: 63mm, h: 88mm}\n"


def _cards(text: str) -> Callable[[Path], None]:
    def write(game: Path) -> None:
        (game / "cards.yaml").write_text(text)

    return write


def _art(svg: str, extra: str = "") -> Callable[[Path], None]:
    def write(game: Path) -> None:
        (game / "art").mkdir()
        (game / "art" / "a.svg").write_text(svg)
        (game / "cards.yaml").write_text(CARD + "items: [{id: a}]\nfront:\n  - symbol: {name: a, x: 50%, y: 50%, size: 10mm}\n" + extra)

    return write


def _includes(game: Path) -> None:
    for n in range(9):  # each file includes the next one 8 times: 8^9 reads unbounded
        (game / f"f{n}.yaml").write_text("include: [" + ", ".join([f"f{n + 1}.yaml"] * 8) + "]\n")
    (game / "f9.yaml").write_text("options: {x: 1}\n")
    (game / "cards.yaml").write_text(CARD.replace("kind: card\n", "kind: card\ninclude: [f0.yaml]\n") + "items: [{id: a}]\n")


def _png_bomb(game: Path) -> None:
    import struct
    import zlib

    w = h = 60_000  # 3.6 billion pixels, about 3 KB compressed
    raw = zlib.compress(b"\x00" * (w + 1) * 64, 9)  # only the first rows: the header is what matters

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    (game / "bomb.png").write_bytes(png)
    (game / "cards.yaml").write_text(CARD + "items: [{id: a}]\nfront:\n  - image: {file: bomb.png}\n")


def _xlsx(extra_row: bytes) -> Callable[[Path], None]:
    def write(game: Path) -> None:
        from test_untrusted_failures import _xlsx as write_xlsx  # the tests' own hostile workbook

        write_xlsx(game, extra_row)

    return write


def _polyomino(extra: str) -> Callable[[Path], None]:
    return _cards("family: pieces\nkind: polyomino\ncell: 10mm\nfill: red\n" + extra + "items:\n  - {id: l, cells: [[0, 0], [0, 1], [0, 2], [1, 2]]}\n")


def _workbook(extra_row: bytes, part: str | None = None, change: Callable[[bytes], bytes] | None = None) -> Callable[[Path], None]:
    def write(game: Path) -> None:
        from test_untrusted_failures import _workbook_part

        _xlsx(extra_row)(game)
        if part and change:
            _workbook_part(game, part, change)

    return write


def _board_1km(game: Path) -> None:
    (game / "board.yaml").write_text("family: board\nkind: board\nsize: {w: 1000000mm, h: 1000000mm}\nitems: [{id: b}]\nfront:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%}\n")
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("  - cards.yaml", "  - cards.yaml\n  - board.yaml"))


def _png_50mp_flat(game: Path) -> None:
    """A black one-bit PNG just under the 50-megapixel limit (6 KB) as a card's art."""
    from test_untrusted_budgets import flat_png  # the tests' own hostile image

    flat_png(game / "flat.png", 1)
    (game / "cards.yaml").write_text(CARD + "items: [{id: a}]\nfront:\n  - image: {file: flat.png}\n")


def _planted_output(game: Path) -> None:
    """`output/mini` a link to a folder outside the game (run from inside it: `--out` is the game's output)."""
    private = game.parent / "private"
    private.mkdir()
    (private / "secret.txt").write_text("private")
    (game / "output").mkdir()
    (game / "output" / "mini").symlink_to(private, target_is_directory=True)


def _font(make: str, *args, text: str = "Card") -> Callable[[Path], None]:
    """The cards' text in a hostile font that tests/hostile_fonts.py's `make` writes."""

    def write(game: Path) -> None:
        import hostile_fonts

        getattr(hostile_fonts, make)(game / "fonts" / "h.ttf", *args)
        (game / "game.yaml").write_text((game / "game.yaml").read_text() + "fonts:\n  h: fonts/h.ttf\n")
        cards = (game / "cards.yaml").read_text()
        (game / "cards.yaml").write_text(cards.replace('text: "Card {n}"', f'text: "{text} {{n}}", font: h'))

    return write


def _planted_journal(text: str) -> Callable[[Path], None]:
    """`output/.pnp-mini.*/.pnp-journal.json` shipped with the game; a folder outside it that
    a followed `trash` would delete."""

    def write(game: Path) -> None:
        (game.parent / "private").mkdir()
        (game.parent / "private" / "secret.txt").write_text("private")
        stage = game / "output" / ".pnp-mini.12345.abcd"
        stage.mkdir(parents=True)
        (stage / ".pnp-journal.json").write_text(text)

    return write


def _planted_lock(game: Path) -> None:
    """A lock file naming process 1 (always alive): before, every build waited 60 s and failed."""
    (game / "output").mkdir()
    (game / "output" / ".pnp-mini.lock").write_text("1")


def _many_files(game: Path) -> None:
    """100,000 empty files for `pnp new --from` to copy (0 bytes of input)."""
    (game / "art").mkdir()
    for i in range(100_000):
        (game / "art" / f"{i}.txt").touch()


def _nested(game: Path) -> None:
    """Folders nested 1,500 deep for `pnp new --from` (made one level at a time)."""
    here = os.getcwd()
    os.chdir(game)
    try:
        for _ in range(1500):
            os.mkdir("a")
            os.chdir("a")
    finally:
        os.chdir(here)


def _since(make: Callable[[Path], None]) -> Callable[[Path], None]:
    """An earlier output folder `earlier/` beside the game's files, for `--since`."""

    def write(game: Path) -> None:
        (game / "earlier").mkdir()
        make(game / "earlier" / "mini-a4.json")

    return write


FONT_COMMANDS = ["build", "build --engine svg", "preview"]
PARAGRAPH = "word " * 1000  # 5 KB
# name -> (how to write it, the commands to run: build unless said)
CASES: dict[str, tuple[Callable[[Path], None], list[str]]] = {
    "includes-8-per-level": (_includes, ["build"]),
    "stripes-0.00003mm": (_polyomino("stripes: true\nstripe_spacing: 0.00003mm\n"), ["build"]),
    "preview-100000-items": (_cards(CARD + "items:\n  - {id: 'c{n}', count: 1000, for_each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]}}\nfront:\n  - text: {text: '{n}', x: 0mm, y: 40mm, size: 12pt}\n"), ["preview", "build"]),
    "2000-cards-5kb-paragraph": (_cards(CARD + "items:\n  - {id: 'c{n}', count: 1000, for_each: {n: [1, 2]}}\nfront:\n  - text: {text: '{copy} " + PARAGRAPH[:4990] + "', x: 0mm, y: 0mm, h: 88mm, size: 8pt}\n"), ["build"]),
    "2000-cards-5kb-rich-text": (_cards(CARD + "items:\n  - {id: 'c{n}', count: 1000, for_each: {n: [1, 2]}}\nfront:\n  - text: {text: '{copy} " + ("**word** *word* " * 320)[:4990] + "', x: 0mm, y: 0mm, h: 88mm, size: 8pt}\n"), ["build"]),
    "2000-cards-200-chars": (_cards(CARD + "items:\n  - {id: 'c{n}', count: 1000, for_each: {n: [1, 2]}}\nfront:\n  - text: {text: '{copy} " + "word " * 40 + "', x: 0mm, y: 0mm, h: 88mm, size: 6pt}\n"), ["build"]),
    "10000-cards": (_cards(CARD + "items:\n  - {id: 'c{n}', count: 5000, for_each: {n: [1, 2]}}\nfront:\n  - text: {text: '{n} {copy}', x: 0mm, y: 40mm, size: 12pt}\nback:\n  - rect: {x: 0mm, y: 0mm, w: 100%, h: 100%, fill: green}\n"), ["build", "serve"]),
    # a shared sheet's cut marks, near linear in its items (each tick tested against its neighbours)
    "counters-9900-of-1mm": (_cards("family: counters\nkind: counter\nsize: {w: 1mm, h: 1mm}\nitems:\n  - {id: c, count: 9900}\n"), ["build"]),
    "count-5000-digits": (_cards(CARD + "items:\n  - {id: a, count: " + "9" * 5000 + "}\n"), ["build"]),
    "text-unclosed-brace": (_cards(CARD + "items: [{id: a}]\nfront:\n  - text: {text: '{value', x: 0mm, y: 40mm, size: 12pt}\n"), ["build"]),
    "svg-nested-1300": (_art(SVG.format("<g>" * 1300 + '<rect width="1" height="1"/>' + "</g>" * 1300)), ["build", "preview"]),
    "svg-scale-1e308": (_art(SVG.format('<g transform="scale(1e308)"><rect width="1" height="1"/></g>')), ["build"]),
    "svg-path-1300-ops-60-times": (_art(SVG.format('<path d="M0 0' + " l1 1" * 1300 + '"/>'), "  - symbol: {name: a, x: 20%, y: 20%, size: 10mm}\n" * 60), ["build", "preview"]),
    "png-60000x60000": (_png_bomb, ["build", "preview"]),
    "xlsx-cell-at-XFD1048576": (_xlsx(b'<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>z</t></is></c></row>'), ["build"]),
    "xlsx-row-1048576": (_xlsx(b'<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>z</t></is></c></row>'), ["build"]),
    "xlsx-row-99999999999": (_xlsx(b'<row r="99999999999"><c r="A99999999999" t="inlineStr"><is><t>z</t></is></c></row>'), ["build", "preview"]),
    "xlsx-150000-empty-rows": (_xlsx(b"<row><c/></row>" * 150_000), ["build"]),
    "xlsx-damaged-workbook-xml": (_workbook(b"", "xl/workbook.xml", lambda b: b[: len(b) // 2]), ["build", "preview"]),
    "xlsx-shared-string-99": (_workbook(b"<row><c t='s'><v>99</v></c></row>"), ["build"]),
    "board-1km-preview-tts-cards": (_board_1km, ["build", "preview --dpi 1200", "export --tts", "export --cards", "serve"]),
    "png-50mp-1bit-at-1200dpi": (_png_50mp_flat, ["build", "preview --dpi 1200", "export --tts", "export --cards --dpi 1200", "export --cricut", "export --press --dpi 1200", "serve"]),
    "preview-60-cards-1200dpi": (_cards(CARD + "items:\n  - {id: 'c{n}', count: 20, for_each: {n: [1, 2, 3]}}\nfront:\n  - text: {text: 'Card {n} {copy}', x: 0mm, y: 40mm, size: 12pt}\n"), ["preview --dpi 1200"]),
    "output-link-planted": (_planted_output, ["build --out {game}/output", "preview --out {game}/output", "export --tts --out {game}/output"]),
    "item-id-300-chars": (_cards(CARD + "items: [{id: '" + "x" * 300 + "'}]\nfront:\n  - text: {text: a, x: 0mm, y: 40mm, size: 12pt}\n"), ["preview", "export --cards", "export --tts"]),
    "duplicate-ids": (_cards(CARD + "items: [{id: a}, {id: a}, {id: a}]\n"), ["build"]),
    "board-10m-square": (_cards("family: board\nkind: board\nsize: {w: 10000mm, h: 10000mm}\nitems: [{id: b}]\n"), ["build"]),
    "hexmap-1000-by-1000": (_cards("family: map\nkind: hexmap\nhex: 20mm\ngrid: {rows: 1000, cols: 1000}\nitems: [{id: m}]\n"), ["build"]),
    "text-size-1000pt": (_cards(CARD + "items: [{id: a}]\nfront:\n  - text: {text: '" + "x " * 400 + "', x: 0mm, y: 0mm, size: 1000pt}\n"), ["build"]),
    "alias-bomb-nested": (_cards("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n" + CARD), ["build"]),
    "deep-yaml-nesting": (_cards(CARD + "items: [{id: a}]\nx: " + "[" * 3000 + "]" * 3000 + "\n"), ["build"]),
    "long-line-9kb": (_cards(CARD + "items: [{id: '" + "x" * 9000 + "'}]\n"), ["build"]),
    "font-cff-subroutines-27-deep": (_font("cff_subroutine_chain", 27, 2), FONT_COMMANDS),
    "font-cff-subroutines-9-deep-4-wide": (_font("cff_subroutine_chain", 9, 4), FONT_COMMANDS),
    "font-composite-tree-20-deep": (_font("composite_tree", 20, 2), FONT_COMMANDS),
    "font-composites-18-deep": (_font("composite_tree", 18, 1), FONT_COMMANDS),
    "font-composite-holds-itself": (_font("composite_cycle", "CC"), FONT_COMMANDS),
    "font-composite-a-b-a": (_font("composite_cycle", "CaC"), FONT_COMMANDS),
    "font-postscript-name-bracket": (_font("postscript_name", "Bad[Name"), FONT_COMMANDS),
    "font-maxp-below-hmtx": (_font("patched_table", "maxp", 4, ">H", 10), FONT_COMMANDS),
    "font-45000-point-glyph-9-uses": (_font("many_points", 45_000, "C", 40, text="CCC"), FONT_COMMANDS),
    "output-journal-trash-outside": (_planted_journal('{"entries": [], "carry": {}, "trash": "../../../private"}'), ["build --out {game}/output", "preview --out {game}/output", "export --tts --out {game}/output"]),
    "output-journal-not-json": (_planted_journal("not json {"), ["build --out {game}/output", "preview --out {game}/output"]),
    "output-lock-pid-1": (_planted_lock, ["build --out {game}/output"]),
    "new-from-100000-files": (_many_files, ["new"]),
    "new-from-nested-1500": (_nested, ["new"]),
    "since-link-to-dev-zero": (_since(lambda p: p.symlink_to("/dev/zero")), ["build --since {game}/earlier"]),
    "since-named-pipe": (_since(os.mkfifo), ["build --since {game}/earlier"]),
    "since-json-nested-4000": (_since(lambda p: p.write_text("[" * 4000 + "]" * 4000)), ["build --since {game}/earlier"]),
}


def case_folders(root: Path, only: str | None) -> list[tuple[str, Path, list[list[str]]]]:
    """(name, game folder, argument lists) of every case, written under `root`."""
    out = []
    from test_errors import make_case  # the error-message tests' own way of writing a case

    for case in sorted(p for p in CORPUS.iterdir() if p.is_dir() and not p.name.startswith("_")):
        if only and only not in case.name:
            continue
        game, expect = make_case(case.name, root / case.name)
        args = expect.get("args", ["build", "{game}", "--out", "{out}", "--paper", "a4"])
        out.append((case.name, game, [args]))
    for name, (write, commands) in CASES.items():
        if only and only not in name:
            continue
        game = root / name / "mini"
        shutil.copytree(BASE, game, ignore=shutil.ignore_patterns("README.md"))
        write(game)
        runs = []
        for command in commands:
            verb, *extra = command.split()
            if verb == "serve":
                runs.append(["serve-once", "{game}"])
            elif verb == "new":  # a copy of the case's game, into a folder of the run's own
                runs.append(["new", "{out}", "--from", "{game}"])
            elif "--out" in extra:  # the case names its own output folder
                runs.append([verb, "{game}", *extra] + ([] if verb != "build" else ["--paper", "a4", "--quiet"]))
            elif verb in ("preview", "export"):
                runs.append([verb, "{game}", "--out", "{out}", *extra])
            else:
                runs.append([verb, "{game}", "--out", "{out}", "--paper", "a4", "--quiet", *extra])
        out.append((name, game, runs))
    return out


# the limit is set in a small interpreter that then becomes the run (exec): a child forked from
# this process would start out with this process's memory counted as its own
LIMITED = "import os, resource, sys; resource.setrlimit(resource.RLIMIT_AS, ({0}, {0})); os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"


# `pnp serve` does its first look at the game (load, every face drawn, print pages, check) and
# then serves until Ctrl-C: this child does that first look through the same code, and stops.
SERVE_ONCE = """
import sys
from pnp.serve.app import Hub
from pnp.serve.snapshot import Options
from pnp.spec.load import find_game
hub = Hub(Options(sys.argv[1]), find_game(sys.argv[1]).resolve())
snap = hub.rebuild()
for name, drawable in snap.drawables.items():
    hub.pictures.png(name, drawable)
errors = snap.state["errors"]
print("\\n".join(e["text"] for e in errors), file=sys.stderr)
sys.exit(2 if errors else 0)
"""


def _input_size(game: Path) -> int:
    """Bytes of the case's plain files, without recursion (a case nests folders 1,500 deep)."""
    total, stack = 0, [str(game)]
    while stack:
        with os.scandir(stack.pop()) as it:
            for e in it:
                if e.is_dir(follow_symlinks=False):
                    stack.append(e.path)
                elif e.is_file(follow_symlinks=False):
                    total += e.stat(follow_symlinks=False).st_size
    return total


def run(args: list[str]) -> tuple[int, float, float, float, str]:
    """Exit code (negative: a signal; None: killed at the timeout), wall s, CPU s, peak MB, stderr."""
    run = ["-c", SERVE_ONCE, *args[1:]] if args[0] == "serve-once" else ["-m", "pnp", *args]
    cmd = [sys.executable, "-c", LIMITED.format(MEMORY), *run]
    with tempfile.TemporaryFile() as errf:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=errf, env={**os.environ, "PNP_DEBUG": ""})
        deadline = t0 + TIMEOUT_S
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                status = None
                break
            time.sleep(0.02)
        wall = time.perf_counter() - t0
        proc.returncode = 0  # reaped above
        errf.seek(0)
        err = errf.read().decode(errors="replace")
    code = None if status is None else os.waitstatus_to_exitcode(status)
    return code, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, err


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("only", nargs="?", help="run only the cases whose name holds this")
    ap.add_argument("--write", metavar="FOLDER", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.write:
        print(json.dumps([(name, str(game), runs) for name, game, runs in case_folders(Path(args.write), args.only)]))
        return
    bad = 0
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; limits: {MEMORY >> 20} MB of address space, {MAX_S:g} s")
    print(f"{'case':<32} {'command':<8} {'exit':>4} {'wall s':>7} {'CPU s':>6} {'peak MB':>7}  message")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        # written by another process: this one stays small, so its children start small
        written = subprocess.run([sys.executable, __file__, "--write", tmp, *([args.only] if args.only else [])], capture_output=True, text=True, check=True)
        for name, game, runs in json.loads(written.stdout):
            game = Path(game)
            size = _input_size(game)
            for n, argv in enumerate(runs):
                out = root / name / f"out{n}"
                argv = [a.replace("{game}", str(game)).replace("{out}", str(out)) for a in argv]
                code, wall, cpu, mb, err = run(argv)
                first = next((line for line in err.splitlines() if line.strip()), "")
                problems = []
                if code is None:
                    problems.append(f"killed after {TIMEOUT_S:g} s")
                elif code not in (0, 1, 2):
                    problems.append(f"exit {code}")
                if "Traceback" in err or "internal error" in err:
                    problems.append("traceback or internal error")
                if cpu > MAX_S:
                    problems.append(f"CPU over {MAX_S:g} s")
                if mb > MEMORY >> 20:
                    problems.append("over the memory limit")
                if size > MAX_INPUT:
                    problems.append(f"input is {size:,} bytes")
                bad += bool(problems)
                verdict = "; ".join(problems) if problems else "ok"
                print(f"{name:<32} {argv[0]:<8} {code if code is not None else '-':>4} {wall:7.2f} {cpu:6.2f} {mb:7.0f}  {verdict}: {first[:90]}", flush=True)
        # Python's own removal recurses once a folder deep: the 1,500-deep case would stop it
        subprocess.run(["rm", "-rf", tmp], check=False)
    print(f"{bad} runs broke the promise" if bad else "every run kept the promise")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
