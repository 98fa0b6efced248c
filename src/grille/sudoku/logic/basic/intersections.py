"""Locked candidates: a digit confined to the intersection of a box and a line.

*Pointing* (SE 2.6): within a box, a digit's places all lie in one row or column, so the digit
leaves the rest of that line. *Claiming* (SE 2.8): within a row or column, a digit's places all
lie in one box, so the digit leaves the rest of that box.

Sudoku Explainer tries *direct* variants before the naked single: a pointing (1.7) or claiming
(1.9) that leaves the digit a single place in another unit of its base's type. A direct step
only places that digit: as in SE (``DirectLockingHint``, a hint without removable
candidates), the lock's eliminations are not made, so a later step may still need the plain
pointing or claiming (2.6, 2.8) of the same lock.

Locks are searched in SE's order (``Locking.getHints``): pointings from boxes into columns,
then into rows; claimings from columns into boxes, then from rows; within each, base unit,
then cover unit, then digit, by index. With compiling on, :mod:`kernel` finds the digit of
the first step and the search here builds it.

This module also holds the small text helpers the other technique modules share.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from grille.logic import Step
from grille.sudoku.logic.basic import kernel as basic_kernel
from grille.sudoku.logic.board import Board, Memo

__all__ = ["claiming", "direct_claiming", "direct_pointing", "pointing"]

POINTING = 2.6
CLAIMING = 2.8
DIRECT_POINTING = 1.7
DIRECT_CLAIMING = 1.9

ROW, COLUMN, BOX = 0, 1, 2


def listing(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def removals_by_digit(board: Board, eliminations: Sequence[tuple[int, int]]) -> str:
    """``3 is removed from r1c4 and r1c5, 8 from r2c2`` for (cell, digit) eliminations."""
    cells_of: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        cells_of.setdefault(digit, []).append(cell)
    parts = [
        f"{board.digit(digit)}{' is removed' if index == 0 else ''} from "
        f"{listing(board.name(cell) for cell in cells)}"
        for index, (digit, cells) in enumerate(cells_of.items())
    ]
    return ", ".join(parts)


def removals_by_cell(board: Board, eliminations: Sequence[tuple[int, int]]) -> str:
    """``r1c2 loses 5, r1c7 loses 6 and 9`` for (cell, digit) eliminations."""
    digits_of: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        digits_of.setdefault(cell, []).append(digit)
    return ", ".join(
        f"{board.name(cell)} loses {listing(board.digit(d) for d in digits)}"
        for cell, digits in digits_of.items()
    )


def as_candidates(
    board: Board, eliminations: Iterable[tuple[int, int]]
) -> tuple[tuple[int, int, int], ...]:
    """(cell, digit) pairs as the (row, column, digit) triples a Step holds."""
    return tuple(board.candidate(cell, digit) for cell, digit in eliminations)


@dataclass(frozen=True, slots=True)
class _Lock:
    """A digit confined to ``base`` ∩ ``cover``, removable from ``removed`` cells of ``cover``."""

    digit: int
    base: int
    cover: int
    places: tuple[int, ...]
    removed: tuple[int, ...]


Found = tuple[tuple[int, int, int], Step]
"""A step of one digit with its place in SE's order: (pass, base unit, cover unit)."""

_BY_PLANE: Memo[Found | None] = Memo()
"""A digit's first step of a kind, by the digit's plane (locked candidates read no other)."""


def _first_by_digit(
    board: Board,
    tag: str,
    find: Callable[[Board, int], Found | None],
    *,
    from_box: bool,
    direct: bool,
) -> Step | None:
    """The step ``find`` gives of the first lock in SE's order (pass, base, cover, digit).

    ``find(board, digit)`` must read no candidates but the digit's, and find the first
    pointing (``from_box``) or claiming of the digit, leaving a hidden single when ``direct``.
    """
    if basic_kernel.enabled():
        digit = basic_kernel.first_lock_digit(board, from_box=from_box, direct=direct)
        found = None if digit < 0 else find(board, digit)
        return None if found is None else found[1]
    return _first_by_digit_search(board, tag, find)


def _first_by_digit_search(
    board: Board, tag: str, find: Callable[[Board, int], Found | None]
) -> Step | None:
    """:func:`_first_by_digit` in plain Python, digit by digit (the compiled scan's reference)."""
    best: Found | None = None
    for digit, plane in enumerate(board.planes, start=1):
        found = _BY_PLANE.get(
            (board.shape, tag, digit, plane), functools.partial(find, board, digit)
        )
        if found is not None and (best is None or found[0] < best[0]):
            best = found
    return None if best is None else best[1]


def _passes(n: int, from_box: bool) -> tuple[tuple[range, int], ...]:
    """SE's passes over (base units, cover kind): boxes into columns, boxes into rows for a
    pointing; columns into boxes, rows into boxes for a claiming."""
    if from_box:
        return (range(2 * n, 3 * n), COLUMN), (range(2 * n, 3 * n), ROW)
    return (range(n, 2 * n), BOX), (range(n), BOX)


