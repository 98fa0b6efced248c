"""Exact solving and counting: full consistency per run, search on the cell with fewest
candidates, a node budget. Small puzzles run interpreted; big ones and batches compiled."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grille.engine._jit import backend, jit_enabled
from grille.kakuro import _kernel
from grille.kakuro.grid import KakuroGrid
from grille.kind import Solutions

__all__ = [
    "JIT_MIN_CELLS",
    "Count",
    "Recounter",
    "Structure",
    "compiled_search",
    "consistent_masks",
    "solve",
    "solve_many",
    "solve_with_roots",
    "structure",
]

JIT_MIN_CELLS = 150
"""Puzzles with this many white cells or more are solved by the compiled kernel."""

KEEP = 2
"""Solutions kept when counting."""

FULL = 0x1FF


@dataclass(frozen=True, slots=True)
class Structure:
    """A layout as the kernel's flat arrays (see :mod:`grille.kakuro._kernel`)."""

    whites: tuple[int, ...]
    run_start: tuple[int, ...]
    run_cells: tuple[int, ...]
    run_total: tuple[int, ...]
    cell_runs: tuple[int, ...]
    run_group: tuple[int, ...]
    group_start: tuple[int, ...]
    group_runs: tuple[int, ...]


@functools.lru_cache(maxsize=256)
def _structure(grid_key: tuple[Any, ...]) -> Structure:
    rows, cols, clues, distinct = grid_key
    grid = KakuroGrid(rows, cols, clues)
    topo = grid.topology
    index = {cell: i for i, cell in enumerate(topo.whites)}
    run_start = [0]
    run_cells: list[int] = []
    for run in topo.runs:
        run_cells.extend(index[cell] for cell in run.cells)
        run_start.append(len(run_cells))
    cell_runs = []
    for cell in topo.whites:
        cell_runs += [topo.across[cell], topo.down[cell]]
    groups: dict[tuple[int, int], list[int]] = {}
    if distinct:
        for number, run in enumerate(topo.runs):
            if run.total:
                groups.setdefault((run.total, run.length), []).append(number)
    run_group = [-1] * len(topo.runs)
    group_start = [0]
    group_runs: list[int] = []
    for members in groups.values():
        if len(members) < 2:
            continue
        for member in members:
            run_group[member] = len(group_start) - 1
        group_runs.extend(members)
        group_start.append(len(group_runs))
    return Structure(
        topo.whites, tuple(run_start), tuple(run_cells),
        tuple(run.total for run in topo.runs), tuple(cell_runs),
        tuple(run_group), tuple(group_start), tuple(group_runs),
    )


def structure(grid: KakuroGrid) -> Structure:
    """The kernel arrays of ``grid``'s layout and rules (cached per layout)."""
    return _structure((grid.rows, grid.cols, grid.clues, grid.distinct_combinations))


def _start_masks(grid: KakuroGrid, whites: Sequence[int]) -> list[int]:
    values = grid.cells
    return [1 << (values[cell] - 1) if values[cell] else FULL for cell in whites]


_SUMOF = [sum(d + 1 for d in range(9) if s >> d & 1) for s in range(512)]


class _Buffers:
    """Every buffer one search needs, as lists or as NumPy arrays."""

    def __init__(self, st: Structure, start: list[int], keep: int, *, fast: bool) -> None:
        n = len(st.whites)
        nruns = len(st.run_total)
        data: dict[str, list[int]] = {
            "solutions": [0] * (max(keep, 1) * n),
            "rest": [0] * (n + 1),
            "chosen": [0] * (n + 1),
            "result": [0] * 4,
            "queue": [0] * max(nruns, 1),
            "queued": [0] * max(nruns, 1),
            "head_tail": [0, 0],
            "run_start": list(st.run_start),
            "run_cells": list(st.run_cells) or [0],
            "run_total": list(st.run_total),
            "cell_runs": list(st.cell_runs) or [0],
            "run_group": list(st.run_group) or [0],
            "group_start": list(st.group_start),
            "group_runs": list(st.group_runs) or [0],
            "fwd": [0] * 512,
            "bwd": [0] * 512,
            "states": [0] * 1024,
            "layer": [0] * 12,
            "local": [0] * 12,
            "sumof": list(_SUMOF),
            "counters": [0],
        }
        if fast:
            import numpy as np

            self.arrays: dict[str, Any] = {
                key: np.array(value, dtype=np.int64) for key, value in data.items()
            }
            masks = np.empty((n + 1) * n, dtype=np.int64)
            masks[:n] = start
            self.arrays["masks"] = masks
        else:
            self.arrays = dict(data)
            self.arrays["masks"] = start + [0] * (n * n)


def _search_args(buffers: _Buffers, n: int, limit: int, budget: int, keep: int) -> tuple[Any, ...]:
    a = buffers.arrays
    return (
        n, a["masks"], limit, budget, keep, a["solutions"], a["rest"], a["chosen"], a["result"],
        a["queue"], a["queued"], a["head_tail"], a["run_start"], a["run_cells"], a["run_total"],
        a["cell_runs"], a["run_group"], a["group_start"], a["group_runs"], a["fwd"], a["bwd"],
        a["states"], a["layer"], a["local"], a["sumof"], a["counters"],
    )


@functools.cache
def compiled_search() -> Any:
    """The search kernel compiled by numba, with its helpers compiled beside it (on copies
    of the functions, so that the interpreted ones keep calling each other)."""
    helpers = (_kernel._popcount, _kernel._push, _kernel._taken, _kernel._run_support,
               _kernel.propagate)
    return backend((*helpers, _kernel.search))[_kernel.search]


