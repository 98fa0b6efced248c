"""One compiled search per forcing tier: every assumption's net, and what the nets share.

:mod:`forcing` finds a tier's easiest step by following each assumption with a
:class:`~grille.sudoku.logic.implications.Net` and intersecting the nets (contradiction,
double, cell and region forcing). Done net by net from Python, that costs one kernel call and
a few NumPy arrays per assumption, thousands per puzzle. :func:`easiest` runs the same search
in one kernel call (:func:`_scan`, compiled through :mod:`grille.engine._jit`): it builds
each net once, with the very propagation of :mod:`implications` (``_propagate``), keeps them
all side by side, and walks the tier's conclusions in :mod:`forcing`'s order, keeping the
first with the fewest nodes. Python then rebuilds only the winner's few nets to explain it.

This covers Nishio, multiple, dynamic and dynamic plus: a dynamic-plus net that stalls
applies the basic rules compiled in :mod:`net_rules` and goes on, as a ``Net`` does with
``BASIC_RULES``. Nested levels (whose rules run a whole inner tier) stay in :mod:`forcing`.
Conclusions shared by several nets are looked for among the nodes the smallest of them
reached (each net keeps that list after its parents), then taken in node order.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grille.engine._jit import compiled, per_thread
from grille.sudoku.logic import implications, net_rules
from grille.sudoku.logic.implications import NODE_LIMIT, Topology

__all__ = ["CELL", "CONTRADICTION", "DOUBLE", "MAX_TABLE", "REGION", "Winner", "easiest"]

CONTRADICTION, DOUBLE, CELL, REGION = 0, 1, 2, 3
"""Kinds of conclusion, as the kernel reports them."""

MAX_TABLE = 1 << 22
"""Most entries (nets times nodes) the side-by-side tables may hold; bigger grids are left to
:mod:`forcing`'s net-by-net search."""

_POOL = 1 << 20
"""First size of the shared parent buffer (it doubles whenever a search runs out)."""

_OVERFLOW = -3
"""Kernel status: the parent pool is too small for the next net."""

Array = Any
"""A NumPy integer array."""


@dataclass(frozen=True, slots=True)
class Winner:
    """The easiest conclusion of a tier: its node count, kind, node and subject.

    ``subject`` is the candidate (contradiction, double), the cell (cell forcing), or the
    unit and digit index (region forcing).
    """

    nodes: int
    kind: int
    conclusion: int
    subject: tuple[int, ...]


def _net(
    node: int,
    n: int,
    npeers: int,
    peers: Array,
    cell_units: Array,
    unit_cells: Array,
    marks0: Array,
    flags: int,
    slot: Array,
    seen: Array,
    pstart: Array,
    plen: Array,
    conflict: Array,
    base: Array,
    pool: Array,
    marks: Array,
    queue_on: Array,
    queue_off: Array,
    ctr: Array,
    state: Array,
    rules: int,
    scratch: tuple[Array, ...],
) -> int:
    """The slot of assumption ``node``'s net, built on first use; -1 when the pool is full.

    The net's parents go to the pool, followed by the nodes it reached (in no useful order);
    ``base`` holds, per slot, where each starts and how many nodes it reached. ``state``
    holds the slots used and the pool top. With ``rules``, a stalled net applies
    dynamic plus's rules (:mod:`net_rules`; ``scratch`` is their tables, surveyed on
    ``marks0``) and goes on.
    """
    s = slot[node]
    if s >= 0:
        return int(s)
    nodes = 2 * n * n * n
    cap = nodes * (n + 1)
    top = state[1]
    if top + cap + nodes > pool.shape[0]:
        return -1
    s = state[0]
    state[0] += 1
    slot[node] = s
    row = s * nodes
    for i in range(nodes):
        seen[row + i] = 0
    for c in range(n * n):
        marks[c] = marks0[c]
    for i in range(6):
        ctr[i] = 0
    # Net.assume: the source, no parents, first in discovery order.
    ctr[5] = 1
    seen[row + node] = 1
    pstart[row + node] = 0
    plen[row + node] = 0
    cand = node >> 1
    if node & 1:
        queue_on[0] = cand
        ctr[2] = 1
    else:
        queue_off[0] = cand
        ctr[4] = 1
    while True:
        result = _propagate(
            n, npeers, peers, cell_units, unit_cells, marks0, marks, flags,
            seen[row : row + nodes], pstart[row : row + nodes], plen[row : row + nodes],
            pool[top : top + cap], queue_on, queue_off, ctr, NODE_LIMIT,
        )  # fmt: skip
        if result != -1 or not rules:
            break
        result = _stalled(
            n, unit_cells, marks0, marks, seen[row : row + nodes], pstart[row : row + nodes],
            plen[row : row + nodes], pool[top : top + cap], queue_off, ctr, scratch,
        )  # fmt: skip
        if result != _MORE:
            break
    # The nodes reached: all were queued, but for the later of a contradiction's two.
    reach = top + ctr[0]
    k = reach
    for i in range(ctr[2]):
        pool[k] = 2 * queue_on[i] + 1
        k += 1
    for i in range(ctr[4]):
        pool[k] = 2 * queue_off[i]
        k += 1
    if result >= 0:
        on, off = 2 * result + 1, 2 * result
        pool[k] = off if seen[row + off] > seen[row + on] else on
        k += 1
    conflict[s] = result if result >= 0 else -1
    base[3 * s] = top
    base[3 * s + 1] = reach
    base[3 * s + 2] = k - reach
    state[1] = k
    return int(s)


