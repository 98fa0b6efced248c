"""HoDoKu's ALS-XZ (5700) and ALS-XY-Wing (5800): its first instance, in its search order.

HoDoKu (``AlsSolver``; hodoku-py ``solver/als.py``) takes the first step it meets, so the
order of its lists decides which one is applied:

- **ALSes** (``SudokuStepFinder.getAlses``): units in order (rows, columns, boxes; a box's
  cells row by row), and in each unit the sets of N open cells holding N + 1 digits, found
  depth first (a set, then the sets extending it by later cells of the unit), up to eight
  cells; a set already found in an earlier unit is not listed again. One bivalue cell is
  an ALS.
- **Restricted commons** (``getRestrictedCommons``): each pair of ALSes (the first before
  the second in that list) that do not overlap, their common digits in order, a digit being
  restricted when every cell of both holding it sees every other; at most two a pair.
- **ALS-XZ**: restricted commons in order; the digits both ALSes hold other than the
  restricted one leave the cells seeing every cell of both holding them. With a second
  restricted common, the same again without it, and each ALS's other digits leave the cells
  outside the other ALS that see all of its cells holding them.
- **ALS-XY-Wing**: pairs of restricted commons in order (the second after the first), not
  both single with one digit, that share exactly one ALS (the pivot C); A and B must not
  overlap or contain each other; their common digits other than the restricted ones leave
  the cells seeing all their cells holding them.

The ALS list, the restricted commons and the ALS-XZ and ALS-XY-Wing searches run compiled
(:data:`KERNELS`, numba, on two-word cell sets), kept for the board last asked; the steps
are then written in Python. :func:`alses`, :func:`restricted_commons`,
:func:`als_xz_reference` and :func:`als_xy_wing_reference` are the plain Python searches the
kernels are tested against. ALS-XY-Chain reads the compiled lists as Python objects.

Written from HoDoKu's rules; none of its code is used.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from grille.engine._jit import Kernels
from grille.engine.kernel_helpers import popcount as _bit_count
from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of

__all__ = ["Als", "als_xy_chain", "als_xy_wing", "als_xy_wing_reference", "als_xz",
           "als_xz_reference", "alses", "restricted_commons"]

_ROWS = tuple(tuple(range(r * 9, r * 9 + 9)) for r in range(9))
_COLS = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
_BOXES = tuple(
    tuple((b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)) for b in range(9)
)
_UNITS = _ROWS + _COLS + _BOXES
_PEERS = tuple(
    sum(1 << p for p in {p for u in _UNITS if c in u for p in u} - {c}) for c in range(81)
)
_ALL = (1 << 81) - 1


@dataclass(frozen=True, slots=True)
class Als:
    """An almost locked set: ``cells`` (bit set) holding ``digits`` (bit set, one more
    digit than cells); per digit its cells (``holding``) and the cells outside that hold
    the digit and see all of them (``seen``)."""

    cells: int
    digits: int
    holding: tuple[int, ...]
    seen: tuple[int, ...]
    seen_any: int
    area: tuple[int, ...]

    def __repr__(self) -> str:
        names = ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}" for c in cells_of(self.cells))
        return f"<Als {names} {''.join(str(d) for d in bits(self.digits))}>"


def _als(board: Board, cells: int, digits: int) -> Als:
    holding = [0] * 10
    seen = [0] * 10
    seen_any = 0
    for digit in bits(digits):
        mine = cells & board.planes[digit - 1]
        sees = _ALL
        for cell in cells_of(mine):
            sees &= _PEERS[cell]
        holding[digit] = mine
        seen[digit] = sees & ~cells & board.planes[digit - 1] if mine else 0
        seen_any |= seen[digit]
    area = tuple(h | v for h, v in zip(holding, seen, strict=True))
    return Als(cells, digits, tuple(holding), tuple(seen), seen_any, area)


def alses(board: Board) -> list[Als]:
    """Every ALS of ``board`` in HoDoKu's order (units, then depth first in the unit)."""
    found: list[tuple[int, int]] = []
    known: set[int] = set()
    marks = board.marks
    for unit in _UNITS:
        open_cells = [(1 << cell, marks[cell]) for cell in unit if not board.cells[cell]]
        _extend(open_cells, 0, 0, 0, 0, known, found)
    return [_als(board, cells, digits) for cells, digits in found]


