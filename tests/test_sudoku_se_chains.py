"""SE's level-2 inner tier (``se_chains``): static forcing chains and bidirectional cycles as
SE's ``Chaining(false, false, false, 0)`` finds, sorts and merges them, and the parents an
outer net gives them (``ChainingHint.getRuleParents``)."""

from __future__ import annotations

import numpy as np

from grille.sudoku import Grid
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.forcing import se_chains, tier_kernel
from grille.sudoku.logic.forcing.net import topology

PUZZLE = ".4.3............78.......5.7..65....5...9.....1....2.....1.43..8.......6...2....."
"""magictour top1465 (SE 7.1): in box 5, digits 1 and 2 each have two places, r4c6 and r5c6
(a hidden pair), which SE's static chains see as x-chains and an xy-cycle."""

R1C6, R4C6, R5C6 = 5, 32, 41


def _node(cell: int, digit: int, on: bool) -> int:
    return 2 * (9 * cell + digit - 1) + int(on)


def _findings(marks0: list[int], marks: list[int]) -> list[tier_kernel.Finding]:
    topo = topology(Board.from_grid(Grid.from_string(PUZZLE)).shape)
    tables = tier_kernel._tables(9, inner=True)
    return tier_kernel._se_findings(
        topo, tables, np.array(marks0, dtype=np.int64), np.array(marks, dtype=np.int64)
    )


def _records(marks: list[int]) -> list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]]:
    """(nodes, kind, links, path, removed) of every hint, in SE's order."""
    topo = topology(Board.from_grid(Grid.from_string(PUZZLE)).shape)
    se = se_chains.se_tables(9)
    out = np.empty(1 << 18, dtype=np.int32)
    status = se_chains.KERNELS.se_scan(
        9, topo.npeers, topo.peers, topo.cell_units, topo.unit_cells,
        np.array(marks, dtype=np.int64), se.all(), out,
    )  # fmt: skip
    assert status == 1
    found = []
    k = 0
    for _ in range(int(se.state[6])):
        total, _, size, kind, m, links = (int(x) for x in out[k : k + 6])
        path = tuple(int(x) for x in out[k + 6 : k + 6 + m])
        removed = tuple(int(x) for x in out[k + 6 + m : k + 6 + size])
        found.append((total, kind, links, path, removed))
        k += 6 + size
    return found


def test_hints_come_in_ses_order_easiest_first() -> None:
    marks = list(Board.from_grid(Grid.from_string(PUZZLE)).marks)
    found = _records(marks)
    total, kind, links, path, removed = found[0]
    # r1c6=1 -> r4c6<>1 (column) -> r5c6=1 (box 5 has two places) -> r1c6<>1: 6.6, 4 nodes.
    assert (total, kind, links) == (4, se_chains.CHAIN, se_chains.X_ONLY)
    assert path == (_node(R1C6, 1, True), _node(R4C6, 1, False), _node(R5C6, 1, True),
                    _node(R1C6, 1, False))  # fmt: skip
    assert removed == (9 * R1C6,)
    base = {(se_chains.CHAIN, se_chains.X_ONLY): 66, (se_chains.CYCLE, se_chains.X_ONLY): 65}
    keys = [
        (base.get((kind, links), 70) + 10 * _increment(total), total)
        for total, kind, links, _, _ in found
    ]
    assert keys == sorted(keys)
    removals = [removed for *_, removed in found]
    assert len(removals) == len(set(removals))  # equal removals keep the first


def _increment(total: int) -> float:
    from grille.sudoku.logic.difficulty import length_increment

    return length_increment(total)


def test_a_cycle_removes_what_sees_both_an_on_and_an_off_node() -> None:
    marks = list(Board.from_grid(Grid.from_string(PUZZLE)).marks)
    cycles = [f for f in _records(marks) if f[1] == se_chains.CYCLE]
    total, _, links, path, removed = cycles[0]
    assert (total, links) == (4, se_chains.XY)
    assert path == (_node(R4C6, 1, True), _node(R4C6, 2, False), _node(R5C6, 2, True),
                    _node(R5C6, 1, False), _node(R4C6, 1, True))  # fmt: skip
    # 1 and 2 leave the rest of column 6 (r1c6, r2c6, r3c6 hold both).
    assert removed == tuple(9 * cell + d for cell in (5, 14, 23) for d in (0, 1))


def test_outer_removals_become_parents_and_hints_without_them_are_dropped() -> None:
    marks = list(Board.from_grid(Grid.from_string(PUZZLE)).marks)
    assert _findings(marks, marks) == []  # nothing rests on an outer removal
    # As if the outer net had removed 1 from r6c5 (box 5): the box's two places of 1 now rest
    # on that removal, so the chains through r5c6=1 and r4c6=1 (hidden singles) keep it.
    marks0 = list(marks)
    r6c5 = 49
    marks0[r6c5] |= 1
    found = _findings(marks0, marks)
    assert found and all(f.parents == (2 * (9 * r6c5),) for f in found)
    first = found[0]
    assert first.path == (_node(R1C6, 1, True), _node(R4C6, 1, False), _node(R5C6, 1, True),
                          _node(R1C6, 1, False))  # fmt: skip
    assert first.removals(9, marks) == [9 * R1C6]
    # The xy-cycle's reversed chain rests on r4c6 and r5c6 too (naked-single causes): an
    # outer removal of 5 from r4c6 is one of its parents.
    marks0 = list(marks)
    marks0[R4C6] |= 1 << 4
    cycles = [f for f in _findings(marks0, marks) if f.kind == se_chains.CYCLE]
    assert cycles and all(2 * (9 * R4C6 + 4) in f.parents for f in cycles)