def _tally(
    node: int,
    s: int,
    n: int,
    seen: Array,
    pstart: Array,
    plen: Array,
    base: Array,
    pool: Array,
    extra: Array,
    mark: Array,
    stack: Array,
    state: Array,
) -> int:
    """SE's node count of ``node`` in the net of slot ``s`` (``state[2]`` is the last stamp)."""
    nodes = 2 * n * n * n
    row = s * nodes
    state[2] += 1
    top = base[3 * s]
    return int(
        _count(
            node, pstart[row : row + nodes], plen[row : row + nodes],
            pool[top : top + nodes * (n + 1)], extra, mark, stack, state[2],
        )
    )  # fmt: skip


def _scan(
    n: int,
    npeers: int,
    peers: Array,
    cell_units: Array,
    unit_cells: Array,
    marks0: Array,
    flags: int,
    contradiction: int,
    double: int,
    multiple: int,
    min_count: int,
    only_digit: int,
    rules: int,
    scratch: tuple[Array, ...],
    slot: Array,
    seen: Array,
    pstart: Array,
    plen: Array,
    conflict: Array,
    base: Array,
    pool: Array,
    marks: Array,
    queue_on: Array,
    queue_off: Array,
    ctr: Array,
    extra: Array,
    mark: Array,
    stack: Array,
    group: Array,
    best: Array,
    hits: Array,
) -> int:
    """Find the tier's easiest conclusion into ``best`` (nodes, kind, conclusion, a, b).

    Returns 1 when one was found, 0 when none, -3 when the parent pool ran out. The order
    is :func:`forcing._hints`': cells in order, each digit's contradictions and double
    implications, then its region forcing, then the cell's forcing; the first conclusion
    with the fewest nodes wins. ``only_digit`` (>= 0) keeps that digit only (Nishio).
    """
    nodes = 2 * n * n * n
    state = np.zeros(3, dtype=np.int64)
    for i in range(nodes):
        slot[i] = -1
        mark[i] = 0
    best[0] = -1
    if rules:
        _survey(n, unit_cells, marks0, mark, scratch)  # mark is all zeros until counting
    for cell in range(n * n):
        mask = marks0[cell]
        count = 0
        for k in range(n):
            if (mask >> k) & 1:
                count += 1
        if count < min_count:
            continue
        for d in range(n):
            if (mask >> d) & 1 == 0 or (only_digit >= 0 and d != only_digit):
                continue
            cand = cell * n + d
            if contradiction:
                son = _net(
                    2 * cand + 1, n, npeers, peers, cell_units, unit_cells, marks0, flags,
                    slot, seen, pstart, plen, conflict, base, pool, marks, queue_on,
                    queue_off, ctr, state, rules, scratch,
                )  # fmt: skip
                soff = _net(
                    2 * cand, n, npeers, peers, cell_units, unit_cells, marks0, flags,
                    slot, seen, pstart, plen, conflict, base, pool, marks, queue_on,
                    queue_off, ctr, state, rules, scratch,
                )  # fmt: skip
                if son < 0 or soff < 0:
                    return _OVERFLOW
                for which in range(2):
                    s = son if which == 0 else soff
                    q = conflict[s]
                    if q < 0:
                        continue
                    total = _tally(
                        2 * q + 1, s, n, seen, pstart, plen, base, pool, extra, mark,
                        stack, state,
                    )  # fmt: skip
                    if best[0] >= 0 and total >= best[0]:
                        continue
                    total += _tally(
                        2 * q, s, n, seen, pstart, plen, base, pool, extra, mark, stack, state
                    )
                    if best[0] < 0 or total < best[0]:
                        best[0] = total
                        best[1] = 0
                        best[2] = 2 * cand + which
                        best[3] = cand
                        best[4] = 0
                if double and count >= 3:
                    group[0] = son
                    group[1] = soff
                    _common(
                        2, 1, cand, 0, n, group, seen, pstart, plen, base, pool, extra,
                        mark, stack, state, best, hits,
                    )  # fmt: skip
            if multiple:
                for r in range(3):
                    unit = cell_units[cell * 3 + r]
                    size = 0
                    first = -1
                    for k in range(n):
                        c = unit_cells[unit * n + k]
                        if (marks0[c] >> d) & 1:
                            if first < 0:
                                first = c
                            size += 1
                    if size < min_count or first != cell:
                        continue
                    size = 0
                    for k in range(n):
                        c = unit_cells[unit * n + k]
                        if (marks0[c] >> d) & 1:
                            s = _net(
                                2 * (c * n + d) + 1, n, npeers, peers, cell_units, unit_cells,
                                marks0, flags, slot, seen, pstart, plen, conflict, base, pool,
                                marks, queue_on, queue_off, ctr, state, rules, scratch,
                            )  # fmt: skip
                            if s < 0:
                                return _OVERFLOW
                            group[size] = s
                            size += 1
                    _common(
                        size, 3, unit, d, n, group, seen, pstart, plen, base, pool, extra,
                        mark, stack, state, best, hits,
                    )  # fmt: skip
        if multiple:
            size = 0
            for d in range(n):
                if (mask >> d) & 1:
                    s = _net(
                        2 * (cell * n + d) + 1, n, npeers, peers, cell_units, unit_cells,
                        marks0, flags, slot, seen, pstart, plen, conflict, base, pool, marks,
                        queue_on, queue_off, ctr, state, rules, scratch,
                    )  # fmt: skip
                    if s < 0:
                        return _OVERFLOW
                    group[size] = s
                    size += 1
            _common(
                size, 2, cell, 0, n, group, seen, pstart, plen, base, pool, extra, mark,
                stack, state, best, hits,
            )  # fmt: skip
    return 1 if best[0] >= 0 else 0


