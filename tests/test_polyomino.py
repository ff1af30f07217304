"""The polyomino kind: shapes from cells, outlines, packing a set into a rectangle, clean errors."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.kinds.polyomino.cells import normalise, outline_loops, rotations
from pnp.kinds.polyomino.pack import pack_rectangle
from pnp.spec.load import load_game

SET = (
    [[(0, 0)]] * 5
    + [[(0, 0), (1, 0), (0, 1)]] * 4
    + [[(0, 0), (1, 0)]] * 3
    + [[(0, 0), (1, 0), (2, 0)]] * 2
    + [[(0, 0), (1, 0), (2, 0), (1, 1)]]
)


def _check_packing(shapes, w, h, spots):
    seen = set()
    for shape, spot in zip(shapes, spots, strict=True):
        assert normalise(spot) in rotations(frozenset(shape))  # turned, never mirrored or changed
        assert all(0 <= c < w and 0 <= r < h for c, r in spot)
        assert not seen & spot
        seen |= spot
    return seen


def test_set_of_33_squares_tiles_an_11_by_3_rectangle():
    shapes = [frozenset(s) for s in SET]
    packed = pack_rectangle(shapes)
    w, h, spots = packed.cols, packed.rows, packed.spots
    assert packed.fallback is None
    assert sorted((w, h)) == [3, 11]
    assert len(_check_packing(shapes, w, h, spots)) == 33 == w * h


def test_limits_are_kept_and_awkward_sets_leave_few_holes():
    # five T pieces (20 squares) cannot tile a 4 x 5 rectangle; the packer leaves a few squares empty
    shapes = [frozenset([(0, 0), (1, 0), (2, 0), (1, 1)])] * 5
    packed = pack_rectangle(shapes, max_cols=6)
    w, h, spots = packed.cols, packed.rows, packed.spots
    assert w <= 6
    used = _check_packing(shapes, w, h, spots)
    assert len(used) == 20 and w * h <= 24


def test_chiral_piece_is_never_mirrored():
    s_piece = frozenset([(1, 0), (2, 0), (0, 1), (1, 1)])
    z_piece = frozenset([(0, 0), (1, 0), (1, 1), (2, 1)])
    assert normalise(z_piece) not in rotations(s_piece)
    assert len(rotations(s_piece)) == 2


def test_outline_of_a_corner_is_one_loop_of_six_corners_and_a_ring_has_a_hole():
    assert [len(loop) for loop in outline_loops({(0, 0), (1, 0), (0, 1)})] == [6]
    ring = {(c, r) for c in range(3) for r in range(3)} - {(1, 1)}
    assert sorted(len(loop) for loop in outline_loops(ring)) == [4, 4]


def _family(folder, body: str):
    (folder / "game.yaml").write_text(
        "id: poly\ntitle: Poly\ncredits: test\nplayers: {min: 1, max: 2}\n"
        "player_colours: [{name: red, hex: '#ff0000'}, {name: blue, hex: '#0000ff'}]\n"
        "rules: null\ncomponents: [pieces.yaml]\n"
    )
    (folder / "pieces.yaml").write_text(body)
    return str(folder)


BASE = "family: pieces\nkind: polyomino\ncell: 0.5in\nfill: '{tint}'\n"


def test_pieces_build_at_their_size_with_a_cut_outline(tmp_path):
    from pnp.pipeline import prepare

    folder = _family(
        tmp_path, BASE + "items:\n  - {id: l, tint: red, cells: [[0, 0], [0, 1], [0, 2], [1, 2]]}\n"
    )
    faces = prepare(load_game(folder), legibility=False).faces
    face = faces["pieces"][0]
    assert face.w == pytest.approx(25.4) and face.h == pytest.approx(38.1)
    xs = sorted({round(op[1], 3) for op in face.cut.ops if op[0] in "ML"})
    assert xs == pytest.approx([0.0, 12.7, 25.4])
    assert sum(1 for op in face.cut.ops if op[0] in "ML") == 6  # an L has six corners


def test_pack_by_player_gives_one_face_per_player(tmp_path):
    from pnp.pipeline import prepare

    body = (
        BASE
        + "pack_by: colour\nitems:\n  - {per_player: true, count: 2, tint: red, cells: [[0, 0], [1, 0]]}\n"
    )
    faces = prepare(load_game(_family(tmp_path, body)), legibility=False).faces
    assert [f.id for f in faces["pieces"]] == ["pieces-red", "pieces-blue"]
    assert {(round(f.w, 2), round(f.h, 2)) for f in faces["pieces"]} == {(25.4, 25.4)}


@pytest.mark.parametrize(
    ("items", "words"),
    [
        ("  - {id: a, tint: red}\n", "needs its squares"),
        ("  - {id: a, tint: red, cells: [[0, 0], [2, 0]]}\n", "touch edge to edge"),
        ("  - {id: a, tint: red, cells: [[0, 0], [0, 0]]}\n", "listed twice"),
        ("  - {id: a, tint: red, cells: [[0, 0.5]]}\n", "whole numbers"),
        ("  - {id: a, tint: nocolour, cells: [[0, 0]]}\n", "unknown colour"),
    ],
)
def test_bad_pieces_are_clean_errors(tmp_path, items, words):
    from pnp.pipeline import prepare

    with pytest.raises(PnpError) as err:
        prepare(load_game(_family(tmp_path, BASE + "items:\n" + items)), legibility=False)
    assert words in str(err.value) and "pieces.yaml" in str(err.value)


def test_pack_by_unknown_attribute_is_a_clean_error(tmp_path):
    from pnp.pipeline import prepare

    body = BASE + "pack_by: team\nitems:\n  - {id: a, tint: red, cells: [[0, 0]]}\n"
    with pytest.raises(PnpError) as err:
        prepare(load_game(_family(tmp_path, body)), legibility=False)
    assert "pack_by" in str(err.value)


PLUS = frozenset([(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)])


def test_a_packing_search_has_one_budget_and_says_when_it_falls_back():
    """30 plus signs tile no rectangle near their area: the search stops at the call's budget
    (not one budget per rectangle tried), says so, and places every piece without overlap."""
    shapes = [PLUS] * 30
    packed = pack_rectangle(shapes, steps=20_000)
    assert packed.fallback and "20,000 steps" in packed.fallback
    assert len(_check_packing(shapes, packed.cols, packed.rows, packed.spots)) == 150


def test_build_warns_with_file_and_line_when_pieces_are_not_tiled(tmp_path, capsys):
    from pnp.cli import main

    body = BASE + "pack_by: set\nitems:\n  - {id: plus, set: a, tint: red, count: 30, cells: [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]]}\n"
    folder = _family(tmp_path, body)
    out = tmp_path / "out"
    assert main(["build", folder, "--paper", "a4", "--out", str(out), "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "pieces.yaml:5: the pieces of set 'a' were placed one by one, not tiled" in err, err
    assert "search budget of 250,000 steps" in err
    # --strict refuses before anything is written
    assert main(["build", folder, "--paper", "a4", "--out", str(tmp_path / "strict"), "--jobs", "1", "--strict"]) == 1
    assert "placed one by one" in capsys.readouterr().err and not (tmp_path / "strict").exists()
