"""HoDoKu's scans for basic fish, the Skyscraper, the 2-String Kite and the W-, XY- and
XYZ-Wings, in its order.

grille's own finders find the same patterns (:mod:`grille.sudoku.logic.single_digit`); these
return the instance HoDoKu returns first, so its path (and score) follows (the orders are in
``docs/hodoku-rules.md``: ``FishSolver._find_basic_fish``,
``SingleDigitSolver._find_skyscraper`` and ``_find_two_string_kite``,
``WingSolver._find_w_wing`` and ``_find_wing``).
"""

from __future__ import annotations

from itertools import combinations

from grille.logic import Step
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.hodoku.state import (
    PEER_MASKS,
    UNIT_MASKS,
    UNITS_OF,
    Found,
    HodokuGrid,
)
from grille.sudoku.logic.single_digit.patterns import (
    TURBOT_FISH,
    _chain_step,
    _empty_rectangle_step,
)
from grille.sudoku.logic.single_digit.patterns import empty_rectangle as grille_empty_rectangle
from grille.sudoku.logic.single_digit.patterns import turbot_fish as grille_turbot_fish

__all__ = [
    "basic_fish",
    "empty_rectangle",
    "hodoku_empty_rectangle",
    "skyscraper",
    "turbot_fish",
    "two_string_kite",
    "w_wing",
    "wing",
]

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _cells(mask: int) -> tuple[int, ...]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


_FISH_BY_PLANE: dict[tuple[int, int, int], Found | None] = {}
"""A digit's first basic fish of a size, by (size, digit, plane): a plane the last step did
not touch gives the same answer, so each round scans only the digits that changed."""


def basic_fish(grid: HodokuGrid, size: int) -> Found | None:
    """The first basic fish of ``size``: digits in order, rows as base then columns; base
    lines holding the digit 2..size times, combinations in order."""
    for digit in range(1, 10):
        plane = grid.planes[digit]
        if not plane:
            continue
        key = (size, digit, plane)
        try:
            found = _FISH_BY_PLANE[key]
        except KeyError:
            if len(_FISH_BY_PLANE) >= 1 << 16:
                _FISH_BY_PLANE.clear()
            found = _FISH_BY_PLANE[key] = _fish_of(plane, digit, size)
        if found is not None:
            return found
    return None


def _fish_of(plane: int, digit: int, size: int) -> Found | None:
    """The first basic fish of ``size`` on ``digit`` whose candidates are ``plane``."""
    for base_start, cover_start in ((0, 9), (9, 0)):
        lines = [u for u in range(base_start, base_start + 9)
                 if 2 <= (plane & UNIT_MASKS[u]).bit_count() <= size]
        for base in combinations(lines, size):
            body = 0
            for unit in base:
                body |= plane & UNIT_MASKS[unit]
            covers = [u for u in range(cover_start, cover_start + 9) if body & UNIT_MASKS[u]]
            if len(covers) != size:
                continue
            cover = 0
            for unit in covers:
                cover |= UNIT_MASKS[unit]
            out = plane & cover & ~body
            if out:
                return Found(FISH_NAMES[size], deletions=tuple((c, digit) for c in _cells(out)),
                             cells=_cells(body), digits=(digit,))
    return None


def _pairs(grid: HodokuGrid, first: int, digit: int) -> list[tuple[int, int]]:
    """The two places of ``digit`` in each unit ``first`` .. ``first + 8`` that has two."""
    plane = grid.planes[digit]
    found = []
    free = grid.free
    for unit in range(first, first + 9):
        if free[unit][digit] == 2:
            here = plane & UNIT_MASKS[unit]
            low = here & -here
            rest = here ^ low
            if rest:
                found.append((low.bit_length() - 1, (rest & -rest).bit_length() - 1))
    return found


