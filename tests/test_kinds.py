"""The kinds registry: each kind's module is imported when a family of that kind is first used."""

from __future__ import annotations

import importlib
import subprocess
import sys

from conftest import REPO

from pnp.kinds import KIND_MODULES, KINDS
from pnp.spec.registry import kind_schemas


def test_the_table_names_the_module_that_defines_each_kind():
    defined = {}
    for module in set(KIND_MODULES.values()):
        for kind in importlib.import_module(module).KINDS:
            defined[kind.name] = module
    assert defined == KIND_MODULES
    assert list(KINDS) == list(kind_schemas()) == list(KIND_MODULES)
    for name in KIND_MODULES:
        assert KINDS[name].name == name and kind_schemas()[name] is KINDS[name].schema


def test_a_deck_of_cards_imports_no_other_kind():
    code = (
        "import sys, tempfile\n"
        "from pnp.cli import main\n"
        "out = tempfile.mkdtemp()\n"
        "assert main(['build', 'tests/bad_specs/_base', '--paper', 'a4', '--out', out, '--quiet']) == 0\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('pnp.kinds.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "pnp.kinds.flat" in loaded
    others = {m for m in set(KIND_MODULES.values()) if m != "pnp.kinds.flat"}
    assert not {m for m in loaded if any(m == o or m.startswith(o + ".") for o in others)}, loaded


def test_an_unknown_kind_is_no_kind():
    assert "dice" not in KINDS and "dice" not in kind_schemas()
    try:
        KINDS["dice"]
    except KeyError:
        pass
    else:
        raise AssertionError("an unknown kind was found")