def _locks(board: Board, digit: int, *, from_box: bool) -> Iterator[tuple[int, _Lock]]:
    """Every pointing (``from_box``) or claiming of ``digit`` with at least one elimination,
    in SE's order, each with its pass (0 or 1, see :func:`_passes`)."""
    units_of = board.units_of
    for index, (bases, kind) in enumerate(_passes(board.n, from_box)):
        for base in bases:
            places = board.places(base, digit)
            if len(places) < 2:
                continue
            cover = units_of[places[0]][kind]
            if any(units_of[cell][kind] != cover for cell in places):
                continue
            removed = tuple(c for c in board.places(cover, digit) if c not in places)
            if removed:
                yield index, _Lock(digit, base, cover, places, removed)


def _explain_lock(board: Board, lock: _Lock) -> str:
    """The sentence saying why the digit leaves the cover unit."""
    digit = board.digit(lock.digit)
    where = board.unit_name(lock.cover)
    return (
        f"In {board.unit_name(lock.base)}, {digit} can only go in {where}, "
        f"so {digit} is removed from {listing(board.name(c) for c in lock.removed)}."
    )


def _lock_step(board: Board, lock: _Lock, name: str, difficulty: float) -> Step:
    """The Step of a plain pointing or claiming."""
    return Step(
        name,
        eliminations=tuple(board.candidate(cell, lock.digit) for cell in lock.removed),
        cells=tuple(board.rc(cell) for cell in lock.places),
        units=(board.unit_name(lock.base), board.unit_name(lock.cover)),
        explanation=_explain_lock(board, lock),
        difficulty=difficulty,
        area=board.unit_name(lock.base),
    )


def pointing(board: Board) -> Step | None:
    """A digit confined to one line within a box leaves the rest of that line (SE 2.6)."""
    return _first_by_digit(board, "pointing", _pointing_of, from_box=True, direct=False)


def _pointing_of(board: Board, digit: int) -> Found | None:
    """The first pointing of ``digit``, with its place in SE's order."""
    for index, lock in _locks(board, digit, from_box=True):
        return (index, lock.base, lock.cover), _lock_step(board, lock, "Pointing", POINTING)
    return None


def claiming(board: Board) -> Step | None:
    """A digit confined to one box within a line leaves the rest of that box (SE 2.8)."""
    return _first_by_digit(board, "claiming", _claiming_of, from_box=False, direct=False)


def _claiming_of(board: Board, digit: int) -> Found | None:
    """The first claiming of ``digit``, with its place in SE's order."""
    for index, lock in _locks(board, digit, from_box=False):
        return (index, lock.base, lock.cover), _lock_step(board, lock, "Claiming", CLAIMING)
    return None


def hidden_single_after(
    board: Board, digit: int, removed: Iterable[int], base: int
) -> tuple[int, int] | None:
    """(cell, unit) of a hidden single ``digit`` gets once it leaves ``removed`` cells, in a
    unit of the type of the lock's ``base`` (another box for a pointing, another row or
    column for a claiming), the first such unit.

    Sudoku Explainer's direct mode (``Locking.lookForFollowingHiddenSingles``) looks there
    and only there: a single the removals leave in a unit of another type (a column across
    a pointing's row) makes a plain Pointing or Claiming, not a direct one.
    """
    gone = set(removed)
    kind = base // board.n
    touched = {board.units_of[cell][kind] for cell in gone}
    for unit in sorted(touched):
        left = [cell for cell in board.places(unit, digit) if cell not in gone]
        if len(left) == 1:
            return left[0], unit
    return None


def _direct(
    board: Board, digit: int, *, from_box: bool, name: str, difficulty: float
) -> Found | None:
    """The first pointing/claiming of ``digit`` leaving a hidden single, which it places
    (the lock's eliminations are not made, as in SE)."""
    for index, lock in _locks(board, digit, from_box=from_box):
        single = hidden_single_after(board, lock.digit, lock.removed, lock.base)
        if single is None:
            continue
        cell, unit = single
        shown = board.digit(lock.digit)
        where = board.unit_name(lock.cover)
        return (index, lock.base, lock.cover), Step(
            name,
            placements=(board.candidate(cell, lock.digit),),
            cells=tuple(board.rc(c) for c in lock.places),
            units=(board.unit_name(lock.base), where, board.unit_name(unit)),
            explanation=f"In {board.unit_name(lock.base)}, {shown} can only go in {where}, "
            f"so {shown} cannot go in {listing(board.name(c) for c in lock.removed)}; "
            f"that leaves {board.name(cell)} as the only place for {shown} in "
            f"{board.unit_name(unit)}.",
            difficulty=difficulty,
            area=board.unit_name(lock.base),
        )
    return None


def direct_pointing(board: Board) -> Step | None:
    """A pointing that leaves a hidden single in another box, which it places (SE 1.7)."""
    find = functools.partial(
        _direct, from_box=True, name="Direct Pointing", difficulty=DIRECT_POINTING
    )
    return _first_by_digit(board, "direct pointing", find, from_box=True, direct=True)


def direct_claiming(board: Board) -> Step | None:
    """A claiming that leaves a hidden single in another line of its base's type, which it
    places (SE 1.9)."""
    find = functools.partial(
        _direct, from_box=False, name="Direct Claiming", difficulty=DIRECT_CLAIMING
    )
    return _first_by_digit(board, "direct claiming", find, from_box=False, direct=True)
