"""The one-call search of puzzles made of all-different groups only
(:mod:`grille.sudoku.variants._groups`: jigsaw, X, extra regions, disjoint groups, anti-king,
anti-knight, plain grids) against the model's kernel and the Python reference (counts,
solutions, nodes, limit and budget), and against CP-SAT; which puzzles take it, and the
ones it hands back to the model."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES
from grille.engine._jit import jit_enabled
from grille.kind import Solutions
from grille.sudoku.grid import Grid
from grille.sudoku.variants import _groups, _kernel
from grille.sudoku.variants import solve as solve_module
from grille.sudoku.variants.families import BY_NAME
from grille.sudoku.variants.families.diagonal import Diagonal
from grille.sudoku.variants.families.disjoint import DisjointGroups
from grille.sudoku.variants.families.jigsaw import Regions
from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.sudoku.variants.model import Variant
from grille.sudoku.variants.solve import model_of, solve

HERE = FIXTURES / "variants"
FIXTURE_FILES = sorted(HERE.glob("*.json"))
BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def fixture(path: Path) -> tuple[Grid, tuple[int, ...] | None]:
    """The fixture's grid and listed solution (``None`` for a bare f-puzzles file)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if "fpuzzles" not in data:
        return from_fpuzzles(data), None
    return from_fpuzzles(data["fpuzzles"]), tuple(int(d) for d in data["solution"])


def solved(path: Path) -> tuple[Grid, tuple[int, ...]]:
    """The fixture's grid and a solution (the reference's first when none is listed)."""
    grid, solution = fixture(path)
    if solution is None:
        found = solve(grid, limit=1, backend="python").solution
        assert found is not None
        solution = found.cells
    return grid, solution


def units_only(grid: Grid) -> bool:
    return grid.variant is None or all(type(c).units_only for c in grid.variant.constraints)


GROUP_FILES = [p for p in FIXTURE_FILES if units_only(fixture(p)[0])]


def by_model(grid: Grid, limit: int, budget: int | None) -> Solutions[Grid]:
    """The search through the model and its flat tables (the path before the groups')."""
    n = grid.size
    model = model_of(grid.variant or Variant(), n, tuple(grid.shape.units[2 * n:]))
    flat = _kernel.flatten(model)
    assert flat is not None
    return solve_module._solve_kernel(grid, flat, limit, budget)


def by_groups(grid: Grid, limit: int, budget: int | None) -> Solutions[Grid]:
    if not jit_enabled():
        pytest.skip("GRILLE_JIT=0: the groups path needs its compiled kernel")
    found = solve_module._solve_groups(grid, limit, budget)
    assert found is not None
    return found


def same(a: Solutions[Grid], b: Solutions[Grid]) -> bool:
    return (a.count, a.nodes, a.exhausted, a.budget_reached, [g.cells for g in a.found]) == (
        b.count, b.nodes, b.exhausted, b.budget_reached, [g.cells for g in b.found])


def revealed(grid: Grid, solution: tuple[int, ...], share: float, rng: random.Random) -> Grid:
    cells = tuple(d or (solution[i] if rng.random() < share else 0)
                  for i, d in enumerate(grid.cells))
    return Grid(grid.shape, cells, variant=grid.variant)


def test_the_fixtures_hold_every_units_only_family() -> None:
    families = {c.family for p in GROUP_FILES for c in (fixture(p)[0].variant or Variant())
                .constraints}
    assert families == {"jigsaw", "x", "extra_region", "disjoint", "anti_king", "anti_knight"}
    assert {name for name, family in BY_NAME.items()
            if all(kind.units_only for kind in family.types)} == families


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_units_only_constraints_give_units_that_depend_on_nothing_else(path: Path) -> None:
    grid, _ = fixture(path)
    assert grid.variant is not None
    n = grid.size
    for constraint in grid.variant.constraints:
        if type(constraint).units_only:
            parts = constraint.solver_parts(n, grid.variant)
            assert parts.filters == () and parts.units
            assert parts == constraint.solver_parts(n, Variant())
        regions = constraint.solver_regions(n)
        assert (regions is not None) == (constraint.family == "jigsaw")


