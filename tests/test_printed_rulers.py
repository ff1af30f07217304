"""The guide page's rulers, measured in the printed PDF: exactly 100 mm and 4 in."""
import pytest
from conftest import MM


def ruler_lengths(doc) -> list[float]:
    """Lengths in mm of horizontal lines on the page that says how to print."""
    page = next(p for p in doc if "Print at 100%" in p.get_text())
    out = []
    for d in page.get_drawings():
        for it in d["items"]:
            if it[0] == "l" and abs(it[1].y - it[2].y) < 1e-6:
                out.append(abs(it[2].x - it[1].x) * MM)
    return out


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rulers_are_exactly_100mm_and_4in(built, engine, paper):
    lengths = ruler_lengths(built("piecepack", paper, engine=engine).doc())
    for want in (100.0, 4 * 25.4):
        assert any(abs(length - want) < 0.01 for length in lengths), (want, sorted(lengths)[-5:])


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_centred_heading_is_centred_on_the_page(built, engine):
    """The guide heading is centred in a box symmetric about the page's middle."""
    doc = built("piecepack", "a4", engine=engine).doc()
    page = next(p for p in doc if "Print at 100%" in p.get_text())
    lines = [ln for b in page.get_text("dict")["blocks"] for ln in b.get("lines", [])
             if "Print at 100%" in "".join(s["text"] for s in ln["spans"])]
    assert lines
    x0, _, x1, _ = lines[0]["bbox"]
    assert abs((x0 + x1) / 2 - page.rect.width / 2) * MM < 0.5
