"""HoDoKu's XY-Chain (index 5500): its depth-first search over bivalue cells.

HoDoKu (``ChainSolver.findXYChains``; hodoku-py ``solver/chains.py`` ``_find_xy_type``)
starts from every bivalue cell in cell order, with each of its digits in turn (the lower
first) as the chain's start digit x, when x has a peer to delete from. The chain leaves the
cell on its other digit; a weak link goes to a bivalue cell holding that digit, met unit by
unit (the cell's row, column, then box, each in its own cell order, box cells sharing the
row or column skipped), never back to the start and never to a cell already on the chain;
the cell's other digit is the strong link. At most 20 nodes (10 cells). Whenever a cell is
left on x, x leaves every cell holding it that sees the start and this end.

HoDoKu keeps one step per set of deletions (in the order first found) and sorts them by
``SolutionStep.compareTo``: most deletions, then the lowest weighted sum (``getIndexSumme``);
the first is taken. The chain itself does not change the step, so grille records only the
deletions. Written from HoDoKu's rules; none of its code is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of
from grille.sudoku.logic.hodoku.loops import weight
from grille.sudoku.logic.hodoku.tabling import _BOXES, _COLS, _PEERS, _ROWS

__all__ = [
    "MAX_NODES",
    "hodoku_remote_pair",
    "hodoku_turbot_fish",
    "remote_pair_deletions",
    "xy_chain",
    "xy_chain_deletions",
]

MAX_NODES = 20
"""HoDoKu's chain length limit (``_MAX_CHAIN``): nodes, two a cell."""


