"""A face's digest (manifest `digest`, read by `--since`) follows the drawing and nothing else:
not the objects that hold it, not the order faces are read in, not what another face holds."""

from __future__ import annotations

import hashlib

from pnp.draw.digest import Digests
from pnp.draw.primitives import Group, Path, Rect, Style, Text, Use


def card(title: str, *, x: float = 4.0, colour: str = "#c8102e") -> Group:
    """A small face built afresh each call: equal values, new objects."""
    frame = Rect(0.0, 0.0, 63.5, 88.9, Style(fill="#ffffff"), 3.0)
    band = Rect(x, 4.0, 55.5, 14.0, Style(fill=colour), 2.0)
    lines = tuple(Text(6.0, 40.0 + 7 * i, f"Line {i}", "regular", 2.8, "#000000") for i in range(4))
    head = Text(31.75, 12.5, title, "bold", 4.2, "#ffffff", "middle")
    return Group((frame, band, head, *lines, Use("star", (14.0, 0, 0, 14.0, 24.0, 26.0))))


SYMBOLS = {
    "star": type(
        "Sym",
        (),
        {"children": (Rect(0.0, 0.0, 1.0, 1.0, Style(fill="#000000")),), "w": 1.0, "h": 1.0},
    )()
}


def test_the_same_drawing_in_new_objects_has_the_same_digest():
    assert Digests(SYMBOLS).face(card("Card 1")) == Digests(SYMBOLS).face(card("Card 1"))
    one = Digests(SYMBOLS)
    assert one.face(card("Card 1")) == one.face(card("Card 1"))


def test_any_change_in_one_primitive_changes_the_digest():
    d = Digests(SYMBOLS)
    base = d.face(card("Card 1"))
    assert d.face(card("Card 2")) != base  # a text
    assert d.face(card("Card 1", x=4.001)) != base  # a position, past the rounding
    assert d.face(card("Card 1", colour="#c8102f")) != base  # a colour inside a style
    assert d.face(card("Card 1", x=4.00001)) == base  # below 1/10000 mm: the same print


def test_a_digest_does_not_depend_on_what_was_read_before():
    """Primitives are spelled once per value; an equal one read earlier (here with an int where
    the other has a float) must not change how a later face is spelled."""
    alone = Digests(SYMBOLS).face(Group((Rect(0.0, 0.0, 5.0, 5.0, Style(fill="#000000")),)))
    d = Digests(SYMBOLS)
    d.face(Group((Rect(0, 0, 5, 5, Style(fill="#000000")),)))
    after = d.face(Group((Rect(0.0, 0.0, 5.0, 5.0, Style(fill="#000000")),)))
    assert after == alone


def test_a_symbol_is_read_by_its_content_not_its_name():
    other = {
        "star": type(
            "Sym",
            (),
            {"children": (Rect(0.0, 0.0, 2.0, 1.0, Style(fill="#000000")),), "w": 1.0, "h": 1.0},
        )()
    }
    assert Digests(SYMBOLS).face(card("Card 1")) != Digests(other).face(card("Card 1"))


def test_a_digest_is_the_value_earlier_manifests_recorded():
    """--since compares with manifests already written: the same drawing must keep its digest
    (these values were recorded by pnp before the digests were spelled by object identity)."""
    d = Digests(SYMBOLS)
    assert d.face(card("Card 1")) == "e1cb4aed86bd5bba"
    pair = Group((card("Card 1"), card("Card 2")), (0.5, 0, 0, 0.5, 1.25, 0))  # a transform, ints
    assert d.face(pair) == "fe395145a0e88f76"


def test_a_path_keeps_the_digest_earlier_manifests_recorded():
    """A path's ops hold most of a face's numbers and are spelled in a loop of their own; the
    digest is still the sha256 of the drawing spelled out as below (ints and -0.0 as floats,
    numbers rounded to 1/10000 mm), the value pnp recorded before that loop."""
    wave = Path(
        (("M", 0, -0.0), ("L", 10.00004, 0.5), ("C", 12.0, 1.0, 14, 2.25, 16.0, -0.00004), ("Z",)),
        Style(stroke="#1a2b3c", stroke_width=0.25, dash=(1.0, 0.5)),
    )
    face = Group((wave, Group((wave,), (1.0, 0, 0, 1.0, 0, 3.5))))
    ops = "(('M',0.0,0.0,),('L',10.0,0.5,),('C',12.0,1.0,14.0,2.25,16.0,0.0,),('Z',),)"
    path = f"Path{ops}StyleNone'#1a2b3c'0.25(1.0,0.5,)1.0False'butt''miter'"
    spelled = (
        f"Group({path},Group({path},)(1.0,0.0,0.0,1.0,0.0,3.5,)None,)(1.0,0.0,0.0,1.0,0.0,0.0,)None"
    )
    assert hashlib.sha256(spelled.encode()).hexdigest()[:16] == "2f94cdb6f0bae610"
    assert Digests(SYMBOLS).face(face) == "2f94cdb6f0bae610"


def test_a_flag_is_not_spelled_as_the_number_it_equals():
    """Numbers and strings are spelled once per value; True equals 1 as a key, but a style's
    even-odd flag must spell as itself, whatever number was spelled first."""
    flagged = Group((Rect(0.0, 0.0, 5.0, 5.0, Style(fill="#000000", evenodd=True)),))
    alone = Digests(SYMBOLS).face(flagged)
    d = Digests(SYMBOLS)
    d.face(Group((Rect(0.0, 0.0, 1, 1, Style(fill="#000000"), 1),)))  # 1 spelled as 1.0 first
    assert d.face(Group((Rect(0.0, 0.0, 5.0, 5.0, Style(fill="#000000", evenodd=True)),))) == alone


def test_a_path_is_spelled_as_its_own_values_whatever_equal_path_came_first():
    """Equal paths in new objects share their text, but one holding a flag (True == 1) spells
    as itself, read before or after the plain one."""
    plain = Path((("M", 1, 0.0), ("L", 2.0, 3.0)), Style(fill="#000000"))
    flagged = Path((("M", True, 0.0), ("L", 2.0, 3.0)), Style(fill="#000000"))
    alone = Digests(SYMBOLS).face(Group((flagged,)))
    d = Digests(SYMBOLS)
    first = d.face(Group((plain,)))
    assert d.face(Group((flagged,))) == alone != first
    again = Path((("M", 1.0, 0.0), ("L", 2.0, 3.0)), Style(fill="#000000"))
    assert d.face(Group((again,))) == first == Digests(SYMBOLS).face(Group((again,)))
