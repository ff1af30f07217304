"""check: the rulebook's numbers as data, evaluated against the loaded game and its plan."""
