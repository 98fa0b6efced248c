"""Uniqueness techniques: unique rectangles (types 1-4, hidden), unique loops, BUG (types 1-4).

They rest on the puzzle having exactly one solution: four empty cells on two rows, two
columns and two boxes that could only hold two digits *a* and *b* would let those digits swap
(a "deadly pattern"), giving a second solution. Only put these techniques in a ladder when the
puzzle is known to be unique; on a puzzle with several solutions they can remove a solution.

Difficulties are Sudoku Explainer's: unique rectangle types 1, 2 and 4 rate 4.5; type 3 rates
4.5 + 0.1 x (digits of its naked set - 1); unique loops (the same deadly pattern on 6 or more
cells, every unit holding two of them) rate 4.6, 4.7 and 5.0 for 6, 8 and 10+ cells, with the
same type-3 bonus (a hidden set: 0.1 x (its other cells - 1)); BUG+1 rates 5.6, BUG types 2
and 4 rate 5.7 and type 3 rates 5.7 + 0.1 x (digits of its naked set - 1). SE has no hidden
unique rectangle: grille rates it 4.6, just above the other rectangles (HoDoKu scores it like
them), since the player needs two conjugate pairs as well as the rectangle. All work for
every grid size.

Two ladders use them differently. The full ladder has grille's rectangle techniques, then
:func:`unique_loop` (6 cells or more). The rating ladder has SE's single producer,
:func:`unique_rectangles_and_loops`, which finds rectangles as loops of four cells and takes
the first hint in SE's order (value, then type, then discovery), as SE does.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from grille.logic import Candidate, Link, Step
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board, bits, cells_of, popcount
from grille.sudoku.logic.uniqueness import kernel as loop_kernel

__all__ = [
    "bivalue_universal_grave",
    "bug_plus_one",
    "deadly_loops",
    "hidden_unique_rectangle",
    "unique_loop",
    "unique_rectangle_type_1",
    "unique_rectangle_type_2",
    "unique_rectangle_type_3",
    "unique_rectangle_type_4",
    "unique_rectangles_and_loops",
]

UNIQUE_RECTANGLE = 4.5
HIDDEN_UNIQUE_RECTANGLE = 4.6
BUG_PLUS_ONE = 5.6
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



# -- unique loops: SE's UniqueLoops producer ---------------------------------------------------
#
# Sudoku Explainer 1.2.1 finds unique rectangles and loops in one producer
# (diuf/sudoku/solver/rules/unique/UniqueLoops.java): a rectangle is a loop of four cells. Its
# getHints(Grid) collects every hint of every loop, and getHints(Grid, HintsAccumulator) sorts
# them by difficulty, then type (a stable sort, so ties keep the order of discovery); the
# solver (Solver.getDifficulty, through a SingleHintAccumulator) applies the first.

_SE_BASE = 4.5
"""SE's value of a unique rectangle, to which UniqueLoopHint.getDifficulty adds by length."""


def _se_value(length: int, cells: int = 0) -> float:
    """A unique loop hint's value computed as SE computes it, floating-point sums included.

    UniqueLoopHint.getDifficulty: 4.5, + 0.3 from 10 cells, + 0.2 from 8, else + 0.1 from 6;
    the type-3 hints add ``cells`` x 0.1 (UniqueLoopType3NakedHint / HiddenHint.getDifficulty).
    SE sorts by these doubles, so a 6-cell loop's type 3 with a pair (4.6 + 0.1, just below
    4.7 in binary) comes before an 8-cell loop (4.5 + 0.2).
    """
    value = _SE_BASE
    if length >= 10:
        value += 0.3
    if length >= 8:
        value += 0.2
    elif length >= 6:
        value += 0.1
    return value + cells * 0.1


def _region_types(board: Board, cell: int) -> tuple[int, int, int]:
    """The units of ``cell`` in SE's order of region types: box, row, column."""
    row, col, box = board.units_of[cell]
    return box, row, col


