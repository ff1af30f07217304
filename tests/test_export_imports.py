"""The export modules import one another without a cycle and only by public names: a private
helper (a leading underscore) stays in its module, so each module can change it alone."""

from __future__ import annotations

import ast

from conftest import REPO

EXPORT = REPO / "pnp" / "export"


def imports() -> dict[str, list[tuple[str, str]]]:
    """module -> [(imported pnp.export module, name)], at any depth (inside functions too)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(EXPORT.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        got = found.setdefault(path.stem, [])
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pnp.export."):
                got += [(node.module.rsplit(".", 1)[1], a.name) for a in node.names]
    return found


def test_no_private_name_is_imported_across_export_modules():
    private = [
        f"{mod} imports {name} from {src}"
        for mod, got in imports().items()
        if not mod.startswith("tts")
        for src, name in got
        if name.startswith("_")
    ]
    assert not private, private


def test_the_export_modules_import_one_another_without_a_cycle():
    graph = {mod: {src for src, _ in got} for mod, got in imports().items()}
    done: set[str] = set()

    def visit(mod: str, path: tuple[str, ...]) -> None:
        assert mod not in path, " -> ".join((*path, mod))
        if mod in done:
            return
        for nxt in sorted(graph.get(mod, ())):
            visit(nxt, (*path, mod))
        done.add(mod)

    for mod in sorted(graph):
        visit(mod, ())
