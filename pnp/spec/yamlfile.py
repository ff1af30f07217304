"""Safe YAML reading that remembers the line of every key and list entry."""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from pnp import budget
from pnp.errors import PnpError
from pnp.guard import require_size

MAX_FILE_BYTES = 5_000_000
MAX_ALIASES = 200
MAX_EXPANDED_VALUES = 1_000_000  # values a file may hold once its aliases are expanded
MAX_NUMBER_CHARS = 40  # a number written longer than this is no count or length anyone means


class LineDict(dict):
    """A mapping that knows the line of each key (1-based), its own line and its file.

    `files` names the file of a key that was merged in from another file (an include).
    """

    line: int = 0
    lines: dict
    file: str | None = None
    files: dict | None = None


class LineList(list):
    line: int = 0
    lines: list
    file: str | None = None


_STR = "tag:yaml.org,2002:str"
_SCALAR_TAGS: dict[str, str] = {}  # a plain scalar's text -> its implicit tag


class _Checks:
    """What pnp adds to PyYAML's safe loading: lines, files, refusals with a place."""

    name: str
    tree: bool = False  # the text can hold no alias and is short: its nodes need no counting

    def get_single_node(self):  # noqa: D401 - PyYAML hook
        node = super().get_single_node()
        if node is not None and not self.tree:
            _check_expansion(node, self.name)
        return node

    # PyYAML's path resolvers (a tag chosen by a node's place) are never added here, so the
    # composer's two calls per node that track the place have nothing to do
    def descend_resolver(self, current_node, current_index):  # noqa: D401 - PyYAML hook
        pass

    def ascend_resolver(self):  # noqa: D401 - PyYAML hook
        pass

    def resolve(self, kind, value, implicit):  # noqa: D401 - PyYAML hook
        # A plain scalar's type (text, number, true/false, null) depends on its text alone:
        # the same words recur thousands of times in a game, matched against the patterns once.
        if kind is ScalarNode and implicit[0]:
            tag = _SCALAR_TAGS.get(value)
            if tag is None:
                if len(_SCALAR_TAGS) >= 50_000:
                    _SCALAR_TAGS.clear()
                tag = _SCALAR_TAGS[value] = super().resolve(kind, value, implicit)
            return tag
        return super().resolve(kind, value, implicit)

    def construct_undefined(self, node):  # noqa: D401 - PyYAML hook
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise PnpError(
            f"YAML tag '{tag}' is not allowed: a spec is data, never code",
            file=self.name,
            line=node.start_mark.line + 1,
            expected="plain values: text, numbers, true/false, lists and mappings",
            found=tag,
        )

    def construct_number(self, node):  # noqa: D401 - PyYAML hook
        if len(node.value) > MAX_NUMBER_CHARS:
            raise PnpError(
                "number is too long",
                file=self.name,
                line=node.start_mark.line + 1,
                expected=f"at most {MAX_NUMBER_CHARS} characters",
                found=f"{len(node.value):,} characters",
            )
        if node.tag.endswith(":int"):
            return SafeConstructor.construct_yaml_int(self, node)
        return SafeConstructor.construct_yaml_float(self, node)

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, MappingNode):
            return super().construct_mapping(node, deep)
        own = node.value
        # `<<: *name`: flatten_mapping deletes those keys from `own` and puts the keys merged
        # in before it, in a new list (none merged: node.value is still `own`)
        self.flatten_mapping(node)
        merged = len(node.value) - len(own)
        result = LineDict()
        result.line = node.start_mark.line + 1
        lines = result.lines = {}
        result.file = self.name
        value = self._value
        from_merge: set = set()  # keys so far that came from a `<<:` merge
        for i, (key_node, value_node) in enumerate(node.value):
            key = value(key_node)
            if key.__class__ is not str and (
                not isinstance(key, (int, float, bool)) or key is None
            ):
                raise PnpError(
                    "a mapping key must be plain text",
                    file=self.name,
                    line=key_node.start_mark.line + 1,
                    expected="a name, a number or true/false before the colon",
                    found=type_name(key),
                )
            if merged:
                if key in from_merge:  # a key merged in gives way to a later one, as YAML says
                    del result[key]
                    from_merge.discard(key)
                if i < merged:
                    from_merge.add(key)
            if key in result:
                self._twice(key, key_node, result)
            result[key] = value(value_node)
            lines[key] = key_node.start_mark.line + 1
        return result

    def _twice(self, key, key_node, result) -> None:
        earlier = next(k for k in result if k == key)  # 1 and true are one key to YAML
        said = f"'{key_node.value}'" + (
            f" (read as the same key as '{earlier}')" if str(earlier) != key_node.value else ""
        )
        raise PnpError(
            f"key {said} appears twice in the same mapping",
            file=self.name,
            line=key_node.start_mark.line + 1,
            key=key_node.value,
        )

    def _value(self, node):
        """construct_object(node, deep=True), straight to its constructor for a plain value: a
        spec holds tens of thousands (what construct_object adds, for aliases and recursion,
        a value never needs; its constructors return values, not generators). Text, the most
        of them, is the node's own value (SafeConstructor.construct_yaml_str)."""
        if node.__class__ is ScalarNode:
            tag = node.tag
            if tag == _STR:
                return node.value
            make = self.yaml_constructors.get(tag)
            if make is not None:
                return make(self, node)
        return self.construct_object(node, deep=True)

    def construct_sequence(self, node, deep=False):
        if not isinstance(node, SequenceNode):
            return super().construct_sequence(node, deep)
        result = LineList(self._value(child) for child in node.value)
        result.line = node.start_mark.line + 1
        result.lines = [child.start_mark.line + 1 for child in node.value]
        result.file = self.name
        return result


