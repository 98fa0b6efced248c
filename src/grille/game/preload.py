"""What the game's worker processes start with (:mod:`grille.game.work`).

Importing this module runs :func:`warm`: the kernel groups of every kind's game work
(generating, rating, hints; :data:`grille.warm.GAME_USES`) run once, which loads them from
numba's on-disk cache (or compiles them on a cold install: the only place the games
compile them, since the front ends' own processes run none). The fork server imports it
once; every task forked from it then starts with those kernels ready instead of loading
them again (seconds per task).
"""

from __future__ import annotations

import sys
import time

from grille.engine._jit import jit_enabled
from grille.kinds import get_kind, kind_names

__all__ = ["WARM_SECONDS", "warm"]


def warm() -> float:
    """Run the kernels of generating, rating, solving and hints once; the seconds it took
    (nothing to do when kernels are not compiled, ``GRILLE_JIT=0``)."""
    if not jit_enabled():
        return 0.0
    from grille import warm as warming

    groups = warming.kernel_groups([get_kind(name) for name in kind_names()], warming.GAME_USES)
    started = time.monotonic()
    # a cold compile says so where the workers' errors go (grille play: its terminal;
    # grille tui: tui-workers.log), as the front end's own warm-up used to
    done = warming.warm(groups, out=sys.stderr, what=f"{warming.NOTICE}, in the background")
    warming.remember(done.groups)  # what the games' "first time" asks (warm.warmed)
    return time.monotonic() - started


WARM_SECONDS = warm()
"""How long the warm-up took when this module was imported."""
