"""Conventions a command-line tool and a library are held to."""

import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_closed_pipe_exits_quietly():
    # `pnp check --json | head -0`: the reader is gone before the first byte is written
    r, w = os.pipe()
    os.close(r)
    proc = subprocess.run(
        [sys.executable, "-m", "pnp", "check", "--json", "piecepack"],
        stdout=w,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    os.close(w)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "error" not in proc.stderr.lower()


def test_every_imported_dependency_is_declared():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {d.split(">")[0].split("<")[0].split("=")[0].strip().lower() for d in declared}
    imported = set()
    for src in (ROOT / "pnp").rglob("*.py"):
        for node in ast.walk(ast.parse(src.read_text())):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0].lower() for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0].lower())
    third_party = {m for m in imported if m not in sys.stdlib_module_names and m != "pnp"}
    module_to_dist = {
        "yaml": "pyyaml",
        "fonttools": "fonttools",
        "fitz": "pymupdf",
        "pil": "pillow",
    }
    missing = {m for m in third_party if module_to_dist.get(m, m) not in names}
    assert missing == set(), missing


def test_package_ships_py_typed():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "py.typed" in cfg["pnp"]
    assert (ROOT / "pnp" / "py.typed").exists()


def test_every_package_folder_is_installed():
    # setuptools installs only the packages listed; a folder missing from the list works in an
    # editable install and fails for every user of `pip install .`
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "pnp").rglob("__init__.py")
    }
    assert found - listed == set()


LONGEST_FUNCTION = 100  # lines, from `def` to the last line of the body
# functions still longer, each leaving this list once split (none today)
LONG_FUNCTIONS_ALLOWED: set[tuple[str, str]] = set()


def long_functions(root: Path = ROOT / "pnp") -> dict[tuple[str, str], int]:
    """Every function (methods and nested ones too) longer than LONGEST_FUNCTION, and its length."""
    found = {}
    for src in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(src.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > LONGEST_FUNCTION:
                    found[(src.relative_to(root.parent).as_posix(), node.name)] = length
    return found


def test_no_function_is_longer_than_a_hundred_lines():
    """A function of more than about a page is split into named parts, each small enough to
    hold in one's head; the allowed ones leave the list once split (a stale entry fails too)."""
    found = long_functions()
    assert {k: n for k, n in found.items() if k not in LONG_FUNCTIONS_ALLOWED} == {}
    assert LONG_FUNCTIONS_ALLOWED - set(found) == set(), "split: remove from the allow-list"


def test_the_length_check_finds_a_long_function(tmp_path):
    # a synthetic package: one function of 101 lines, one of 100, a long method nested in a class
    pkg = tmp_path / "pnp"
    pkg.mkdir()
    body = lambda n: "".join("    x = 1\n" for _ in range(n - 1))  # noqa: E731 - the def line is one
    (pkg / "m.py").write_text(
        "def long():\n" + body(101) + "def just():\n" + body(100)
        + "class C:\n    def method(self):\n" + "".join("        x = 1\n" for _ in range(101))
    )  # fmt: skip
    assert long_functions(pkg) == {("pnp/m.py", "long"): 101, ("pnp/m.py", "method"): 102}
