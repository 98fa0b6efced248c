"""SE's producer of cycles and X/Y forcing chains (grille.sudoku.logic.chains.cycles).

Checked on real positions (top1465 puzzles walked with the rating ladder up to the first
chain): every step is sound, its value is SE's base plus the length increment of its node
count, the compiled kernel agrees with the interpreted one, and a chain is the easiest of
everything the producer finds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import pytest

from conftest import shared_file
from grille.logic import walk
from grille.sudoku import Grid, solve
from grille.sudoku.geometry import Shape
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.chains import cycles as se_cycles
from grille.sudoku.logic.chains.cycles import forcing_chains_and_cycles
from grille.sudoku.logic.difficulty import chain_difficulty
from grille.sudoku.logic.explain import explain, ladder
from grille.sudoku.logic.forcing import rules as net_rules
from grille.sudoku.logic.forcing import tier_kernel
from grille.sudoku.logic.uniqueness import kernel as loop_kernel
from logic_support import assert_sound, pattern

# An XY-chain r1c1-r1c5-r5c5-r5c9 (digits 12, 23, 34, 41) closed by r5c1's 1: SE finds it only
# in its mixed pass (7.0), 10 nodes with the assumed source and its refutation (+0.2).
XY_CHAIN = {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "14", "r1c9": "156", "r5c1": "178"}
BASES = {"X-Cycle": 6.5, "XY-Cycle": 6.5, "X-Chain": 6.6}


def test_an_xy_chain_rates_as_a_mixed_forcing_chain() -> None:
    step = forcing_chains_and_cycles(pattern(XY_CHAIN))
    assert step is not None and step.technique == "Forcing Chain"
    assert step.eliminations == ((0, 0, 1),)  # the first source in SE's order, r1c1
    assert step.difficulty == 7.2
    assert step.explanation.startswith("If r1c1 is 1, then r1c1 is not 2, so r1c5 is 2")
    assert len(step.links) == 9  # ten nodes
    assert [link.strong for link in step.links[:2]] == [False, True]


def test_nothing_without_a_chain() -> None:
    assert forcing_chains_and_cycles(pattern({"r1c1": "12", "r9c9": "34"})) is None


def test_cells_with_one_candidate_are_not_sources() -> None:
    assert forcing_chains_and_cycles(pattern({"r1c1": "1", "r1c5": "1"})) is None


def chain_positions(count: int) -> list[tuple[Board, Grid]]:
    """Boards of top1465 puzzles at each step the rating ladder takes with a chain."""
    lines = shared_file("sudoku", "magictour_top1465.txt").read_text().split()[:count]
    found = []
    for line in lines:
        puzzle = Grid.from_string(line)
        solution = solve(puzzle).solution
        assert solution is not None
        board = Board.from_grid(puzzle)
        for step, after in walk(board, ladder(unique=True, rating=True)):
            if 6.5 <= step.difficulty < 7.5:
                found.append((board, solution))
            board = after
    return found


@pytest.fixture(scope="module")
def positions() -> list[tuple[Board, Grid]]:
    return chain_positions(25)


def test_steps_are_sound_and_valued_by_their_node_count(
    positions: list[tuple[Board, Grid]],
) -> None:
    assert len(positions) > 20
    for board, solution in positions:
        step = forcing_chains_and_cycles(board)
        assert step is not None
        assert_sound(step, solution)
        closed = "Cycle" in step.technique or step.technique == "Nice Loop"
        nodes = len(step.links) if closed else len(step.links) + 1
        base = BASES.get(step.technique, 7.0)
        if step.technique == "XY-Cycle" and step.difficulty != chain_difficulty(6.5, nodes):
            base = 7.0  # found in the mixed pass
        assert step.difficulty == chain_difficulty(base, nodes), step
        assert len(step.placements) + len(step.eliminations) >= 1


def test_compiled_kernel_agrees_with_the_interpreted_one(
    positions: list[tuple[Board, Grid]],
) -> None:
    if not se_cycles.KERNELS.compiled:
        pytest.skip("compiling is off")
    kernel = se_cycles.KERNELS.scan
    for board, _ in positions[::4]:
        topo = se_cycles._topo(board.shape)
        n = topo.n
        marks = np.array(board.marks, dtype=np.int64)
        results = []
        for run in (kernel, se_cycles._scan):
            best = np.full(8, 1 << 40, dtype=np.int64)
            path = np.zeros(2 * se_cycles.MAX_PATH, dtype=np.int64)
            elims = np.zeros(n**3, dtype=np.int64)
            work = np.zeros(16 * n**3 + 8 * n * n, dtype=np.int64)
            for which in (se_cycles.X_PASS, se_cycles.Y_PASS, se_cycles.XY_PASS):
                run(n, topo.width, topo.house, topo.cell_units, topo.unit_cells, marks, which,
                    best, path, elims, work)
            results.append((best.tolist(), path[: best[6]].tolist()))
        assert results[0] == results[1]


def test_no_longer_chain_is_taken_when_a_shorter_one_exists(
    positions: list[tuple[Board, Grid]],
) -> None:
    # restricting the passes can only find the same value or a harder one
    for board, _ in positions[::3]:
        step = forcing_chains_and_cycles(board)
        assert step is not None
        topo = se_cycles._topo(board.shape)
        marks = np.array(board.marks, dtype=np.int64)
        best, path, elims, work = se_cycles._buffers(topo.n)
        best[:] = 1 << 40
        se_cycles.KERNELS.scan(topo.n, topo.width, topo.house, topo.cell_units, topo.unit_cells,
                               marks, se_cycles.XY_PASS, best, path, elims, work)
        assert best[0] >= round(step.difficulty * 10)


def test_rating_walk_uses_se_chains_on_a_hard_puzzle() -> None:
    line = shared_file("sudoku", "magictour_top1465.txt").read_text().split()[0]
    path = explain(Grid.from_string(line), rating=True)
    assert path.solved
    names = {step.technique for step in path.steps}
    assert not names & {"AIC", "Skyscraper", "2-String Kite", "Turbot Fish", "W-Wing"}


@pytest.mark.parametrize(
    "scratch",
    [
        lambda: se_cycles._buffers(9),
        lambda: tier_kernel._tables(9),
        lambda: net_rules.rule_tables(9),
        lambda: loop_kernel._buffers(Shape(3, 3)),
    ],
    ids=["chain producer", "forcing tiers", "net rules", "unique loops"],
)
def test_each_thread_has_its_own_kernel_arrays(scratch: Callable[[], object]) -> None:
    """The kernels write their answers into reusable arrays: threads (web workers, the
    terminal game's hint worker) must not share them, or one thread reads another's chain."""
    seen: list[object] = []
    worker = threading.Thread(target=lambda: seen.append(scratch()))
    worker.start()
    worker.join()
    assert scratch() is scratch()
    assert seen[0] is not scratch()