def _extend(open_cells: list[tuple[int, int]], start: int, size: int, cells: int, digits: int,
            known: set[int], found: list[tuple[int, int]]) -> None:
    """The ALSes extending ``cells`` by the unit's open cells from ``start`` on, depth first."""
    size += 1
    if size > 8:
        return
    for i in range(start, len(open_cells)):
        bit, mask = open_cells[i]
        now, held = cells | bit, digits | mask
        if held.bit_count() - size == 1 and now not in known:
            known.add(now)
            found.append((now, held))
        _extend(open_cells, i + 1, size, now, held, known, found)


@dataclass(frozen=True, slots=True)
class _Common:
    first: int
    second: int
    digit: int
    other: int  # a second restricted digit, or 0


def restricted_commons(found: list[Als]) -> list[_Common]:
    """The restricted commons of every non-overlapping pair of ``found``, in HoDoKu's order
    (pair by pair, the first ALS's index first; the lowest two restricted digits).

    A digit is restricted between two disjoint ALSes when every cell of the second holding
    it sees every cell of the first holding it, i.e. lies in the first's ``seen``. The pairs
    are found with bit sets over the ALS indexes: per digit, the ALSes holding it in a cell.
    """
    n = len(found)
    having = [0] * 10  # digit -> ALSes holding it
    at_cell = [[0] * 81 for _ in range(10)]  # digit, cell -> ALSes holding it there
    in_cell = [0] * 81  # cell -> ALSes containing it
    for k, als in enumerate(found):
        bit = 1 << k
        for cell in cells_of(als.cells):
            in_cell[cell] |= bit
        for digit in bits(als.digits):
            having[digit] |= bit
            for cell in cells_of(als.holding[digit]):
                at_cell[digit][cell] |= bit
    places = [0] * 10
    for digit in range(1, 10):
        places[digit] = sum(1 << c for c in range(81) if at_cell[digit][c])
    commons: list[_Common] = []
    for i, one in enumerate(found):
        later = ((1 << n) - 1) & ~((1 << (i + 1)) - 1)
        for cell in cells_of(one.cells):
            later &= ~in_cell[cell]
        if not later:
            continue
        per_digit: list[tuple[int, int]] = []
        union = 0
        for digit in bits(one.digits):
            fits = having[digit] & later
            if not fits:
                continue
            for cell in cells_of(places[digit] & ~one.seen[digit]):
                fits &= ~at_cell[digit][cell]
                if not fits:
                    break
            if fits:
                per_digit.append((digit, fits))
                union |= fits
        while union:
            low = union & -union
            union ^= low
            j = low.bit_length() - 1
            restricted = [digit for digit, fits in per_digit if fits & low][:2]
            commons.append(_Common(i, j, restricted[0],
                                   restricted[1] if len(restricted) > 1 else 0))
    return commons


def _common_deletions(one: Als, two: Als, skip: tuple[int, ...]) -> list[tuple[int, int]]:
    digits = one.digits & two.digits
    for digit in skip:
        if digit:
            digits &= ~(1 << (digit - 1))
    if not digits or not one.seen_any & two.seen_any:
        return []
    return [(cell, digit) for digit in bits(digits)
            for cell in cells_of(one.seen[digit] & two.seen[digit])]


def _locked_deletions(one: Als, two: Als, a: int, b: int) -> list[tuple[int, int]]:
    digits = one.digits & ~(1 << (a - 1)) & ~(1 << (b - 1))
    return [(cell, digit) for digit in bits(digits)
            for cell in cells_of(one.seen[digit] & ~two.cells)]


def _python_lists(board: Board) -> tuple[list[Als], list[_Common]]:
    """The ALSes and restricted commons of ``board`` from the plain Python searches."""
    found = alses(board)
    return found, restricted_commons(found)


