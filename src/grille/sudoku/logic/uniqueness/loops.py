"""Unique loops: the deadly pattern of a unique rectangle on 6 or more cells, and SE's
producer of rectangles and loops (:func:`unique_rectangles_and_loops`, the rating ladder's).

Values are SE's: 4.6, 4.7 and 5.0 for 6, 8 and 10+ cells, a type 3 adding 0.1 per other
cell of its set. With compiling on, :mod:`kernel` finds the
loops (:func:`deadly_loops`); the plain search here stays its reference.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from grille.logic import Candidate, Link, Step
from grille.sudoku.logic.board import Board, bits, popcount
from grille.sudoku.logic.uniqueness import kernel as loop_kernel
from grille.sudoku.logic.uniqueness.rectangles import _common_peers, _deadly, _pair_mask

__all__ = [
    "deadly_loops",
    "region_types",
    "unique_loop",
    "unique_rectangles_and_loops",
]


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


def region_types(board: Board, cell: int) -> tuple[int, int, int]:
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
        for kind, unit in enumerate(region_types(board, cell)):
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
        for unit in region_types(board, c1)
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
    for unit in region_types(board, c1):
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
