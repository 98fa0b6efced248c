"""The variant Sudoku search, compiled: the same propagation and depth-first search as
:mod:`grille.sudoku.variants.solve`, over a flat encoding of its :class:`Model`.

The model becomes integer arrays (:func:`flatten`): the peers of each cell and the cells
watched by each filter as offsets into flat lists, the full units (hidden singles) one after
another, and each filter as a type code and an offset into one array of numbers
(``data``) that hold its cells and parameters. Candidates are bit sets (bit ``d - 1`` for
digit ``d``), one per cell, one row per search level on an explicit stack, so the kernel has
no recursion and allocates nothing.

The kernel implements each generic filter of :mod:`grille.sudoku.variants.propagation`
(``Restrict``, ``Relation``, ``LinearSum``, ``SumTo`` plain and over groups of cells that
see each other, ``CageSum``, ``Window``, ``SandwichSum``), line for line as their ``run``
methods reason. A model holding any other filter (a new class, or a subclass), or a grouped
``SumTo`` whose total passes 62 (its sums are one word's bits), has no flat encoding:
:func:`flatten` answers ``None`` and the solver runs the plain-Python engine, so a new
family works before the kernel learns its filter.

A node is one propagation to a fixed point, as in the Python engine, and the search
branches the same way (the first cell with the fewest candidates per weight of the filters
watching it, its digits lowest first; after :data:`~grille.sudoku.variants.solve.
RESTART_NODES` nodes, restarts whose odd phases may branch on a digit's places in a unit
instead: :func:`_solve`), so both count the same nodes. The kernels run interpreted on
lists too (``GRILLE_JIT=0``), which the tests use to compare; compiled they are declared as
:data:`KERNELS`.
"""

from __future__ import annotations

import functools
import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from grille.engine._jit import Kernels
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants._grow import _grow

__all__ = [
    "KERNELS",
    "STOP_BUDGET",
    "STOP_DONE",
    "STOP_LIMIT",
    "TABLES",
    "Flat",
    "Records",
    "flatten",
    "fused_sizes",
    "records_of",
    "relation_images",
    "table_at",
    "tables_array",
]

STOP_DONE = 0
"""The search space was exhausted: the count is exact."""
STOP_LIMIT = 1
"""The search stopped on reaching the solution limit."""
STOP_BUDGET = 2
"""The search stopped on reaching the node budget."""

RESTRICT, RELATION, LINEAR_SUM, SUM_TO, CAGE_SUM, WINDOW, SANDWICH, SUM_GROUPS = range(8)
"""The filter type codes."""

NEIGHBOURS = 8
"""Not a filter: in :class:`Records`, a relation between every pair of orthogonal
neighbours but some (:meth:`Records.neighbours`), which :func:`_fused` lays out as one
relation record per pair before the search (:func:`_laid_records`)."""


# -- bits -----------------------------------------------------------------------------------


def _bit_length(mask: int) -> int:
    """The index of the highest set bit plus one (0 for 0)."""
    length = 0
    while mask:
        mask >>= 1
        length += 1
    return length


def _low_index(mask: int) -> int:
    """The index of the lowest set bit of a non-zero ``mask``: the count of the bits below
    it (compiled, one popcnt instruction; the loop that shifted until the bit cost a
    step per bit below)."""
    return _popcount((mask & -mask) - 1)


def _popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def _push(cell: int, pending: Any, top: int, queued: Any) -> int:
    """Queue ``cell`` for propagation (as often as it changes, as the reference does; each
    push follows a narrowing, so ``cells * (n + 1)`` places suffice); the new length.
    ``queued`` is unused (kept so that every filter has the same signature)."""
    pending[top] = cell
    return top + 1


def _unchanged(kind: int, data: Any, at: int, queued: Any, ran: int) -> bool:
    """Whether no cell the filter at ``at`` watches changed after the clock read ``ran``
    (each cell's stamp, in ``queued``, is the clock when it last changed)."""
    first, count, extra = _watched(kind, data, at)
    if extra >= 0 and queued[extra] > ran:
        return False
    for i in range(count):  # noqa: SIM110 - a loop numba compiles
        if queued[data[first + i]] > ran:
            return False
    return True


def _keep_solution(found: Any, stack: Any, off: int, cells: int, count: int) -> None:
    """The digits of the solution in ``stack``'s row at ``off`` into ``found`` as the
    ``count``-th solution, for the first two only."""
    if count < 2:
        for cell in range(cells):
            found[count * cells + cell] = _bit_length(stack[off + cell])


def _next_branch(stack: Any, left: Any, branch: Any, level: int, cells: int) -> int:
    """Back to the deepest level with a digit left to try at its branch cell: that digit
    goes into a copy of the level's masks one row down, and the new level is returned
    (the search goes on from it); -1 when no level has a digit left."""
    while level >= 0 and left[level] == 0:
        level -= 1
    if level < 0:
        return -1
    bit = left[level] & -left[level]
    left[level] ^= bit
    off = level * cells
    for cell in range(cells):
        stack[off + cells + cell] = stack[off + cell]
    stack[off + cells + branch[level]] = bit
    return level + 1


# -- the filters (each as its class's run in propagation.py) --------------------------------


def _relation(n: int, data: Any, at: int, masks: Any, off: int, pending: Any, top: int,
              queued: Any) -> int:
    """Data: the cells ``a`` and ``b``, then where the relation's images start in ``data``
    (:func:`relation_images`: the digits ``b`` may hold for each mask of ``a``'s low
    digits and of its high digits, then the converse): relations share their images. The
    same narrowing as OR-ing the table's row of each digit of the mask, in four look-ups."""
    a, b, table = data[at], data[at + 1], data[at + 2]
    ma, mb = masks[off + a], masks[off + b]
    low = (n + 1) >> 1
    high = 1 << low
    half = high + (1 << (n - low))
    nb = mb & (data[table + (ma & (high - 1))] | data[table + high + (ma >> low)])
    if not nb:
        return -1
    na = ma & (data[table + half + (nb & (high - 1))] | data[table + half + high + (nb >> low)])
    if not na:
        return -1
    if na != ma:
        masks[off + a] = na
        top = _push(a, pending, top, queued)
    if nb != mb:
        masks[off + b] = nb
        top = _push(b, pending, top, queued)
    return top


def _linear_sum(data: Any, at: int, masks: Any, off: int, pending: Any, top: int,
                queued: Any, scratch: Any) -> int:
    k, total = data[at], data[at + 1]
    cells, coefs = at + 2, at + 2 + k
    lows, highs = 0, k
    while True:
        low = 0
        high = 0
        for i in range(k):
            mask = masks[off + data[cells + i]]
            if not mask:
                return -1
            coef = data[coefs + i]
            low_digit = _low_index(mask) + 1
            high_digit = _bit_length(mask)
            if coef > 0:
                scratch[lows + i] = coef * low_digit
                scratch[highs + i] = coef * high_digit
            else:
                scratch[lows + i] = coef * high_digit
                scratch[highs + i] = coef * low_digit
            low += scratch[lows + i]
            high += scratch[highs + i]
        if not low <= total <= high:
            return -1
        again = False
        for i in range(k):
            least = total - (high - scratch[highs + i])
            most = total - (low - scratch[lows + i])
            if least <= scratch[lows + i] and scratch[highs + i] <= most:
                continue
            cell = data[cells + i]
            coef = data[coefs + i]
            mask = masks[off + cell]
            keep = 0
            rest = mask
            while rest:
                bit = _low_index(rest)
                rest &= rest - 1
                value = coef * (bit + 1)
                if least <= value <= most:
                    keep |= 1 << bit
            if not keep:
                return -1
            if keep != mask:
                masks[off + cell] = keep
                top = _push(cell, pending, top, queued)
                again = True
        if not again:
            return top


def _shifted(sums: int, mask: int, keep: int) -> int:
    """The sums reachable from ``sums`` (bit ``s``: sum ``s``) adding one digit of ``mask``,
    within ``keep``."""
    out = 0
    rest = mask
    while rest:
        bit = _low_index(rest)
        rest &= rest - 1
        out |= (sums << (bit + 1)) & keep
    return out