def _loops(board: Board, start: int, v1: int, v2: int) -> list[tuple[int, ...]]:
    """The closed paths of cells holding v1 and v2 from ``start``, as SE's loop search finds them.

    Consecutive cells share a unit of another type than the previous link; at most two cells
    hold extra digits, or any number if they all hold the same single extra digit. Loops whose
    smallest bivalue cell is not ``start`` are left to that cell's search.
    """
    marks = board.marks
    pair = _pair_mask(v1, v2)
    limit = 2 * board.n  # each unit holds two loop cells, each cell lies in three units
    found: list[tuple[int, ...]] = []
    path = [start]

    def extend(cell: int, allowed: int, extra: int, last_type: int) -> None:
        for kind, unit in enumerate(_region_types(board, cell)):
            if kind == last_type:
                continue
            for nxt in board.units[unit]:
                if nxt == start and len(path) >= 4:
                    found.append(tuple(path))
                    continue
                mask = marks[nxt]
                if mask & pair != pair or nxt in path or (mask == pair and nxt < start):
                    continue
                extra |= mask & ~pair
                wide = popcount(mask) > 2
                if (not wide or popcount(extra) == 1 or allowed > 0) and len(path) < limit:
                    path.append(nxt)
                    extend(nxt, allowed - wide, extra, kind)
                    path.pop()

    extend(start, 2, 0, -1)
    return found


def deadly_loops(
    board: Board, min_length: int, *, compiled: bool = True
) -> list[tuple[int, ...]]:
    """Every valid loop of ``min_length`` cells or more, in the order SE's walk finds them.

    Each begins at its start cell (the smallest of its cells holding only its two digits)
    and appears once for each way the walk closes it. ``compiled`` runs the walk in
    :mod:`kernel`'s kernel; ``False`` runs the plain search
    (:func:`_loops`, :func:`_is_valid_loop`), which the kernel must match.
    """
    if compiled:
        return loop_kernel.deadly_loops(board.shape, board.marks, min_length)
    found: list[tuple[int, ...]] = []
    for start in board.empty_cells:
        if popcount(board.marks[start]) == 2:
            v1, v2 = bits(board.marks[start])
            found.extend(
                loop for loop in _loops(board, start, v1, v2)
                if len(loop) >= min_length and _is_valid_loop(board, loop)
            )
    return found


def _is_valid_loop(board: Board, loop: Sequence[int]) -> bool:
    """Whether every unit the loop touches holds exactly two of its cells, one odd, one even."""
    seen: tuple[set[int], set[int]] = (set(), set())
    for index, cell in enumerate(loop):
        units = seen[index % 2]
        for unit in board.units_of[cell]:
            if unit in units:
                return False
            units.add(unit)
    return seen[0] == seen[1]


class _Loop:
    """One deadly loop as SE's hints read it: its cells, digits and cells with extras."""

    __slots__ = ("cells", "extras", "is_rectangle", "pair", "shown", "v1", "v2")

    def __init__(self, board: Board, cells: tuple[int, ...]) -> None:
        self.cells = cells
        self.v1, self.v2 = bits(board.marks[cells[0]])
        self.pair = board.marks[cells[0]]
        self.extras = [cell for cell in cells if board.marks[cell] != self.pair]
        self.is_rectangle = len(cells) == 4
        self.shown = sorted(self.extras) if self.is_rectangle else self.extras
        """The cells with extras in the order the explanations name them."""


_LoopHint = tuple[float, int, Step]
"""A unique loop hint: SE's value (unrounded, for ordering), its type and the step."""


