"""Compiled first-match searches for the basic ladder's cheap techniques.

The walk re-runs every technique from the top after each step, and most calls find nothing,
so what a basic technique costs is mostly the cost of *not* finding anything. Each kernel here
answers one question in the technique's own search order, on the board's candidates as a flat
array: in which unit (or for which digit, or at which pivot) does the technique's first step
lie, or -1 when there is none. The technique then builds its step with its own Python code
for that one unit, digit or pivot, so the steps are the same whichever path found them.

| kernel | answers, for | the Python that builds the step |
|---|---|---|
| :func:`_naked_scan` | the first unit with a naked subset that eliminates | ``subsets`` |
| :func:`_hidden_scan` | the first unit with a (direct) hidden subset | ``subsets`` |
| :func:`_fish_scan` | the digit of the first basic fish that eliminates | ``fish`` |
| :func:`_lock_scan` | the digit of the first (direct) pointing or claiming | ``intersections`` |
| :func:`_single_scan` | the first hidden single, as unit and digit | ``singles`` |
| :func:`_wing_scan` | the first XY- or XYZ-Wing's pivot | ``wings`` |

Kernels are compiled through :mod:`grille.engine._jit`; with compiling off (``GRILLE_JIT=0``)
:func:`enabled` is false and the techniques run their plain-Python search, which stays the
reference the kernels are tested against.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

import numpy as np

from grille.engine._jit import Kernels
from grille.engine.kernel_helpers import popcount as _popcount
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board, tables

__all__ = [
    "enabled",
    "first_fish_digit",
    "first_hidden_single",
    "first_hidden_unit",
    "first_lock_digit",
    "first_naked_unit",
    "first_wing_pivot",
]

Array = Any
"""A NumPy integer array."""

MAX_SUBSET = 4
"""The largest subset or fish the kernels search (a Jellyfish, a quad)."""


# -- kernels --------------------------------------------------------------------------------------


def _next_tight(masks: Array, count: int, size: int, chosen: Array, unions: Array,
                depth: int) -> int:
    """Advance to the next ``size`` of ``masks[:count]`` whose union has exactly ``size`` bits.

    Index tuples come in increasing lexicographic order, a partial union wider than ``size``
    cutting its branch (as ``subsets.tight_subsets`` does). Start with ``chosen[0] = -1`` and
    ``depth = 0``; each call returns the depth to pass next time (the union is
    ``unions[size]``, the indexes ``chosen[:size]``), or -1 when there are no more.
    """
    while depth >= 0:
        chosen[depth] += 1
        if chosen[depth] > count - (size - depth):
            depth -= 1
            continue
        union = unions[depth] | masks[chosen[depth]]
        if _popcount(union) > size:
            continue
        unions[depth + 1] = union
        if depth + 1 == size:
            if _popcount(union) == size:
                return depth
            continue
        depth += 1
        chosen[depth] = chosen[depth - 1]
    return -1


def _naked_hits(n: int, size: int, found: int, locked: int, marks: Array, unit_cells: Array,
                cell_units: Array, members: Array, chosen: Array, union: int) -> bool:
    """Whether the naked subset ``members[chosen[:size]]`` of unit ``found`` removes a
    candidate there (or, when ``locked``, in any unit its cells share)."""
    first = members[chosen[0]]
    for kind in range(3):
        unit = cell_units[first, kind]
        if not locked and unit != found:
            continue
        shared = True
        for i in range(1, size):
            if cell_units[members[chosen[i]], kind] != unit:
                shared = False
        if not shared:
            continue
        for p in range(n):
            cell = unit_cells[unit, p]
            if marks[cell] & union:
                inside = False
                for i in range(size):
                    if members[chosen[i]] == cell:
                        inside = True
                if not inside:
                    return True
    return False


def _naked_scan(n: int, size: int, locked: int, marks: Array, unit_cells: Array,
                cell_units: Array, work: Array) -> int:
    """The first unit, in Sudoku Explainer's order (boxes, columns, rows), holding a naked
    subset of ``size`` cells that eliminates (in the unit, or when ``locked`` in any unit
    its cells share), or -1; only units with ``2 * size`` cells with candidates or more, as
    SE looks."""
    members, masks, chosen, unions = work[0], work[1], work[2], work[3]
    for i in range(3 * n):
        unit = _se_unit(n, i)
        count = 0
        empty = 0
        for p in range(n):
            cell = unit_cells[unit, p]
            held = _popcount(marks[cell])
            if held:
                empty += 1
            if 2 <= held <= size:
                members[count] = cell
                masks[count] = marks[cell]
                count += 1
        if count < size or empty < 2 * size:
            continue
        chosen[0] = -1
        unions[0] = 0
        depth = _next_tight(masks, count, size, chosen, unions, 0)
        while depth >= 0:
            if _naked_hits(n, size, unit, locked, marks, unit_cells, cell_units, members,
                           chosen, unions[size]):
                return unit
            depth = _next_tight(masks, count, size, chosen, unions, depth)
    return -1


def _hidden_hits(n: int, size: int, direct: int, marks: Array, cells: Array, places: Array,
                 digits: Array, chosen: Array, union: int) -> bool:
    """Whether the hidden subset ``digits[chosen[:size]]`` (its cells' positions ``union`` in
    the unit ``cells``, whose digits' positions are ``places``) removes a candidate, and when
    ``direct``, leaves another digit a single place."""
    kept = 0
    for i in range(size):
        kept |= 1 << digits[chosen[i]]
    removed = 0
    for p in range(n):
        if union >> p & 1:
            removed |= marks[cells[p]] & ~kept
    if removed == 0:
        return False
    if not direct:
        return True
    for d in range(n):  # noqa: SIM110 - numba compiles no generator inside any()
        if removed >> d & 1 and _popcount(places[d] & ~union) == 1:
            return True
    return False


def _hidden_scan(n: int, size: int, direct: int, marks: Array, places: Array,
                 unit_cells: Array, work: Array) -> int:
    """The first unit, in Sudoku Explainer's order (boxes, columns, rows), holding a hidden
    subset of ``size`` digits that eliminates (and, when ``direct``, leaves another digit one
    place in the unit), or -1; only units with more than ``2 * size`` cells with candidates
    (``size`` when ``direct``), as SE looks."""
    digits, spots, chosen, unions = work[0], work[1], work[2], work[3]
    for i in range(3 * n):
        unit = _se_unit(n, i)
        empty = 0
        for p in range(n):
            if marks[unit_cells[unit, p]]:
                empty += 1
        if empty <= (size if direct else 2 * size):
            continue
        count = 0
        for d in range(n):
            held = _popcount(places[unit, d])
            if 2 <= held <= size:
                digits[count] = d
                spots[count] = places[unit, d]
                count += 1
        if count < size:
            continue
        chosen[0] = -1
        unions[0] = 0
        depth = _next_tight(spots, count, size, chosen, unions, 0)
        while depth >= 0:
            if _hidden_hits(n, size, direct, marks, unit_cells[unit], places[unit], digits,
                            chosen, unions[size]):
                return unit
            depth = _next_tight(spots, count, size, chosen, unions, depth)
    return -1


def _fish_scan(n: int, size: int, places: Array, work: Array) -> int:
    """The digit (1-based) of the first basic fish of ``size`` lines that eliminates, in
    Sudoku Explainer's order, or -1: columns as base lines, then rows (``Fisherman``); in
    each, base line sets in ``Permutations`` order (as numbers with a bit per line: the
    smallest first), then digits.

    A row's places are its columns and a column's its rows: the lines of a fish.
    """
    allowed, masks, chosen, unions = work[0], work[1], work[2], work[3]
    for rank in range(2):
        kind = 1 - rank
        best_lines = 0
        best_digit = -1
        for d in range(n):
            count = 0
            for line in range(n):
                held = _popcount(places[kind * n + line, d])
                if 2 <= held <= size:
                    allowed[count] = line
                    masks[count] = places[kind * n + line, d]
                    count += 1
            if count < size:
                continue
            chosen[0] = -1
            unions[0] = 0
            depth = _next_tight(masks, count, size, chosen, unions, 0)
            while depth >= 0:
                cover = unions[size]
                lines = 0
                for i in range(size):
                    lines |= 1 << allowed[chosen[i]]
                if best_digit < 0 or lines < best_lines:
                    for line in range(n):
                        if places[kind * n + line, d] & cover and not lines >> line & 1:
                            best_lines = lines
                            best_digit = d + 1
                            break
                depth = _next_tight(masks, count, size, chosen, unions, depth)
        if best_digit > 0:
            return best_digit
    return -1


def _low_bit(mask: int) -> int:
    """The index of the lowest bit set in ``mask`` (``mask`` > 0)."""
    index = 0
    while not mask >> index & 1:
        index += 1
    return index


def _removed(n: int, cell: int, cell_units: Array, base: int, cover: int) -> bool:
    """Whether a lock of base ``base`` and cover ``cover`` removes its digit from ``cell``, a
    place of the digit: the cell lies in the cover and not in the base."""
    return bool(cell_units[cell, cover // n] == cover and cell_units[cell, base // n] != base)


def _single_after(n: int, d: int, places: Array, unit_cells: Array, cell_units: Array,
                  base: int, cover: int) -> bool:
    """Whether the lock's removals leave digit index ``d`` a single place in a unit of the
    base's type (another box for a pointing, another row or column for a claiming) that
    they touch: where Sudoku Explainer's direct mode looks, and only there."""
    spots = places[cover, d]
    kind = base // n
    for p in range(n):
        gone = unit_cells[cover, p]
        if not (spots >> p & 1 and _removed(n, gone, cell_units, base, cover)):
            continue
        unit = cell_units[gone, kind]
        there = places[unit, d]
        left = 0
        for q in range(n):
            if there >> q & 1 and not _removed(n, unit_cells[unit, q], cell_units, base, cover):
                left += 1
        if left == 1:
            return True
    return False


def _lock_cover(n: int, d: int, base: int, kind: int, direct: int, places: Array,
                unit_cells: Array, cell_units: Array) -> int:
    """The cover unit (of type ``kind``: 0 row, 1 column, 2 box) of a pointing or claiming
    of digit index ``d`` from unit ``base`` that eliminates (and, when ``direct``, leaves a
    hidden single), or -1."""
    spots = places[base, d]
    if _popcount(spots) < 2:
        return -1
    cover = cell_units[unit_cells[base, _low_bit(spots)], kind]
    for p in range(n):
        if spots >> p & 1 and cell_units[unit_cells[base, p], kind] != cover:
            return -1
    removes = False
    for p in range(n):
        if places[cover, d] >> p & 1 and _removed(n, unit_cells[cover, p], cell_units, base,
                                                  cover):
            removes = True
    if not removes:
        return -1
    if direct and not _single_after(n, d, places, unit_cells, cell_units, base, cover):
        return -1
    return int(cover)


def _lock_scan(n: int, from_box: int, direct: int, places: Array, unit_cells: Array,
               cell_units: Array) -> int:
    """The digit (1-based) of the first (direct) pointing or claiming in Sudoku Explainer's
    order, or -1: pointings from boxes into columns, then into rows; claimings from columns,
    then from rows; in each pass by base unit, then cover unit, then digit."""
    for index in range(2):
        if from_box:
            start = 2 * n
            kind = 1 - index
        else:
            start = n - index * n
            kind = 2
        for base in range(start, start + n):
            best_cover = 3 * n
            best_digit = -1
            for d in range(n):
                cover = _lock_cover(n, d, base, kind, direct, places, unit_cells, cell_units)
                if 0 <= cover < best_cover:
                    best_cover = cover
                    best_digit = d + 1
            if best_digit > 0:
                return best_digit
    return -1


def _se_unit(n: int, i: int) -> int:
    """The ``i``-th unit in Sudoku Explainer's order: boxes, columns, rows."""
    if i < n:
        return 2 * n + i
    if i < 2 * n:
        return i
    return i - 2 * n


def _single_scan(n: int, places: Array) -> int:
    """The first hidden single, boxes, then columns, then rows, as ``unit * n + digit
    index``, or -1."""
    for i in range(3 * n):
        unit = _se_unit(n, i)
        for d in range(n):
            spots = places[unit, d]
            if spots and not spots & (spots - 1):
                return unit * n + d
    return -1


def _places_of(n: int, marks: Array, unit_cells: Array, places: Array) -> None:
    """Fill ``places[unit, d]``: the positions in the unit of the cells holding digit index
    ``d``."""
    for unit in range(3 * n):
        for d in range(n):
            places[unit, d] = 0
        for p in range(n):
            mask = marks[unit_cells[unit, p]]
            while mask:
                d = _low_bit(mask)
                places[unit, d] |= 1 << p
                mask &= mask - 1


def _sees(a: int, b: int, cell_units: Array) -> bool:
    """Whether cells ``a`` and ``b`` are distinct and share a unit."""
    return a != b and (
        cell_units[a, 0] == cell_units[b, 0]
        or cell_units[a, 1] == cell_units[b, 1]
        or cell_units[a, 2] == cell_units[b, 2]
    )


def _high_bit(mask: int) -> int:
    """The index of the highest bit set in ``mask`` (``mask`` > 0)."""
    index = -1
    while mask:
        mask >>= 1
        index += 1
    return index


def _z_seen(bit: int, marks: Array, cell_units: Array, a: int, b: int, c: int) -> bool:
    """Whether a cell holding ``bit`` sees ``a``, ``b`` and (unless -1) ``c``."""
    for cell in range(marks.shape[0]):
        if marks[cell] & bit and _sees(cell, a, cell_units) and _sees(cell, b, cell_units) and (
            c < 0 or _sees(cell, c, cell_units)
        ):
            return True
    return False


def _xy_at(pivot: int, marks: Array, cell_units: Array, pairs: Array, count: int,
           wings: Array) -> bool:
    """Whether bivalue ``pivot`` is the pivot of an XY-Wing that eliminates."""
    pivot_mask = marks[pivot]
    found = 0
    for i in range(count):
        cell = pairs[i]
        if _sees(pivot, cell, cell_units) and marks[cell] != pivot_mask:
            wings[found] = cell
            found += 1
    for i in range(found):
        first = wings[i]
        shared = marks[first] & pivot_mask
        if _popcount(shared) != 1:
            continue
        z_mask = marks[first] & ~pivot_mask
        for j in range(i + 1, found):
            second = wings[j]
            if marks[second] != (pivot_mask & ~shared) | z_mask:
                continue
            if _z_seen(1 << _high_bit(z_mask), marks, cell_units, first, second, -1):
                return True
    return False


def _xyz_at(pivot: int, marks: Array, cell_units: Array, pairs: Array, count: int,
            wings: Array) -> bool:
    """Whether ``pivot`` (three candidates) is the pivot of an XYZ-Wing that eliminates."""
    pivot_mask = marks[pivot]
    found = 0
    for i in range(count):
        cell = pairs[i]
        if _sees(pivot, cell, cell_units) and marks[cell] & ~pivot_mask == 0:
            wings[found] = cell
            found += 1
    for i in range(found):
        first = wings[i]
        for j in range(i + 1, found):
            second = wings[j]
            z_mask = marks[first] & marks[second]
            if marks[first] == marks[second] or z_mask == 0:
                continue
            if _z_seen(1 << _high_bit(z_mask), marks, cell_units, pivot, first, second):
                return True
    return False


def _wing_scan(xyz: int, marks: Array, cell_units: Array, work: Array) -> int:
    """The first pivot (in cell order) of an XY-Wing (or, with ``xyz``, XYZ-Wing) that
    eliminates, or -1."""
    pairs, wings = work[0], work[1]
    count = 0
    for cell in range(marks.shape[0]):
        if _popcount(marks[cell]) == 2:
            pairs[count] = cell
            count += 1
    for pivot in range(marks.shape[0]):
        held = _popcount(marks[pivot])
        if xyz and held == 3 and _xyz_at(pivot, marks, cell_units, pairs, count, wings):
            return pivot
        if not xyz and held == 2 and _xy_at(pivot, marks, cell_units, pairs, count, wings):
            return pivot
    return -1


KERNELS = Kernels(
    (_places_of, _naked_scan, _hidden_scan, _fish_scan, _lock_scan, _single_scan, _wing_scan),
    helpers=(
        _popcount, _next_tight, _naked_hits, _hidden_hits, _low_bit, _removed, _se_unit,
        _single_after, _lock_cover, _sees, _high_bit, _z_seen, _xy_at, _xyz_at,
    ),
)
"""The scans, compiled or plain as :mod:`grille.engine._jit` decides."""


# -- calling them ---------------------------------------------------------------------------------


def enabled() -> bool:
    """Whether the techniques use the scans (they are compiled: numba present,
    ``GRILLE_JIT`` not 0); otherwise they run their own plain-Python search."""
    return KERNELS.compiled


@functools.cache
def _topology(shape: Shape) -> tuple[Array, Array]:
    """(cells of each unit, the row/column/box of each cell) of ``shape``, as arrays."""
    unit_cells = np.array(shape.units, dtype=np.int64)
    cell_units = np.array(tables(shape).units_of, dtype=np.int64)
    return unit_cells, cell_units


class _Scratch(threading.local):
    """Each thread's work arrays, by grid size, and the arrays of the last board it scanned."""

    def __init__(self) -> None:
        self.work: dict[int, Array] = {}
        self.places_by_size: dict[int, Array] = {}
        self.board: Board | None = None
        self.marks: Array = None
        self.places: Array = None

    def work_of(self, n: int) -> Array:
        """Four rows of ``n * n``: cells or digits, their masks, a subset's indexes and the
        unions along it."""
        found = self.work.get(n)
        if found is None:
            found = self.work[n] = np.zeros((4, n * n), dtype=np.int64)
        return found

    def arrays_of(self, board: Board) -> tuple[Array, Array]:
        """``board``'s candidates and, per unit and digit index, the digit's positions in the
        unit (the last board's are kept)."""
        if self.board is not board:
            n = board.n
            unit_cells, _ = _topology(board.shape)
            self.marks = np.array(board.marks, dtype=np.int64)
            self.places = self.places_by_size.get(n)
            if self.places is None:
                self.places = self.places_by_size[n] = np.empty((3 * n, n), dtype=np.int64)
            KERNELS.places_of(n, self.marks, unit_cells, self.places)
            self.board = board
        return self.marks, self.places


_SCRATCH = _Scratch()


def first_naked_unit(board: Board, size: int, *, locked: bool) -> int:
    """The first unit (boxes, columns, rows: SE's order) with a naked subset of ``size`` cells
    that eliminates something (in that unit, or when ``locked`` in any unit its cells share),
    or -1."""
    unit_cells, cell_units = _topology(board.shape)
    marks, _ = _SCRATCH.arrays_of(board)
    scan = KERNELS.naked_scan
    work = _SCRATCH.work_of(board.n)
    return int(scan(board.n, size, int(locked), marks, unit_cells, cell_units, work))


def first_hidden_unit(board: Board, size: int, *, direct: bool) -> int:
    """The first unit (boxes, columns, rows: SE's order) with a hidden subset of ``size``
    digits that eliminates something (and, when ``direct``, leaves another digit a single
    place in the unit), or -1."""
    unit_cells, _ = _topology(board.shape)
    marks, places = _SCRATCH.arrays_of(board)
    scan = KERNELS.hidden_scan
    work = _SCRATCH.work_of(board.n)
    return int(scan(board.n, size, int(direct), marks, places, unit_cells, work))


def first_fish_digit(board: Board, size: int) -> int:
    """The digit of the first basic fish of ``size`` lines that eliminates something, in
    SE's order (see :func:`_fish_scan`), or -1."""
    _, places = _SCRATCH.arrays_of(board)
    return int(KERNELS.fish_scan(board.n, size, places, _SCRATCH.work_of(board.n)))


def first_lock_digit(board: Board, *, from_box: bool, direct: bool) -> int:
    """The digit of the first pointing (``from_box``) or claiming, direct or not, in Sudoku
    Explainer's order (see :func:`_lock_scan`), or -1."""
    unit_cells, cell_units = _topology(board.shape)
    _, places = _SCRATCH.arrays_of(board)
    scan = KERNELS.lock_scan
    return int(scan(board.n, int(from_box), int(direct), places, unit_cells, cell_units))


def first_hidden_single(board: Board) -> tuple[int, int] | None:
    """(unit, digit) of the first hidden single, boxes before rows and columns, or ``None``."""
    _, places = _SCRATCH.arrays_of(board)
    found = int(KERNELS.single_scan(board.n, places))
    if found < 0:
        return None
    unit, digit_index = divmod(found, board.n)
    return unit, digit_index + 1


def first_wing_pivot(board: Board, *, xyz: bool) -> int:
    """The first pivot cell of an XY-Wing (or XYZ-Wing) that eliminates something, or -1."""
    _, cell_units = _topology(board.shape)
    marks, _ = _SCRATCH.arrays_of(board)
    scan = KERNELS.wing_scan
    return int(scan(int(xyz), marks, cell_units, _SCRATCH.work_of(board.n)))
