"""Naked and hidden subsets: k cells of a unit that hold exactly k digits between them.

*Naked* pair/triple/quad (SE 3.0, 3.6, 5.0): k cells of a unit whose candidates are k digits in
all; those digits leave every other cell of the unit. On grille's ladder, when the cells also
share a second unit (a line and a box) the digits leave that unit too, and the step is called
a *Locked* pair or triple (HoDoKu's name; valued as the naked subset). Sudoku Explainer's
naked subsets (``NakedSet``; ``se_naked_*`` here, on the rating ladders) clear only the unit
they are found in: a pair in a box and a row clears the box, and the row waits for another
step (often a pointing, found first).

*Hidden* pair/triple/quad (SE 3.4, 4.0, 5.4): k digits of a unit with only k places between them;
those cells hold nothing else. Sudoku Explainer tries a *direct* hidden pair (2.0) or triple (2.5)
early: one that leaves another digit a single place in the same unit. As in SE
(``DirectHiddenSetHint``, a hint without removable candidates) the direct step only places
that digit; the set's eliminations wait for a plain hidden subset, if the path needs them.

Units are searched in SE's order (``NakedSet``/``HiddenSet.getHints``): boxes, columns, rows;
in a unit, cell (naked) or digit (hidden) tuples in SE's ``Permutations`` order, by their
largest member first ((1, 2), (1, 3), (2, 3), (1, 4) ...). As SE, a naked subset of k cells is
looked for only in a unit with at least 2k empty cells, a hidden one in a unit with more
than 2k (a direct one: more than k); the subsets this leaves out are found earlier as the
complementary subset or a single. (Empty cells are counted as the cells with candidates:
the same on any board a solve meets.)

Subsets are searched with pruning (a partial union wider than k is abandoned), so they stay
quick on every grid size. With compiling on, :mod:`kernel` finds the unit
of the first subset and the search here runs in that unit only, to build the step.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence

from grille.logic import Step
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.basic import kernel as basic_kernel
from grille.sudoku.logic.basic.intersections import (
    as_candidates,
    listing,
    removals_by_cell,
    removals_by_digit,
)
from grille.sudoku.logic.basic.singles import se_unit_order
from grille.sudoku.logic.board import Board, Memo, bits, popcount

__all__ = [
    "direct_hidden_pair",
    "direct_hidden_triple",
    "hidden_pair",
    "hidden_quad",
    "hidden_triple",
    "naked_pair",
    "naked_quad",
    "naked_subset",
    "naked_triple",
    "se_naked_pair",
    "se_naked_quad",
    "se_naked_triple",
]

NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}
DIRECT_HIDDEN = {2: 2.0, 3: 2.5}
SIZE_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


def se_order(subsets: Iterator[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Index tuples in the order SE's ``Permutations`` makes them: the largest index first,
    then the next largest ..."""
    return sorted(subsets, key=lambda chosen: chosen[::-1])