def _step(name: str, board: Board, sets: tuple[Als, ...], digits: tuple[int, ...],
          out: list[tuple[int, int]]) -> Step:
    unique: list[tuple[int, int]] = []
    for item in out:
        if item not in unique:
            unique.append(item)
    described = "; ".join(
        f"{', '.join(board.name(c) for c in cells_of(s.cells))} "
        f"({', '.join(str(d) for d in bits(s.digits))})" for s in sets)
    restricted = ", ".join(str(d) for d in digits if d)
    removed = ", ".join(f"{board.name(c)}<>{d}" for c, d in unique)
    return Step(
        name,
        eliminations=tuple(board.candidate(c, d) for c, d in unique),
        cells=tuple(board.rc(c) for s in sets for c in cells_of(s.cells)),
        explanation=f"ALSes {described}, restricted common {restricted} => {removed}",
        area="the whole grid",
    )


def _xz_deletions(one: Als, two: Als, rc: _Common) -> list[tuple[int, int]]:
    """What the ALS-XZ of ``one`` and ``two`` with restricted common ``rc`` deletes."""
    out = _common_deletions(one, two, (rc.digit,))
    if rc.other:
        out += _common_deletions(one, two, (rc.other,))
        out += _locked_deletions(one, two, rc.digit, rc.other)
        out += _locked_deletions(two, one, rc.digit, rc.other)
    return out


def als_xz_reference(board: Board) -> Step | None:
    """HoDoKu's first ALS-XZ on ``board`` (9x9), or None: the plain Python search."""
    if board.n != 9:
        return None
    found, commons = _python_lists(board)
    for rc in commons:
        one, two = found[rc.first], found[rc.second]
        out = _xz_deletions(one, two, rc)
        if out:
            return _step("ALS-XZ", board, (one, two), (rc.digit, rc.other), out)
    return None


def _wing(rc1: _Common, rc2: _Common) -> tuple[int, int, int] | None:
    """Pivot, A and B of the ALS-XY-Wing of two restricted commons, or None."""
    if not rc1.other and not rc2.other and rc1.digit == rc2.digit:
        return None
    if rc1.first == rc2.first and rc1.second != rc2.second:
        return rc1.first, rc1.second, rc2.second
    if rc1.first == rc2.second and rc1.second != rc2.first:
        return rc1.first, rc1.second, rc2.first
    if rc1.second == rc2.first and rc1.first != rc2.second:
        return rc1.second, rc1.first, rc2.second
    if rc1.second == rc2.second and rc1.first != rc2.first:
        return rc1.second, rc1.first, rc2.first
    return None


def _wing_step(board: Board, found: list[Als] | _Found, rc1: _Common, rc2: _Common,
               ) -> Step | None:
    """The ALS-XY-Wing step of two restricted commons, or None."""
    ends = _wing(rc1, rc2)
    if ends is None:
        return None
    pivot, a, b = ends
    one, two = found[a], found[b]
    if one.cells & two.cells:
        return None
    union = one.cells | two.cells
    if union in (one.cells, two.cells):
        return None
    out = _common_deletions(one, two, (rc1.digit, rc1.other, rc2.digit, rc2.other))
    if not out:
        return None
    return _step("ALS-XY-Wing", board, (one, two, found[pivot]),
                 (rc1.digit, rc1.other, rc2.digit, rc2.other), out)


def als_xy_wing_reference(board: Board) -> Step | None:
    """HoDoKu's first ALS-XY-Wing on ``board`` (9x9), or None: the plain Python search."""
    if board.n != 9:
        return None
    found, commons = _python_lists(board)
    by_als: dict[int, list[int]] = {}
    for k, rc in enumerate(commons):
        by_als.setdefault(rc.first, []).append(k)
        by_als.setdefault(rc.second, []).append(k)
    for i, rc1 in enumerate(commons):
        later = sorted({k for k in by_als[rc1.first] + by_als[rc1.second] if k > i})
        for k in later:
            step = _wing_step(board, found, rc1, commons[k])
            if step is not None:
                return step
    return None


def als_xz(board: Board) -> Step | None:
    """HoDoKu's first ALS-XZ on ``board`` (9x9), or None (compiled search)."""
    if board.n != 9:
        return None
    tables = _tables(board)
    k = tables.first_xz()
    if k < 0:
        return None
    rc = tables.common(k)
    one, two = tables.found[rc.first], tables.found[rc.second]
    out = _xz_deletions(one, two, rc)
    assert out, "the kernel found an ALS-XZ without deletions"
    return _step("ALS-XZ", board, (one, two), (rc.digit, rc.other), out)