def _sum_to_bits(data: Any, at: int, masks: Any, off: int, pending: Any, top: int,
                 queued: Any, scratch: Any) -> int:
    """:func:`_sum_to` with the partial sums as bit sets (a ``cap`` of 62 at most)."""
    k, total, target, cap = data[at], data[at + 1], data[at + 2], data[at + 3]
    terms = at + 4
    keep = (1 << (cap + 1)) - 1
    prefix, suffix = 0, k + 1
    scratch[prefix] = 1
    for i in range(k):
        scratch[prefix + i + 1] = _shifted(scratch[prefix + i], masks[off + data[terms + i]],
                                           keep)
    scratch[suffix + k] = 1
    for i in range(k - 1, -1, -1):
        scratch[suffix + i] = _shifted(scratch[suffix + i + 1], masks[off + data[terms + i]],
                                       keep)
    if target >= 0:
        old = masks[off + target]
        totals = (scratch[prefix + k] >> 1) & old
        if not totals:
            return -1
        if totals != old:
            masks[off + target] = totals
            top = _push(target, pending, top, queued)
        totals <<= 1
    else:
        totals = 1 << total
        if not scratch[prefix + k] & totals:
            return -1
    for i in range(k):
        others = _add_sums(scratch[suffix + i + 1], scratch[prefix + i], keep)
        cell = data[terms + i]
        old = masks[off + cell]
        new = 0
        rest = old
        while rest:
            bit = _low_index(rest)
            rest &= rest - 1
            if (others << (bit + 1)) & totals:
                new |= 1 << bit
        if not new:
            return -1
        if new != old:
            masks[off + cell] = new
            top = _push(cell, pending, top, queued)
    return top


def _add_sums(sums: int, group: int, keep: int) -> int:
    """The totals reachable from ``sums`` adding one total of ``group`` (bit sets), within
    ``keep``. Only the group's set bits are walked (each one's index one popcnt: a group
    of fixed cells has one total, where shifting walked every bit below it)."""
    out = 0
    rest = group
    while rest:
        low = rest & -rest
        rest ^= low
        out |= (sums << _popcount(low - 1)) & keep
    return out


def _less_sums(sums: int, group: int) -> int:
    """The sums from which adding one total of ``group`` reaches one of ``sums`` (bit sets,
    ``sums`` non-negative)."""
    out = 0
    rest = group
    while rest:
        low = rest & -rest
        rest ^= low
        out |= sums >> _popcount(low - 1)
    return out


def _sum_groups(data: Any, at: int, masks: Any, off: int, pending: Any, top: int,
                queued: Any, scratch: Any) -> int:
    """:class:`SumTo` over groups of cells that see each other (its ``_run_groups``).

    Data: groups, total, target, cap, where the digit sets start (from ``at``), the groups'
    starts (groups + 1), the terms; the digit sets by count (where each count's sets start,
    ``most + 2`` entries), the sets' masks and their sums (same order), after the terms or
    anywhere in ``data`` (the one-call kernel's are shared)."""
    groups, total, target, cap = data[at], data[at + 1], data[at + 2], data[at + 3]
    sub_at = at + data[at + 4]
    starts = at + 5
    terms = starts + groups + 1
    most = 0
    for g in range(groups):
        most = max(most, data[starts + g + 1] - data[starts + g])
    sets = sub_at + most + 2
    every = data[sub_at + most + 1]
    sums = sets + every
    keep_all = (1 << (cap + 1)) - 1
    # scratch: fitting sets' masks and sums, where each group's start, totals, prefix, suffix
    fit_from = 2 * every * groups
    totals_of = fit_from + groups + 1
    prefix = totals_of + groups
    suffix = prefix + groups + 1
    fits_mask, fits_sum = 0, every * groups
    found = 0
    scratch[fit_from] = 0
    for g in range(groups):
        lo, hi = data[starts + g], data[starts + g + 1]
        union = 0
        for i in range(lo, hi):
            union |= masks[off + data[terms + i]]
        reach = 0
        if hi - lo <= 3:
            # the sets of one to three digits of the union, walked directly: the table holds
            # every set of the count (36 pairs, 84 triples on a 9x9) and a group's union is
            # most often a few digits; a set fits when each cell can take one of its digits
            # (the table's test; the sets found in another order, only ORed together)
            m0 = masks[off + data[terms + lo]]
            m1 = masks[off + data[terms + lo + 1]] if hi - lo > 1 else m0
            m2 = masks[off + data[terms + lo + 2]] if hi - lo > 2 else m0
            rest_a = union
            while rest_a:
                a = rest_a & -rest_a
                rest_a ^= a
                sum_a = _popcount(a - 1) + 1
                if hi - lo == 1:
                    scratch[fits_mask + found] = a
                    scratch[fits_sum + found] = sum_a
                    found += 1
                    reach |= (1 << sum_a) & keep_all
                    continue
                rest_b = rest_a
                while rest_b:
                    b = rest_b & -rest_b
                    rest_b ^= b
                    sum_b = sum_a + _popcount(b - 1) + 1
                    if hi - lo == 2:
                        pair = a | b
                        if m0 & pair and m1 & pair:
                            scratch[fits_mask + found] = pair
                            scratch[fits_sum + found] = sum_b
                            found += 1
                            reach |= (1 << sum_b) & keep_all
                        continue
                    rest_c = rest_b
                    while rest_c:
                        c = rest_c & -rest_c
                        rest_c ^= c
                        triple = a | b | c
                        if m0 & triple and m1 & triple and m2 & triple:
                            sum_c = sum_b + _popcount(c - 1) + 1
                            scratch[fits_mask + found] = triple
                            scratch[fits_sum + found] = sum_c
                            found += 1
                            reach |= (1 << sum_c) & keep_all
            if not reach:
                return -1
            scratch[totals_of + g] = reach
            scratch[fit_from + g + 1] = found
            continue
        for j in range(data[sub_at + hi - lo], data[sub_at + hi - lo + 1]):
            combo = data[sets + j]
            if combo & ~union:
                continue
            fits = True
            for i in range(lo, hi):
                if not masks[off + data[terms + i]] & combo:
                    fits = False
                    break
            if fits:
                scratch[fits_mask + found] = combo
                scratch[fits_sum + found] = data[sums + j]
                found += 1
                reach |= (1 << data[sums + j]) & keep_all
        if not reach:
            return -1
        scratch[totals_of + g] = reach
        scratch[fit_from + g + 1] = found
    scratch[prefix] = 1
    for g in range(groups):
        scratch[prefix + g + 1] = _add_sums(scratch[prefix + g], scratch[totals_of + g],
                                            keep_all)
    if target >= 0:
        old = masks[off + target]
        totals = (scratch[prefix + groups] >> 1) & old
        if not totals:
            return -1
        if totals != old:
            masks[off + target] = totals
            top = _push(target, pending, top, queued)
        totals <<= 1
    else:
        totals = 1 << total
        if not scratch[prefix + groups] & totals:
            return -1
    # backwards, the partial sums before each group from which the groups after it can
    # reach an allowed total: a set of sum s fits group g when a sum before g plus s is
    # one of those after g (the reference adds the sums before and after each group
    # instead, which costs a pass over the bits of one of them per group)
    scratch[suffix + groups] = totals
    for g in range(groups - 1, -1, -1):
        scratch[suffix + g] = _less_sums(scratch[suffix + g + 1], scratch[totals_of + g])
    for g in range(groups):
        before = scratch[prefix + g]
        after = scratch[suffix + g + 1]
        keep = 0
        for j in range(scratch[fit_from + g], scratch[fit_from + g + 1]):
            if (before << scratch[fits_sum + j]) & after:
                keep |= scratch[fits_mask + j]
        for i in range(data[starts + g], data[starts + g + 1]):
            cell = data[terms + i]
            old = masks[off + cell]
            new = old & keep
            if not new:
                return -1
            if new != old:
                masks[off + cell] = new
                top = _push(cell, pending, top, queued)
    return top