def skyscraper(grid: HodokuGrid) -> Found | None:
    """Two conjugate rows (then columns) whose ends meet in a column (row): the free ends'
    common peers lose the digit."""
    for first, across in ((0, 1), (9, 0)):
        for digit in range(1, 10):
            pairs = _pairs(grid, first, digit)
            for i, (a0, a1) in enumerate(pairs):
                for b0, b1 in pairs[i + 1 :]:
                    if UNITS_OF[a0][across] == UNITS_OF[b0][across]:
                        free_a, free_b, linked = a1, b1, (a0, b0)
                    elif UNITS_OF[a1][across] == UNITS_OF[b1][across]:
                        free_a, free_b, linked = a0, b0, (a1, b1)
                    else:
                        continue
                    if UNITS_OF[free_a][across] == UNITS_OF[free_b][across]:
                        continue
                    out = grid.planes[digit] & PEER_MASKS[free_a] & PEER_MASKS[free_b]
                    if out:
                        return Found("Skyscraper", deletions=tuple((c, digit) for c in _cells(out)),
                                     cells=(free_a, free_b, *linked), digits=(digit,))
    return None


def two_string_kite(grid: HodokuGrid) -> Found | None:
    """A conjugate row and column with an end of each in one box: the cell at the other
    ends' crossing loses the digit."""
    for digit in range(1, 10):
        rows = _pairs(grid, 0, digit)
        cols = _pairs(grid, 9, digit)
        for r0, r1 in rows:
            for c0, c1 in cols:
                la, lb, ca, cb = r0, r1, c0, c1
                box = UNITS_OF
                if box[la][2] == box[ca][2]:
                    pass
                elif box[la][2] == box[cb][2]:
                    ca, cb = cb, ca
                elif box[lb][2] == box[ca][2]:
                    la, lb = lb, la
                elif box[lb][2] == box[cb][2]:
                    la, lb, ca, cb = lb, la, cb, ca
                else:
                    continue
                if len({la, lb, ca, cb}) < 4:
                    continue
                cross = UNITS_OF[cb][0] * 9 + UNITS_OF[lb][1] - 9
                if grid.planes[digit] >> cross & 1:
                    return Found("2-String Kite", deletions=((cross, digit),),
                                 cells=(lb, cb, la, ca), digits=(digit,))
    return None


def _w_link(grid: HodokuGrid, link: int, one: int, two: int) -> tuple[int, int] | None:
    """The first unit (in HoDoKu's numbering) whose two places for ``link`` (other than the
    wing cells) see one wing cell each, neither both."""
    plane = grid.planes[link] & ~(1 << one | 1 << two)
    free = grid.free
    for unit in range(27):
        if free[unit][link] != 2:
            continue
        here = plane & UNIT_MASKS[unit]
        low = here & -here
        rest = here ^ low
        if not rest:
            continue
        w1, w2 = low.bit_length() - 1, (rest & -rest).bit_length() - 1
        ends = (w1, w2)
        sees = [(PEER_MASKS[w] >> one & 1, PEER_MASKS[w] >> two & 1) for w in ends]
        if any(a and b for a, b in sees):
            continue
        if sees[0][0] and sees[1][1]:
            return w1, w2
        if sees[0][1] and sees[1][0]:
            return w2, w1
    return None


def w_wing(grid: HodokuGrid) -> Found | None:
    """Two cells with the same two digits, bridged by a strong link on one of them: cells
    seeing both lose the other digit. Cells in order, the lower digit first."""
    pairs = [c for c in range(81) if not grid.values[c] and grid.cand[c].bit_count() == 2]
    for i, one in enumerate(pairs):
        mask = grid.cand[one]
        low = (mask & -mask).bit_length()
        high = mask.bit_length()
        for two in pairs[i + 1 :]:
            if grid.cand[two] != mask:
                continue
            for gone, link in ((low, high), (high, low)):
                out = grid.planes[gone] & PEER_MASKS[one] & PEER_MASKS[two]
                if not out:
                    continue
                bridge = _w_link(grid, link, one, two)
                if bridge is not None:
                    return Found("W-Wing", deletions=tuple((c, gone) for c in _cells(out)),
                                 cells=(one, two, *bridge), digits=(gone, link))
    return None