@pytest.mark.parametrize("path", GROUP_FILES, ids=lambda p: p.stem)
def test_the_groups_search_is_the_models_and_the_references(path: Path) -> None:
    grid, solution = solved(path)
    rng = random.Random(path.stem)
    for share in (0.0, 0.2, 0.4):
        puzzle = revealed(grid, solution, share, rng)
        for limit, budget in ((0, 2000), (2, None), (3, 40), (1, 0)):
            ours = by_groups(puzzle, limit, budget)
            assert same(ours, by_model(puzzle, limit, budget)), (share, limit, budget)
            assert same(ours, solve(puzzle, limit=limit, budget=budget, backend="python"))
            if ours.exhausted and ours.count <= 2:
                assert solution in [found.cells for found in ours.found]


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12])
def test_plain_grids_take_the_groups_search(size: int) -> None:
    rng = random.Random(size)
    base = Grid.empty(size)
    first = solve(base, limit=1, backend="python").solution
    assert first is not None
    for share in (0.3, 0.5):
        puzzle = revealed(base, first.cells, share, rng)
        ours = solve(puzzle, limit=2, budget=3000, backend="jit")
        assert same(ours, by_model(puzzle, 2, 3000))
        assert same(ours, solve(puzzle, limit=2, budget=3000, backend="python"))


def mixes(seed: int, count: int) -> list[Grid]:
    """Random 6x6 puzzles: two or three units-only fixtures' constraints at once (jigsaw
    regions in place of the boxes in some), a few random givens each."""
    grids = [fixture(p)[0] for p in GROUP_FILES if fixture(p)[0].size == 6]
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        picked = rng.sample(grids, rng.choice((2, 3)))
        constraints = tuple(dict.fromkeys(c for g in picked for c in g.variant.constraints  # type: ignore[union-attr]
                                          ))
        if sum(c.family == "jigsaw" for c in constraints) > 1:
            constraints = tuple(c for c in constraints if c.family != "jigsaw")
        cells = [0] * 36
        for cell in rng.sample(range(36), rng.randint(0, 7)):
            cells[cell] = rng.randint(1, 6)
        out.append(Grid(Grid.empty(6).shape, tuple(cells), variant=Variant(constraints)))
    return out


def test_random_mixes_agree() -> None:
    assert len({g.size for p in GROUP_FILES for g in [fixture(p)[0]]} - {9}) > 0
    for puzzle in mixes(3, 16):
        ours = by_groups(puzzle, 0, 3000)
        assert same(ours, solve(puzzle, limit=0, budget=3000, backend="python"))
        assert same(ours, by_model(puzzle, 0, 3000))