def _sum_to(n: int, data: Any, at: int, masks: Any, off: int, pending: Any, top: int,
            queued: Any, scratch: Any) -> int:
    """Reachable partial sums as rows of flags (sums above ``cap`` can never come back);
    as bit sets when ``cap`` fits a word."""
    k, total, target, cap = data[at], data[at + 1], data[at + 2], data[at + 3]
    if cap <= 62:
        return _sum_to_bits(data, at, masks, off, pending, top, queued, scratch)
    terms = at + 4
    width = cap + 1
    prefix = 0
    suffix = (k + 1) * width
    for s in range(2 * (k + 1) * width):
        scratch[s] = 0
    scratch[prefix] = 1
    scratch[suffix + k * width] = 1
    for i in range(k):
        mask = masks[off + data[terms + i]]
        row, nxt = prefix + i * width, prefix + (i + 1) * width
        for s in range(width):
            if scratch[row + s]:
                for bit in range(n):
                    if (mask >> bit) & 1 and s + bit + 1 <= cap:
                        scratch[nxt + s + bit + 1] = 1
    for i in range(k - 1, -1, -1):
        mask = masks[off + data[terms + i]]
        row, nxt = suffix + i * width, suffix + (i + 1) * width
        for s in range(width):
            if scratch[nxt + s]:
                for bit in range(n):
                    if (mask >> bit) & 1 and s + bit + 1 <= cap:
                        scratch[row + s + bit + 1] = 1
    totals = 0  # bit t set: the sum t is allowed
    last = prefix + k * width
    if target >= 0:
        old = masks[off + target]
        keep = 0
        for bit in range(n):
            if (old >> bit) & 1 and bit + 1 <= cap and scratch[last + bit + 1]:
                keep |= 1 << bit
        if not keep:
            return -1
        if keep != old:
            masks[off + target] = keep
            top = _push(target, pending, top, queued)
        totals = keep << 1
    else:
        if total > cap or not scratch[last + total]:
            return -1
    for i in range(k):
        cell = data[terms + i]
        old = masks[off + cell]
        new = 0
        row, other = prefix + i * width, suffix + (i + 1) * width
        for bit in range(n):
            if not (old >> bit) & 1:
                continue
            fits = False
            for s in range(width):
                if not scratch[row + s]:
                    continue
                if target >= 0:
                    rest = totals
                    while rest and not fits:
                        t = _low_index(rest)
                        rest &= rest - 1
                        need = t - s - bit - 1
                        if 0 <= need <= cap and scratch[other + need]:
                            fits = True
                else:
                    need = total - s - bit - 1
                    if 0 <= need <= cap and scratch[other + need]:
                        fits = True
                if fits:
                    break
            if fits:
                new |= 1 << bit
        if not new:
            return -1
        if new != old:
            masks[off + cell] = new
            top = _push(cell, pending, top, queued)
    return top


def _cage_sum(data: Any, at: int, masks: Any, off: int, pending: Any, top: int,
              queued: Any) -> int:
    k, count = data[at], data[at + 1]
    cells, combos = at + 2, at + 2 + k
    union = 0
    for i in range(k):
        union |= masks[off + data[cells + i]]
    allowed = 0
    for c in range(count):
        combo = data[combos + c]
        if combo & ~union:
            continue
        fits = True
        for i in range(k):
            if not masks[off + data[cells + i]] & combo:
                fits = False
                break
        if fits:
            allowed |= combo
    for i in range(k):
        cell = data[cells + i]
        mask = masks[off + cell]
        new = mask & allowed
        if not new:
            return -1
        if new != mask:
            masks[off + cell] = new
            top = _push(cell, pending, top, queued)
    return top


def _window(n: int, data: Any, at: int, masks: Any, off: int, pending: Any, top: int,
            queued: Any) -> int:
    k = data[at]
    cells = at + 1
    run = (1 << k) - 1
    allowed = 0
    required = (1 << n) - 1
    for start in range(n - k + 1):
        window = run << start
        covered = 0
        for i in range(k):
            here = masks[off + data[cells + i]] & window
            if not here:
                covered = 0
                break
            covered |= here
        if covered == window:  # every cell can take a digit, every digit has a cell
            allowed |= window
            required &= window
    if not allowed:
        return -1
    for i in range(k):
        cell = data[cells + i]
        mask = masks[off + cell]
        new = mask & allowed
        if not new:
            return -1
        if new != mask:
            masks[off + cell] = new
            top = _push(cell, pending, top, queued)
    # a digit every fitting run holds is on the line: alone in one cell, it goes there
    rest = required
    while rest:
        digit = rest & -rest
        rest ^= digit
        place = -1
        places = 0
        for i in range(k):
            if masks[off + data[cells + i]] & digit:
                places += 1
                place = i
        if not places:
            return -1
        if places == 1:
            cell = data[cells + place]
            if masks[off + cell] != digit:
                masks[off + cell] = digit
                top = _push(cell, pending, top, queued)
    return top


def _sandwich(n: int, data: Any, at: int, masks: Any, off: int, pending: Any, top: int,
              queued: Any, scratch: Any) -> int:
    """Data: k, the cells, then for each gap length ``m`` (0 to n - 2) where its digit sets
    start (n entries, the last the end), then the sets (masks of different digits from 2 to
    n - 1 summing to the total)."""
    k = data[at]
    cells = at + 1
    combo_at = at + 1 + k
    sets = combo_at + n
    one, high_digit = 1, 1 << (n - 1)
    inner = ((1 << n) - 1) & ~(one | high_digit)
    allowed = 0
    for i in range(k):
        scratch[allowed + i] = 0
    for a in range(k):
        at_a = masks[off + data[cells + a]]
        if not at_a & (one | high_digit):
            continue
        for b in range(a + 1, k):
            at_b = masks[off + data[cells + b]]
            one_first = (at_a & one) != 0 and (at_b & high_digit) != 0
            top_first = (at_a & high_digit) != 0 and (at_b & one) != 0
            if not (one_first or top_first):
                continue
            gap = b - a - 1
            for c in range(data[combo_at + gap], data[combo_at + gap + 1]):
                combo = data[sets + c]
                rest = inner & ~combo
                fits = True
                inside = 0
                outside = 0
                for m in range(k):
                    if m == a or m == b:  # noqa: SIM109 - plain ints for numba
                        continue
                    if a < m < b:
                        mask = masks[off + data[cells + m]] & combo
                        inside |= mask
                    else:
                        mask = masks[off + data[cells + m]] & rest
                        outside |= mask
                    if not mask:
                        fits = False
                        break
                if not fits or inside != combo or outside != rest:
                    continue
                for m in range(k):
                    if a < m < b:
                        scratch[allowed + m] |= masks[off + data[cells + m]] & combo
                    elif m != a and m != b:
                        scratch[allowed + m] |= masks[off + data[cells + m]] & rest
                if one_first:
                    scratch[allowed + a] |= one
                    scratch[allowed + b] |= high_digit
                if top_first:
                    scratch[allowed + a] |= high_digit
                    scratch[allowed + b] |= one
    for i in range(k):
        cell = data[cells + i]
        mask = masks[off + cell]
        new = mask & scratch[allowed + i]
        if not new:
            return -1
        if new != mask:
            masks[off + cell] = new
            top = _push(cell, pending, top, queued)
    return top


def _run_filter(n: int, kind: int, data: Any, at: int, masks: Any, off: int, pending: Any,
                top: int, queued: Any, scratch: Any) -> int:
    """Run one filter on the masks at ``off``, queueing the cells it changes: the new queue
    length, or -1 on a contradiction."""
    if kind == RESTRICT:
        cell = data[at]
        old = masks[off + cell]
        new = old & data[at + 1]
        if not new:
            return -1
        if new != old:
            masks[off + cell] = new
            top = _push(cell, pending, top, queued)
        return top
    if kind == RELATION:
        return _relation(n, data, at, masks, off, pending, top, queued)
    if kind == LINEAR_SUM:
        return _linear_sum(data, at, masks, off, pending, top, queued, scratch)
    if kind == SUM_TO:
        return _sum_to(n, data, at, masks, off, pending, top, queued, scratch)
    if kind == CAGE_SUM:
        return _cage_sum(data, at, masks, off, pending, top, queued)
    if kind == WINDOW:
        return _window(n, data, at, masks, off, pending, top, queued)
    if kind == SUM_GROUPS:
        return _sum_groups(data, at, masks, off, pending, top, queued, scratch)
    return _sandwich(n, data, at, masks, off, pending, top, queued, scratch)


# -- propagation and search -----------------------------------------------------------------


def _undue(due: Any, is_due: Any, due_top: int) -> bool:
    """Clear the flags of the filters still due (a propagation that stops on a
    contradiction leaves none set); False."""
    for i in range(due_top):
        is_due[due[i]] = 0
    return False


