"""The bivalue universal grave (BUG): every empty cell but a few holds two candidates and
every digit appears twice in each unit, a deadly pattern with two solutions.

Values are SE's: BUG+1 (type 1) 5.6, types 2 and 4 5.7, type 3 5.7 + 0.1 x (digits of its
naked set - 1). BUG+1 comes in two forms: grille's ladder places the digit of a cell with
three candidates (:func:`bug_plus_one`), the rating ladders do what Sudoku Explainer's
``BivalueUniversalGrave`` does (:func:`se_bug_type_1`): one cell holding any number of extra
digits keeps only them.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from grille.logic import Candidate, Step
from grille.sudoku.logic.basic.subsets import se_order
from grille.sudoku.logic.basic.wings import _houses as house_order
from grille.sudoku.logic.board import Board, bits, cells_of, popcount
from grille.sudoku.logic.uniqueness.loops import region_types

__all__ = [
    "bivalue_universal_grave",
    "bug_plus_one",
    "se_bug_type_1",
]

BUG_PLUS_ONE = 5.6


def bug_plus_one(board: Board) -> Step | None:
    """All cells bivalue but one: its digit that appears three times in its units is placed."""
    empty = board.empty_cells
    odd = [cell for cell in empty if popcount(board.marks[cell]) != 2]
    if len(odd) != 1 or popcount(board.marks[odd[0]]) != 3:
        return None
    cell = odd[0]
    units = board.units_of[cell]
    triple = [
        digit
        for digit in bits(board.marks[cell])
        if all(len(board.places(unit, digit)) == 3 for unit in units)
    ]
    if len(triple) != 1 or not _is_bug_elsewhere(board, cell, triple[0]):
        return None
    digit = triple[0]
    text = (
        f"Every empty cell but {board.name(cell)} holds two candidates, and every digit left "
        "appears twice in each unit, except "
        f"{board.digit(digit)}, which appears three times around {board.name(cell)}. Without "
        f"{board.digit(digit)} there, the grid would be a deadly pattern with two solutions, "
        f"so {board.name(cell)} is {board.digit(digit)}."
    )
    return Step(
        "BUG+1",
        placements=(board.candidate(cell, digit),),
        cells=(board.rc(cell),),
        units=tuple(board.unit_name(unit) for unit in units),
        explanation=text,
        difficulty=BUG_PLUS_ONE,
        area="the whole grid",
    )


def _is_bug_elsewhere(board: Board, cell: int, digit: int) -> bool:
    """Whether every digit has zero or two places in every unit, ``digit`` around ``cell`` aside."""
    around = set(board.units_of[cell])
    for unit in range(len(board.units)):
        for d in range(1, board.n + 1):
            count = len(board.places(unit, d))
            expected = 3 if unit in around and d == digit else 2
            if count not in (0, expected):
                return False
    return True


# -- BUG types 2 to 4 --------------------------------------------------------------------------

BUG_TYPE_2 = 5.7
"""SE's value of BUG types 2 and 4; type 3 adds 0.1 per digit of its naked set beyond one."""
BUG_NAKED_SET_MAX = 6


class _Bug:
    """The BUG cells of a board and their extra digits, found as SE finds them."""

    __slots__ = ("cells", "common", "extras", "union")

    def __init__(self, cells: list[int], extras: dict[int, int], common: int) -> None:
        self.cells = cells
        self.extras = extras
        self.union = 0
        for mask in extras.values():
            self.union |= mask
        self.common = common
        """Empty cells that see every BUG cell, as a bitmask."""


def _may_be_bug(board: Board) -> bool:
    """A quick test :func:`_bug` needs: ``False`` where it would surely find no BUG.

    Every cell left with three candidates or more must end a BUG cell holding two digits
    besides its extras, and BUG cells with several distinct extras need an empty cell that
    sees them all; without one, they must all hold three digits sharing the one extra.
    """
    marks = board.marks
    wide = [cell for cell in board.empty_cells if popcount(marks[cell]) >= 3]
    if not wide or any(popcount(marks[cell]) < 2 for cell in board.empty_cells):
        return False
    if len(wide) == 1:
        return True
    common = board.empty_mask
    shared = -1
    for cell in wide:
        common &= board.tables.peer_masks[cell] & ~(1 << cell)
        shared &= marks[cell]
    if common:
        return True
    return shared != 0 and all(popcount(marks[cell]) == 3 for cell in wide)