@pytest.fixture(scope="module")
def cpsat() -> Any:
    """The independent CP-SAT model (``benchmarks/variant_cpsat.py``)."""
    pytest.importorskip("ortools", reason="ortools is not installed (pip install 'grille[test]')")
    spec = importlib.util.spec_from_file_location("variant_cpsat", BENCHMARKS / "variant_cpsat.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_counts_and_solutions_agree_with_cpsat(cpsat: Any) -> None:
    puzzles = mixes(11, 8)
    for path in GROUP_FILES:
        grid, solution = solved(path)
        puzzles.append(revealed(grid, solution, 0.3, random.Random(path.stem)))
    for puzzle in puzzles:
        ours = by_groups(puzzle, 30, None)
        theirs = cpsat.count(puzzle, limit=30)
        assert (ours.count, ours.exhausted) == (theirs.count, theirs.exhausted)
        if ours.count:
            assert theirs.first is not None
            assert any(found.cells == tuple(theirs.first) for found in ours.found) \
                or ours.count > 1


def test_the_groups_search_builds_no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    if not jit_enabled():
        pytest.skip("GRILLE_JIT=0: the groups path needs its compiled kernel")
    jigsaw, _ = fixture(HERE / "jigsaw.json")
    killer, _ = fixture(HERE / "killer.json")
    solve(killer, limit=2, backend="jit")

    def refuse(*args: Any) -> None:
        raise AssertionError("model_of called")

    monkeypatch.setattr(solve_module, "model_of", refuse)
    assert solve(jigsaw, limit=2, backend="jit").solution is not None
    assert solve(Grid.empty(6), limit=2, backend="jit").count == 2
    # a killer is not the groups call's: it answers None and the puzzle goes on elsewhere
    assert solve_module._solve_groups(killer, 2, None) is None


def test_labels_the_kernel_cannot_take_go_through_the_model() -> None:
    grid, solution = solved(HERE / "jigsaw_6x6_unique.json")
    assert grid.variant is not None
    regions = next(c for c in grid.variant.constraints if isinstance(c, Regions))
    wide = Regions(tuple(300 + 7 * r for r in regions.regions))  # the same map, labels > 255
    twice = (regions, Regions(tuple(range(6)) * 6))  # two region constraints
    for constraints in ((wide,), twice):
        puzzle = Grid(grid.shape, grid.cells, variant=Variant(constraints))
        assert solve_module._groups_of(puzzle.variant or Variant(), puzzle.shape) is None
        assert same(solve(puzzle, limit=0, budget=2000, backend="jit"),
                    solve(puzzle, limit=0, budget=2000, backend="python"))
    relabelled = Grid(grid.shape, grid.cells, variant=Variant((wide,)))
    assert solve(relabelled, limit=2, backend="jit").solution == Grid(
        grid.shape, solution, givens=tuple(bool(d) for d in grid.cells), variant=Variant((wide,)))


def test_more_full_units_than_a_word_holds_go_through_the_model() -> None:
    """16x16 with disjoint groups: 48 rows, columns and boxes and 16 groups, 64 full units."""
    puzzle = Grid(Grid.empty(16).shape, (1, 2, 3) + (0,) * 253,
                  variant=Variant((DisjointGroups(),)))
    assert solve_module._solve_groups(puzzle, 1, 50) is None
    assert same(solve(puzzle, limit=1, budget=50, backend="jit"),
                solve(puzzle, limit=1, budget=50, backend="python"))


def test_jigsaw_units_are_its_regions_in_order() -> None:
    rng = random.Random(5)
    for _ in range(20):
        labels = rng.sample(range(40), 6)
        cells = [label for label in labels for _ in range(6)]
        rng.shuffle(cells)
        constraint = Regions(tuple(cells))
        expected = tuple(tuple(r * 6 + c for r, c in unit) for unit in constraint.units(6))
        assert constraint.solver_parts(6, Variant()).units == expected


def kernel_args(grid: Grid) -> tuple[Any, ...]:
    groups = solve_module._groups_of(grid.variant or Variant(), grid.shape)
    assert groups is not None
    return (grid.size, grid.shape.box_rows, bytes(grid.cells), *groups)


def test_the_kernel_refuses_labels_that_are_not_n_regions_of_n_cells() -> None:
    grid = Grid.empty(4)
    n, rows, givens, labels, starts, cells = kernel_args(grid)
    assert labels == b""  # the boxes, numbered in the kernel
    solve_groups = _groups.KERNELS.solve_groups
    for bad in (bytes([0, 1, 2, 3, 4] + [0] * 11), bytes([0] * 5 + [1] * 11),
                bytes([0, 1, 2, 3] * 3)):
        assert solve_groups(n, rows, givens, bad, starts, cells, 2, -1, bytearray(32))[2] == -1
    boxes = bytes(map(grid.shape.box_of, range(16)))
    for given in (labels, boxes):
        assert solve_groups(n, rows, givens, given, starts, cells, 0, -1,
                            bytearray(32))[:1] == (288,)  # the 4x4 Sudoku grids


def test_the_kernel_runs_interpreted_too() -> None:
    """The plain function (what ``GRILLE_JIT=0`` would run) gives the compiled answer."""
    grid = Grid(Grid.empty(4).shape, (1,) + (0,) * 15, variant=Variant((Diagonal(False),)))
    args = kernel_args(grid)
    plain, fast = bytearray(32), bytearray(32)
    assert _groups._solve_groups(*args, 0, -1, plain) == tuple(
        int(x) for x in _groups.KERNELS.solve_groups(*args, 0, -1, fast))
    assert plain == fast
    assert tuple(plain[:16]) in [found.cells for found in
                                 solve(grid, limit=0, backend="python").found]


def test_the_stop_codes_are_the_kernels() -> None:
    assert (solve_module._STOP_DONE, solve_module._STOP_BUDGET) == (
        _kernel.STOP_DONE, _kernel.STOP_BUDGET)


def test_the_lowest_bit_table() -> None:
    for index in range(62):
        for above in (0, 1 << 61, (1 << 62) - 1):
            word = (above >> index << index) | 1 << index
            assert _groups._lowest(word) == index
