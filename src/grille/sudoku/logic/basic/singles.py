"""Singles: the last empty cell of a unit, a digit with one place in a unit, a cell with one digit.

Difficulties are Sudoku Explainer's: full house 1.0, hidden single 1.2 in a box and 1.5 in a
row or column, naked single 2.3. Units are searched in SE's order (``HiddenSingle.getHints``):
boxes, then columns, then rows, each by index, digits from 1; a full house (SE's "alone"
cell) before any other hidden single; naked singles cell by cell. With compiling on,
:mod:`kernel` finds the hidden single.
"""

from __future__ import annotations

from grille.logic import Step
from grille.sudoku.logic.basic import kernel as basic_kernel
from grille.sudoku.logic.board import Board, bits

__all__ = ["full_house", "hidden_single", "naked_single"]

FULL_HOUSE = 1.0
HIDDEN_SINGLE_BOX = 1.2
HIDDEN_SINGLE_LINE = 1.5
NAKED_SINGLE = 2.3


def se_unit_order(n: int) -> tuple[int, ...]:
    """Unit indexes in Sudoku Explainer's order: boxes, columns, rows (grille's own order is
    rows, columns, boxes)."""
    return (*range(2 * n, 3 * n), *range(n, 2 * n), *range(n))


def full_house(board: Board) -> Step | None:
    """The last empty cell of a unit takes the one digit the unit lacks."""
    empty = board.empty_mask
    unit_masks = board.tables.unit_masks
    for unit_index in se_unit_order(board.n):
        left = empty & unit_masks[unit_index]
        if not left or left & (left - 1):
            continue
        cell = left.bit_length() - 1
        digits = bits(board.marks[cell])
        if len(digits) != 1:
            continue
        digit = digits[0]
        unit_name = board.unit_name(unit_index)
        return Step(
            "Full House",
            placements=(board.candidate(cell, digit),),
            cells=(board.rc(cell),),
            units=(unit_name,),
            explanation=f"{board.name(cell)} is the last empty cell of {unit_name}, "
            f"which lacks only {board.digit(digit)}.",
            difficulty=FULL_HOUSE,
            area=unit_name,
        )
    return None


def hidden_single(board: Board) -> Step | None:
    """A digit with one place left in a unit goes there (boxes first, the easier kind, then
    columns, then rows)."""
    if basic_kernel.enabled():
        found = basic_kernel.first_hidden_single(board)
        return None if found is None else _hidden_single_step(board, *found)
    return _hidden_single_search(board)


def _hidden_single_search(board: Board) -> Step | None:
    """:func:`hidden_single` in plain Python (the compiled scan's reference)."""
    n = board.n
    planes = board.planes
    unit_masks = board.tables.unit_masks
    for unit_index in se_unit_order(n):
        unit_mask = unit_masks[unit_index]
        for digit, plane in enumerate(planes, start=1):
            place = unit_mask & plane
            if place and not place & (place - 1):
                return _hidden_single_step(board, unit_index, digit)
    return None


def _hidden_single_step(board: Board, unit_index: int, digit: int) -> Step:
    """The Step of ``digit``'s one place in a unit."""
    place = board.tables.unit_masks[unit_index] & board.planes[digit - 1]
    cell = place.bit_length() - 1
    unit_name = board.unit_name(unit_index)
    return Step(
        "Hidden Single",
        placements=(board.candidate(cell, digit),),
        cells=(board.rc(cell),),
        units=(unit_name,),
        explanation=f"In {unit_name}, {board.digit(digit)} can only go in {board.name(cell)}.",
        difficulty=HIDDEN_SINGLE_BOX if unit_index >= 2 * board.n else HIDDEN_SINGLE_LINE,
        area=unit_name,
    )


def naked_single(board: Board) -> Step | None:
    """A cell with one candidate left takes it."""
    for cell, mask in enumerate(board.marks):
        if not mask or mask & (mask - 1):
            continue
        digit = mask.bit_length()
        return Step(
            "Naked Single",
            placements=(board.candidate(cell, digit),),
            cells=(board.rc(cell),),
            explanation=f"{board.name(cell)} can only hold {board.digit(digit)}: every other "
            "digit is already in its row, column or box.",
            difficulty=NAKED_SINGLE,
            area=f"row {cell // board.n + 1}",
        )
    return None
