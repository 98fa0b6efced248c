"""The Kakuro solver's kernels: full consistency per run, and search with counting.

Written in the subset of Python numba compiles (see :mod:`grille.engine._jit`): flat integer
buffers passed in, nothing allocated. White cells are numbered 0..n-1; a run lists its cells
in ``run_cells[run_start[r]:run_start[r + 1]]``; a cell's two runs are ``cell_runs[2c]``
(across) and ``cell_runs[2c + 1]`` (down), -1 when it has none. A candidate mask has bit
``d - 1`` for digit ``d``.

Propagation makes every run *fully consistent*: a cell keeps a digit only when some
assignment of distinct digits to the whole run, within the cells' candidates, uses it and
makes the total. It walks the run's cells in order over the sets of digits used so far
(at most 512 states): forward, the sets reachable; backward, those from which the total can
still be made. With the distinct-combinations rule, a run may not end on the digit set of a
completed run of the same group (same sum and length).
"""

from __future__ import annotations

from typing import Any

__all__ = ["BUFFER_SIZES", "propagate", "search"]

Buffer = Any
"""A flat integer buffer: a Python list (interpreted) or a NumPy int64 array (compiled)."""

BUFFER_SIZES = {"fwd": 512, "bwd": 512, "states": 1024, "layer": 12, "local": 12, "sumof": 512}


def _popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def _run_support(
    run: int, base: int, masks: Buffer, run_start: Buffer, run_cells: Buffer, run_total: Buffer,
    run_group: Buffer, group_start: Buffer, group_runs: Buffer,
    fwd: Buffer, bwd: Buffer, states: Buffer, layer: Buffer, local: Buffer, sumof: Buffer,
    counters: Buffer,
) -> int:
    """Narrow the cells of ``run`` to full consistency; -1 on a contradiction, else the
    number of cells changed (their new masks written into ``masks[base + cell]``)."""
    start = run_start[run]
    k = run_start[run + 1] - start
    total = run_total[run]
    if k > 9:
        return -1
    counters[0] += 1
    stamp = counters[0]
    fwd[0] = stamp
    states[0] = 0
    layer[0] = 0
    layer[1] = 1
    count = 1
    for i in range(k):
        cand = masks[base + run_cells[start + i]]
        remaining = k - i - 1
        low = remaining * (remaining + 1) // 2
        high = remaining * (19 - remaining) // 2
        for j in range(layer[i], layer[i + 1]):
            used = states[j]
            avail = cand & ~used
            while avail:
                bit = avail & -avail
                avail ^= bit
                nxt = used | bit
                if fwd[nxt] == stamp:
                    continue
                if total > 0:
                    need = total - sumof[nxt]
                    if need < low or need > high:
                        continue
                fwd[nxt] = stamp
                states[count] = nxt
                count += 1
        layer[i + 2] = count
        if count == layer[i + 1]:
            return -1
    group = run_group[run]
    found = False
    for j in range(layer[k], layer[k + 1]):
        used = states[j]
        if total > 0 and sumof[used] != total:
            continue
        if group >= 0 and _taken(run, used, base, masks, run_start, run_cells, group_start,
                                 group_runs, group):
            continue
        bwd[used] = stamp
        found = True
    if not found:
        return -1
    changed = 0
    for i in range(k - 1, -1, -1):
        cell = run_cells[start + i]
        cand = masks[base + cell]
        support = 0
        for j in range(layer[i], layer[i + 1]):
            used = states[j]
            avail = cand & ~used
            alive = False
            while avail:
                bit = avail & -avail
                avail ^= bit
                if bwd[used | bit] == stamp:
                    support |= bit
                    alive = True
            if alive:
                bwd[used] = stamp
        if support == 0:
            return -1
        if support != cand:
            masks[base + cell] = support
            changed += 1
    return changed


def _taken(
    run: int, used: int, base: int, masks: Buffer, run_start: Buffer, run_cells: Buffer,
    group_start: Buffer, group_runs: Buffer, group: int,
) -> bool:
    """Whether another completed run of ``run``'s group already uses the digit set ``used``."""
    for g in range(group_start[group], group_start[group + 1]):
        other = group_runs[g]
        if other == run:
            continue
        union = 0
        complete = True
        for c in range(run_start[other], run_start[other + 1]):
            mask = masks[base + run_cells[c]]
            if mask & (mask - 1):
                complete = False
                break
            union |= mask
        if complete and union == used:
            return True
    return False


