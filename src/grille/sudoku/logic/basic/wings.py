"""Wings: short chains through bivalue cells that remove a digit seen by both ends.

*XY-Wing* (SE 4.2): a pivot holding x and y sees two pincers holding x/z and y/z; whichever the
pivot takes, one pincer is z, so z leaves every cell that sees both pincers.

*XYZ-Wing* (SE 4.4): the pivot holds x, y and z and sees pincers x/z and y/z; one of the three
is z, so z leaves every cell that sees all three.

*W-Wing*: two cells holding the same pair x/y, not in one unit, joined by a strong link on x (a
unit where x has only two places, one seeing each cell); one of the two cells is y, so y leaves
every cell that sees both. SE has no W-Wing: it finds these eliminations as chains mixing
bivalue cells and conjugate pairs (7.0 and up). Grille rates it 6.4, its own value: above the
finned fish that the walk tries before it (up to 6.3) and below the 6.6 single-digit chains
that follow, as HoDoKu orders them, so the walk's order and the values agree.

Wings are searched in SE's order (``XYWing.getHints``): pivots cell by cell, then pairs of
pincers in the order of the pivot's peers SE keeps (its box, the rest of its row, the rest of
its column). With compiling on, :mod:`kernel` finds the pivot of the first XY- or
XYZ-Wing and the search here builds its step from that pivot.
"""

from __future__ import annotations

import functools

from grille.logic import Link, Step
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.basic import kernel as basic_kernel
from grille.sudoku.logic.basic.intersections import as_candidates, listing, removals_by_digit
from grille.sudoku.logic.board import Board, bits, popcount, tables

__all__ = ["w_wing", "xy_wing", "xyz_wing"]

XY_WING = 4.2
XYZ_WING = 4.4
W_WING = 6.4


@functools.lru_cache(maxsize=8)
def bivalue_cells(board: Board) -> tuple[int, ...]:
    """The empty cells with exactly two candidates."""
    return tuple(c for c in board.empty_cells if popcount(board.marks[c]) == 2)


def _seen_by_all(board: Board, digit: int, cells: tuple[int, ...]) -> list[tuple[int, int]]:
    """(cell, digit) for each cell holding ``digit`` that sees every one of ``cells``."""
    common = set(board.peer_sets[cells[0]])
    for cell in cells[1:]:
        common &= board.peer_sets[cell]
    return [(c, digit) for c in sorted(common) if board.has(c, digit)]


