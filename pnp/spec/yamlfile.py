"""Safe YAML reading that remembers the line of every key and list entry."""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from pnp.errors import PnpError

MAX_FILE_BYTES = 5_000_000
MAX_ALIASES = 200


class LineDict(dict):
    """A mapping that knows the line of each key (1-based) and its own line."""

    line: int = 0
    lines: dict


class LineList(list):
    line: int = 0
    lines: list


class _Loader(Reader, Scanner, Parser, Composer, SafeConstructor, Resolver):
    def __init__(self, stream: str, name: str):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.name = name
        self.alias_count = 0

    def compose_node(self, parent, index):  # noqa: D401 - PyYAML hook
        if self.check_event(yaml.AliasEvent):
            self.alias_count += 1
            if self.alias_count > MAX_ALIASES:
                event = self.peek_event()
                raise PnpError(
                    "too many YAML aliases (a file that expands without limit is refused)",
                    file=self.name,
                    line=event.start_mark.line + 1,
                    expected=f"at most {MAX_ALIASES} aliases",
                    found="more",
                )
        return super().compose_node(parent, index)

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, MappingNode):
            return super().construct_mapping(node, deep)
        self.flatten_mapping(node)
        result = LineDict()
        result.line = node.start_mark.line + 1
        result.lines = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                raise PnpError(
                    "a mapping key must be plain text",
                    file=self.name,
                    line=key_node.start_mark.line + 1,
                    found=repr(key),
                )
            if key in result:
                raise PnpError(
                    f"key '{key}' appears twice in the same mapping",
                    file=self.name,
                    line=key_node.start_mark.line + 1,
                    key=str(key),
                )
            result[key] = self.construct_object(value_node, deep=True)
            result.lines[key] = key_node.start_mark.line + 1
        return result

    def construct_sequence(self, node, deep=False):
        if not isinstance(node, SequenceNode):
            return super().construct_sequence(node, deep)
        result = LineList(self.construct_object(child, deep=True) for child in node.value)
        result.line = node.start_mark.line + 1
        result.lines = [child.start_mark.line + 1 for child in node.value]
        return result


_Loader.add_constructor("tag:yaml.org,2002:map", lambda self, node: self.construct_mapping(node))
_Loader.add_constructor("tag:yaml.org,2002:seq", lambda self, node: self.construct_sequence(node))


def display_path(path: Path) -> str:
    """A path as short as it can be said: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def read_yaml(path: Path, *, allow_empty: bool = False) -> object:
    """Read one YAML file as plain data with line numbers; every failure is a PnpError."""
    name = display_path(path)
    if not path.is_file():
        raise PnpError("file not found", file=name, expected="an existing YAML file")
    raw = path.read_bytes()
    if len(raw) > MAX_FILE_BYTES:
        raise PnpError(
            "file is too large",
            file=name,
            expected=f"at most {MAX_FILE_BYTES:,} bytes",
            found=f"{len(raw):,} bytes",
        )
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
    line = getattr(data, "line", None)
    node = data
    for part in path:
        if isinstance(node, LineDict) and part in node:
            line = node.lines.get(part, line)
            node = node[part]
        elif isinstance(node, LineList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.lines[part]
            node = node[part]
        else:
            break
    return line
