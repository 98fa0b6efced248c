"""Unique rectangles: types 1-4 and the hidden unique rectangle.

They rest on the puzzle having exactly one solution: four empty cells on two rows, two
columns and two boxes that could only hold two digits *a* and *b* would let those digits swap
(a "deadly pattern"), giving a second solution. Only put these techniques in a ladder when the
puzzle is known to be unique; on a puzzle with several solutions they can remove a solution.

Difficulties are Sudoku Explainer's: unique rectangle types 1, 2 and 4 rate 4.5; type 3 rates
4.5 + 0.1 x (digits of its naked set - 1). SE has no hidden unique rectangle: grille rates it
4.6, just above the other rectangles (HoDoKu scores it like them), since the player needs two
conjugate pairs as well as the rectangle. All work for every grid size.

The full ladder has these rectangle techniques, then
:func:`~grille.sudoku.logic.uniqueness.loops.unique_loop` (6 cells or more). The rating ladder
has SE's single producer,
:func:`~grille.sudoku.logic.uniqueness.loops.unique_rectangles_and_loops`, which finds
rectangles as loops of four cells and takes the first hint in SE's order (value, then type,
then discovery), as SE does.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from grille.logic import Candidate, Step
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board, bits, popcount

__all__ = [
    "hidden_unique_rectangle",
    "unique_rectangle_type_1",
    "unique_rectangle_type_2",
    "unique_rectangle_type_3",
    "unique_rectangle_type_4",
]

UNIQUE_RECTANGLE = 4.5
HIDDEN_UNIQUE_RECTANGLE = 4.6
TYPE_3_MAX_CELLS = 3
"""Largest number of other cells a type-3 naked set may use (SE goes up to a quad)."""

Rectangle = tuple[int, int, int, int]
"""Four cells: top-left, top-right, bottom-left, bottom-right."""

SIDES = ((0, 1), (2, 3), (0, 2), (1, 3))
"""Corner pairs that share a row or a column."""


def _rectangles(board: Board) -> tuple[tuple[Rectangle, int, int], ...]:
    """Each rectangle of empty cells on two rows, columns and boxes, with each pair they share.

    Every uniqueness technique reads this list, so it is built once per board.
    """
    return _board_rectangles(board)


@functools.lru_cache(maxsize=4)
def _board_rectangles(board: Board) -> tuple[tuple[Rectangle, int, int], ...]:
    marks = board.marks
    found: list[tuple[Rectangle, int, int]] = []
    for rect in _two_box_rectangles(board.shape):
        common = marks[rect[0]] & marks[rect[1]] & marks[rect[2]] & marks[rect[3]]
        if common & (common - 1):
            found.extend((rect, a, b) for a, b in itertools.combinations(bits(common), 2))
    return tuple(found)


@functools.cache
def _two_box_rectangles(shape: Shape) -> tuple[Rectangle, ...]:
    """The rectangles (two rows, two columns) whose corners lie in exactly two boxes."""
    n = shape.size
    found = []
    for r1, r2 in itertools.combinations(range(n), 2):
        for c1, c2 in itertools.combinations(range(n), 2):
            rect = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            if len({shape.box_of(cell) for cell in rect}) == 2:
                found.append(rect)
    return tuple(found)


def _pair_mask(a: int, b: int) -> int:
    """The candidate mask of the digits ``a`` and ``b``."""
    return (1 << (a - 1)) | (1 << (b - 1))


def _deadly(board: Board, rect: Rectangle, a: int, b: int) -> str:
    """The sentence that introduces the deadly pattern."""
    cells = board.names(rect)
    return (
        f"{cells} lie on two rows, two columns and two boxes; if they held only "
        f"{board.digit(a)} and {board.digit(b)}, those could be swapped and the puzzle would "
        "have two solutions."
    )


def _step(
    board: Board,
    name: str,
    rect: Rectangle,
    eliminations: Sequence[Candidate],
    explanation: str,
    difficulty: float,
    *,
    extra_cells: Sequence[int] = (),
    units: Sequence[str] = (),
) -> Step:
    """The step of a uniqueness technique."""
    return Step(
        name,
        eliminations=tuple(sorted(eliminations)),
        cells=tuple(board.rc(cell) for cell in (*rect, *extra_cells)),
        units=tuple(units),
        explanation=explanation,
        difficulty=difficulty,
        area=f"rows {rect[0] // board.n + 1} and {rect[3] // board.n + 1}",
    )


def _common_peers(board: Board, cells: Sequence[int]) -> list[int]:
    """Empty cells that see every cell of ``cells``."""
    seen = frozenset.intersection(*(board.peer_sets[cell] for cell in cells))
    return sorted(cell for cell in seen if board.cells[cell] == 0)


def _shared_units(board: Board, a: int, b: int) -> list[int]:
    """The unit indexes that hold both cells ``a`` and ``b``."""
    return sorted(set(board.units_of[a]) & set(board.units_of[b]))


def unique_rectangle_type_1(board: Board) -> Step | None:
    """Three corners hold only a and b: the fourth cannot be a or b."""
    for rect, a, b in _rectangles(board):
        pair = _pair_mask(a, b)
        others = [cell for cell in rect if board.marks[cell] != pair]
        if len(others) != 1:
            continue
        cell = others[0]
        text = (
            f"{_deadly(board, rect, a, b)} Three of them hold only {board.digit(a)} and "
            f"{board.digit(b)}, so {board.name(cell)} must hold another digit: "
            f"{board.digit(a)} and {board.digit(b)} are removed from it."
        )
        elims = [board.candidate(cell, a), board.candidate(cell, b)]
        return _step(board, "Unique Rectangle Type 1", rect, elims, text, UNIQUE_RECTANGLE)
    return None


def unique_rectangle_type_2(board: Board) -> Step | None:
    """Two corners hold a and b plus the same one extra digit x: x leaves their common peers."""
    for rect, a, b in _rectangles(board):
        pair = _pair_mask(a, b)
        roof = [cell for cell in rect if board.marks[cell] != pair]
        if len(roof) != 2 or board.marks[roof[0]] != board.marks[roof[1]]:
            continue
        extra = board.marks[roof[0]] & ~pair
        if popcount(extra) != 1:
            continue
        x = bits(extra)[0]
        targets = [c for c in _common_peers(board, roof) if c not in rect and board.has(c, x)]
        if not targets:
            continue
        text = (
            f"{_deadly(board, rect, a, b)} So {board.name(roof[0])} or {board.name(roof[1])} "
            f"must be {board.digit(x)}, their only other candidate: {board.digit(x)} is removed "
            f"from {board.names(targets)}, which see both."
        )
        elims = [board.candidate(cell, x) for cell in targets]
        return _step(board, "Unique Rectangle Type 2", rect, elims, text, UNIQUE_RECTANGLE)
    return None


def _roofs(board: Board, rect: Rectangle, pair: int) -> Iterator[tuple[int, int]]:
    """Sides of the rectangle whose opposite side holds only the pair (the roof, floor bivalue)."""
    for index, (i, j) in enumerate(SIDES):
        k, m = SIDES[index ^ 1]
        if board.marks[rect[k]] == pair and board.marks[rect[m]] == pair:
            yield rect[i], rect[j]


def unique_rectangle_type_3(board: Board) -> Step | None:
    """The roof's extra digits form a naked set with other cells of a unit it shares."""
    best: Step | None = None
    for rect, a, b in _rectangles(board):
        pair = _pair_mask(a, b)
        for roof in _roofs(board, rect, pair):
            extra = (board.marks[roof[0]] | board.marks[roof[1]]) & ~pair
            if popcount(extra) < 2:
                continue
            for unit in _shared_units(board, *roof):
                step = _type_3_in_unit(board, rect, (a, b), roof, extra, unit)
                if step is not None and (best is None or step.difficulty < best.difficulty):
                    best = step
        if best is not None and best.difficulty == UNIQUE_RECTANGLE + 0.1:
            break
    return best


