import pytest

from pnp.units import Percent, parse_length, resolve


@pytest.mark.parametrize(
    "text, mm",
    [("63mm", 63.0), ("2.5in", 63.5), ("1.5cm", 15.0), ("72pt", 25.4), (" 0.75in ", 19.05), (".5in", 12.7)],
)
def test_lengths_become_millimetres(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("bad", [63, 2.5, "63", "63 px", "in", "", None, True, [1]])
def test_a_length_needs_a_unit(bad):
    with pytest.raises(ValueError, match="unit"):
        parse_length(bad)


def test_percent_only_where_allowed():
    with pytest.raises(ValueError, match="percentage"):
        parse_length("50%")
    p = parse_length("50%", allow_percent=True)
    assert isinstance(p, Percent)
    assert resolve(p, 88.9) == pytest.approx(44.45)
    assert resolve(12.0, 88.9) == 12.0


def test_positive_sizes():
    with pytest.raises(ValueError, match="greater than zero"):
        parse_length("0mm", positive=True)
    with pytest.raises(ValueError, match="greater than zero"):
        parse_length("-3mm", positive=True)
