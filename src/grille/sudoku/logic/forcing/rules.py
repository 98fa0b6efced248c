"""Dynamic plus's rules, compiled: what a stalled net may still remove.

When a dynamic-plus net stalls, :mod:`net` applies its :data:`BASIC_RULES` in order (locked
candidates, then hidden pair, naked pair and X-Wing, SE's ``otherRules``) and goes on with the
first that removes a candidate the net has not reached. This module runs the same rules in
numba kernels on the net's own tables, for :mod:`tier_kernel`'s one-call search:

- :func:`_rule` lists one rule's new removals, each with its parent nodes, in the very order
  (and with the very parents) of the Python rule, leaving out candidates the net already knows
  and repeats (a :class:`~grille.sudoku.logic.forcing.net.Net` would skip them);
- :func:`_stalled` finds the first rule with something new and records its removals as
  ``Net._record`` does (same buffers, same discovery order, same contradiction check).

Two shortcuts keep the answers the same. Subsets and fish are searched depth first, dropping a
partial group once its union is already too big (the groups kept come in the order of
``itertools.combinations``). And a rule that finds nothing on the board itself
(:func:`_survey`, once per search) finds nothing in a net's unit (box and line, for locked
candidates; digit, for fish) whose marks the net has not changed, so those are skipped.

The Python rules stay the reference (the net-by-net search uses them). :func:`removals` and
:data:`COMPILED_RULES` hand the compiled rules to Python: for the winner's nets, which
:mod:`tiers` rebuilds to explain a step, and for the tests, which compare both rule by rule
and on whole searches.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from grille.engine._jit import Kernels, per_thread
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.forcing.net import BASIC_RULES, Net, Rule, Topology, locking_order

__all__ = [
    "COMPILED_RULES",
    "KERNELS",
    "MORE",
    "RULES",
    "RuleTables",
    "box_line_pairs",
    "removals",
    "rule_tables",
]

LOCKED, HIDDEN, NAKED, FISH = 0, 1, 2, 3
"""The kinds of rule."""

RULES = 4
"""How many rules a stalled net tries: locked candidates, then hidden, naked and fish of
size 2 (the order of :data:`~grille.sudoku.logic.forcing.net.BASIC_RULES`). The kernels
take sizes 2, 3 and 4 in that order (rule ``1 + 3 * (size - 2) + kind``); SE uses size 2
only."""

MORE = -4
""":func:`_stalled`'s status when it recorded removals and the net may propagate again."""

Array = Any
"""A NumPy integer array."""


@functools.cache
def box_line_pairs(shape: Shape) -> Array:
    """The box-line pairs that share cells, in SE's order (:func:`locking_order`), flat by
    four: the unit the digit is confined to, the unit it goes from, and the shared cells as
    bitsets of places in each."""
    units = shape.units
    rows: list[int] = []
    for inside, outside in locking_order(shape.size):
        shared = set(units[inside]) & set(units[outside])
        if shared:
            in_in = sum(1 << k for k, c in enumerate(units[inside]) if c in shared)
            in_out = sum(1 << k for k, c in enumerate(units[outside]) if c in shared)
            rows.extend((inside, outside, in_in, in_out))
    return np.array(rows, dtype=np.int32)


class RuleTables:
    """Scratch for the rule kernels on one grid size.

    ``places`` holds, per unit and digit, the bitset of the unit's places that have the digit;
    ``flags`` which units the net changed (3n entries), the changed digits as a bitset, then
    per rule whether it finds nothing on the board; ``found`` (candidate, parent start,
    parent count) triples, ``parents`` the parent nodes they point into, ``emitted`` flags the
    candidates listed by the current call; ``work`` the kernels' items, their bitsets, a
    combination and its partial unions (n entries each), then four counters (listed,
    parents top, depth, group).
    """

    def __init__(self, n: int) -> None:
        cands = n * n * n
        self.places = np.zeros(3 * n * n, dtype=np.int64)
        self.flags = np.zeros(3 * n + 1 + RULES, dtype=np.int64)
        self.found = np.zeros(3 * cands, dtype=np.int32)
        self.parents = np.zeros(cands * (4 * n + 1), dtype=np.int32)
        self.emitted = np.zeros(cands, dtype=np.int32)
        self.work = np.zeros(4 * n + 4, dtype=np.int64)

    def scratch(self, shape: Shape) -> tuple[Array, ...]:
        """What the kernels take as ``scratch``: the box-line pairs of ``shape``, the tables."""
        return (
            box_line_pairs(shape),
            self.places,
            self.flags,
            self.emitted,
            self.found,
            self.parents,
            self.work,
        )