def _type_3_in_unit(
    board: Board,
    rect: Rectangle,
    digits: tuple[int, int],
    roof: tuple[int, int],
    extra: int,
    unit: int,
) -> Step | None:
    """The smallest naked set the roof's extra digits make in ``unit``, if it removes something."""
    others = [c for c in board.units[unit] if board.cells[c] == 0 and c not in roof]
    for size in range(1, min(TYPE_3_MAX_CELLS, len(others) - 1) + 1):
        for chosen, union, elims in _locking_sets(board, others, extra, size):
            a, b = digits
            names = ", ".join(board.digit(d) for d in bits(union))
            unit_name = board.unit_name(unit)
            text = (
                f"{_deadly(board, rect, a, b)} So {board.name(roof[0])} or "
                f"{board.name(roof[1])} holds one of their other digits "
                f"({', '.join(board.digit(d) for d in bits(extra))}); together with "
                f"{board.names(chosen)} they lock {names} in {unit_name}, so those digits are "
                "removed from the rest of it."
            )
            return _step(
                board,
                "Unique Rectangle Type 3",
                rect,
                elims,
                text,
                round(UNIQUE_RECTANGLE + 0.1 * size, 1),
                extra_cells=chosen,
                units=(unit_name,),
            )
    return None


def _locking_sets(
    board: Board, others: Sequence[int], extra: int, size: int
) -> Iterator[tuple[tuple[int, ...], int, list[tuple[int, int, int]]]]:
    """Each ``size`` cells of ``others`` whose marks with the ``extra`` digits make a naked set
    of ``size + 1`` digits that removes something from the rest of ``others``: the cells, the
    set's digits and the eliminations (the uniqueness patterns' type 3)."""
    for chosen in itertools.combinations(others, size):
        union = extra
        for cell in chosen:
            union |= board.marks[cell]
        if popcount(union) != size + 1:
            continue
        elims = [
            board.candidate(cell, digit)
            for cell in others
            if cell not in chosen
            for digit in bits(board.marks[cell] & union)
        ]
        if elims:
            yield chosen, union, elims