def _wing_at(grid: HodokuGrid, pivot: int, one: int, two: int, xyz: bool) -> Found | None:
    """The wing with ``pivot`` seeing pincers ``one`` and ``two`` that share one digit z:
    z leaves the cells seeing both pincers (and the pivot, for an XYZ-Wing)."""
    if not (PEER_MASKS[pivot] >> one & 1 and PEER_MASKS[pivot] >> two & 1):
        return None
    shared = grid.cand[one] & grid.cand[two]
    if shared.bit_count() != 1:
        return None
    z = shared.bit_length()
    out = grid.planes[z] & PEER_MASKS[one] & PEER_MASKS[two]
    if xyz:
        out &= PEER_MASKS[pivot]
    out &= ~((1 << pivot) | (1 << one) | (1 << two))
    if not out:
        return None
    name = "XYZ-Wing" if xyz else "XY-Wing"
    digits = tuple(d for d in range(1, 10) if grid.cand[pivot] >> (d - 1) & 1)
    return Found(name, deletions=tuple((c, z) for c in _cells(out)), cells=(pivot, one, two),
                 digits=digits if xyz else (*digits, z))


def wing(grid: HodokuGrid, xyz: bool) -> Found | None:
    """HoDoKu's XY-Wing (``xyz`` False) or XYZ-Wing: pivots in cell order (bivalue cells, or
    trivalue ones), then pincer pairs among the later bivalue cells; an XY-Wing's three cells
    are tried with each of them as pivot in turn."""
    open_cells = [c for c in range(81) if not grid.values[c]]
    pairs = [c for c in open_cells if grid.cand[c].bit_count() == 2]
    pivots = [c for c in open_cells if grid.cand[c].bit_count() == 3] if xyz else pairs
    for p, pivot in enumerate(pivots):
        pivot_mask = grid.cand[pivot]
        for j, one in enumerate(pairs):
            if (xyz and one == pivot) or (not xyz and j <= p):
                continue
            one_mask = grid.cand[one]
            if (pivot_mask | one_mask).bit_count() != 3:
                continue
            for two in pairs[j + 1 :]:
                if two == pivot:
                    continue
                two_mask = grid.cand[two]
                if (pivot_mask | one_mask | two_mask).bit_count() != 3:
                    continue
                if pivot_mask in (one_mask, two_mask) or one_mask == two_mask:
                    continue
                trials = [(pivot, one, two)]
                if not xyz:
                    trials += [(one, pivot, two), (two, one, pivot)]
                for a, b, c in trials:
                    found = _wing_at(grid, a, b, c, xyz)
                    if found is not None:
                        return found
    return None


_TURBOT_BY_PLANE: dict[tuple[int, int], Step | None] = {}
"""A digit's first Turbot Fish (grille's order), by (digit, plane)."""


def turbot_fish(board: Board) -> Step | None:
    """grille's Turbot Fish (:func:`grille.sudoku.logic.single_digit.patterns.turbot_fish`,
    the same first instance) on a 9x9 board, with bit masks: digits in order, strong links
    in unit order, pairs of them in order, each oriented both ways; the first chain a=b-c=e
    that is neither a Skyscraper nor a 2-String Kite and deletes something."""
    if board.n != 9:
        return grille_turbot_fish(board)
    for digit, plane in enumerate(board.planes, start=1):
        key = (digit, plane)
        try:
            chain = _TURBOT_BY_PLANE[key]
        except KeyError:
            if len(_TURBOT_BY_PLANE) >= 1 << 16:
                _TURBOT_BY_PLANE.clear()
            found = _turbot_of(plane, digit)
            chain = _TURBOT_BY_PLANE[key] = (
                None if found is None else _chain_step(board, found, "Turbot Fish", TURBOT_FISH)
            )
        if chain is not None:
            return chain
    return None