def als_xy_wing(board: Board) -> Step | None:
    """HoDoKu's first ALS-XY-Wing on ``board`` (9x9), or None (compiled search)."""
    if board.n != 9:
        return None
    tables = _tables(board)
    pair = tables.first_wing()
    if pair is None:
        return None
    step = _wing_step(board, tables.found, tables.common(pair[0]), tables.common(pair[1]))
    assert step is not None, "the kernel found an ALS-XY-Wing without deletions"
    return step


def _weight(out: list[tuple[int, int]]) -> int:
    """HoDoKu's ``getIndexSumme``: deletions by digit then cell, the k-th weighted 1 + 80 k."""
    total, offset = 0, 1
    for cell, digit in sorted(set(out), key=lambda item: (item[1], item[0])):
        total += cell * offset + digit
        offset += 80
    return total


def als_xy_chain(board: Board) -> Step | None:
    """HoDoKu's ALS-XY-Chain (5900) on ``board`` (9x9), or None.

    HoDoKu (``AlsSolver.getAlsXYChain``) walks every chain of restricted commons from each
    ALS to ALSes later in its list, each link's restricted digits minus the one the link
    before used (``RestrictedCommon.checkRC``; a doubly linked first link is tried with
    each digit; after a doubly linked link only its first digit blocks the next); a chain
    of three links or more deletes the digits its two end ALSes share, other than the
    digits of its first and last links, from the cells seeing all their cells holding them.
    It keeps the step with the most deletions, then the lowest ``getIndexSumme``. Which
    chain proves it does not matter, so grille searches the states (ALS, last link's
    digits) and, for each, the states one link or more on (a bit set, kept), instead of
    every chain; a start's states three links on are those reached from its second links.
    """
    if board.n != 9:
        return None
    tables = _tables(board)
    return _xy_chain(board, tables.found, tables.rows[:tables.count].tolist(),
                     tables.seen_any())


def als_xy_chain_reference(board: Board) -> Step | None:
    """:func:`als_xy_chain` on the plain Python lists."""
    if board.n != 9:
        return None
    found, commons = _python_lists(board)
    return _xy_chain(board, found, [[rc.first, rc.second, rc.digit, rc.other] for rc in commons],
                     [als.seen_any for als in found])


def _xy_chain(board: Board, found: list[Als] | _Found, commons: list[list[int]],
              seen_any: list[int]) -> Step | None:
    """The ALS-XY-Chain search of :func:`als_xy_chain` on the ALSes ``found`` (read only
    where a chain ends), the restricted commons (first, second, digit, second digit or 0)
    and each ALS's cells that could lose a digit (``Als.seen_any``)."""
    out_of: list[list[tuple[int, int, int]]] = [[] for _ in range(len(found))]
    for first, second, digit, other in commons:
        out_of[first].append((second, digit, other))
    ids: dict[tuple[int, int, int], int] = {}
    states: list[tuple[int, int, int]] = []

    def state(als: int, one: int, two: int) -> int:
        key = (als, one, two)
        if key not in ids:
            ids[key] = len(states)
            states.append(key)
        return ids[key]

    def successors(sid: int) -> list[int]:
        als, block, _ = states[sid]
        out = []
        for second, digit, other in out_of[als]:
            left = [d for d in (digit, other) if d and d != block]
            if left:
                out.append(state(second, left[0], left[1] if len(left) > 1 else 0))
        return out

    reach: dict[int, int] = {}  # state -> the states one or more links on (bit set of ids)

    def reached(sid: int) -> int:
        stack = [sid]
        while stack:
            top = stack[-1]
            if top in reach:
                stack.pop()
                continue
            nexts = successors(top)
            pending = [t for t in nexts if t not in reach]
            if pending:
                stack.extend(pending)
                continue
            mask = 0
            for t in nexts:
                mask |= 1 << t | reach[t]
            reach[top] = mask
            stack.pop()
        return reach[sid]

    touching = [0] * 81  # cell -> ALSes that delete something there
    for k, each in enumerate(seen_any):
        for cell in cells_of(each):
            touching[cell] |= 1 << k
    best: tuple[tuple[int, int], list[tuple[int, int]], int, int] | None = None
    for i, start_sees in enumerate(seen_any):
        if not out_of[i] or not start_sees:
            continue
        ends = 0
        for cell in cells_of(start_sees):
            ends |= touching[cell]
        firsts: dict[int, list[int]] = {}
        for second, one_digit, other in out_of[i]:
            for digit in (one_digit, other):
                if digit:
                    firsts.setdefault(digit, []).append(second)
        for used, seconds in firsts.items():
            far = 0  # states three links or more from the start
            for at in seconds:
                for second in successors(state(at, used, 0)):
                    far |= reached(second)
            while far:
                low = far & -far
                far ^= low
                end, one, two = states[low.bit_length() - 1]
                if not ends >> end & 1:
                    continue
                out = _common_deletions(found[i], found[end], (used, one, two))
                if out:
                    key = (-len(set(out)), _weight(out))
                    if best is None or key < best[0]:
                        best = (key, out, i, end)
    if best is None:
        return None
    _, out, first, last = best
    return _step("ALS-XY-Chain", board, (found[first], found[last]), (), out)


