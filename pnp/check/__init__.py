"""check: the rulebook's numbers as data, evaluated against the loaded game and its plan.

`pnp.check` the name is the library's function (pnp.api.check), which runs this package's
check; import the checker's modules by their full names (`from pnp.check.report import table`).
"""