def unique_rectangle_type_4(board: Board) -> Step | None:
    """One digit of the pair is locked to the roof in a unit: the other leaves both roof cells."""
    for rect, a, b in _rectangles(board):
        pair = _pair_mask(a, b)
        for roof in _roofs(board, rect, pair):
            for unit in _shared_units(board, *roof):
                for locked, other in ((a, b), (b, a)):
                    if set(board.places(unit, locked)) != set(roof):
                        continue
                    unit_name = board.unit_name(unit)
                    text = (
                        f"{_deadly(board, rect, a, b)} In {unit_name}, {board.digit(locked)} "
                        f"can only go in {board.names(roof)}, so one of them is "
                        f"{board.digit(locked)} and the other cannot be {board.digit(other)}: "
                        f"{board.digit(other)} is removed from both."
                    )
                    elims = [board.candidate(cell, other) for cell in roof]
                    return _step(
                        board,
                        "Unique Rectangle Type 4",
                        rect,
                        elims,
                        text,
                        UNIQUE_RECTANGLE,
                        units=(unit_name,),
                    )
    return None


def hidden_unique_rectangle(board: Board) -> Step | None:
    """A bivalue corner and two conjugate pairs through the opposite corner remove a digit there."""
    n = board.n
    for rect, a, b in _rectangles(board):
        pair = _pair_mask(a, b)
        for corner in range(4):
            if board.marks[rect[corner]] != pair:
                continue
            opposite = rect[3 - corner]
            row_mate, col_mate = rect[corner ^ 1], rect[corner ^ 2]
            row_unit, col_unit = opposite // n, n + opposite % n
            for keep, gone in ((a, b), (b, a)):
                if set(board.places(row_unit, keep)) != {opposite, col_mate} or set(
                    board.places(col_unit, keep)
                ) != {opposite, row_mate}:
                    continue
                text = (
                    f"{_deadly(board, rect, a, b)} {board.name(rect[corner])} holds only "
                    f"{board.digit(a)} and {board.digit(b)}. If {board.name(opposite)} were "
                    f"{board.digit(gone)}, {board.digit(keep)} would have to go in "
                    f"{board.name(col_mate)} ({board.unit_name(row_unit)}) and "
                    f"{board.name(row_mate)} ({board.unit_name(col_unit)}), leaving "
                    f"{board.name(rect[corner])} {board.digit(gone)}: the deadly pattern. So "
                    f"{board.digit(gone)} is removed from {board.name(opposite)}."
                )
                return _step(
                    board,
                    "Hidden Unique Rectangle",
                    rect,
                    [board.candidate(opposite, gone)],
                    text,
                    HIDDEN_UNIQUE_RECTANGLE,
                    units=(board.unit_name(row_unit), board.unit_name(col_unit)),
                )
    return None