@functools.lru_cache(maxsize=8)
def _bug(board: Board) -> _Bug | None:
    """The BUG cells, if removing their extra digits leaves a bivalue universal grave (kept
    for the board: the rating ladders ask for type 1, then types 2-4)."""
    return _find_bug(board) if _may_be_bug(board) else None


def _find_bug(board: Board) -> _Bug | None:
    """:func:`_bug` without the quick test: SE's search for the BUG cells."""
    n = board.n
    marks = board.marks
    left = list(marks)
    cells: list[int] = []
    extras: dict[int, int] = {}
    common = -1
    for unit in (*range(2 * n, 3 * n), *range(2 * n)):
        for digit in range(1, n + 1):
            places = board.places(unit, digit)
            if len(places) in (0, 2):
                continue
            wide = [cell for cell in places if popcount(marks[cell]) >= 3]
            if not wide:
                return None
            if len(wide) > 1:
                continue  # another unit tells which of them is the BUG cell
            cell = wide[0]
            if cell not in extras:
                cells.append(cell)
                extras[cell] = 0
            extras[cell] |= 1 << (digit - 1)
            left[cell] &= ~(1 << (digit - 1))
            common &= board.tables.peer_masks[cell]
            for bug_cell in cells:
                common &= ~(1 << bug_cell)
            union = 0
            for mask in extras.values():
                union |= mask
            if len(cells) > 1 and popcount(union) > 1 and not common & board.empty_mask:
                return None
    if not cells or any(popcount(left[cell]) != 2 for cell in board.empty_cells):
        return None
    for members in board.units:
        for digit in range(1, n + 1):
            bit = 1 << (digit - 1)
            if sum(1 for cell in members if left[cell] & bit) not in (0, 2):
                return None
    return _Bug(cells, extras, common & board.empty_mask)


def _bug_intro(board: Board, bug: _Bug) -> str:
    """The sentence that introduces the BUG."""
    extras = "; ".join(
        f"{', '.join(board.digit(d) for d in bits(bug.extras[cell]))} in {board.name(cell)}"
        for cell in bug.cells
    )
    return (
        f"Without the extra digits ({extras}), every empty cell would hold two candidates and "
        "every digit would appear twice in each unit: a deadly pattern with two solutions. So "
        f"one of {board.names(bug.cells)} holds its extra digit."
    )


def _bug_step(
    board: Board, bug: _Bug, kind: int, eliminations: Sequence[Candidate], reason: str,
    difficulty: float, *, extra_cells: Sequence[int] = (), units: Sequence[str] = (),
) -> Step:
    return Step(
        f"BUG Type {kind}",
        eliminations=tuple(sorted(eliminations)),
        cells=tuple(board.rc(cell) for cell in (*bug.cells, *extra_cells)),
        units=tuple(units),
        explanation=f"{_bug_intro(board, bug)} {reason}",
        difficulty=difficulty,
        area="the whole grid",
    )


def bivalue_universal_grave(board: Board) -> Step | None:
    """BUG types 2, 3 and 4: several cells with extra digits around a bivalue universal grave.

    Type 2: they share one extra digit, removed from the cells that see all of them (5.7).
    Type 3: their extras form a naked set in a unit they share (5.7 + 0.1 per digit beyond
    two). Type 4: two cells sharing a unit and a conjugate digit keep only that digit and
    their extras (5.7). BUG+1 (one cell) is :func:`bug_plus_one`.
    """
    bug = _bug(board)
    if bug is None or len(bug.cells) < 2:
        return None
    if popcount(bug.union) == 1:
        step = _bug_type_2(board, bug)
        if step is None and len(bug.cells) == 2:
            step = _bug_type_4(board, bug)
        return step
    if not bug.common:
        return None
    if len(bug.cells) == 2:
        step = _bug_type_4(board, bug)
        if step is not None:
            return step
    return _bug_type_3(board, bug)


def _bug_type_2(board: Board, bug: _Bug) -> Step | None:
    x = bits(bug.union)[0]
    targets = [cell for cell in cells_of(bug.common) if board.has(cell, x)]
    if not targets:
        return None
    reason = (
        f"Their extra digit is {board.digit(x)} in each, so {board.digit(x)} is removed from "
        f"{board.names(targets)}, which see all of them."
    )
    elims = [board.candidate(cell, x) for cell in targets]
    return _bug_step(board, bug, 2, elims, reason, BUG_TYPE_2)