def _loop_step(
    board: Board,
    loop: _Loop,
    kind: int,
    eliminations: Sequence[Candidate],
    reason: str,
    *,
    cells: int = 0,
    extra_cells: Sequence[int] = (),
    units: Sequence[str] = (),
) -> _LoopHint:
    """A unique loop (or rectangle, on four cells) hint of type ``kind``: the deadly pattern,
    then ``reason``; ``cells`` counts the type-3 set's cells that raise the value."""
    v1, v2, path = loop.v1, loop.v2, loop.cells
    links: tuple[Link, ...] = ()
    if loop.is_rectangle:
        # shown as grille's rectangle techniques show it: corners in reading order, no links
        name = "Rectangle"
        path = tuple(sorted(path))
        intro = _deadly(board, (path[0], path[1], path[2], path[3]), v1, v2)
        area = f"rows {path[0] // board.n + 1} and {path[3] // board.n + 1}"
    else:
        name = "Loop"
        intro = (
            f"{board.names(path)} form a closed loop in which every row, column and box holds "
            f"two of its cells; if they held only {board.digit(v1)} and {board.digit(v2)}, "
            "those could be swapped along the loop and the puzzle would have two solutions."
        )
        area = f"the loop through {board.name(path[0])}"
        links = tuple(
            Link(board.candidate(cell, v1), board.candidate(path[(i + 1) % len(path)], v1),
                 False)
            for i, cell in enumerate(path)
        )
    value = _se_value(len(path), cells)
    step = Step(
        f"Unique {name} Type {kind}",
        eliminations=tuple(sorted(set(eliminations))),
        cells=tuple(board.rc(cell) for cell in (*path, *extra_cells)),
        units=tuple(units),
        links=links,
        explanation=f"{intro} {reason}",
        difficulty=round(value, 1),
        area=area,
    )
    return value, kind, step


def _loop_hints(board: Board, loop: _Loop) -> Iterator[_LoopHint]:
    """The hints of one loop, in the order UniqueLoops.getHints(Grid) adds them."""
    extras = loop.extras
    if len(extras) == 1:
        yield _loop_type_1(board, loop)
        return
    if len(extras) > 2:
        yield from _loop_type_2(board, loop)
        return
    if len(extras) != 2:
        return  # no cell with extras: the puzzle has two solutions, not SE's business
    union = (board.marks[extras[0]] | board.marks[extras[1]]) & ~loop.pair
    if popcount(union) == 1:
        yield from _loop_type_2(board, loop)
    elif popcount(union) >= 2:
        yield from _loop_type_3(board, loop, union)
    yield from _loop_type_4(board, loop)


def _loop_type_1(board: Board, loop: _Loop) -> _LoopHint:
    """UniqueLoops.createType1Hint: the one cell with extras loses both loop digits."""
    cell = loop.extras[0]
    a, b = board.digit(loop.v1), board.digit(loop.v2)
    if loop.is_rectangle:
        reason = (
            f"Three of them hold only {a} and {b}, so {board.name(cell)} must hold another "
            f"digit: {a} and {b} are removed from it."
        )
    else:
        reason = (
            f"{board.name(cell)} is the only one with other digits, so it cannot be {a} or "
            f"{b}: both are removed from it."
        )
    elims = [board.candidate(cell, loop.v1), board.candidate(cell, loop.v2)]
    return _loop_step(board, loop, 1, elims, reason)


def _loop_type_2(board: Board, loop: _Loop) -> Iterator[_LoopHint]:
    """UniqueLoops.createType2Hint: the cells with extras share one extra x, one of them is x,
    so x leaves the cells that see them all."""
    extras = loop.extras
    x = bits(board.marks[extras[0]] & ~loop.pair)[0]
    targets = [c for c in _common_peers(board, extras) if c not in extras and board.has(c, x)]
    if not targets:
        return
    if len(extras) == 2 and loop.is_rectangle:
        first, second = loop.shown
        reason = (
            f"So {board.name(first)} or {board.name(second)} must be {board.digit(x)}, their "
            f"only other candidate: {board.digit(x)} is removed from {board.names(targets)}, "
            "which see both."
        )
    else:
        reason = (
            f"So one of {board.names(extras)} is {board.digit(x)}, their only other digit: "
            f"{board.digit(x)} is removed from {board.names(targets)}, which see all of them."
        )
    yield _loop_step(board, loop, 2, [board.candidate(cell, x) for cell in targets], reason)