def _propagate(n: int, peer_start: Any, peer_list: Any, units: Any, watch_start: Any,
               watch_list: Any, kinds: Any, starts: Any, data: Any, locked: Any, masks: Any,
               off: int, changed: int, pending: Any, queued: Any, due: Any, is_due: Any,
               weights: Any, scratch: Any) -> bool:
    """Narrow the masks at ``off`` to a fixed point (False on a contradiction): from the
    cell ``changed``, or from everything when it is -1. A filter that finds a contradiction
    gains one in ``weights``. ``locked``: for each pair of full units meeting in two cells
    or more, the lengths of the shared cells, the rest of the first and the rest of the
    second, then those cells. ``is_due`` must be all 0 on entry from one cell, and is left
    so (from everything, it is cleared first). ``queued``: a stamp per cell, then (when
    there is room, ``cells + filters + 1`` numbers) a run per filter and the clock, as
    below; zeros before the first propagation of a search."""
    cells = n * n
    full = (1 << n) - 1
    filters = len(kinds)
    top = 0
    due_top = 0
    # A grouped sum run again on the masks of its cells that its last run left narrows
    # nothing and finds no contradiction (what it keeps still fits: its sets, their totals,
    # each set's completion), yet its own narrowings make it due again. So with room in
    # ``queued`` (the search's buffers: a stamp per cell, a run per filter, a clock), each
    # change below stamps its cell with the clock ``now`` (a filter's, once it has run: the
    # queue was empty before it), a grouped sum's run in this propagation records the clock
    # and moves it on, and a grouped sum due with no cell changed since its run in this
    # propagation is skipped where it stands in the order: the same narrowings in the same
    # order, the same nodes. (The stamps of the cells queued at the start are not needed:
    # any run of this propagation comes after them.)
    memo = len(queued) > cells + filters
    clock = len(queued) - 1
    now = 0
    if memo:
        queued[clock] += 1
        now = queued[clock]
    since = now
    if changed < 0:
        for f in range(filters):
            is_due[f] = 0
        for cell in range(cells):
            top = _push(cell, pending, top, queued)
        for f in range(filters):
            is_due[f] = 1
            due[due_top] = f
            due_top += 1
    else:
        top = _push(changed, pending, top, queued)
    unit_count = len(units) // n if n else 0
    while True:
        while top:
            top -= 1
            cell = pending[top]
            mask = masks[off + cell]
            if not mask:
                return _undue(due, is_due, due_top)
            for w in range(watch_start[cell], watch_start[cell + 1]):
                f = watch_list[w]
                if not is_due[f]:
                    is_due[f] = 1
                    due[due_top] = f
                    due_top += 1
            if mask & (mask - 1) == 0:
                for p in range(peer_start[cell], peer_start[cell + 1]):
                    other = peer_list[p]
                    if masks[off + other] & mask:
                        left = masks[off + other] & ~mask
                        if not left:
                            return _undue(due, is_due, due_top)
                        masks[off + other] = left
                        queued[other] = now
                        top = _push(other, pending, top, queued)
        if due_top:
            due_top -= 1
            f = due[due_top]
            is_due[f] = 0
            kind = kinds[f]
            if memo and kind == SUM_GROUPS:
                ran = queued[cells + f]
                if ran >= since and _unchanged(kind, data, starts[f], queued, ran):
                    continue  # it would find what it left: nothing to narrow, no failure
            # the most run filters called here, not through _run_filter: each such call
            # counts references to its five arrays (a little killer's ~9 grouped sums a
            # node, the relations of XV, Kropki, whispers)
            if kind == SUM_GROUPS:
                top = _sum_groups(data, starts[f], masks, off, pending, top, queued, scratch)
            elif kind == RELATION:
                top = _relation(n, data, starts[f], masks, off, pending, top, queued)
            else:
                top = _run_filter(n, kind, data, starts[f], masks, off, pending, top, queued,
                                  scratch)
            if top < 0:
                weights[f] += 1
                return _undue(due, is_due, due_top)
            for i in range(top):
                queued[pending[i]] = now
            if memo and kind == SUM_GROUPS:
                queued[cells + f] = now
                now += 1
                queued[clock] = now
            continue
        for u in range(unit_count):
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
            if seen != full:
                return _undue(due, is_due, due_top)
            once = seen & ~twice & ~fixed
            while once:
                bit = once & -once
                once ^= bit
                for i in range(n):
                    cell = units[base + i]
                    if masks[off + cell] & bit:
                        masks[off + cell] = bit
                        queued[cell] = now
                        top = _push(cell, pending, top, queued)
                        break
        if top:
            continue
        # locked candidates: a digit a full unit holds only where it meets another leaves
        # the rest of that one
        at = 0
        while at < len(locked):
            shared, u_rest, v_rest = locked[at], locked[at + 1], locked[at + 2]
            at += 3
            inside = 0
            for i in range(shared):
                inside |= masks[off + locked[at + i]]
            outside = 0
            for i in range(shared, shared + u_rest):
                outside |= masks[off + locked[at + i]]
            only = inside & ~outside
            if only:
                for i in range(shared + u_rest, shared + u_rest + v_rest):
                    cell = locked[at + i]
                    if masks[off + cell] & only:
                        left = masks[off + cell] & ~only
                        if not left:
                            return _undue(due, is_due, due_top)
                        masks[off + cell] = left
                        queued[cell] = now
                        top = _push(cell, pending, top, queued)
            at += shared + u_rest + v_rest
        if not top:
            return True