def _turbot_of(plane: int, digit: int) -> tuple[int, int, int, int, int, int, int] | None:
    """The first Turbot Fish chain (digit, unit, a, b, unit, c, e) of ``digit`` on ``plane``."""
    links = []
    for unit in range(27):
        here = plane & UNIT_MASKS[unit]
        if here.bit_count() == 2:
            low = here & -here
            links.append((unit, low.bit_length() - 1, (here ^ low).bit_length() - 1))
    for i, (unit1, p, q) in enumerate(links):
        kind1 = unit1 // 9
        for unit2, r, s in links[i + 1 :]:
            kind2 = unit2 // 9
            for a, b in ((p, q), (q, p)):
                seen_by_b = PEER_MASKS[b]
                for c, e in ((r, s), (s, r)):
                    if c in (a, b) or e in (a, b) or not seen_by_b >> c & 1:
                        continue
                    if kind1 == kind2:
                        if kind1 != 2 and UNITS_OF[b][1 - kind1] == UNITS_OF[c][1 - kind1]:
                            continue  # a Skyscraper
                    elif kind1 != 2 and kind2 != 2 and UNITS_OF[b][2] == UNITS_OF[c][2]:
                        continue  # a 2-String Kite
                    chain_cells = 1 << a | 1 << b | 1 << c | 1 << e
                    if plane & PEER_MASKS[a] & PEER_MASKS[e] & ~chain_cells:
                        return digit, unit1, a, b, unit2, c, e
    return None


_RECTANGLE_BY_PLANE: dict[tuple[int, int], tuple[int, Step] | None] = {}
"""A digit's first Empty Rectangle (grille's order) with its box, by (digit, plane)."""


def empty_rectangle(board: Board) -> Step | None:
    """grille's Empty Rectangle (:func:`grille.sudoku.logic.single_digit.patterns.
    empty_rectangle`, the same instance) on a 9x9 board, with bit masks: the lowest box
    holding one over all digits, the first digit on a tie."""
    if board.n != 9:
        return grille_empty_rectangle(board)
    best: tuple[int, Step] | None = None
    for digit, plane in enumerate(board.planes, start=1):
        key = (digit, plane)
        try:
            found = _RECTANGLE_BY_PLANE[key]
        except KeyError:
            if len(_RECTANGLE_BY_PLANE) >= 1 << 16:
                _RECTANGLE_BY_PLANE.clear()
            where = _rectangle_of(plane)
            found = _RECTANGLE_BY_PLANE[key] = (
                None if where is None
                else (where[0], _empty_rectangle_step(board, where[0], digit, *where[1:]))
            )
        if found is not None and (best is None or found[0] < best[0]):
            best = found
    return None if best is None else best[1]


def _rectangle_of(plane: int) -> tuple[int, int, int, int, int, int, int] | None:
    """(box, line, cross, partner unit, near, far, target) of the first empty rectangle on
    ``plane``: boxes in order, rows then columns as the line, lines and crosses in order,
    the line's places in order."""
    for box in range(18, 27):
        places = plane & UNIT_MASKS[box]
        if places.bit_count() < 2:
            continue
        box_mask = UNIT_MASKS[box]
        spots = _cells(places)
        for line_kind in (0, 1):
            cross_kind = 1 - line_kind
            lines = sorted({UNITS_OF[c][line_kind] for c in spots})
            crosses = sorted({UNITS_OF[c][cross_kind] for c in spots})
            for line in lines:
                line_mask = UNIT_MASKS[line]
                if not places & ~line_mask:
                    continue  # all on the line
                for cross in crosses:
                    cross_mask = UNIT_MASKS[cross]
                    if places & ~(line_mask | cross_mask) or not places & ~cross_mask:
                        continue
                    for near in _cells(plane & line_mask & ~box_mask):
                        partner = UNITS_OF[near][cross_kind]
                        ends = plane & UNIT_MASKS[partner]
                        if ends.bit_count() != 2:
                            continue
                        far = (ends & ~(1 << near)).bit_length() - 1
                        if UNITS_OF[far][2] == box:
                            continue
                        meet = UNIT_MASKS[UNITS_OF[far][line_kind]] & cross_mask
                        target = meet.bit_length() - 1
                        if meet & box_mask or not plane & meet or target == far:
                            continue
                        return box, line, cross, partner, near, far, target
    return None