def _colex(items: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """The ``size``-subsets of ``items`` in SE's order (tools/Permutations.java: increasing
    binary numbers, so by their last item first), each in increasing order."""
    return sorted(itertools.combinations(items, size), key=lambda chosen: chosen[::-1])


def _loop_type_3(board: Board, loop: _Loop, extra: int) -> Iterator[_LoopHint]:
    """UniqueLoops.createType3Hints: the two cells with extras, seen as one cell holding their
    extra digits, make a naked or a hidden set in a unit they share.

    By degree (digits of the set) from the number of extras, then SE's region types, the
    naked sets before the hidden ones; SE stops at degree 7 on 9x9 (the n - 2 here).
    """
    c1, c2 = loop.extras
    shared = [
        (unit, popcount(board.tables.unit_masks[unit] & board.empty_mask))
        for unit in _region_types(board, c1)
        if unit in board.units_of[c2]
    ]
    widest = max((empty for _, empty in shared), default=0)
    for degree in range(popcount(extra), min(board.n - 2, widest // 2) + 1):
        for unit, empty in shared:
            if degree * 2 <= empty:
                yield from _loop_naked_sets(board, loop, extra, unit, degree)
            if degree * 2 < empty:
                yield from _loop_hidden_sets(board, loop, extra, unit, degree)


def _loop_naked_sets(
    board: Board, loop: _Loop, extra: int, unit: int, degree: int
) -> Iterator[_LoopHint]:
    """The naked sets of ``degree`` digits: the extras and ``degree - 1`` other cells.

    As SE: every other cell holds two digits or more; the extras with the other cells make
    ``degree`` digits, and so do the extras both cells hold with the other cells.
    """
    marks = board.marks
    c1, c2 = loop.extras
    others = [c for c in board.units[unit] if board.cells[c] == 0 and c not in (c1, c2)]
    both = extra & marks[c1] & marks[c2]
    for chosen in _colex(others, degree - 1):
        union = 0
        for cell in chosen:
            union |= marks[cell]
        if popcount(both | union) != degree or popcount(extra | union) != degree:
            continue
        if any(popcount(marks[cell]) <= 1 for cell in chosen):
            continue
        union |= extra
        elims = [
            board.candidate(cell, digit)
            for cell in others
            if cell not in chosen
            for digit in bits(marks[cell] & union)
        ]
        if not elims:
            continue
        unit_name = board.unit_name(unit)
        first, second = loop.shown
        reason = (
            f"So {board.name(first)} or {board.name(second)} holds one of their other digits "
            f"({', '.join(board.digit(d) for d in bits(extra))}); together with "
            f"{board.names(chosen)} they lock {', '.join(board.digit(d) for d in bits(union))} "
            f"in {unit_name}, so those digits are removed from the rest of it."
        )
        yield _loop_step(
            board, loop, 3, elims, reason,
            cells=degree - 1, extra_cells=chosen, units=(unit_name,),
        )


def _loop_hidden_sets(
    board: Board, loop: _Loop, extra: int, unit: int, degree: int
) -> Iterator[_LoopHint]:
    """The hidden sets of ``degree`` digits: the loop's two and ``degree - 2`` digits neither
    cell holds, confined to the two cells (as one) and ``degree - 1`` other cells.

    One of the two cells holds an extra digit, so together they hold at most one loop digit:
    the set's digits need every cell they fit in, which keep only those digits.
    """
    marks = board.marks
    c1, c2 = loop.extras
    members = board.units[unit]
    spare = [
        d for d in range(1, board.n + 1)
        if d not in (loop.v1, loop.v2) and not extra >> (d - 1) & 1
    ]
    if degree - 2 > len(spare):
        return
    for chosen in _colex(spare, degree - 2):
        digits = (*chosen, loop.v1, loop.v2)
        places = 0
        for digit in digits:
            where = board.tables.unit_masks[unit] & board.planes[digit - 1] & ~(1 << c2)
            if not where:
                break
            places |= where
        else:
            if popcount(places) != degree:
                continue
            hidden = sum(1 << (d - 1) for d in digits)
            cells = [c for c in members if places >> c & 1 and c not in (c1, c2)]
            elims = [
                board.candidate(cell, digit)
                for cell in cells
                for digit in bits(marks[cell] & ~hidden)
            ]
            if not elims:
                continue
            unit_name = board.unit_name(unit)
            names = ", ".join(board.digit(d) for d in bits(hidden))
            first, second = loop.shown
            reason = (
                f"So {board.name(first)} or {board.name(second)} holds one of their other digits "
                f"({', '.join(board.digit(d) for d in bits(extra))}), so the two hold at most "
                f"one of {board.digit(loop.v1)} and {board.digit(loop.v2)}, like one cell. In "
                f"{unit_name}, {names} fit only in that cell and {board.names(cells)}, so "
                f"{board.names(cells)} {'holds' if len(cells) == 1 else 'hold'} only {names}: "
                "the other digits are removed."
            )
            yield _loop_step(
                board, loop, 3, elims, reason,
                cells=len(cells) - 1, extra_cells=cells, units=(unit_name,),
            )


def _loop_type_4(board: Board, loop: _Loop) -> Iterator[_LoopHint]:
    """UniqueLoops.createType4Hint: a loop digit locked to the two cells with extras in a unit
    they share; the other digit leaves both.

    As SE: the first digit wins if it is locked in any shared unit (the last such unit in
    box, row, column order), else the second.
    """
    c1, c2 = loop.extras
    locked: dict[int, int] = {}
    for unit in _region_types(board, c1):
        if unit not in board.units_of[c2]:
            continue
        for digit in (loop.v1, loop.v2):
            if set(board.places(unit, digit)) == {c1, c2}:
                locked[digit] = unit
    for digit, other in ((loop.v1, loop.v2), (loop.v2, loop.v1)):
        if digit not in locked:
            continue
        unit_name = board.unit_name(locked[digit])
        reason = (
            f"In {unit_name}, {board.digit(digit)} can only go in {board.names(loop.shown)}, "
            f"so one of them is {board.digit(digit)} and the other cannot be "
            f"{board.digit(other)}: {board.digit(other)} is removed from both."
        )
        elims = [board.candidate(c1, other), board.candidate(c2, other)]
        yield _loop_step(board, loop, 4, elims, reason, units=(unit_name,))
        return


def _easiest_loop_hint(board: Board, min_length: int) -> Step | None:
    """SE's first unique loop hint of ``min_length`` cells or more: the easiest, then the
    lowest type, then the first found."""
    best: _LoopHint | None = None
    seen: set[tuple[frozenset[int], int]] = set()
    for cells in deadly_loops(board, min_length):
        key = (frozenset(cells), board.marks[cells[0]])
        if key in seen:
            continue  # the same loop closed another way: the same hints, found later
        seen.add(key)
        for hint in _loop_hints(board, _Loop(board, cells)):
            if best is None or hint[:2] < best[:2]:
                best = hint
        if best is not None and best[:2] == (_SE_BASE, 1):
            break  # nothing comes before a rectangle's type 1
    return None if best is None else best[2]


def unique_loop(board: Board) -> Step | None:
    """A deadly loop of 6 or more cells on two digits, broken by its cells with extras.

    Types as for unique rectangles (1: one cell with extras; 2: the same single extra; 3:
    a naked or hidden set; 4: a digit locked in a unit). SE's values: 4.6 for 6 cells, 4.7
    for 8, 5.0 for 10 or more, type 3 adding 0.1 per other cell of its set beyond the first
    for a hidden set, per other cell for a naked one; the first in SE's order is taken.
    """
    return _easiest_loop_hint(board, 6)


def unique_rectangles_and_loops(board: Board) -> Step | None:
    """SE's UniqueLoops producer: unique rectangles (loops of four cells) and loops together.

    The rating ladder's uniqueness step before the quads: the easiest hint by SE's value,
    then type, then discovery order, so a loop's type 1 at 4.6 comes before a rectangle's
    type 3 at 4.6. grille's own rectangle techniques (types 1-4, hidden) serve the full ladder.
    """
    return _easiest_loop_hint(board, 4)


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


def _bug(board: Board) -> _Bug | None:
    """The BUG cells, if removing their extra digits leaves a bivalue universal grave."""
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


def _bug_shared_units(board: Board, cells: Sequence[int]) -> list[int]:
    """The units (box, row, column order) holding every cell of ``cells``."""
    return [
        unit for unit in _region_types(board, cells[0])
        if all(unit in board.units_of[cell] for cell in cells[1:])
    ]


def _bug_type_3(board: Board, bug: _Bug) -> Step | None:
    for unit in _bug_shared_units(board, bug.cells):
        unit_mask = board.tables.unit_masks[unit]
        others = cells_of(bug.common & unit_mask)
        for size in range(2, BUG_NAKED_SET_MAX + 1):
            for chosen in itertools.combinations(others, size - 1):
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
