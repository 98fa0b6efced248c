"""The compiled variant solver (:mod:`grille.sudoku.variants._kernel`) against the Python
reference (:mod:`grille.sudoku.variants.solve`): every filter type once on random candidate
masks, whole propagations on random partial states, and searches (counts, solutions, nodes,
budget and limit) on every family's fixture and on random mixed puzzles."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from conftest import FIXTURES
from grille.kind import Violation
from grille.sudoku.grid import Grid
from grille.sudoku.variants import _kernel
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.families import BY_NAME
from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.sudoku.variants.model import Board, Constraint, Variant
from grille.sudoku.variants.solve import Model, model_of, propagate, solve

HERE = FIXTURES / "variants"
FAMILY_FILES = sorted(p for p in HERE.glob("*.json") if p.stem in BY_NAME)


def fixture(path: Path) -> tuple[Grid, tuple[int, ...]]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return from_fpuzzles(data["fpuzzles"]), tuple(int(d) for d in data["solution"])


def model(grid: Grid) -> Model:
    n = grid.size
    assert grid.variant is not None
    return model_of(grid.variant, n, tuple(grid.shape.units[2 * n:]))


def random_masks(rng: random.Random, n: int, count: int, solution: tuple[int, ...]
                 ) -> list[int]:
    """Candidate masks, each holding its cell's solution digit and some others (so most
    states are consistent, a few not)."""
    masks = []
    for cell in range(count):
        mask = 1 << (solution[cell] - 1) if rng.random() < 0.9 else 0
        for digit in range(n):
            if rng.random() < rng.choice((0.2, 0.5, 0.9)):
                mask |= 1 << digit
        masks.append(mask or 1 << rng.randrange(n))
    return masks


def kernel_buffers(flat: _kernel.Flat, cells: int) -> list[Any]:
    """pending, queued, due, is_due, weights, scratch."""
    filters = max(flat.filters, 1)
    sizes = (cells * 17, cells, filters, filters, filters, flat.scratch)
    return [np.zeros(size, dtype=np.int64) for size in sizes]


def tables(flat: _kernel.Flat) -> tuple[Any, ...]:
    size, *rest = flat.tables
    return (size, *(np.array(table, dtype=np.int64) for table in rest))


EXTRA = (
    pr.LinearSum((0, 1, 7), (10, 1, -1), 20),  # a two-cell arrow circle
    pr.LinearSum((3, 4, 5, 9), (1, 2, -3, 1), 3),
    pr.SumTo((12, 13, 14, 15), 14),
    pr.SumTo((20, 21), 0, 22),
    pr.SumTo(tuple(range(24, 35)), 63),  # sums past a word: rows of flags
    pr.SumTo((12, 13, 14, 16, 17), 17, -1, (0, 3, 5), 6),  # over groups that see each other
    pr.SumTo((25, 26, 27), 0, 24, (0, 2, 3), 6),
    pr.SandwichSum((6, 12, 18, 24, 30, 35), 6, 0),
    pr.Window((30, 31, 32), 6),
    pr.SandwichSum(tuple(range(6)), 6, 7),
    pr.CageSum((6, 7, 8), 6, 12),
)
"""Filters the fixtures hold few of (a LinearSum none), on a 6x6 grid with no units."""


def _extra() -> tuple[Grid, Model, tuple[int, ...]]:
    watchers: list[list[int]] = [[] for _ in range(36)]
    for index, flt in enumerate(EXTRA):
        for cell in flt.cells:
            watchers[cell].append(index)
    found = Model(6, ((),) * 36, (), EXTRA, tuple(tuple(w) for w in watchers), ())
    solution = tuple(random.Random(3).randint(1, 6) for _ in range(36))
    return Grid.empty(6), found, solution


def test_every_filter_type_runs_as_its_class() -> None:
    """Each filter of every fixture, once, on random masks: the same narrowing, changed
    cells and contradictions as its ``run``."""
    seen: set[int] = set()
    rng = random.Random(19)
    cases = [(fixture(path), model(fixture(path)[0]), path.stem) for path in FAMILY_FILES]
    grid, extra, solution = _extra()
    cases.append(((grid, solution), extra, "extra"))
    for (grid, solution), found, name in cases:
        path = Path(name)
        flat = _kernel.flatten(found)
        assert flat is not None, path.stem
        size, _, _, _, _, _, kinds, starts, data, _ = tables(flat)
        cells = grid.size ** 2
        pending, queued, _, _, _, scratch = kernel_buffers(flat, cells)
        for index, flt in enumerate(found.filters):
            seen.add(int(kinds[index]))
            for _ in range(40 if name == "extra" else 12):
                masks = random_masks(rng, grid.size, cells, solution)
                ours = np.array(masks, dtype=np.int64)
                queued[:] = 0
                top = _kernel.KERNELS.filter_once(size, kinds, starts, data, index, ours,
                                                  pending, queued, scratch)
                theirs = flt.run(masks)
                assert (top < 0) == (theirs is None), (path.stem, flt)
                if theirs is not None:
                    assert ours.tolist() == masks, (path.stem, flt)
                    assert set(pending[:top].tolist()) == set(theirs), (path.stem, flt)
    assert seen == set(range(8)), "a filter type has no fixture"


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_propagation_reaches_the_same_fixed_point(path: Path) -> None:
    grid, solution = fixture(path)
    found = model(grid)
    flat = _kernel.flatten(found)
    assert flat is not None
    cells = grid.size ** 2
    pending, queued, due, is_due, weights, scratch = kernel_buffers(flat, cells)
    rng = random.Random(path.stem)
    outcomes = set()
    for _ in range(30):
        masks = random_masks(rng, grid.size, cells, solution)
        ours = np.array(masks, dtype=np.int64)
        weights[:] = 1
        reference_weights = [1] * len(found.filters)
        ok = _kernel.KERNELS.narrow(*tables(flat), ours, -1, pending, queued, due, is_due,
                                    weights, scratch)
        theirs = propagate(found, masks, None, reference_weights)
        assert ok == theirs
        assert weights[:len(found.filters)].tolist() == reference_weights
        if ok:
            assert ours.tolist() == masks
        outcomes.add(ok)
    assert outcomes == {True, False}  # both ends are exercised


def same(a: Any, b: Any) -> bool:
    return (a.count, a.nodes, a.exhausted, a.budget_reached, [g.cells for g in a.found]) == (
        b.count, b.nodes, b.exhausted, b.budget_reached, [g.cells for g in b.found])


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_search_counts_the_same_solutions_and_nodes(path: Path) -> None:
    grid, solution = fixture(path)
    rng = random.Random(path.stem)
    for share in (0.0, 0.25, 0.4):
        cells = tuple(d or (solution[i] if rng.random() < share else 0)
                      for i, d in enumerate(grid.cells))
        puzzle = Grid(grid.shape, cells, variant=grid.variant)
        for limit, budget in ((0, 2000), (2, None), (3, 50)):
            ours = solve(puzzle, limit=limit, budget=budget, backend="jit")
            theirs = solve(puzzle, limit=limit, budget=budget, backend="python")
            assert same(ours, theirs), (share, limit, budget)


def test_random_mixed_puzzles_agree() -> None:
    """Two or three fixtures' constraints at once (6x6 boxes) with random givens."""
    grids = [fixture(p)[0] for p in FAMILY_FILES if p.stem not in ("jigsaw", "disjoint")]
    rng = random.Random(7)
    for _ in range(12):
        picked = rng.sample(grids, rng.choice((2, 3)))
        constraints = tuple(c for g in picked for c in g.variant.constraints)  # type: ignore[union-attr]
        cells = [0] * 36
        for cell in rng.sample(range(36), rng.randint(0, 8)):
            cells[cell] = rng.randint(1, 6)
        puzzle = Grid(Grid.empty(6).shape, tuple(cells), variant=Variant(constraints))
        ours = solve(puzzle, limit=0, budget=3000, backend="jit")
        theirs = solve(puzzle, limit=0, budget=3000, backend="python")
        assert same(ours, theirs)