_ER_EMPTY = ((0, 1, 9, 10), (0, 2, 9, 11), (1, 2, 10, 11), (0, 1, 18, 19), (0, 2, 18, 20),
             (1, 2, 19, 20), (9, 10, 18, 19), (9, 11, 18, 20), (10, 11, 19, 20))
"""HoDoKu's nine empty-rectangle shapes in a box: the four cells (from its top-left cell)
that must not hold the digit; the row and column left are 2 - p // 3 and 2 - p % 3."""


def hodoku_empty_rectangle(board: Board) -> Step | None:
    """HoDoKu's first Empty Rectangle (``SingleDigitSolver._find_empty_rectangle``): digits
    in order, boxes holding the digit two to five times, the nine shapes in order; the box's
    places must lie on the shape's row and column, off their crossing on both; then the row's
    cells outside the box, in order, each with a conjugate pair in its column whose other end
    sees a cell of the shape's column outside the box (the lowest: one deletion); then the
    same with the column's cells and conjugate rows."""
    if board.n != 9:
        return grille_empty_rectangle(board)
    for digit, plane in enumerate(board.planes, start=1):
        if plane in _ER_BY_PLANE:
            found = _ER_BY_PLANE[plane]
        else:
            if len(_ER_BY_PLANE) >= 1 << 16:
                _ER_BY_PLANE.clear()
            found = _ER_BY_PLANE[plane] = _er_of(plane)
        if found is not None:
            return _hodoku_er_step(digit, *found)
    return None


_ER_BY_PLANE: dict[int, tuple[int, int, int, int] | None] = {}
"""HoDoKu's first empty rectangle (box, near, far, deleted cell) on one digit's plane."""


def _er_of(plane: int) -> tuple[int, int, int, int] | None:
    for box in range(9):
        places = plane & UNIT_MASKS[18 + box]
        if not 2 <= places.bit_count() <= 5:
            continue
        first = box // 3 * 27 + box % 3 * 3
        for shape, empty in enumerate(_ER_EMPTY):
            if any(places >> (first + offset) & 1 for offset in empty):
                continue
            row = first // 9 + 2 - shape // 3
            col = first % 9 + 2 - shape % 3
            on_row = places & UNIT_MASKS[row]
            on_col = places & UNIT_MASKS[9 + col]
            if not on_row & ~UNIT_MASKS[9 + col] or not on_col & ~UNIT_MASKS[row]:
                continue
            for by_col in (False, True):
                found = _er_deletion(plane, box, row, col, by_col)
                if found is not None:
                    return (box, *found)
    return None


def _er_deletion(plane: int, box: int, row: int, col: int, by_col: bool
                 ) -> tuple[int, int, int] | None:
    """One direction of ``_check_er``: (near, far, deleted cell) or None."""
    line = UNIT_MASKS[9 + col] if by_col else UNIT_MASKS[row]
    for near in range(81):
        if not line >> near & 1 or not plane >> near & 1 or UNITS_OF[near][2] == 18 + box:
            continue
        conj = plane & UNIT_MASKS[near // 9 if by_col else 9 + near % 9]
        if conj.bit_count() != 2:
            continue
        far = (conj & ~(1 << near)).bit_length() - 1
        across = plane & UNIT_MASKS[9 + far % 9 if by_col else far // 9]
        for cell in range(81):
            if not across >> cell & 1 or UNITS_OF[cell][2] == 18 + box:
                continue
            if (cell // 9 if by_col else cell % 9) == (row if by_col else col):
                return near, far, cell
    return None


def _hodoku_er_step(digit: int, box: int, near: int, far: int, cell: int) -> Step:
    def name(c: int) -> str:
        return f"r{c // 9 + 1}c{c % 9 + 1}"

    return Step("Empty Rectangle", eliminations=((cell // 9, cell % 9, digit),),
                cells=((near // 9, near % 9), (far // 9, far % 9)),
                explanation=f"Empty Rectangle in box {box + 1} on {digit}, conjugate pair "
                            f"{name(near)}-{name(far)} => {name(cell)}<>{digit}",
                difficulty=120.0, area=f"box {box + 1}")
