"""Uniqueness techniques: unique rectangles (types 1-4, hidden), unique loops, BUG (types 1-4).

They rest on the puzzle having exactly one solution: four empty cells on two rows, two
columns and two boxes that could only hold two digits *a* and *b* would let those digits swap
(a "deadly pattern"), giving a second solution. Only put these techniques in a ladder when the
puzzle is known to be unique; on a puzzle with several solutions they can remove a solution.

Difficulties are Sudoku Explainer's: unique rectangle types 1, 2 and 4 rate 4.5; type 3 rates
4.5 + 0.1 x (digits of its naked set - 1); unique loops (the same deadly pattern on 6 or more
cells, every unit holding two of them) rate 4.6, 4.7 and 5.0 for 6, 8 and 10+ cells, with the
same type-3 bonus; BUG+1 rates 5.6, BUG types 2 and 4 rate 5.7 and type 3 rates 5.7 + 0.1 x
(digits of its naked set - 1). SE has no hidden unique rectangle:
grille rates it 4.6, just above the other rectangles (HoDoKu scores it like them), since the
player needs two conjugate pairs as well as the rectangle. All work for every grid size.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from grille.logic import Candidate, Link, Step
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board, bits, cells_of, popcount
from grille.sudoku.logic.walk import Technique

__all__ = [
    "BUG_TECHNIQUES",
    "UNIQUENESS_TECHNIQUES",
    "bivalue_universal_grave",
    "bug_plus_one",
    "hidden_unique_rectangle",
    "unique_loop",
    "unique_rectangle_type_1",
    "unique_rectangle_type_2",
    "unique_rectangle_type_3",
    "unique_rectangle_type_4",
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



# -- unique loops ------------------------------------------------------------------------------

UNIQUE_LOOP = {6: 4.6, 8: 4.7}
"""SE's value of a unique loop by its length; 10 cells or more rate 5.0."""
LONG_UNIQUE_LOOP = 5.0


def _loop_value(length: int) -> float:
    """SE's value of a unique loop of ``length`` cells."""
    return UNIQUE_LOOP.get(length, LONG_UNIQUE_LOOP)


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


def _loop_step(
    board: Board,
    loop: Sequence[int],
    v1: int,
    v2: int,
    kind: int,
    eliminations: Sequence[Candidate],
    reason: str,
    *,
    bonus: float = 0.0,
    extra_cells: Sequence[int] = (),
    units: Sequence[str] = (),
) -> Step:
    """A unique loop step of type ``kind``: the deadly loop, then ``reason``."""
    intro = (
        f"{board.names(loop)} form a closed loop in which every row, column and box holds two "
        f"of its cells; if they held only {board.digit(v1)} and {board.digit(v2)}, those could "
        "be swapped along the loop and the puzzle would have two solutions."
    )
    links = tuple(
        Link(board.candidate(cell, v1), board.candidate(loop[(i + 1) % len(loop)], v1), False)
        for i, cell in enumerate(loop)
    )
    return Step(
        f"Unique Loop Type {kind}",
        eliminations=tuple(sorted(set(eliminations))),
        cells=tuple(board.rc(cell) for cell in (*loop, *extra_cells)),
        units=tuple(units),
        links=links,
        explanation=f"{intro} {reason}",
        difficulty=round(_loop_value(len(loop)) + bonus, 1),
        area=f"the loop through {board.name(loop[0])}",
    )


def _loop_steps(board: Board, loop: Sequence[int], v1: int, v2: int) -> list[tuple[int, Step]]:
    """Every step (with its type) the loop ``loop`` on v1 and v2 gives, as SE looks for them."""
    pair = _pair_mask(v1, v2)
    marks = board.marks
    extras = [cell for cell in loop if marks[cell] != pair]
    found: list[tuple[int, Step]] = []
    if len(extras) == 1:
        cell = extras[0]
        reason = (
            f"{board.name(cell)} is the only one with other digits, so it cannot be "
            f"{board.digit(v1)} or {board.digit(v2)}: both are removed from it."
        )
        elims = [board.candidate(cell, v1), board.candidate(cell, v2)]
        found.append((1, _loop_step(board, loop, v1, v2, 1, elims, reason)))
        return found
    union = 0
    for cell in extras:
        union |= marks[cell] & ~pair
    if len(extras) >= 2 and popcount(union) == 1:
        step = _loop_type_2(board, loop, v1, v2, extras, bits(union)[0])
        if step is not None:
            found.append((2, step))
    if len(extras) == 2:
        if popcount(union) >= 2:
            step = _loop_type_3(board, loop, v1, v2, extras, union)
            if step is not None:
                found.append((3, step))
        step = _loop_type_4(board, loop, v1, v2, extras)
        if step is not None:
            found.append((4, step))
    return found


