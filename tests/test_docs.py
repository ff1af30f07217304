"""The guides' worked examples are run as written; the README and guides link what exists.

A guide is a script in disguise. In a fenced `sh` block every `pnp ...` line is run (in a
scratch folder; a trailing `# exits N` gives the expected exit code, else 0) and every
`cp SRC DEST` copies a file shipped in the repository. HTML comments that a reader does not
see mark the edits a reader makes by hand:

- `<!-- replace: FILE -->` then two fenced blocks: find the first (exactly once), put the second;
- `<!-- rename: FILE FILE ... -->` then a two-column table: replace each whole word of the left
  column by the right column, in each file;
- `<!-- output -->` then a fenced block: each of its lines is in the last command's output.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from pnp.cli import main

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
FENCE = re.compile(r"^```(\w*)\s*$")
MARK = re.compile(r"^<!--\s*(replace|rename|output):?\s*(.*?)\s*-->\s*$")


def blocks(text: str):
    """('fence', info, body) | ('mark', kind, arg) | ('table', rows) in document order."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line)
        if m:
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            yield ("fence", m.group(1), "\n".join(lines[i + 1 : j]) + "\n")
            i = j + 1
            continue
        mk = MARK.match(line)
        if mk:
            yield ("mark", mk.group(1), mk.group(2))
        elif line.startswith("|") and i + 1 < len(lines) and re.match(r"^\|[-| ]+\|$", lines[i + 1]):
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append([c.strip() for c in lines[i].strip("|").split("|")])
                i += 1
            yield ("table", rows)
            continue
        i += 1


def squash(text: str) -> str:
    return " ".join(text.split())


def run_guide(name: str, cwd: Path, capsys) -> dict:
    """Do what the guide says; returns counts of what was done."""
    done = {"commands": 0, "edits": 0, "outputs": 0}
    items = list(blocks((DOCS / name).read_text(encoding="utf-8")))
    last_output = ""
    k = 0
    while k < len(items):
        it = items[k]
        if it[0] == "mark" and it[1] == "replace":
            find, put = items[k + 1][2].rstrip("\n"), items[k + 2][2].rstrip("\n")
            assert items[k + 1][0] == items[k + 2][0] == "fence", f"{name}: replace needs two blocks"
            path = cwd / it[2]
            text = path.read_text(encoding="utf-8")
            assert text.count(find) == 1, f"{name}: {it[2]} should hold this exactly once:\n{find}"
            path.write_text(text.replace(find, put), encoding="utf-8")
            done["edits"] += 1
            k += 3
            continue
        if it[0] == "mark" and it[1] == "rename":
            table = items[k + 1]
            assert table[0] == "table", f"{name}: rename needs a table"
            for rel in it[2].split():
                path = cwd / rel
                text = path.read_text(encoding="utf-8")
                for old, new in table[1]:
                    pattern = re.compile(rf"\b{re.escape(old)}\b")
                    assert pattern.search(text), f"{name}: '{old}' is not in {rel}"
                    text = pattern.sub(new, text)
                path.write_text(text, encoding="utf-8")
                done["edits"] += 1
            k += 2
            continue
        if it[0] == "mark" and it[1] == "output":
            body = items[k + 1][2]
            for line in body.splitlines():
                if line.strip():
                    assert squash(line) in squash(last_output), f"{name}: output lacks '{line}':\n{last_output}"
            done["outputs"] += 1
            k += 2
            continue
        if it[0] == "fence" and it[1] == "sh":
            for line in it[2].splitlines():
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                command, _, comment = line.partition("#")
                want = int(m.group(1)) if (m := re.match(r"\s*exits (\d+)", comment)) else 0
                argv = shlex.split(command)
                if argv[0] == "cp":
                    src, dst = REPO / argv[1], cwd / argv[2]
                    assert src.is_file(), f"{name}: {argv[1]} is not in the repository"
                    dst.parent.mkdir(parents=True, exist_ok=True)  # as `cp` into a new folder the guide names
                    shutil.copyfile(src, dst)
                    continue
                assert argv[0] == "pnp", f"{name}: cannot run '{line}' (only pnp and cp)"
                capsys.readouterr()
                code = main(argv[1:])
                captured = capsys.readouterr()
                last_output = captured.out + captured.err
                assert code == want, f"{name}: '{command.strip()}' exited {code}, not {want}:\n{last_output}"
                done["commands"] += 1
        k += 1
    return done