class _PyLoader(_Checks, Reader, Scanner, Parser, Composer, SafeConstructor, Resolver):
    def __init__(self, stream: str, name: str):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.name = name


_LOADERS: list[type] = [_PyLoader]
if getattr(
    yaml, "__with_libyaml__", False
):  # the same rules, parsed by libyaml: several times faster
    from yaml.cyaml import CParser

    class _CLoader(_Checks, CParser, SafeConstructor, Resolver):
        def __init__(self, stream: str, name: str):
            CParser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self.name = name

    _LOADERS.insert(0, _CLoader)

for _cls in _LOADERS:
    _cls.add_constructor("tag:yaml.org,2002:map", lambda self, node: self.construct_mapping(node))
    _cls.add_constructor("tag:yaml.org,2002:seq", lambda self, node: self.construct_sequence(node))
    _cls.add_constructor(None, _Checks.construct_undefined)
    _cls.add_constructor("tag:yaml.org,2002:int", _Checks.construct_number)
    _cls.add_constructor("tag:yaml.org,2002:float", _Checks.construct_number)
    for _tag in (
        "tag:yaml.org,2002:set",
        "tag:yaml.org,2002:omap",
        "tag:yaml.org,2002:pairs",
        "tag:yaml.org,2002:binary",
    ):
        _cls.add_constructor(
            _tag, _Checks.construct_undefined
        )  # no spec needs them; refuse rather than surprise
_Loader = _LOADERS[0]


def _check_expansion(root, name: str) -> None:
    """Refuse a node graph that refers to itself, uses too many aliases, or that aliases
    blow up past the limit.

    Aliases share nodes, so a few lines can stand for billions of values ("billion laughs").
    Each node's expanded size is counted once (memoised), so the check is as fast as reading;
    a node reached a second time is an alias.
    """
    sizes: dict[int, int] = {}
    open_: set[int] = set()
    aliases = 0

    def size(node) -> int:
        nonlocal aliases
        ident = id(node)
        if ident in sizes:
            aliases += 1
            if aliases > MAX_ALIASES:
                raise PnpError(
                    "too many YAML aliases (a file that expands without limit is refused)",
                    file=name,
                    line=node.start_mark.line + 1,
                    expected=f"at most {MAX_ALIASES} aliases (*name) in one file",
                    found="more",
                )
            return sizes[ident]
        if ident in open_:
            raise PnpError(
                "a YAML alias refers to itself (a value that would never end)",
                file=name,
                line=node.start_mark.line + 1,
                expected="an anchor (&name) used after its value is complete",
                found="a loop through an alias",
            )
        if isinstance(node, SequenceNode):
            open_.add(ident)
            total = 1 + sum(size(child) for child in node.value)
            open_.discard(ident)
        elif isinstance(node, MappingNode):
            open_.add(ident)
            total = 1 + sum(size(k) + size(v) for k, v in node.value)
            open_.discard(ident)
        else:
            total = 1
        if total > MAX_EXPANDED_VALUES:
            raise PnpError(
                "YAML aliases expand this file past the limit (a file that expands without limit is refused)",
                file=name,
                line=node.start_mark.line + 1,
                expected=f"at most {MAX_EXPANDED_VALUES:,} values once aliases are expanded",
                found=f"{total:,} values or more",
            )
        sizes[ident] = total
        return total

    size(root)


