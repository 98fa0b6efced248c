"""The Takuzu search kernel, written once for both the interpreter and numba.

Each row and column (a *line*) is propagated by a dynamic programme over its cells: the
states after ``i`` cells are (ones so far, last value, run length 1 or 2), kept as four bit
sets of ones counts (one 64-bit word each, so lines up to :data:`MAX_SIDE`); a forward pass
marks the states the line's filled cells allow, a backward pass those from which the line
can still end balanced, and a value is possible in a cell when some path through both passes
uses it. This gives exactly what enumerating every valid pattern of the line consistent
with its cells gives (line consistency), in time ``O(length^2)`` whatever the length, where
the count of patterns grows as about ``1.6^length``. A value possible nowhere else is
placed; a line with no path is a contradiction.

With the unique-lines rule, a complete line equal to another complete parallel line is a
contradiction, and a line with two empty cells that agrees with a complete parallel line
elsewhere takes the other completion.

The search branches on an empty cell of a line with the fewest empty cells (among those,
the cell of lowest ``priority``), trying ``first_value`` first; when asked to, it first
probes that line's cells (assume a value, propagate, and keep the other value if that
fails). It keeps one decision per level on an explicit stack and undoes assignments from a
trail, so the kernel has no recursion, allocates nothing, and runs unchanged on Python
lists or, compiled, on arrays. Its ``nodes`` are branching points (cells branched on),
which the budget limits.
See :mod:`grille.engine._jit` for the convention, :mod:`grille.takuzu.solver` for the API.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "MAX_SIDE",
    "STOP_BUDGET",
    "STOP_DONE",
    "STOP_LIMIT",
    "TABLE_MAX",
    "buffer_sizes",
    "line_table",
    "search",
]

STOP_DONE = 0
"""The search space was exhausted: the count is exact."""
STOP_LIMIT = 1
"""The search stopped on reaching the solution limit."""
STOP_BUDGET = 2
"""The search stopped on reaching the node budget."""
TABLE_MAX = 12
"""Lines up to this long are propagated by table lookup in compiled code (3**12 entries)."""


MAX_SIDE = 120
"""The longest line the kernel handles (ones counts are bit sets in one 64-bit word)."""


def buffer_sizes(height: int, width: int) -> tuple[int, int, int]:
    """Cells, lines, and the size of one dynamic-programme table for a grid."""
    return height * width, height + width, (max(height, width) + 1) * 4


def search(
    h: int,
    w: int,
    unique: int,
    cells: Any,
    priority: Any,
    first_value: Any,
    limit: int,
    budget: int,
    keep: int,
    solutions: Any,
    stats: Any,
    trail: Any,
    dcell: Any,
    dtrail: Any,
    dtried: Any,
    queue: Any,
    inq: Any,
    empt: Any,
    fw: Any,
    bw: Any,
    can: Any,
    pos: Any,
    pcell: Any,
    pval: Any,
    tabmode: int,
    row_table: Any,
    col_table: Any,
    code: Any,
    pow3: Any,
    probe: int,
    pcand: Any,
) -> None:
    """Count solutions of ``cells`` (0, 1, -1 empty; changed in place) up to ``limit``.

    ``limit`` 0 counts all, ``budget`` < 0 has no node limit, the first ``keep`` solutions
    go to ``solutions``; ``stats`` receives the count, the nodes and why the search stopped.
    With ``tabmode``, lines are propagated by lookup in ``row_table`` / ``col_table``
    (see :func:`line_table`) indexed by each line's base-3 ``code``. With ``probe``, before
    branching on a line each value of each of its empty cells is tried and propagated; one
    that fails forces the other value (failed-literal detection).
    """
    n = h * w
    nl = h + w
    for line in range(nl):
        empt[line] = 0
        code[line] = 0
        inq[line] = 1
        queue[line] = line
    for c in range(n):
        row = c // w
        col = c - row * w
        if cells[c] < 0:
            empt[row] += 1
            empt[h + col] += 1
        elif tabmode != 0:
            code[row] += (cells[c] + 1) * pow3[col]
            code[h + col] += (cells[c] + 1) * pow3[row]
    qh = 0
    qn = nl
    tlen = 0
    depth = 0
    count = 0
    nodes = 0
    stop = STOP_DONE
    choice = 0
    x = 0
    probing = 0
    pidx = 0
    pv = 0
    pmark = 0
    nprobe = 0
    while True:
        # -- propagate every queued line -----------------------------------------------------
        ok = True
        while qn > 0 and ok:
            line = queue[qh]
            qh += 1
            if qh == nl:
                qh = 0
            qn -= 1
            inq[line] = 0
            if line < h:
                base = line * w
                stride = 1
                length = w
                first = 0
                last = h
                table = row_table
            else:
                base = line - h
                stride = w
                length = h
                first = h
                last = nl
                table = col_table
            half = length // 2
            for stage in range(2):
                if empt[line] == 0:
                    break
                npend = 0
                if stage == 0 and tabmode != 0:
                    found = table[code[line]]
                    if found < 0:
                        ok = False
                        break
                    for i in range(length):
                        if (found >> i) & 1:
                            pcell[npend] = base + i * stride
                            pval[npend] = 1
                            npend += 1
                        elif (found >> (16 + i)) & 1:
                            pcell[npend] = base + i * stride
                            pval[npend] = 0
                            npend += 1
                elif stage == 0:
                    # forward: the ones counts reachable in each (last, run) state
                    full = (1 << (half + 1)) - 1
                    for t in range(4, (length + 1) * 4):
                        fw[t] = 0
                        bw[t] = 0
                    v = cells[base]
                    if v != 1:
                        fw[4] = 1
                    if v != 0:
                        fw[6] = 2
                    for i in range(1, length):
                        v = cells[base + i * stride]
                        o = i * 4
                        low = i + 1 - half
                        valid = full if low <= 0 else full & ~((1 << low) - 1)
                        if v != 1:
                            fw[o + 4] = (fw[o + 2] | fw[o + 3]) & valid
                            fw[o + 5] = fw[o] & valid
                        if v != 0:
                            fw[o + 6] = ((fw[o] | fw[o + 1]) << 1) & valid
                            fw[o + 7] = (fw[o + 2] << 1) & valid
                    o = length * 4
                    for t in range(4):
                        bw[o + t] = fw[o + t] & (1 << half)
                    for i in range(length):
                        can[i] = 0
                    for i in range(length - 1, 0, -1):
                        v = cells[base + i * stride]
                        o = i * 4
                        if v != 1:
                            a = bw[o + 4] & fw[o + 2]
                            b = bw[o + 4] & fw[o + 3]
                            d = bw[o + 5] & fw[o]
                            if a | b | d:
                                can[i] |= 1
                                bw[o + 2] |= a
                                bw[o + 3] |= b
                                bw[o] |= d
                        if v != 0:
                            a = (bw[o + 6] >> 1) & fw[o]
                            b = (bw[o + 6] >> 1) & fw[o + 1]
                            d = (bw[o + 7] >> 1) & fw[o + 2]
                            if a | b | d:
                                can[i] |= 2
                                bw[o] |= a
                                bw[o + 1] |= b
                                bw[o + 2] |= d
                    v = cells[base]
                    if v != 1 and bw[4] & 1:
                        can[0] |= 1
                    if v != 0 and bw[6] & 2:
                        can[0] |= 2
                    if can[0] == 0:
                        ok = False
                        break
                    for i in range(length):
                        c = base + i * stride
                        if cells[c] < 0 and can[i] != 3:
                            pcell[npend] = c
                            pval[npend] = 0 if can[i] == 1 else 1
                            npend += 1
                elif unique != 0 and empt[line] == 2:
                    # the completion equal to a complete parallel line is excluded
                    holes = 0
                    for i in range(length):
                        if cells[base + i * stride] < 0:
                            pos[holes] = i
                            holes += 1
                    for m in range(first, last):
                        if m == line or empt[m] != 0:
                            continue
                        mbase = m * w if line < h else m - h
                        same = True
                        for i in range(length):
                            v = cells[base + i * stride]
                            if v >= 0 and v != cells[mbase + i * stride]:
                                same = False
                                break
                        if same:
                            for j in range(2):
                                pcell[j] = base + pos[j] * stride
                                pval[j] = 1 - cells[mbase + pos[j] * stride]
                            npend = 2
                            break
                for j in range(npend):
                    c = pcell[j]
                    x = pval[j]
                    cells[c] = x
                    trail[tlen] = c
                    tlen += 1
                    row = c // w
                    col = c - row * w
                    empt[row] -= 1
                    empt[h + col] -= 1
                    if tabmode != 0:
                        code[row] += (x + 1) * pow3[col]
                        code[h + col] += (x + 1) * pow3[row]
                    other = h + col if line < h else row
                    if inq[other] == 0:
                        inq[other] = 1
                        t = qh + qn
                        if t >= nl:
                            t -= nl
                        queue[t] = other
                        qn += 1
            if ok and empt[line] == 0:
                if tabmode != 0:
                    if table[code[line]] < 0:
                        ok = False
                else:
                    # a complete line: balanced, no three in a row
                    ones = 0
                    for i in range(length):
                        v = cells[base + i * stride]
                        ones += v
                        if i >= 2 and v == cells[base + (i - 1) * stride] and v == cells[
                            base + (i - 2) * stride
                        ]:
                            ok = False
                    if ones != half:
                        ok = False
            if ok and unique != 0 and empt[line] == 0:
                for m in range(first, last):
                    if m == line or empt[m] != 0:
                        continue
                    if tabmode != 0:
                        if code[m] == code[line]:
                            ok = False
                            break
                        continue
                    mbase = m * w if line < h else m - h
                    same = True
                    for i in range(length):
                        if cells[base + i * stride] != cells[mbase + i * stride]:
                            same = False
                            break
                    if same:
                        ok = False
                        break
        if not ok:
            while qn > 0:
                inq[queue[qh]] = 0
                qh += 1
                if qh == nl:
                    qh = 0
                qn -= 1
        if probing != 0:
            # -- a probe ran: undo it; a failed probe forces the other value ------------------
            while tlen > pmark:
                tlen -= 1
                c = trail[tlen]
                row = c // w
                col = c - row * w
                if tabmode != 0:
                    code[row] -= (cells[c] + 1) * pow3[col]
                    code[h + col] -= (cells[c] + 1) * pow3[row]
                cells[c] = -1
                empt[row] += 1
                empt[h + col] += 1
            probing = 0
            if not ok:
                ok = True
                x = 1 - pv
            else:
                while True:
                    if pv == 0:
                        pv = 1
                    else:
                        pv = 0
                        pidx += 1
                    if pidx >= nprobe or cells[pcand[pidx]] < 0:
                        break
                if pidx < nprobe:
                    choice = pcand[pidx]
                    x = pv
                    probing = 1
                    pmark = tlen
                else:
                    # nothing forced: branch on the probed line's cell of lowest priority
                    choice = -1
                    for k in range(nprobe):
                        c = pcand[k]
                        if cells[c] < 0 and (choice < 0 or priority[c] < priority[choice]):
                            choice = c
                    if budget >= 0 and nodes >= budget:
                        stop = STOP_BUDGET
                        break
                    nodes += 1
                    dcell[depth] = choice
                    dtrail[depth] = tlen
                    dtried[depth] = 0
                    depth += 1
                    x = first_value[choice]
        elif ok:
            # -- a solution, or the next decision ----------------------------------------------
            best = -1
            for line in range(nl):
                if empt[line] > 0 and (best < 0 or empt[line] < empt[best]):
                    best = line
            if best < 0:
                count += 1
                if count <= keep:
                    o = (count - 1) * n
                    for c in range(n):
                        solutions[o + c] = cells[c]
                if limit > 0 and count >= limit:
                    stop = STOP_LIMIT
                    break
                ok = False
            else:
                if best < h:
                    base = best * w
                    stride = 1
                    length = w
                else:
                    base = best - h
                    stride = w
                    length = h
                nprobe = 0
                for i in range(length):
                    c = base + i * stride
                    if cells[c] < 0:
                        pcand[nprobe] = c
                        nprobe += 1
                if probe != 0:
                    # try each value of each empty cell of the line before branching
                    pidx = 0
                    choice = pcand[0]
                    pv = 0
                    x = 0
                    probing = 1
                    pmark = tlen
                else:
                    choice = -1
                    for k in range(nprobe):
                        c = pcand[k]
                        if choice < 0 or priority[c] < priority[choice]:
                            choice = c
                    if budget >= 0 and nodes >= budget:
                        stop = STOP_BUDGET
                        break
                    nodes += 1
                    dcell[depth] = choice
                    dtrail[depth] = tlen
                    dtried[depth] = 0
                    depth += 1
                    x = first_value[choice]
        if not ok:
            # -- backtrack to the last decision with a value left to try ----------------------
            resumed = False
            while depth > 0:
                d = depth - 1
                while tlen > dtrail[d]:
                    tlen -= 1
                    c = trail[tlen]
                    row = c // w
                    col = c - row * w
                    if tabmode != 0:
                        code[row] -= (cells[c] + 1) * pow3[col]
                        code[h + col] -= (cells[c] + 1) * pow3[row]
                    cells[c] = -1
                    empt[row] += 1
                    empt[h + col] += 1
                if dtried[d] == 0:
                    dtried[d] = 1
                    choice = dcell[d]
                    x = 1 - first_value[choice]
                    resumed = True
                    break
                depth -= 1
            if not resumed:
                break
        # -- assign x to choice and queue its lines -----------------------------------------
        cells[choice] = x
        trail[tlen] = choice
        tlen += 1
        row = choice // w
        col = choice - row * w
        empt[row] -= 1
        empt[h + col] -= 1
        if tabmode != 0:
            code[row] += (x + 1) * pow3[col]
            code[h + col] += (x + 1) * pow3[row]
        for line in (row, h + col):
            if inq[line] == 0:
                inq[line] = 1
                t = qh + qn
                if t >= nl:
                    t -= nl
                queue[t] = line
                qn += 1
    stats[0] = count
    stats[1] = nodes
    stats[2] = stop


def line_table(length: int, patterns: Any, out: Any) -> None:
    """Fill ``out`` (``3**length`` entries) with what each partial line forces.

    A line's code is the sum over its cells of ``(value + 1) * 3**i`` (0 empty, 1 a 0, 2 a
    1). The entry is -1 when no valid pattern fits, else the cells forced to 1 as bits 0..15
    and the cells forced to 0 as bits 16..31 (over the line's empty cells).
    """
    full = (1 << length) - 1
    total = 1
    for _ in range(length):
        total *= 3
    for state in range(total):
        ones = 0
        known = 0
        rest = state
        for i in range(length):
            digit = rest % 3
            rest //= 3
            if digit != 0:
                known |= 1 << i
                if digit == 2:
                    ones |= 1 << i
        all_of = full
        any_of = 0
        fits = False
        for p in patterns:
            if p & known == ones:
                all_of &= p
                any_of |= p
                fits = True
        if not fits:
            out[state] = -1
        else:
            out[state] = (all_of & ~known) | (((~any_of) & full & ~known) << 16)
