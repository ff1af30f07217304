"""Edits to a rules.yaml that keep the user's file as written: its comments, order, anchors and
style (block or flow), with every value written so that YAML reads it back unchanged.

`pnp check COPY --accept` sets keys of some rules and declares some texts. The edits are made
on the text at the places the YAML parser gives (not by matching lines), and `expected` says
what the edited file must read as: the caller writes it aside, reads it back and compares
before it replaces the original (pnp.rulecheck.house).
"""

from __future__ import annotations

import copy
import re

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_ALIAS = re.compile(r"[ \t]*:[ \t]*\*[^\s,\[\]{}]+")
_ANCHOR = re.compile(r"&[^\s,\[\]{}]+")


class _Flow(yaml.SafeDumper):
    """Values on one line, as YAML flow: a text with a line break or a character YAML reads as
    one (U+0085, U+2028, U+2029) or any unprintable one is double-quoted, with escapes."""


def _text(dumper: yaml.SafeDumper, s: str):
    odd = any(not c.isprintable() or c in "\x85\u2028\u2029\ufeff" for c in s)
    return dumper.represent_scalar("tag:yaml.org,2002:str", s, style='"' if odd else None)


_Flow.add_representer(str, _text)


def flow(value: object) -> str:
    """One value as YAML flow text that reads back as the same value, in block or flow context."""
    out = yaml.dump(
        [_plain(value)],
        Dumper=_Flow,
        default_flow_style=True,
        allow_unicode=True,
        width=2**31 - 1,
        sort_keys=False,
    ).strip()
    return out[1:-1]


