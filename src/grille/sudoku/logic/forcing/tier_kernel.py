"""One compiled search per forcing tier: every assumption's net, and what the nets share.

:mod:`tiers` finds a tier's easiest step by following each assumption with a
:class:`~grille.sudoku.logic.forcing.net.Net` and intersecting the nets (contradiction,
double, cell and region forcing). Done net by net from Python, that costs one kernel call and
a few NumPy arrays per assumption, thousands per puzzle. :func:`easiest` runs the same search
in one kernel call (:func:`_scan`, compiled through :mod:`grille.engine._jit`): it builds
each net once, with the very propagation of :mod:`net` (``_propagate``), keeps them all side
by side, and walks the tier's conclusions in :mod:`tiers`'s order, keeping the first with the
fewest nodes. Python then rebuilds only the winner's few nets to explain it.

This covers Nishio, multiple, dynamic and dynamic plus: a dynamic-plus net that stalls
applies the basic rules compiled in :mod:`rules` and goes on, as a ``Net`` does with
``BASIC_RULES``. Conclusions shared by several nets are looked for among the nodes the
smallest of them reached (each net keeps that list after its parents), then taken in node
order.

Nested levels 2-5 (:func:`_nested_search`) too: when a net's basic rules find nothing, the
level's inner tier runs on the net's marks (:func:`_inner_scan`: the same :func:`_scan` on a
second set of tables, listing every conclusion in SE's order, each with the causes of its
chains' on nodes) and the net records them with SE's rule parents as ``tiers._nested_rule``
does (:func:`_adopt`). Level 2 runs SE's own inner tier instead (:mod:`se_chains`: static
forcing chains and cycles, sorted, with SE's rule parents), level 3 that one and then its
multiple chains (:class:`Inner`). The
outer nets are all built first, so that the kernel does not call itself; the nets are counted
against the same budget as net by net. :func:`nested_removals` gives the rule to Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grille.engine._jit import Kernels, per_thread
from grille.errors import BudgetExceededError
from grille.sudoku.logic.forcing import net as forcing_net
from grille.sudoku.logic.forcing import rules as net_rules
from grille.sudoku.logic.forcing import se_chains
from grille.sudoku.logic.forcing.net import NODE_LIMIT, Topology

__all__ = [
    "CELL",
    "CONTRADICTION",
    "DOUBLE",
    "HEAD",
    "MAX_TABLE",
    "REGION",
    "Finding",
    "Inner",
    "NetBudgetError",
    "Winner",
    "easiest",
    "nested_findings",
    "nested_removals",
]

CONTRADICTION, DOUBLE, CELL, REGION = 0, 1, 2, 3
"""Kinds of conclusion, as the kernel reports them."""

HEAD = 6
"""Entries of a nested rule's conclusion before its cells: node count, node, cell count,
kind, subject (two)."""

MAX_TABLE = 1 << 22
"""Most entries (nets times nodes) the side-by-side tables may hold; bigger grids are left to
:mod:`tiers`'s net-by-net search."""

_POOL = 1 << 20
"""First size of the shared parent buffer (it doubles whenever a search runs out)."""

_OVERFLOW = -3
"""Kernel status: the parent pool is too small for the next net."""

_INNER_OVERFLOW = -5
"""Kernel status: a nested rule's parent pool is too small for its next net."""

_EXHAUSTED = -6
"""Kernel status: a nested search would build more nets than its budget."""

_UNPLANNED = -7
"""Kernel status: a nested search asked for a net it had not built first (a bug)."""

_SE_OVERFLOW = -8
"""Kernel status: SE's level-2 scan (:mod:`se_chains`) needs bigger buffers."""

CYCLE, CHAIN = se_chains.CYCLE, se_chains.CHAIN
"""Kinds of conclusion of SE's level-2 inner tier (:mod:`se_chains`)."""

Array = Any
"""A NumPy integer array."""


class NetBudgetError(BudgetExceededError):
    """A nested level's search would build more nets than its budget: the step is unknown,
    so the walk stops rather than going on to a harder level (or trial and error)."""

    def __init__(self, budget: int) -> None:
        super().__init__(
            f"nested forcing chains: one step needs more than {budget:,} nets "
            "(tiers.NESTED_NET_BUDGET); not rated"
        )
        self.budget = budget


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


def _open(
    node: int,
    n: int,
    marks0: Array,
    slot: Array,
    seen: Array,
    pstart: Array,
    plen: Array,
    pool: Array,
    marks: Array,
    queue_on: Array,
    queue_off: Array,
    ctr: Array,
    state: Array,
) -> int:
    """A new slot for assumption ``node``'s net, its source queued (``Net.assume``); -1 when
    the pool has no room for it."""
    nodes = 2 * n * n * n
    top = state[1]
    if top + nodes * (n + 2) > pool.shape[0]:
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
    return int(s)


def _grow(
    s: int,
    n: int,
    npeers: int,
    peers: Array,
    cell_units: Array,
    unit_cells: Array,
    marks0: Array,
    flags: int,
    seen: Array,
    pstart: Array,
    plen: Array,
    pool: Array,
    marks: Array,
    queue_on: Array,
    queue_off: Array,
    ctr: Array,
    state: Array,
    rules: int,
    scratch: tuple[Array, ...],
) -> int:
    """Propagate slot ``s``'s net until it stalls, applying dynamic plus's rules (with
    ``rules``) at each stall: the contradictory candidate, -1 stalled, -2 buffer full."""
    nodes = 2 * n * n * n
    row = s * nodes
    top = state[1]
    cap = nodes * (n + 1)
    while True:
        result = _propagate(
            n, npeers, peers, cell_units, unit_cells, marks0, marks, flags,
            seen[row : row + nodes], pstart[row : row + nodes], plen[row : row + nodes],
            pool[top : top + cap], queue_on, queue_off, ctr, NODE_LIMIT,
        )  # fmt: skip
        if result != -1 or not rules:
            return int(result)
        result = _stalled(
            n, unit_cells, marks0, marks, seen[row : row + nodes], pstart[row : row + nodes],
            plen[row : row + nodes], pool[top : top + cap], queue_off, ctr, scratch,
        )  # fmt: skip
        if result != _MORE:
            return int(result)