# -- the compiled lists and searches -------------------------------------------------------
# Cell sets are two words: cells 0-40 in the low one, 41-80 in the high one.

_SPLIT = 41
_LOW = (1 << _SPLIT) - 1


def _find_alses(cells: np.ndarray, marks: np.ndarray, units: np.ndarray, peer_lo: np.ndarray,
                peer_hi: np.ndarray, a_lo: np.ndarray, a_hi: np.ndarray, a_dig: np.ndarray,
                h_lo: np.ndarray, h_hi: np.ndarray, s_lo: np.ndarray, s_hi: np.ndarray,
                work: np.ndarray) -> int:
    """The ALSes of :func:`alses`, in its order: their number; each one's cells
    (``a_lo``, ``a_hi``), digits (``a_dig``) and per digit its cells holding it (``h_lo``,
    ``h_hi``) and the cells outside holding it that see them all (``s_lo``, ``s_hi``).
    A set is left out where an earlier unit holds all its cells (it was found there: a
    single cell in a column, a box's cells in one row or column). ``work`` (30) is
    scratch."""
    place = work[0:9]
    nxt = work[9:19]
    digs = work[19:29]
    n = 0
    for u in range(27):
        n_open = 0
        for p in range(9):
            if cells[units[u, p]] == 0:
                place[n_open] = units[u, p]
                n_open += 1
        lvl = 0
        nxt[0] = 0
        while lvl >= 0:
            a = nxt[lvl]
            if a >= n_open:
                lvl -= 1
                continue
            nxt[lvl] = a + 1
            held = marks[place[a]]
            if lvl > 0:
                held |= digs[lvl - 1]
            digs[lvl] = held
            size = lvl + 1
            if _bit_count(held) - size == 1:
                lo = 0
                hi = 0
                row = -1
                col = -1
                same_row = True
                same_col = True
                for d in range(lvl + 1):
                    c = place[nxt[d] - 1]
                    if c < _SPLIT:
                        lo |= 1 << c
                    else:
                        hi |= 1 << (c - _SPLIT)
                    if row >= 0 and c // 9 != row:
                        same_row = False
                    if col >= 0 and c % 9 != col:
                        same_col = False
                    row = c // 9
                    col = c % 9
                known = (u >= 9 and size == 1) or (u >= 18 and (same_row or same_col))
                if not known:
                    a_lo[n] = lo
                    a_hi[n] = hi
                    a_dig[n] = held
                    for digit in range(1, 10):
                        h_lo[n, digit] = 0
                        h_hi[n, digit] = 0
                        s_lo[n, digit] = 0
                        s_hi[n, digit] = 0
                        if not held >> (digit - 1) & 1:
                            continue
                        mine_lo = 0
                        mine_hi = 0
                        see_lo = -1
                        see_hi = -1
                        plane_lo = 0
                        plane_hi = 0
                        for c in range(81):
                            if marks[c] >> (digit - 1) & 1:
                                if c < _SPLIT:
                                    plane_lo |= 1 << c
                                else:
                                    plane_hi |= 1 << (c - _SPLIT)
                        for d in range(lvl + 1):
                            c = place[nxt[d] - 1]
                            if marks[c] >> (digit - 1) & 1:
                                if c < _SPLIT:
                                    mine_lo |= 1 << c
                                else:
                                    mine_hi |= 1 << (c - _SPLIT)
                                see_lo &= peer_lo[c]
                                see_hi &= peer_hi[c]
                        h_lo[n, digit] = mine_lo
                        h_hi[n, digit] = mine_hi
                        s_lo[n, digit] = see_lo & ~lo & plane_lo
                        s_hi[n, digit] = see_hi & ~hi & plane_hi
                    n += 1
            if size < 8 and a + 1 < n_open:
                lvl += 1
                nxt[lvl] = a + 1
    return n


