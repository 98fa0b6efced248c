"""Sudoku Explainer's "forcing chains and cycles": one producer for X, Y and mixed chains.

SE finds every chain that starts from a single candidate with one breadth-first search per
candidate, in three passes, and takes the easiest result of all of them (by value, then by
node count, then X before Y before mixed, then the order found):

==========  =====================================  ==========================================
pass        links                                  finds
==========  =====================================  ==========================================
X           one digit: peers (weak), conjugate     X-cycles (6.5+L) and forcing X-chains
            pairs (strong)                         (6.6+L)
Y           bivalue cells (strong), the cell's     Y-cycles (6.5+L), only from bivalue cells
            other digits and the digit's peers
            (weak)
mixed       both                                   cycles and forcing chains (7.0+L)
==========  =====================================  ==========================================

A *forcing chain* assumes its source candidate true and reaches the same candidate false
(so it is removed), or assumes it false and reaches it true (so it is placed). A *cycle*
comes back to its source: around it every link has exactly one true end, so a candidate
outside the cycle's cells that sees a node of its digit assumed true and one assumed false is
removed. L is SE's length increment for the chain's node count
(:func:`~grille.sudoku.logic.difficulty.length_increment`), so an XY-chain, which SE finds only
in the mixed pass, rates 7.0+L, and an X-chain of six nodes (skyscraper, kite, turbot) 6.6.

This module reproduces that producer exactly (search order, node counts, ties), which is what
makes grille's ER agree with SE's where chains decide it. The searches run in one compiled
kernel (:func:`_scan`); the easiest result found so far bounds the depth of every later search.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from grille.engine._jit import Kernels, per_thread
from grille.logic import Link, Step
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board

__all__ = ["forcing_chains_and_cycles"]

X_PASS, Y_PASS, XY_PASS = 0, 1, 2
"""The three passes, in SE's order."""
CYCLE, ON_CHAIN, OFF_CHAIN = 0, 1, 2
"""What a result is: a cycle, a chain removing its source, a chain placing it."""
BASES = ((65, 66), (65, 66), (70, 70))
"""Per pass, SE's base value (tenths) of a cycle and of a forcing chain."""
MAX_PATH = 512
"""Room for the best chain's nodes (far more than any chain on a 25x25 grid needs)."""

Array = Any


@dataclass(frozen=True, slots=True)
class _Topo:
    """A shape's cells, houses and units as flat arrays, in SE's order."""

    n: int
    house: Array
    """Per cell, its house cells: box, then row, then column (each cell once)."""
    width: int
    cell_units: Array
    """Per cell, its units: box, row, column."""
    unit_cells: Array


