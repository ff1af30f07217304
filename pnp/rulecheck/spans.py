"""Which characters of a printed text a rule or a declaration proves.

A rule that compares whole texts (a list, a key, a die face) proves the whole text. A rule that
only counts the texts it matches proves what its match spells out: `exact` and `one_of` the
whole text, `contains` the part it names, and a `pattern` the characters it gives literally or
by a narrow class (`[1-5]`, `\\d`: at most ten characters, no space); what `.*`, `.+`, `\\w+`
or any broader wildcard matches is proven by nothing, so another clause of that sentence
cannot say the opposite unseen. The rest of the text is its unproven remainder.
"""

from __future__ import annotations

import functools
import re
import re._parser as _parser  # the parsed pattern: how many characters a class admits

Span = tuple[int, int]
WHOLE: tuple[Span, ...] | None = None  # the whole text is proven
NARROW = 10  # a class of at most this many characters, none a space, proves what it matches
IGNORED = set(" .,;:!?()[]\"'“”‘’…")  # a remainder of only these says nothing


@functools.lru_cache(maxsize=4096)  # every rule reads the same few texts of a face
def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def of_match(m, text: str) -> tuple[Span, ...] | None:
    """The spans of norm(text) that a match proves (None: all of it; () nothing)."""
    t = norm(text)
    if m is None:
        return ()
    if m.exact is not None or m.one_of is not None:
        return WHOLE
    if m.contains is not None:
        part = norm(m.contains)
        return tuple((k.start(), k.end()) for k in re.finditer(re.escape(part), t)) if part else ()
    if m.pattern is not None:
        return literal_spans(m.pattern, t)
    return ()


def literal_spans(pattern: str, text: str) -> tuple[Span, ...] | None:
    """The characters of `text` the pattern's literal and narrow parts match (None: all)."""
    import regex

    try:
        wrapped, groups, _ = _wrap_wide(pattern)
        found = regex.fullmatch(wrapped, text, timeout=1.0)
    except (regex.error, TimeoutError, ValueError):
        return ()  # a pattern this reading cannot split proves nothing of itself
    if found is None:
        return ()
    wide = sorted(s for g in groups for s in found.spans(g) if s[1] > s[0])
    if not wide:
        return WHOLE
    out, at = [], 0
    for a, b in wide:
        if a > at:
            out.append((at, a))
        at = max(at, b)
    if at < len(text):
        out.append((at, len(text)))
    return tuple(out)


def wide_parts(pattern: str) -> list[str]:
    """The pattern's wildcards broader than a narrow class ('.*', '[^x]+', '\\w+' ...)."""
    try:
        return _wrap_wide(pattern)[2]
    except ValueError:
        return ["a back-reference"]


def _wrap_wide(pattern: str) -> tuple[str, list[str], list[str]]:
    """The pattern with each wide atom (and its repeat) in a named group of its own, the
    groups' names, and the wide pieces as written."""
    if re.search(r"\\[1-9]|\(\?P=", pattern):
        raise ValueError("back-reference")
    out, groups, pieces, i, look = [], [], [], 0, 0
    depth: list[bool] = []  # for each open group: is it a look-around
    while i < len(pattern):
        c = pattern[i]
        if c == "(":
            la = pattern.startswith(("(?=", "(?!", "(?<=", "(?<!"), i)
            depth.append(la)
            look += la
            out.append(c)
            i += 1
            continue
        if c == ")":
            look -= depth.pop() if depth else 0
            out.append(c)
            i += 1
            continue
        end = _atom_end(pattern, i)
        atom = pattern[i:end]
        q = _quantifier_end(pattern, end)
        piece = pattern[i:q]
        if not look and _wide(atom):
            name = f"pnpw{len(groups)}"
            groups.append(name)
            pieces.append(piece)
            out.append(f"(?P<{name}>{piece})")
        else:
            out.append(piece)
        i = q
    return "".join(out), groups, pieces


def _atom_end(p: str, i: int) -> int:
    c = p[i]
    if c == "\\":
        if p[i + 1 : i + 2] in ("p", "P", "N") and p[i + 2 : i + 3] == "{":
            return p.index("}", i) + 1
        return i + 2
    if c == "[":
        j = i + 1
        if p[j : j + 1] == "^":
            j += 1
        if p[j : j + 1] == "]":
            j += 1
        while j < len(p) and p[j] != "]":
            j += 2 if p[j] == "\\" else 1
        return j + 1
    return i + 1


def _quantifier_end(p: str, i: int) -> int:
    if i < len(p) and p[i] in "*+?":
        i += 1
    elif i < len(p) and p[i] == "{":
        m = re.match(r"\{\d*(,\d*)?\}", p[i:])
        if m:
            i += m.end()
        else:
            return i
    else:
        return i
    return i + 1 if i < len(p) and p[i] in "?+" else i


def _wide(atom: str) -> bool:
    """An atom that admits more than a narrow class: '.', a negated or broad class, \\w, \\S ..."""
    if atom in ("|", "^", "$") or atom in ("\\b", "\\B", "\\A", "\\Z"):
        return False
    if atom == ".":
        return True
    if not (atom.startswith("[") or (atom.startswith("\\") and atom[1:2] in "dDwWsSpP")):
        return False  # a literal character
    try:
        parsed = _parser.parse(atom)
    except re.error:
        return True
    chars = _class_chars(list(parsed))
    return chars is None or len(chars) > NARROW or " " in chars


def _class_chars(items) -> set[str] | None:
    """The characters one parsed class admits (None: too many to list, or negated)."""
    chars: set[str] = set()
    for op, av in items:
        if op is _parser.LITERAL:
            chars.add(chr(av))
        elif op is _parser.IN:
            got = _class_chars(av)
            if got is None:
                return None
            chars |= got
        elif op is _parser.RANGE:
            if av[1] - av[0] > NARROW:
                return None
            chars |= {chr(c) for c in range(av[0], av[1] + 1)}
        elif op is _parser.CATEGORY and av is _parser.CATEGORY_DIGIT:
            chars |= set("0123456789")
        else:  # a negation, \w, \s, any other category
            return None
    return chars


def remainder(text: str, spans: tuple[Span, ...] | None) -> str:
    """What of norm(text) the spans leave unproven, its pieces joined by ' … ' ('' when nothing)."""
    t = norm(text)
    if spans is None:
        return ""
    keep = [True] * len(t)
    for a, b in spans:
        for k in range(max(a, 0), min(b, len(t))):
            keep[k] = False
    pieces, cur = [], []
    for ch, left in zip(t, keep, strict=True):
        if left:
            cur.append(ch)
        elif cur:
            pieces.append("".join(cur))
            cur = []
    if cur:
        pieces.append("".join(cur))
    said = [p.strip() for p in pieces if not set(p) <= IGNORED]
    return " … ".join(said)


def union(a: tuple[Span, ...] | None, b: tuple[Span, ...] | None) -> tuple[Span, ...] | None:
    """Two proofs of one text together."""
    if a is None or b is None:
        return None
    return tuple(sorted(set(a) | set(b)))