def se_bug_type_1(board: Board) -> Step | None:
    """SE's BUG type 1 (``BivalueUniversalGrave.addBug1Hint``): one BUG cell, holding any
    number of extra digits (5.6); it keeps only its extras, its two other candidates go.

    With one extra digit the cell is left a single that later singles place, in SE's order,
    where grille's :func:`bug_plus_one` places it at once.
    """
    bug = _bug(board)
    if bug is None or len(bug.cells) != 1:
        return None
    cell = bug.cells[0]
    extras = bits(bug.extras[cell])
    others = bits(board.marks[cell] & ~bug.extras[cell])
    name = board.name(cell)
    if len(extras) == 1:
        keeps = f"{name} is {board.digit(extras[0])}"
    else:
        keeps = f"{name} is one of {', '.join(board.digit(d) for d in extras)}"
    digits = "digit" if len(extras) == 1 else "digits"
    text = (
        f"Without the extra {digits} {', '.join(board.digit(d) for d in extras)} in {name}, "
        "every empty cell would hold two candidates and every digit would appear twice in "
        f"each unit: a deadly pattern with two solutions. So {keeps}, and "
        f"{', '.join(board.digit(d) for d in others)} are removed from it."
    )
    return Step(
        "BUG+1",
        eliminations=tuple(board.candidate(cell, d) for d in others),
        cells=(board.rc(cell),),
        units=(),
        explanation=text,
        difficulty=BUG_PLUS_ONE,
        area="the whole grid",
    )


def _bug_shared_units(board: Board, cells: Sequence[int]) -> list[int]:
    """The units (box, row, column order) holding every cell of ``cells``."""
    return [
        unit for unit in region_types(board, cells[0])
        if all(unit in board.units_of[cell] for cell in cells[1:])
    ]


def _bug_type_3(board: Board, bug: _Bug) -> Step | None:
    for unit in _bug_shared_units(board, bug.cells):
        unit_mask = board.tables.unit_masks[unit]
        # SE's order: the first BUG cell's house cells (Cell.getHouseCells), tuples of them
        # in Permutations order
        others = [c for c in house_order(board.shape)[bug.cells[0]]
                  if (bug.common & unit_mask) >> c & 1]
        for size in range(2, BUG_NAKED_SET_MAX + 1):
            for indexes in se_order(itertools.combinations(range(len(others)), size - 1)):
                chosen = tuple(others[i] for i in indexes)
                union = 0
                for cell in chosen:
                    union |= board.marks[cell]
                if popcount(union) != size or bug.union & ~union:
                    continue
                elims = [
                    board.candidate(cell, digit)
                    for cell in others
                    if cell not in chosen
                    for digit in bits(board.marks[cell] & union)
                ]
                if not elims:
                    continue
                unit_name = board.unit_name(unit)
                digits = ", ".join(board.digit(d) for d in bits(union))
                reason = (
                    f"That extra digit and {board.names(chosen)} lock {digits} in {unit_name}, "
                    "so those digits are removed from the rest of it."
                )
                return _bug_step(
                    board, bug, 3, elims, reason, round(BUG_TYPE_2 + 0.1 * (size - 1), 1),
                    extra_cells=chosen, units=(unit_name,),
                )
    return None


def _bug_type_4(board: Board, bug: _Bug) -> Step | None:
    c1, c2 = bug.cells
    common = board.marks[c1] & board.marks[c2] & ~bug.union
    if popcount(common) != 1:
        return None
    units = _bug_shared_units(board, bug.cells)
    if not units:
        return None
    digit = bits(common)[0]
    elims = [
        board.candidate(cell, other)
        for cell in (c1, c2)
        for other in bits(board.marks[cell] & ~bug.extras[cell] & ~common)
    ]
    if not elims:
        return None
    unit_name = board.unit_name(units[0])
    reason = (
        f"In {unit_name}, {board.digit(digit)} can only go in {board.names(bug.cells)}; "
        f"whichever of them is not {board.digit(digit)} holds its extra digit, so each keeps "
        f"only {board.digit(digit)} and its extra digits."
    )
    return _bug_step(board, bug, 4, elims, reason, BUG_TYPE_2, units=(unit_name,))
