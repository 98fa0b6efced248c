"""Almost locked sets: ALS-XZ (singly and doubly linked), ALS-XY-Wing, and Sue de Coq.

An almost locked set (ALS) is N cells of one unit holding N + 1 digits between them: take one
digit away and the rest are locked. Two ALSs share a *restricted common* digit x when every
cell of one holding x sees every cell of the other holding x: x is then in at most one of them.

Sudoku Explainer has no ALS techniques; grille rates them between its chains so that they sort
sensibly with them. An ALS-XZ is an alternating chain of four nodes, two of them ALSs; written
with plain candidates, an ALS of one to three cells turns it into a mixed chain of six to ten
nodes, which SE would rate 7.0-7.2 as a forcing chain. A player sees the pattern as one unit,
so grille puts it just under the mixed chains: Sue de Coq 6.7 (two ALSs round a box-line
intersection, the most local), ALS-XZ 6.8, doubly linked ALS-XZ 6.9, ALS-XY-Wing (three ALSs,
a six-node ALS chain) 7.2. ALSs have at most :data:`MAX_ALS_CELLS` cells.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from grille.logic import Candidate, Step
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board, Memo, bits, cells_of, popcount

__all__ = ["MAX_ALS_CELLS", "als_xy_wing", "als_xz", "sue_de_coq"]

SUE_DE_COQ = 6.7
ALS_XZ = 6.8
ALS_XZ_DOUBLY_LINKED = 6.9
ALS_XY_WING = 7.2
MAX_ALS_CELLS = 5
"""Largest almost locked set searched, in cells."""


@dataclass(frozen=True, slots=True)
class Als:
    """N cells of one unit with N + 1 candidates, and per digit where it is and who sees it."""

    unit: int
    cells: tuple[int, ...]
    cellmask: int
    digits: int
    where: tuple[int, ...]
    """For each digit (index digit - 1), the bitmask of the set's cells holding it."""
    seen: tuple[int, ...]
    """For each digit, the bitmask of the cells outside the set that see all of ``where``."""


@functools.cache
def _peer_masks(shape: Shape) -> tuple[int, ...]:
    """Each cell's peers as a bitmask over cells."""
    return tuple(sum(1 << peer for peer in peers) for peers in shape.peers)


