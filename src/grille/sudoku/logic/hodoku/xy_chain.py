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

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of
from grille.sudoku.logic.hodoku.loops import weight
from grille.sudoku.logic.hodoku.tabling import _BOXES, _COLS, _PEERS, _ROWS

__all__ = ["MAX_NODES", "xy_chain", "xy_chain_deletions"]

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