def _common(
    size: int,
    kind: int,
    a: int,
    b: int,
    n: int,
    group: Array,
    seen: Array,
    pstart: Array,
    plen: Array,
    base: Array,
    pool: Array,
    extra: Array,
    mark: Array,
    stack: Array,
    state: Array,
    best: Array,
    hits: Array,
) -> None:
    """Nodes every net of ``group[:size]`` reaches, in node order, as candidates for ``best``.

    They are looked for among the nodes of the group's smallest net (``hits`` is scratch).
    """
    nodes = 2 * n * n * n
    least = group[0]
    for i in range(1, size):
        if base[3 * group[i] + 2] < base[3 * least + 2]:
            least = group[i]
    found = 0
    for j in range(base[3 * least + 1], base[3 * least + 1] + base[3 * least + 2]):
        node = pool[j]
        everywhere = True
        for i in range(size):
            if seen[group[i] * nodes + node] == 0:
                everywhere = False
                break
        if everywhere:
            hits[found] = node
            found += 1
    hits[:found].sort()
    for h in range(found):
        node = hits[h]
        total = 0
        for i in range(size):
            total += _tally(
                node, group[i], n, seen, pstart, plen, base, pool, extra, mark, stack, state
            )
            if best[0] >= 0 and total >= best[0]:
                break  # cannot win: ties keep the earlier conclusion
        if best[0] < 0 or total < best[0]:
            best[0] = total
            best[1] = kind
            best[2] = node
            best[3] = a
            best[4] = b


_propagate = implications._propagate
_count = implications._count
_survey = net_rules._survey
_stalled = net_rules._stalled
_MORE = net_rules.MORE