def _solve(n: int, peer_start: Any, peer_list: Any, units: Any, watch_start: Any,
           watch_list: Any, kinds: Any, starts: Any, data: Any, locked: Any, limit: int,
           budget: int, stack: Any, left: Any, branch: Any, pending: Any, queued: Any,
           due: Any, is_due: Any, weights: Any, scratch: Any, found: Any,
           outcome: Any) -> None:
    """Search from the masks in the first row of ``stack`` (``n * n`` of them): up to
    ``limit`` solutions (0 = all) within ``budget`` nodes (-1 = unlimited).

    Writes the first two solutions' digits into ``found`` and ``outcome`` = count, nodes,
    stop code; on entry ``outcome[0]`` holds the restart nodes (0: none), as
    :data:`~grille.sudoku.variants.solve.RESTART_NODES` says (ignored with no filter).
    Buffers: ``stack`` ``(cells + 1) * cells`` masks, ``left`` and ``branch`` ``cells + 1``
    each, ``pending`` ``cells * (n + 1)``, ``queued`` ``cells + filters + 1`` zeros (less:
    no grouped sum is skipped, see :func:`_propagate`), ``due``,
    ``is_due`` and ``weights`` one per filter (``weights`` all 1: dom/wdeg's), ``scratch``
    as :class:`Flat` sizes it. The branch cell has the fewest candidates per weight of the
    filters watching it (1 plus theirs), the first such cell. In the restarts' odd phases,
    when that cell has three candidates or more and a digit fewer places than that in a
    full unit, the search branches instead on the places (in the unit's order) of the
    digit with the fewest (ties: the most weight, summed over its places; then the first),
    as the reference does.
    """
    cells = n * n
    unit_count = len(units) // n if n else 0
    first = outcome[0]
    phase = 0
    phase_end = first if first > 0 and len(kinds) else -1
    level = 0
    count = 0
    nodes = 0
    stop = STOP_DONE
    changed = -1
    while True:
        if budget >= 0 and nodes >= budget:
            stop = STOP_BUDGET
            break
        if nodes == phase_end:  # start again from the root's fixed point (row 0) with the
            phase += 1  # other branching: the places 8 times as long, each pair twice
            phase_end = nodes + (first << (phase // 2 + 3 * (phase % 2)))
            level = 0
            count = 0
            changed = -1
        nodes += 1
        off = level * cells
        ok = _propagate(n, peer_start, peer_list, units, watch_start, watch_list, kinds,
                        starts, data, locked, stack, off, changed, pending, queued, due,
                        is_due, weights, scratch)
        left[level] = 0
        if ok:
            best = -1
            best_options = 1
            best_weight = 0
            for cell in range(cells):
                mask = stack[off + cell]
                if mask & (mask - 1):
                    options = _popcount(mask)
                    weight = 1
                    for w in range(watch_start[cell], watch_start[cell + 1]):
                        weight += weights[watch_list[w]]
                    if options * best_weight < best_options * weight:
                        best = cell
                        best_options = options
                        best_weight = weight
            if best < 0:
                _keep_solution(found, stack, off, cells, count)
                count += 1
                if limit > 0 and count >= limit:
                    stop = STOP_LIMIT
                    break
            else:
                branch[level] = best
                left[level] = stack[off + best]
                if phase % 2 and best_options > 2:
                    # a digit with fewer places in a full unit than the cell's candidates:
                    # branch on its places (coded -1 - (unit * n + digit), the places as
                    # bits of the unit's positions)
                    fewest = best_options
                    most = -1  # the places' weight (dom/wdeg's, summed): ties to the most
                    for u in range(unit_count):
                        base = u * n
                        for d in range(n):
                            bit = 1 << d
                            places = 0
                            many = 0
                            for i in range(n):
                                if stack[off + units[base + i]] & bit:
                                    places |= 1 << i
                                    many += 1
                            if many > 1 and (many < fewest or (many == fewest and most >= 0)):
                                weight = 0
                                for i in range(n):
                                    if (places >> i) & 1:
                                        cell = units[base + i]
                                        weight += 1
                                        for w in range(watch_start[cell],
                                                       watch_start[cell + 1]):
                                            weight += weights[watch_list[w]]
                                if many < fewest or weight > most:
                                    fewest = many
                                    most = weight
                                    branch[level] = -1 - (base + d)
                                    left[level] = places
        # back to the deepest level with a branch left: its next digit (or place) goes into
        # a copy of that level's masks one row down
        while level >= 0 and left[level] == 0:
            level -= 1
        if level < 0:
            break
        bit = left[level] & -left[level]
        left[level] ^= bit
        off = level * cells
        for cell in range(cells):
            stack[off + cells + cell] = stack[off + cell]
        changed = branch[level]
        if changed < 0:
            code = -1 - changed
            changed = units[code - code % n + _low_index(bit)]
            bit = 1 << (code % n)
        stack[off + cells + changed] = bit
        level += 1
    outcome[0] = count
    outcome[1] = nodes
    outcome[2] = stop


def _narrow(n: int, peer_start: Any, peer_list: Any, units: Any, watch_start: Any,
            watch_list: Any, kinds: Any, starts: Any, data: Any, locked: Any, masks: Any,
            changed: int, pending: Any, queued: Any, due: Any, is_due: Any, weights: Any,
            scratch: Any) -> bool:
    """:func:`_propagate` on one row of masks (what the tests compare with the reference)."""
    return _propagate(n, peer_start, peer_list, units, watch_start, watch_list, kinds,
                      starts, data, locked, masks, 0, changed, pending, queued, due, is_due,
                      weights, scratch)


def _filter_once(n: int, kinds: Any, starts: Any, data: Any, f: int, masks: Any,
                 pending: Any, queued: Any, scratch: Any) -> int:
    """Filter ``f`` once on ``masks``: the cells it changed (first in ``pending``), -1 on a
    contradiction."""
    return _run_filter(n, kinds[f], data, starts[f], masks, 0, pending, 0, queued, scratch)


def _watched(kind: int, data: Any, at: int) -> tuple[int, int, int]:
    """The cells filter ``kind`` at ``at`` watches: where its run of cells starts in
    ``data``, how many, and one more cell (-1: none; a sum's target)."""
    if kind == RESTRICT:
        return at, 1, -1
    if kind == RELATION:
        return at, 2, -1
    if kind == LINEAR_SUM or kind == CAGE_SUM:  # noqa: SIM109 - plain ints for numba
        return at + 2, data[at], -1
    if kind == SUM_TO:
        return at + 4, data[at], data[at + 2]
    if kind == SUM_GROUPS:
        groups = data[at]
        return at + 5 + groups + 1, data[at + 5 + groups], data[at + 2]
    return at + 1, data[at], -1  # WINDOW, SANDWICH


def _search(n: int, peer_start: Any, peer_list: Any, units: Any, locked: Any, data: Any,
            length: int, givens: Any, limit: int, budget: int, scratch_size: int,
            work: Any, space: Any) -> None:
    """:func:`_fused` once the peers are known: ``data`` the records (``length`` numbers)
    then the shared tables; the buffers that must start at zero cut from ``work``, the
    others (written before read) from ``space``."""
    cells = n * n
    outcome = work[0:3]
    found = work[3:3 + 2 * cells]
    at = 3 + 2 * cells
    filters = 0
    p = 0
    while p < length:
        filters += 1
        p += 2 + data[p + 1]
    kinds = work[at:at + filters]
    at += filters
    starts = work[at:at + filters]
    at += filters
    # each filter's kind and where its numbers start (a relation's table: after the records)
    f = 0
    p = 0
    while p < length:
        kinds[f] = data[p]
        starts[f] = p + 2
        if data[p] == RELATION:
            data[p + 4] += length
        elif data[p] == SUM_GROUPS:  # its digit sets' start in the tables, from the filter's
            data[p + 6] += length - p - 2
        p += 2 + data[p + 1]
        f += 1
    # the filters watching each cell, in filter order, each once (a counting sort)
    watch_start = work[at:at + cells + 1]
    at += cells + 1
    last = work[at:at + cells]
    at += cells
    for cell in range(cells):
        last[cell] = -1
    for f in range(filters):
        first, count, extra = _watched(kinds[f], data, starts[f])
        for i in range(-1, count):
            cell = extra if i < 0 else data[first + i]
            if cell >= 0 and last[cell] != f:
                last[cell] = f
                watch_start[cell + 1] += 1
    for cell in range(cells):
        watch_start[cell + 1] += watch_start[cell]
        last[cell] = -1
    watch_list = work[at:at + watch_start[cells]]
    at += watch_start[cells]
    fill = work[at:at + cells]
    at += cells
    for f in range(filters):
        first, count, extra = _watched(kinds[f], data, starts[f])
        for i in range(-1, count):
            cell = extra if i < 0 else data[first + i]
            if cell >= 0 and last[cell] != f:
                last[cell] = f
                watch_list[watch_start[cell] + fill[cell]] = f
                fill[cell] += 1
    # the search's buffers, as _solve documents them
    queued = work[at:at + cells + filters + 1]
    at += cells + filters + 1
    due = work[at:at + filters]
    at += filters
    is_due = work[at:at + filters]
    at += filters
    weights = work[at:at + filters]
    for f in range(filters):
        weights[f] = 1
    stack = space[:(cells + 1) * cells]
    at = (cells + 1) * cells
    full = (1 << n) - 1
    for cell in range(cells):
        digit = givens[cell]
        stack[cell] = full if digit == 0 else 1 << (digit - 1)
    left = space[at:at + cells + 1]
    at += cells + 1
    branch = space[at:at + cells + 1]
    at += cells + 1
    pending = space[at:at + cells * (n + 1)]
    at += cells * (n + 1)
    scratch = space[at:at + scratch_size]
    _solve(n, peer_start, peer_list, units, watch_start, watch_list, kinds, starts, data,
           locked, limit, budget, stack, left, branch, pending, queued, due, is_due, weights,
           scratch, found, outcome)


def _laid_records(n: int, inputs: Any, first: int, data: Any, records: int) -> None:
    """The records from ``inputs[first:]`` into ``data`` (``records`` numbers once laid
    out), each as it is but a :data:`NEIGHBOURS` record (its table, how many pairs it
    skips, their indices ascending), which becomes a relation record per orthogonal
    neighbour pair, in :func:`~grille.sudoku.variants.families._pairs.neighbour_pairs`'
    order (each cell's right, then lower neighbour), the skipped pairs left out."""
    p = first
    w = 0
    while w < records:
        length = inputs[p + 1]
        if inputs[p] == NEIGHBOURS:
            table = inputs[p + 2]
            skip = p + 4
            end = skip + inputs[p + 3]
            index = 0
            for cell in range(n * n):
                row = cell // n
                for down in range(2):
                    if (row + 1 if down else cell - row * n + 1) >= n:
                        continue
                    if skip < end and inputs[skip] == index:
                        skip += 1
                    else:
                        data[w] = RELATION
                        data[w + 1] = 3
                        data[w + 2] = cell
                        data[w + 3] = cell + n if down else cell + 1
                        data[w + 4] = table
                        w += 5
                    index += 1
        else:
            for i in range(length + 2):
                data[w + i] = inputs[p + i]
            w += length + 2
        p += length + 2


def _fused(n: int, base_start: Any, base_list: Any, units: Any, locked: Any, inputs: Any,
           tables: Any, unit_count: int, records: int, limit: int, budget: int,
           scratch_size: int, room: int, matrix: Any, work: Any, space: Any) -> None:
    """Build and search a puzzle in one call (what :func:`flatten` and the solver's
    buffers do in Python), from ``inputs``: the givens (``n * n`` digits, 0 empty), where
    each of the puzzle's ``unit_count`` units starts (and where the last ends) in the
    units' cells laid end to end, those cells, then the filter records (each filter its
    kind, how many numbers follow, the numbers, as :class:`Records` lays them out;
    ``records`` numbers once its :data:`NEIGHBOURS` records are laid out as relations,
    :func:`_laid_records`); ``tables``: :data:`TABLES`, copied after the records. Grows the layout's
    peers (``base_start`` / ``base_list``) by the units (``matrix``: ``n**4`` zero bytes
    when there are units; at most ``room`` peers in all), finds each filter's start and
    the filters watching each cell, sets the starting masks and searches as
    :func:`_solve` (``units``, ``locked``, ``limit`` and ``budget`` as there). ``work``:
    zeros but its first number, the restart nodes (see :func:`_solve`), ``space``:
    anything, each as long as :func:`fused_sizes` says; the outcome
    (count, nodes, stop) lands in the first three numbers of ``work``, the first two
    solutions' digits in the next ``2 * n * n``."""
    cells = n * n
    givens = inputs[:cells]
    unit_start = inputs[cells:cells + unit_count + 1]
    at = cells + unit_count + 1
    first = at + unit_start[unit_count]
    end = len(space) - room
    data = space[end - records - len(tables):end]
    _laid_records(n, inputs, first, data, records)
    for i in range(len(tables)):
        data[records + i] = tables[i]
    if unit_count:
        unit_cells = inputs[at:at + unit_start[unit_count]]
        end = len(work)
        peer_start = work[end - 2 * cells - 1:end - cells]
        grown = work[end - cells:]
        peers = space[len(space) - room:]
        _grow(cells, base_start, base_list, unit_start, unit_cells, matrix, peer_start, peers,
              grown)
        _search(n, peer_start, peers, units, locked, data, records, givens, limit, budget,
                scratch_size, work, space)
    else:
        _search(n, base_start, base_list, units, locked, data, records, givens, limit,
                budget, scratch_size, work, space)


def fused_sizes(n: int, records: int, scratch: int, room: int, tables: int = 0
                ) -> tuple[int, int]:
    """The lengths of :func:`_fused`'s ``work`` and ``space`` for a puzzle of ``records``
    numbers of filter records (at most a third of them filters, at most all of them
    watched cells) and ``tables`` numbers of shared tables (copied after them; they hold
    no filter, so they size nothing else), ``scratch`` and ``room`` peers grown (0:
    none)."""
    cells = n * n
    filters = records // 3 + 1
    work = 3 + 2 * cells + 6 * filters + 3 * cells + 2 + records + cells
    space = (cells + 1) * cells + 2 * (cells + 1) + cells * (n + 1) + scratch + records + tables
    if room:
        return work + 2 * cells + 1, space + room
    return work, space


KERNELS = Kernels(
    (_solve, _narrow, _filter_once, _fused),
    helpers=(_bit_length, _low_index, _popcount, _push, _keep_solution, _next_branch,
             _relation, _linear_sum, _shifted, _sum_to_bits, _sum_to, _add_sums, _less_sums,
             _sum_groups,
             _cage_sum, _window, _sandwich, _run_filter, _undue, _unchanged, _propagate,
             _watched, _search, _laid_records, _grow),
)
"""The search and its tests' entry points, compiled or plain as :mod:`grille.engine._jit`
decides."""


# -- the flat encoding ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Flat:
    """A model as the kernel reads it: ``tables`` (n, peer offsets and list, full units,
    watcher offsets and list, filter kinds, data offsets, data, locked pairs; lists of
    ints, the locked pairs a NumPy array when built from a puzzle's own full units) and the
    ``scratch`` numbers its filters need."""

    size: int
    tables: tuple[Any, ...]
    filters: int
    scratch: int
    shared: frozenset[int] = frozenset()
    """The indices of the tables that are a layout's, the same objects for every model on it
    (:func:`by_identity` keeps their arrays)."""

    def __repr__(self) -> str:
        return f"Flat(size={self.size}, {self.filters} filters, scratch {self.scratch})"


Encoded = tuple[int, list[int], int]
"""A filter's type code, its numbers, and the scratch numbers it needs."""


def _encode_restrict(flt: Any, size: int) -> Encoded:
    return RESTRICT, [flt.cell, flt.mask], 0


def _encode_linear(flt: Any, size: int) -> Encoded:
    k = len(flt.cells)
    return LINEAR_SUM, [k, flt.total, *flt.cells, *flt.coefs], 2 * k


def _encode_sum_to(flt: Any, size: int) -> Encoded | None:
    k = len(flt.terms)
    cap = size if flt.target >= 0 else max(flt.total, 0)
    if not flt.starts:
        return SUM_TO, [k, flt.total, flt.target, cap, *flt.terms], 2 * (k + 1) * (cap + 1)
    if cap > 62:  # the grouped sums are bit sets of one word
        return None
    groups = len(flt.starts) - 1
    tail, sets = _subset_tail(flt.subsets, flt.subset_sums)
    head = 5 + groups + 1 + len(flt.terms)
    numbers = [groups, flt.total, flt.target, cap, head, *flt.starts, *flt.terms, *tail]
    return SUM_GROUPS, numbers, 2 * sets * groups + 4 * (groups + 1)


def _records_sum_groups(flt: Any, size: int) -> Encoded | None:
    """A grouped sum as :class:`Records` lays it out: its digit sets not after its terms
    but in :data:`TABLES` (hundreds of numbers, the same for every sum of a size and group
    length), their start there in place of the offset (:func:`_search` makes it one)."""
    cap = size if flt.target >= 0 else max(flt.total, 0)
    if cap > 62:
        return None
    groups = len(flt.starts) - 1
    tail, sets = _subset_tail(flt.subsets, flt.subset_sums)
    at = _shared_at((flt.subsets, flt.subset_sums), tail)
    numbers = [groups, flt.total, flt.target, cap, at, *flt.starts, *flt.terms]
    return SUM_GROUPS, numbers, 2 * sets * groups + 4 * (groups + 1)


_TAILS: dict[int, tuple[object, object, tuple[int, ...], int]] = {}
"""The laid-out digit sets of grouped sums, by the identity of the sets' table (kept alive
beside it): the tables are :func:`~grille.sudoku.variants.propagation._subsets`'s, one per
size and group length, shared by every such filter."""


def _subset_tail(subsets: Sequence[Sequence[int]], sums: Sequence[Sequence[int]]
                 ) -> tuple[tuple[int, ...], int]:
    """The digit sets by count as :func:`_sum_groups` reads them after the terms (where
    each count's sets start, the sets' masks, their sums) and how many sets, laid out once
    per table (an arrow's filter held hundreds of numbers built afresh each time)."""
    hit = _TAILS.get(id(subsets))
    if hit is not None and hit[0] is subsets and hit[1] is sums:
        return hit[2], hit[3]
    at, sets = _offsets(subsets)
    tail = (*at, *sets, *(total for row in sums for total in row))
    if len(_TAILS) >= _MEMO_SIZE:
        _TAILS.clear()
    _TAILS[id(subsets)] = (subsets, sums, tail, len(sets))
    return tail, len(sets)


def _encode_cage(flt: Any, size: int) -> Encoded:
    combos = pr._combos(flt.size, len(flt.cells), flt.total)
    return CAGE_SUM, [len(flt.cells), len(combos), *flt.cells, *combos], 0


def _encode_window(flt: Any, size: int) -> Encoded:
    return WINDOW, [len(flt.cells), *flt.cells], 0


def _encode_sandwich(flt: Any, size: int) -> Encoded:
    k = len(flt.cells)
    starts, sets = _offsets(flt.combos)
    return SANDWICH, [k, *flt.cells, *starts, *sets], k


ENCODERS: dict[type, Callable[[Any, int], Encoded | None]] = {
    pr.Restrict: _encode_restrict,
    pr.LinearSum: _encode_linear,
    pr.SumTo: _encode_sum_to,
    pr.CageSum: _encode_cage,
    pr.Window: _encode_window,
    pr.SandwichSum: _encode_sandwich,
}
"""The filter classes the kernel knows, by exact class (a subclass may reason otherwise),
but :class:`~grille.sudoku.variants.propagation.Relation`: relations are laid out together,
their tables once each (:func:`_with_relations`, :func:`records_of`)."""


TABLES: list[int] = []
"""The relation tables the one-call kernel has seen, laid end to end (each as
:func:`relation_images` lays it out), appended to, never rewritten: a relation's record
names its table by its start here (:func:`table_at`), so a record is the same in every
puzzle and a family can keep whole blocks of them. The tables are the families' shared
ones (one per size and rule), a few hundred numbers each."""

_TABLE_AT: dict[tuple[int, int], tuple[object, object, int]] = {}
_TABLE_LOCK = threading.Lock()


def table_at(forward: tuple[int, ...], backward: tuple[int, ...]) -> int:
    """Where the relation table ``forward``/``backward`` starts in :data:`TABLES` (added
    on first sight, by the identity of its halves, which it keeps alive)."""
    hit = _TABLE_AT.get((id(forward), id(backward)))
    if hit is not None and hit[0] is forward and hit[1] is backward:
        return hit[2]
    return _shared_at((forward, backward), relation_images(forward, backward))


def _shared_at(owners: tuple[object, object], numbers: Sequence[int]) -> int:
    """Where ``numbers`` start in :data:`TABLES`, by the identity of the two ``owners``
    they are made from (kept alive): added on first sight."""
    key = (id(owners[0]), id(owners[1]))
    hit = _TABLE_AT.get(key)
    if hit is not None and hit[0] is owners[0] and hit[1] is owners[1]:
        return hit[2]
    with _TABLE_LOCK:
        hit = _TABLE_AT.get(key)
        if hit is not None and hit[0] is owners[0] and hit[1] is owners[1]:
            return hit[2]
        at = len(TABLES)
        TABLES.extend(numbers)
        _TABLE_AT[key] = (owners[0], owners[1], at)
        return at


_TABLES_ARRAY: list[Any] = []


def tables_array() -> Any:
    """:data:`TABLES` as a NumPy ``int64`` array, converted again only when it has grown
    (it holds a few thousand numbers once grouped sums have been seen)."""
    import numpy as np

    found = _TABLES_ARRAY[0] if _TABLES_ARRAY else None
    if found is None or len(found) != len(TABLES):
        found = np.array(TABLES, dtype=np.int64)
        _TABLES_ARRAY[:] = [found]
    return found


_RULE_AT: dict[tuple[int, str], int] = {}
"""Where each relation rule's table starts in :data:`TABLES`, by size and name (the tables
are :func:`~grille.sudoku.variants.propagation.relation`'s, one per size and name)."""


class Records:
    """A puzzle's solver parts as :func:`_fused` reads them, laid out constraint by
    constraint (:meth:`~grille.sudoku.variants.model.Constraint.solver_records`): its own
    ``units`` (cell tuples), its filters as ``records`` (each the filter's kind, how many
    numbers follow, the numbers as :data:`ENCODERS` lay them out; a relation's: its cells
    and its table's start in :data:`TABLES`), whether jigsaw ``regions`` replace the boxes,
    the ``scratch`` numbers the filters need, and the filters that must first learn the
    puzzle's peers (``deferred``: where each goes in the records, and the filter)."""

    __slots__ = ("deferred", "grown", "records", "regions", "scratch", "size", "units")

    def __init__(self, size: int) -> None:
        self.size = size
        self.units: list[tuple[int, ...]] = []
        self.records: list[int] = []
        self.regions = False
        self.scratch = 1
        self.deferred: list[tuple[int, pr.Filter]] = []
        self.grown = 0
        """How many more numbers the records hold once :func:`_fused` lays out their
        :data:`NEIGHBOURS` records (:meth:`laid_out` in Python)."""

    def __repr__(self) -> str:
        grown = f" (+{self.grown} laid out)" if self.grown else ""
        return (f"Records(size={self.size}, {len(self.units)} units, "
                f"{len(self.records)} numbers{grown}, {len(self.deferred)} deferred)")

    def rule(self, name: str, test: Callable[[int, int], bool]) -> int:
        """Where the table of the relation rule ``test`` (named ``name``, as
        :func:`~grille.sudoku.variants.propagation.relation` names it) starts in
        :data:`TABLES`, on this size (remembered by size and name: a table never moves)."""
        key = (self.size, name)
        at = _RULE_AT.get(key)
        if at is None:
            at = _RULE_AT[key] = table_at(*pr._tables(self.size, name, test))
        return at

    def relation(self, a: int, b: int, table: int) -> None:
        """A :class:`~grille.sudoku.variants.propagation.Relation` between cells ``a`` and
        ``b`` whose table starts at ``table`` (:func:`table_at`)."""
        self.records += (RELATION, 3, a, b, table)

    def neighbours(self, table: int, skips: Sequence[int]) -> None:
        """A relation whose table starts at ``table`` (:func:`table_at`) between every pair
        of orthogonal neighbours (in :func:`~grille.sudoku.variants.families._pairs.
        neighbour_pairs`' order) but the ``skips``-th (ascending, each once): one record of
        a few numbers for the hundred-odd relations of a negative rule, laid out as those
        relations' records in the kernel (:func:`_laid_records`)."""
        self.records += (NEIGHBOURS, 2 + len(skips), table, len(skips), *skips)
        pairs = 2 * self.size * (self.size - 1)
        self.grown += 5 * (pairs - len(skips)) - 4 - len(skips)

    def laid_out(self) -> list[int]:
        """The records as :func:`_fused` lays them out (:data:`NEIGHBOURS` records as
        their relations' records)."""
        if not self.grown:
            return list(self.records)
        data = [0] * (len(self.records) + self.grown)
        _laid_records(self.size, self.records, 0, data, len(data))
        return data

    def cage(self, cells: tuple[int, ...], total: int) -> None:
        """A :class:`~grille.sudoku.variants.propagation.CageSum` of ``cells``: its head
        (kind, length, cells, digit sets) and digit sets as :data:`_CAGE_LAID` keeps them."""
        key = (self.size, len(cells), total)
        laid = _CAGE_LAID.get(key)
        if laid is None:
            combos = pr._combos(self.size, len(cells), total)
            if len(_CAGE_LAID) >= _CAGE_LAID_SIZE:
                _CAGE_LAID.clear()
            laid = _CAGE_LAID[key] = (
                (CAGE_SUM, 2 + len(cells) + len(combos), len(cells), len(combos)), combos)
        records = self.records
        records += laid[0]
        records += cells
        records += laid[1]

    def restrict(self, cell: int, mask: int) -> None:
        """A :class:`~grille.sudoku.variants.propagation.Restrict` of ``cell``."""
        self.records += (RESTRICT, 2, cell, mask)

    def add(self, flt: pr.Filter) -> bool:
        """Any filter, by its class; False when it has no flat encoding."""
        kind = type(flt)
        if kind is pr.Relation:
            assert isinstance(flt, pr.Relation)
            self.records += (RELATION, 3, flt.a, flt.b, table_at(flt.forward, flt.backward))
            return True
        if kind.with_peers is not pr.Filter.with_peers:
            self.deferred.append((len(self.records), flt))
            return True
        return self.encode(flt)

    def encode(self, flt: pr.Filter) -> bool:
        """Lay ``flt`` out after the records (a filter that needs no peers, or one that
        learnt them); False when it has no flat encoding."""
        kind = type(flt)
        encode = (_records_sum_groups if kind is pr.SumTo and flt.starts  # type: ignore[attr-defined]
                  else ENCODERS.get(kind))
        encoded = None if encode is None else encode(flt, self.size)
        if encoded is None:
            return False
        code, numbers, need = encoded
        records = self.records
        records.append(code)
        records.append(len(numbers))
        records += numbers
        if need > self.scratch:
            self.scratch = need
        return True

    def parts(self, parts: pr.Parts) -> bool:
        """A constraint's :class:`~grille.sudoku.variants.propagation.Parts`, filter by
        filter; False when one has no flat encoding."""
        self.regions |= parts.regions
        self.units += parts.units
        return all(self.add(flt) for flt in parts.filters)  # stops at the first it cannot


_CAGE_LAID: dict[tuple[int, int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""A cage's record head and digit sets by size, cell count and total, laid out once: a
killer puzzle lays out some 35 cages, and looking each one's sets up afresh
(:func:`~grille.sudoku.variants.propagation._combos`) and building its head was a third of
its records' time in the benchmark."""

_CAGE_LAID_SIZE = 4096
"""Room for every count and total that has digit sets on sizes 4 to 16 (3,198); a cage's
total is the puzzle's, any number, so the table is cleared when full."""


def records_of(filters: Sequence[pr.Filter], size: int) -> tuple[list[int], int] | None:
    """``filters`` (which need no peers, or have learnt them) as :class:`Records` lays
    them out: the records and the scratch numbers they need; ``None`` when a filter has no
    flat encoding."""
    out = Records(size)
    for flt in filters:
        if type(flt) is pr.Relation:
            out.add(flt)
        elif not out.encode(flt):
            return None
    return out.records, out.scratch


def _offsets(rows: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """Where each row starts in the rows laid end to end (and where the last ends), and
    those rows."""
    return [0, *itertools.accumulate(map(len, rows))], list(itertools.chain.from_iterable(rows))


_MEMO: dict[int, tuple[object, Any]] = {}
"""Encodings of the tables a layout shares (peers, full units, locked pairs), by the
identity of the table (kept alive beside its encoding, so its id is not reused). Only a
layout's tables go here: a puzzle's own would keep many objects alive for nothing."""

_MEMO_SIZE = 256


def by_identity(table: object, encode: Callable[[Any], Any]) -> Any:
    """``encode(table)``, remembered for this very object: the models of one layout share
    its tables, and hashing them would cost as much as encoding them again."""
    hit = _MEMO.get(id(table))
    if hit is not None and hit[0] is table:
        return hit[1]
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    value = encode(table)
    _MEMO[id(table)] = (table, value)
    return value


def _flat_locked(locked: tuple[tuple[tuple[int, ...], ...], ...]) -> list[int]:
    """The model's locked pairs laid end to end: three lengths, then the cells."""
    return [number for shared, u_rest, v_rest in locked
            for number in (len(shared), len(u_rest), len(v_rest), *shared, *u_rest, *v_rest)]


@functools.lru_cache(maxsize=64)
def _flat_locked_of(full: tuple[tuple[int, ...], ...], cells: int) -> Any:
    """:func:`_flat_locked` of the locked pairs of ``full`` (units of equal length, sorted),
    built with NumPy straight from the units, without the pairs as tuples: each pair of
    units in the units' order laid as its three lengths, then the first unit's cells in the
    second, those not in it, and the second's not in the first (one mask picks them).
    Remembered by the units: the puzzles of one family (X, windoku) share them; the
    kernel only reads the array."""
    import numpy as np

    units = np.array(full, dtype=np.int64)
    count = len(units)
    member = np.zeros((count, cells), dtype=np.float64)  # float: the product runs in BLAS
    member[np.arange(count)[:, None], units] = 1.0
    meet = member @ member.T
    np.fill_diagonal(meet, 0.0)
    first, second = np.nonzero(meet >= 2.0)  # row-major: the units' order
    mine, theirs = units[first], units[second]
    in_second = member[second[:, None], mine] > 0.0
    in_first = member[first[:, None], theirs] > 0.0
    shared = in_second.sum(axis=1)[:, None]
    rest = units.shape[1] - shared
    rows = np.concatenate([shared, rest, rest, mine, mine, theirs], axis=1)
    keep = np.concatenate([np.ones((len(first), 3), dtype=bool), in_second, ~in_second,
                           ~in_first], axis=1)
    return rows[keep]


@functools.lru_cache(maxsize=256)
def relation_images(forward: tuple[int, ...], backward: tuple[int, ...]) -> tuple[int, ...]:
    """A relation table as :func:`_relation` reads it: for each direction (``forward``, then
    ``backward``: a row of partner digits for each digit), the partner digits of every mask
    of its low ``(n + 1) // 2`` digits (each the union of its digits' rows), then of every
    mask of the digits above them. A mask's partners are the union of its two look-ups
    (96 numbers for 9x9, 1,024 for 16x16; the same for every relation of a size and
    rule)."""
    n = len(forward)
    low = (n + 1) // 2
    out: list[int] = []
    for rows in (forward, backward):
        for first, bits in ((0, low), (low, n - low)):
            image = [0] * (1 << bits)
            for mask in range(1, 1 << bits):
                bit = mask & -mask
                image[mask] = image[mask ^ bit] | rows[first + bit.bit_length() - 1]
            out += image
    return tuple(out)


def _with_relations(data: list[int], starts: list[int], pairs: list[int],
                    tables: list[tuple[int, ...]], size: int) -> tuple[Any, Any]:
    """``data`` and ``starts`` as NumPy arrays, the relations (``pairs``: filter index,
    cells ``a`` and ``b``, row of ``tables``, four by four; a table: its
    :func:`relation_images`, all of one length) laid out after the other filters' numbers
    in one block, a row each (``a``, ``b``, where its table starts), then the tables, each
    once: a grid's negative
    constraints hold a hundred relations or more, which one by one cost more than the
    search."""
    import numpy as np

    rows = np.array(pairs, dtype=np.int64).reshape(-1, 4)
    block = np.empty((len(rows), 3), dtype=np.int64)
    block[:, :2] = rows[:, 1:3]
    first = len(data) + 3 * len(rows)
    block[:, 2] = first + len(tables[0]) * rows[:, 3]
    at = np.array(starts, dtype=np.int64)
    at[rows[:, 0]] = len(data) + 3 * np.arange(len(rows), dtype=np.int64)
    return np.concatenate([np.array(data, dtype=np.int64), block.ravel(),
                           np.array(tables, dtype=np.int64).ravel()]), at


def _flat_units(units: tuple[tuple[int, ...], ...]) -> list[int]:
    """The model's full units laid end to end."""
    return [cell for unit in units for cell in unit]


@functools.lru_cache(maxsize=64)
def flatten(model: Any) -> Flat | None:
    """The flat encoding of ``model`` (a :class:`~grille.sudoku.variants.solve.Model`), or
    ``None`` when it holds a filter the kernel does not know or its size is over 16."""
    size = model.size
    if size > 16:
        return None
    kinds: list[int] = []
    starts: list[int] = []
    data: list[int] = []
    laid_data: Any = data
    laid_starts: Any = starts
    scratch = 0
    relations: list[int] = []  # the relations' filter index, cells and table, four by four
    table_rows: dict[tuple[int, int], int] = {}  # each table's row, by its halves' ids
    laid_tables: list[tuple[int, ...]] = []
    relation = pr.Relation
    for index, flt in enumerate(model.filters):
        if type(flt) is relation:  # laid out together below, with NumPy
            forward, backward = flt.forward, flt.backward  # the family's shared tables
            key = (id(forward), id(backward))  # both alive while the model is
            at = table_rows.get(key)
            if at is None:
                at = table_rows[key] = len(laid_tables)
                laid_tables.append(relation_images(forward, backward))
            relations += (index, flt.a, flt.b, at)
            kinds.append(RELATION)
            starts.append(-1)
            continue
        encode = ENCODERS.get(type(flt))
        encoded = None if encode is None else encode(flt, size)
        if encoded is None:
            return None
        kind, numbers, need = encoded
        kinds.append(kind)
        starts.append(len(data))
        data.extend(numbers)
        scratch = max(scratch, need)
    if relations:
        laid_data, laid_starts = _with_relations(data, starts, relations, laid_tables, size)
    layout = getattr(model, "layout", None)
    shared: set[int] = set()

    def laid(table: Any, make: Callable[[Any], Any], *at: int) -> Any:
        if layout is None or all(table is not own for own in (layout.peer_lists, layout.full)):
            return make(table)
        shared.update(at)
        return by_identity(table, make)

    arrays = getattr(model, "peer_arrays", None)  # the puzzle's own, already arrays
    peer_start, peer_list = (arrays if arrays is not None
                             else laid(model.peers, _offsets, 1, 2))
    watch_start, watch_list = _offsets(model.watchers)
    units = laid(model.full_units, _flat_units, 3)
    pairs = getattr(model, "locked_pairs", ())  # None: not built as tuples yet
    if pairs is None and len({len(unit) for unit in model.full_units}) == 1:
        if layout is not None and model.full_units is layout.full:  # shared, by the layout
            shared.add(9)
            locked = by_identity(layout, lambda _: _flat_locked_of(layout.full, size * size))
        else:
            locked = _flat_locked_of(model.full_units, size * size)
    else:
        locked = laid(model.locked, _flat_locked, 9)
    tables = (size, peer_start, peer_list, units, watch_start, watch_list, kinds, laid_starts,
              laid_data if len(laid_data) else [0], locked)
    return Flat(size, tables, len(kinds), max(scratch, 1), frozenset(shared))
