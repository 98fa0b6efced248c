"""Many uniqueness checks in a row: the solver's kernel called directly on reusable buffers.

A generator asks thousands of times "does this set of clues still have one solution?".
:func:`grille.sudoku.solver.solve` answers with :class:`~grille.sudoku.grid.Grid` values,
which costs far more than the search itself on 9x9 (about 70 µs against 10 µs). An
:class:`Oracle` keeps one shape's kernel, its tables and its work buffers, and answers on
plain digit lists. It runs compiled when numba may be used (at once from 12x12 up, where the
interpreted search is slow; for smaller grids after :data:`INTERPRETED_CALLS` calls, so that
one small puzzle from a cold start does not pay for loading numba) and interpreted otherwise.
Both run the same kernel, so the answers, and any puzzle built from them, are the same.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grille.engine._jit import compiled, jit_enabled
from grille.sudoku import _kernel
from grille.sudoku.geometry import Shape

__all__ = ["INTERPRETED_CALLS", "Check", "Oracle", "oracle_for"]

INTERPRETED_CALLS = 400
"""Calls a grid below 12x12 answers interpreted before an oracle moves to the compiled kernel
(a tenth to a half of a second of interpreted 9x9 checks, less than loading numba takes)."""

_OUTPUT_TYPES = ("uint8", "uint8", "int32", "int64", "uint8")


@dataclass(frozen=True, slots=True)
class Check:
    """What one check found: ``count`` solutions (0, 1 or 2: stopped at two), the search
    ``nodes`` (1: the kernel's propagation alone solved it), ``other``, the digits of a
    solution other than the one the caller knows when there are several, else ``None``, and
    whether the count is ``settled``."""

    count: int
    nodes: int
    other: tuple[int, ...] | None
    settled: bool = True
    """False when the node budget ran out first: ``count`` is then only a lower bound."""

    @property
    def unique(self) -> bool:
        """Exactly one solution (proven: the search was not cut short)."""
        return self.count == 1 and self.settled


class Oracle:
    """Uniqueness checks for grids of one ``shape``, as fast as the solver's kernel allows.

    ``backend`` as for :func:`grille.sudoku.solver.solve`: ``python`` (interpreted),
    ``jit`` (compiled when numba may be used) or ``auto`` (see the module's docstring).
    """

    def __init__(self, shape: Shape, *, backend: str = "auto") -> None:
        from grille.sudoku.solver import BACKENDS, _plan

        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; expected one of {BACKENDS}")
        self.shape = shape
        self.backend = backend
        self.calls = 0
        kernel, tables, buffer_sizes = _plan(shape)
        self._kernel = kernel
        self._tables = tables
        self._buffer_sizes = buffer_sizes
        self._fast = False
        cells = shape.cell_count
        self._outputs: list[Any] = [[0] * cells, [0] * cells, [0], [0], [0]]
        self._buffers: list[Any] = [[0] * size for size in buffer_sizes]
        self._puzzle: Any = None
        if backend == "jit" or (backend == "auto" and (shape.size >= 12 or _numba_loaded())):
            self.compile()

    def __repr__(self) -> str:
        mode = "compiled" if self._fast else "interpreted"
        return f"<Oracle {self.shape.size}x{self.shape.size} {mode}, {self.calls} calls>"

    def check(
        self, cells: Sequence[int], known: Sequence[int] | None = None, budget: int | None = None
    ) -> Check:
        """How many solutions ``cells`` (0 = empty) has, up to two, within ``budget`` search
        nodes (``None``: no limit); with several, ``other`` is one that differs from
        ``known`` (a solution of ``cells`` the caller has)."""
        self._count_call()
        first, second, counts, nodes, stops = self._outputs
        limit = _kernel.UNLIMITED if budget is None else budget
        if self._fast:
            self._puzzle[:] = cells
            self._kernel(self._puzzle, *self._tables, 2, limit, *self._outputs, *self._buffers)
        else:
            self._kernel(list(cells), *self._tables, 2, limit, *self._outputs, *self._buffers)
        count, visited = int(counts[0]), int(nodes[0])
        if int(stops[0]) == _kernel.STOP_BUDGET:
            return Check(count, visited, None, settled=False)
        if count < 2 or known is None:
            return Check(count, visited, None)
        # The kernel keeps the first two solutions it meets: either may be the known one.
        other = tuple(int(digit) for digit in second)
        if other == tuple(known):
            other = tuple(int(digit) for digit in first)
        return Check(count, visited, other)

    def solution(self, cells: Sequence[int]) -> tuple[int, ...] | None:
        """One solution of ``cells``, or ``None`` when there is none."""
        self._count_call()
        first, _, counts, _, _ = self._outputs
        arguments = (1, _kernel.UNLIMITED, *self._outputs, *self._buffers)
        if self._fast:
            self._puzzle[:] = cells
            self._kernel(self._puzzle, *self._tables, *arguments)
        else:
            self._kernel(list(cells), *self._tables, *arguments)
        return tuple(int(digit) for digit in first) if counts[0] else None

    def _count_call(self) -> None:
        self.calls += 1
        if self.calls > INTERPRETED_CALLS and not self._fast and self.backend == "auto":
            self.compile()

    @property
    def compiled(self) -> bool:
        """Whether checks run on the compiled kernel."""
        return self._fast

    def compile(self) -> None:
        """Move to the compiled kernel on NumPy buffers now (for instance before timing);
        a no-op when already compiled or when numba may not be used."""
        if self._fast or not jit_enabled():
            return
        import numpy as np

        from grille.sudoku.solver import _array_tables

        cells = self.shape.cell_count
        self._kernel = compiled(self._kernel)
        self._tables = _array_tables(self.shape)
        sizes = (cells, cells, 1, 1, 1)
        self._outputs = [np.zeros(size, dtype=kind)
                         for size, kind in zip(sizes, _OUTPUT_TYPES, strict=True)]
        self._buffers = [np.zeros(size, dtype=np.int32) for size in self._buffer_sizes]
        self._puzzle = np.zeros(cells, dtype=np.uint8)
        self._fast = True


@functools.cache
def oracle_for(shape: Shape) -> Oracle:
    """This process's oracle for ``shape`` (its call count and buffers carry over)."""
    return Oracle(shape)


def _numba_loaded() -> bool:
    import sys

    return "numba" in sys.modules
