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

Written from HoDoKu's rules; none of its code is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of

__all__ = ["Als", "als_xy_chain", "als_xy_wing", "als_xz", "alses", "restricted_commons"]

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


_MEMO: dict[int, tuple[Board, list[Als], list[_Common]]] = {}


def _lists(board: Board) -> tuple[list[Als], list[_Common]]:
    """The ALSes and restricted commons of ``board`` (kept for the board last asked)."""
    kept = _MEMO.get(0)
    if kept is not None and kept[0] is board:
        return kept[1], kept[2]
    found = alses(board)
    commons = restricted_commons(found)
    _MEMO[0] = (board, found, commons)
    return found, commons


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


def als_xz(board: Board) -> Step | None:
    """HoDoKu's first ALS-XZ on ``board`` (9x9), or None."""
    if board.n != 9:
        return None
    found, commons = _lists(board)
    for rc in commons:
        one, two = found[rc.first], found[rc.second]
        out = _common_deletions(one, two, (rc.digit,))
        if rc.other:
            out += _common_deletions(one, two, (rc.other,))
            out += _locked_deletions(one, two, rc.digit, rc.other)
            out += _locked_deletions(two, one, rc.digit, rc.other)
        if out:
            return _step("ALS-XZ", board, (one, two), (rc.digit, rc.other), out)
    return None


def als_xy_wing(board: Board) -> Step | None:
    """HoDoKu's first ALS-XY-Wing on ``board`` (9x9), or None."""
    if board.n != 9:
        return None
    found, commons = _lists(board)
    by_als: dict[int, list[int]] = {}
    for k, rc in enumerate(commons):
        by_als.setdefault(rc.first, []).append(k)
        by_als.setdefault(rc.second, []).append(k)
    for i, rc1 in enumerate(commons):
        later = sorted({k for k in by_als[rc1.first] + by_als[rc1.second] if k > i})
        for k in later:
            rc2 = commons[k]
            if not rc1.other and not rc2.other and rc1.digit == rc2.digit:
                continue
            if rc1.first == rc2.first and rc1.second != rc2.second:
                pivot, a, b = rc1.first, rc1.second, rc2.second
            elif rc1.first == rc2.second and rc1.second != rc2.first:
                pivot, a, b = rc1.first, rc1.second, rc2.first
            elif rc1.second == rc2.first and rc1.first != rc2.second:
                pivot, a, b = rc1.second, rc1.first, rc2.second
            elif rc1.second == rc2.second and rc1.first != rc2.first:
                pivot, a, b = rc1.second, rc1.first, rc2.first
            else:
                continue
            one, two = found[a], found[b]
            if one.cells & two.cells:
                continue
            union = one.cells | two.cells
            if union in (one.cells, two.cells):
                continue
            out = _common_deletions(one, two, (rc1.digit, rc1.other, rc2.digit, rc2.other))
            if out:
                return _step("ALS-XY-Wing", board, (one, two, found[pivot]),
                             (rc1.digit, rc1.other, rc2.digit, rc2.other), out)
    return None


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
    found, commons = _lists(board)
    out_of: list[list[_Common]] = [[] for _ in found]
    for rc in commons:
        out_of[rc.first].append(rc)
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
        for rc in out_of[als]:
            left = [d for d in (rc.digit, rc.other) if d and d != block]
            if left:
                out.append(state(rc.second, left[0], left[1] if len(left) > 1 else 0))
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
    for k, each in enumerate(found):
        for cell in cells_of(each.seen_any):
            touching[cell] |= 1 << k
    best: tuple[tuple[int, int], list[tuple[int, int]], int, int] | None = None
    for i, start in enumerate(found):
        if not out_of[i] or not start.seen_any:
            continue
        ends = 0
        for cell in cells_of(start.seen_any):
            ends |= touching[cell]
        firsts: dict[int, list[int]] = {}
        for rc in out_of[i]:
            for digit in (rc.digit, rc.other):
                if digit:
                    firsts.setdefault(digit, []).append(rc.second)
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
                out = _common_deletions(start, found[end], (used, one, two))
                if out:
                    key = (-len(set(out)), _weight(out))
                    if best is None or key < best[0]:
                        best = (key, out, i, end)
    if best is None:
        return None
    _, out, first, last = best
    return _step("ALS-XY-Chain", board, (found[first], found[last]), (), out)
