"""JSON Schema: every shipped YAML file declares its schema and validates against it; the
schema agrees with the loader; docs/reference.md lists exactly the keys the loader accepts."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from pnp.cli import main
from pnp.schema import SCHEMA_LINE, documented_keys, loader_keys, reference_markdown, schemas
from pnp.spec.load import read_with_includes
from pnp.spec.registry import kind_schemas

REPO = Path(__file__).resolve().parent.parent
SCHEMA_DIR = REPO / "schema"
# Every YAML file of every game (a folder with a game.yaml: a folder without one is not a game
# yet, and the loader cannot read it either), and every paper size.
SHIPPED = sorted(p for g in REPO.glob("components/*/game.yaml") for p in g.parent.rglob("*.yaml")) + sorted(REPO.glob("layouts/*.yaml"))


def plain(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@functools.cache
def roles() -> dict[Path, str]:
    """What each shipped file is, from the files that name it (game.yaml, include:)."""
    out: dict[Path, str] = {p: "paper" for p in REPO.glob("layouts/*.yaml")}
    for game in REPO.glob("components/*/game.yaml"):
        folder = game.parent
        data = plain(game)
        out[game] = "game"
        if data.get("rules", "rules.yaml"):
            out[folder / data.get("rules", "rules.yaml")] = "rules"
        for rel in data.get("components", []):
            fam = (folder / rel).resolve()
            out[fam] = "family"
            for inc in plain(fam).get("include", []) or []:
                out.setdefault((fam.parent / inc).resolve(), "fragment")
    return out


def declared(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(SCHEMA_LINE), f"{path.relative_to(REPO)}: first line should be '{SCHEMA_LINE}...'"
    target = (path.parent / first[len(SCHEMA_LINE) :].strip()).resolve()
    assert target.is_file(), f"{path.relative_to(REPO)} points to a missing schema {target}"
    assert target.parent == SCHEMA_DIR.resolve()
    return target.name.removesuffix(".schema.json")


@functools.cache
def validator(name: str):
    schema = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_committed_schema_files_are_current():
    for name, s in schemas().items():
        on_disk = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text())
        assert on_disk == json.loads(json.dumps(s)), f"schema/{name}.schema.json is stale: run pnp schema"


def test_schema_command_writes_every_file_kind(tmp_path):
    assert main(["schema", "--out", str(tmp_path / "s")]) == 0
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [f"{n}.schema.json" for n in sorted(("family", "fragment", "game", "paper", "rules"))]


def test_family_schema_covers_every_registered_kind():
    kinds = json.loads((SCHEMA_DIR / "family.schema.json").read_text())["properties"]["kind"]["enum"]
    assert sorted(kinds) == sorted(kind_schemas())


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(REPO)))
def test_shipped_file_validates_against_its_schema(path):
    role = roles().get(path.resolve())
    name = declared(path)
    if role is not None:
        assert name == role, f"{path.relative_to(REPO)} declares {name}.schema.json but is a {role} file"
    errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(name).iter_errors(plain(path))]
    assert not errors, "\n".join(errors[:5])


def test_families_with_includes_validate_merged():
    v = validator("family")
    merged = 0
    for path, role in roles().items():
        if role == "family" and plain(path).get("include"):
            data = json.loads(json.dumps(read_with_includes(path, path.parent, False)))
            data.pop("include", None)  # the merged file, as the loader validates it
            assert not list(v.iter_errors(data)), path
            merged += 1
    # the schema also refuses what the loader refuses
    assert list(v.iter_errors({"family": "x", "kind": "card", "size": {"w": "63mm", "h": "88mm"}, "colour": "red"}))
    assert list(v.iter_errors({"family": "x", "kind": "card", "size": {"w": 63, "h": "88mm"}}))
    assert list(v.iter_errors({"family": "x", "kind": "no-such-kind"}))
    assert not list(v.iter_errors({"family": "x", "kind": "card", "size": {"w": "63mm", "h": "88mm"}}))


def test_reference_lists_exactly_the_keys_the_loader_accepts():
    doc = documented_keys((REPO / "docs" / "reference.md").read_text(encoding="utf-8"))
    accepted = loader_keys()
    missing = {m: sorted(keys - doc.get(m, set())) for m, keys in accepted.items() if keys - doc.get(m, set())}
    extra = {m: sorted(keys - accepted.get(m, set())) for m, keys in doc.items() if keys - accepted.get(m, set())}
    assert not missing, f"keys the loader accepts but docs/reference.md lacks (run pnp schema --reference docs/reference.md): {missing}"
    assert not extra, f"keys docs/reference.md lists but the loader refuses: {extra}"


def test_reference_is_current_and_describes_every_key():
    text = (REPO / "docs" / "reference.md").read_text(encoding="utf-8")
    assert text == reference_markdown(), "docs/reference.md is stale: run pnp schema --reference docs/reference.md"
    for kind in kind_schemas():
        assert f"| `{kind}` |" in text
    blank = [line for line in text.splitlines() if line.startswith("| `") and line.rstrip().endswith("|  |")]
    assert not blank, "keys without a description:\n" + "\n".join(blank[:10])