@pytest.mark.deep  # copies of three shipped games built, previewed and exported: 10 s
def test_customising_examples_work(tmp_path, monkeypatch, capsys, built):
    monkeypatch.chdir(tmp_path)
    done = run_guide("customising.md", tmp_path, capsys)
    assert done["commands"] >= 8 and done["edits"] >= 7 and done["outputs"] >= 2
    # what the examples promise, read from what they made
    deeds = (tmp_path / "mycity" / "deeds.yaml").read_text()
    assert "Duddingston" in deeds and "Taylors Ferry" not in deeds
    assert "Duddingston" in (tmp_path / "mycity" / "board.yaml").read_text()
    # the half-size board needs fewer pages than the original's
    man = json.loads((tmp_path / "output" / "mycity" / "mycity-a4.json").read_text())
    half = next(f for f in man["families"] if f["component"] == "board")
    full = next(f for f in built("earthquake", "a4").manifest["families"] if f["component"] == "board")
    assert len(half["pages"]) < len(full["pages"])
    # the row added to the spreadsheet prints its count of cards
    import fitz

    deck = fitz.open(tmp_path / "output" / "mydeck" / "mydeck-a4.pdf")
    assert sum(page.get_text().count("Flood") for page in deck) == 3
    back = tmp_path / "output" / "mygreenway" / "preview" / "cards" / "back.png"
    assert back.is_file()
    from PIL import Image

    # the picture's navy is on the back, where the green panel was
    img = Image.open(back).convert("RGB")
    navy = sum(n for n, c in img.getcolors(1_000_000) if c == (0x20, 0x34, 0x4F))
    assert navy > 0.3 * img.width * img.height