def display_path(path: Path) -> str:
    """A path as short as it can be said: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def read_yaml(path: Path, *, allow_empty: bool = False, documents: dict | None = None) -> object:
    """Read one YAML file as plain data with line numbers; every failure is a PnpError.

    `documents` (path -> (data, bytes)) holds the files one build has read: a file in it is
    not read and parsed again (a variant of the game, its rules), only counted again.
    """
    if documents is not None:
        known = documents.get(path)
        if known is None:
            data = read_yaml(path, allow_empty=allow_empty)
            if data is None:  # nothing kept: an empty file is said again wherever it is refused
                return data
            documents[path] = known = (data, path.stat().st_size)
        budget.read(path, known[1])  # counted anew in each load the build makes
        return known[0]
    name = display_path(path)
    if not path.is_file():
        raise PnpError("file not found", file=name, expected="an existing YAML file")
    require_size(path, MAX_FILE_BYTES, "file", file=name)
    raw = path.read_bytes()
    budget.read(path, len(raw))  # an honest game's limits grow with what it is written in
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise PnpError(
            "file is not UTF-8 text",
            file=name,
            line=line,
            expected="UTF-8 encoded YAML",
            found=f"byte 0x{raw[exc.start]:02x} at offset {exc.start}",
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    loader = _Loader(text, name)
    # an alias is written `*name`: without one the nodes are a tree, and a text this short
    # (at most ~2 nodes a character, as in `[?,?]`) holds fewer values than the limit
    loader.tree = "*" not in text and len(text) <= MAX_EXPANDED_VALUES // 4
    try:
        data = loader.get_single_data()
    except PnpError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise PnpError(
            f"not valid YAML: {exc.problem or exc.context}",
            file=name,
            line=(mark.line + 1) if mark else None,
            hint="check indentation, colons and quotes on this line",
        ) from None
    except yaml.YAMLError as exc:
        raise PnpError(f"not valid YAML: {exc}", file=name) from None
    except RecursionError:
        raise PnpError("YAML nests too deeply", file=name) from None
    finally:
        loader.dispose()
    if data is None and not allow_empty:
        raise PnpError("file is empty", file=name, expected="a YAML mapping", found="nothing")
    return data


def line_of(data: object, path: tuple) -> int | None:
    """The line of the deepest part of `path` that can be found in `data`."""
    return locate(data, path)[1]


def locate(data: object, path: tuple) -> tuple[str | None, int | None]:
    """(file, line) of the deepest part of `path` found in `data`; the file differs from the
    one that was read when the key came from an included file."""
    line = getattr(data, "line", None) or None
    file = getattr(data, "file", None)
    node = data
    for part in path:
        if isinstance(node, LineDict) and part in node:
            line = node.lines.get(part, line)
            file = (node.files or {}).get(part, node.file or file)
            node = node[part]
        elif isinstance(node, LineList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.lines[part]
            file = node.file or file
            node = node[part]
        else:
            break
    return file, line


def parse_key(key: str) -> tuple:
    """'front[3].image.file' -> ('front', 3, 'image', 'file'): the inverse of validate.key_path."""
    out: list = []
    for part in key.replace("[", ".[").split("."):
        if not part:
            continue
        if part.startswith("[") and part.endswith("]") and part[1:-1].isdigit():
            out.append(int(part[1:-1]))
        else:
            out.append(part)
    return tuple(out)


def type_name(value: object) -> str:
    """What a YAML value is, in the user's words."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, (int, float)):
        return "a number"
    return "text"
