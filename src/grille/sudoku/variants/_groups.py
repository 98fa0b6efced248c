"""The variant search for puzzles whose rules are all-different groups only, in one call.

Jigsaw regions, X diagonals, windoku and disjoint groups, anti-king and anti-knight pairs:
their constraints give the solver units and no filter. For them :func:`_solve_groups`
takes the givens, each cell's box or jigsaw region and the constraints' units as flat
arrays and builds inside the compiled call what :func:`~grille.sudoku.variants.solve.
model_of` and :func:`~grille.sudoku.variants._kernel.flatten` build in Python for other
puzzles: each cell's peers and the full units (rows, columns, boxes or regions, and every
unit of ``n`` different cells), with each cell's full units as the bits of one word.

Its search is the kernel's (:func:`~grille.sudoku.variants._kernel._solve`) without
filters: the same depth-first order, branching on the first cell with the fewest
candidates (every weight of dom/wdeg is 1 with no filter), and the same rules at each
node: a fixed digit leaves its peers, hidden singles, locked candidates. Only the locked
candidates are found another way: for each full unit and digit, the full units holding
every cell of the unit where the digit can go (an AND of the cells' words); each other
such unit loses the digit outside the first (the kernel scans a table of unit pairs
meeting in two cells or more, which costs more to build than most of these searches).
The rules are the same and each only narrows, so a node reaches the same fixed point, or
contradiction, whatever order they run in: the search counts the same nodes and finds the
same solutions as the kernel and the reference engine (the tests compare them).

No Python object is made per unit, cell or pair; a new layout (each jigsaw, each small
size's first puzzle) costs what a known one does. More than :data:`MOST_UNITS` full units
(a 16x16 with many extra groups) do not fit the words: the solver takes the model's path.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grille.engine._jit import Kernels
from grille.sudoku.variants import _kernel
from grille.sudoku.variants._kernel import (
    STOP_BUDGET,
    STOP_DONE,
    STOP_LIMIT,
    _keep_solution,
    _next_branch,
    _popcount,
    _push,
)

__all__ = ["KERNELS", "MOST_UNITS"]

MOST_UNITS = 62
"""The most full units a puzzle may have here (each is one bit of a cell's word)."""

_DE_BRUIJN = 0x03F79D71B4CB0A89
"""A de Bruijn sequence of 64 bits: its product with a power of two ``2**i`` holds a
different 6-bit number in its top bits for each ``i``."""
_LOWEST = (0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, 62, 55, 59, 36, 53,
           51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5, 63, 47, 56, 27, 60, 41, 37, 16, 54, 35,
           52, 21, 44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7,
           6)
"""``i`` by that 6-bit number (a test checks the table)."""


def _lowest(word: int) -> int:
    """The index of the lowest set bit of a positive ``word`` (below bit 63), in a few
    operations: the bit times :data:`_DE_BRUIJN`, its top six bits looked up (the same
    in numba's wrapping 64-bit product as in Python's exact one)."""
    bit = int(word & -word)  # a Python int when interpreted on NumPy's: no overflow
    return _LOWEST[((bit * _DE_BRUIJN) >> 58) & 63]


def _solve_groups(n: int, box_rows: int, givens: Any, labels: Any, unit_start: Any,
                  unit_cells: Any, limit: int, budget: int, out: Any) -> tuple[int, int, int]:
    """Search the grid of side ``n`` whose digits are ``givens`` (0: empty, row-major)
    under its rows, columns, the jigsaw regions of ``labels`` (each cell's region, 0 to
    255, ``n`` cells a label), or when ``labels`` is empty the boxes of ``box_rows`` rows
    (numbered as :meth:`~grille.sudoku.geometry.Shape.box_of` does), and the units laid
    end to end in ``unit_cells`` (unit ``u`` from ``unit_start[u]`` to ``unit_start[u +
    1]``): up to ``limit`` solutions (0 = all) within ``budget`` nodes (-1 = unlimited).

    Writes the first two solutions' digits into ``out`` (``2 * n * n``) and returns count,
    nodes and the stop code (:data:`~grille.sudoku.variants._kernel.STOP_DONE` ...), or
    -1 for the code (nothing searched) when ``labels`` is not ``n`` labels of ``n`` cells
    or the full units are more than :data:`MOST_UNITS`.
    """
    cells = n * n
    extra = len(unit_start) - 1
    most = 3 * n  # full units at most
    squares = 0  # the lengths of the units squared: peers at most
    for u in range(extra):
        length = unit_start[u + 1] - unit_start[u]
        squares += length * length
        if length == n:
            most += 1
    if most > MOST_UNITS or (len(labels) and len(labels) != cells):
        return 0, 0, -1
    # every buffer is a piece of one allocation (each costs more than its use here)
    laid = len(unit_cells) + most * n
    ws = np.empty(most * n + 256 + n + 3 * cells + max(extra, 1) + 2 * laid
                  + (most + extra + 1) + 2 * (cells + 1) + 3 * n * n * n + squares
                  + (cells + 1) * cells + 2 * (cells + 1) + cells * (n + 1) + 2 * cells + n,
                  dtype=np.int64)
    full, at = _piece(ws, 0, most * n)
    region_of, at = _piece(ws, at, 256)
    filled, at = _piece(ws, at, n)
    stamp, at = _piece(ws, at, cells)
    fill, at = _piece(ws, at, cells)
    words, at = _piece(ws, at, cells)
    is_full, at = _piece(ws, at, max(extra, 1))
    own, at = _piece(ws, at, laid)
    owner_list, at = _piece(ws, at, laid)
    own_start, at = _piece(ws, at, most + extra + 1)
    owners, at = _piece(ws, at, cells + 1)
    peer_start, at = _piece(ws, at, cells + 1)
    peer_list, at = _piece(ws, at, 3 * n * n * n + squares)
    stack, at = _piece(ws, at, (cells + 1) * cells)
    left, at = _piece(ws, at, cells + 1)
    branch, at = _piece(ws, at, cells + 1)
    pending, at = _piece(ws, at, cells * (n + 1))
    found, at = _piece(ws, at, 2 * cells)
    common, at = _piece(ws, at, n)
    # the full units: rows, columns, boxes, then each unit of n different cells
    for r in range(n):
        for c in range(n):
            full[r * n + c] = r * n + c
            full[(n + c) * n + r] = r * n + c
    region_of[:] = -1
    filled[:] = 0
    regions = 0
    box_cols = n // box_rows
    for cell in range(cells):
        if len(labels):
            label = labels[cell]
        else:
            row, col = divmod(cell, n)
            label = (row // box_rows) * (n // box_cols) + col // box_cols
        region = region_of[label]
        if region < 0:
            if regions == n:
                return 0, 0, -1
            region = region_of[label] = regions
            regions += 1
        if filled[region] == n:
            return 0, 0, -1
        full[(2 * n + region) * n + filled[region]] = cell
        filled[region] += 1
    count = 3 * n
    stamp[:] = 0
    is_full[:] = 0
    for u in range(extra):
        first, end = unit_start[u], unit_start[u + 1]
        if end - first != n:
            continue
        distinct = True
        for i in range(first, end):
            if stamp[unit_cells[i]] == u + 1:
                distinct = False
                break
            stamp[unit_cells[i]] = u + 1
        if distinct:
            is_full[u] = 1
            for i in range(n):
                full[count * n + i] = unit_cells[first + i]
            count += 1
    units = full[:count * n]
    words[:] = 0
    for u in range(count):
        for i in range(n):
            words[units[u * n + i]] |= 1 << u
    # every unit (the full ones, then the others) and, for each cell, the units holding it
    own_start[0] = 0
    at = 0
    for i in range(count * n):
        own[i] = units[i]
    for u in range(count):
        at += n
        own_start[u + 1] = at
    more = count
    for u in range(extra):
        if is_full[u]:
            continue
        for i in range(unit_start[u], unit_start[u + 1]):
            own[at] = unit_cells[i]
            at += 1
        more += 1
        own_start[more] = at
    _owners(cells, own, own_start, more, owners, owner_list, fill)
    # each cell's peers: the cells of its units, each once (their order does not matter)
    size = 0
    for cell in range(cells):
        peer_start[cell] = size
        stamp[cell] = -cell - 1
        for o in range(owners[cell], owners[cell + 1]):
            u = owner_list[o]
            for i in range(own_start[u], own_start[u + 1]):
                other = own[i]
                if stamp[other] != -cell - 1:
                    stamp[other] = -cell - 1
                    peer_list[size] = other
                    size += 1
    peer_start[cells] = size
    every = (1 << n) - 1
    for cell in range(cells):
        digit = givens[cell]
        stack[cell] = every if digit == 0 else 1 << (digit - 1)
    solutions, nodes, stop = _search(n, peer_start, peer_list, units, count, words, limit,
                                     budget, stack, left, branch, pending, found, common)
    for i in range(min(solutions, 2) * cells):
        out[i] = found[i]
    return solutions, nodes, stop


def _piece(ws: Any, at: int, size: int) -> tuple[Any, int]:
    """The ``size`` numbers of ``ws`` from ``at``, and where the next piece starts."""
    return ws[at:at + size], at + size


def _search(n: int, peer_start: Any, peer_list: Any, units: Any, count: int, words: Any,
            limit: int, budget: int, stack: Any, left: Any, branch: Any, pending: Any,
            found: Any, common: Any) -> tuple[int, int, int]:
    """:func:`~grille.sudoku.variants._kernel._solve` with no filter, from the masks in the
    first row of ``stack``, with :func:`_propagate`: the count, nodes and stop code, the
    first two solutions' digits in ``found`` (``common``: room for :func:`_propagate`)."""
    cells = n * n
    level = 0
    solutions = 0
    nodes = 0
    stop = STOP_DONE
    changed = -1
    while True:
        if budget >= 0 and nodes >= budget:
            stop = STOP_BUDGET
            break
        nodes += 1
        off = level * cells
        ok = _propagate(n, peer_start, peer_list, units, count, words, stack, off, changed,
                        pending, common)
        left[level] = 0
        if ok:
            best = -1
            best_options = n + 1
            for cell in range(cells):
                mask = stack[off + cell]
                if mask & (mask - 1):
                    options = _popcount(mask)
                    if options < best_options:
                        best = cell
                        best_options = options
            if best < 0:
                _keep_solution(found, stack, off, cells, solutions)
                solutions += 1
                if limit > 0 and solutions >= limit:
                    stop = STOP_LIMIT
                    break
            else:
                branch[level] = best
                left[level] = stack[off + best]
        level = _next_branch(stack, left, branch, level, cells)
        if level < 0:
            break
        changed = branch[level - 1]
    return solutions, nodes, stop


def _propagate(n: int, peer_start: Any, peer_list: Any, units: Any, count: int, words: Any,
               masks: Any, off: int, changed: int, pending: Any, common: Any) -> bool:
    """Narrow the masks at ``off`` to a fixed point (False on a contradiction), from the
    cell ``changed`` or, when it is -1, from every cell: fixed digits leave their peers,
    hidden singles, and locked candidates (see the module; ``common``: ``n`` numbers of
    room). A unit is scanned again only when one of its cells has changed since its last
    scan (the cells' words say which units hold them): what a scan of a unit finds
    depends on that unit's cells alone, and its cells only narrow."""
    cells = n * n
    every = (1 << n) - 1
    top = 0
    if changed < 0:
        for cell in range(cells):
            top = _push(cell, pending, top, pending)
    else:
        top = _push(changed, pending, top, pending)
    hidden = 0  # the units to scan for hidden singles, and for locked candidates
    locked = 0
    while True:
        while top:
            top -= 1
            cell = pending[top]
            mask = masks[off + cell]
            if not mask:
                return False
            hidden |= words[cell]
            locked |= words[cell]
            if mask & (mask - 1) == 0:
                for p in range(peer_start[cell], peer_start[cell + 1]):
                    other = peer_list[p]
                    if masks[off + other] & mask:
                        rest = masks[off + other] & ~mask
                        if not rest:
                            return False
                        masks[off + other] = rest
                        top = _push(other, pending, top, pending)
        while hidden:
            u = _lowest(hidden)
            hidden &= hidden - 1
            base = u * n
            seen = 0
            twice = 0
            fixed = 0
            for i in range(n):
                mask = masks[off + units[base + i]]
                twice |= seen & mask
                seen |= mask
                if mask & (mask - 1) == 0:
                    fixed |= mask
            if seen != every:
                return False
            once = seen & ~twice & ~fixed
            while once:
                bit = once & -once
                once ^= bit
                for i in range(n):
                    cell = units[base + i]
                    if masks[off + cell] & bit:
                        masks[off + cell] = bit
                        top = _push(cell, pending, top, pending)
                        break
        if top:
            continue
        # locked candidates: the cells of unit u where a digit can go, two or more, all
        # in unit v too: the digit leaves v's cells outside u
        while locked:
            u = _lowest(locked)
            locked &= locked - 1
            base = u * n
            seen = 0
            twice = 0
            for i in range(n):
                mask = masks[off + units[base + i]]
                twice |= seen & mask
                seen |= mask
            if not twice:
                continue
            for d in range(n):
                common[d] = -1
            for i in range(n):  # each digit's common units: one pass over the cells
                cell = units[base + i]
                word = words[cell]
                mask = masks[off + cell] & twice
                while mask:
                    common[_lowest(mask)] &= word
                    mask &= mask - 1
            rest = twice  # the digits with two places or more
            while rest:
                d = _lowest(rest)
                rest &= rest - 1
                bit = 1 << d
                others = common[d] & ~(1 << u)
                while others:
                    v = _lowest(others)
                    others &= others - 1
                    for i in range(n):
                        cell = units[v * n + i]
                        if (words[cell] >> u) & 1 == 0 and masks[off + cell] & bit:
                            left = masks[off + cell] & ~bit
                            if not left:
                                return False
                            masks[off + cell] = left
                            top = _push(cell, pending, top, pending)
        if not top:
            return True


def _owners(cells: int, own: Any, own_start: Any, count: int, owners: Any, owner_list: Any,
            fill: Any) -> None:
    """For each cell, the indices of the ``count`` units (laid end to end in ``own`` from
    ``own_start``) that hold it, in increasing order: written into ``owners`` (where each
    cell's start, ``cells + 1``) and ``owner_list``; ``fill``: ``cells`` numbers of room."""
    owners[:] = 0
    for i in range(own_start[count]):
        owners[own[i] + 1] += 1
    for cell in range(cells):
        owners[cell + 1] += owners[cell]
    fill[:] = owners[:cells]
    for u in range(count):
        for i in range(own_start[u], own_start[u + 1]):
            cell = own[i]
            owner_list[fill[cell]] = u
            fill[cell] += 1


KERNELS = Kernels((_solve_groups,), helpers=(_lowest, _piece, _owners, _propagate, _search),
                  uses=(_kernel.KERNELS,))
"""The all-different search, compiled or plain as :mod:`grille.engine._jit` decides."""
