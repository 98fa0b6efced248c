"""Remote Pair: a chain of four or more cells holding the same two candidates only.

Cells with the same pair {a, b} that see each other in turn alternate: a, b, a, b ... So two
cells of the chain an odd number of links apart (three or more) hold a and b between them,
and any cell seeing both loses a and b. HoDoKu (``ChainSolver``, an XY-chain whose cells all
hold one pair) scores it 110, "hard"; grille's own value is the XY-chain's.
"""

from __future__ import annotations

from collections import deque

from grille.logic import Step
from grille.sudoku.logic.board import Board, bits, cells_of

__all__ = ["REMOTE_PAIR", "remote_pair"]

REMOTE_PAIR = 6.6
MIN_CELLS = 4


def _distances(board: Board, members: list[int], start: int) -> dict[int, int]:
    """Links from ``start`` to each member of its chain (breadth first)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for other in members:
            if other not in seen and board.sees(cell, other):
                seen[other] = seen[cell] + 1
                queue.append(other)
    return seen


def _weight(out: list[tuple[int, int]]) -> int:
    """HoDoKu's tie-break among steps deleting as many candidates (``getIndexSumme``): the
    deletions by digit then cell, each cell weighted by 1, 81, 161 ..., plus its digit."""
    total, offset = 0, 1
    for cell, digit in sorted(out, key=lambda item: (item[1], item[0])):
        total += cell * offset + digit
        offset += 80
    return total


def remote_pair(board: Board) -> Step | None:
    """The remote pair deleting the most candidates (HoDoKu's choice: then the lowest
    weighted sum of the deletions, then the shortest chain)."""
    by_pair: dict[int, list[int]] = {}
    for cell in board.empty_cells:
        mask = board.marks[cell]
        if mask.bit_count() == 2:
            by_pair.setdefault(mask, []).append(cell)
    best: tuple[tuple[int, int, int], list[tuple[int, int]], int, int, dict[int, int], int] | None
    best = None
    for mask, members in by_pair.items():
        if len(members) < MIN_CELLS:
            continue
        digits = bits(mask)
        for start in members:
            reach = _distances(board, members, start)
            if len(reach) < MIN_CELLS:
                continue
            for end, links in sorted(reach.items()):
                if links < 3 or links % 2 == 0 or end < start:
                    continue
                common = board.tables.peer_masks[start] & board.tables.peer_masks[end]
                out = [
                    (cell, digit)
                    for cell in cells_of(common)
                    if cell not in reach
                    for digit in digits
                    if board.has(cell, digit)
                ]
                if out:
                    key = (-len(out), _weight(out), links)
                    if best is None or key < best[0]:
                        best = (key, out, start, end, reach, mask)
    if best is None:
        return None
    _, out, start, end, reach, mask = best
    links = reach[end]
    chain = sorted(reach, key=lambda c: (reach[c], c))
    pair = "/".join(board.digit(d) for d in bits(mask))
    removed = ", ".join(f"{board.name(c)}<>{board.digit(d)}" for c, d in out)
    return Step(
        "Remote Pair",
        eliminations=tuple(board.candidate(c, d) for c, d in out),
        cells=tuple(board.rc(c) for c in chain),
        explanation=(
            f"{pair} remote pair {board.names(chain)}: {board.name(start)} and "
            f"{board.name(end)} are {links} links apart, so one holds each digit "
            f"=> {removed}"
        ),
        difficulty=REMOTE_PAIR,
        area="the whole grid",
    )
