"""HoDoKu's working grid and its simple techniques, in HoDoKu's scanning order.

HoDoKu (2.2, and hodoku-py, its Python port) keeps two queues beside the candidates: a
cell whose candidates fall to one joins the *naked single queue*, a (cell, digit) whose
unit keeps one place for the digit joins the *hidden single queue*. Its singles are taken
from these queues in the order the deletions happened, so which hidden single comes next
(and hence how many of the placements are hidden singles, 14 points each, rather than naked
ones, 4) depends on the exact order of every deletion. :class:`HodokuGrid` keeps the same
bookkeeping (the rules are in ``docs/hodoku-rules.md``); its finders return HoDoKu's first
instance of each simple technique. Only 9x9 grids.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

__all__ = ["BLOCKS", "COLS", "ROWS", "UNITS", "Found", "HodokuGrid", "grid_of_board"]

ROWS = tuple(tuple(range(r * 9, r * 9 + 9)) for r in range(9))
COLS = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
BLOCKS = tuple(
    tuple((b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)) for b in range(9)
)
UNITS = ROWS + COLS + BLOCKS
"""Rows 0-8, columns 9-17, boxes 18-26: HoDoKu's constraint numbering."""
UNIT_MASKS = tuple(sum(1 << cell for cell in unit) for unit in UNITS)
UNITS_OF = tuple(
    (cell // 9, 9 + cell % 9, 18 + cell // 27 * 3 + cell % 9 // 3) for cell in range(81)
)
PEERS = tuple(
    tuple(sorted({p for u in UNITS_OF[cell] for p in UNITS[u]} - {cell})) for cell in range(81)
)
_ALL = 0x1FF


_HIDDEN_ORDER = (*range(18, 27), *range(9), *range(9, 18))
"""HoDoKu's unit order for subsets: boxes, rows, columns."""


def _subsets(
    cells: list[int], cand: list[int], size: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """(cells, their digits) for each ``size`` of ``cells`` holding ``size`` digits in all, in
    the order of ``itertools.combinations``; a start already over ``size`` digits is cut."""
    if size < 4:  # few combinations: itertools is faster than cutting
        for subset in combinations(cells, size):
            mask = 0
            for cell in subset:
                mask |= cand[cell]
            if mask.bit_count() == size:
                yield subset, mask
        return
    last = len(cells)
    chosen: list[int] = []

    def extend(start: int, mask: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if len(chosen) == size:
            if mask.bit_count() == size:
                yield tuple(chosen), mask
            return
        for index in range(start, last - (size - len(chosen)) + 1):
            cell = cells[index]
            wider = mask | cand[cell]
            if wider.bit_count() <= size:
                chosen.append(cell)
                yield from extend(index + 1, wider)
                chosen.pop()

    yield from extend(0, 0)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


_DIGITS = tuple(tuple(d for d in range(1, 10) if mask >> (d - 1) & 1) for mask in range(512))
PEER_MASKS = tuple(sum(1 << p for p in PEERS[cell]) for cell in range(81))


def _digits(mask: int) -> tuple[int, ...]:
    return _DIGITS[mask]


@dataclass(frozen=True, slots=True)
class Found:
    """One step of a simple technique: its HoDoKu type, placements (cell, digit), deletions
    (cell, digit) in HoDoKu's order, the pattern's cells and digits and its unit."""

    kind: str
    placements: tuple[tuple[int, int], ...] = ()
    deletions: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    unit: int = -1

    def __repr__(self) -> str:
        return f"<Found {self.kind} +{self.placements} -{self.deletions}>"


class HodokuGrid:
    """Digits, candidates, per-unit digit counts and the two singles queues of HoDoKu."""

    __slots__ = ("cand", "free", "hs_queue", "ns_queue", "planes", "values")

    def __init__(self, cells: Sequence[int]) -> None:
        if len(cells) != 81:
            raise ValueError(f"HoDoKu's scale rates 9x9 Sudoku only, got {len(cells)} cells")
        self.values = [0] * 81
        self.cand = [_ALL] * 81
        self.planes = [0] + [(1 << 81) - 1] * 9
        self.free = [[0] + [9] * 9 for _ in range(27)]
        self.ns_queue: deque[tuple[int, int]] = deque()
        self.hs_queue: deque[tuple[int, int]] = deque()
        for cell, digit in enumerate(cells):
            if digit:
                self.place(cell, digit)

    def __repr__(self) -> str:
        return f"<HodokuGrid {self.values.count(0)} empty>"

    @property
    def solved(self) -> bool:
        """Whether every cell holds a digit."""
        return 0 not in self.values

    # -- changes, with HoDoKu's bookkeeping -------------------------------------------------

    def _queue_hidden(self, unit: int, digit: int) -> None:
        rest = self.planes[digit] & UNIT_MASKS[unit]
        if rest:
            self.hs_queue.append((_lowest(rest), digit))

    def delete(self, cell: int, digit: int) -> None:
        """Remove ``digit`` from ``cell``'s candidates (nothing if it is not one)."""
        cand = self.cand
        bit = 1 << (digit - 1)
        old = cand[cell]
        if not old & bit:
            return
        left = cand[cell] = old ^ bit
        planes = self.planes
        plane = planes[digit] = planes[digit] & ~(1 << cell)
        free = self.free
        for unit in UNITS_OF[cell]:
            counts = free[unit]
            counts[digit] -= 1
            if counts[digit] == 1:
                rest = plane & UNIT_MASKS[unit]
                if rest:
                    self.hs_queue.append(((rest & -rest).bit_length() - 1, digit))
        if left and not left & (left - 1):
            self.ns_queue.append((cell, left.bit_length()))

    def place(self, cell: int, digit: int) -> None:
        """Write ``digit`` in ``cell``: first out of every peer (in cell order), then the
        cell's own candidates out of the counts."""
        if self.values[cell] == digit:
            return
        self.values[cell] = digit
        holders = self.planes[digit] & PEER_MASKS[cell]
        while holders:
            low = holders & -holders
            holders ^= low
            self.delete(low.bit_length() - 1, digit)
        old = self.cand[cell]
        self.cand[cell] = 0
        for held in _digits(old):
            self.planes[held] &= ~(1 << cell)
            for unit in UNITS_OF[cell]:
                count = self.free[unit][held] = self.free[unit][held] - 1
                if count == 1 and held != digit:
                    self._queue_hidden(unit, held)

    def apply(self, found: Found) -> None:
        """Make ``found``'s placements, then its deletions, in their order."""
        for cell, digit in found.placements:
            self.place(cell, digit)
        for cell, digit in found.deletions:
            self.delete(cell, digit)

    # -- singles ------------------------------------------------------------------------------

    def full_house(self) -> Found | None:
        """A queued naked single that is the last empty cell of one of its units."""
        free = self.free
        for cell, digit in self.ns_queue:
            if self.values[cell]:
                continue
            for unit in UNITS_OF[cell]:
                counts = free[unit]
                if sum(counts) == counts[digit]:
                    return Found("Full House", ((cell, digit),), cells=(cell,), unit=unit)
        return None

    def naked_single(self) -> Found | None:
        """The first queued naked single still open (the queue is consumed)."""
        while self.ns_queue:
            cell, digit = self.ns_queue.popleft()
            if not self.values[cell]:
                return Found("Naked Single", ((cell, digit),), cells=(cell,))
        return None

    def hidden_single(self) -> Found | None:
        """The first queued hidden single whose cell is still open (the queue is consumed)."""
        while self.hs_queue:
            cell, digit = self.hs_queue.popleft()
            if self.values[cell]:
                continue
            for unit in UNITS_OF[cell]:
                if self.free[unit][digit] == 1:
                    return Found("Hidden Single", ((cell, digit),), cells=(cell,), unit=unit)
            return None
        return None

    # -- intersections --------------------------------------------------------------------

    def _places(self, unit: int, digit: int) -> list[int]:
        return [cell for cell in UNITS[unit] if self.cand[cell] >> (digit - 1) & 1]

    def _lock(self, kind: str, digit: int, base: int, cover: int) -> Found:
        bit = 1 << (digit - 1)
        holders = [c for c in UNITS[cover] if self.cand[c] & bit]
        inside = tuple(c for c in holders if base in UNITS_OF[c])
        out = tuple((c, digit) for c in holders if base not in UNITS_OF[c])
        return Found(kind, deletions=out, cells=inside, digits=(digit,), unit=base)

    def pointing(self) -> Found | None:
        """Locked Candidates Type 1: a box's places for a digit in one line (box by box,
        digit by digit; the row before the column)."""
        planes, free = self.planes, self.free
        for box in range(18, 27):
            box_mask, counts = UNIT_MASKS[box], free[box]
            for digit in range(1, 10):
                count = counts[digit]
                if count != 2 and count != 3:
                    continue
                places = planes[digit] & box_mask
                row, col = UNITS_OF[(places & -places).bit_length() - 1][:2]
                if not places & ~UNIT_MASKS[row] and free[row][digit] > count:
                    return self._lock("Locked Candidates Type 1 (Pointing)", digit, box, row)
                if not places & ~UNIT_MASKS[col] and free[col][digit] > count:
                    return self._lock("Locked Candidates Type 1 (Pointing)", digit, box, col)
        return None

    def claiming(self) -> Found | None:
        """Locked Candidates Type 2: a line's places for a digit in one box (rows, then
        columns)."""
        planes, free = self.planes, self.free
        for line in range(18):
            line_mask, counts = UNIT_MASKS[line], free[line]
            for digit in range(1, 10):
                count = counts[digit]
                if count != 2 and count != 3:
                    continue
                places = planes[digit] & line_mask
                box = UNITS_OF[(places & -places).bit_length() - 1][2]
                if not places & ~UNIT_MASKS[box] and free[box][digit] > count:
                    return self._lock("Locked Candidates Type 2 (Claiming)", digit, line, box)
        return None

    # -- subsets --------------------------------------------------------------------------------

    def _naked_step(
        self, cells: tuple[int, ...], mask: int, size: int
    ) -> tuple[bool, Found] | None:
        first = UNITS_OF[cells[0]]
        inside = 0
        for cell in cells:
            inside |= 1 << cell
        holders = 0  # the other cells holding one of the digits
        for digit in _DIGITS[mask]:
            holders |= self.planes[digit]
        holders &= ~inside
        shared = [not inside & ~UNIT_MASKS[unit] for unit in first]
        if not any(holders & UNIT_MASKS[first[i]] for i in range(3) if shared[i]):
            return None
        out: list[tuple[int, int]] = []
        seen: set[tuple[int, int]] = set()
        hit = [False, False, False]
        for i in range(3):
            if not shared[i]:
                continue
            for cell in UNITS[first[i]]:
                if cell in cells or not self.cand[cell] & mask:
                    continue
                for digit in _digits(self.cand[cell] & mask):
                    if (cell, digit) not in seen:
                        seen.add((cell, digit))
                        out.append((cell, digit))
                if i == 2 or UNITS_OF[cell][2] != first[2]:
                    hit[i] = True
        if not out:
            return None
        locked = size < 4 and sum(hit) > 1 and shared[2] and (shared[0] or shared[1])
        names = {2: "Pair", 3: "Triple", 4: "Quadruple"}
        kind = f"{'Locked' if locked else 'Naked'} {names[size]}"
        return locked, Found(kind, deletions=tuple(out), cells=cells, digits=_digits(mask))

    def _small(self, size: int) -> int:
        """The open cells with 1 .. ``size`` candidates."""
        small = 0
        for cell, mask in enumerate(self.cand):
            if mask and mask.bit_count() <= size:
                small |= 1 << cell
        return small

    def _naked_in(
        self, units: range, size: int, want_locked: bool, small: int = -1
    ) -> Found | None:
        if small < 0:
            small = self._small(size)
        for unit in units:
            here = small & UNIT_MASKS[unit]
            if here.bit_count() < size:
                continue
            open_cells = [c for c in UNITS[unit] if here >> c & 1]
            for cells, mask in _subsets(open_cells, self.cand, size):
                made = self._naked_step(cells, mask, size)
                if made is not None and made[0] == want_locked:
                    return made[1]
        return None

    def locked_subset(self, size: int) -> Found | None:
        """Locked Pair/Triple: a naked subset in a box and a line, deleting in both."""
        return self._naked_in(range(18, 27), size, True)

    def naked_subset(self, size: int) -> Found | None:
        """Naked Pair/Triple/Quadruple that is not locked: boxes, then rows, then columns."""
        small = self._small(size)
        for units in (range(18, 27), range(9), range(9, 18)):
            found = self._naked_in(units, size, False, small)
            if found is not None:
                return found
        return None

    def hidden_subset(self, size: int) -> Found | None:
        """Hidden Pair/Triple/Quadruple: boxes, then rows, then columns; digits in order."""
        names = {2: "Pair", 3: "Triple", 4: "Quadruple"}
        planes = self.planes
        open_cells = 0  # cells with candidates
        for plane in planes:
            open_cells |= plane
        for unit in _HIDDEN_ORDER:
            counts = self.free[unit]
            digits_here = [d for d in range(1, 10) if 0 < counts[d] <= size]
            if len(digits_here) < size:
                continue
            unit_mask = UNIT_MASKS[unit]
            if (open_cells & unit_mask).bit_count() <= size:
                continue
            where = {d: planes[d] & unit_mask for d in digits_here}
            for digits in combinations(digits_here, size):
                spots = 0
                for digit in digits:
                    spots |= where[digit]
                if spots.bit_count() != size:
                    continue
                keep = sum(1 << (d - 1) for d in digits)
                chosen = tuple(c for c in UNITS[unit] if spots >> c & 1)
                out = tuple((c, d) for c in chosen for d in _digits(self.cand[c] & ~keep))
                if out:
                    return Found(f"Hidden {names[size]}", deletions=out, cells=chosen,
                                 digits=digits, unit=unit)
        return None

    def cells_and_marks(self) -> tuple[list[int], list[int]]:
        """The digits and candidate masks, as a grille board reads them."""
        return list(self.values), list(self.cand)

    def middle_open_cell(self) -> int:
        """HoDoKu's brute force cell: the middle one of the open cells, in cell order."""
        open_cells = [c for c in range(81) if not self.values[c]]
        return open_cells[len(open_cells) // 2]



def grid_of_board(cells: Sequence[int], marks: Sequence[int]) -> HodokuGrid:
    """A HoDoKu grid with these digits and candidates, its singles queues empty (for the
    scans that read only candidates and counts: intersections and subsets)."""
    grid = HodokuGrid.__new__(HodokuGrid)
    grid.values = list(cells)
    grid.cand = [0 if digit else mask for digit, mask in zip(cells, marks, strict=True)]
    grid.planes = [0] * 10
    grid.free = [[0] * 10 for _ in range(27)]
    for cell, mask in enumerate(grid.cand):
        for digit in _digits(mask):
            grid.planes[digit] |= 1 << cell
            for unit in UNITS_OF[cell]:
                grid.free[unit][digit] += 1
    grid.ns_queue = deque()
    grid.hs_queue = deque()
    return grid


def count_solutions(
    grid: HodokuGrid, limit: int = 2, budget: int = 4000
) -> tuple[int, list[int] | None]:
    """How many solutions (up to ``limit``) fill ``grid`` within its candidates, and the
    first one found: a small depth-first search, fewest candidates first. On a grid that
    logic has already narrowed this takes far fewer steps than a search from the clues.
    The count is -1 when the search needs more than ``budget`` nodes."""
    values = list(grid.values)
    used = [0] * 27
    for cell, digit in enumerate(values):
        if digit:
            for unit in UNITS_OF[cell]:
                used[unit] |= 1 << (digit - 1)
    cand = [0 if digit else mask for digit, mask in zip(values, grid.cand, strict=True)]
    found: list[list[int]] = []
    nodes = [budget]

    def search(todo: list[int]) -> None:
        nodes[0] -= 1
        if nodes[0] < 0:
            return
        if not todo:
            found.append(list(values))
            return
        best, best_mask, best_count = -1, 0, 10
        for cell in todo:
            r, c, b = UNITS_OF[cell]
            mask = cand[cell] & ~(used[r] | used[c] | used[b])
            count = mask.bit_count()
            if count < best_count:
                best, best_mask, best_count = cell, mask, count
                if count <= 1:
                    break
        if not best_count:
            return
        rest = [cell for cell in todo if cell != best]
        r, c, b = UNITS_OF[best]
        for digit in _DIGITS[best_mask]:
            bit = 1 << (digit - 1)
            values[best] = digit
            used[r] |= bit
            used[c] |= bit
            used[b] |= bit
            search(rest)
            used[r] &= ~bit
            used[c] &= ~bit
            used[b] &= ~bit
            if len(found) >= limit or nodes[0] < 0:
                break
        values[best] = 0

    search([cell for cell in range(81) if not values[cell]])
    if nodes[0] < 0:
        return -1, None
    return len(found), found[0] if found else None