def _unit_order() -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours in HoDoKu's order: row, column, then box cells off both."""
    order = []
    for cell in range(81):
        row, col = divmod(cell, 9)
        box = row // 3 * 3 + col // 3
        seen: list[int] = []
        for mask in (_ROWS[row], _COLS[col]):
            seen += [c for c in cells_of(mask) if c != cell]
        seen += [c for c in cells_of(_BOXES[box]) if c // 9 != row and c % 9 != col]
        order.append(tuple(seen))
    return tuple(order)


_NEIGHBOURS = _unit_order()


def xy_chain_deletions(board: Board) -> list[tuple[int, int]]:
    """Every deletion set HoDoKu's XY-chain search finds, as (digit, cells mask), in the order
    first found."""
    marks = board.marks
    planes = board.planes
    bivalue = [cell for cell in board.empty_cells if marks[cell].bit_count() == 2]
    is_bivalue = 0
    for cell in bivalue:
        is_bivalue |= 1 << cell
    # the bivalue cells holding a digit, in HoDoKu's order, from each bivalue cell
    links: dict[tuple[int, int], tuple[int, ...]] = {}
    for cell in bivalue:
        for digit in bits(marks[cell]):
            plane = planes[digit - 1] & is_bivalue
            links[cell, digit] = tuple(n for n in _NEIGHBOURS[cell] if plane >> n & 1)
    found: dict[tuple[int, int], None] = {}
    for start in sorted(bivalue):
        low, high = bits(marks[start])
        for digit, other in ((low, high), (high, low)):
            targets = planes[digit - 1] & _PEERS[start]
            if targets:
                _search(start, digit, other, targets, marks, links, found)
    return list(found)


def _search(
    start: int,
    digit: int,
    other: int,
    targets: int,
    marks: tuple[int, ...],
    links: dict[tuple[int, int], tuple[int, ...]],
    found: dict[tuple[int, int], None],
) -> None:
    """Depth first from ``start`` left on ``other``; ``targets`` are x's cells seeing it."""

    def weak(cell: int, held: int, length: int, visited: int) -> None:
        if length >= MAX_NODES:
            return
        for nxt in links[cell, held]:
            if nxt == start or visited >> nxt & 1:
                continue
            strong(nxt, held, length + 1, visited | 1 << nxt)

    def strong(cell: int, held: int, length: int, visited: int) -> None:
        if length >= MAX_NODES:
            return
        leave = (marks[cell] & ~(1 << (held - 1))).bit_length()
        if leave == digit:
            out = targets & _PEERS[cell]
            if out and (digit, out) not in found:
                found[digit, out] = None
        weak(cell, leave, length + 1, visited)

    weak(start, other, 2, 1 << start)


def xy_chain(board: Board) -> Step | None:
    """HoDoKu's XY-Chain step on ``board``: the most deletions, then the lowest weighted sum."""
    if board.n != 9:
        return None
    found = xy_chain_deletions(board)
    if not found:
        return None
    best = min(
        found,
        key=lambda hit: (-hit[1].bit_count(),
                         weight([(cell, hit[0]) for cell in cells_of(hit[1])])),
    )
    digit, out = best
    cells = cells_of(out)
    eliminations = tuple((cell // 9, cell % 9, digit) for cell in cells)
    removed = ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}<>{digit}" for c in cells)
    return Step("XY-Chain", eliminations=eliminations,
                cells=tuple((cell // 9, cell % 9) for cell in cells),
                explanation=f"an XY-chain of bivalue cells starting and ending on {digit} "
                            f"=> {removed}",
                difficulty=260.0, area="the whole grid")


def _x_links(plane: int) -> dict[int, tuple[tuple[int, bool], ...]]:
    """Each cell's links on one digit (``plane``) in HoDoKu's order: its row, column and box
    (box cells off both lines), strong when the unit holds the digit twice."""
    links: dict[int, tuple[tuple[int, bool], ...]] = {}
    for cell in cells_of(plane):
        row, col = divmod(cell, 9)
        box = row // 3 * 3 + col // 3
        found: list[tuple[int, bool]] = []
        for unit, is_box in ((_ROWS[row], False), (_COLS[col], False), (_BOXES[box], True)):
            here = plane & unit
            strong = here.bit_count() == 2
            for other in cells_of(here):
                if other == cell or (is_box and (other // 9 == row or other % 9 == col)):
                    continue
                found.append((other, strong))
        links[cell] = tuple(found)
    return links


_TURBOT_BY_PLANE: dict[int, tuple[int, ...]] = {}
"""The deletion masks of HoDoKu's turbot fish on one digit's plane, in the order found."""


def _turbot_masks(plane: int) -> tuple[int, ...]:
    """HoDoKu's turbot fish (``ChainSolver`` X-chains of at most four nodes) on one digit:
    from each cell in order whose digit has a peer, a strong link, any link, a strong link
    (back to the start allowed, no other cell twice); x leaves the cells seeing both ends."""
    if plane in _TURBOT_BY_PLANE:
        return _TURBOT_BY_PLANE[plane]
    links = _x_links(plane)
    found: dict[int, None] = {}
    for start in cells_of(plane):
        targets = plane & _PEERS[start]
        if not targets:
            continue
        for second, strong in links[start]:
            if not strong:
                continue
            for third, _ in links[second]:
                if third in (start, second):
                    continue
                for end, last_strong in links[third]:
                    if not last_strong or end in (second, third):
                        continue
                    out = targets & _PEERS[end] if end != start else targets
                    if out:
                        found.setdefault(out, None)
    if len(_TURBOT_BY_PLANE) >= 1 << 14:
        _TURBOT_BY_PLANE.clear()
    masks = _TURBOT_BY_PLANE[plane] = tuple(found)
    return masks


def hodoku_turbot_fish(board: Board) -> Step | None:
    """HoDoKu's Turbot Fish (index 3120): of all its four-node X-chains, the most deletions,
    then the lowest weighted sum (digits in order, first found on a tie)."""
    if board.n != 9:
        return None
    best: tuple[tuple[int, int], int, int] | None = None
    for digit, plane in enumerate(board.planes, start=1):
        for out in _turbot_masks(plane):
            key = (-out.bit_count(), weight([(cell, digit) for cell in cells_of(out)]))
            if best is None or key < best[0]:
                best = (key, digit, out)
    if best is None:
        return None
    _, digit, out = best
    cells = cells_of(out)
    removed = ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}<>{digit}" for c in cells)
    return Step("Turbot Fish", eliminations=tuple((c // 9, c % 9, digit) for c in cells),
                cells=tuple((c // 9, c % 9) for c in cells),
                explanation=f"a four-node X-chain on {digit} => {removed}",
                difficulty=120.0, area="the whole grid")


def remote_pair_deletions(board: Board) -> list[tuple[tuple[int, int], ...]]:
    """Every deletion list HoDoKu's remote-pair search finds (``_find_xy_type`` with
    ``REMOTE_PAIR``), in the order first found: the XY-chain search over cells holding the
    start cell's two digits only, a chain of four cells or more ending on the start digit
    with a peer of both ends holding it; then both digits leave the cells seeing two chain
    cells an odd number of cells (three or more) apart. Each list: the start digit's cells,
    then the other digit's, each in cell order."""
    marks = board.marks
    planes = board.planes
    bivalue = [cell for cell in board.empty_cells if marks[cell].bit_count() == 2]
    found: dict[tuple[tuple[int, int], ...], None] = {}
    for start in bivalue:
        pair = marks[start]
        low, high = bits(pair)
        same = [cell for cell in bivalue if marks[cell] == pair]
        mask = 0
        for cell in same:
            mask |= 1 << cell
        for digit, other in ((low, high), (high, low)):
            targets = planes[digit - 1] & _PEERS[start]
            if not targets:
                continue
            _pair_walk(_PairSearch(start, pair, mask, digit, other, targets, planes, found),
                       [start], start, other, 1 << start)
    return list(found)


@dataclass(slots=True)
class _PairSearch:
    start: int
    pair: int
    cells: int
    digit: int
    other: int
    targets: int
    planes: tuple[int, ...]
    found: dict[tuple[tuple[int, int], ...], None]


def _pair_walk(s: _PairSearch, path: list[int], cell: int, held: int, visited: int) -> None:
    """Depth first from ``cell``, left on ``held`` (the chain holds two nodes a cell)."""
    if 2 * len(path) >= MAX_NODES:
        return
    for nxt in _NEIGHBOURS[cell]:
        if not s.cells >> nxt & 1 or nxt == s.start or visited >> nxt & 1:
            continue
        if 2 * len(path) + 1 >= MAX_NODES:
            continue
        path.append(nxt)
        leave = (s.pair & ~(1 << (held - 1))).bit_length()
        if leave == s.digit and len(path) >= 4 and s.targets & _PEERS[nxt]:
            _record_pair(path, s.digit, s.other, s.planes, s.found)
        _pair_walk(s, path, nxt, leave, visited | 1 << nxt)
        path.pop()


def _record_pair(
    path: list[int], digit: int, other: int, planes: tuple[int, ...],
    found: dict[tuple[tuple[int, int], ...], None],
) -> None:
    first = second = 0
    for k, cell in enumerate(path):
        for far in path[k + 3::2]:
            shared = _PEERS[cell] & _PEERS[far]
            first |= shared & planes[digit - 1]
            second |= shared & planes[other - 1]
    if not first and not second:
        return
    out = tuple([(c, digit) for c in cells_of(first)] + [(c, other) for c in cells_of(second)])
    key = tuple(sorted(out))
    for old in found:
        if tuple(sorted(old)) == key:
            return
    found[out] = None


def hodoku_remote_pair(board: Board) -> Step | None:
    """HoDoKu's Remote Pair (index 2800): the most deletions, then the lowest weighted sum."""
    if board.n != 9:
        return None
    found = remote_pair_deletions(board)
    if not found:
        return None
    best = min(found, key=lambda out: (-len(out), weight(list(out))))
    removed = ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" for c, d in best)
    return Step("Remote Pair", eliminations=tuple((c // 9, c % 9, d) for c, d in best),
                cells=tuple(dict.fromkeys((c // 9, c % 9) for c, _ in best)),
                explanation=f"a remote pair of cells holding the same two digits => {removed}",
                difficulty=110.0, area="the whole grid")