@per_thread
def rule_tables(n: int, *, scan: bool = True) -> RuleTables:
    """This thread's rule scratch for grids of side ``n``: one for searches, one for nets."""
    return RuleTables(n)


def _bits(x: int) -> int:
    """How many bits ``x`` has set."""
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


def _emit(cand: int, start: int, seen: Array, emitted: Array, found: Array, work: Array,
          n: int) -> None:  # fmt: skip
    """List ``cand`` with parents from ``start``, unless the net knows it or it is listed."""
    if seen[2 * cand] != 0 or emitted[cand] != 0:
        return
    emitted[cand] = 1
    k = work[4 * n]
    found[3 * k] = cand
    found[3 * k + 1] = start
    found[3 * k + 2] = 0
    work[4 * n] = k + 1


def _close(listed: int, top: int, found: Array, work: Array, n: int) -> None:
    """Give the candidates listed since ``listed`` the parents written up to ``top``."""
    for k in range(listed, work[4 * n]):
        found[3 * k + 2] = top - found[3 * k + 1]
    work[4 * n + 1] = top


def _gone(c: int, d: int, marks0: Array, marks: Array) -> bool:
    """Whether the net removed digit ``d`` from cell ``c``."""
    return bool((marks0[c] >> d) & 1 == 1 and (marks[c] >> d) & 1 == 0)


def _first_subset(work: Array, n: int) -> None:
    """Start :func:`_next_subset` on the items in ``work``."""
    work[2 * n] = 0
    work[3 * n] = 0
    work[4 * n + 2] = 0


def _next_subset(work: Array, n: int, count: int, size: int) -> int:
    """The union of the next group of ``size`` items whose bitsets cover exactly ``size`` bits.

    Items are ``work[n : n + count]``; groups come in lexicographic order, as
    ``itertools.combinations`` gives them; the group's item indices go to ``work[4n + 3]``
    as a bitset. Returns -1 when there are no more.
    """
    depth = work[4 * n + 2]
    while depth >= 0:
        i = work[2 * n + depth]
        if i > count - size + depth:
            depth -= 1
            if depth >= 0:
                work[2 * n + depth] += 1
            continue
        union = work[3 * n + depth] | work[n + i]
        bits = _bits(union)
        if bits > size:
            work[2 * n + depth] += 1
            continue
        if depth < size - 1:
            work[3 * n + depth + 1] = union
            work[2 * n + depth + 1] = i + 1
            depth += 1
            continue
        work[2 * n + depth] += 1
        if bits == size:
            group = 1 << i
            for j in range(depth):
                group |= 1 << work[2 * n + j]
            work[4 * n + 2] = depth
            work[4 * n + 3] = group
            return int(union)
    work[4 * n + 2] = -1
    return -1


def _fill_places(n: int, unit_cells: Array, marks0: Array, marks: Array, places: Array,
                 flags: Array) -> None:  # fmt: skip
    """Per unit and digit, the places where ``marks`` has the digit; what the net changed."""
    for u in range(3 * n):
        flags[u] = 0
        for d in range(n):
            places[u * n + d] = 0
        for k in range(n):
            c = unit_cells[u * n + k]
            m = marks[c]
            if m != marks0[c]:
                flags[u] = 1
            while m:
                low = m & -m
                places[u * n + _bits(low - 1)] |= 1 << k
                m ^= low
    changed = 0
    for c in range(n * n):
        changed |= marks[c] ^ marks0[c]
    flags[3 * n] = changed