def _find_commons(n: int, a_lo: np.ndarray, a_hi: np.ndarray, a_dig: np.ndarray,
                  h_lo: np.ndarray, h_hi: np.ndarray, s_lo: np.ndarray, s_hi: np.ndarray,
                  commons: np.ndarray) -> int:
    """The restricted commons of :func:`restricted_commons`, in its order, as rows of
    ``commons`` (first ALS, second, digit, second digit or 0): their number, or -1 when
    ``commons`` is too small."""
    count = 0
    for i in range(n):
        for j in range(i + 1, n):
            if a_lo[i] & a_lo[j] or a_hi[i] & a_hi[j]:
                continue
            common = a_dig[i] & a_dig[j]
            if not common:
                continue
            one = 0
            two = 0
            for digit in range(1, 10):
                if not common >> (digit - 1) & 1:
                    continue
                if h_lo[j, digit] & ~s_lo[i, digit] or h_hi[j, digit] & ~s_hi[i, digit]:
                    continue
                if one == 0:
                    one = digit
                else:
                    two = digit
                    break
            if one:
                if count >= commons.shape[0]:
                    return -1
                commons[count, 0] = i
                commons[count, 1] = j
                commons[count, 2] = one
                commons[count, 3] = two
                count += 1
    return count


def _deletes_common(i: int, j: int, skip: int, a_dig: np.ndarray, s_lo: np.ndarray,
                    s_hi: np.ndarray) -> bool:
    """Whether the digits ALSes ``i`` and ``j`` share, other than the bit set ``skip``,
    leave a cell seeing all their cells holding them (``_common_deletions``)."""
    digits = a_dig[i] & a_dig[j] & ~skip
    for digit in range(1, 10):
        if digits >> (digit - 1) & 1 and (s_lo[i, digit] & s_lo[j, digit]
                                          or s_hi[i, digit] & s_hi[j, digit]):
            return True
    return False


def _deletes_locked(i: int, j: int, skip: int, a_lo: np.ndarray, a_hi: np.ndarray,
                    a_dig: np.ndarray, s_lo: np.ndarray, s_hi: np.ndarray) -> bool:
    """Whether ALS ``i``'s digits other than ``skip`` leave a cell outside ``j``
    (``_locked_deletions``)."""
    digits = a_dig[i] & ~skip
    for digit in range(1, 10):
        if digits >> (digit - 1) & 1 and (s_lo[i, digit] & ~a_lo[j]
                                          or s_hi[i, digit] & ~a_hi[j]):
            return True
    return False


def _first_xz(count: int, commons: np.ndarray, a_lo: np.ndarray, a_hi: np.ndarray,
              a_dig: np.ndarray, s_lo: np.ndarray, s_hi: np.ndarray) -> int:
    """The first restricted common whose ALS-XZ deletes something (``als_xz_reference``'s
    order), or -1."""
    for k in range(count):
        i = commons[k, 0]
        j = commons[k, 1]
        one = commons[k, 2]
        two = commons[k, 3]
        if _deletes_common(i, j, 1 << (one - 1), a_dig, s_lo, s_hi):
            return k
        if two:
            both = (1 << (one - 1)) | (1 << (two - 1))
            if (_deletes_common(i, j, 1 << (two - 1), a_dig, s_lo, s_hi)
                    or _deletes_locked(i, j, both, a_lo, a_hi, a_dig, s_lo, s_hi)
                    or _deletes_locked(j, i, both, a_lo, a_hi, a_dig, s_lo, s_hi)):
                return k
    return -1


