"""Puzzles with few or no givens in the variant solver (issue #19): the restarts that branch
on a digit's places in a full unit (:data:`grille.sudoku.variants.solve.RESTART_NODES`).

Fixture: ``tests/fixtures/variants/givenless/thermo_givenless.json``, Philip Newman's
"Bicycle Race" (18 two-cell thermometers, no givens), from the collection of
sigh/Interactive-Sudoku-Solver (MIT licence; the fixture names its source). On cells alone
the search does not finish it in millions of nodes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES
from grille.engine._jit import jit_enabled
from grille.sudoku.grid import Grid
from grille.sudoku.variants import solve as solver
from grille.sudoku.variants.families import BY_NAME
from grille.sudoku.variants.fpuzzles import from_fpuzzles, read_link

HERE = FIXTURES / "variants"
GIVENLESS = HERE / "givenless" / "thermo_givenless.json"
FAMILY_FILES = sorted(p for p in HERE.glob("*.json") if p.stem in BY_NAME)


def givenless() -> tuple[Grid, tuple[int, ...]]:
    data: dict[str, Any] = json.loads(GIVENLESS.read_text(encoding="utf-8"))
    grid, _ = read_link(data["link"])
    return grid, tuple(int(d) for d in data["solution"])


def same(a: Any, b: Any) -> bool:
    return (a.count, a.nodes, a.exhausted, a.budget_reached, [g.cells for g in a.found]) == (
        b.count, b.nodes, b.exhausted, b.budget_reached, [g.cells for g in b.found])


@pytest.mark.skipif(not jit_enabled(), reason="GRILLE_JIT=0: 150,000 nodes interpreted")
def test_a_givenless_thermometer_puzzle_is_proven_unique(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    grid, solution = givenless()
    assert not any(grid.cells)
    found = solver.solve(grid, limit=2, budget=200_000, backend="jit")
    assert found.unique and found.exhausted
    assert found.found[0].cells == solution
    assert found.nodes > solver.RESTART_NODES  # the places' phase found it
    monkeypatch.setattr(solver, "RESTART_NODES", 0)  # cells only: not within the budget
    assert solver.solve(grid, limit=2, budget=200_000, backend="jit").budget_reached


def test_the_places_phase_finds_what_cells_find() -> None:
    """The same puzzle with 18 givens from its solution: the reference engine, restarting
    at once (node 1) onto the places, proves it unique with the same solution."""
    grid, solution = givenless()
    rng = random.Random(3)
    cells = [0] * 81
    for cell in rng.sample(range(81), 18):
        cells[cell] = solution[cell]
    puzzle = Grid(grid.shape, tuple(cells), variant=grid.variant)
    before = solver.RESTART_NODES
    try:
        solver.RESTART_NODES = 1
        found = solver.solve(puzzle, limit=0, backend="python")
    finally:
        solver.RESTART_NODES = before
    assert found.unique and found.found[0].cells == solution


@pytest.mark.parametrize("restart", [1, 5, 40])
@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_restarts_search_as_the_reference(path: Path, restart: int,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Kernel and reference restart at the same nodes and branch on the same places."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    grid = from_fpuzzles(data["fpuzzles"])
    solution = tuple(int(d) for d in data["solution"])
    monkeypatch.setattr(solver, "RESTART_NODES", restart)
    rng = random.Random(path.stem)
    for share in (0.0, 0.3):
        cells = tuple(d or (solution[i] if rng.random() < share else 0)
                      for i, d in enumerate(grid.cells))
        puzzle = Grid(grid.shape, cells, variant=grid.variant)
        for limit, budget in ((0, 1500), (2, None), (3, 60)):
            ours = solver.solve(puzzle, limit=limit, budget=budget, backend="jit")
            theirs = solver.solve(puzzle, limit=limit, budget=budget, backend="python")
            assert same(ours, theirs), (share, limit, budget)


def test_restarts_change_the_search_of_some_fixture(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above covers place branches: with restarts at node 1 some fixture
    searches differently from cells only."""
    differ = 0
    for path in FAMILY_FILES:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        grid = from_fpuzzles(data["fpuzzles"])
        puzzle = Grid(grid.shape, (0,) * len(grid.cells), variant=grid.variant)
        monkeypatch.setattr(solver, "RESTART_NODES", 0)
        plain = solver.solve(puzzle, limit=0, budget=400, backend="python")
        monkeypatch.setattr(solver, "RESTART_NODES", 1)
        places = solver.solve(puzzle, limit=0, budget=400, backend="python")
        differ += plain.nodes != places.nodes or plain.count != places.count
    assert differ
