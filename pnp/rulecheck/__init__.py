"""rulecheck: the rulebook's numbers as data, evaluated against the loaded game and its plan.

The library's function `pnp.check` (pnp.api.check) runs this package's check.
"""