def _cells(mask: int) -> list[int]:
    """The cells whose bits are set in ``mask``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _make_als(board: Board, unit: int, cells: tuple[int, ...], digits: int) -> Als:
    """The ALS of ``cells`` with its per-digit indexes."""
    peers = _peer_masks(board.shape)
    full = (1 << board.n * board.n) - 1
    cellmask = sum(1 << cell for cell in cells)
    marks = board.marks
    where = []
    seen = []
    for x in range(board.n):
        bit = 1 << x
        if not digits & bit:  # no cell holds it
            where.append(0)
            seen.append(0)
            continue
        holding = 0
        common = full
        for cell in cells:
            if marks[cell] & bit:
                holding |= 1 << cell
                common &= peers[cell]
        where.append(holding)
        seen.append(common & ~cellmask)
    return Als(unit, cells, cellmask, digits, tuple(where), tuple(seen))


_UNIT_SETS: Memo[tuple[Als, ...]] = Memo()
"""The ALSs of one unit, by the state of its cells."""


def almost_locked_sets(board: Board, max_cells: int = MAX_ALS_CELLS) -> list[Als]:
    """Every ALS of at most ``max_cells`` cells, smallest first (each cell set once)."""
    found: dict[int, Als] = {}
    for unit_index, unit in enumerate(board.units):
        key = (board.shape, unit_index, max_cells, board.region_key(unit))
        for als in _UNIT_SETS.get(
            key, functools.partial(_unit_sets, board, unit_index, max_cells)
        ):
            if als.cellmask not in found:
                found[als.cellmask] = als
    return sorted(found.values(), key=lambda als: (len(als.cells), als.cells))


def _unit_sets(board: Board, unit_index: int, max_cells: int) -> tuple[Als, ...]:
    """The ALSs of at most ``max_cells`` cells in one unit, smallest first."""
    found = []
    empty = [cell for cell in board.units[unit_index] if board.cells[cell] == 0]
    masks = [board.marks[cell] for cell in empty]
    for size in range(1, min(max_cells, len(empty) - 1) + 1):
        for chosen, digits in _almost_tight(masks, size):
            cells = tuple(empty[i] for i in chosen)
            found.append(_make_als(board, unit_index, cells, digits))
    return tuple(found)


def _almost_tight(masks: Sequence[int], size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """(indexes, union) of each ``size`` masks whose union has ``size`` + 1 bits, in order.

    The combinations come in lexicographic order; a partial choice whose union is already
    wider than ``size`` + 1 is abandoned.
    """
    chosen: list[int] = []
    widest = size + 1

    def extend(start: int, union: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if len(chosen) == size:
            if popcount(union) == widest:
                yield tuple(chosen), union
            return
        for index in range(start, len(masks) - (size - len(chosen)) + 1):
            wider = union | masks[index]
            if popcount(wider) <= widest:
                chosen.append(index)
                yield from extend(index + 1, wider)
                chosen.pop()

    return extend(0, 0)


@functools.lru_cache(maxsize=4)
def _linked(board: Board) -> tuple[list[Als], list[tuple[int, int, int]]]:
    """The board's ALSs, and (i, j, digits) for each pair i < j with restricted commons.

    Digit by digit, the sets are grouped by the cells where they hold it: x is a restricted
    common of two disjoint sets exactly when the cells of one holding x all see all those of
    the other (the other's cells are then outside it), so the test is made once per pair of
    groups, and each set's partners come as one bitmask over the set indexes. The same pairs
    as :func:`_linked_plain` (the set-by-set reference), in the same order."""
    sets = almost_locked_sets(board)
    peers = _peer_masks(board.shape)
    full = (1 << board.n * board.n) - 1
    containing: dict[int, int] = {}
    for k, als in enumerate(sets):
        for cell in als.cells:
            containing[cell] = containing.get(cell, 0) | 1 << k
    free = []  # per set, the later sets that share no cell with it
    for k, als in enumerate(sets):
        overlap = 0
        for cell in als.cells:
            overlap |= containing[cell]
        free.append(-1 << (k + 1) & ~overlap)
    commons: list[dict[int, int]] = [{} for _ in sets]
    for x in range(board.n):
        groups: dict[int, int] = {}  # the cells holding x -> the sets holding it there
        for k, als in enumerate(sets):
            where = als.where[x]
            if where:
                groups[where] = groups.get(where, 0) | 1 << k
        by_low: dict[int, list[tuple[int, int]]] = {}  # each group under its first cell
        holding = 0
        for where, members in groups.items():
            by_low.setdefault((where & -where).bit_length() - 1, []).append((where, members))
            holding |= where
        bit = 1 << x
        for where, members in groups.items():
            common = full
            for cell in cells_of(where):
                common &= peers[cell]
            partners = 0
            for cell in _cells(common & holding):
                for other, others in by_low.get(cell, ()):
                    if other & ~common == 0:
                        partners |= others
            if not partners:
                continue
            while members:
                low = members & -members
                members ^= low
                i = low.bit_length() - 1
                mine = commons[i]
                later = partners & free[i]
                while later:
                    low = later & -later
                    later ^= low
                    j = low.bit_length() - 1
                    mine[j] = mine.get(j, 0) | bit
    pairs = [(i, j, mine[j]) for i, mine in enumerate(commons) for j in sorted(mine)]
    return sets, pairs


def _linked_plain(board: Board) -> tuple[list[Als], list[tuple[int, int, int]]]:
    """:func:`_linked` set by set: each set's digits, the later sets holding one where the
    set's holders of it all see, kept when all their holders of it do (the reference the
    tests compare :func:`_linked` with)."""
    sets = almost_locked_sets(board)
    index = _SetIndex(sets, board.n)
    pairs: list[tuple[int, int, int]] = []
    for i, a in enumerate(sets):
        free = index.later_and_disjoint(i, a)
        commons: dict[int, int] = {}
        for digit in bits(a.digits):
            x = digit - 1
            seen = a.seen[x]
            for j in _cells(index.touching(x, seen) & free):
                if sets[j].where[x] & ~seen == 0:
                    commons[j] = commons.get(j, 0) | 1 << x
        pairs.extend((i, j, commons[j]) for j in sorted(commons))
    return sets, pairs


class _SetIndex:
    """Which ALSs (as bitmasks over their list indexes) hold a cell, or a digit in a cell."""

    __slots__ = ("containing", "holders", "holding")

    def __init__(self, sets: Sequence[Als], n: int) -> None:
        self.containing: dict[int, int] = {}
        self.holders: list[dict[int, int]] = [{} for _ in range(n)]
        self.holding = [0] * n  # per digit, the cells where some set holds it
        for k, als in enumerate(sets):
            bit = 1 << k
            for cell in als.cells:
                self.containing[cell] = self.containing.get(cell, 0) | bit
            for digit in bits(als.digits):
                x = digit - 1
                holders = self.holders[x]
                for cell in cells_of(als.where[x]):
                    holders[cell] = holders.get(cell, 0) | bit
                self.holding[x] |= als.where[x]

    def later_and_disjoint(self, i: int, als: Als) -> int:
        """The sets after set ``i`` (which is ``als``) that share no cell with it."""
        overlap = 0
        for cell in als.cells:
            overlap |= self.containing[cell]
        return -1 << (i + 1) & ~overlap

    def touching(self, x: int, cellmask: int) -> int:
        """The sets holding digit index ``x`` in some cell of ``cellmask``."""
        holders = self.holders[x]
        found = 0
        for cell in cells_of(cellmask & self.holding[x]):
            found |= holders[cell]
        return found


def _seeing_both(sets: Sequence[Als], digit: int, digit_cells: int) -> int:
    """Cells with ``digit``, outside ``sets``, that see all of the sets' cells holding it."""
    mask = digit_cells
    for als in sets:
        if als.where[digit - 1]:
            mask &= als.seen[digit - 1]
        mask &= ~als.cellmask
    return mask