def _finish(
    s: int,
    result: int,
    n: int,
    seen: Array,
    conflict: Array,
    base: Array,
    pool: Array,
    queue_on: Array,
    queue_off: Array,
    ctr: Array,
    state: Array,
) -> None:
    """Close slot ``s``'s net: list the nodes it reached after its parents, move the pool top."""
    row = s * 2 * n * n * n
    top = state[1]
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
    extra: Array,
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
    dynamic plus's rules (:mod:`rules`; ``scratch`` is their tables, surveyed on
    ``marks0``) and goes on. ``extra`` holds each node's nested node count: only nested
    nets write it (:func:`_adopt`), and zeros it back (:func:`easiest`), so it is left alone.
    """
    # The bodies of _open, _grow and _finish, written out: this is the hot path, and a call
    # passing a dozen arrays costs each net as much again in reference counting.
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
    pstart: Array,
    plen: Array,
    extra: Array,
    base: Array,
    pool: Array,
    mark: Array,
    stack: Array,
    state: Array,
    fkey: Array,
    kseen: Array,
) -> int:
    """SE's node count of ``node`` in the net of slot ``s`` (``state[2]`` is the last stamp):
    its distinct ancestors, plus each nested node's inner count once per inner finding for
    the whole hint (``ChainingHint.getNestedComplexity``'s ``processed`` set): a finding
    whose key (``fkey``, :func:`_finding_key`) is in ``kseen`` (``kseen[0]`` keys, reset by
    the caller at each hint) was counted already."""
    nodes = 2 * n * n * n
    row = s * nodes
    state[2] += 1
    stamp = state[2]
    top0 = base[3 * s]
    total = 0
    depth = 1
    stack[0] = node
    mark[node] = stamp
    while depth > 0:
        depth -= 1
        x = stack[depth]
        total += 1
        if extra[row + x] != 0:
            key = fkey[row + x]
            known = False
            for i in range(1, kseen[0] + 1):
                if kseen[i] == key:
                    known = True
                    break
            if not known:
                total += extra[row + x]
                if kseen[0] + 1 < kseen.shape[0]:
                    kseen[0] += 1
                    kseen[kseen[0]] = key
        for i in range(pstart[row + x], pstart[row + x] + plen[row + x]):
            p = pool[top0 + i]
            if mark[p] != stamp:
                mark[p] = stamp
                stack[depth] = p
                depth += 1
    return int(total)


def _tally_pair(
    a: int,
    b: int,
    s: int,
    n: int,
    pstart: Array,
    plen: Array,
    extra: Array,
    base: Array,
    pool: Array,
    mark: Array,
    stack: Array,
    state: Array,
    fkey: Array,
    kseen: Array,
) -> int:
    """SE's node count of a contradiction, targets ``a`` and ``b`` in the net of slot ``s``:
    each target's ancestors counted on their own, each inner finding's count once for both
    (see :func:`_tally`)."""
    kseen[0] = 0
    return _tally(
        a, s, n, pstart, plen, extra, base, pool, mark, stack, state, fkey, kseen
    ) + _tally(b, s, n, pstart, plen, extra, base, pool, mark, stack, state, fkey, kseen)


def _cause(x: int, row: int, top: int, n: int, cell_units: Array, unit_cells: Array,
           marks0: Array, pstart: Array, plen: Array, pool: Array) -> int:  # fmt: skip
    """SE's ``Potential.cause`` of on node ``x`` (which has parents) in the net at ``row``
    (its parents from ``pool[top:]``), as a code: the candidate for a naked single (the
    first parent is in the same cell: ``getOffToOn``'s bivalue rule), ``(unit + 1) * n**3 +``
    the candidate for a hidden single in ``unit`` (the first of box, row and column whose
    other places of the digit, on the net's starting ``marks0``, are all among the parents:
    the place the link came from and, in a dynamic net, the places removed before, its
    hidden parents, ``addHiddenParentsOfRegion``); -1 when neither."""
    cand = x >> 1
    cell = cand // n
    d = cand % n
    start = pstart[row + x]
    size = plen[row + x]
    if (pool[top + start] >> 1) // n == cell:
        return int(cand)
    for r in range(3):
        unit = cell_units[cell * 3 + r]
        ok = True
        for j in range(n):
            c = unit_cells[unit * n + j]
            if c == cell or (marks0[c] >> d) & 1 == 0:
                continue
            among = False
            for i in range(size):
                p = pool[top + start + i]
                if p == 2 * (c * n + d):
                    among = True
                    break
            if not among:
                ok = False
                break
        if ok:
            return int((unit + 1) * n * n * n + cand)
    return -1


def _mark_causes(node: int, s: int, n: int, kind: int, a: int, cell_units: Array,
                 unit_cells: Array, marks0: Array, pstart: Array, plen: Array, base: Array,
                 pool: Array, mark: Array, stack: Array, state: Array, causes: Array,
                 out: Array, at: int) -> int:  # fmt: skip
    """Append to ``out[at:]`` the causes (:func:`_cause`) of the on nodes among ``node``'s
    ancestors in the net of slot ``s`` not yet stamped ``state[3]`` in ``causes``; the new
    end, or -1 when ``out`` is full.

    These are what SE's ``ChainingHint.collectRuleParents`` looks at: every on node with a
    cause; the assumption itself has none, except in a cell forcing chain (a naked single
    in its cell) and a region forcing chain (a hidden single in region ``a``)."""
    nodes = 2 * n * n * n
    row = s * nodes
    top = base[3 * s]
    state[2] += 1
    stamp = state[2]
    depth = 1
    stack[0] = node
    mark[node] = stamp
    while depth > 0:
        depth -= 1
        x = stack[depth]
        if x & 1:
            code = -1
            if plen[row + x] > 0:
                code = _cause(x, row, top, n, cell_units, unit_cells, marks0, pstart, plen,
                              pool)  # fmt: skip
            elif kind == CELL:
                code = x >> 1
            elif kind == REGION:
                code = (a + 1) * (nodes // 2) + (x >> 1)
            if code >= 0 and causes[code] != state[3]:
                causes[code] = state[3]
                if at >= out.shape[0]:
                    return -1
                out[at] = code
                at += 1
        for i in range(pstart[row + x], pstart[row + x] + plen[row + x]):
            p = pool[top + i]
            if mark[p] != stamp:
                mark[p] = stamp
                stack[depth] = p
                depth += 1
    return at


def _worth(conclusion: int, n: int, marks: Array) -> bool:
    """SE's ``isWorth``: whether ``conclusion`` removes a candidate of ``marks`` (a placement
    needs another digit in its cell)."""
    if not conclusion & 1:
        return True
    cand = conclusion >> 1
    return bool(marks[cand // n] & ~(1 << (cand % n)))


def _put(total: int, conclusion: int, kind: int, a: int, b: int, best: Array, out: Array,
         end: int) -> None:  # fmt: skip
    """Close the conclusion whose causes :func:`_mark_causes` wrote from ``best[2] + HEAD``
    to ``end``: its node count, node, how many causes, its kind and subject (``a``, ``b``:
    see :class:`Winner`), :data:`HEAD` entries before the causes.

    ``best`` counts the conclusions (``best[1]``) and holds the end of ``out`` (``best[2]``).
    """
    k = best[2]
    out[k] = total
    out[k + 1] = conclusion
    out[k + 2] = end - k - HEAD
    out[k + 3] = kind
    out[k + 4] = a
    out[k + 5] = b
    best[1] += 1
    best[2] = end


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
    tables: tuple[Array, ...],
    collect: int,
) -> int:
    """Find the tier's easiest conclusion into ``tables``' ``best`` (nodes, kind, conclusion,
    a, b).

    Returns 1 when one was found, 0 when none, -3 when the parent pool ran out. The order
    is :func:`forcing._hints`': cells in order, each digit's contradictions and double
    implications, then its region forcing, then the cell's forcing; the first conclusion
    with the fewest nodes wins. ``only_digit`` (>= 0) keeps that digit only (Nishio).
    With ``collect``, every conclusion that removes a candidate goes to ``out`` instead, in
    this order (:func:`_put`; a nested rule's findings, which :func:`_inner_scan` then sorts),
    and the return is 1 (-3 also when ``out`` is full).
    The tables (:meth:`_Tables.all`; their ``marks0`` is not used) start as :func:`_reset`
    leaves them (or with nets already built).
    """
    (slot, seen, pstart, plen, extra, conflict, base, pool, marks, queue_on, queue_off, ctr,
     mark, stack, group, best, hits, state, _, out, causes, _, fkey, kseen, _, _, _, _,
     _) = tables  # fmt: skip
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
                    slot, seen, pstart, plen, extra, conflict, base, pool, marks, queue_on,
                    queue_off, ctr, state, rules, scratch,
                )  # fmt: skip
                soff = _net(
                    2 * cand, n, npeers, peers, cell_units, unit_cells, marks0, flags,
                    slot, seen, pstart, plen, extra, conflict, base, pool, marks, queue_on,
                    queue_off, ctr, state, rules, scratch,
                )  # fmt: skip
                if son < 0 or soff < 0:
                    return _OVERFLOW
                for which in range(2):
                    s = son if which == 0 else soff
                    q = conflict[s]
                    if q < 0:
                        continue
                    if collect:
                        total = _tally_pair(
                            2 * q + 1, 2 * q, s, n, pstart, plen, extra, base, pool, mark,
                            stack, state, fkey, kseen,
                        )  # fmt: skip
                        state[3] += 1
                        at = best[2] + HEAD
                        for node in (2 * q + 1, 2 * q):
                            if at >= 0:
                                at = _mark_causes(
                                    node, s, n, CONTRADICTION, cand, cell_units, unit_cells,
                                    marks0, pstart, plen, base, pool, mark, stack, state,
                                    causes, out, at,
                                )  # fmt: skip
                        if at < 0:
                            return _OVERFLOW
                        _put(total, 2 * cand + which, CONTRADICTION, cand, 0, best, out, at)
                        continue
                    kseen[0] = 0
                    total = _tally(
                        2 * q + 1, s, n, pstart, plen, extra, base, pool, mark, stack, state,
                        fkey, kseen,
                    )  # fmt: skip
                    if best[0] >= 0 and total >= best[0]:
                        continue  # a lower bound of the pair's count: cannot win
                    total = _tally_pair(
                        2 * q + 1, 2 * q, s, n, pstart, plen, extra, base, pool, mark, stack,
                        state, fkey, kseen,
                    )  # fmt: skip
                    if best[0] < 0 or total < best[0]:
                        best[0] = total
                        best[1] = 0
                        best[2] = 2 * cand + which
                        best[3] = cand
                        best[4] = 0
                if double and count >= 3:
                    group[0] = son
                    group[1] = soff
                    if _common(
                        2, 1, cand, 0, n, group, seen, pstart, plen, extra, base, pool, mark,
                        stack, state, best, hits, collect, marks0, cell_units, unit_cells, out,
                        causes, fkey, kseen,
                    ) < 0:  # fmt: skip
                        return _OVERFLOW
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
                    if size < 2 or first != cell:  # SE: two places or more, whatever the cell
                        continue
                    size = 0
                    for k in range(n):
                        c = unit_cells[unit * n + k]
                        if (marks0[c] >> d) & 1:
                            s = _net(
                                2 * (c * n + d) + 1, n, npeers, peers, cell_units, unit_cells,
                                marks0, flags, slot, seen, pstart, plen, extra, conflict, base,
                                pool, marks, queue_on, queue_off, ctr, state, rules, scratch,
                            )  # fmt: skip
                            if s < 0:
                                return _OVERFLOW
                            group[size] = s
                            size += 1
                    if _common(
                        size, 3, unit, d, n, group, seen, pstart, plen, extra, base, pool, mark,
                        stack, state, best, hits, collect, marks0, cell_units, unit_cells, out,
                        causes, fkey, kseen,
                    ) < 0:  # fmt: skip
                        return _OVERFLOW
        if multiple:
            size = 0
            for d in range(n):
                if (mask >> d) & 1:
                    s = _net(
                        2 * (cell * n + d) + 1, n, npeers, peers, cell_units, unit_cells,
                        marks0, flags, slot, seen, pstart, plen, extra, conflict, base, pool,
                        marks, queue_on, queue_off, ctr, state, rules, scratch,
                    )  # fmt: skip
                    if s < 0:
                        return _OVERFLOW
                    group[size] = s
                    size += 1
            if _common(
                size, 2, cell, 0, n, group, seen, pstart, plen, extra, base, pool, mark, stack,
                state, best, hits, collect, marks0, cell_units, unit_cells, out, causes, fkey,
                kseen,
            ) < 0:  # fmt: skip
                return _OVERFLOW
    if collect:
        return 1
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
    extra: Array,
    base: Array,
    pool: Array,
    mark: Array,
    stack: Array,
    state: Array,
    best: Array,
    hits: Array,
    collect: int,
    marks0: Array,
    cell_units: Array,
    unit_cells: Array,
    out: Array,
    causes: Array,
    fkey: Array,
    kseen: Array,
) -> int:
    """Nodes every net of ``group[:size]`` reaches, in node order, as candidates for ``best``
    (or, with ``collect``, for ``out`` as :func:`_scan` says); 0, or -3 when ``out`` is full.

    They are looked for among the nodes of the group's smallest net (``hits`` is scratch).
    With ``collect`` they go in SE's order instead: those on, then those off, each in the
    order the group's first net reached them (``getMultipleChainsHintList`` and
    ``doRegionChainings`` walk the first net's ``LinkedSet``s, ``retainAll`` keeping their
    order; ``doBinaryChaining`` the on net's ``onToOn``, then its ``onToOff``).
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
    if collect:
        width = 1
        while (1 << width) <= nodes:
            width += 1
        first = group[0] * nodes
        for h in range(found):
            node = hits[h]
            hits[h] = (((1 - (node & 1)) << width | seen[first + node]) << width) | node
    hits[:found].sort()
    for h in range(found):
        node = hits[h]
        total = 0
        if collect:
            node = node & ((1 << width) - 1)
            if not _worth(node, n, marks0):
                continue
            state[3] += 1
            kseen[0] = 0
            at = best[2] + HEAD
            for i in range(size):
                total += _tally(
                    node, group[i], n, pstart, plen, extra, base, pool, mark, stack, state,
                    fkey, kseen,
                )  # fmt: skip
                if at >= 0:
                    at = _mark_causes(
                        node, group[i], n, kind, a, cell_units, unit_cells, marks0, pstart,
                        plen, base, pool, mark, stack, state, causes, out, at,
                    )  # fmt: skip
            if at < 0:
                return _OVERFLOW
            _put(total, node, kind, a, b, best, out, at)
            continue
        kseen[0] = 0
        lost = False
        for i in range(size):
            total += _tally(
                node, group[i], n, pstart, plen, extra, base, pool, mark, stack, state, fkey,
                kseen,
            )  # fmt: skip
            if best[0] >= 0 and (total > best[0] or (total == best[0] and (
                    i < size - 1 or _rank(kind) >= _rank(best[1])))):  # fmt: skip
                lost = True  # cannot win (each net adds a node; see _rank for ties)
                break
        if not lost:
            best[0] = total
            best[1] = kind
            best[2] = node
            best[3] = a
            best[4] = b
    return 0


def _rank(kind: int) -> int:
    """SE's ``getSortKey`` of a kind of conclusion: on equal node counts (and so equal
    difficulty) ``Chaining.getHintList`` sorts a double implication (1) before cell forcing
    (5), region forcing (6) and a contradiction (7), the scan order breaking the rest."""
    if kind == DOUBLE:
        return 1
    if kind == CELL:
        return 5
    if kind == REGION:
        return 6
    return 7


def _reset(
    n: int,
    unit_cells: Array,
    marks0: Array,
    rules: int,
    scratch: tuple[Array, ...],
    slot: Array,
    mark: Array,
    state: Array,
    best: Array,
    cellmark: Array,
) -> None:
    """Empty the tables for a search on ``marks0`` (and survey it for the rules)."""
    for i in range(2 * n * n * n):
        slot[i] = -1
        mark[i] = 0
    for i in range(state.shape[0]):
        state[i] = 0
    for c in range(cellmark.shape[0]):
        cellmark[c] = 0
    best[0] = -1
    best[1] = 0
    best[2] = 0
    if rules:
        _survey(n, unit_cells, marks0, mark, scratch)  # mark is all zeros until counting


def _search(
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
    tables: tuple[Array, ...],
) -> int:
    """:func:`_scan` for the easiest conclusion on fresh ``tables`` (:meth:`_Tables.all`)."""
    slot, mark, best, state, cellmark = (
        tables[0], tables[12], tables[15], tables[17], tables[20])
    _reset(n, unit_cells, marks0, rules, scratch, slot, mark, state, best, cellmark)
    return _scan(
        n, npeers, peers, cell_units, unit_cells, marks0, flags, contradiction, double,
        multiple, min_count, only_digit, rules, scratch, tables, 0,
    )  # fmt: skip


def _inner_scan(
    n: int,
    npeers: int,
    peers: Array,
    cell_units: Array,
    unit_cells: Array,
    marks: Array,
    inner: Array,
    scratch: tuple[Array, ...],
    tables: tuple[Array, ...],
) -> int:
    """A nested rule's inner tier on a stalled net's ``marks``: its conclusions, as SE's
    ``Chaining.getHints`` hands them to the outer net, into ``tables``' ``out`` (see
    :func:`_put` and :func:`_sort_found`).

    ``inner`` is the tier: flags, contradiction, double, multiple, fewest digits, rules.
    Returns 1, or -3 when its pool or ``out`` ran out; its ``state[0]`` is the nets it built.
    """
    slot, mark, best, state, causes, marks0 = (
        tables[0], tables[12], tables[15], tables[17], tables[20], tables[21])
    for c in range(n * n):
        marks0[c] = marks[c]
    _reset(n, unit_cells, marks0, inner[5], scratch, slot, mark, state, best, causes)
    status = _scan(
        n, npeers, peers, cell_units, unit_cells, marks0, inner[0], inner[1], inner[2],
        inner[3], inner[4], -1, inner[5], scratch, tables, 1,
    )  # fmt: skip
    if status < 0:
        return status
    _sort_found(n, marks0, mark, state, best, tables[19], tables[24], tables[25], tables[26],
                tables[27], tables[28])  # fmt: skip
    return 1


def _sort_found(n: int, marks0: Array, mark: Array, state: Array, best: Array, out: Array,
                starts: Array, keys: Array, order: Array, tmp: Array,
                out2: Array) -> None:  # fmt: skip
    """Put the ``best[1]`` conclusions of ``out`` (in scan order) in SE's order, as
    ``Chaining.getHintList`` sorts them (difficulty, which grows with the node count, then
    node count, then ``getSortKey``: :func:`_rank`; stably) and ``getHints`` keeps the first
    of equal removals (``LinkedHashSet``; ``ChainingHint.equals`` compares the removable
    candidates)."""
    count = best[1]
    k = 0
    for i in range(count):
        starts[i] = k
        keys[i] = out[k] * 8 + _rank(out[k + 3])
        order[i] = i
        k += HEAD + out[k + 2]
    _merge_sort(order, count, keys, tmp)
    cands = n * n * n
    state[2] += 1
    stamp = state[2]
    top = 0
    kept = 0
    for i in range(count):
        k = starts[order[i]]
        conclusion = out[k + 1]
        cand = conclusion >> 1
        code = cand
        if conclusion & 1:  # the cell's other digits: one of them alone, or all by the placing
            cell = cand // n
            rest = marks0[cell] & ~(1 << (cand % n))
            code = cands + cand
            if rest & (rest - 1) == 0:
                for d in range(n):
                    if (rest >> d) & 1:
                        code = cell * n + d
        if mark[code] == stamp:
            continue
        mark[code] = stamp
        size = HEAD + out[k + 2]
        for j in range(size):
            out2[top + j] = out[k + j]
        top += size
        kept += 1
    for j in range(top):
        out[j] = out2[j]
    best[1] = kept
    best[2] = top


def _finding_key(out: Array, k: int) -> int:
    """A 62-bit key of the inner conclusion at ``out[k]`` (:func:`_put`'s record): its node
    count, node, kind, subject and the causes of its chains. SE adds an inner chain's count
    once per hint however many of its removals the hint rests on, and once for equal chains
    (``FullChain.equals``: the same targets and chains); two records with the same key stand
    for the same chain."""
    h = 1469598103934665603
    if out[k + 3] >= CYCLE:  # SE's FullChain: the chain itself (its path)
        for i in range(out[k + 4]):
            h = ((h ^ (out[k + HEAD + i] + 1)) * 1099511628211) & _M62
        return int(h)
    size = out[k + 2]
    for i in range(HEAD + size):
        if i != 2:
            h = ((h ^ (out[k + i] + 1)) * 1099511628211) & _M62
    return int(h)


def _adopt(
    n: int,
    cell_units: Array,
    unit_cells: Array,
    se: tuple[Array, ...],
    marks0: Array,
    marks: Array,
    seen: Array,
    pstart: Array,
    plen: Array,
    extra: Array,
    fkey: Array,
    pbuf: Array,
    queue_off: Array,
    ctr: Array,
    out: Array,
    count: int,
    parents: Array,
) -> int:
    """Record a nested rule's ``count`` conclusions from ``out`` in a stalled net, as
    ``Net._advance`` records ``forcing._nested_rule``'s findings.

    Each removes its candidate (or, placing a digit, the cell's other digits) with SE's rule
    parents (``ChainingHint.getRuleParents``: :func:`_held` from the causes it lists; SE's
    level-2 records, :data:`CYCLE` and :data:`CHAIN`, ``se_chains._rule_parents`` from their
    path, with ``se`` its tables), its node count as nested count and its key
    (:func:`_finding_key`) in ``fkey``, so that a hint counts it once; one without parents
    is dropped. A candidate rests on the first conclusion that removes it (``out`` is in
    SE's order).
    Returns :data:`net_rules.MORE` when it recorded something, -1 when not, -2 when the
    parent buffer is full, or the candidate a removal contradicts.
    """
    cap = pbuf.shape[0]
    recorded = False
    k = 0
    for _ in range(count):
        total = out[k]
        conclusion = out[k + 1]
        cells = out[k + 2]
        key = _finding_key(out, k)
        kind = out[k + 3]
        size = 0
        if kind >= CYCLE:
            size = _rule_parents(n, cell_units, unit_cells, marks0, marks, out, k, parents, se)
            first = k + HEAD + out[k + 4]
            last = k + HEAD + cells
            k += HEAD + cells
            if size == 0:
                continue  # SE: "the rule probably already exists without the chain"
        else:
            size = _held(n, unit_cells, marks0, marks, out, k, parents, se)
            k += HEAD + cells
            first = 0
            last = 0
            if size == 0:
                continue  # as above
        cand = conclusion >> 1
        cell = cand // n
        for d in range(n if kind != CYCLE else last - first):
            if kind == CYCLE:
                c = out[first + d]
            else:
                c = cell * n + d
                if conclusion & 1:
                    if c == cand or (marks[cell] >> d) & 1 == 0:
                        continue
                elif c != cand:
                    continue
            if seen[2 * c] != 0:
                continue
            top = ctr[0]
            if top + size > cap:
                return -2
            for j in range(size):
                pbuf[top + j] = parents[j]
            ctr[0] = top + size
            ctr[5] += 1
            seen[2 * c] = ctr[5]
            pstart[2 * c] = top
            plen[2 * c] = size
            extra[2 * c] = total
            fkey[2 * c] = key
            recorded = True
            if seen[2 * c + 1] != 0:
                return int(c)
            queue_off[ctr[4]] = c
            ctr[4] += 1
    return _MORE if recorded else -1


def _held(n: int, unit_cells: Array, marks0: Array, marks: Array, out: Array, k: int,
          parents: Array, se: tuple[Array, ...]) -> int:  # fmt: skip
    """SE's ``ChainingHint.getRuleParents`` for the conclusion at ``out[k]`` (its causes,
    :func:`_mark_causes`) in a net that took ``marks0`` to ``marks``: into ``parents``, how
    many. A naked single rests on what the net removed from its cell, a hidden single on
    the digit's places the net removed from its unit (``collectRuleParents``); in node
    order."""
    state, seenp = se[16], se[19]
    state[5] += 1
    stamp = state[5]
    cands = n * n * n
    size = 0
    for i in range(out[k + 2]):
        code = out[k + HEAD + i]
        cand = code % cands
        size = _cause_parents(cand // n, code // cands - 1, cand % n, n, unit_cells, marks0,
                              marks, parents, size, seenp, stamp)  # fmt: skip
    parents[:size].sort()
    return size


_M62 = (1 << 62) - 1
"""The inner-scan memo's hashes keep 62 bits: the same in numba's wrapping int64 arithmetic
and in Python's unbounded integers (the low bits of a product do not depend on overflow)."""


def _marks_hash(n: int, marks: Array) -> tuple[int, int]:
    """Two independent 62-bit hashes of a stalled net's ``marks`` (the inner-scan memo's key)."""
    h1 = 1469598103934665603
    h2 = 88172645463325252
    for c in range(n * n):
        x = marks[c]
        h1 = ((h1 ^ x) * 1099511628211) & _M62
        h2 = ((h2 ^ (x + c)) * 6364136223846793005 + 1442695040888963407) & _M62
    return h1, h2


def _memo_slot(h1: int, h2: int, keys: Array) -> int:
    """The memo's slot of key (``h1``, ``h2``) (>= 0), or ``-1 - slot`` of the empty slot
    where it would go (open addressing, linear probing; the table is never full)."""
    mask = keys.shape[0] // 2 - 1
    i = h1 & mask
    while True:
        k = keys[2 * i]
        if k == -1:
            return int(-1 - i)
        if k == h1 and keys[2 * i + 1] == h2:
            return int(i)
        i = (i + 1) & mask


def _memo_put(at: int, h1: int, h2: int, out: Array, length: int, count: int, nets: int,
              memo: tuple[Array, ...]) -> None:  # fmt: skip
    """Keep an inner scan's ``count`` conclusions (``out[:length]``) in the free slot ``at``,
    when the table is at most half full and the store has room."""
    keys, values, store, state = memo
    top = state[0]
    if 4 * (state[1] + 1) > keys.shape[0] or top + length > store.shape[0]:
        return
    for i in range(length):
        store[top + i] = out[i]
    keys[2 * at] = h1
    keys[2 * at + 1] = h2
    values[4 * at] = top
    values[4 * at + 1] = length
    values[4 * at + 2] = count
    values[4 * at + 3] = nets
    state[0] = top + length
    state[1] += 1


def _nested_net(
    node: int,
    n: int,
    npeers: int,
    peers: Array,
    cell_units: Array,
    unit_cells: Array,
    marks0: Array,
    flags: int,
    scratch: tuple[Array, ...],
    tables: tuple[Array, ...],
    inner: Array,
    inner_scratch: tuple[Array, ...],
    inner_tables: tuple[Array, ...],
    spent: Array,
    memo: tuple[Array, ...],
    se: tuple[Array, ...],
) -> int:
    """The slot of assumption ``node``'s net at a nesting level, built on first use.

    As :func:`_net` with dynamic plus's rules, and when those find nothing, the ``inner``
    tier's conclusions on the net's marks (:func:`_inner_scan`, :func:`_adopt`), as
    ``forcing._nested_rule`` adds them. ``spent[0]`` counts the nets built, inner ones
    included, against ``spent[1]``. Returns -1 when the pool is full, :data:`_INNER_OVERFLOW`
    when the inner pool is, :data:`_EXHAUSTED` past the budget.

    An inner scan's conclusions depend on nothing but the stalled marks (those it lists
    remove a candidate still in them), so ``memo`` (:class:`_Memo`) keeps them by the
    marks' hashes, across nets, steps and calls: a stall seen before is not scanned again,
    but its nets count against the budget as when it was, so results never depend on what
    the memo holds.
    """
    (slot, seen, pstart, plen, extra, conflict, base, pool, marks, queue_on, queue_off, ctr,
     _, _, _, _, _, state, _, _, _, _, fkey, _, _, _, _, _, _) = tables  # fmt: skip
    s = slot[node]
    if s >= 0:
        return int(s)
    s = _open(node, n, marks0, slot, seen, pstart, plen, pool, marks, queue_on,
              queue_off, ctr, state)  # fmt: skip
    if s < 0:
        return -1
    spent[0] += 1
    if spent[0] > spent[1]:
        return _EXHAUSTED
    nodes = 2 * n * n * n
    row = s * nodes
    for i in range(nodes):
        extra[row + i] = 0
    top = state[1]
    while True:
        result = _grow(
            s, n, npeers, peers, cell_units, unit_cells, marks0, flags, seen, pstart, plen,
            pool, marks, queue_on, queue_off, ctr, state, 1, scratch,
        )  # fmt: skip
        if result != -1:
            break
        h1, h2 = _marks_hash(n, marks)
        # SE's otherRules after the basic ones: level 2's chains (inner[6] 1), or those and
        # then the tier (2, level 3), or the tier alone (0); the first that records wins.
        result = -1
        for part in range(2):
            if (part == 0 and inner[6] == 0) or (part == 1 and inner[6] == 1):
                continue
            if part == 1 and result != -1:
                break
            k1 = h1 if part == 0 or inner[6] == 0 else (h1 * 31 + 7) & _M62
            at = _memo_slot(k1, h2, memo[0])
            if at >= 0:
                values = memo[1]
                start = values[4 * at]
                found = memo[2][start : start + values[4 * at + 1]]
                count = values[4 * at + 2]
                memo[3][2] += 1
                spent[0] += values[4 * at + 3]  # as the scan it stands for: the same budget
                if spent[0] > spent[1]:
                    return _EXHAUSTED
            else:
                # SE's level-2 chains (part 0) or the tier's scan, each into inner_tables[19];
                # what they built, counted and found is read from their own rows
                if part == 0:
                    status = _se_scan(n, npeers, peers, cell_units, unit_cells, marks, se,
                                      inner_tables[19])  # fmt: skip
                    overflow = _SE_OVERFLOW
                    built, count, size = se[16][8], se[16][6], se[16][7]
                else:
                    status = _inner_scan(
                        n, npeers, peers, cell_units, unit_cells, marks, inner, inner_scratch,
                        inner_tables,
                    )  # fmt: skip
                    overflow = _INNER_OVERFLOW
                    built = inner_tables[17][0]
                    count, size = inner_tables[15][1], inner_tables[15][2]
                if status == _OVERFLOW:
                    return overflow
                spent[0] += built
                if spent[0] > spent[1]:
                    return _EXHAUSTED
                found = inner_tables[19][:size]
                _memo_put(-1 - at, k1, h2, found, found.shape[0], count, built, memo)
                memo[3][3] += 1
            result = _adopt(
                n, cell_units, unit_cells, se, marks0, marks, seen[row : row + nodes],
                pstart[row : row + nodes],
                plen[row : row + nodes], extra[row : row + nodes], fkey[row : row + nodes],
                pool[top : top + nodes * (n + 1)], queue_off, ctr, found, count,
                inner_tables[16],
            )  # fmt: skip
        if result != _MORE:
            break
    _finish(s, result, n, seen, conflict, base, pool, queue_on, queue_off, ctr, state)
    return int(s)


def _nested_search(
    n: int,
    npeers: int,
    peers: Array,
    cell_units: Array,
    unit_cells: Array,
    marks0: Array,
    flags: int,
    min_count: int,
    scratch: tuple[Array, ...],
    tables: tuple[Array, ...],
    inner: Array,
    inner_scratch: tuple[Array, ...],
    inner_tables: tuple[Array, ...],
    spent: Array,
    memo: tuple[Array, ...],
    se: tuple[Array, ...],
) -> int:
    """:func:`_search` for a nesting level (a dynamic tier whose nets also run ``inner``).

    Builds first, with :func:`_nested_net`, every net the search asks for (the same ones:
    each assumption of a cell with ``min_count`` digits, on and off, and each place of a
    digit in a unit where such a cell is its first place), then searches among them.
    Returns as :func:`_scan`, or :data:`_INNER_OVERFLOW`, or :data:`_EXHAUSTED`.
    """
    slot, mark, best, state, cellmark = (
        tables[0], tables[12], tables[15], tables[17], tables[20])
    _reset(n, unit_cells, marks0, 1, scratch, slot, mark, state, best, cellmark)
    spent[0] = 0
    for cell in range(n * n):
        mask = marks0[cell]
        count = 0
        for k in range(n):
            if (mask >> k) & 1:
                count += 1
        if count < min_count:
            continue
        for d in range(n):
            if (mask >> d) & 1 == 0:
                continue
            for on in range(2):
                s = _nested_net(
                    2 * (cell * n + d) + on, n, npeers, peers, cell_units, unit_cells, marks0,
                    flags, scratch, tables, inner, inner_scratch, inner_tables, spent, memo, se,
                )  # fmt: skip
                if s < 0:
                    return _OVERFLOW if s == -1 else s
            for r in range(3):
                unit = cell_units[cell * 3 + r]
                first = -1
                size = 0
                for k in range(n):
                    c = unit_cells[unit * n + k]
                    if (marks0[c] >> d) & 1:
                        if first < 0:
                            first = c
                        size += 1
                if size < 2 or first != cell:
                    continue
                for k in range(n):
                    c = unit_cells[unit * n + k]
                    if (marks0[c] >> d) & 1:
                        s = _nested_net(
                            2 * (c * n + d) + 1, n, npeers, peers, cell_units, unit_cells,
                            marks0, flags, scratch, tables, inner, inner_scratch, inner_tables,
                            spent, memo, se,
                        )  # fmt: skip
                        if s < 0:
                            return _OVERFLOW if s == -1 else s
    built = state[0]
    status = _scan(
        n, npeers, peers, cell_units, unit_cells, marks0, flags, 1, 1, 1, min_count, -1, 1,
        scratch, tables, 0,
    )  # fmt: skip
    return status if state[0] == built else _UNPLANNED


_propagate = forcing_net._propagate
_survey = net_rules._survey
_stalled = net_rules._stalled
_MORE = net_rules.MORE
_se_scan = se_chains._se_scan
_rule_parents = se_chains._rule_parents
_merge_sort = se_chains._merge_sort
_cause_parents = se_chains._cause_parents

KERNELS = Kernels(
    (_search, _nested_search, _inner_scan),
    helpers=(
        _open, _grow, _finish, _net, _tally, _tally_pair, _cause, _mark_causes, _worth, _put,
        _rank, _sort_found,
        _common,
        _scan, _reset,
        _finding_key, _held, _adopt, _marks_hash, _memo_slot, _memo_put, _nested_net,
    ),
    uses=(forcing_net.KERNELS, net_rules.KERNELS, se_chains.KERNELS),
)
"""The searches (plain, nested) and the inner scan, compiled or plain as
:mod:`grille.engine._jit` decides; they call the net's propagation and the rules."""


class _Tables:
    """The search's buffers for one grid size, kept between calls."""

    def __init__(self, n: int) -> None:
        nodes = 2 * n * n * n
        self.n = n
        self.nodes = nodes
        self.rows = 0
        self.slot = np.empty(nodes, dtype=np.int32)
        self.seen = np.empty(0, dtype=np.int32)
        self.pstart = np.empty(0, dtype=np.int32)
        self.plen = np.empty(0, dtype=np.int32)
        self.extra = np.empty(0, dtype=np.int32)
        self.conflict = np.empty(0, dtype=np.int64)
        self.base = np.empty(0, dtype=np.int64)
        self.pool = np.empty(max(_POOL, 2 * nodes * (n + 2)), dtype=np.int32)
        self.marks = np.empty(n * n, dtype=np.int64)
        self.queue_on = np.empty(nodes // 2, dtype=np.int32)
        self.queue_off = np.empty(nodes // 2, dtype=np.int32)
        self.ctr = np.zeros(6, dtype=np.int32)
        self.mark = np.zeros(nodes, dtype=np.int32)
        self.stack = np.empty(nodes, dtype=np.int32)
        self.group = np.empty(n, dtype=np.int32)
        self.best = np.zeros(5, dtype=np.int64)
        self.hits = np.empty(nodes, dtype=np.int32)
        self.state = np.zeros(4, dtype=np.int64)
        self.taken = np.zeros(1, dtype=np.int32)  # unused
        self.out = np.empty((nodes // 2) * (HEAD + n * n), dtype=np.int32)
        self.causes = np.zeros((3 * n + 1) * (nodes // 2), dtype=np.int64)
        self.marks0 = np.empty(n * n, dtype=np.int64)
        self.fkey = np.zeros(0, dtype=np.int64)
        self.kseen = np.zeros(n * nodes + 1, dtype=np.int64)
        self._fit_out()

    def _fit_out(self) -> None:
        """The sort's buffers for as many conclusions as ``out`` may hold."""
        records = self.out.shape[0] // HEAD + 1
        self.starts = np.empty(records, dtype=np.int64)
        self.keys = np.empty(records, dtype=np.int64)
        self.order = np.empty(records, dtype=np.int64)
        self.sorttmp = np.empty(records, dtype=np.int64)
        self.out2 = np.empty(self.out.shape[0], dtype=np.int32)

    def grow_out(self) -> None:
        """Double the conclusions' buffer."""
        self.out = np.empty(2 * self.out.shape[0], dtype=np.int32)
        self._fit_out()

    def fit(self, rows: int) -> None:
        """Make room for ``rows`` nets side by side."""
        if rows <= self.rows:
            return
        self.rows = rows
        self.seen = np.empty(rows * self.nodes, dtype=np.int32)
        self.pstart = np.empty(rows * self.nodes, dtype=np.int32)
        self.plen = np.empty(rows * self.nodes, dtype=np.int32)
        self.extra = np.zeros(rows * self.nodes, dtype=np.int32)  # see _net
        self.fkey = np.zeros(rows * self.nodes, dtype=np.int64)  # read where extra is not 0
        self.conflict = np.empty(rows, dtype=np.int64)
        self.base = np.empty(3 * rows, dtype=np.int64)

    def grow(self) -> None:
        """Double the parent pool and the conclusions' buffer."""
        self.pool = np.empty(2 * self.pool.shape[0], dtype=np.int32)
        self.grow_out()

    def all(self) -> tuple[Array, ...]:
        """The buffers in the order the kernels unpack them."""
        return (
            self.slot, self.seen, self.pstart, self.plen, self.extra, self.conflict, self.base,
            self.pool, self.marks, self.queue_on, self.queue_off, self.ctr, self.mark,
            self.stack, self.group, self.best, self.hits, self.state, self.taken, self.out,
            self.causes, self.marks0, self.fkey, self.kseen, self.starts, self.keys, self.order,
            self.sorttmp, self.out2,
        )  # fmt: skip


@per_thread
def _tables(n: int, *, inner: bool = False) -> _Tables:
    """This thread's tables for grids of side ``n`` (a search's, or its nested rules')."""
    return _Tables(n)


@per_thread
def _inner_rules(n: int) -> net_rules.RuleTables:
    """This thread's rule scratch for the nets of nested rules' inner tiers."""
    return net_rules.RuleTables(n)


MEMO_SLOTS = 1 << 18
"""Slots of an inner-scan memo's hash table (it keeps at most a quarter of them)."""

MEMO_STORE = 1 << 23
"""Entries (int32) of an inner-scan memo's store of conclusions."""


class _Memo:
    """Inner-scan results by the stalled marks' hashes, for one grid size and inner tier
    (see :func:`_nested_net`), kept between calls: the next step's search meets most of
    the same stalls again. Emptied when it fills up."""

    def __init__(self, slots: int = MEMO_SLOTS, store: int = MEMO_STORE) -> None:
        self.keys = np.full(2 * slots, -1, dtype=np.int64)
        self.values = np.zeros(4 * slots, dtype=np.int64)
        self.store = np.empty(store, dtype=np.int32)
        self.state = np.zeros(4, dtype=np.int64)
        """Store top, entries, hits, misses."""

    def __repr__(self) -> str:
        top, entries, hits, misses = (int(x) for x in self.state)
        return f"<_Memo {entries} stalls, {top} ints kept; {hits} hits, {misses} misses>"

    def ready(self) -> tuple[Array, ...]:
        """The arrays the kernels take, emptied first when nearly full."""
        top, entries = int(self.state[0]), int(self.state[1])
        if 5 * entries > self.keys.shape[0] or 10 * top > 9 * self.store.shape[0]:
            self.clear()
        return self.keys, self.values, self.store, self.state

    def clear(self) -> None:
        """Forget every entry."""
        self.keys.fill(-1)
        self.state.fill(0)


@per_thread
def _memos() -> dict[tuple[int, Inner], _Memo]:
    """This thread's inner-scan memos, by grid side and inner tier."""
    return {}


def memo(n: int, inner: Inner) -> _Memo:
    """This thread's inner-scan memo for grids of side ``n`` and tier ``inner``."""
    memos = _memos()
    found = memos.get((n, inner))
    if found is None:
        found = memos[(n, inner)] = _Memo()
    return found


@dataclass(frozen=True, slots=True)
class Inner:
    """The tier a nesting level runs inside its stalled nets (see ``forcing._INNER``)."""

    flags: int
    contradiction: bool
    double: bool
    multiple: bool
    min_count: int
    rules: bool
    se: int = 0
    """SE's level-2 inner tier (:mod:`se_chains`: static forcing chains and cycles): 1 instead
    of this tier (level 2), 2 first and this tier only when it records nothing (level 3, as
    SE's ``otherRules`` list ``Chaining(false, false, false, 0)`` before ``Chaining(true,
    false, false, 0)``)."""

    def array(self) -> Array:
        """The tier as the kernels read it."""
        fields = (self.flags, self.contradiction, self.double, self.multiple, self.min_count,
                  self.rules, self.se)  # fmt: skip
        return np.array([int(x) for x in fields], dtype=np.int64)


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
    inner: Inner | None = None,
    budget: int = 0,
) -> Winner | None:
    """The tier's first conclusion with the fewest nodes on ``marks``, or ``None``.

    With ``rules``, stalled nets apply dynamic plus's basic rules (:mod:`rules`). With
    ``inner`` (a nesting level: a dynamic tier with contradiction, double and multiple),
    they then also add the ``inner`` tier's conclusions, and raise :class:`NetBudgetError`
    when the search would build more than ``budget`` nets, nested ones included (as
    ``forcing`` counts).
    """
    n = topo.n
    size = 2 * sum(mask.bit_count() for mask in marks)
    tables = _tables(n)
    tables.fit(size)
    marks0 = np.array(marks, dtype=np.int64)
    search, nested = KERNELS.search, KERNELS.nested_search
    scratch = net_rules.rule_tables(n).scratch(topo.shape)
    if inner is not None:
        inner_tables = _tables(n, inner=True)
        inner_tables.fit(size)
        inner_scratch = _inner_rules(n).scratch(topo.shape)
        spent = np.array([0, budget], dtype=np.int64)
        kept = memo(n, inner).ready()
        se = se_chains.se_tables(n)
    while True:
        if inner is None:
            status = search(
                n, topo.npeers, topo.peers, topo.cell_units, topo.unit_cells, marks0, flags,
                int(contradiction), int(double), int(multiple), min_count, only_digit,
                int(rules), scratch, tables.all(),
            )  # fmt: skip
        else:
            status = nested(
                n, topo.npeers, topo.peers, topo.cell_units, topo.unit_cells, marks0, flags,
                min_count, scratch, tables.all(), inner.array(), inner_scratch,
                inner_tables.all(), spent, kept, se.all(),
            )  # fmt: skip
        if inner is not None:
            tables.extra[: int(tables.state[0]) * tables.nodes] = 0  # as _net expects it
        if status == _OVERFLOW:
            tables.grow()
        elif status == _INNER_OVERFLOW:
            inner_tables.grow()
        elif status == _SE_OVERFLOW:
            se = se_chains.se_tables(n, grow=True)
            inner_tables.grow_out()
        else:
            break
    if status == _UNPLANNED:
        raise RuntimeError("the nested search asked for a net it had not built")
    if status == _EXHAUSTED:
        raise NetBudgetError(budget)
    if status == 0:
        return None
    nodes, kind, conclusion, a, b = (int(x) for x in tables.best)
    subject = (a, b) if kind == REGION else (a,)
    return Winner(nodes, kind, conclusion, subject)


@dataclass(frozen=True, slots=True)
class Finding:
    """One conclusion of a nested rule's inner tier on a stalled net: its node count, node,
    kind and subject (as :class:`Winner`'s), the net's removals it rests on (parents) and, for
    SE's level 2, the cells of its chain."""

    nodes: int
    conclusion: int
    kind: int
    subject: tuple[int, ...]
    parents: tuple[int, ...]
    cells: tuple[int, ...] = ()
    path: tuple[int, ...] = ()
    """SE's level-2 chain or cycle (:data:`CHAIN`, :data:`CYCLE`): its nodes, source first."""
    removed: tuple[int, ...] = ()
    """What SE's level-2 hint removes (a cycle removes several candidates)."""
    causes: tuple[int, ...] = ()
    """The causes of its chains' on nodes (levels 3-5, :func:`_mark_causes`'s codes)."""

    def removals(self, n: int, marks: Sequence[int]) -> list[int]:
        """The candidates it removes from ``marks`` (a placement: the cell's other digits)."""
        if self.kind == CYCLE:
            return list(self.removed)
        cand = self.conclusion >> 1
        if not self.conclusion & 1:
            return [cand]
        cell = cand // n
        return [cell * n + d for d in range(n) if d != cand % n and marks[cell] >> d & 1]


def nested_findings(
    topo: Topology, inner: Inner, marks0: Array, marks: Array, seen: Array
) -> list[Finding]:
    """What ``forcing._nested_rule`` finds on a stalled net's ``marks`` (board ``marks0``),
    compiled: each ``inner`` conclusion in SE's order with SE's rule parents (those without
    dropped), as :func:`_adopt` takes them. ``seen`` (the net's nodes) is not needed: the
    conclusions remove candidates still in ``marks``."""
    n = topo.n
    tables = _tables(n, inner=True)
    tables.fit(2 * int(sum(int(m).bit_count() for m in marks)))
    if inner.se == 1:
        return _se_findings(topo, tables, marks0, marks)
    scratch = _inner_rules(n).scratch(topo.shape)
    scan = KERNELS.inner_scan
    now = np.asarray(marks, dtype=np.int64)
    while scan(
        n, topo.npeers, topo.peers, topo.cell_units, topo.unit_cells, now, inner.array(),
        scratch, tables.all(),
    ) == _OVERFLOW:  # fmt: skip
        tables.grow()
    out = tables.out[: tables.best[2]].tolist()
    found: list[Finding] = []
    k = 0
    for _ in range(int(tables.best[1])):
        total, conclusion, size, kind, a, b = out[k : k + HEAD]
        causes = tuple(out[k + HEAD : k + HEAD + size])
        k += HEAD + size
        parents = rule_parents(topo, causes, marks0, marks)
        if parents:
            subject = (a, b) if kind == REGION else (a,)
            found.append(Finding(total, conclusion, kind, subject, parents, causes=causes))
    return found


def rule_parents(
    topo: Topology, causes: Sequence[int], marks0: Sequence[int], marks: Sequence[int]
) -> tuple[int, ...]:
    """SE's rule parents (``ChainingHint.collectRuleParents``) of an inner conclusion with
    these causes (:func:`_mark_causes`'s codes) in a net that took ``marks0`` to ``marks``:
    for a naked single the digits the net removed from its cell, for a hidden single the
    places of its digit the net removed from its unit (as :func:`_held`, in node order)."""
    n = topo.n
    cands = n * n * n
    held: dict[int, None] = {}
    for code in causes:
        unit, cand = divmod(code, cands)
        cell, d = divmod(cand, n)
        if unit == 0:
            gone = int(marks0[cell]) & ~int(marks[cell])
            held.update((2 * (cell * n + e), None) for e in range(n) if gone >> e & 1)
        else:
            held.update(
                (2 * (c * n + d), None)
                for c in topo.units[unit - 1]
                if int(marks0[c]) >> d & 1 and not int(marks[c]) >> d & 1
            )
    return tuple(sorted(held))


def nested_removals(
    topo: Topology, inner: Inner, marks0: Array, marks: Array, seen: Array
) -> list[tuple[int, tuple[int, ...], int]]:
    """:func:`nested_findings` as a net's rule gives them: each removal with its parents and
    node count (``Net._advance`` records them)."""
    now = np.asarray(marks, dtype=np.int64).tolist()
    return [
        (cand, finding.parents, finding.nodes)
        for finding in nested_findings(topo, inner, marks0, marks, seen)
        for cand in finding.removals(topo.n, now)
    ]


def _se_findings(topo: Topology, tables: _Tables, marks0: Array, marks: Array) -> list[Finding]:
    """SE's level-2 inner hints on a stalled net's ``marks`` (board ``marks0``), in SE's
    order, each with SE's rule parents; those without parents are dropped (as
    :func:`_adopt` does)."""
    n = topo.n
    now = np.asarray(marks, dtype=np.int64)
    start = np.asarray(marks0, dtype=np.int64)
    se = se_chains.se_tables(n)
    kernels = se_chains.KERNELS
    while kernels.se_scan(
        n, topo.npeers, topo.peers, topo.cell_units, topo.unit_cells, now, se.all(), tables.out
    ) == _OVERFLOW:  # fmt: skip
        se = se_chains.se_tables(n, grow=True)
        tables.grow_out()
    count, end = int(se.state[6]), int(se.state[7])
    out = tables.out[:end].copy()
    parents = np.empty(2 * n * n * n, dtype=np.int32)
    found: list[Finding] = []
    k = 0
    for _ in range(count):
        total, conclusion, size, kind, m, links = (int(x) for x in out[k : k + HEAD])
        path = tuple(int(x) for x in out[k + HEAD : k + HEAD + m])
        removed = tuple(int(x) for x in out[k + HEAD + m : k + HEAD + size])
        got = kernels.rule_parents(
            n, topo.cell_units, topo.unit_cells, start, now, out, k, parents, se.all()
        )
        k += HEAD + size
        if got == 0:
            continue
        cells = tuple(sorted({(x >> 1) // n for x in path}))
        held = tuple(int(p) for p in parents[:got])
        found.append(Finding(total, conclusion, kind, (m, links), held, cells, path, removed))
    return found
