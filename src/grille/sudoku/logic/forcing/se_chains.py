"""SE's level-2 inner tier, compiled: static forcing chains and bidirectional cycles.

What Sudoku Explainer's nested level 2 (``Chaining(true, true, false, 2)``, 9.5) runs inside a
stalled net is ``Chaining(false, false, false, 0)``, "Forcing Chains & Cycles"
(``Chaining.getHintList`` with neither multiple nor dynamic). Read in SE 1.2.1.3's source
(commit 464e614, ``diuf.sudoku.solver.rules.chaining``), and done here the same way:

- ``getLoopHintList`` runs three passes over the grid, x-links only, y-links only, then both;
  each tries every candidate of every cell with two or more (``cardinality > 1``), in cell
  order, digits ascending, with ``doUnaryChaining``. The y-only pass starts only from
  bivalue cells and finds nothing: y-links never leave a cell, so a cycle of them has two
  nodes and a "Forcing Y-Chain" does not exist (SE's own comment); it is skipped here.
- The links are static, read on the stalled marks and never changed by the search
  (``getOnToOff``: the cell's other digits with y-links, then the digit's other places in
  box, row and column, in that order; ``getOffToOn``: the cell's other digit when it has two,
  then, for box, row and column, the unit's other place when the digit has two). A node has
  one parent, the node that first reached it.
- ``doCycles`` (from the candidate assumed on) is a breadth-first search by layers that
  does **not** merge off nodes: every on node hands each off node it implies to the next
  layer unless that off node is among its own ancestors (``isParent``); on nodes are merged
  (the first reach wins). An off node that implies the source on again, at layer 4 or more,
  closes a cycle. ``createCycleHint`` removes a candidate outside the cycle's cells that sees
  both an on and an off node of its digit on the cycle.
- ``doForcingChains`` (x-links, and y-links in the both pass; once from the candidate on,
  once from it off) is the same search merging every node, and it does not stop at other
  conflicts: the first node that is the source's own conjugate gives the chain ("p on implies
  p off": p goes; "p off implies p on": the cell's other digits go).
- Node counts (``getFlatComplexity``): a cycle's distinct nodes (its source once), a chain's
  nodes. Difficulty (``CycleHint.getDifficulty``, ``ForcingChainHint.getDifficulty``): 6.5
  for an x-cycle, 6.6 for an x-chain, 7.0 for either with x- and y-links, plus SE's length
  increment. The hints are sorted by difficulty, then node count, then kind (x 2, xy 4,
  ``getSortKey``), stably, and equal removals keep the first (``getHints``' ``LinkedHashSet``:
  ``ChainingHint.equals`` compares removable candidates).

The outer net then takes them in that order (:func:`rule_parents` gives each its parents,
``ChainingHint.getRuleParents``; one without is dropped), so a candidate rests on the first
hint that removes it.

:func:`_se_scan` writes the hints as :mod:`tier_kernel`'s nested records: node count,
conclusion, length, kind (:data:`CYCLE`, :data:`CHAIN`), the path's length and the links
(:data:`X_ONLY`, :data:`XY`), then the path from the source to its end (for a cycle, back to
the source) and the candidates removed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from grille.engine._jit import Kernels, per_thread
from grille.sudoku.logic.chains.cycles import _increment
from grille.sudoku.logic.forcing.rules import _bits

__all__ = ["CHAIN", "CYCLE", "KERNELS", "XY", "X_ONLY", "SeTables", "se_tables"]

CYCLE, CHAIN = 4, 5
"""Kinds of nested record beyond :mod:`tier_kernel`'s four: a bidirectional cycle, a forcing
chain (SE's ``CycleHint``, ``ForcingChainHint``)."""

X_ONLY, XY = 1, 3
"""Links a record's chain uses: x-links only, x- and y-links."""

HEAD = 6
"""Entries of a record before its path (as :data:`tier_kernel.HEAD`)."""

_OVERFLOW = -3
"""Status: a buffer is too small (the caller grows them and asks again)."""

Array = Any
"""A NumPy integer array."""


def _on_to_off(cand: int, n: int, npeers: int, peers: Array, marks: Array, y: int,
               res: Array) -> int:  # fmt: skip
    """SE's ``getOnToOff``: the candidates ``cand`` on turns off, into ``res``; how many."""
    cell = cand // n
    d = cand % n
    k = 0
    if y:
        for e in range(n):
            if e != d and (marks[cell] >> e) & 1:
                res[k] = cell * n + e
                k += 1
    for i in range(npeers):
        c = peers[cell * npeers + i]
        if (marks[c] >> d) & 1:
            res[k] = c * n + d
            k += 1
    return k


def _off_to_on(cand: int, n: int, cell_units: Array, unit_cells: Array, marks: Array, y: int,
               res: Array) -> int:  # fmt: skip
    """SE's ``getOffToOn`` (x-links always): the candidates ``cand`` off turns on; how many."""
    cell = cand // n
    d = cand % n
    k = 0
    m = marks[cell]
    if y and _bits(m) == 2:
        for e in range(n):
            if e != d and (m >> e) & 1:
                res[k] = cell * n + e
                k += 1
    for r in range(3):
        unit = cell_units[cell * 3 + r]
        count = 0
        other = -1
        for j in range(n):
            c = unit_cells[unit * n + j]
            if (marks[c] >> d) & 1:
                count += 1
                if c != cell:
                    other = c
        if count == 2 and other >= 0:
            x = other * n + d
            known = False
            for i in range(k):
                if res[i] == x:
                    known = True
            if not known:
                res[k] = x
                k += 1
    return k


def _ancestor(e: int, node: int, ent_node: Array, ent_par: Array) -> bool:
    """SE's ``isParent``: whether ``node`` is among entry ``e``'s ancestors."""
    x = ent_par[e]
    while x >= 0:
        if ent_node[x] == node:
            return True
        x = ent_par[x]
    return False


def _record(end: int, kind: int, links: int, n: int, npeers: int, peers: Array, marks: Array,
            t: tuple[Array, ...]) -> int:  # fmt: skip
    """Append the hint ending at entry ``end`` to the raw records; 0, or -3 when full.

    A hint that removes nothing (``isWorth``) is left out."""
    (ent_node, ent_par, _, _, _, _, _, cellstamp, forw, back, hstart, hkey, hhash, _, raw,
     path, state, _, _, _) = t  # fmt: skip
    # The path, source first.
    m = 0
    x = end
    while x >= 0:
        path[m] = ent_node[x]
        m += 1
        x = ent_par[x]
    for i in range(m // 2):
        path[i], path[m - 1 - i] = path[m - 1 - i], path[i]
    top = state[3]
    h = state[4]
    if h >= hstart.shape[0] or top + HEAD + m + n * n + n > raw.shape[0]:
        return _OVERFLOW
    at = top + HEAD + m
    nrem = 0
    target = path[m - 1]
    if kind == CHAIN:
        total = m
        cand = target >> 1
        if target & 1:
            cell = cand // n
            for d in range(n):
                if d != cand % n and (marks[cell] >> d) & 1:
                    raw[at + nrem] = cell * n + d
                    nrem += 1
            conclusion = target
        else:
            raw[at] = cand
            nrem = 1
            conclusion = target
        base = 66 if links == X_ONLY else 70
    else:
        total = m - 1
        state[5] += 1
        stamp = state[5]
        for i in range(m):
            cellstamp[(path[i] >> 1) // n] = stamp
        for i in range(1, m):
            node = path[i]
            cand = node >> 1
            cell = cand // n
            d = cand % n
            for j in range(npeers):
                c = peers[cell * npeers + j]
                if cellstamp[c] != stamp and (marks[c] >> d) & 1:
                    if node & 1:
                        forw[c * n + d] = stamp
                    else:
                        back[c * n + d] = stamp
        for c in range(n * n):
            if marks[c] == 0:
                continue
            for d in range(n):
                x = c * n + d
                if forw[x] == stamp and back[x] == stamp:
                    if top + HEAD + m + nrem + 1 > raw.shape[0]:
                        return _OVERFLOW
                    raw[at + nrem] = x
                    nrem += 1
        if nrem == 0:
            return 0
        conclusion = 2 * raw[at]
        base = 65 if links == X_ONLY else 70
    raw[top] = total
    raw[top + 1] = conclusion
    raw[top + 2] = m + nrem
    raw[top + 3] = kind
    raw[top + 4] = m
    raw[top + 5] = links
    for i in range(m):
        raw[top + HEAD + i] = path[i]
    rh = 1469598103934665603
    for i in range(nrem):
        rh = ((rh ^ (int(raw[at + i]) + 1)) * 1099511628211) & _M62
    hstart[h] = top
    hkey[h] = ((base + _increment(total)) * 1000000 + total) * 8 + (2 if links == X_ONLY
                                                                          else 4)
    hhash[h] = rh
    state[3] = top + HEAD + m + nrem
    state[4] = h + 1
    return 0


def _cycles(src: int, y: int, n: int, npeers: int, peers: Array, cell_units: Array,
            unit_cells: Array, marks: Array, t: tuple[Array, ...]) -> int:  # fmt: skip
    """SE's ``doCycles`` from candidate ``src`` on (x-links, and y-links with ``y``): each
    cycle found becomes a hint; 0, or -3 when a buffer is full."""
    (ent_node, ent_par, ton, _, pend_on, pend_off, res, _, _, _, _, _, _, _, _, _,
     state, _, _, _) = t  # fmt: skip
    state[0] += 1
    stamp = state[0]
    links = XY if y else X_ONLY
    cap = ent_node.shape[0]
    ent_node[0] = 2 * src + 1
    ent_par[0] = -1
    used = 1
    ton[src] = stamp
    pend_on[0] = 0
    non = 1
    noff = 0
    length = 0
    while non > 0 or noff > 0:
        length += 1
        noff = 0
        for i in range(non):
            e = pend_on[i]
            k = _on_to_off(ent_node[e] >> 1, n, npeers, peers, marks, y, res)
            for j in range(k):
                off = 2 * res[j]
                if _ancestor(e, off, ent_node, ent_par):
                    continue
                if used >= cap or noff >= pend_off.shape[0]:
                    return _OVERFLOW
                ent_node[used] = off
                ent_par[used] = e
                pend_off[noff] = used
                noff += 1
                used += 1
        non = 0
        length += 1
        for i in range(noff):
            f = pend_off[i]
            k = _off_to_on(ent_node[f] >> 1, n, cell_units, unit_cells, marks, y, res)
            for j in range(k):
                x = res[j]
                if length >= 4 and x == src:
                    if used >= cap:
                        return _OVERFLOW
                    ent_node[used] = 2 * x + 1
                    ent_par[used] = f
                    used += 1
                    if _record(used - 1, CYCLE, links, n, npeers, peers, marks, t) < 0:
                        return _OVERFLOW
                if ton[x] != stamp:
                    if used >= cap or non >= pend_on.shape[0]:
                        return _OVERFLOW
                    ton[x] = stamp
                    ent_node[used] = 2 * x + 1
                    ent_par[used] = f
                    pend_on[non] = used
                    non += 1
                    used += 1
        noff = 0
    return 0


def _chain(source: int, y: int, n: int, npeers: int, peers: Array, cell_units: Array,
           unit_cells: Array, marks: Array, t: tuple[Array, ...]) -> int:  # fmt: skip
    """SE's ``doForcingChains`` from node ``source``: the first path to its conjugate becomes
    a hint; 0, or -3 when a buffer is full."""
    (ent_node, ent_par, ton, toff, pend_on, pend_off, res, _, _, _, _, _, _, _, _, _,
     state, _, _, _) = t  # fmt: skip
    state[0] += 1
    stamp = state[0]
    links = XY if y else X_ONLY
    src = source >> 1
    cap = ent_node.shape[0]
    ent_node[0] = source
    ent_par[0] = -1
    used = 1
    non = 0
    noff = 0
    if source & 1:
        ton[src] = stamp
        pend_on[0] = 0
        non = 1
    else:
        toff[src] = stamp
        pend_off[0] = 0
        noff = 1
    while non > 0 or noff > 0:
        if non > 0:
            for i in range(non):
                e = pend_on[i]
                k = _on_to_off(ent_node[e] >> 1, n, npeers, peers, marks, y, res)
                for j in range(k):
                    x = res[j]
                    if used >= cap:
                        return _OVERFLOW
                    if source & 1 and x == src:
                        ent_node[used] = 2 * x
                        ent_par[used] = e
                        used += 1
                        return _record(used - 1, CHAIN, links, n, npeers, peers, marks, t)
                    if toff[x] == stamp or _ancestor(e, 2 * x, ent_node, ent_par):
                        continue
                    if noff >= pend_off.shape[0]:
                        return _OVERFLOW
                    toff[x] = stamp
                    ent_node[used] = 2 * x
                    ent_par[used] = e
                    pend_off[noff] = used
                    noff += 1
                    used += 1
            non = 0
        nxt = 0
        for i in range(noff):
            f = pend_off[i]
            k = _off_to_on(ent_node[f] >> 1, n, cell_units, unit_cells, marks, y, res)
            for j in range(k):
                x = res[j]
                if used >= cap:
                    return _OVERFLOW
                if not source & 1 and x == src:
                    ent_node[used] = 2 * x + 1
                    ent_par[used] = f
                    used += 1
                    return _record(used - 1, CHAIN, links, n, npeers, peers, marks, t)
                if ton[x] != stamp:
                    if nxt >= pend_on.shape[0]:
                        return _OVERFLOW
                    ton[x] = stamp
                    ent_node[used] = 2 * x + 1
                    ent_par[used] = f
                    pend_on[nxt] = used
                    nxt += 1
                    used += 1
        noff = 0
        non = nxt
    return 0


def _se_scan(n: int, npeers: int, peers: Array, cell_units: Array, unit_cells: Array,
             marks: Array, t: tuple[Array, ...], out: Array) -> int:  # fmt: skip
    """SE's level-2 inner hints on ``marks``, sorted and with equal removals merged, into
    ``out`` as nested records (see the module); ``state[6]`` their count, ``state[7]`` the end
    of ``out``, ``state[8]`` the unary searches run. Returns 1, or -3 when a buffer is full."""
    (_, _, _, _, _, _, _, _, _, _, hstart, hkey, hhash, order, raw, _, state, sorttmp, hset,
     _) = t  # fmt: skip
    state[3] = 0
    state[4] = 0
    state[8] = 0
    for which in range(2):
        y = which  # the x pass, then x and y (the y-only pass finds nothing)
        for cell in range(n * n):
            if _bits(marks[cell]) < 2:
                continue
            for d in range(n):
                if (marks[cell] >> d) & 1 == 0:
                    continue
                cand = cell * n + d
                state[8] += 1
                if _cycles(cand, y, n, npeers, peers, cell_units, unit_cells, marks, t) < 0:
                    return _OVERFLOW
                for on in range(1, -1, -1):
                    status = _chain(2 * cand + on, y, n, npeers, peers, cell_units, unit_cells,
                                    marks, t)  # fmt: skip
                    if status < 0:
                        return _OVERFLOW
    count = state[4]
    for i in range(count):
        order[i] = i
    _merge_sort(order, count, hkey, sorttmp)
    # Equal removals keep the first (getHints' LinkedHashSet): a set of removal hashes.
    mask = hset.shape[0] - 1
    for i in range(hset.shape[0]):
        hset[i] = -1
    k = 0
    kept = 0
    for i in range(count):
        h = order[i]
        at = hhash[h] & mask
        same = False
        while hset[at] != -1:
            if hset[at] == hhash[h]:
                same = True
                break
            at = (at + 1) & mask
        if same:
            continue
        hset[at] = hhash[h]
        start = hstart[h]
        size = HEAD + raw[start + 2]
        if k + size > out.shape[0]:
            return _OVERFLOW
        for j in range(size):
            out[k + j] = raw[start + j]
        k += size
        kept += 1
    state[6] = kept
    state[7] = k
    return 1


def _merge_sort(order: Array, count: int, key: Array, tmp: Array) -> None:
    """Sort ``order[:count]`` by ``key``, stably (bottom-up merges through ``tmp``)."""
    width = 1
    spare = 0
    while width < count:
        lo = 0
        while lo < count:
            mid = min(lo + width, count)
            hi = min(lo + 2 * width, count)
            i, j, k = lo, mid, 0
            while i < mid and j < hi:
                if key[order[j]] < key[order[i]]:
                    tmp[spare + k] = order[j]
                    j += 1
                else:
                    tmp[spare + k] = order[i]
                    i += 1
                k += 1
            while i < mid:
                tmp[spare + k] = order[i]
                i += 1
                k += 1
            while j < hi:
                tmp[spare + k] = order[j]
                j += 1
                k += 1
            for x in range(k):
                order[lo + x] = tmp[spare + x]
            lo = hi
        width *= 2


def _region_of(a: int, b: int, d: int, need_two: int, n: int, cell_units: Array,
               unit_cells: Array, marks: Array) -> int:  # fmt: skip
    """The first of box, row, column holding cells ``a`` and ``b`` (with ``need_two``, one
    where digit ``d`` has just those two places), or -1."""
    for r in range(3):
        unit = cell_units[a * 3 + r]
        has = False
        count = 0
        for j in range(n):
            c = unit_cells[unit * n + j]
            if c == b:
                has = True
            if (marks[c] >> d) & 1:
                count += 1
        if has and (not need_two or count == 2):
            return int(unit)
    return -1


def _cause_parents(cell: int, unit: int, d: int, n: int, unit_cells: Array, marks0: Array,
                   marks: Array, parents: Array, size: int, seenp: Array,
                   stamp: int) -> int:  # fmt: skip
    """Add to ``parents[size:]`` the outer net's removals a cause rests on: the cell's
    (``unit`` < 0, a naked single) or digit ``d``'s places in ``unit`` (a hidden single)."""
    if unit < 0:
        gone = marks0[cell] & ~marks[cell]
        for e in range(n):
            if (gone >> e) & 1:
                x = cell * n + e
                if seenp[x] != stamp:
                    seenp[x] = stamp
                    parents[size] = 2 * x
                    size += 1
        return size
    for j in range(n):
        c = unit_cells[unit * n + j]
        if (marks0[c] >> d) & 1 and not (marks[c] >> d) & 1:
            x = c * n + d
            if seenp[x] != stamp:
                seenp[x] = stamp
                parents[size] = 2 * x
                size += 1
    return size


def _rule_parents(n: int, cell_units: Array, unit_cells: Array, marks0: Array, marks: Array,
                  out: Array, k: int, parents: Array, t: tuple[Array, ...]) -> int:  # fmt: skip
    """SE's ``ChainingHint.getRuleParents`` for the record at ``out[k]`` (a :data:`CYCLE` or
    :data:`CHAIN`) in a net that took ``marks0`` to ``marks``: into ``parents``, how many.

    Each on node of the chain with a cause (not the source) rests on what the outer net
    removed where its cause looks: a naked single (the other digit of a bivalue cell) on the
    cell's removed digits, a hidden single (the other place of a digit in a unit) on the
    digit's removed places in that unit. A cycle's reversed chain (``getReversedCycle``)
    turns each off node on with the cause of the link that reached it: for the on-to-off
    link from the same cell a naked single, from another cell the first of box, row and
    column holding both.
    """
    state, seenp = t[16], t[19]
    state[5] += 1
    stamp = state[5]
    kind = out[k + 3]
    m = out[k + 4]
    size = 0
    for i in range(1, m):
        node = out[k + HEAD + i]
        prev = out[k + HEAD + i - 1]
        if not node & 1 and kind != CYCLE:
            continue
        cand = node >> 1
        cell = cand // n
        pcell = (prev >> 1) // n
        d = cand % n
        if pcell == cell:
            unit = -1
        else:
            unit = _region_of(cell, pcell, d, node & 1, n, cell_units, unit_cells, marks)
        size = _cause_parents(cell, unit, d, n, unit_cells, marks0, marks, parents, size,
                              seenp, stamp)  # fmt: skip
    return size


_M62 = (1 << 62) - 1
"""Hashes keep 62 bits (as :mod:`tier_kernel`'s)."""

KERNELS = Kernels(
    (_se_scan, _rule_parents),
    helpers=(
        _bits, _on_to_off, _off_to_on, _ancestor, _increment, _record, _cycles, _chain,
        _merge_sort, _region_of, _cause_parents,
    ),
)
"""The scan and the parent rule, compiled or plain as :mod:`grille.engine._jit` decides."""


class SeTables:
    """The scan's buffers for one grid size, kept between calls (``grow`` doubles them)."""

    def __init__(self, n: int, scale: int = 1) -> None:
        cands = n * n * n
        entries = scale * cands * (4 * n + 4)
        self.n = n
        self.scale = scale
        self.ent_node = np.empty(entries, dtype=np.int32)
        self.ent_par = np.empty(entries, dtype=np.int32)
        self.ton = np.zeros(cands, dtype=np.int64)
        self.toff = np.zeros(cands, dtype=np.int64)
        self.pend_on = np.empty(entries, dtype=np.int32)
        self.pend_off = np.empty(entries, dtype=np.int32)
        self.res = np.empty(4 * n + 4, dtype=np.int32)
        self.cellstamp = np.zeros(n * n, dtype=np.int64)
        self.forw = np.zeros(cands, dtype=np.int64)
        self.back = np.zeros(cands, dtype=np.int64)
        hints = scale * 8 * cands
        self.hstart = np.empty(hints, dtype=np.int64)
        self.hkey = np.empty(hints, dtype=np.int64)
        self.hhash = np.empty(hints, dtype=np.int64)
        self.order = np.empty(hints, dtype=np.int64)
        self.raw = np.empty(scale * 64 * cands + 2 * hints, dtype=np.int64)
        self.path = np.empty(entries, dtype=np.int32)
        self.state = np.zeros(9, dtype=np.int64)
        self.sorttmp = np.empty(hints, dtype=np.int64)
        self.hset = np.empty(1 << (2 * hints - 1).bit_length(), dtype=np.int64)
        self.seenp = np.zeros(cands, dtype=np.int64)

    def all(self) -> tuple[Array, ...]:
        """The buffers in the order the kernels unpack them."""
        return (
            self.ent_node, self.ent_par, self.ton, self.toff, self.pend_on, self.pend_off,
            self.res, self.cellstamp, self.forw, self.back, self.hstart, self.hkey, self.hhash,
            self.order, self.raw, self.path, self.state, self.sorttmp, self.hset, self.seenp,
        )  # fmt: skip


@per_thread
def _tables(n: int) -> list[SeTables]:
    """This thread's scan buffers for grids of side ``n`` (in a list, to grow in place)."""
    return [SeTables(n)]


def se_tables(n: int, *, grow: bool = False) -> SeTables:
    """This thread's scan buffers for side ``n``; with ``grow``, twice as big as before."""
    held = _tables(n)
    if grow:
        held[0] = SeTables(n, 2 * held[0].scale)
    return held[0]
