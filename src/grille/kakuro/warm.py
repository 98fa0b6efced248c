"""Kakuro's compiled kernel: the exact solver, which solving, hints and the generator's
recounting run; warmed by solving as real work does (see :mod:`grille.warm`)."""

from __future__ import annotations

from collections.abc import Collection

from grille.engine._jit import jit_enabled
from grille.kind import KernelGroup

__all__ = ["kernel_groups"]

PUZZLE = "#  4\\ 3\\\n\\3 .  .\n\\4 .  .\n"
"""A 2x2 puzzle (text format): 1 2 / 3 1."""


def kernel_groups(uses: Collection[str]) -> tuple[KernelGroup, ...]:
    """The groups of kernels ``uses`` runs (see :data:`grille.kind.KERNEL_USES`)."""
    if not jit_enabled() or not set(uses) & {"solve", "rate", "explain", "hint", "generate"}:
        return ()
    return (KernelGroup("Kakuro solver", _warm_solver),)


def _warm_solver() -> None:
    from grille.kakuro.grid import KakuroGrid
    from grille.kakuro.solver import Recounter, solve

    grid = KakuroGrid.from_string(PUZZLE)
    solve(grid, backend="jit")
    Recounter(grid, backend="jit").count((1, 2, 3, 1), budget=100)
