"""Aligned exclusion: aligned pair exclusion (SE 6.2) and aligned triplet exclusion (SE 7.5).

Take two (or three) *base* cells and the bivalue (up to trivalue, for a triplet) cells that
see all of them, the *excluders*. Every way of filling the base cells is tried: a way is
impossible when two base cells that see each other get the same digit, or when it takes every
candidate of an excluder (that cell would be left empty). A candidate of a base cell that no
possible way uses is removed.

As in Sudoku Explainer, base cells need not see each other, a base cell has two or more
candidates and no naked single among its peers, the base cells share two excluders or more,
and a triplet's third cell is an excluder of one of the first two. The searches go in SE's
order (pairs of base cells by their larger, then smaller, index) and the first one that
removes something is the step. Both work for every grid size.

:func:`scan` runs the search in :mod:`kernel`'s compiled kernel,
which only finds the winning base cells, and builds their step here. :func:`search` is the same
search in plain Python: the reference the kernel is tested against, and the search when compiling is
off (``GRILLE_JIT=0``), where its bitsets of fillings beat the kernel run as plain Python.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of, popcount
from grille.sudoku.logic.exclusion import kernel as exclusion_kernel

__all__ = ["ALIGNED_PAIR_EXCLUSION", "ALIGNED_TRIPLET_EXCLUSION", "aligned_pair_exclusion",
           "aligned_triplet_exclusion", "scan", "search"]

ALIGNED_PAIR_EXCLUSION = 6.2
ALIGNED_TRIPLET_EXCLUSION = 7.5

_NAMES = {2: "Aligned Pair Exclusion", 3: "Aligned Triplet Exclusion"}
_VALUES = {2: ALIGNED_PAIR_EXCLUSION, 3: ALIGNED_TRIPLET_EXCLUSION}


def aligned_pair_exclusion(board: Board) -> Step | None:
    """Two base cells whose shared bivalue peers rule out some of their digit pairs (6.2)."""
    return _aligned_exclusion(board, 2)


def aligned_triplet_exclusion(board: Board) -> Step | None:
    """Three base cells whose shared bi/trivalue peers rule out some of their fillings (7.5)."""
    return _aligned_exclusion(board, 3)


def _aligned_exclusion(board: Board, degree: int) -> Step | None:
    """:func:`scan`, or :func:`search` when compiling is off."""
    return scan(board, degree) if exclusion_kernel.is_compiled() else search(board, degree)


def scan(board: Board, degree: int) -> Step | None:
    """The first aligned exclusion of ``degree`` (2 or 3) base cells: found by
    :mod:`kernel`'s kernel, explained here."""
    cells = exclusion_kernel.first_bases(board.shape, board.marks, degree)
    if cells is None:
        return None
    common = -1
    for cell in cells:
        common &= _excluders(board, cell, degree)
    return _explained(board, cells, common)


def _explained(board: Board, cells: Sequence[int], common: int) -> Step | None:
    """The step of the base cells ``cells`` and their shared excluders ``common``, if any.

    :func:`_try`'s result from the list of impossible fillings the explanation needs anyway:
    a candidate is removed when no other filling uses it.
    """
    marks = board.marks
    ruled_out = _ruled_out(board, cells, common)
    impossible = {combo for combo, _ in ruled_out}
    used = [0] * len(cells)
    for combo in itertools.product(*(bits(marks[cell]) for cell in cells)):
        if combo not in impossible:
            for i, digit in enumerate(combo):
                used[i] |= 1 << (digit - 1)
    eliminations = [
        board.candidate(cell, digit)
        for i, cell in enumerate(cells)
        for digit in bits(marks[cell] & ~used[i])
    ]
    if not eliminations:
        return None
    return _step(board, cells, eliminations, ruled_out)


def _excluders(board: Board, cell: int, degree: int) -> int:
    """The peers of ``cell`` with 2 .. ``degree`` candidates, as a cell bitmask."""
    marks = board.marks
    found = 0
    for peer in board.peers[cell]:
        if 2 <= popcount(marks[peer]) <= degree:
            found |= 1 << peer
    return found


def _base_cells(board: Board, degree: int) -> tuple[list[int], dict[int, int]]:
    """The cells that can be base cells, and each one's excluders (as a cell bitmask)."""
    marks = board.marks
    counts = [popcount(mask) for mask in marks]
    bases: list[int] = []
    excluders: dict[int, int] = {}
    for cell in board.empty_cells:
        if counts[cell] < 2:
            continue
        peers = board.peers[cell]
        if any(counts[peer] == 1 for peer in peers):
            continue
        found = 0
        for peer in peers:
            if 2 <= counts[peer] <= degree:
                found |= 1 << peer
        if found:
            bases.append(cell)
            excluders[cell] = found
    return bases, excluders


def search(board: Board, degree: int) -> Step | None:
    """The first aligned exclusion of ``degree`` (2 or 3) base cells, in plain Python: the
    reference for :mod:`kernel`'s kernel."""
    bases, excluders = _base_cells(board, degree)
    if len(bases) < degree:
        return None
    base_mask = sum(1 << cell for cell in bases)
    for high in range(1, len(bases)):
        second = bases[high]
        for low in range(high):
            first = bases[low]
            common = excluders[first] & excluders[second]
            if popcount(common) < 2:
                continue  # a third base cell can only narrow the shared excluders
            if degree == 2:
                step = _try(board, (first, second), common)
                if step is not None:
                    return step
                continue
            twin = (excluders[first] | excluders[second]) & base_mask
            twin &= ~((1 << first) | (1 << second))
            for third in cells_of(twin):
                shared = common & excluders[third]
                if popcount(shared) >= 2:
                    step = _try(board, (first, second, third), shared)
                    if step is not None:
                        return step
    return None


