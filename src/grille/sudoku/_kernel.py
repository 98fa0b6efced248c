"""The Sudoku search kernels, written once for both the interpreter and numba.

:func:`solve_batch` handles every size. Candidates are bit sets (bit ``d - 1`` for digit
``d``), one per cell. A search node propagates naked singles (a cell left with one candidate
removes it from its peers), hidden singles (a digit with one place left in a unit goes
there) and locked candidates (a digit of a box confined to one row or column leaves the
rest of that line, and the other way round), detects contradictions (a cell without
candidates, a digit without a place), then branches on a cell with the fewest candidates
(among those, the one with the most such peers): first its lowest digit, then the cell
without that digit. :func:`solve_batch_9x9` does the same for 9x9 grids on bit sets of
cells per digit, which is several times faster.

The depth-first search keeps one state per level on an explicit stack, so the kernels have
no recursion, allocate nothing, and run unchanged on Python lists or, compiled, on arrays.

See :mod:`grille.engine._jit` for the convention, :mod:`grille.sudoku.solver` for the API.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "STOP_BUDGET",
    "STOP_DONE",
    "STOP_LIMIT",
    "UNLIMITED",
    "band_tables",
    "solve_batch",
    "solve_batch_9x9",
]

STOP_DONE = 0
"""The search space was exhausted: the count is exact."""
STOP_LIMIT = 1
"""The search stopped on reaching the solution limit."""
STOP_BUDGET = 2
"""The search stopped on reaching the node budget."""
UNLIMITED = -1
"""A node budget that is never reached."""

ALL27 = 0x7FFFFFF
"""Every cell of a 9x9 band (bit ``9 * row + column``)."""
BOX0 = 0x1C0E07
"""The cells of a band's first box (shift left by 3 for the next)."""
WORDS = 30
"""Words of a 9x9 search level: 27 digit-band bit sets, then the unsolved cells per band."""