@functools.cache
def _kernel() -> Any:
    """The compiled kernel; its helpers are compiled first, so that it calls compiled code."""
    globals()["_survey"], globals()["_stalled"] = net_rules.kernels()
    for name in ("_propagate", "_count", "_net", "_tally", "_common"):
        globals()[name] = compiled(globals()[name])
    return compiled(_scan)


class _Tables:
    """The search's buffers for one grid size, kept between calls."""

    def __init__(self, n: int) -> None:
        nodes = 2 * n * n * n
        self.nodes = nodes
        self.rows = 0
        self.slot = np.empty(nodes, dtype=np.int32)
        self.seen = np.empty(0, dtype=np.int32)
        self.pstart = np.empty(0, dtype=np.int32)
        self.plen = np.empty(0, dtype=np.int32)
        self.conflict = np.empty(0, dtype=np.int64)
        self.base = np.empty(0, dtype=np.int64)
        self.pool = np.empty(max(_POOL, 2 * nodes * (n + 1)), dtype=np.int32)
        self.marks = np.empty(n * n, dtype=np.int64)
        self.queue_on = np.empty(nodes // 2, dtype=np.int32)
        self.queue_off = np.empty(nodes // 2, dtype=np.int32)
        self.ctr = np.zeros(6, dtype=np.int32)
        self.extra = np.zeros(nodes, dtype=np.int32)
        self.mark = np.zeros(nodes, dtype=np.int32)
        self.stack = np.empty(nodes, dtype=np.int32)
        self.group = np.empty(n, dtype=np.int32)
        self.best = np.zeros(5, dtype=np.int64)
        self.hits = np.empty(nodes, dtype=np.int32)

    def fit(self, rows: int) -> None:
        """Make room for ``rows`` nets side by side."""
        if rows <= self.rows:
            return
        self.rows = rows
        self.seen = np.empty(rows * self.nodes, dtype=np.int32)
        self.pstart = np.empty(rows * self.nodes, dtype=np.int32)
        self.plen = np.empty(rows * self.nodes, dtype=np.int32)
        self.conflict = np.empty(rows, dtype=np.int64)
        self.base = np.empty(3 * rows, dtype=np.int64)


@per_thread
def _tables(n: int) -> _Tables:
    """This thread's tables for grids of side ``n``."""
    return _Tables(n)


def fits(topo: Topology, marks: Sequence[int]) -> bool:
    """Whether the side-by-side tables for ``marks`` stay within :data:`MAX_TABLE`."""
    nets = 2 * sum(mask.bit_count() for mask in marks)
    return nets * 2 * topo.n**3 <= MAX_TABLE


def easiest(
    topo: Topology,
    marks: Sequence[int],
    flags: int,
    *,
    contradiction: bool,
    double: bool,
    multiple: bool,
    min_count: int,
    only_digit: int = -1,
    rules: bool = False,
) -> Winner | None:
    """The tier's first conclusion with the fewest nodes on ``marks``, or ``None``.

    With ``rules``, stalled nets apply dynamic plus's basic rules (:mod:`net_rules`).
    """
    n = topo.n
    tables = _tables(n)
    tables.fit(2 * sum(mask.bit_count() for mask in marks))
    marks0 = np.array(marks, dtype=np.int64)
    kernel = _kernel()
    scratch = net_rules.rule_tables(n).scratch(topo.shape)
    while True:
        status = kernel(
            n, topo.npeers, topo.peers, topo.cell_units, topo.unit_cells, marks0, flags,
            int(contradiction), int(double), int(multiple), min_count, only_digit,
            int(rules), scratch, tables.slot, tables.seen, tables.pstart, tables.plen,
            tables.conflict, tables.base, tables.pool, tables.marks, tables.queue_on,
            tables.queue_off, tables.ctr, tables.extra, tables.mark, tables.stack, tables.group,
            tables.best, tables.hits,
        )  # fmt: skip
        if status != _OVERFLOW:
            break
        tables.pool = np.empty(2 * tables.pool.shape[0], dtype=np.int32)
    if status == 0:
        return None
    nodes, kind, conclusion, a, b = (int(x) for x in tables.best)
    subject = (a, b) if kind == REGION else (a,)
    return Winner(nodes, kind, conclusion, subject)