@functools.cache
def _houses(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Each cell's peers in Sudoku Explainer's order (``Cell.getHouseCells``): its box, then
    the rest of its row, then the rest of its column."""
    t = tables(shape)
    order = []
    for cell, (row, col, box) in enumerate(t.units_of):
        seen: dict[int, None] = {}
        for unit in (box, row, col):
            seen.update((c, None) for c in t.units[unit] if c != cell)
        order.append(tuple(seen))
    return tuple(order)


def _digit_of(mask: int) -> int:
    """The one digit of a single-bit ``mask``."""
    return mask.bit_length()


def xy_wing(board: Board) -> Step | None:
    """Pivot x/y seeing pincers x/z and y/z: z leaves cells seeing both pincers (SE 4.2)."""
    if basic_kernel.enabled():
        pivot = basic_kernel.first_wing_pivot(board, xyz=False)
        return None if pivot < 0 else _xy_at(board, pivot)
    return _xy_search(board)


def _xy_search(board: Board) -> Step | None:
    """:func:`xy_wing` in plain Python, pivot by pivot (the compiled scan's reference)."""
    for pivot in bivalue_cells(board):
        step = _xy_at(board, pivot)
        if step is not None:
            return step
    return None


def _xy_at(board: Board, pivot: int) -> Step | None:
    """The first XY-Wing around the bivalue ``pivot`` that eliminates something."""
    marks = board.marks
    pivot_mask = marks[pivot]
    wings = [
        c for c in _houses(board.shape)[pivot]
        if marks[c] != pivot_mask and popcount(marks[c]) == 2
    ]
    for i, first in enumerate(wings):
        shared_first = marks[first] & pivot_mask
        if popcount(shared_first) != 1:
            continue
        z_mask = marks[first] & ~pivot_mask
        for second in wings[i + 1 :]:
            if marks[second] != (pivot_mask & ~shared_first) | z_mask:
                continue
            z = _digit_of(z_mask)
            removed = _seen_by_all(board, z, (first, second))
            if removed:
                return _xy_step(board, pivot, first, second, z, removed)
    return None


def _xy_step(
    board: Board, pivot: int, first: int, second: int, z: int, removed: list[tuple[int, int]]
) -> Step:
    """The Step of an XY-Wing."""
    x = _digit_of(board.marks[first] & board.marks[pivot])
    y = _digit_of(board.marks[second] & board.marks[pivot])
    links = (
        Link(board.candidate(first, z), board.candidate(first, x), strong=True),
        Link(board.candidate(first, x), board.candidate(pivot, x), strong=False),
        Link(board.candidate(pivot, x), board.candidate(pivot, y), strong=True),
        Link(board.candidate(pivot, y), board.candidate(second, y), strong=False),
        Link(board.candidate(second, y), board.candidate(second, z), strong=True),
    )
    d = board.digit
    return Step(
        "XY-Wing",
        eliminations=as_candidates(board, removed),
        cells=tuple(board.rc(c) for c in (pivot, first, second)),
        links=links,
        explanation=f"{board.name(pivot)} holds {d(x)} or {d(y)}: if {d(x)}, {board.name(first)} "
        f"is {d(z)}; if {d(y)}, {board.name(second)} is {d(z)}. Either way "
        f"{removals_by_digit(board, removed)}.",
        difficulty=XY_WING,
        area=board.unit_name(board.units_of[pivot][2]),
    )


def xyz_wing(board: Board) -> Step | None:
    """Pivot x/y/z seeing pincers x/z and y/z: z leaves cells seeing all three (SE 4.4)."""
    if basic_kernel.enabled():
        pivot = basic_kernel.first_wing_pivot(board, xyz=True)
        return None if pivot < 0 else _xyz_at(board, pivot)
    return _xyz_search(board)


def _xyz_search(board: Board) -> Step | None:
    """:func:`xyz_wing` in plain Python, pivot by pivot (the compiled scan's reference)."""
    for pivot in board.empty_cells:
        if popcount(board.marks[pivot]) == 3:
            step = _xyz_at(board, pivot)
            if step is not None:
                return step
    return None


def _xyz_at(board: Board, pivot: int) -> Step | None:
    """The first XYZ-Wing around ``pivot`` (three candidates) that eliminates something."""
    marks = board.marks
    pivot_mask = marks[pivot]
    wings = [
        c for c in _houses(board.shape)[pivot]
        if marks[c] & ~pivot_mask == 0 and popcount(marks[c]) == 2
    ]
    for i, first in enumerate(wings):
        for second in wings[i + 1 :]:
            z_mask = marks[first] & marks[second]
            if marks[first] == marks[second] or not z_mask:
                continue
            z = _digit_of(z_mask)
            removed = _seen_by_all(board, z, (pivot, first, second))
            if removed:
                return _xyz_step(board, pivot, first, second, z, removed)
    return None


def _xyz_step(
    board: Board, pivot: int, first: int, second: int, z: int, removed: list[tuple[int, int]]
) -> Step:
    """The Step of an XYZ-Wing."""
    d = board.digit
    digits = listing(d(v) for v in bits(board.marks[pivot]))
    return Step(
        "XYZ-Wing",
        eliminations=as_candidates(board, removed),
        cells=tuple(board.rc(c) for c in (pivot, first, second)),
        explanation=f"{board.name(pivot)} holds {digits}; whichever it takes, it, "
        f"{board.name(first)} or {board.name(second)} is {d(z)}, so "
        f"{removals_by_digit(board, removed)}.",
        difficulty=XYZ_WING,
        area=board.unit_name(board.units_of[pivot][2]),
    )


@functools.lru_cache(maxsize=8)
def strong_links(board: Board) -> tuple[tuple[int, int, int, int], ...]:
    """(digit, unit, a, b) for every unit where a digit has exactly two places a < b."""
    found = []
    for digit in range(1, board.n + 1):
        for unit in range(len(board.units)):
            places = board.places(unit, digit)
            if len(places) == 2:
                found.append((digit, unit, places[0], places[1]))
    return tuple(found)


def w_wing(board: Board) -> Step | None:
    """Two x/y cells bridged by a strong link on x: y leaves cells seeing both (grille 6.4)."""
    marks = board.marks
    pairs = bivalue_cells(board)
    links = strong_links(board)
    for i, first in enumerate(pairs):
        for second in pairs[i + 1 :]:
            if marks[first] != marks[second] or board.sees(first, second):
                continue
            for x in bits(marks[first]):
                y = _digit_of(marks[first] & ~(1 << (x - 1)))
                removed = _seen_by_all(board, y, (first, second))
                if not removed:
                    continue
                bridge = _bridge(board, links, x, first, second)
                if bridge is not None:
                    return _w_step(board, first, second, x, y, bridge, removed)
    return None


def _bridge(
    board: Board,
    links: tuple[tuple[int, int, int, int], ...],
    x: int,
    first: int,
    second: int,
) -> tuple[int, int, int] | None:
    """(unit, end seeing ``first``, end seeing ``second``) of a strong link on ``x``."""
    ends = (first, second)
    for digit, unit, a, b in links:
        if digit != x or a in ends or b in ends:
            continue
        for near, far in ((a, b), (b, a)):
            if board.sees(near, first) and board.sees(far, second):
                return unit, near, far
    return None


def _w_step(
    board: Board,
    first: int,
    second: int,
    x: int,
    y: int,
    bridge: tuple[int, int, int],
    removed: list[tuple[int, int]],
) -> Step:
    """The Step of a W-Wing."""
    unit, near, far = bridge
    c = board.candidate
    links = (
        Link(c(first, y), c(first, x), strong=True),
        Link(c(first, x), c(near, x), strong=False),
        Link(c(near, x), c(far, x), strong=True),
        Link(c(far, x), c(second, x), strong=False),
        Link(c(second, x), c(second, y), strong=True),
    )
    d = board.digit
    return Step(
        "W-Wing",
        eliminations=as_candidates(board, removed),
        cells=tuple(board.rc(cell) for cell in (first, second, near, far)),
        units=(board.unit_name(unit),),
        links=links,
        explanation=f"{board.name(first)} and {board.name(second)} both hold {d(x)} and {d(y)}. "
        f"In {board.unit_name(unit)}, {d(x)} is in {board.name(near)} or {board.name(far)}, "
        f"so one of the two cells is not {d(x)} and holds {d(y)}: "
        f"{removals_by_digit(board, removed)}.",
        difficulty=W_WING,
        area=listing(dict.fromkeys(board.unit_name(board.units_of[c][2]) for c in (first, second))),
    )
