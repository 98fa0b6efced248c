"""Sudoku's compiled kernels in groups, each warmed by running it as real work does.

numba compiles a kernel for the argument types of its first call, so each group runs the
public functions that real work calls (the solver, the techniques of the ladders, the
generator's oracle) on small boards: the kernels compile for the very types real use passes,
or load from numba's cache when they were compiled before. Kernels take flat arrays of the
same types at every grid size, so 9x9 and 4x4 boards cover all sizes (the solver has a
kernel of its own for 9x9).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TypeVar

from grille.engine._jit import jit_enabled
from grille.kind import KernelGroup

__all__ = ["kernel_groups"]

T = TypeVar("T")

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""A 17-clue 9x9: a few steps in, its board is still wide open (60 empty cells, 253
candidates), so every technique's kernel runs on it."""

SMALL = "1...2..4..3....2"
"""A 4x4 (the any-size kernels)."""

STEPS_BEFORE = 6
"""Logical steps taken before the techniques are tried, so that the board has some singles
done and chains and forcing nets stay short (a warm-up takes milliseconds once compiled)."""


def kernel_groups(uses: Collection[str]) -> tuple[KernelGroup, ...]:
    """The groups of kernels ``uses`` runs (see :data:`grille.kind.KERNEL_USES`)."""
    if not jit_enabled():
        return ()
    wanted = set(uses)
    logic = bool(wanted & {"rate", "explain", "hint", "generate", "nested", "sukaku"})
    groups = []
    if logic or wanted & {"solve"}:
        groups.append(KernelGroup("Sudoku solver", _warm_solver))
    if "solve" in wanted:
        groups.append(KernelGroup("variant Sudoku solver", _warm_variants))
    if logic:
        groups.append(KernelGroup("Sudoku techniques", _warm_techniques))
        groups.append(KernelGroup("Sudoku forcing chains", _warm_forcing))
    if logic:  # the ladders' default nesting is SE's whole one, levels 2-5 included
        groups.append(KernelGroup("Sudoku nested forcing chains", _warm_nested))
    if "sukaku" in wanted:
        groups.append(KernelGroup("Sudoku sukaku-scale techniques", _warm_sukaku))
    if "generate" in wanted:
        groups.append(KernelGroup("Sudoku generator", _warm_generator))
    return tuple(groups)


def _warm_solver() -> None:
    from grille.sudoku import solver
    from grille.sudoku.grid import Grid

    for text in (PUZZLE, SMALL):
        grid = Grid.from_string(text)
        solver.solve(grid, backend="jit")
        solver.solve_many([grid, grid])


VARIANT = (
    '{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],'
    ' "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}'
)
"""A 4x4 Killer with one cage: the variant kernel compiles for every filter at once."""

GROUPS = ('{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}],'
          ' [{}, {}, {}, {}]], "diagonal+": true}')
"""An empty 4x4 with a diagonal (all-different groups only): the one-call kernel."""


def _warm_variants() -> None:
    import json

    from grille.sudoku.variants.fpuzzles import from_fpuzzles
    from grille.sudoku.variants.solve import solve

    solve(from_fpuzzles(json.loads(VARIANT)), limit=2, backend="jit")
    solve(from_fpuzzles(json.loads(GROUPS)), limit=2, backend="jit")


def _warm_techniques() -> None:
    from grille.sudoku.logic.techniques import GRILLE, SE, family, ladder

    techniques = _union(ladder(GRILLE, unique=True), ladder(SE, unique=True))
    _try(t for t in techniques if family(t) != "forcing")
    _warm_hodoku()


def _warm_hodoku() -> None:
    """The kernels only HoDoKu's scale runs: its nice-loop tables, Franken fish, Sue de Coq
    and ALS lists and searches."""
    from grille.sudoku.logic.hodoku.als import als_xy_wing, als_xz
    from grille.sudoku.logic.hodoku.franken import franken_fish
    from grille.sudoku.logic.hodoku.nice_loops import nice_loop_step
    from grille.sudoku.logic.hodoku.sue_de_coq import sue_de_coq

    board = _boards()[0]
    nice_loop_step(board, False)  # type: ignore[arg-type]
    franken_fish(board, 2, True)  # type: ignore[arg-type]
    sue_de_coq(board)  # type: ignore[arg-type]
    als_xz(board)  # type: ignore[arg-type]
    als_xy_wing(board)  # type: ignore[arg-type]


def _warm_forcing() -> None:
    from grille.sudoku.logic.techniques import GRILLE, family, ladder

    _try(
        t for t in ladder(GRILLE, unique=True, nesting=0)
        if family(t) == "forcing" and t.name != "Trial and Error"
    )


def _warm_nested() -> None:
    from grille.sudoku.logic.techniques import NESTED_FORCING

    _try(NESTED_FORCING)
    _warm_se_parents()


def _warm_se_parents() -> None:
    """Explaining a nested step reads SE's rule parents of level 2's chains from Python
    (``tier_kernel._se_findings``), with argument types of its own: compile that call too."""
    import numpy as np

    from grille.sudoku.grid import Grid
    from grille.sudoku.logic.forcing import se_chains
    from grille.sudoku.logic.forcing.net import topology

    topo = topology(Grid.from_string(PUZZLE).shape)
    n = topo.n
    marks = np.zeros(n * n, dtype=np.int64)
    record = np.zeros(16, dtype=np.int32)
    record[3] = se_chains.CHAIN  # a chain of no nodes: no parents
    parents = np.empty(2 * n * n * n, dtype=np.int32)
    se_chains.KERNELS.rule_parents(
        n, topo.cell_units, topo.unit_cells, marks, marks.copy(), record, 0, parents,
        se_chains.se_tables(n).all(),
    )  # fmt: skip


def _warm_sukaku() -> None:
    from grille.sudoku.logic.techniques import SE, SUKAKU, ladder

    se = set(ladder(SE, unique=True))
    _try(t for t in ladder(SUKAKU, unique=True) if t not in se)


def _warm_generator() -> None:
    from grille.sudoku.grid import Grid
    from grille.sudoku.oracle import Oracle

    for text in (PUZZLE, SMALL):
        grid = Grid.from_string(text)
        oracle = Oracle(grid.shape, backend="jit")
        oracle.check(grid.cells, budget=1000)
        oracle.solution(grid.cells)


def _try(techniques: Iterable[Callable[..., object]]) -> None:
    """Each technique once on the warm-up boards (what it finds does not matter)."""
    boards = _boards()
    for technique in techniques:
        for board in boards:
            technique(board)


def _boards() -> list[object]:
    """The 9x9 puzzle after a few basic steps, and the 4x4 one as given."""
    from grille.logic import walk
    from grille.sudoku.grid import Grid
    from grille.sudoku.logic.board import Board
    from grille.sudoku.logic.techniques import up_to

    board = Board.from_grid(Grid.from_string(PUZZLE))
    for _, after in walk(board, up_to("XYZ-Wing"), max_steps=STEPS_BEFORE):
        board = after
    return [board, Board.from_grid(Grid.from_string(SMALL))]


def _union(*ladders: tuple[T, ...]) -> list[T]:
    seen: dict[T, None] = {}
    for ladder in ladders:
        seen.update(dict.fromkeys(ladder))
    return list(seen)