def _try(board: Board, cells: Sequence[int], common: int) -> Step | None:
    """The step of the base cells ``cells`` and their shared excluders ``common``, if any.

    The fillings are the bits of one integer (digit of base cell i at place i, base n), so
    "every filling that empties this excluder" or "repeats a digit in that pair of cells" is one
    precomputed bitset, and the possible fillings are a few bitwise operations away.
    """
    marks = board.marks
    n = board.n
    degree = len(cells)
    union = 0
    for cell in cells:
        union |= marks[cell]
    # an excluder can only be emptied by digits of the base cells; without one, no filling
    # of a consistent board is ruled out but for repeats
    locks = {mask for mask in (marks[cell] for cell in cells_of(common)) if not mask & ~union}
    if not locks:
        return None
    ruled_out = 0
    for mask in locks:
        ruled_out |= _covering(n, degree, mask)
    for i, j in itertools.combinations(range(degree), 2):
        if board.sees(cells[i], cells[j]):
            ruled_out |= _repeating(n, degree, i, j)
    possible = ~ruled_out
    for i, cell in enumerate(cells):
        possible &= _holding(n, degree, i, marks[cell])
    eliminations = [
        board.candidate(cell, digit)
        for i, cell in enumerate(cells)
        for digit in bits(marks[cell])
        if not possible & _holding(n, degree, i, 1 << (digit - 1))
    ]
    if not eliminations:
        return None
    return _step(board, cells, eliminations, _ruled_out(board, cells, common))


def _fillings(n: int, degree: int) -> itertools.product[tuple[int, ...]]:
    """Every filling of ``degree`` cells with digits 1..n, in bit order."""
    return itertools.product(range(1, n + 1), repeat=degree)


@functools.lru_cache(maxsize=1 << 12)
def _covering(n: int, degree: int, mask: int) -> int:
    """The fillings that use every digit of ``mask`` (they leave such an excluder empty)."""
    found = 0
    for index, combo in enumerate(_fillings(n, degree)):
        taken = 0
        for digit in combo:
            taken |= 1 << (digit - 1)
        if not mask & ~taken:
            found |= 1 << index
    return found


@functools.lru_cache(maxsize=1 << 8)
def _repeating(n: int, degree: int, i: int, j: int) -> int:
    """The fillings where base cells ``i`` and ``j`` get the same digit."""
    found = 0
    for index, combo in enumerate(_fillings(n, degree)):
        if combo[i] == combo[j]:
            found |= 1 << index
    return found


@functools.lru_cache(maxsize=1 << 14)
def _holding(n: int, degree: int, i: int, mask: int) -> int:
    """The fillings where base cell ``i`` gets a digit of ``mask``."""
    found = 0
    for digit in bits(mask):
        found |= _placing(n, degree, i, digit)
    return found


@functools.lru_cache(maxsize=1 << 10)
def _placing(n: int, degree: int, i: int, digit: int) -> int:
    """The fillings where base cell ``i`` gets ``digit``."""
    found = 0
    for index, combo in enumerate(_fillings(n, degree)):
        if combo[i] == digit:
            found |= 1 << index
    return found


def _ruled_out(
    board: Board, cells: Sequence[int], common: int
) -> list[tuple[tuple[int, ...], int | None]]:
    """Every impossible filling of ``cells``, with the excluder it would empty (None: a repeat)."""
    marks = board.marks
    lockers = cells_of(common)
    seeing = [
        (i, j) for i, j in itertools.combinations(range(len(cells)), 2)
        if board.sees(cells[i], cells[j])
    ]
    found: list[tuple[tuple[int, ...], int | None]] = []
    for combo in itertools.product(*(bits(marks[cell]) for cell in cells)):
        if any(combo[i] == combo[j] for i, j in seeing):
            found.append((combo, None))
            continue
        taken = 0
        for digit in combo:
            taken |= 1 << (digit - 1)
        locker = next((cell for cell in lockers if not marks[cell] & ~taken), None)
        if locker is not None:
            found.append((combo, locker))
    return found


def _step(
    board: Board,
    cells: Sequence[int],
    eliminations: list[tuple[int, int, int]],
    ruled_out: list[tuple[tuple[int, ...], int | None]],
) -> Step:
    """The explained step: which fillings are impossible, and why."""
    degree = len(cells)
    n = board.n
    removed = {(row * n + col, digit) for row, col, digit in eliminations}
    reasons = []
    repeats = False
    lockers: list[int] = []
    for combo, locker in ruled_out:
        if not any((cell, digit) in removed for cell, digit in zip(cells, combo, strict=True)):
            continue
        filling = "/".join(board.digit(digit) for digit in combo)
        if locker is None:
            repeats = True
        else:
            reasons.append(f"{filling} would leave {board.name(locker)} empty")
            if locker not in lockers:
                lockers.append(locker)
    gone = []
    for cell in cells:
        digits = [board.digit(digit) for base, digit in sorted(removed) if base == cell]
        if digits:
            verb = "is" if len(digits) == 1 else "are"
            gone.append(f"{' and '.join(digits)} {verb} removed from {board.name(cell)}")
    text = (
        f"Try every way to fill {board.names(cells)}: "
        + "; ".join(reasons)
        + ("; and a digit cannot repeat in a unit" if repeats else "")
        + f". No possible way uses them, so {'; '.join(gone)}."
    )
    return Step(
        _NAMES[degree],
        eliminations=tuple(sorted(eliminations)),
        cells=tuple(board.rc(cell) for cell in (*cells, *lockers)),
        explanation=text,
        difficulty=_VALUES[degree],
        area=f"around {board.names(cells)}",
    )
