"""Small helpers that several modules compile into their kernels (see :mod:`._jit`).

They live apart from the compiling machinery on purpose: numba's cache of a kernel is keyed on
the files its code comes from (:mod:`grille.engine.kernel_cache`), so an edit here recompiles
the kernels that use these helpers, and an edit to ``_jit.py`` recompiles none.
"""

from __future__ import annotations

__all__ = ["popcount"]


def popcount(mask: int) -> int:
    """How many bits ``mask`` has set: a kernel helper (modules compile it with their kernels)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