def _describe(board: Board, als: Als) -> str:
    """``r1c2, r1c5 (1, 4, 7) in row 1``."""
    digits = ", ".join(board.digit(d) for d in bits(als.digits))
    if len(als.cells) == 1:
        return f"{board.name(als.cells[0])} ({digits})"
    return f"{board.names(als.cells)} ({digits}) in {board.unit_name(als.unit)}"


def _removed(board: Board, elims: Sequence[Candidate]) -> str:
    """``4 from r1c2, r3c4; 7 from r5c5``."""
    by_digit: dict[int, list[str]] = {}
    for row, col, digit in sorted(elims, key=lambda c: (c[2], c[0], c[1])):
        by_digit.setdefault(digit, []).append(f"r{row + 1}c{col + 1}")
    return "; ".join(
        f"{board.digit(digit)} from {', '.join(names)}" for digit, names in by_digit.items()
    )


def _step(
    board: Board,
    name: str,
    sets: Sequence[Als],
    elims: Sequence[Candidate],
    text: str,
    difficulty: float,
) -> Step:
    """The step of an ALS technique."""
    cells = [board.rc(cell) for als in sets for cell in als.cells]
    units = []
    for als in sets:
        if len(als.cells) > 1 and board.unit_name(als.unit) not in units:
            units.append(board.unit_name(als.unit))
    return Step(
        name,
        eliminations=tuple(sorted(set(elims))),
        cells=tuple(cells),
        units=tuple(units),
        explanation=text,
        difficulty=difficulty,
        area=board.unit_name(sets[0].unit),
    )


# -- ALS-XZ --------------------------------------------------------------------------------


