"""The guide page's rulers, measured in the printed PDF: exactly 100 mm and 4 in, every tick
at its true distance from the ruler's start."""

import pytest
from conftest import MM


def ruler_lines(doc) -> tuple[list, list]:
    """Horizontal and vertical lines (mm) on the page that says how to print."""
    page = next(p for p in doc if "Print at 100%" in p.get_text())
    flat, upright = [], []
    for d in page.get_drawings():
        for it in d["items"]:
            if it[0] != "l":
                continue
            (x1, y1), (x2, y2) = (it[1].x * MM, it[1].y * MM), (it[2].x * MM, it[2].y * MM)
            if abs(y1 - y2) < 1e-4:
                flat.append((min(x1, x2), max(x1, x2), y1))
            elif abs(x1 - x2) < 1e-4:
                upright.append((x1, min(y1, y2), max(y1, y2)))
    return flat, upright


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rulers_are_exactly_100mm_and_4in(built, engine, paper):
    flat, upright = ruler_lines(built("piecepack", paper, engine=engine).doc())
    for length, step in ((100.0, 1.0), (4 * 25.4, 25.4 / 8)):
        rulers = [(x0, x1, y) for x0, x1, y in flat if abs(x1 - x0 - length) < 0.01]
        assert len(rulers) == 1, (length, sorted(x1 - x0 for x0, x1, _ in flat)[-5:])
        x0, _, y = rulers[0]
        # every tick hangs from the ruler's line, at a whole number of steps from its start
        ticks = sorted(
            x - x0
            for x, top, _ in upright
            if abs(top - y) < 0.01 and x0 - 0.5 <= x <= x0 + length + 0.5
        )
        n = round(length / step)
        assert len(ticks) == n + 1, (length, len(ticks))
        for k, at in enumerate(ticks):
            assert abs(at - k * step) < 0.01, (length, k, at, k * step)


@pytest.mark.parametrize("engine", ["reportlab", "svg"])
def test_centred_heading_is_centred_on_the_page(built, engine):
    """The guide heading is centred in a box symmetric about the page's middle."""
    doc = built("piecepack", "a4", engine=engine).doc()
    page = next(p for p in doc if "Print at 100%" in p.get_text())
    lines = [
        ln
        for b in page.get_text("dict")["blocks"]
        for ln in b.get("lines", [])
        if "Print at 100%" in "".join(s["text"] for s in ln["spans"])
    ]
    assert lines
    x0, _, x1, _ = lines[0]["bbox"]
    assert abs((x0 + x1) / 2 - page.rect.width / 2) * MM < 0.5