@functools.cache
def _topo(shape: Shape) -> _Topo:
    n = shape.size
    house: list[int] = []
    cell_units: list[int] = []
    for cell in range(n * n):
        units = (2 * n + shape.box_of(cell), cell // n, n + cell % n)
        cell_units.extend(units)
        seen: list[int] = []
        for unit in units:
            seen.extend(c for c in shape.units[unit] if c != cell and c not in seen)
        house.extend(seen)
    width = len(house) // (n * n)
    unit_cells = [c for unit in shape.units for c in unit]
    return _Topo(
        n,
        np.array(house, dtype=np.int32),
        width,
        np.array(cell_units, dtype=np.int32),
        np.array(unit_cells, dtype=np.int32),
    )


# -- the kernel ---------------------------------------------------------------------------------


def _scan(
    n: int,
    width: int,
    house: Array,
    cell_units: Array,
    unit_cells: Array,
    marks: Array,
    which: int,
    best: Array,
    path: Array,
    elims: Array,
    work: Array,
) -> None:
    """Run pass ``which`` from every source; keep the easiest result in ``best``.

    ``best`` holds (value in tenths, nodes, pass, source, kind, order, path length, eliminations)
    and is only replaced by a strictly easier (value, nodes), so earlier results win ties as in
    SE. ``path`` receives the best chain's nodes (``2 * candidate + on``), ``elims`` a cycle's
    eliminations. ``work`` is scratch of at least ``16 * n**3 + 8 * n * n`` entries.
    """
    ncells = n * n
    ncand = ncells * n
    nunits = 3 * n
    # scratch layout
    pa = 0  # per unit and digit: first place (or -1 when not exactly two places)
    pb = pa + nunits * n  # second place
    on_mark = pb + nunits * n
    off_mark = on_mark + ncand
    on_par = off_mark + ncand
    off_par = on_par + ncand
    cur = off_par + ncand
    nxt = cur + 2 * ncand
    cyc_mark = nxt + 2 * ncand
    fw = cyc_mark + ncells
    bk = fw + ncand
    tmp = bk + ncand
    for i in range(on_mark, tmp):
        work[i] = 0
    for u in range(nunits):
        for d in range(n):
            count = 0
            first = -1
            second = -1
            for k in range(n):
                c = unit_cells[u * n + k]
                if (marks[c] >> d) & 1:
                    count += 1
                    if first < 0:
                        first = c
                    else:
                        second = c
            if count == 2:
                work[pa + u * n + d] = first
                work[pb + u * n + d] = second
            else:
                work[pa + u * n + d] = -1
                work[pb + u * n + d] = -1
    use_y = which != 0
    use_x = which != 1
    with_chains = which != 1
    cycle_base = 65 if which != 2 else 70
    chain_base = 66 if which != 2 else 70
    low_base = cycle_base
    stamp = 0
    evals = 0
    for s in range(ncand):
        sc = s // n
        sd = s - sc * n
        m = marks[sc]
        if (m >> sd) & 1 == 0:
            continue
        count = 0
        for k in range(n):
            count += (m >> k) & 1
        if count < 2:
            continue
        if which == 1 and count != 2:
            continue
        order = 0
        # ---- from the source assumed on: cycles and the chain that removes it ----
        stamp += 1
        work[on_mark + s] = stamp
        work[on_par + s] = -1
        ncur = 1
        work[cur] = s
        depth = 0
        chain_found = False
        while ncur > 0:
            nodes = depth + 2
            inc = _increment(nodes)  # the easiest result at this depth is low_base + inc
            if low_base + inc > best[0] or (low_base + inc == best[0] and nodes >= best[1]):
                break
            nnext = 0
            for i in range(ncur):
                p = work[cur + i]
                pc = p // n
                pd = p - pc * n
                # on -> off: the cell's other digits (y), then the digit in the houses
                for k in range(n + width):
                    if k < n:
                        if not use_y:
                            continue
                        if k == pd or (marks[pc] >> k) & 1 == 0:
                            continue
                        q = pc * n + k
                    else:
                        h = house[pc * width + k - n]
                        if (marks[h] >> pd) & 1 == 0:
                            continue
                        q = h * n + pd
                    if q == s:
                        # the chain removing the source
                        if with_chains and not chain_found:
                            chain_found = True
                            value = chain_base + inc
                            if value < best[0] or (value == best[0] and nodes < best[1]):
                                length = _trace_on(n, work, on_par, off_par, p, path, 0)
                                path[length] = 2 * s
                                best[0] = value
                                best[1] = nodes
                                best[2] = which
                                best[3] = s
                                best[4] = 1
                                best[5] = order
                                best[6] = length + 1
                                best[7] = 0
                            order += 1
                    elif depth >= 2 and _implies_on(n, marks, cell_units, work, pa, pb,
                                                    use_x, use_y, q, s):
                        value = cycle_base + inc
                        better = value < best[0] or (value == best[0] and nodes < best[1])
                        if value == best[0] and nodes == best[1] and best[2] == which and (
                            best[3] == s and best[4] == 1
                        ):
                            better = True  # a cycle comes before its source's chain
                        if better and not (
                            _off_on_path(n, work, on_par, off_par, p, q)
                        ):
                            length = _trace_on(n, work, on_par, off_par, p, path, MAX_PATH)
                            path[MAX_PATH + length] = 2 * q
                            length += 1
                            evals += 1
                            removed = _cycle_eliminations(
                                n, width, house, marks, path, MAX_PATH, length, work, cyc_mark,
                                fw, bk, evals, elims,
                            )
                            if removed > 0:
                                for j in range(length):
                                    path[j] = path[MAX_PATH + j]
                                best[0] = value
                                best[1] = nodes
                                best[2] = which
                                best[3] = s
                                best[4] = 0
                                best[5] = order
                                best[6] = length
                                best[7] = removed
                        order += 1
                    if work[off_mark + q] != stamp:
                        work[off_mark + q] = stamp
                        work[off_par + q] = p
                        work[nxt + nnext] = q
                        nnext += 1
            # off -> on
            ncur = 0
            for i in range(nnext):
                q = work[nxt + i]
                ncur = _expand_off(n, marks, cell_units, work, pa, pb, use_x, use_y, q, stamp,
                                   on_mark, on_par, cur, ncur)
            depth += 2
        if not with_chains:
            continue
        # ---- from the source assumed off: the chain that places it ----
        stamp += 1
        work[off_mark + s] = stamp
        work[off_par + s] = -1
        nnext = 1
        work[nxt] = s
        depth = 0
        while nnext > 0:
            nodes = depth + 2
            inc = _increment(nodes)
            value = chain_base + inc
            if value > best[0] or (value == best[0] and nodes >= best[1]):
                break
            ncur = 0
            found = False
            for i in range(nnext):
                q = work[nxt + i]
                if _implies_on(n, marks, cell_units, work, pa, pb, use_x, use_y, q, s):
                    length = _trace_off(n, work, on_par, off_par, q, path)
                    path[length] = 2 * s + 1
                    best[0] = value
                    best[1] = nodes
                    best[2] = which
                    best[3] = s
                    best[4] = 2
                    best[5] = order
                    best[6] = length + 1
                    best[7] = 0
                    found = True
                    break
                ncur = _expand_off(n, marks, cell_units, work, pa, pb, use_x, use_y, q, stamp,
                                   on_mark, on_par, cur, ncur)
            if found:
                break
            nnext = 0
            for i in range(ncur):
                p = work[cur + i]
                pc = p // n
                pd = p - pc * n
                for k in range(n + width):
                    if k < n:
                        if not use_y:
                            continue
                        if k == pd or (marks[pc] >> k) & 1 == 0:
                            continue
                        q = pc * n + k
                    else:
                        h = house[pc * width + k - n]
                        if (marks[h] >> pd) & 1 == 0:
                            continue
                        q = h * n + pd
                    if work[off_mark + q] != stamp:
                        work[off_mark + q] = stamp
                        work[off_par + q] = p
                        work[nxt + nnext] = q
                        nnext += 1
            depth += 2


def _increment(nodes: int) -> int:
    """SE's length increment for ``nodes`` nodes, in tenths (as ``length_increment``)."""
    inc = 0
    ceiling = 4
    half = True
    while nodes - 2 > ceiling:
        inc += 1
        ceiling = ceiling * 3 // 2 if half else ceiling * 4 // 3
        half = not half
    return inc


def _implies_on(
    n: int,
    marks: Array,
    cell_units: Array,
    work: Array,
    pa: int,
    pb: int,
    use_x: bool,
    use_y: bool,
    q: int,
    target: int,
) -> bool:
    """Whether candidate ``q`` off makes candidate ``target`` on (a bivalue cell, a pair)."""
    qc = q // n
    qd = q - qc * n
    tc = target // n
    td = target - tc * n
    if use_y and tc == qc:
        m = marks[qc]
        count = 0
        for k in range(n):
            count += (m >> k) & 1
        if count == 2 and (m >> td) & 1 and td != qd:
            return True
    if use_x and td == qd and tc != qc:
        for r in range(3):
            u = cell_units[qc * 3 + r]
            a = work[pa + u * n + qd]
            b = work[pb + u * n + qd]
            if a >= 0 and ((a == qc and b == tc) or (b == qc and a == tc)):
                return True
    return False


def _expand_off(
    n: int,
    marks: Array,
    cell_units: Array,
    work: Array,
    pa: int,
    pb: int,
    use_x: bool,
    use_y: bool,
    q: int,
    stamp: int,
    on_mark: int,
    on_par: int,
    cur: int,
    ncur: int,
) -> int:
    """Queue the on nodes candidate ``q`` off implies (bivalue cell first, then box, row,
    column pairs) that are new; the new queue length."""
    qc = q // n
    qd = q - qc * n
    if use_y:
        m = marks[qc]
        count = 0
        other = -1
        for k in range(n):
            if (m >> k) & 1:
                count += 1
                if k != qd:
                    other = k
        if count == 2 and other >= 0:
            r = qc * n + other
            if work[on_mark + r] != stamp:
                work[on_mark + r] = stamp
                work[on_par + r] = q
                work[cur + ncur] = r
                ncur += 1
    if use_x:
        for i in range(3):
            u = cell_units[qc * 3 + i]
            a = work[pa + u * n + qd]
            if a < 0:
                continue
            b = work[pb + u * n + qd]
            other = b if a == qc else a
            r = other * n + qd
            if work[on_mark + r] != stamp:
                work[on_mark + r] = stamp
                work[on_par + r] = q
                work[cur + ncur] = r
                ncur += 1
    return ncur


def _trace_on(n: int, work: Array, on_par: int, off_par: int, p: int, path: Array,
              offset: int) -> int:
    """Write the chain from the source to on node ``p`` at ``path[offset:]``; its length."""
    length = 0
    x = p
    while x >= 0:
        length += 1
        q = work[on_par + x]
        if q < 0:
            break
        length += 1
        x = work[off_par + q]
    i = length - 1
    x = p
    while x >= 0:
        path[offset + i] = 2 * x + 1
        i -= 1
        q = work[on_par + x]
        if q < 0:
            break
        path[offset + i] = 2 * q
        i -= 1
        x = work[off_par + q]
    return length


def _trace_off(n: int, work: Array, on_par: int, off_par: int, q: int, path: Array) -> int:
    """Write the chain from the source (assumed off) to off node ``q``; its length."""
    length = 0
    x = q
    while x >= 0:
        length += 1
        p = work[off_par + x]
        if p < 0:
            break
        length += 1
        x = work[on_par + p]
    i = length - 1
    x = q
    while x >= 0:
        path[i] = 2 * x
        i -= 1
        p = work[off_par + x]
        if p < 0:
            break
        path[i] = 2 * p + 1
        i -= 1
        x = work[on_par + p]
    return length


def _off_on_path(n: int, work: Array, on_par: int, off_par: int, p: int, q: int) -> bool:
    """Whether off node ``q`` is already on the chain from the source to on node ``p``."""
    x = p
    while x >= 0:
        y = work[on_par + x]
        if y < 0:
            return False
        if y == q:
            return True
        x = work[off_par + y]
    return False


def _cycle_eliminations(
    n: int,
    width: int,
    house: Array,
    marks: Array,
    path: Array,
    offset: int,
    length: int,
    work: Array,
    cyc_mark: int,
    fw: int,
    bk: int,
    stamp: int,
    elims: Array,
) -> int:
    """Candidates outside the cycle's cells that see a node of their digit assumed on and
    one assumed off, written to ``elims``; how many."""
    for i in range(length):
        work[cyc_mark + (path[offset + i] >> 1) // n] = stamp
    for i in range(length):
        node = path[offset + i]
        cand = node >> 1
        c = cand // n
        d = cand - c * n
        side = fw if node & 1 else bk
        for k in range(width):
            h = house[c * width + k]
            if work[cyc_mark + h] == stamp or (marks[h] >> d) & 1 == 0:
                continue
            work[side + h * n + d] = stamp
    count = 0
    for i in range(length):
        node = path[offset + i]
        cand = node >> 1
        c = cand // n
        d = cand - c * n
        for k in range(width):
            h = house[c * width + k]
            e = h * n + d
            if work[fw + e] == stamp and work[bk + e] == stamp:
                work[fw + e] = 0
                elims[count] = e
                count += 1
    for i in range(length):
        work[cyc_mark + (path[offset + i] >> 1) // n] = 0
    return count


KERNELS = Kernels((_scan,), helpers=(_increment, _implies_on, _expand_off, _trace_on, _trace_off,
                                     _off_on_path, _cycle_eliminations))
"""The scan, compiled or plain as :mod:`grille.engine._jit` decides."""


@per_thread
def _buffers(n: int) -> tuple[Array, Array, Array, Array]:
    """This thread's best, path, eliminations and scratch arrays for grids of size ``n``."""
    return (
        np.zeros(8, dtype=np.int64),
        np.zeros(2 * MAX_PATH, dtype=np.int64),
        np.zeros(n ** 3, dtype=np.int64),
        np.zeros(16 * n ** 3 + 8 * n * n, dtype=np.int64),
    )


# -- the technique --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Found:
    """The easiest chain or cycle: its value, pass, kind, nodes and eliminations."""

    value: float
    which: int
    kind: int
    path: tuple[int, ...]
    eliminations: tuple[int, ...]


def _search(board: Board) -> _Found | None:
    """Run the three passes; the easiest result, or ``None``."""
    topo = _topo(board.shape)
    n = topo.n
    marks = np.array(board.marks, dtype=np.int64)
    best, path, elims, work = _buffers(n)
    best[0] = 1 << 40
    best[1] = 1 << 40
    scan = KERNELS.scan
    for which in (X_PASS, Y_PASS, XY_PASS):
        scan(n, topo.width, topo.house, topo.cell_units, topo.unit_cells, marks, which, best,
             path, elims, work)
    if best[0] >= 1 << 40:
        return None
    length = int(best[6])
    return _Found(
        value=int(best[0]) / 10,
        which=int(best[2]),
        kind=int(best[4]),
        path=tuple(int(x) for x in path[:length]),
        eliminations=tuple(int(x) for x in elims[: int(best[7])]),
    )


def forcing_chains_and_cycles(board: Board) -> Step | None:
    """SE's easiest X-/Y-cycle or forcing X-/XY-chain (6.5 .. 7.x), as one step."""
    found = _search(board)
    if found is None:
        return None
    return _step(board, found)


# -- explaining -----------------------------------------------------------------------------------


def _name(board: Board, found: _Found) -> str:
    """The step's name: by pass and kind, XY-chains and cycles named as players know them."""
    if found.which == X_PASS:
        return "X-Cycle" if found.kind == CYCLE else "X-Chain"
    if found.which == Y_PASS:
        return "XY-Cycle"
    if found.kind == CYCLE:
        return "XY-Cycle" if _bivalue_only(board, found.path, closed=True) else "Nice Loop"
    inner = found.path[1:-1]
    if _bivalue_only(board, inner, closed=False):
        return "XY-Chain"
    return "Forcing Chain"


def _bivalue_only(board: Board, path: tuple[int, ...], *, closed: bool) -> bool:
    """Whether every off → on link of ``path`` is a bivalue cell (an XY-chain or XY-cycle)."""
    n = board.n
    pairs = list(itertools.pairwise(path))
    if closed:
        pairs.append((path[-1], path[0]))
    # an off -> on link between two cells is a unit's conjugate pair, not a bivalue cell
    return all(a & 1 or not b & 1 or (a >> 1) // n == (b >> 1) // n for a, b in pairs)


def _say(board: Board, node: int) -> str:
    """``r1c2 is 4`` / ``r1c2 is not 4``."""
    cell, d = divmod(node >> 1, board.n)
    return f"{board.name(cell)} {'is' if node & 1 else 'is not'} {board.digit(d + 1)}"


def _line(board: Board, path: tuple[int, ...], limit: int = 16) -> str:
    """``r1c2 is not 4, so r1c8 is 4, so ...``."""
    said = [_say(board, node) for node in path]
    if len(said) > limit:
        said = [*said[: limit // 2], "…", *said[-limit // 2 :]]
    return ", so ".join(said)


def _candidate(board: Board, cand: int) -> tuple[int, int, int]:
    """The (row, column, digit) of candidate number ``cand``."""
    cell, d = divmod(cand, board.n)
    return board.candidate(cell, d + 1)


def _step(board: Board, found: _Found) -> Step:
    n = board.n
    path = found.path
    name = _name(board, found)
    cells: list[tuple[int, int]] = []
    for node in path:
        rc = board.rc((node >> 1) // n)
        if rc not in cells:
            cells.append(rc)
    closed = found.kind == CYCLE
    pairs = list(itertools.pairwise(path))
    if closed:
        pairs.append((path[-1], path[0]))
    links = tuple(
        Link(
            _candidate(board, a >> 1),
            _candidate(board, b >> 1),
            bool(b & 1),
        )
        for a, b in pairs
    )
    source_d = (path[0] >> 1) % n
    source = _candidate(board, path[0] >> 1)
    placements: tuple[tuple[int, int, int], ...] = ()
    eliminations: tuple[tuple[int, int, int], ...] = ()
    if found.kind == CYCLE:
        eliminations = tuple(
            sorted(_candidate(board, e) for e in found.eliminations)
        )
        removed = "; ".join(
            f"{board.digit(d + 1)} is removed from {board.name(c)}"
            for c, d in sorted(divmod(e, n) for e in found.eliminations)
        )
        text = (
            f"{_line(board, path)}, which brings back {_say(board, path[0])}: a loop. "
            "Whether its first candidate is true or false, every link of the loop has exactly "
            "one true end, so a candidate that sees a node of its digit on each side is false: "
            f"{removed}."
        )
    elif found.kind == ON_CHAIN:
        eliminations = (source,)
        text = (
            f"If {_say(board, path[0])}, then {_line(board, path[1:])}: the assumption "
            f"contradicts itself, so {_say(board, path[-1])}."
        )
    else:
        placements = (source,)
        text = (
            f"If {_say(board, path[0])}, then {_line(board, path[1:])}: the assumption "
            f"contradicts itself, so {_say(board, path[-1])}."
        )
    digit = board.digit(source_d + 1)
    return Step(
        name,
        placements=placements,
        eliminations=eliminations,
        cells=tuple(cells),
        links=links,
        explanation=text,
        difficulty=found.value,
        area=f"the {digit}s" if found.which == X_PASS else "the whole grid",
    )

