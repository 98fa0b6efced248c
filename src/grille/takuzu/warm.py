"""Takuzu's compiled kernels: the exact solver, which solving, hints, explanations and the
generator all run; warmed by solving as real work does (see :mod:`grille.warm`)."""

from __future__ import annotations

from collections.abc import Collection

from grille.engine._jit import jit_enabled
from grille.kind import KernelGroup

__all__ = ["kernel_groups"]


def kernel_groups(uses: Collection[str]) -> tuple[KernelGroup, ...]:
    """The groups of kernels ``uses`` runs (see :data:`grille.kind.KERNEL_USES`)."""
    if not jit_enabled() or not set(uses) & {"solve", "rate", "explain", "hint", "generate"}:
        return ()
    return (KernelGroup("Takuzu solver", _warm_solver),)


def _warm_solver() -> None:
    """Grids with and without the line tables (sides up to 12 and beyond), and the random
    branching order the generator uses."""
    import random

    from grille.takuzu.grid import TakuzuGrid
    from grille.takuzu.solver import search_cells, solve

    for side in (6, 14):
        grid = TakuzuGrid.empty(side)
        solve(grid, limit=1, backend="jit")
        search_cells(side, side, True, grid.cells, limit=1, budget=1000, keep=1, fast=True,
                     rng=random.Random(side))