def tight_subsets(masks: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Index tuples of ``size`` masks whose union has exactly ``size`` bits (in lexicographic
    order)."""
    chosen: list[int] = []

    def extend(start: int, union: int) -> Iterator[tuple[int, ...]]:
        if len(chosen) == size:
            if popcount(union) == size:
                yield tuple(chosen)
            return
        for index in range(start, len(masks) - (size - len(chosen)) + 1):
            wider = union | masks[index]
            if popcount(wider) <= size:
                chosen.append(index)
                yield from extend(index + 1, wider)
                chosen.pop()

    return extend(0, 0)


# -- naked subsets ---------------------------------------------------------------------------


def _shared_units(board: Board, cells: Sequence[int]) -> tuple[int, ...]:
    """The units (row, column, box indexes) that contain every one of ``cells``."""
    units_of = board.units_of
    return tuple(unit for unit in units_of[cells[0]] if all(unit in units_of[c] for c in cells[1:]))


def _naked(board: Board, size: int, *, locked: bool) -> Step | None:
    """The first naked subset of ``size`` cells that eliminates something (in every unit its
    cells share when ``locked``, else in the unit where it is found, as SE)."""
    if basic_kernel.enabled():
        unit_index = basic_kernel.first_naked_unit(board, size, locked=locked)
        return None if unit_index < 0 else _naked_in(board, size, unit_index, locked)
    return _naked_search(board, size, locked)


def _naked_search(board: Board, size: int, locked: bool) -> Step | None:
    """:func:`_naked` in plain Python, unit by unit (the compiled scan's reference)."""
    for unit_index in se_unit_order(board.n):
        step = _naked_in(board, size, unit_index, locked)
        if step is not None:
            return step
    return None


def _naked_in(board: Board, size: int, unit_index: int, locked: bool) -> Step | None:
    """The first naked subset of ``size`` cells of a unit that eliminates something."""
    marks = board.marks
    unit = board.units[unit_index]
    if sum(1 for c in unit if marks[c]) < 2 * size:
        return None
    members = [c for c in unit if marks[c] and 2 <= popcount(marks[c]) <= size]
    if len(members) < size:
        return None
    for chosen in se_order(tight_subsets([marks[c] for c in members], size)):
        cells = tuple(members[i] for i in chosen)
        step = _naked_step(board, cells, size, unit_index, locked)
        if step is not None:
            return step
    return None


def _naked_step(
    board: Board, cells: tuple[int, ...], size: int, unit_index: int, locked: bool
) -> Step | None:
    """The step of the naked subset ``cells`` found in unit ``unit_index``, if it removes a
    candidate there (or, when ``locked``, in another unit the cells share)."""
    marks = board.marks
    union = 0
    for cell in cells:
        union |= marks[cell]
    shared = _shared_units(board, cells) if locked else (unit_index,)
    seen: set[int] = set(cells)
    removed: list[tuple[int, int]] = []
    for unit in shared:
        for cell in board.units[unit]:
            if cell not in seen and marks[cell] & union:
                seen.add(cell)
                removed.extend((cell, d) for d in bits(marks[cell] & union))
    if not removed:
        return None
    removed.sort(key=lambda pair: (pair[1], pair[0]))
    digits = listing(board.digit(d) for d in bits(union))
    digits_or = " or ".join(board.digit(d) for d in bits(union))
    unit_names = [board.unit_name(u) for u in shared]
    where = " or ".join(unit_names)
    name = f"{'Locked' if len(shared) > 1 else 'Naked'} {SIZE_NAMES[size]}"
    return Step(
        name,
        eliminations=as_candidates(board, removed),
        cells=tuple(board.rc(c) for c in cells),
        units=tuple(unit_names),
        explanation=f"{listing(board.name(c) for c in cells)} hold only {digits} between them, "
        f"so no other cell of {where} can hold {digits_or}: "
        f"{removals_by_digit(board, removed)}.",
        difficulty=NAKED[size],
        area=listing(unit_names),
    )


def naked_subset(board: Board, cells: Sequence[int], unit_index: int) -> Step | None:
    """The step of ``cells`` of unit ``unit_index`` as grille's ladder takes a naked subset
    (a Locked one when they share a second unit), wherever the unit's empty cells would have
    the search skip it; ``None`` unless they hold ``len(cells)`` digits between them and the
    step removes something."""
    size, union = len(cells), 0
    for cell in cells:
        union |= board.marks[cell]
    if size not in SIZE_NAMES or popcount(union) != size or any(
            cell not in board.units[unit_index] for cell in cells):
        return None
    return _naked_step(board, tuple(cells), size, unit_index, locked=True)


def naked_pair(board: Board) -> Step | None:
    """Two cells of a unit holding the same two digits (a Locked Pair if in a line and box)."""
    return _naked(board, 2, locked=True)


def naked_triple(board: Board) -> Step | None:
    """Three cells of a unit holding three digits in all (SE 3.6; Locked Triple likewise)."""
    return _naked(board, 3, locked=True)


def naked_quad(board: Board) -> Step | None:
    """Four cells of a unit holding four digits in all (SE 5.0)."""
    return _naked(board, 4, locked=True)


def se_naked_pair(board: Board) -> Step | None:
    """A naked pair as Sudoku Explainer takes it (``NakedSet``): its digits leave the one unit
    it is found in, even when its cells share a second unit (SE 3.0)."""
    return _naked(board, 2, locked=False)


def se_naked_triple(board: Board) -> Step | None:
    """A naked triple as Sudoku Explainer takes it, its unit only (SE 3.6)."""
    return _naked(board, 3, locked=False)


def se_naked_quad(board: Board) -> Step | None:
    """A naked quad as Sudoku Explainer takes it, its unit only (SE 5.0)."""
    return _naked(board, 4, locked=False)


# -- hidden subsets --------------------------------------------------------------------------


_IN_UNIT: Memo[Step | None] = Memo()
"""A unit's first hidden (or direct hidden) subset step, by the state of the unit's cells."""


def _first_in_units(
    board: Board, tag: str, size: int, find: Callable[[Board, int, int], Step | None]
) -> Step | None:
    """The step ``find`` gives in the first unit that has one (each unit's answer memoised).

    ``find(board, size, unit)`` must read nothing but the unit's cells.
    """
    units = board.units
    for unit_index in se_unit_order(board.n):
        unit = units[unit_index]
        step = _IN_UNIT.get(
            (board.shape, tag, size, unit_index, board.region_key(unit)),
            functools.partial(find, board, size, unit_index),
        )
        if step is not None:
            return step
    return None


def _hidden_sets(
    board: Board, size: int, unit_index: int, *, direct: bool
) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """(unit, digits, cells) of hidden subsets of ``size`` in a unit whose cells hold others,
    in SE's order, in a unit with more than ``2 * size`` empty cells (``size`` when
    ``direct``)."""
    marks = board.marks
    n = board.n
    unit = board.units[unit_index]
    if sum(1 for c in unit if marks[c]) <= (size if direct else 2 * size):
        return
    position = _positions(board.shape)[unit_index]
    digits: list[int] = []
    spots: list[int] = []
    for digit in range(1, n + 1):
        places = board.places(unit_index, digit)
        if 2 <= len(places) <= size:
            digits.append(digit)
            spots.append(sum(1 << position[c] for c in places))
    if len(digits) < size:
        return
    for chosen in se_order(tight_subsets(spots, size)):
        subset = tuple(digits[i] for i in chosen)
        union = 0
        for i in chosen:
            union |= spots[i]
        cells = tuple(unit[p] for p in range(n) if union >> p & 1)
        digit_mask = sum(1 << (d - 1) for d in subset)
        if any(marks[c] & ~digit_mask for c in cells):
            yield unit_index, subset, cells


@functools.cache
def _positions(shape: Shape) -> tuple[dict[int, int], ...]:
    """For each unit of ``shape``, each cell's position in it."""
    return tuple({cell: index for index, cell in enumerate(unit)} for unit in shape.units)


def _hidden_removals(
    board: Board, digits: tuple[int, ...], cells: tuple[int, ...]
) -> list[tuple[int, int]]:
    """(cell, digit) pairs the hidden subset removes from its cells."""
    keep = sum(1 << (d - 1) for d in digits)
    return [(c, d) for c in cells for d in bits(board.marks[c] & ~keep)]


def _hidden_text(board: Board, unit: int, digits: tuple[int, ...], cells: tuple[int, ...]) -> str:
    """The sentence of a hidden subset."""
    removed = _hidden_removals(board, digits, cells)
    return (
        f"In {board.unit_name(unit)}, {listing(board.digit(d) for d in digits)} can only go in "
        f"{listing(board.name(c) for c in cells)}, so those cells hold nothing else: "
        f"{removals_by_cell(board, removed)}."
    )


def _hidden(board: Board, size: int) -> Step | None:
    """The first hidden subset of ``size`` digits that eliminates something."""
    if basic_kernel.enabled():
        unit_index = basic_kernel.first_hidden_unit(board, size, direct=False)
        return None if unit_index < 0 else _hidden_in(board, size, unit_index)
    return _first_in_units(board, "hidden", size, _hidden_in)


def _hidden_in(board: Board, size: int, unit_index: int) -> Step | None:
    """The first hidden subset of ``size`` digits in a unit that eliminates something."""
    for unit, digits, cells in _hidden_sets(board, size, unit_index, direct=False):
        removed = _hidden_removals(board, digits, cells)
        return Step(
            f"Hidden {SIZE_NAMES[size]}",
            eliminations=as_candidates(board, removed),
            cells=tuple(board.rc(c) for c in cells),
            units=(board.unit_name(unit),),
            explanation=_hidden_text(board, unit, digits, cells),
            difficulty=HIDDEN[size],
            area=board.unit_name(unit),
        )
    return None


def _direct_hidden(board: Board, size: int) -> Step | None:
    """The first hidden subset leaving another digit one place in its unit, with that single."""
    if basic_kernel.enabled():
        unit_index = basic_kernel.first_hidden_unit(board, size, direct=True)
        return None if unit_index < 0 else _direct_hidden_in(board, size, unit_index)
    return _first_in_units(board, "direct", size, _direct_hidden_in)


def _direct_hidden_in(board: Board, size: int, unit_index: int) -> Step | None:
    """The first hidden subset of a unit that leaves another digit one place, placing it
    (the subset's eliminations are not made, as in SE)."""
    for unit, digits, cells in _hidden_sets(board, size, unit_index, direct=True):
        removed = _hidden_removals(board, digits, cells)
        taken = set(cells)
        for digit in sorted({d for _, d in removed}):
            left = [c for c in board.places(unit, digit) if c not in taken]
            if len(left) != 1:
                continue
            single = left[0]
            name = board.unit_name(unit)
            shown = board.digit(digit)
            return Step(
                f"Direct Hidden {SIZE_NAMES[size]}",
                placements=(board.candidate(single, digit),),
                cells=tuple(board.rc(c) for c in cells),
                units=(name,),
                explanation=f"In {name}, {listing(board.digit(d) for d in digits)} can only "
                f"go in {listing(board.name(c) for c in cells)}, so {shown} cannot go there; "
                f"that leaves {board.name(single)} as the only place for {shown} in {name}.",
                difficulty=DIRECT_HIDDEN[size],
                area=name,
            )
    return None


def hidden_pair(board: Board) -> Step | None:
    """Two digits with the same two places in a unit: those cells hold nothing else (SE 3.4)."""
    return _hidden(board, 2)


def hidden_triple(board: Board) -> Step | None:
    """Three digits with three places in all in a unit (SE 4.0)."""
    return _hidden(board, 3)


def hidden_quad(board: Board) -> Step | None:
    """Four digits with four places in all in a unit (SE 5.4)."""
    return _hidden(board, 4)


def direct_hidden_pair(board: Board) -> Step | None:
    """A hidden pair that leaves a hidden single in its unit, which it places (SE 2.0)."""
    return _direct_hidden(board, 2)


def direct_hidden_triple(board: Board) -> Step | None:
    """A hidden triple that leaves a hidden single in its unit, which it places (SE 2.5)."""
    return _direct_hidden(board, 3)