def _loop_type_2(
    board: Board, loop: Sequence[int], v1: int, v2: int, extras: Sequence[int], x: int
) -> Step | None:
    """The cells with extras all hold the same extra x: one of them is x."""
    targets = [c for c in _common_peers(board, extras) if c not in extras and board.has(c, x)]
    if not targets:
        return None
    reason = (
        f"So one of {board.names(extras)} is {board.digit(x)}, their only other digit: "
        f"{board.digit(x)} is removed from {board.names(targets)}, which see all of them."
    )
    elims = [board.candidate(cell, x) for cell in targets]
    return _loop_step(board, loop, v1, v2, 2, elims, reason)


def _loop_type_3(
    board: Board, loop: Sequence[int], v1: int, v2: int, extras: Sequence[int], extra: int
) -> Step | None:
    """The extras of two cells in a unit form a naked set with other cells of that unit."""
    c1, c2 = extras
    best: Step | None = None
    for unit in _shared_units(board, c1, c2):
        others = [c for c in board.units[unit] if board.cells[c] == 0 and c not in (c1, c2)]
        for size in range(max(1, popcount(extra) - 1), len(others)):
            if 2 * (size + 1) > len(others) + 2:
                break
            step = _loop_naked_set(board, loop, (v1, v2), extras, extra, unit, others, size)
            if step is not None:
                if best is None or step.difficulty < best.difficulty:
                    best = step
                break
    return best


def _loop_naked_set(
    board: Board,
    loop: Sequence[int],
    digits: tuple[int, int],
    extras: Sequence[int],
    extra: int,
    unit: int,
    others: Sequence[int],
    size: int,
) -> Step | None:
    """The first naked set of ``size`` other cells that locks the loop's extras in ``unit``."""
    for chosen, union, elims in _locking_sets(board, others, extra, size):
        v1, v2 = digits
        unit_name = board.unit_name(unit)
        reason = (
            f"So {board.name(extras[0])} or {board.name(extras[1])} holds one of their other "
            f"digits ({', '.join(board.digit(d) for d in bits(extra))}); together with "
            f"{board.names(chosen)} they lock {', '.join(board.digit(d) for d in bits(union))} "
            f"in {unit_name}, so those digits are removed from the rest of it."
        )
        return _loop_step(
            board, loop, v1, v2, 3, elims, reason,
            bonus=0.1 * size, extra_cells=chosen, units=(unit_name,),
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

def _loop_type_4(
    board: Board, loop: Sequence[int], v1: int, v2: int, extras: Sequence[int]
) -> Step | None:
    """One loop digit is locked to the two cells with extras in a unit: the other leaves both."""
    c1, c2 = extras
    for unit in (u for u in _region_types(board, c1) if u in board.units_of[c2]):
        for locked, other in ((v1, v2), (v2, v1)):
            if set(board.places(unit, locked)) != {c1, c2}:
                continue
            unit_name = board.unit_name(unit)
            reason = (
                f"In {unit_name}, {board.digit(locked)} can only go in {board.names(extras)}, "
                f"so one of them is {board.digit(locked)} and the other cannot be "
                f"{board.digit(other)}: {board.digit(other)} is removed from both."
            )
            elims = [board.candidate(c1, other), board.candidate(c2, other)]
            return _loop_step(board, loop, v1, v2, 4, elims, reason, units=(unit_name,))
    return None


def unique_loop(board: Board) -> Step | None:
    """A deadly loop of 6 or more cells on two digits, broken by its cells with extras.

    Types as for unique rectangles (1: one cell with extras; 2: the same single extra; 3:
    a naked set; 4: a digit locked in a unit). SE's values: 4.6 for 6 cells, 4.7 for 8, 5.0
    for 10 or more, type 3 adding 0.1 per other cell of its naked set; the easiest is taken,
    by value then type.
    """
    marks = board.marks
    seen: set[tuple[frozenset[int], int, int]] = set()
    found: list[tuple[float, int, Step]] = []
    for start in board.empty_cells:
        if popcount(marks[start]) != 2:
            continue
        v1, v2 = bits(marks[start])
        for loop in _loops(board, start, v1, v2):
            key = (frozenset(loop), v1, v2)
            if len(loop) < 6 or key in seen or not _is_valid_loop(board, loop):
                continue
            seen.add(key)
            found.extend((step.difficulty, kind, step) for kind, step in _loop_steps(
                board, loop, v1, v2
            ))
    if not found:
        return None
    return min(found, key=lambda item: (item[0], item[1]))[2]


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


def _bug(board: Board) -> _Bug | None:
    """The BUG cells, if removing their extra digits leaves a bivalue universal grave."""
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


UNIQUENESS_TECHNIQUES: tuple[Technique, ...] = (
    unique_rectangle_type_1,
    unique_rectangle_type_2,
    unique_rectangle_type_4,
    unique_rectangle_type_3,
    unique_loop,
    hidden_unique_rectangle,
    bug_plus_one,
    bivalue_universal_grave,
)
"""Uniqueness techniques, easiest first; only for puzzles known to have one solution."""

BUG_TECHNIQUES: tuple[Technique, ...] = (bug_plus_one, bivalue_universal_grave)
"""SE's BUG producer (5.6 and up), which comes after the quads in SE's order."""