def _digit_bits(one: int, two: int) -> int:
    """The bit set of the restricted digits ``one`` and ``two`` (0: none)."""
    out = 0
    if one:
        out |= 1 << (one - 1)
    if two:
        out |= 1 << (two - 1)
    return out


def _first_wing(n: int, count: int, commons: np.ndarray, a_lo: np.ndarray, a_hi: np.ndarray,
                a_dig: np.ndarray, s_lo: np.ndarray, s_hi: np.ndarray, offsets: np.ndarray,
                by_als: np.ndarray, out: np.ndarray) -> int:
    """The first pair of restricted commons (``als_xy_wing_reference``'s order) whose
    ALS-XY-Wing deletes something: 1 and the pair in ``out``, or 0. ``offsets`` (n + 2)
    and ``by_als`` (2 count) are scratch: each ALS's restricted commons."""
    for a in range(n + 2):
        offsets[a] = 0
    for k in range(count):
        offsets[commons[k, 0] + 2] += 1
        offsets[commons[k, 1] + 2] += 1
    for a in range(2, n + 2):
        offsets[a] += offsets[a - 1]
    for k in range(count):  # offsets[a + 1] is where ALS a's next common goes
        for side in range(2):
            a = commons[k, side]
            by_als[offsets[a + 1]] = k
            offsets[a + 1] += 1
    for i in range(count):
        f1 = commons[i, 0]
        s1 = commons[i, 1]
        d1 = commons[i, 2]
        o1 = commons[i, 3]
        x = offsets[f1]
        x_end = offsets[f1 + 1]
        y = offsets[s1]
        y_end = offsets[s1 + 1]
        while x < x_end and by_als[x] <= i:
            x += 1
        while y < y_end and by_als[y] <= i:
            y += 1
        while x < x_end or y < y_end:
            if y >= y_end or (x < x_end and by_als[x] <= by_als[y]):
                k = by_als[x]
                if y < y_end and by_als[y] == k:
                    y += 1
                x += 1
            else:
                k = by_als[y]
                y += 1
            f2 = commons[k, 0]
            s2 = commons[k, 1]
            d2 = commons[k, 2]
            o2 = commons[k, 3]
            if o1 == 0 and o2 == 0 and d1 == d2:
                continue
            if f1 == f2 and s1 != s2:
                one, two = s1, s2
            elif f1 == s2 and s1 != f2:
                one, two = s1, f2
            elif s1 == f2 and f1 != s2:
                one, two = f1, s2
            elif s1 == s2 and f1 != f2:
                one, two = f1, f2
            else:
                continue
            if a_lo[one] & a_lo[two] or a_hi[one] & a_hi[two]:
                continue
            skip = _digit_bits(d1, o1) | _digit_bits(d2, o2)
            if _deletes_common(one, two, skip, a_dig, s_lo, s_hi):
                out[0] = i
                out[1] = k
                return 1
    return 0


KERNELS = Kernels((_find_alses, _find_commons, _first_xz, _first_wing),
                  helpers=(_bit_count, _deletes_common, _deletes_locked, _digit_bits))

_UNIT_CELLS = np.array(_UNITS, dtype=np.int64)
_PEER_LO = np.array([p & _LOW for p in _PEERS], dtype=np.int64)
_PEER_HI = np.array([p >> _SPLIT for p in _PEERS], dtype=np.int64)
_UNIT_MASKS = tuple(sum(1 << cell for cell in unit) for unit in _UNITS)


def _most_alses(board: Board) -> int:
    """An upper bound on the ALSes of ``board``: each unit's sets of one to eight open
    cells (the kernel writes that many rows at most)."""
    empty = board.empty_mask
    total = 0
    for unit in _UNIT_MASKS:
        k = (unit & empty).bit_count()
        total += (1 << k) - 1 - (k == 9)
    return max(total, 1)


class _Found:
    """The compiled ALS list as :class:`Als` objects, each made when first read."""

    def __init__(self, board: Board, a_lo: list[int], a_hi: list[int], a_dig: list[int],
                 ) -> None:
        self._board = board
        self._cells = [lo | hi << _SPLIT for lo, hi in zip(a_lo, a_hi, strict=True)]
        self._digits = a_dig
        self._made: list[Als | None] = [None] * len(a_dig)

    def __len__(self) -> int:
        return len(self._made)

    def __getitem__(self, k: int) -> Als:
        made = self._made[k]
        if made is None:
            made = self._made[k] = _als(self._board, self._cells[k], self._digits[k])
        return made

    def __iter__(self) -> Iterator[Als]:
        return (self[k] for k in range(len(self._made)))

    def __repr__(self) -> str:
        return f"<ALS list of {len(self._made)}>"


