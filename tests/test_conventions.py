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
        stdout=w, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120,
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
    module_to_dist = {"yaml": "pyyaml", "fonttools": "fonttools", "fitz": "pymupdf", "pil": "pillow"}
    missing = {m for m in third_party if module_to_dist.get(m, m) not in names}
    assert missing == set(), missing


def test_package_ships_py_typed():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "py.typed" in cfg["pnp"]
    assert (ROOT / "pnp" / "py.typed").exists()


def test_every_package_folder_is_installed():
    # setuptools installs only the packages listed; a folder missing from the list works in an
    # editable install and fails for every user of `pip install .`
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "pnp").rglob("__init__.py")
    }
    assert found - listed == set()