def _xz_eliminations(
    board: Board, a: Als, b: Als, rcc: int, digit_cells: list[int]
) -> list[Candidate]:
    """What two ALSs linked by the restricted common digits ``rcc`` remove."""
    elims = []
    if popcount(rcc) == 1:
        for z in bits(a.digits & b.digits & ~rcc):
            for cell in cells_of(_seeing_both((a, b), z, digit_cells[z - 1])):
                elims.append(board.candidate(cell, z))
        return elims
    for x in bits(rcc):
        for cell in cells_of(_seeing_both((a, b), x, digit_cells[x - 1])):
            elims.append(board.candidate(cell, x))
    for als, other in ((a, b), (b, a)):
        for z in bits(als.digits & ~rcc):
            for cell in cells_of(_seeing_both((als,), z, digit_cells[z - 1]) & ~other.cellmask):
                elims.append(board.candidate(cell, z))
    return elims


def als_xz(board: Board) -> Step | None:
    """Two ALSs with a restricted common digit x: a digit z of both leaves cells seeing all z.

    The step ranked first (easiest, fewest cells, most eliminations, first found); a pair
    whose difficulty and size already rank it after the best so far is not examined."""
    sets, pairs = _linked(board)
    digit_cells = list(board.planes)
    best: tuple[tuple[float, int, int], Step] | None = None
    for i, j, rcc in pairs:
        count = popcount(rcc)
        if count > 2:
            continue
        a, b = sets[i], sets[j]
        difficulty = ALS_XZ_DOUBLY_LINKED if count == 2 else ALS_XZ
        size = len(a.cells) + len(b.cells)
        if best is not None and (difficulty, size) > best[0][:2]:
            continue  # ranks after the best whatever it removes
        elims = _xz_eliminations(board, a, b, rcc, digit_cells)
        if not elims:
            continue
        rank = (difficulty, size, -len(set(elims)))
        if best is None or rank < best[0]:
            best = (rank, _xz_step(board, a, b, rcc, elims, difficulty))
    return None if best is None else best[1]


def _xz_step(
    board: Board, a: Als, b: Als, rcc: int, elims: list[Candidate], difficulty: float
) -> Step:
    """The ALS-XZ step, spelled out."""
    xs = [board.digit(x) for x in bits(rcc)]
    intro = (
        f"{_describe(board, a)} and {_describe(board, b)} are almost locked sets: each has one "
        "digit more than cells."
    )
    if len(xs) == 1:
        text = (
            f"{intro} Their {xs[0]}s all see each other, so {xs[0]} is in at most one of them, "
            "and the other is locked without it: every other digit they share is in one of them, "
            "and leaves the cells that see all its places in both sets: "
            f"{_removed(board, elims)}."
        )
        return _step(board, "ALS-XZ", (a, b), elims, text, difficulty)
    text = (
        f"{intro} Their {xs[0]}s see each other and so do their {xs[1]}s, so each set holds "
        f"exactly one of {xs[0]} and {xs[1]} and all its other digits: both sets are locked. "
        f"So {_removed(board, elims)}."
    )
    return _step(board, "ALS-XZ (doubly linked)", (a, b), elims, text, difficulty)


# -- ALS-XY-Wing ---------------------------------------------------------------------------


def als_xy_wing(board: Board) -> Step | None:
    """Wings A and B linked to a pivot ALS by different digits: a digit of both wings leaves."""
    sets, pairs = _linked(board)
    digit_cells = list(board.planes)
    links: dict[int, list[tuple[int, int]]] = {}
    for i, j, rcc in pairs:
        links.setdefault(i, []).append((j, rcc))
        links.setdefault(j, []).append((i, rcc))
    best: tuple[tuple[int, int], Step] | None = None
    for pivot, partners in links.items():
        for (i, rcc_a), (j, rcc_b) in itertools.combinations(partners, 2):
            a, b, c = sets[i], sets[j], sets[pivot]
            if a.cellmask & b.cellmask:
                continue
            step = _xy_wing(board, a, b, c, rcc_a, rcc_b, digit_cells)
            if step is None:
                continue
            rank = (len(a.cells) + len(b.cells) + len(c.cells), -len(step.eliminations))
            if best is None or rank < best[0]:
                best = (rank, step)
    return None if best is None else best[1]