def solve_batch(
    puzzles: Any,
    size: int,
    box_rows: int,
    peers: Any,
    units: Any,
    limit: int,
    budget: int,
    first: Any,
    second: Any,
    counts: Any,
    nodes: Any,
    stops: Any,
    stack: Any,
    seeds: Any,
    queue: Any,
    segs: Any,
) -> None:
    """Search every puzzle of ``puzzles`` (flat, ``size**2`` digits each, 0 = empty).

    Tables: ``peers`` lists the peers of each cell in turn, ``units`` the cells of each
    unit. Per puzzle ``p`` it writes ``counts[p]`` (solutions found, up to ``limit``,
    0 = all), ``nodes[p]`` (nodes visited, up to ``budget``, -1 = unlimited) and
    ``stops[p]`` (a ``STOP_*`` code), and the first two solutions into ``first`` and
    ``second`` (skipped when ``second`` is empty). Work buffers: ``stack`` holds
    ``(cells + 1) * cells`` masks, ``seeds`` ``2 * (cells + 1)`` numbers, ``queue`` ``cells``
    cells (also candidate counts when branching), ``segs`` ``cells`` masks (one per
    box-line segment).
    """
    cells = size * size
    peer_count = len(peers) // cells
    unit_count = 3 * size
    full = (1 << size) - 1
    box_cols = size // box_rows
    keep_second = len(second) > 0
    for p in range(len(puzzles) // cells):
        base = p * cells
        # Level 0: clues as single candidates, all queued to leave their peers.
        queued = 0
        for i in range(cells):
            digit = puzzles[base + i]
            if digit:
                stack[i] = 1 << (digit - 1)
                queue[queued] = i
                queued += 1
            else:
                stack[i] = full
        unsolved = cells - queued
        level = 0
        found = 0
        visited = 0
        stop = STOP_DONE
        while level >= 0:
            if visited == budget:
                stop = STOP_BUDGET
                break
            off = level * cells
            if visited:
                # Back at a level whose branch cell was just narrowed: to one digit in a
                # child, to the other digits in the parent.
                cell = seeds[2 * level]
                unsolved = seeds[2 * level + 1]
                mask = stack[off + cell]
                queued = 0
                if (mask & (mask - 1)) == 0:
                    queue[0] = cell
                    queued = 1
                    unsolved -= 1
            visited += 1
            ok = True
            while True:
                # Naked singles: each queued cell removes its digit from its peers.
                head = 0
                while head < queued and ok:
                    cell = queue[head]
                    head += 1
                    bit = stack[off + cell]
                    for k in range(cell * peer_count, cell * peer_count + peer_count):
                        peer = peers[k]
                        mask = stack[off + peer]
                        if mask & bit:
                            mask ^= bit
                            stack[off + peer] = mask
                            if (mask & (mask - 1)) == 0:
                                if mask == 0:
                                    ok = False
                                    break
                                queue[queued] = peer
                                queued += 1
                                unsolved -= 1
                if not ok or unsolved == 0:
                    break
                # Hidden singles: a digit with one place in a unit goes there.
                queued = 0
                for u in range(unit_count):
                    start = u * size
                    once = 0
                    twice = 0
                    placed = 0
                    for k in range(start, start + size):
                        mask = stack[off + units[k]]
                        twice |= once & mask
                        once |= mask
                        if (mask & (mask - 1)) == 0:
                            placed |= mask
                    if once != full:
                        ok = False
                        break
                    lone = once & ~twice & ~placed
                    while lone:
                        bit = lone & -lone
                        lone ^= bit
                        hit = False
                        for k in range(start, start + size):
                            cell = units[k]
                            if stack[off + cell] & bit:
                                stack[off + cell] = bit
                                queue[queued] = cell
                                queued += 1
                                unsolved -= 1
                                hit = True
                                break
                        if not hit:
                            ok = False
                            break
                    if not ok:
                        break
                if not ok:
                    break
                if queued:
                    continue
                # Locked candidates: a digit of a box confined to one row (or column)
                # leaves the rest of that line, and the other way round.
                changed = False
                for across in range(2):
                    # Segments: the cells one box shares with one line (across: rows).
                    seg_len = box_cols if across else box_rows
                    thick = box_rows if across else box_cols
                    per_line = size // seg_len
                    for line in range(size):
                        for j in range(per_line):
                            anywhere = 0
                            for t in range(j * seg_len, j * seg_len + seg_len):
                                anywhere |= stack[
                                    off + (line * size + t if across else t * size + line)
                                ]
                            segs[line * per_line + j] = anywhere
                    for line in range(size):
                        band = line - line % thick
                        for j in range(per_line):
                            segment = segs[line * per_line + j]
                            in_box = 0
                            in_box_twice = 0
                            for other in range(band, band + thick):
                                mask = segs[other * per_line + j]
                                in_box_twice |= in_box & mask
                                in_box |= mask
                            in_line = 0
                            in_line_twice = 0
                            for other in range(per_line):
                                mask = segs[line * per_line + other]
                                in_line_twice |= in_line & mask
                                in_line |= mask
                            # Pointing: digits of the box found in this segment only, which
                            # the rest of the line still has; claiming: the other way round.
                            pointing = segment & ~in_box_twice & in_line_twice
                            claiming = segment & ~in_line_twice & in_box_twice
                            seg_start = j * seg_len
                            for kind in range(2):
                                digits = claiming if kind else pointing
                                if digits == 0:
                                    continue
                                # The rest of the line (pointing) or of the box (claiming).
                                first_line = band if kind else line
                                last_line = band + thick if kind else line + 1
                                first_pos = seg_start if kind else 0
                                last_pos = seg_start + seg_len if kind else size
                                for other in range(first_line, last_line):
                                    for t in range(first_pos, last_pos):
                                        if other == line and seg_start <= t < seg_start + seg_len:
                                            continue
                                        cell = other * size + t if across else t * size + other
                                        mask = stack[off + cell]
                                        if mask & digits:
                                            mask &= ~digits
                                            stack[off + cell] = mask
                                            changed = True
                                            if (mask & (mask - 1)) == 0:
                                                if mask == 0:
                                                    ok = False
                                                    break
                                                queue[queued] = cell
                                                queued += 1
                                                unsolved -= 1
                                    if not ok:
                                        break
                                if not ok:
                                    break
                            if not ok:
                                break
                        if not ok:
                            break
                    if not ok:
                        break
                if not ok or not changed:
                    break
            if not ok:
                level -= 1
                continue
            if unsolved == 0:
                # A solution: every cell holds one digit, none shared with a peer.
                if found == 0 or (found == 1 and keep_second):
                    target = first if found == 0 else second
                    for i in range(cells):
                        bit = stack[off + i]
                        digit = 1
                        while bit > 1:
                            bit >>= 1
                            digit += 1
                        target[base + i] = digit
                found += 1
                if found == limit:
                    stop = STOP_LIMIT
                    break
                level -= 1
                continue
            # Branch on a cell with the fewest candidates, the one with most such peers.
            fewest = size + 1
            for i in range(cells):
                mask = stack[off + i]
                if mask & (mask - 1):
                    x = mask - ((mask >> 1) & 0x55555555)
                    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
                    x = (x + (x >> 4)) & 0x0F0F0F0F
                    x = ((x * 0x01010101) & 0xFFFFFFFF) >> 24
                    queue[i] = x
                    if x < fewest:
                        fewest = x
                else:
                    queue[i] = 0
            best = 0
            most = -1
            for i in range(cells):
                if queue[i] == fewest:
                    seen = 0
                    for k in range(i * peer_count, i * peer_count + peer_count):
                        if queue[peers[k]] == fewest:
                            seen += 1
                    if seen > most:
                        most = seen
                        best = i
            mask = stack[off + best]
            bit = mask & -mask
            child = off + cells
            for i in range(cells):
                stack[child + i] = stack[off + i]
            stack[child + best] = bit
            stack[off + best] = mask ^ bit
            seeds[2 * level] = best
            seeds[2 * level + 1] = unsolved
            seeds[2 * level + 2] = best
            seeds[2 * level + 3] = unsolved
            level += 1
        counts[p] = found
        nodes[p] = visited
        stops[p] = stop


# -- 9x9: digit bit sets by band ------------------------------------------------------------


def band_tables() -> tuple[list[int], list[int], list[int], list[int], list[int], list[int]]:
    """The tables of :func:`solve_batch_9x9`: peer_bands, shrink, segments, columns,
    row_boxes and bit_index (see there)."""
    peer_bands = [0] * 243
    for cell in range(81):
        row, col = divmod(cell, 9)
        for other in range(81):
            other_row, other_col = divmod(other, 9)
            same_box = other_row // 3 == row // 3 and other_col // 3 == col // 3
            if other != cell and (other_row == row or other_col == col or same_box):
                peer_bands[3 * cell + other // 27] |= 1 << (other % 27)
    permutations = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    shrink = [0] * 512
    for occupied in range(512):
        for permutation in permutations:
            bits = sum(1 << (3 * i + j) for i, j in enumerate(permutation))
            if occupied & bits == bits:
                shrink[occupied] |= bits
    segments = [
        sum(7 << (9 * (k // 3) + 3 * (k % 3)) for k in range(9) if kept >> k & 1)
        for kept in range(512)
    ]
    columns = [sum(0x40201 << c for c in range(9) if kept >> c & 1) for kept in range(512)]
    row_boxes = [sum(1 << j for j in range(3) if (row >> 3 * j) & 7) for row in range(512)]
    bit_index = [0] * 32
    for i in range(32):
        bit_index[((1 << i) * 0x077CB531 & 0xFFFFFFFF) >> 27] = i
    return peer_bands, shrink, segments, columns, row_boxes, bit_index


def solve_batch_9x9(
    puzzles: Any,
    peer_bands: Any,
    shrink: Any,
    segments: Any,
    columns: Any,
    row_boxes: Any,
    bit_index: Any,
    limit: int,
    budget: int,
    first: Any,
    second: Any,
    counts: Any,
    nodes: Any,
    stops: Any,
    stack: Any,
    seeds: Any,
    found: Any,
) -> None:
    """:func:`solve_batch` for 9x9 grids, on bit sets of cells instead of digits.

    A level holds, for each digit and band (three rows), the 27-bit set of cells where the
    digit may go (word ``3 * digit + band``, bit ``9 * row + column`` within the band), then
    the unsolved cells of each band. Besides singles it finds locked candidates: in a band,
    the rows and boxes a digit may use must admit a permutation (one box per row, one row
    per box), and so must bands and columns within a stack of boxes.

    Tables (from :func:`band_tables`): ``peer_bands[3 * cell + band]`` the peers of a cell
    in a band; ``shrink[m]`` the union of the permutation matrices within the 3x3 bit
    matrix ``m`` (bit ``3 * i + j``); ``segments[m]`` the cells of the row segments kept in
    ``m``; ``columns[m]`` the cells of the columns in ``m``; ``row_boxes[r]`` the boxes a
    9-bit row uses; ``bit_index`` a de Bruijn table from a bit to its index. Work buffers:
    ``stack`` holds ``82 * WORDS`` words, ``seeds`` 164 numbers, ``found`` 30 bit sets.
    """
    keep_second = len(second) > 0
    for p in range(len(puzzles) // 81):
        base = p * 81
        for i in range(WORDS):
            stack[i] = ALL27
        for i in range(27):
            found[i] = 0
        for cell in range(81):
            digit = puzzles[base + cell]
            if digit:
                band = cell // 27
                found[3 * (digit - 1) + band] |= 1 << (cell - 27 * band)
        dirty = 0x1FF  # digits whose bit sets changed since their last look
        level = 0
        solutions = 0
        visited = 0
        stop = STOP_DONE
        arrival = 0  # 0: a fresh puzzle, 1: down into a child, 2: back up to a parent
        while level >= 0:
            if visited == budget:
                stop = STOP_BUDGET
                break
            visited += 1
            off = level * WORDS
            if arrival:
                for i in range(27):
                    found[i] = 0
                if arrival == 1:
                    found[seeds[2 * level - 2]] = seeds[2 * level - 1]
                    dirty = 0
                else:
                    word = seeds[2 * level]
                    stack[off + word] &= ~seeds[2 * level + 1]
                    dirty = 1 << (word // 3)
            ok = True
            solved = False
            while True:
                # Place the digits found: off their cells for the other digits, off the
                # peers for this one. A digit placed where it could not go, or twice in a
                # unit, is found missing from its own bit set afterwards.
                for word in range(27):
                    placed = found[word]
                    if placed == 0:
                        continue
                    found[word] = 0
                    digit = word // 3
                    band = word - 3 * digit
                    stack[off + 27 + band] &= ~placed
                    for other in range(band, 27, 3):
                        x = stack[off + other]
                        if other != word and x & placed:
                            stack[off + other] = x & ~placed
                            dirty |= 1 << (other // 3)
                    dirty |= 1 << digit
                    at = off + 3 * digit
                    bits = placed
                    while bits:
                        bit = bits & -bits
                        bits ^= bit
                        cell = 3 * (27 * band + bit_index[((bit * 0x077CB531) & 0xFFFFFFFF) >> 27])
                        stack[at] &= ~peer_bands[cell]
                        stack[at + 1] &= ~peer_bands[cell + 1]
                        stack[at + 2] &= ~peer_bands[cell + 2]
                    if (stack[off + word] & placed) != placed:
                        ok = False
                        break
                if not ok:
                    break
                if stack[off + 27] | stack[off + 28] | stack[off + 29] == 0:
                    solved = True
                    break
                # Naked singles: unsolved cells left with one digit.
                pending = False
                for band in range(3):
                    once = 0
                    twice = 0
                    for word in range(band, 27, 3):
                        x = stack[off + word]
                        twice |= once & x
                        once |= x
                    unsolved = stack[off + 27 + band]
                    if unsolved & ~once:
                        ok = False
                        break
                    singles = unsolved & ~twice
                    if singles:
                        pending = True
                        for word in range(band, 27, 3):
                            found[word] |= singles & stack[off + word]
                if not ok:
                    break
                if pending:
                    continue
                # Each changed digit: locked candidates to a fixpoint, then hidden singles.
                eliminated = False
                for digit in range(9):
                    if not (dirty >> digit) & 1:
                        continue
                    dirty ^= 1 << digit
                    at = off + 3 * digit
                    w0 = stack[at]
                    w1 = stack[at + 1]
                    w2 = stack[at + 2]
                    while True:
                        # Rows against boxes within each band.
                        a0 = shrink[row_boxes[w0 & 511] | row_boxes[(w0 >> 9) & 511] << 3
                                    | row_boxes[w0 >> 18] << 6]
                        a1 = shrink[row_boxes[w1 & 511] | row_boxes[(w1 >> 9) & 511] << 3
                                    | row_boxes[w1 >> 18] << 6]
                        a2 = shrink[row_boxes[w2 & 511] | row_boxes[(w2 >> 9) & 511] << 3
                                    | row_boxes[w2 >> 18] << 6]
                        if a0 == 0 or a1 == 0 or a2 == 0:
                            ok = False
                            break
                        v0 = w0 & segments[a0]
                        v1 = w1 & segments[a1]
                        v2 = w2 & segments[a2]
                        # Bands against columns within each stack.
                        f0 = (v0 | (v0 >> 9) | (v0 >> 18)) & 511
                        f1 = (v1 | (v1 >> 9) | (v1 >> 18)) & 511
                        f2 = (v2 | (v2 >> 9) | (v2 >> 18)) & 511
                        k0 = 0
                        k1 = 0
                        k2 = 0
                        for shift in range(0, 9, 3):
                            kept = shrink[((f0 >> shift) & 7) | ((f1 >> shift) & 7) << 3
                                          | ((f2 >> shift) & 7) << 6]
                            if kept == 0:
                                ok = False
                                break
                            k0 |= (kept & 7) << shift
                            k1 |= ((kept >> 3) & 7) << shift
                            k2 |= (kept >> 6) << shift
                        if not ok:
                            break
                        v0 &= columns[k0]
                        v1 &= columns[k1]
                        v2 &= columns[k2]
                        if v0 == w0 and v1 == w1 and v2 == w2:
                            break
                        w0 = v0
                        w1 = v1
                        w2 = v2
                    if not ok:
                        break
                    if w0 != stack[at] or w1 != stack[at + 1] or w2 != stack[at + 2]:
                        eliminated = True
                        stack[at] = w0
                        stack[at + 1] = w1
                        stack[at + 2] = w2
                    # Hidden singles: a row, box or column with one place for the digit.
                    h0 = 0
                    h1 = 0
                    h2 = 0
                    for shift in range(0, 27, 9):
                        x = w0 & (511 << shift)
                        if (x & (x - 1)) == 0:
                            h0 |= x
                        x = w1 & (511 << shift)
                        if (x & (x - 1)) == 0:
                            h1 |= x
                        x = w2 & (511 << shift)
                        if (x & (x - 1)) == 0:
                            h2 |= x
                    for shift in range(0, 9, 3):
                        x = w0 & (BOX0 << shift)
                        if (x & (x - 1)) == 0:
                            h0 |= x
                        x = w1 & (BOX0 << shift)
                        if (x & (x - 1)) == 0:
                            h1 |= x
                        x = w2 & (BOX0 << shift)
                        if (x & (x - 1)) == 0:
                            h2 |= x
                    twice = (f0 & f1) | (f0 & f2) | (f1 & f2)
                    twice |= (w0 & (w0 >> 9)) | (w0 & (w0 >> 18)) | ((w0 >> 9) & (w0 >> 18))
                    twice |= (w1 & (w1 >> 9)) | (w1 & (w1 >> 18)) | ((w1 >> 9) & (w1 >> 18))
                    twice |= (w2 & (w2 >> 9)) | (w2 & (w2 >> 18)) | ((w2 >> 9) & (w2 >> 18))
                    lone = (f0 | f1 | f2) & ~twice & 511
                    h0 = (h0 | (w0 & columns[lone])) & stack[off + 27]
                    h1 = (h1 | (w1 & columns[lone])) & stack[off + 28]
                    h2 = (h2 | (w2 & columns[lone])) & stack[off + 29]
                    if h0 | h1 | h2:
                        found[3 * digit] |= h0
                        found[3 * digit + 1] |= h1
                        found[3 * digit + 2] |= h2
                        pending = True
                if not ok or not (pending or eliminated):
                    break
            if not ok:
                level -= 1
                arrival = 2
                continue
            if solved:
                if solutions == 0 or (solutions == 1 and keep_second):
                    target = first if solutions == 0 else second
                    for cell in range(81):
                        band = cell // 27
                        bit = 1 << (cell - 27 * band)
                        for digit in range(9):
                            if stack[off + 3 * digit + band] & bit:
                                target[base + cell] = digit + 1
                solutions += 1
                if solutions == limit:
                    stop = STOP_LIMIT
                    break
                level -= 1
                arrival = 2
                continue
            # Branch on a cell with two candidates that sees the most such cells (the
            # strongest propagation), else on one with the fewest candidates.
            for band in range(3):
                once = 0
                twice = 0
                thrice = 0
                for word in range(band, 27, 3):
                    x = stack[off + word]
                    thrice |= twice & x
                    twice |= once & x
                    once |= x
                found[27 + band] = twice & ~thrice & stack[off + 27 + band]
            branch_band = -1
            branch_bit = 0
            best = -1
            for band in range(3):
                pairs = found[27 + band]
                while pairs:
                    bit = pairs & -pairs
                    pairs ^= bit
                    cell = 3 * (27 * band + bit_index[((bit * 0x077CB531) & 0xFFFFFFFF) >> 27])
                    seen = 0
                    for peer_band in range(3):
                        x = found[27 + peer_band] & peer_bands[cell + peer_band]
                        x = x - ((x >> 1) & 0x55555555)
                        x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
                        x = (x + (x >> 4)) & 0x0F0F0F0F
                        seen += ((x * 0x01010101) & 0xFFFFFFFF) >> 24
                    if seen > best:
                        best = seen
                        branch_band = band
                        branch_bit = bit
            if branch_band < 0:
                fewest = 10
                for band in range(3):
                    unsolved = stack[off + 27 + band]
                    while unsolved:
                        bit = unsolved & -unsolved
                        unsolved ^= bit
                        count = 0
                        for word in range(band, 27, 3):
                            if stack[off + word] & bit:
                                count += 1
                        if count < fewest:
                            fewest = count
                            branch_band = band
                            branch_bit = bit
            # The child places the lowest digit there; the parent then removes it.
            word = branch_band
            while (stack[off + word] & branch_bit) == 0:
                word += 3
            child = off + WORDS
            for i in range(WORDS):
                stack[child + i] = stack[off + i]
            seeds[2 * level] = word
            seeds[2 * level + 1] = branch_bit
            level += 1
            arrival = 1
        counts[p] = solutions
        nodes[p] = visited
        stops[p] = stop
