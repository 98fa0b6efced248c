"""The variant search for puzzles whose rules are all-different groups only, in one call.

Jigsaw regions, X diagonals, windoku and disjoint groups, anti-king and anti-knight pairs:
their constraints give the solver units and no filter. For them :func:`_solve_groups`
takes the givens, the boxes (or jigsaw regions) and the constraints' units as flat int
arrays and builds inside the compiled call what :func:`~grille.sudoku.variants.solve.
model_of`, :func:`~grille.sudoku.variants._kernel.flatten` and the locked-pair encoding
build in Python for other puzzles: each cell's peers, the full units (rows, columns, boxes
or regions, and every unit of ``n`` different cells) and, for each ordered pair of full
units meeting in two cells or more, the cells they share and the rest of each. Then it runs
the very search of :mod:`grille.sudoku.variants._kernel` (:func:`~grille.sudoku.variants.
_kernel._solve`) on them with no filter, so it finds the same solutions and counts the same
nodes as that kernel and the reference engine (tests compare them): a node's fixed point
and the branching cell depend on the masks alone, not on the order of units or pairs.

No Python object is made per unit, cell or pair; a new layout (each jigsaw, each small
size's first puzzle) costs what a known one does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grille.engine._jit import Kernels
from grille.sudoku.variants import _kernel
from grille.sudoku.variants._kernel import _solve

__all__ = ["KERNELS"]


def _solve_groups(n: int, givens: Any, labels: Any, unit_start: Any, unit_cells: Any,
                  limit: int, budget: int, out: Any) -> tuple[int, int, int]:
    """Search the grid of side ``n`` whose digits are ``givens`` (0: empty, row-major)
    under its rows, columns, the boxes or jigsaw regions of ``labels`` (each cell's box or
    region, 0 to 255, ``n`` cells a label) and the units laid end to end in ``unit_cells``
    (unit ``u`` from ``unit_start[u]`` to ``unit_start[u + 1]``): up to ``limit`` solutions
    (0 = all) within ``budget`` nodes (-1 = unlimited).

    Writes the first two solutions' digits into ``out`` (``2 * n * n``) and returns count,
    nodes and the stop code (:data:`~grille.sudoku.variants._kernel.STOP_DONE` ...), or
    -1 for the code when ``labels`` is not ``n`` labels of ``n`` cells (nothing searched).
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
    # every buffer is a piece of one allocation (each costs more than its use here)
    laid = len(unit_cells) + most * n
    ws = np.empty(most * n + 256 + n + 2 * cells + max(extra, 1) + 2 * laid
                  + (most + extra + 1) + 2 * (cells + 1) + 3 * n * n * n + squares
                  + most * most + 2 * cells + (cells + 1) + 6 + (cells + 1) * cells
                  + 2 * (cells + 1) + cells * (n + 1) + cells + 2 * cells + 3,
                  dtype=np.int64)
    full, at = _piece(ws, 0, most * n)
    region_of, at = _piece(ws, at, 256)
    filled, at = _piece(ws, at, n)
    stamp, at = _piece(ws, at, cells)
    fill, at = _piece(ws, at, cells)
    is_full, at = _piece(ws, at, max(extra, 1))
    own, at = _piece(ws, at, laid)
    owner_list, at = _piece(ws, at, laid)
    own_start, at = _piece(ws, at, most + extra + 1)
    owners, at = _piece(ws, at, cells + 1)
    peer_start, at = _piece(ws, at, cells + 1)
    peer_list, at = _piece(ws, at, 3 * n * n * n + squares)
    meet, at = _piece(ws, at, most * most)
    in_u, at = _piece(ws, at, cells)
    in_v, at = _piece(ws, at, cells)
    watch_start, at = _piece(ws, at, cells + 1)
    none, at = _piece(ws, at, 0)
    data, at = _piece(ws, at, 1)
    due, at = _piece(ws, at, 1)
    is_due, at = _piece(ws, at, 1)
    weights, at = _piece(ws, at, 1)
    scratch, at = _piece(ws, at, 1)
    stack, at = _piece(ws, at, (cells + 1) * cells)
    left, at = _piece(ws, at, cells + 1)
    branch, at = _piece(ws, at, cells + 1)
    pending, at = _piece(ws, at, cells * (n + 1))
    queued, at = _piece(ws, at, cells)
    found, at = _piece(ws, at, 2 * cells)
    outcome, at = _piece(ws, at, 3)
    # the full units: rows, columns, boxes, then each unit of n different cells
    for r in range(n):
        for c in range(n):
            full[r * n + c] = r * n + c
            full[(n + c) * n + r] = r * n + c
    region_of[:] = -1
    filled[:] = 0
    regions = 0
    for cell in range(cells):
        label = labels[cell]
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
    locked = _locked_pairs(n, cells, units, count, owners, owner_list, meet[:count * count],
                           in_u, in_v)
    # the search of the kernel, with no filter (the buffers it writes before reading are
    # left as they are)
    watch_start[:] = 0
    data[0] = 0
    weights[0] = 1
    every = (1 << n) - 1
    for cell in range(cells):
        digit = givens[cell]
        stack[cell] = every if digit == 0 else 1 << (digit - 1)
    outcome[:] = 0
    _solve(n, peer_start, peer_list[:size], units, watch_start, none, none, none, data,
           locked, limit, budget, stack, left, branch, pending, queued, due, is_due, weights,
           scratch, found, outcome)
    for i in range(min(outcome[0], 2) * cells):
        out[i] = found[i]
    return outcome[0], outcome[1], outcome[2]