def _xy_wing(
    board: Board, a: Als, b: Als, c: Als, rcc_a: int, rcc_b: int, digit_cells: list[int]
) -> Step | None:
    """The ALS-XY-Wing of wings ``a``, ``b`` and pivot ``c``, if some choice of x, y removes."""
    for x, y in itertools.product(bits(rcc_a), bits(rcc_b)):
        if x == y:
            continue
        elims = [
            board.candidate(cell, z)
            for z in bits(a.digits & b.digits & ~(1 << (x - 1)) & ~(1 << (y - 1)))
            for cell in cells_of(_seeing_both((a, b), z, digit_cells[z - 1]) & ~c.cellmask)
        ]
        if not elims:
            continue
        pivot, wing_a, wing_b = _describe(board, c), _describe(board, a), _describe(board, b)
        dx, dy = board.digit(x), board.digit(y)
        text = (
            f"{pivot}, {wing_a} and {wing_b} are almost locked sets: each has one digit more "
            f"than cells. The {dx}s of the first two all see each other, and so do the {dy}s of "
            f"the first and the last. The first cannot lose both {dx} and {dy}, so the second "
            f"lacks {dx} or the third lacks {dy}; that one is locked and holds every other digit "
            f"it has, including those it shares with the other. "
            f"So these candidates are removed: {_removed(board, elims)}."
        )
        return _step(board, "ALS-XY-Wing", (c, a, b), elims, text, ALS_XY_WING)
    return None


# -- Sue de Coq ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Side:
    """Cells of the line (or box) outside the intersection that take some of its digits."""

    cells: tuple[int, ...]
    digits: int
    absorbed: int
    """How many of the intersection's digits the cells take, net of digits of their own."""


def _sides(board: Board, cells: list[int], core: int) -> list[_Side]:
    """Sets of up to three cells that take at least one of ``core``'s digits net."""
    out = []
    useful = [cell for cell in cells if board.marks[cell] & core]
    for size in range(1, min(3, len(useful)) + 1):
        for chosen in itertools.combinations(useful, size):
            digits = 0
            for cell in chosen:
                digits |= board.marks[cell]
            absorbed = size - popcount(digits & ~core)
            if absorbed >= 1:
                out.append(_Side(chosen, digits, absorbed))
    return out


Ranked = tuple[tuple[int, int], Step]
"""A Sue de Coq step with its rank: fewer cells first, then more eliminations."""

_SUE_DE_COQ: Memo[Ranked | None] = Memo()
"""The best Sue de Coq of a box-line pair, by the state of the pair's cells."""


def sue_de_coq(board: Board) -> Step | None:
    """A box-line intersection's digits split between cells of the line and cells of the box."""
    n = board.n
    best: Ranked | None = None
    empty = board.empty_mask
    unit_masks = board.tables.unit_masks
    for box in range(2 * n, 3 * n):
        for line in range(2 * n):
            inside = unit_masks[box] & unit_masks[line] & empty
            if not inside & (inside - 1):
                continue
            region = _region(board.shape, box, line)
            found = _SUE_DE_COQ.get(
                (board.shape, box, line, board.region_key(region)),
                functools.partial(_sue_de_coq_in, board, box, line),
            )
            if found is not None and (best is None or found[0] < best[0]):
                best = found
    return None if best is None else best[1]


@functools.cache
def _region(shape: Shape, box: int, line: int) -> tuple[int, ...]:
    """The cells of ``box`` and ``line``."""
    return tuple(sorted({*shape.units[box], *shape.units[line]}))