def test_new_game_walkthrough_works(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    done = run_guide("new-game.md", tmp_path, capsys)
    assert done["commands"] >= 14 and done["edits"] >= 1 and done["outputs"] >= 2
    # the spreadsheet's cards, in every output, side by side
    import csv

    import fitz

    out = tmp_path / "output" / "myspells"
    for name in ("myspells-a4.pdf", "myspells-fold-a4.pdf", "myspells-ink-saver-a4.pdf"):
        text = "".join(page.get_text() for page in fitz.open(out / name))
        assert text.count("Fire Ball!") == 2 and text.count("Shield") == 3 and "Éclair" in text, name
    assert "ink" in fitz.open(out / "myspells-ink-saver-a4.pdf")[0].get_text().lower()
    faces = {p.name for p in (out / "preview" / "spells").iterdir()}
    assert {"imp-front.png", "imp-2-front.png", "fire-ball-1-front.png", "eclair-front.png", "back.png"} <= faces
    with open(out / "cards" / "cards.csv", newline="", encoding="utf-8") as fh:
        listed = {r["file"]: int(r["count"]) for r in csv.DictReader(fh)}
    assert listed["spells-imp-front.png"] == 1 and listed["spells-shield-1-front.png"] == 3
    assert sum(listed.values()) == 8
    assert (out / "tts" / "spells-faces.png").is_file()
    assert list((out / "cut").glob("myspells-a4-cut-p*.svg"))


@pytest.mark.parametrize("name", ["README.md", "docs/printing.md", "docs/customising.md", "docs/new-game.md", "docs/reference.md"])
def test_links_point_at_files_that_exist(name):
    path = REPO / name
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
        if "://" in target:
            continue
        assert (path.parent / target).exists(), f"{name} links to missing {target}"


def test_readme_keeps_its_two_commands_first():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("```sh")
    assert lines[start + 1 : start + 3] == [
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/pnp build --all",
        "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m pytest",
    ]


def test_readme_shows_the_variants_among_its_first_examples():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    first = text[: text.index("## Guides")]
    assert "pnp build earth-our-home --variant reduced" in first
    assert "pnp list GAME" in first


def test_the_docs_index_lists_every_page():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    linked = {(DOCS / t).resolve() for t in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", index)}
    pages = {p.resolve() for p in DOCS.rglob("*.md") if p.name != "README.md"}
    assert pages - linked == set(), "docs/README.md does not list: " + ", ".join(sorted(str(p.relative_to(DOCS.resolve())) for p in pages - linked))
    assert all(p.is_file() for p in linked), "docs/README.md links to a page that is not there"


def test_new_game_table_lists_what_pnp_new_makes(tmp_path):
    assert main(["new", str(tmp_path / "g")]) == 0
    made = {p.name + ("/" if p.is_dir() else "") for p in (tmp_path / "g").iterdir()}
    text = (DOCS / "new-game.md").read_text(encoding="utf-8")
    table = next(it[1] for it in blocks(text) if it[0] == "table" and it[1][0][0].startswith("`"))
    listed = {row[0].strip("`") for row in table}
    assert listed == made, (sorted(listed), sorted(made))


GUIDES = ("customising.md", "new-game.md")  # run in order, as scripts, by the tests above
# Commands shown in the other pages with placeholders; each runs on its own on a fresh game
# from `pnp new` with poker-size cards (GAME), into a new folder (FOLDER). `pnp serve` runs until Ctrl-C: it is
# left out here and tested in tests/test_serve.py.
PLACEHOLDERS = {"GAME": "small", "FOLDER": "newfolder"}
COMMAND = re.compile(r"^\s*(?:\.venv/bin/)?pnp\s+(?!serve\b)([a-z].*)$")


def example_commands(path: Path) -> list[tuple[str, int]]:
    """(command, expected exit) of each `pnp ...` line in a fenced block of the page; a line's
    description after two spaces or a `#`, and its `# exits N`, are read as such."""
    out = []
    for it in blocks(path.read_text(encoding="utf-8")):
        if it[0] != "fence" or it[1] not in ("", "sh", "text", "console"):
            continue
        for line in it[2].splitlines():
            m = COMMAND.match(line)
            if not m or line.strip().startswith("pnp serve:"):
                continue
            command, _, comment = m.group(1).partition("#")
            want = int(e.group(1)) if (e := re.match(r"\s*exits (\d+)", comment)) else 0
            out.append((re.split(r"\s{2,}", command.strip())[0], want))
    return out


PAGES = [p for p in [REPO / "README.md", *sorted(DOCS.rglob("*.md"))] if p.name not in GUIDES]


def names_a_shipped_game(command: str) -> bool:
    from pnp.spec.load import builtin_games

    return bool(set(shlex.split(command)) & set(builtin_games()))


# the examples on the small game from `pnp new` run every day, but for the printing guide's (8 s:
# every mode and export); those that build, list or check a shipped game (5 to 10 s a page) run
# with the deep tests
CASES = [(p, False) for p in PAGES] + [
    (p, True) for p in PAGES if any(names_a_shipped_game(c) for c, _ in example_commands(p))
]
DEEP_PAGES = {"printing.md"}


@pytest.mark.parametrize(
    ("page", "shipped"),
    [
        pytest.param(p, s, marks=pytest.mark.deep if s or p.name in DEEP_PAGES else ())
        for p, s in CASES
    ],
    ids=[f"{p.relative_to(REPO)}-{'shipped' if s else 'small'}" for p, s in CASES],
)
def test_every_command_example_runs(page, shipped, tmp_path, monkeypatch, capsys):
    commands = [(c, w) for c, w in example_commands(page) if names_a_shipped_game(c) == shipped]
    if not commands:
        return  # a page without command examples (its Python or YAML examples: other tests)
    monkeypatch.chdir(tmp_path)
    assert main(["new", "small", "-q"]) == 0
    for n, (command, want) in enumerate(commands):
        argv = [PLACEHOLDERS.get(a, a) for a in shlex.split(command)]
        argv = [a if a != "newfolder" else f"newfolder{n}" for a in argv]
        capsys.readouterr()
        code = main(argv)
        said = capsys.readouterr()
        assert code == want, f"{page.name}: 'pnp {command}' exited {code}, not {want}:\n{said.out}{said.err}"


def test_the_docs_have_command_examples_to_run():
    found = {str(p.relative_to(REPO)): len(example_commands(p)) for p in PAGES}
    assert found["README.md"] >= 12 and found["docs/printing.md"] >= 8 and found["docs/rules.md"] >= 2, found
