"""pnp's modules import one another without a cycle and only by public names.

A private name (a leading underscore) stays in its module, so each module can change it alone;
a cycle (counting imports inside functions, which only postpone it) means two modules cannot
be understood, tested or changed apart. The graph is read with `ast` from pnp/**/*.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

PNP = REPO / "pnp"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def read_imports(package: Path) -> tuple[dict[str, set[str]], list[str]]:
    """Each module's imports of the package's modules (at any depth, inside functions too),
    and each private name one module takes from another: `from x import _y`, or `x._y` with
    x a module it imported."""
    root = package.parent
    paths = {module_name(p, root): p for p in sorted(package.rglob("*.py"))}
    top = package.name
    graph: dict[str, set[str]] = {}
    taken: list[str] = []
    for mod, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges = graph.setdefault(mod, set())
        modules: dict[str, str] = {}  # a name bound in this file -> the module it is
        where = f"{path.relative_to(root)}:"
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.split(".")[0] == top:
                        edges.add(a.name)
                        modules[a.asname or a.name] = a.name
            elif isinstance(node, ast.ImportFrom):
                src = node.module or ""
                if node.level:  # relative: from the module's own package upwards
                    parts = mod.split(".")
                    base = parts[: len(parts) - node.level + (path.name == "__init__.py")]
                    src = ".".join([*base, *([src] if src else [])])
                if src.split(".")[0] != top:
                    continue
                for a in node.names:
                    sub = f"{src}.{a.name}"
                    if sub in paths:  # `from pnp import budget`: the module budget
                        edges.add(sub)
                        modules[a.asname or a.name] = sub
                        continue
                    edges.add(src)
                    if private(a.name):
                        taken.append(f"{where}{node.lineno} from {src} import {a.name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and private(node.attr):
                owner = modules.get(ast.unparse(node.value))
                if owner is not None and owner != mod:
                    taken.append(f"{where}{node.lineno} {ast.unparse(node)}")
    return {m: {e for e in es if e in paths and e != m} for m, es in graph.items()}, taken


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle, as the modules around it (the first again at the end); [] if none."""
    state: dict[str, int] = {}  # 1: on the path being followed, 2: done, no cycle through it
    for start in sorted(graph):
        if state.get(start):
            continue
        path = [start]
        todo = [iter(sorted(graph[start]))]
        state[start] = 1
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                todo.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                todo.append(iter(sorted(graph[nxt])))
    return []


def test_no_module_imports_a_private_name_of_another():
    _, taken = read_imports(PNP)
    assert taken == [], taken


def test_pnp_modules_import_one_another_without_a_cycle():
    graph, _ = read_imports(PNP)
    assert find_cycle(graph) == []


def test_every_export_writes_through_the_skeleton():
    # the order of work (choose, draw, write, report) is written once, in pnp/export/skeleton.py:
    # no export opens the output set itself, and each export function runs the skeleton
    exports = {
        "tts": "export_tts",
        "cut": "export_cut",
        "shop": "export_cards",
        "press": "export_press",
        "cricut": "export_cricut",
    }
    for path in sorted((PNP / "export").glob("*.py")):
        if path.stem == "skeleton":
            continue
        text = path.read_text(encoding="utf-8")
        assert "output_set" not in text and "carry_sub" not in text, path.name
    for stem, name in exports.items():
        tree = ast.parse((PNP / "export" / f"{stem}.py").read_text(encoding="utf-8"))
        (func,) = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name]
        calls = {
            n.func.id
            for n in ast.walk(func)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        }
        assert "run_export" in calls, f"{stem}.{name}"


def plant(tmp_path: Path, files: dict[str, str]) -> Path:
    package = tmp_path / "pnp"
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    return package


def test_the_checks_find_a_private_import_and_a_cycle(tmp_path):
    package = plant(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from pnp.b import _hidden, shown\n",
            "b.py": "def f():\n    from pnp.sub import c\n    return c._helper()\n",
            "sub/__init__.py": "from .d import helper\n",
            "sub/c.py": "import pnp.a as a\nfrom . import d\n_helper = None\n",
            "sub/d.py": "from pnp.sub.c import _helper\n",
        },
    )
    graph, taken = read_imports(package)
    assert taken == [
        "pnp/a.py:1 from pnp.b import _hidden",
        "pnp/b.py:3 c._helper",
        "pnp/sub/d.py:1 from pnp.sub.c import _helper",
    ]
    # a -> b -> (inside a function) sub.c -> a; and sub.c -> sub.d -> sub.c
    assert find_cycle(graph) == ["pnp.a", "pnp.b", "pnp.sub.c", "pnp.a"]
    assert graph["pnp.sub.c"] == {"pnp.a", "pnp.sub.d"}
    assert graph["pnp.sub"] == {"pnp.sub.d"}  # relative, from a package's __init__
    graph["pnp.sub.c"] = {"pnp.sub.d"}
    assert find_cycle(graph) == ["pnp.sub.c", "pnp.sub.d", "pnp.sub.c"]
    graph["pnp.sub.d"] = set()
    assert find_cycle(graph) == []