def _sue_de_coq_in(board: Board, box: int, line: int) -> Ranked | None:
    """The best Sue de Coq on the intersection of ``box`` and ``line``, with its rank."""
    box_cells = set(board.units[box])
    inside = [c for c in board.units[line] if c in box_cells and board.cells[c] == 0]
    sides = _SideFinder(board, line, box)
    best: Ranked | None = None
    for size in range(2, len(inside) + 1):
        for core in itertools.combinations(inside, size):
            step = _sue_de_coq_at(board, line, box, list(core), sides)
            if step is None:
                continue
            rank = (len(step.cells), -len(step.eliminations))
            if best is None or rank < best[0]:
                best = (rank, step)
    return best


class _SideFinder:
    """The empty cells of a line and a box outside their intersection, and their sides."""

    __slots__ = ("_board", "_found", "box_rest", "line_rest")

    def __init__(self, board: Board, line: int, box: int) -> None:
        units = board.units
        cells = board.cells
        self._board = board
        self.line_rest = [c for c in units[line] if cells[c] == 0 and c not in units[box]]
        self.box_rest = [c for c in units[box] if cells[c] == 0 and c not in units[line]]
        self._found: dict[tuple[bool, int], list[_Side]] = {}

    def sides(self, in_line: bool, core: int) -> list[_Side]:
        """The sides of the line (or box) for the intersection's digits ``core``."""
        key = (in_line, core)
        found = self._found.get(key)
        if found is None:
            cells = self.line_rest if in_line else self.box_rest
            found = self._found[key] = _sides(self._board, cells, core)
        return found


def _sue_de_coq_at(
    board: Board, line: int, box: int, core: list[int], finder: _SideFinder
) -> Step | None:
    """The Sue de Coq on the intersection cells ``core`` of ``line`` and ``box``, if any."""
    digits = 0
    for cell in core:
        digits |= board.marks[cell]
    if popcount(digits) < len(core) + 2:
        return None
    line_rest, box_rest = finder.line_rest, finder.box_rest
    need = popcount(digits) - len(core)
    box_sides = finder.sides(False, digits)
    for first in finder.sides(True, digits):
        for second in box_sides:
            if first.digits & second.digits or first.absorbed + second.absorbed != need:
                continue
            line_digits = (digits | first.digits) & ~second.digits
            box_digits = (digits | second.digits) & ~first.digits
            elims = [
                board.candidate(cell, d)
                for cell in line_rest
                if cell not in first.cells
                for d in bits(board.marks[cell] & line_digits)
            ] + [
                board.candidate(cell, d)
                for cell in box_rest
                if cell not in second.cells
                for d in bits(board.marks[cell] & box_digits)
            ]
            if elims:
                return _sue_de_coq_step(board, line, box, core, first, second, elims)
    return None


def _sue_de_coq_step(
    board: Board,
    line: int,
    box: int,
    core: list[int],
    first: _Side,
    second: _Side,
    elims: list[Candidate],
) -> Step:
    """The Sue de Coq step, spelled out."""

    def digits(mask: int) -> str:
        return ", ".join(board.digit(d) for d in bits(mask))

    core_digits = 0
    for cell in core:
        core_digits |= board.marks[cell]
    line_name, box_name = board.unit_name(line), board.unit_name(box)
    total = len(core) + len(first.cells) + len(second.cells)
    text = (
        f"{board.names(core)}, where {line_name} meets {box_name}, hold {digits(core_digits)}. "
        f"With {board.names(first.cells)} ({digits(first.digits)}) in {line_name} and "
        f"{board.names(second.cells)} ({digits(second.digits)}) in {box_name}, which share no "
        f"digit, these {total} cells hold exactly {total} digits, each at most once, so each "
        f"digit is in them once: the line's digits leave the rest of {line_name} and the box's "
        f"the rest of {box_name}: {_removed(board, elims)}."
    )
    cells = (*core, *first.cells, *second.cells)
    return Step(
        "Sue de Coq",
        eliminations=tuple(sorted(set(elims))),
        cells=tuple(board.rc(cell) for cell in cells),
        units=(line_name, box_name),
        explanation=text,
        difficulty=SUE_DE_COQ,
        area=box_name,
    )