def propagate(
    base: int, n: int, masks: Buffer, queue: Buffer, queued: Buffer, head_tail: Buffer,
    run_start: Buffer, run_cells: Buffer, run_total: Buffer, cell_runs: Buffer,
    run_group: Buffer, group_start: Buffer, group_runs: Buffer,
    fwd: Buffer, bwd: Buffer, states: Buffer, layer: Buffer, local: Buffer, sumof: Buffer,
    counters: Buffer,
) -> bool:
    """Run full consistency on the queued runs until nothing changes; False on a contradiction.

    ``queue`` is a ring of run numbers with ``head_tail[0]`` items from ``head_tail[1]``."""
    nruns = len(run_total)
    while head_tail[0] > 0:
        run = queue[head_tail[1]]
        head_tail[1] = (head_tail[1] + 1) % nruns
        head_tail[0] -= 1
        queued[run] = 0
        start = run_start[run]
        k = run_start[run + 1] - start
        for i in range(k):
            local[i] = masks[base + run_cells[start + i]]
        changed = _run_support(run, base, masks, run_start, run_cells, run_total, run_group,
                               group_start, group_runs, fwd, bwd, states, layer, local, sumof,
                               counters)
        if changed < 0:
            while head_tail[0] > 0:
                queued[queue[head_tail[1]]] = 0
                head_tail[1] = (head_tail[1] + 1) % nruns
                head_tail[0] -= 1
            return False
        if changed == 0:
            continue
        completed = run_group[run] >= 0
        for i in range(k):
            cell = run_cells[start + i]
            mask = masks[base + cell]
            if mask != local[i]:
                for side in range(2):
                    other = cell_runs[2 * cell + side]
                    if other >= 0 and other != run and queued[other] == 0:
                        _push(other, queue, queued, head_tail, nruns)
            if mask & (mask - 1):
                completed = False
        if completed:
            group = run_group[run]
            for g in range(group_start[group], group_start[group + 1]):
                other = group_runs[g]
                if other != run and queued[other] == 0:
                    _push(other, queue, queued, head_tail, nruns)
    return True


def _push(run: int, queue: Buffer, queued: Buffer, head_tail: Buffer, nruns: int) -> None:
    queue[(head_tail[1] + head_tail[0]) % nruns] = run
    head_tail[0] += 1
    queued[run] = 1


def search(
    n: int, masks: Buffer, limit: int, budget: int, keep: int, solutions: Buffer,
    rest: Buffer, chosen: Buffer, result: Buffer,
    queue: Buffer, queued: Buffer, head_tail: Buffer,
    run_start: Buffer, run_cells: Buffer, run_total: Buffer, cell_runs: Buffer,
    run_group: Buffer, group_start: Buffer, group_runs: Buffer,
    fwd: Buffer, bwd: Buffer, states: Buffer, layer: Buffer, local: Buffer, sumof: Buffer,
    counters: Buffer,
) -> None:
    """Count solutions up to ``limit`` (0 = all) within ``budget`` nodes (0 = none).

    ``masks`` holds ``(n + 1) * n`` entries, the first ``n`` the starting candidates; the
    first ``keep`` solutions are written as digits into ``solutions``. ``result`` receives
    the count, the nodes, whether the search was exhausted and whether the budget stopped it.
    """
    nruns = len(run_total)
    result[0] = 0
    result[1] = 0
    result[2] = 0
    result[3] = 0
    head_tail[0] = 0
    head_tail[1] = 0
    for run in range(nruns):
        queued[run] = 0
    for run in range(nruns):
        _push(run, queue, queued, head_tail, nruns)
    if not propagate(0, n, masks, queue, queued, head_tail, run_start, run_cells, run_total,
                     cell_runs, run_group, group_start, group_runs, fwd, bwd, states, layer,
                     local, sumof, counters):
        result[2] = 1
        return
    level = 0
    descend = True
    while True:
        if descend:
            base = level * n
            best = -1
            best_count = 10
            for cell in range(n):
                count = _popcount(masks[base + cell])
                if 1 < count < best_count:
                    best_count = count
                    best = cell
                    if count == 2:
                        break
            if best < 0:
                if result[0] < keep:
                    for cell in range(n):
                        mask = masks[base + cell]
                        digit = 0
                        while mask:
                            mask >>= 1
                            digit += 1
                        solutions[result[0] * n + cell] = digit
                result[0] += 1
                if limit > 0 and result[0] >= limit:
                    return
                level -= 1
            else:
                chosen[level] = best
                rest[level] = masks[base + best]
        descend = False
        while level >= 0 and not descend:
            if rest[level] == 0:
                level -= 1
                continue
            bit = rest[level] & -rest[level]
            rest[level] ^= bit
            if budget > 0 and result[1] >= budget:
                result[3] = 1
                return
            result[1] += 1
            base = level * n
            nxt = base + n
            for cell in range(n):
                masks[nxt + cell] = masks[base + cell]
            cell = chosen[level]
            masks[nxt + cell] = bit
            for side in range(2):
                run = cell_runs[2 * cell + side]
                if run >= 0 and queued[run] == 0:
                    _push(run, queue, queued, head_tail, nruns)
            if propagate(nxt, n, masks, queue, queued, head_tail, run_start, run_cells,
                         run_total, cell_runs, run_group, group_start, group_runs, fwd, bwd,
                         states, layer, local, sumof, counters):
                level += 1
                descend = True
        if level < 0:
            result[2] = 1
            return