def _plain(value: object) -> object:
    """Lists and mappings as the plain types the dumper knows (pnp's readers subclass them)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class Edits:
    """Keys to set in rules and entries to add to design_texts, made on one file's text."""

    def __init__(self, text: str):
        self.text = text
        loader = yaml.SafeLoader(text)
        try:
            self.root = loader.get_single_node()
            self.data = loader.construct_document(self.root)
        finally:
            loader.dispose()
        self.expected = copy.deepcopy(self.data)
        self._cuts: list[tuple[int, int, str]] = []  # (start, end, new text) on the original
        self.newline = "\r\n" if "\r\n" in text else "\n"

    def _top(self, key: str) -> Node | None:
        if not isinstance(self.root, MappingNode):
            return None
        return next((v for k, v in self.root.value if getattr(k, "value", None) == key), None)

    def set_keys(self, n: int, keys: dict) -> None:
        """Set these keys of the nth rule (a key, or a path of keys into the rule: `(texts,
        where)`): a value replaced where it is written (an anchor on it kept, so the rules that
        name it follow), a new key added as its mapping's last."""
        rule = self._top("rules").value[n]
        for path, value in keys.items():
            *into, key = path if isinstance(path, tuple) else (path,)
            node, data = rule, self.expected["rules"][n]
            for part in into:
                node = (self._entry(node, part) or (None, None))[1]
                data = data[part]
            if not isinstance(node, MappingNode):
                raise ValueError(f"rule {n + 1}: '{'.'.join(into)}' is not a mapping")
            at = self._entry(node, key)
            if at is None or not _written_in(node, at[0]):  # absent, or merged in (`<<: *a`)
                # the key is written in this rule, so that the mapping it merges stays as it was
                self._add_key(node, key, value)
            else:
                self._replace(n, at[0], at[1], key, value)
            data[key] = value

    @staticmethod
    def _entry(node: Node, key: str) -> tuple[Node, Node] | None:
        """A mapping's (key node, value node) for this key: the last, the one YAML reads (the
        keys merged in by `<<: *a` come before the mapping's own)."""
        if not isinstance(node, MappingNode):
            return None
        pairs = reversed(node.value)
        return next(((k, v) for k, v in pairs if getattr(k, "value", None) == key), None)

    def _replace(self, n: int, k: Node, v: Node, key: str, value: object) -> None:
        start = k.end_mark.index
        if v.start_mark.index < start:  # an alias (*name) of a value written earlier
            alias = _ALIAS.match(self.text, start)
            if alias is None:
                raise ValueError(f"rule {n + 1}: '{key}' is neither written here nor an alias")
            self._cuts.append((start, alias.end(), f": {flow(value)}"))
            return
        anchor = _ANCHOR.match(self.text, v.start_mark.index)
        prefix = anchor.group(0) + " " if anchor else ""
        self._cuts.append((start, self._content_end(v), f": {prefix}{flow(value)}"))
        if anchor:  # the other places that name this value read the new one
            for path in self._paths(v):
                _set(self.expected, path, value)

    def _add_key(self, rule: MappingNode, key: str, value: object) -> None:
        if rule.flow_style:  # {id: ..., expect: 5}: the new key before the closing brace
            end = rule.end_mark.index - 1
            if self.text[end] != "}":
                raise ValueError(f"a rule at line {rule.start_mark.line + 1} does not end in '}}'")
            self._cuts.append((end, end, f", {key}: {flow(value)}"))
            return
        own = [k for k, _ in rule.value if _written_in(rule, k)]  # not the keys merged in
        pad = " " * own[0].start_mark.column
        eol = self._line_end(self._content_end(rule))
        self._cuts.append((eol, eol, f"{self.newline}{pad}{key}: {flow(value)}"))

    def declare(self, entries: list[dict]) -> bool:
        """Add these entries to design_texts (a list, block or flow); False when there is none."""
        seq = self._top("design_texts")
        if not isinstance(seq, SequenceNode) or not entries:
            return False
        written = [flow(e) for e in entries]
        if seq.flow_style:
            end = seq.end_mark.index - 1
            lead = ", " if seq.value else ""
            self._cuts.append((end, end, lead + ", ".join(written)))
            self.expected["design_texts"] = list(self.expected["design_texts"]) + entries
        else:
            col = seq.start_mark.column
            start = seq.start_mark.index - col
            lines = "".join(f"{' ' * col}- {w}{self.newline}" for w in written)
            self._cuts.append((start, start, lines))
            self.expected["design_texts"] = entries + list(self.expected["design_texts"])
        return True

    def result(self) -> str:
        """The edited text: every cut made on the original, from the last to the first."""
        out = self.text
        order = sorted(enumerate(self._cuts), key=lambda c: (c[1][0], c[1][1], c[0]), reverse=True)
        for _, (start, end, new) in order:  # two cuts at one place: the first made comes first
            out = out[:start] + new + out[end:]
        return out

    def _content_end(self, node: Node) -> int:
        """Where a node's own text ends: its end less trailing blanks and comment-only lines."""
        start, end = node.start_mark.index, node.end_mark.index
        while True:
            while end > start and self.text[end - 1] in " \t\r\n":
                end -= 1
            line = max(self.text.rfind("\n", start, end), self.text.rfind("\r", start, end)) + 1
            if line <= start or not self.text[line:end].lstrip(" \t").startswith("#"):
                return end
            end = line

    def _line_end(self, at: int) -> int:
        ends = [i for i in (self.text.find("\n", at), self.text.find("\r", at)) if i >= 0]
        return min(ends) if ends else len(self.text)

    def _paths(self, target: Node) -> list[tuple]:
        """Every place in the document the node is read at (its anchor and each alias)."""
        found: list[tuple] = []
        keyer = yaml.SafeLoader("")

        def walk(node: Node, path: tuple) -> None:
            if node is target:
                found.append(path)
                return
            if isinstance(node, SequenceNode):
                for i, child in enumerate(node.value):
                    walk(child, (*path, i))
            elif isinstance(node, MappingNode):
                for k, child in node.value:
                    if isinstance(k, ScalarNode) and not k.tag.endswith(":merge"):
                        walk(child, (*path, keyer.construct_object(k)))

        walk(self.root, ())
        keyer.dispose()
        return found


def _set(data, path: tuple, value: object) -> None:
    for p in path[:-1]:
        data = data[p]
    data[path[-1]] = value


def _written_in(mapping: Node, key: Node) -> bool:
    """Whether a key of a mapping is written in it, not merged in from an anchor (`<<: *a`):
    the loader puts the merged keys' own nodes, written elsewhere, among the mapping's."""
    return mapping.start_mark.index <= key.start_mark.index < mapping.end_mark.index