@dataclass(frozen=True, slots=True, eq=False)
class _Odd(pr.Restrict):
    """A filter class the kernel does not know (a subclass is not its parent)."""


@dataclass(frozen=True, slots=True)
class _OddCorner(Constraint):
    family = "odd corner (test)"
    label = "odd corner"

    def violations(self, board: Board) -> list[Violation]:
        digit = board.at((0, 0))
        return [self.broken("even", [(0, 0)])] if digit and digit % 2 == 0 else []

    def fpuzzles(self) -> tuple[str, object]:
        return "oddcorner", True

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        return pr.Parts((), (_Odd(0, 0b0101),))


def test_an_unknown_filter_falls_back_to_the_reference() -> None:
    puzzle = Grid(Grid.empty(4).shape, (0, 2, 3, 4) + (0,) * 12, variant=Variant((_OddCorner(),)))
    assert _kernel.flatten(model(puzzle)) is None
    result = solve(puzzle, limit=0, backend="jit")
    assert result.exhausted and result.count > 0
    assert all(found.cells[0] == 1 for found in result.found)
    assert result.count == solve(puzzle, limit=0, backend="python").count


def test_a_bad_backend_is_refused() -> None:
    grid, _ = fixture(FAMILY_FILES[0])
    with pytest.raises(ValueError, match="'gpu'"):
        solve(grid, backend="gpu")


def test_grille_warm_compiles_the_kernel() -> None:
    from grille.engine._jit import jit_enabled
    from grille.sudoku.warm import kernel_groups

    if not jit_enabled():
        pytest.skip("GRILLE_JIT=0: nothing compiles")
    assert "variant Sudoku solver" in {group.name for group in kernel_groups({"solve"})}
    assert "variant Sudoku solver" not in {group.name for group in kernel_groups({"rate"})}
