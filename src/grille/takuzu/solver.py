"""The exact Takuzu solver: line propagation and depth-first search, counting solutions.

>>> from grille.takuzu.grid import TakuzuGrid
>>> solve(TakuzuGrid.empty(4), limit=0).count
72
>>> solve(TakuzuGrid.empty(4, unique_lines=False), limit=0).count
90

The kernel (:mod:`grille.takuzu._kernel`) runs interpreted on Python lists for small jobs
in a fresh process, and compiled by numba on NumPy arrays once numba is loaded, for big
grids, long searches and batches (``backend="auto"``).
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Sequence
from typing import Any

from grille.engine._jit import compiled, jit_enabled
from grille.errors import SizeError
from grille.kind import Solutions
from grille.takuzu import _kernel
from grille.takuzu.grid import TakuzuGrid
from grille.takuzu.lines import patterns

__all__ = ["BACKENDS", "DEFAULT_KEEP", "search_cells", "solve", "solve_many"]

BACKENDS = ("auto", "python", "jit")
"""``python``: interpreted; ``jit``: compiled by numba; ``auto``: the faster for the job."""

DEFAULT_KEEP = 10
"""Solutions kept when counting them all (``limit=0``)."""

INTERPRETED_CELLS = 100
"""``auto`` starts grids up to this many cells interpreted (when numba is not loaded yet) ..."""

INTERPRETED_NODES = 60
"""... for this many nodes, then moves the search to the compiled kernel."""


def solve(
    grid: TakuzuGrid, *, limit: int = 2, budget: int | None = None, backend: str = "auto"
) -> Solutions[TakuzuGrid]:
    """Up to ``limit`` solutions of ``grid`` (0 = all) within ``budget`` search nodes.

    Every filled cell counts as fixed; the rules are the grid's (``unique_lines``).
    """
    if limit < 0:
        raise ValueError(f"limit must be 0 (all) or more, got {limit}")
    if budget is not None and budget < 0:
        raise ValueError(f"budget must be None (no budget) or at least 0, got {budget}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; expected one of {BACKENDS}")
    fast = _use_jit(grid, backend)
    if backend == "auto" and not fast and len(grid.cells) <= INTERPRETED_CELLS:
        trial_budget = INTERPRETED_NODES if budget is None else min(budget, INTERPRETED_NODES)
        trial = _solve(grid, limit, trial_budget, fast=False)
        if not trial.budget_reached or trial_budget == budget or not jit_enabled():
            return trial if trial_budget == budget or not trial.budget_reached else _solve(
                grid, limit, budget, fast=False
            )
        fast = True
    return _solve(grid, limit, budget, fast=fast)


def _use_jit(grid: TakuzuGrid, backend: str) -> bool:
    if backend == "python" or not jit_enabled():
        return False
    if backend == "jit" or "numba" in sys.modules:
        return True
    return len(grid.cells) > INTERPRETED_CELLS


def solve_many(
    grids: Sequence[TakuzuGrid], *, limit: int = 2, budget: int | None = None
) -> list[Solutions[TakuzuGrid]]:
    """:func:`solve` for each grid, compiled."""
    return [solve(grid, limit=limit, budget=budget, backend="jit") for grid in grids]


def _solve(
    grid: TakuzuGrid, limit: int, budget: int | None, *, fast: bool
) -> Solutions[TakuzuGrid]:
    keep = DEFAULT_KEEP if limit == 0 else limit
    found, count, nodes, stop = search_cells(
        grid.height, grid.width, grid.unique_lines, grid.cells,
        limit=limit, budget=budget, keep=keep, fast=fast,
    )
    solutions = tuple(grid.with_cells(cells) for cells in found)
    return Solutions(
        count, solutions, exhausted=stop == _kernel.STOP_DONE, nodes=nodes,
        budget_reached=stop == _kernel.STOP_BUDGET,
    )


@functools.cache
def _line_table(length: int) -> Any:
    """The compiled propagation table of lines of ``length`` (see ``_kernel.line_table``)."""
    import numpy as np

    out = np.zeros(3**length, dtype=np.int32)
    compiled(_kernel.line_table)(length, np.array(patterns(length), dtype=np.int64), out)
    return out


def _table_args(height: int, width: int) -> tuple[Any, ...]:
    """The table-mode arguments of the compiled kernel: mode, tables, codes, powers of 3."""
    import numpy as np

    longest = max(height, width)
    codes = np.zeros(height + width, dtype=np.int64)
    if longest > _kernel.TABLE_MAX:
        empty = np.zeros(1, dtype=np.int32)
        return 0, empty, empty, codes, np.zeros(longest, dtype=np.int64)
    powers = np.array([3**i for i in range(longest)], dtype=np.int64)
    return 1, _line_table(width), _line_table(height), codes, powers


def search_cells(
    height: int,
    width: int,
    unique_lines: bool,
    cells: Sequence[int],
    *,
    limit: int = 2,
    budget: int | None = None,
    keep: int = 2,
    fast: bool = False,
    rng: random.Random | None = None,
    probe: bool = False,
) -> tuple[list[tuple[int, ...]], int, int, int]:
    """Run the kernel: the first ``keep`` solutions, the count, the nodes, the stop reason.

    With ``rng``, the branching order and the first value tried are random (for generating).
    ``probe`` tries each value of a line's cells before branching on it (fewer nodes, each
    dearer; off by default, as it was slower overall on sparse 30x30 grids).
    """
    if max(height, width) > _kernel.MAX_SIDE:
        raise SizeError(f"the solver handles sides up to {_kernel.MAX_SIDE}, got "
                        f"{height}x{width}")
    n, nl, table = _kernel.buffer_sizes(height, width)
    longest = max(height, width)
    if rng is None:
        priority = list(range(n))
        first_value = [0] * n
    else:
        priority = list(range(n))
        rng.shuffle(priority)
        first_value = [rng.randrange(2) for _ in range(n)]
    keep = max(keep, 1)
    if fast:
        import numpy as np

        i32, i8 = np.int32, np.int8
        work = np.array(cells, dtype=i8)
        out = np.zeros(keep * n, dtype=i8)
        stats = np.zeros(3, dtype=np.int64)
        args: tuple[Any, ...] = (
            work, np.array(priority, dtype=i32), np.array(first_value, dtype=i8),
            limit, -1 if budget is None else budget, keep, out, stats,
            np.zeros(n, i32), np.zeros(n + 1, i32), np.zeros(n + 1, i32), np.zeros(n + 1, i8),
            np.zeros(nl, i32), np.zeros(nl, i8), np.zeros(nl, i32),
            np.zeros(table, np.int64), np.zeros(table, np.int64), np.zeros(longest, i8),
            np.zeros(longest, i32), np.zeros(longest, i32), np.zeros(longest, i8),
            *_table_args(height, width), int(probe), np.zeros(longest, i32),
        )
        compiled(_kernel.search)(height, width, int(unique_lines), *args)
        count, nodes, stop = (int(v) for v in stats)
        flat = out.tolist()
    else:
        flat = [0] * (keep * n)
        stats_list = [0, 0, 0]
        _kernel.search(
            height, width, int(unique_lines), list(cells), priority, first_value,
            limit, -1 if budget is None else budget, keep, flat, stats_list,
            [0] * n, [0] * (n + 1), [0] * (n + 1), [0] * (n + 1), [0] * nl, [0] * nl, [0] * nl,
            [0] * table, [0] * table, [0] * longest, [0] * longest, [0] * longest,
            [0] * longest, 0, [0], [0], [0] * nl, [0] * longest, int(probe), [0] * longest,
        )
        count, nodes, stop = stats_list
    found = [tuple(flat[i * n : (i + 1) * n]) for i in range(min(count, keep))]
    return found, count, nodes, stop