def solve(
    grid: KakuroGrid,
    *,
    limit: int = 2,
    budget: int | None = None,
    keep: int = KEEP,
    backend: str = "auto",
) -> Solutions[KakuroGrid]:
    """Up to ``limit`` solutions (0 = all) of ``grid`` (its written digits count as given),
    within ``budget`` search nodes; ``backend`` is ``auto``, ``python`` or ``jit``."""
    return solve_with_roots(grid, limit=limit, budget=budget, keep=keep, backend=backend)[0]


def solve_with_roots(
    grid: KakuroGrid,
    *,
    limit: int = 2,
    budget: int | None = None,
    keep: int = KEEP,
    backend: str = "auto",
) -> tuple[Solutions[KakuroGrid], tuple[int, ...]]:
    """:func:`solve`, and the candidate masks (one per white cell, in ``grid.whites``
    order) that propagation left before any search: all zero when there was a
    contradiction at once, single digits everywhere when propagation alone solved it."""
    st = structure(grid)
    n = len(st.whites)
    if n == 0:
        return Solutions(1, (grid.with_values(grid.cells),), True, 0), ()
    fast = backend == "jit" or (backend == "auto" and n >= JIT_MIN_CELLS and jit_enabled())
    keep = max(keep, 1) if limit == 0 else min(max(keep, 1), limit)
    buffers = _Buffers(st, _start_masks(grid, st.whites), keep, fast=fast)
    kernel = compiled_search() if fast else _kernel.search
    kernel(*_search_args(buffers, n, limit, budget or 0, keep))
    result = [int(x) for x in buffers.arrays["result"]]
    count, nodes, exhausted, stopped = result
    digits = [int(x) for x in buffers.arrays["solutions"]]
    found = []
    for number in range(min(count, keep)):
        values = [0] * (grid.rows * grid.cols)
        for i, cell in enumerate(st.whites):
            values[cell] = digits[number * n + i]
        found.append(grid.with_values(values).with_marks(None))
    roots = tuple(int(x) for x in buffers.arrays["masks"][:n])
    if count == 0 and nodes == 0:
        roots = (0,) * n
    return Solutions(count, tuple(found), bool(exhausted), nodes, bool(stopped)), roots


@dataclass(frozen=True, slots=True)
class Count:
    """One count by a :class:`Recounter`: solutions found (up to the limit), whether the
    search was exhausted or stopped by its budget, the first solutions as digits per white
    cell, and the candidates propagation left before any search."""

    count: int
    exhausted: bool
    budget_reached: bool
    found: tuple[tuple[int, ...], ...]
    roots: tuple[int, ...]

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven."""
        return self.count == 1 and self.exhausted


class Recounter:
    """Counts the solutions of many puzzles on one layout (the generator's inner loop): the
    kernel's buffers are built once and only the run totals change between counts."""

    def __init__(self, grid: KakuroGrid, *, backend: str = "auto") -> None:
        self.structure = st = structure(grid)
        n = len(st.whites)
        self.fast = backend == "jit" or (
            backend == "auto" and n >= JIT_MIN_CELLS and jit_enabled()
        )
        self.buffers = _Buffers(st, [FULL] * n, KEEP, fast=self.fast)
        self.kernel = compiled_search() if self.fast else _kernel.search

    def __repr__(self) -> str:
        return f"Recounter({len(self.structure.whites)} cells, fast={self.fast})"

    def count(self, digits: Sequence[int], *, limit: int = 2, budget: int = 0) -> Count:
        """Solutions of the puzzle whose clues are the run sums of ``digits`` (one per white
        cell, in ``structure.whites`` order), up to ``limit`` within ``budget`` nodes."""
        st = self.structure
        n = len(st.whites)
        a = self.buffers.arrays
        for run in range(len(st.run_total)):
            a["run_total"][run] = sum(
                digits[st.run_cells[i]] for i in range(st.run_start[run], st.run_start[run + 1])
            )
        a["masks"][:n] = [FULL] * n
        keep = min(KEEP, limit) if limit else KEEP
        self.kernel(*_search_args(self.buffers, n, limit, budget, keep))
        count, _, exhausted, stopped = (int(x) for x in a["result"])
        solutions = [int(x) for x in a["solutions"][: min(count, keep) * n]]
        found = tuple(tuple(solutions[i * n:(i + 1) * n]) for i in range(min(count, keep)))
        roots = tuple(int(x) for x in a["masks"][:n])
        return Count(count, bool(exhausted), bool(stopped), found, roots)


def solve_many(
    grids: Sequence[KakuroGrid], *, limit: int = 2, budget: int | None = None
) -> list[Solutions[KakuroGrid]]:
    """:func:`solve` for many puzzles, compiled when numba is available."""
    backend = "jit" if jit_enabled() else "python"
    return [solve(grid, limit=limit, budget=budget, backend=backend) for grid in grids]


def consistent_masks(grid: KakuroGrid, masks: Sequence[int]) -> list[int] | None:
    """``masks`` (one per white cell, in ``grid.whites`` order) narrowed to full consistency
    on every run, or ``None`` on a contradiction (interpreted)."""
    st = structure(grid)
    n = len(st.whites)
    buffers = _Buffers(st, list(masks), 1, fast=False)
    a = buffers.arrays
    nruns = len(st.run_total)
    for run in range(nruns):
        a["queue"][run] = run
        a["queued"][run] = 1
    a["head_tail"][0] = nruns
    ok = _kernel.propagate(
        0, n, a["masks"], a["queue"], a["queued"], a["head_tail"], a["run_start"],
        a["run_cells"], a["run_total"], a["cell_runs"], a["run_group"], a["group_start"],
        a["group_runs"], a["fwd"], a["bwd"], a["states"], a["layer"], a["local"], a["sumof"],
        a["counters"],
    )
    return list(a["masks"][:n]) if ok else None