def _locked(
    n: int,
    skip: int,
    unit_cells: Array,
    pairs: Array,
    places: Array,
    flags: Array,
    marks0: Array,
    marks: Array,
    seen: Array,
    emitted: Array,
    found: Array,
    parents: Array,
    work: Array,
) -> None:
    """Pointing and claiming: parents are the removals that confined the digit. Pairs in
    SE's order, digits inner (``Locking.getHints``, :func:`box_line_pairs`)."""
    for p in range(pairs.shape[0] // 4):
        inside = pairs[4 * p]
        outside = pairs[4 * p + 1]
        if skip and flags[inside] == 0 and flags[outside] == 0:
            continue
        shared_in = pairs[4 * p + 2]
        shared_out = pairs[4 * p + 3]
        for d in range(n):
            here = places[inside * n + d]
            if here & shared_in == 0 or here & ~shared_in:
                continue
            beyond = places[outside * n + d] & ~shared_out
            if beyond == 0:
                continue
            listed = work[4 * n]
            start = work[4 * n + 1]
            for k in range(n):
                if (beyond >> k) & 1:
                    _emit(unit_cells[outside * n + k] * n + d, start, seen, emitted, found,
                          work, n)  # fmt: skip
            if work[4 * n] == listed:
                continue
            top = start
            for k in range(n):
                c = unit_cells[inside * n + k]
                if (shared_in >> k) & 1 == 0 and _gone(c, d, marks0, marks):
                    parents[top] = 2 * (c * n + d)
                    top += 1
            _close(listed, top, found, work, n)


def _empty(u: int, n: int, unit_cells: Array, marks0: Array) -> int:
    """How many cells of unit ``u`` are empty on the board (have candidates in ``marks0``)."""
    count = 0
    for k in range(n):
        if marks0[unit_cells[u * n + k]] != 0:
            count += 1
    return count


def _se_unit(i: int, n: int) -> int:
    """The ``i``-th unit in SE's order for subsets (boxes, columns, rows; grille numbers
    rows, columns, boxes): the outer net keeps the first rule instance per candidate, so the
    order decides a removal's parents."""
    if i < n:
        return 2 * n + i
    if i < 2 * n:
        return i
    return i - 2 * n


def _hidden(
    n: int,
    size: int,
    skip: int,
    unit_cells: Array,
    places: Array,
    flags: Array,
    marks0: Array,
    marks: Array,
    seen: Array,
    emitted: Array,
    found: Array,
    parents: Array,
    work: Array,
) -> None:
    """Hidden subsets of ``size``: the digits' removals elsewhere in the unit are the parents.
    Units in SE's order (``HiddenSet.getHints``: boxes, columns, rows, :func:`_se_unit`),
    only those with more than ``2 * size`` empty cells on the board (``nbEmptyCells >
    degree * 2``)."""
    for i in range(3 * n):
        u = _se_unit(i, n)
        if skip and flags[u] == 0:
            continue
        if _empty(u, n, unit_cells, marks0) <= 2 * size:
            continue
        count = 0
        for d in range(n):
            where = places[u * n + d]
            if 2 <= _bits(where) <= size:
                work[count] = d
                work[n + count] = where
                count += 1
        if count < size:
            continue
        _first_subset(work, n)
        while True:
            cells = _next_subset(work, n, count, size)
            if cells < 0:
                break
            group = work[4 * n + 3]
            keep = 0
            for i in range(count):
                if (group >> i) & 1:
                    keep |= 1 << work[i]
            listed = work[4 * n]
            start = work[4 * n + 1]
            for k in range(n):
                if (cells >> k) & 1:
                    c = unit_cells[u * n + k]
                    for e in range(n):
                        if (marks[c] >> e) & 1 and (keep >> e) & 1 == 0:
                            _emit(c * n + e, start, seen, emitted, found, work, n)
            if work[4 * n] == listed:
                continue
            top = start
            for d in range(n):
                if (keep >> d) & 1:
                    for k in range(n):
                        c = unit_cells[u * n + k]
                        if (cells >> k) & 1 == 0 and _gone(c, d, marks0, marks):
                            parents[top] = 2 * (c * n + d)
                            top += 1
            _close(listed, top, found, work, n)


def _naked(
    n: int,
    size: int,
    skip: int,
    unit_cells: Array,
    flags: Array,
    marks0: Array,
    marks: Array,
    seen: Array,
    emitted: Array,
    found: Array,
    parents: Array,
    work: Array,
) -> None:
    """Naked subsets of ``size``: their cells' removals are the parents. Units in SE's order
    (``NakedSet.getHints``: boxes, columns, rows, :func:`_se_unit`), only those with at least
    ``2 * size`` empty cells on the board (``getEmptyCellCount() >= degree * 2``)."""
    for i in range(3 * n):
        u = _se_unit(i, n)
        if skip and flags[u] == 0:
            continue
        if _empty(u, n, unit_cells, marks0) < 2 * size:
            continue
        count = 0
        for k in range(n):
            m = marks[unit_cells[u * n + k]]
            if 2 <= _bits(m) <= size:
                work[count] = k
                work[n + count] = m
                count += 1
        if count < size:
            continue
        _first_subset(work, n)
        while True:
            union = _next_subset(work, n, count, size)
            if union < 0:
                break
            chosen = work[4 * n + 3]
            group = 0
            for i in range(count):
                if (chosen >> i) & 1:
                    group |= 1 << work[i]
            listed = work[4 * n]
            start = work[4 * n + 1]
            for k in range(n):
                if (group >> k) & 1 == 0:
                    c = unit_cells[u * n + k]
                    for d in range(n):
                        if (union >> d) & 1 and (marks[c] >> d) & 1:
                            _emit(c * n + d, start, seen, emitted, found, work, n)
            if work[4 * n] == listed:
                continue
            top = start
            for d in range(n):
                for k in range(n):
                    c = unit_cells[u * n + k]
                    if (group >> k) & 1 and _gone(c, d, marks0, marks):
                        parents[top] = 2 * (c * n + d)
                        top += 1
            _close(listed, top, found, work, n)


def _fish(
    n: int,
    size: int,
    skip: int,
    places: Array,
    flags: Array,
    marks0: Array,
    marks: Array,
    seen: Array,
    emitted: Array,
    found: Array,
    parents: Array,
    work: Array,
) -> None:
    """Basic fish of ``size`` (X-Wing, Swordfish, Jellyfish) in SE's order
    (``Fisherman.getHints``): columns as base, then rows; the base lines' tuples in
    increasing bitmask order (``Permutations``), digits inner; each base line with two
    places or more (``CommonTuples.searchCommonTuple``), and only for a digit the board
    holds at most ``n - 2 * size`` times (``occurances[value] + degree * 2 <= 9``)."""
    rare = 0
    for d in range(n):
        if skip and (flags[3 * n] >> d) & 1 == 0:
            continue
        placed = 0
        for r in range(n):
            has = False
            for k in range(n):
                if (marks0[r * n + k] >> d) & 1:
                    has = True
                    break
            if not has:
                placed += 1
        if placed + 2 * size <= n:
            rare |= 1 << d
    if rare == 0:
        return
    last = ((1 << size) - 1) << (n - size)
    for kind in range(2):
        base_kind = 1 - kind  # columns first
        lines = (1 << size) - 1
        while True:
            for d in range(n):
                if (rare >> d) & 1 == 0:
                    continue
                across = 0
                ok = True
                for i in range(n):
                    if (lines >> i) & 1:
                        spots = places[(base_kind * n + i) * n + d]
                        if _bits(spots) < 2:
                            ok = False
                            break
                        across |= spots
                if not ok or _bits(across) != size:
                    continue
                listed = work[4 * n]
                start = work[4 * n + 1]
                for c in range(n * n):
                    line = c // n if base_kind == 0 else c % n
                    cross = c % n if base_kind == 0 else c // n
                    if (across >> cross) & 1 and (lines >> line) & 1 == 0 and (marks[c] >> d) & 1:
                        _emit(c * n + d, start, seen, emitted, found, work, n)
                if work[4 * n] == listed:
                    continue
                top = start
                for c in range(n * n):
                    line = c // n if base_kind == 0 else c % n
                    cross = c % n if base_kind == 0 else c // n
                    if (
                        (lines >> line) & 1
                        and (across >> cross) & 1 == 0
                        and _gone(c, d, marks0, marks)
                    ):
                        parents[top] = 2 * (c * n + d)
                        top += 1
                _close(listed, top, found, work, n)
            if lines == last:
                break
            low = lines & -lines
            ripple = lines + low
            lines = ripple | (((lines ^ ripple) >> 2) // low)


def _rule(
    which: int,
    n: int,
    unit_cells: Array,
    marks0: Array,
    marks: Array,
    seen: Array,
    scratch: tuple[Array, Array, Array, Array, Array, Array, Array],
) -> int:
    """List rule ``which``'s (0 .. RULES-1) new removals into ``found``; how many.

    ``places`` and ``flags`` must describe ``marks`` as :func:`_fill_places` writes them.
    """
    pairs, places, flags, emitted, found, parents, work = scratch
    work[4 * n] = 0
    work[4 * n + 1] = 0
    skip = flags[3 * n + 1 + which]
    if which == 0:
        _locked(n, skip, unit_cells, pairs, places, flags, marks0, marks, seen, emitted, found,
                parents, work)  # fmt: skip
    else:
        size = 2 + (which - 1) // 3
        kind = 1 + (which - 1) % 3
        if kind == HIDDEN:
            _hidden(n, size, skip, unit_cells, places, flags, marks0, marks, seen, emitted,
                    found, parents, work)  # fmt: skip
        elif kind == NAKED:
            _naked(n, size, skip, unit_cells, flags, marks0, marks, seen, emitted, found,
                   parents, work)  # fmt: skip
        else:
            _fish(n, size, skip, places, flags, marks0, marks, seen, emitted, found, parents,
                  work)  # fmt: skip
    listed = int(work[4 * n])
    for i in range(listed):
        emitted[found[3 * i]] = 0
    return listed


def _survey(
    n: int,
    unit_cells: Array,
    marks0: Array,
    seen: Array,
    scratch: tuple[Array, Array, Array, Array, Array, Array, Array],
) -> None:
    """Note which rules find nothing on the board ``marks0`` (``seen`` is zeros, as long as a
    net's table): a net may skip those where it changed nothing."""
    flags = scratch[2]
    for which in range(RULES):
        flags[3 * n + 1 + which] = 0
    _fill_places(n, unit_cells, marks0, marks0, scratch[1], flags)
    for which in range(RULES):
        quiet = _rule(which, n, unit_cells, marks0, marks0, seen, scratch) == 0
        flags[3 * n + 1 + which] = 1 if quiet else 0


def _stalled(
    n: int,
    unit_cells: Array,
    marks0: Array,
    marks: Array,
    seen: Array,
    pstart: Array,
    plen: Array,
    pbuf: Array,
    queue_off: Array,
    ctr: Array,
    scratch: tuple[Array, Array, Array, Array, Array, Array, Array],
) -> int:
    """Apply the first rule with new removals to a stalled net, as ``Net._advance`` does.

    ``scratch`` is :meth:`RuleTables.scratch`, surveyed on ``marks0`` (:func:`_survey`).
    Returns :data:`MORE` when it recorded removals, -1 when no rule has any, -2 when the
    parent buffer is full, or the candidate a removal contradicts.
    """
    found = scratch[4]
    parents = scratch[5]
    cap = pbuf.shape[0]
    _fill_places(n, unit_cells, marks0, marks, scratch[1], scratch[2])
    for which in range(RULES):
        listed = _rule(which, n, unit_cells, marks0, marks, seen, scratch)
        if listed == 0:
            continue
        for i in range(listed):
            cand = found[3 * i]
            start = found[3 * i + 1]
            length = found[3 * i + 2]
            top = ctr[0]
            if top + length > cap:
                return -2
            for j in range(length):
                pbuf[top + j] = parents[start + j]
            ctr[0] = top + length
            ctr[5] += 1
            seen[2 * cand] = ctr[5]
            pstart[2 * cand] = top
            plen[2 * cand] = length
            if seen[2 * cand + 1] != 0:
                return int(cand)
            queue_off[ctr[4]] = cand
            ctr[4] += 1
        return MORE
    return -1


KERNELS = Kernels(
    (_survey, _stalled, _fill_places, _rule),
    helpers=(
        _bits, _emit, _close, _gone, _first_subset, _next_subset, _locked, _empty, _se_unit,
        _hidden,
        _naked, _fish,
    ),
)
"""The rule kernels, compiled or plain as :mod:`grille.engine._jit` decides (the tier
search calls :func:`_survey` and :func:`_stalled`; :func:`removals`, the other two)."""


def removals(
    which: int, topo: Topology, marks0: Array, marks: Array, seen: Array
) -> list[tuple[int, tuple[int, ...]]]:
    """Rule ``which``'s removals on a net's ``marks`` (board ``marks0``) that ``seen`` lacks.

    The compiled counterpart of ``BASIC_RULES[which]`` as a net uses it: candidates in order,
    each once, with their parent nodes (no board survey, so nothing is skipped).
    """
    n = topo.n
    tables = rule_tables(n, scan=False)  # its survey flags stay zero: nothing is skipped
    scratch = tables.scratch(topo.shape)
    board = np.asarray(marks0, dtype=np.int64)
    now = np.asarray(marks, dtype=np.int64)
    KERNELS.fill_places(n, topo.unit_cells, board, now, tables.places, tables.flags)
    listed = KERNELS.rule(which, n, topo.unit_cells, board, now, np.asarray(seen), scratch)
    found = tables.found[: 3 * listed].tolist()
    parents = tables.parents[: tables.work[4 * n + 1]].tolist()
    return [
        (found[3 * i], tuple(parents[found[3 * i + 1] : found[3 * i + 1] + found[3 * i + 2]]))
        for i in range(listed)
    ]


def _compiled_rule(which: int) -> Rule:
    """``BASIC_RULES[which]`` through :func:`removals`."""

    def rule(net: Net) -> list[tuple[int, tuple[int, ...], int]]:
        found = removals(which, net.topo, net.marks0, net.marks, net.seen)
        return [(cand, parents, 0) for cand, parents in found]

    rule.__name__ = f"compiled_{BASIC_RULES[which].__name__}"
    return rule


COMPILED_RULES: tuple[Rule, ...] = tuple(_compiled_rule(which) for which in range(RULES))
""":data:`~grille.sudoku.logic.forcing.net.BASIC_RULES` compiled, for a :class:`Net`: the
same removals a net records (each rule lists only what the net does not know yet)."""
