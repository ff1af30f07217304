"""check: the rulebook's numbers as data, evaluated against the loaded game and its plan.

`pnp.check` is this package once any of its modules is imported (Python binds a subpackage
on its parent), so the package itself runs the check when called: `pnp.check(game)` is
`pnp.api.check(game)`.
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self, game):
        from pnp.api import check

        return check(game)


sys.modules[__name__].__class__ = _CallablePackage
