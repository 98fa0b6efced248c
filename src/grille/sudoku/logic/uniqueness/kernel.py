"""The search for deadly loops (unique rectangles and loops) in one compiled call.

:mod:`rectangles` finds a unique loop on two digits *a* and *b* as
Sudoku Explainer does (``UniqueLoops.checkForLoops``): from each cell holding only *a* and *b*, a
depth-first walk through cells holding both, each step in a unit of another type than the step
before, with SE's rule for cells with extra digits; every closed path is then checked
(``isValidLoop``: each unit it touches holds two of its cells, one at an odd, one at an even
position). Done in Python that walk costs most of the uniqueness techniques' time, and it almost
never finds anything. :func:`deadly_loops` runs the same walk in one kernel (:func:`_scan`, compiled
through :mod:`grille.engine._jit`) and hands back the valid loops in the walk's order.

Two exact shortcuts keep the kernel from walking where no valid loop can be:

- every cell of a valid loop has another loop cell in its row, its column and its box, so a
  loop lies inside the *core* of its digits: the cells holding both, less (repeatedly) those
  without another such cell in one of their units. A start outside the core, or a core
  smaller than the shortest loop wanted, is skipped;
- the walk still looks at every cell the plain search looks at (SE's extra digits gather from
  every cell it passes over, taken or not), but it only steps into core cells, since a path
  through any other cell can only close into an invalid loop.

The plain search stays in :mod:`rectangles` (``_loops``,
``_is_valid_loop``); the tests compare the two on many boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from grille.engine._jit import Kernels, per_thread
from grille.engine.kernel_helpers import popcount as _popcount
from grille.sudoku.geometry import Shape

__all__ = ["deadly_loops"]

Array = Any
"""A NumPy integer array."""

_OVERFLOW = -1
"""Kernel status: the output buffer is too small for the loops found."""

_FIRST_OUTPUT = 1 << 12
"""First size of the output buffer (it doubles whenever a search runs out)."""


def _core(n: int, cell_units: Array, unit_cells: Array, marks: Array, pair: int,
          core: Array, counts: Array) -> int:
    """Mark in ``core`` the cells that may lie on a deadly loop of ``pair``; their number.

    The cells holding both digits, less, until none is left, each one alone in one of its
    units among them.
    """
    cells = n * n
    for u in range(3 * n):
        counts[u] = 0
    size = 0
    for c in range(cells):
        inside = 1 if marks[c] & pair == pair else 0
        core[c] = inside
        if inside:
            size += 1
            for k in range(3):
                counts[cell_units[3 * c + k]] += 1
    changed = True
    while changed:
        changed = False
        for c in range(cells):
            if not core[c]:
                continue
            alone = False
            for k in range(3):
                if counts[cell_units[3 * c + k]] < 2:
                    alone = True
            if alone:
                core[c] = 0
                size -= 1
                changed = True
                for k in range(3):
                    counts[cell_units[3 * c + k]] -= 1
    return size


def _is_valid(n: int, cell_units: Array, path: Array, length: int, seen: Array) -> bool:
    """Whether each unit the closed path touches holds two of its cells, one odd, one even.

    ``seen`` (one entry per unit, zero on entry and on return) records the parities met.
    """
    valid = True
    for i in range(length):
        bit = 1 << (i % 2)
        cell = path[i]
        for k in range(3):
            u = cell_units[3 * cell + k]
            if seen[u] & bit:
                valid = False
            seen[u] |= bit
    for u in range(3 * n):
        if seen[u] != 0 and seen[u] != 3:
            valid = False
        seen[u] = 0
    return valid


def _walk(n: int, cell_units: Array, unit_cells: Array, marks: Array, start: int,
          min_length: int, core: Array, path: Array, in_path: Array, state: Array,
          seen: Array, out: Array, top: int) -> int:
    """Every valid loop of ``min_length`` cells or more the walk from ``start`` closes,
    appended to ``out`` from ``top`` (length, then cells); the new top, or the overflow status.

    ``state`` holds, per depth, the unit type and place being tried, the extra digits met,
    the cells with extras still allowed and the type of the unit stepped through.
    """
    pair = marks[start]
    limit = 2 * n
    width = limit + 1
    kinds = 0
    places = width
    extras = 2 * width
    allowed = 3 * width
    came = 4 * width
    depth = 0
    path[0] = start
    in_path[start] = 1
    state[kinds] = 0
    state[places] = 0
    state[extras] = 0
    state[allowed] = 2
    state[came] = -1
    while depth >= 0:
        cell = path[depth]
        kind = state[kinds + depth]
        if kind >= 3:
            in_path[cell] = 0
            depth -= 1
            continue
        place = state[places + depth]
        if kind == state[came + depth] or place >= n:
            state[kinds + depth] = kind + 1
            state[places + depth] = 0
            continue
        state[places + depth] = place + 1
        nxt = unit_cells[n * cell_units[3 * cell + kind] + place]
        if nxt == start and depth >= 3:
            length = depth + 1
            if length >= min_length and _is_valid(n, cell_units, path, length, seen):
                if top + length + 1 > len(out):
                    return _OVERFLOW
                out[top] = length
                for i in range(length):
                    out[top + 1 + i] = path[i]
                top += length + 1
            continue
        mask = marks[nxt]
        if mask & pair != pair or in_path[nxt] or (mask == pair and nxt < start):
            continue
        extra = state[extras + depth] | (mask & ~pair)
        state[extras + depth] = extra
        wide = 1 if _popcount(mask) > 2 else 0
        left = state[allowed + depth]
        if not core[nxt] or depth + 1 >= limit:
            continue
        if wide == 0 or _popcount(extra) == 1 or left > 0:
            depth += 1
            path[depth] = nxt
            in_path[nxt] = 1
            state[kinds + depth] = 0
            state[places + depth] = 0
            state[extras + depth] = extra
            state[allowed + depth] = left - wide
            state[came + depth] = kind
    return top


def _scan(n: int, cell_units: Array, unit_cells: Array, marks: Array, min_length: int,
          core: Array, counts: Array, path: Array, in_path: Array, state: Array, seen: Array,
          out: Array) -> int:
    """The valid loops of ``min_length`` cells or more from every bivalue start, in order,
    written to ``out`` (length, then cells, each loop from its start); the size written, or
    the overflow status."""
    top = 0
    for start in range(n * n):
        pair = marks[start]
        if _popcount(pair) != 2:
            continue
        if _core(n, cell_units, unit_cells, marks, pair, core, counts) < min_length:
            continue
        if not core[start]:
            continue
        top = _walk(n, cell_units, unit_cells, marks, start, min_length, core, path, in_path,
                    state, seen, out, top)
        if top == _OVERFLOW:
            return _OVERFLOW
    return top


KERNELS = Kernels((_scan,), helpers=(_popcount, _core, _is_valid, _walk))
"""The scan, compiled or plain as :mod:`grille.engine._jit` decides."""


def _zeros(size: int) -> Array:
    """A buffer of ``size`` zeros: a NumPy array for the compiled kernel, a list (faster to
    index) for the interpreted one."""
    return np.zeros(size, dtype=np.int64) if KERNELS.compiled else [0] * size


def _table(values: list[int]) -> Array:
    """``values`` in the kernel's form (see :func:`_zeros`)."""
    return np.array(values, dtype=np.int64) if KERNELS.compiled else values


