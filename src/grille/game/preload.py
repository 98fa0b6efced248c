"""What the game's worker processes start with (:mod:`grille.game.work`).

Importing this module runs :func:`warm`: every kind generates a puzzle at its hardest
level, solves it and gives a hint on it, which compiles the kernels new games and hints
run (or loads them from numba's on-disk cache). The fork server imports it once; every
task forked from it then starts with those kernels ready instead of loading them again
(seconds per task).
"""

from __future__ import annotations

import time

from grille.engine._jit import jit_enabled
from grille.kind import GenerateOptions
from grille.kinds import KIND_NAMES, get_kind

__all__ = ["WARM_SECONDS", "warm"]


def warm() -> float:
    """Run the kernels of generating, rating, solving and hints once; the seconds it took
    (nothing to do when kernels are not compiled, ``GRILLE_JIT=0``)."""
    started = time.monotonic()
    if not jit_enabled():
        return 0.0
    for name in KIND_NAMES:
        kind = get_kind(name)
        puzzle = kind.generate(GenerateOptions(level=kind.levels[-1]), "warm")
        kind.solve(puzzle, limit=2)
        kind.hint(puzzle, depth=5)
    return time.monotonic() - started


WARM_SECONDS = warm()
"""How long the warm-up took when this module was imported."""