class _Tables:
    """One board's ALSes and restricted commons, found by the kernels, and the first
    ALS-XZ and ALS-XY-Wing on them (each searched when first asked)."""

    def __init__(self, board: Board) -> None:
        cap = _most_alses(board)
        self.a_lo = np.empty(cap, dtype=np.int64)
        self.a_hi = np.empty(cap, dtype=np.int64)
        self.a_dig = np.empty(cap, dtype=np.int64)
        self.h_lo = np.empty((cap, 10), dtype=np.int64)
        self.h_hi = np.empty((cap, 10), dtype=np.int64)
        self.s_lo = np.empty((cap, 10), dtype=np.int64)
        self.s_hi = np.empty((cap, 10), dtype=np.int64)
        self.n = n = int(KERNELS.find_alses(
            np.array(board.cells, dtype=np.int64), np.array(board.marks, dtype=np.int64),
            _UNIT_CELLS, _PEER_LO, _PEER_HI, self.a_lo, self.a_hi, self.a_dig, self.h_lo,
            self.h_hi, self.s_lo, self.s_hi, np.zeros(30, dtype=np.int64)))
        size = 1 << 12
        while True:
            self.rows = np.empty((size, 4), dtype=np.int64)
            self.count = int(KERNELS.find_commons(n, self.a_lo, self.a_hi, self.a_dig,
                                                  self.h_lo, self.h_hi, self.s_lo,
                                                  self.s_hi, self.rows))
            if self.count >= 0:
                break
            size *= 4
        self.found = _Found(board, self.a_lo[:n].tolist(), self.a_hi[:n].tolist(),
                            self.a_dig[:n].tolist())
        self._commons: list[_Common] | None = None

    def __repr__(self) -> str:
        return f"<ALS tables: {self.n} ALSes, {self.count} restricted commons>"

    def common(self, k: int) -> _Common:
        """The ``k``-th restricted common."""
        first, second, digit, other = self.rows[k].tolist()
        return _Common(first, second, digit, other)

    def seen_any(self) -> list[int]:
        """Each ALS's cells outside it that hold one of its digits and see all its cells
        holding it (``Als.seen_any``)."""
        lo = np.bitwise_or.reduce(self.s_lo[:self.n, 1:], axis=1).tolist()
        hi = np.bitwise_or.reduce(self.s_hi[:self.n, 1:], axis=1).tolist()
        return [low | high << _SPLIT for low, high in zip(lo, hi, strict=True)]

    def commons(self) -> list[_Common]:
        """Every restricted common, in order."""
        if self._commons is None:
            self._commons = [_Common(*row) for row in self.rows[:self.count].tolist()]
        return self._commons

    def first_xz(self) -> int:
        """The index of the first restricted common with an ALS-XZ deletion, or -1."""
        return int(KERNELS.first_xz(self.count, self.rows, self.a_lo, self.a_hi, self.a_dig,
                                    self.s_lo, self.s_hi))

    def first_wing(self) -> tuple[int, int] | None:
        """The first pair of restricted commons making an ALS-XY-Wing with a deletion."""
        out = np.zeros(2, dtype=np.int64)
        if not KERNELS.first_wing(self.n, self.count, self.rows, self.a_lo, self.a_hi,
                                  self.a_dig, self.s_lo, self.s_hi,
                                  np.empty(self.n + 2, dtype=np.int64),
                                  np.empty(2 * self.count + 1, dtype=np.int64), out):
            return None
        return int(out[0]), int(out[1])


_MEMO: dict[int, tuple[Board, _Tables]] = {}


def _tables(board: Board) -> _Tables:
    """The compiled lists of ``board`` (kept for the board last asked)."""
    kept = _MEMO.get(0)
    if kept is not None and kept[0] is board:
        return kept[1]
    tables = _Tables(board)
    _MEMO[0] = (board, tables)
    return tables