def _piece(ws: Any, at: int, size: int) -> tuple[Any, int]:
    """The ``size`` numbers of ``ws`` from ``at``, and where the next piece starts."""
    return ws[at:at + size], at + size


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


def _locked_pairs(n: int, cells: int, units: Any, count: int, owners: Any,
                  owner_list: Any, meet: Any, in_u: Any, in_v: Any) -> Any:
    """For each ordered pair of the ``count`` full units (``n`` cells each in ``units``)
    meeting in two cells or more: the number of cells they share, of the rest of the first
    and of the rest of the second, then those cells (the kernel's ``locked``). ``owners``,
    ``owner_list``: each cell's units, the full ones first (:func:`_owners`); ``meet``
    (``count * count``), ``in_u`` and ``in_v`` (``cells`` each): room to work in."""
    meet[:] = 0
    for cell in range(cells):
        for a in range(owners[cell], owners[cell + 1]):
            u = owner_list[a]
            if u >= count:
                break
            for b in range(a + 1, owners[cell + 1]):
                v = owner_list[b]
                if v >= count:
                    break
                meet[u * count + v] += 1
                meet[v * count + u] += 1
    length = 0
    for u in range(count):
        for v in range(count):
            shared = meet[u * count + v]
            if u != v and shared >= 2:
                length += 3 + 2 * n - shared
    locked = np.empty(length, dtype=np.int64)
    in_u[:] = 0  # 1 + the unit whose cells were marked last
    in_v[:] = 0
    at = 0
    for u in range(count):
        for i in range(n):
            in_u[units[u * n + i]] = u + 1
        for v in range(count):
            shared = meet[u * count + v]
            if u == v or shared < 2:
                continue
            for i in range(n):
                in_v[units[v * n + i]] = u * count + v + 1
            locked[at] = shared
            locked[at + 1] = n - shared
            locked[at + 2] = n - shared
            at += 3
            for i in range(n):
                cell = units[u * n + i]
                if in_v[cell] == u * count + v + 1:
                    locked[at] = cell
                    at += 1
            for i in range(n):
                cell = units[u * n + i]
                if in_v[cell] != u * count + v + 1:
                    locked[at] = cell
                    at += 1
            for i in range(n):
                cell = units[v * n + i]
                if in_u[cell] != u + 1:
                    locked[at] = cell
                    at += 1
    return locked


KERNELS = Kernels((_solve_groups,), helpers=(_piece, _owners, _locked_pairs),
                  uses=(_kernel.KERNELS,))
"""The all-different search, compiled or plain as :mod:`grille.engine._jit` decides."""