class _Buffers:
    """The topology and scratch arrays for one grid size, kept between calls."""

    def __init__(self, shape: Shape) -> None:
        n = shape.size
        self.n = n
        units_of = [
            (2 * n + shape.box_of(cell), cell // n, n + cell % n) for cell in range(n * n)
        ]
        self.cell_units = _table([u for units in units_of for u in units])
        self.unit_cells = _table([cell for unit in shape.units for cell in unit])
        self.core = _zeros(n * n)
        self.counts = _zeros(3 * n)
        self.path = _zeros(2 * n + 1)
        self.in_path = _zeros(n * n)
        self.state = _zeros(5 * (2 * n + 1))
        self.seen = _zeros(3 * n)
        self.out = _zeros(_FIRST_OUTPUT)


@per_thread
def _buffers(shape: Shape) -> _Buffers:
    """This thread's buffers for ``shape``."""
    return _Buffers(shape)


def deadly_loops(shape: Shape, marks: Sequence[int], min_length: int) -> list[tuple[int, ...]]:
    """Every valid loop of ``min_length`` cells or more, as SE's walk finds them.

    In the plain search's order: by start cell (holding only the loop's two digits), then as
    the walk closes them; each loop begins at its start and appears once for each way the
    walk closes it.
    """
    buffers = _buffers(shape)
    values = _table(list(marks))
    scan = KERNELS.scan
    while True:
        size = scan(buffers.n, buffers.cell_units, buffers.unit_cells, values, min_length,
                    buffers.core, buffers.counts, buffers.path, buffers.in_path, buffers.state,
                    buffers.seen, buffers.out)
        if size != _OVERFLOW:
            break
        buffers.out = _zeros(2 * len(buffers.out))
        buffers.in_path = _zeros(len(buffers.in_path))  # the walk stopped half way
    found: list[tuple[int, ...]] = []
    flat = [int(x) for x in buffers.out[:size]]
    top = 0
    while top < size:
        length = flat[top]
        found.append(tuple(flat[top + 1 : top + 1 + length]))
        top += length + 1
    return found
