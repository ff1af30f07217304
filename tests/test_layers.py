"""Data flows one way, spec -> kinds -> layout -> engines with check beside them: no stage
imports a later one (nor the commands that run them), however lazily. Read from the source."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PNP = Path(__file__).resolve().parent.parent / "pnp"
COMMANDS = {
    "accept",
    "api",
    "write",
    "face_images",
    "since",
    "listing",
    "stale",
    "pipeline",
    "build",
    "cli",
    "serve",
    "export",
    "preview",
    "schema",
    "scaffold",
    "__main__",
}
# `pnp.check(game)` is the library's call (pnp.api.check): the package is callable, a facade
# the checker's own modules never use
ALLOWED = {("pnp/rulecheck/__init__.py", "pnp.api")}
FORBIDDEN = {
    "draw": {"spec", "kinds", "layout", "engines", "check"} | COMMANDS,
    "spec": {"draw", "kinds", "layout", "engines", "check"} | COMMANDS,
    "kinds": {"layout", "engines", "check"} | COMMANDS,
    "layout": {"kinds", "engines", "check"} | COMMANDS,
    "engines": {"spec", "kinds", "layout", "check"} | COMMANDS,
    "check": {"kinds", "engines"} | COMMANDS,
}


def imported(tree: ast.AST) -> list[tuple[int, str]]:
    """Every pnp module a file imports: at the top, inside functions, or by importlib."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
            if node.module == "pnp":  # from pnp import kinds
                out += [(node.lineno, f"pnp.{a.name}") for a in node.names]
        elif isinstance(node, ast.Call) and getattr(
            node.func, "attr", getattr(node.func, "id", "")
        ) in ("import_module", "__import__"):
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append((node.lineno, arg.value))
    return [(line, name) for line, name in out if name.startswith("pnp.")]


def crossings(stage: str) -> list[str]:
    bad = []
    for f in sorted((PNP / stage).rglob("*.py")):
        for line, name in imported(ast.parse(f.read_text(encoding="utf-8"))):
            where = str(f.relative_to(PNP.parent))
            if name.split(".")[1] in FORBIDDEN[stage] and (where, name) not in ALLOWED:
                bad.append(f"{where}:{line} imports {name}")
    return bad


@pytest.mark.parametrize("stage", sorted(FORBIDDEN))
def test_no_stage_imports_a_later_one(stage):
    assert crossings(stage) == []


def test_the_reader_sees_lazy_imports():
    # the forms a lazy import takes are all found (the check above is only as good as this)
    tree = ast.parse(
        "import importlib\n"
        "def f():\n    from pnp.kinds import KINDS\n"
        "def g():\n    importlib.import_module('pnp.kinds')\n"
        "def h():\n    from pnp import layout\n"
    )
    assert sorted(name for _, name in imported(tree)) == ["pnp.kinds", "pnp.kinds", "pnp.layout"]
