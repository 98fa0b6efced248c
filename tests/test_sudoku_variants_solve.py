"""Variant Sudoku's exact solver (issue #19, second step): every family's fixture solves, each
filter is checked against the rule check (the reference) by brute force, CP-SAT counts the
same solutions on seeded small puzzles, and the shared data's puzzles (a sample; the
benchmark runs them all) solve to their listed solutions, proven unique."""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES, SHARED_DATA
from grille.sudoku import KIND
from grille.sudoku.grid import Grid
from grille.sudoku.variants.families import BY_NAME
from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.sudoku.variants.model import Board
from grille.sudoku.variants.propagation import Filter, Relation
from grille.sudoku.variants.solve import model_of, propagate, solve

HERE = FIXTURES / "variants"
FAMILY_FILES = sorted(p for p in HERE.glob("*.json") if p.stem in BY_NAME)


def fixture(path: Path) -> tuple[Grid, tuple[int, ...]]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return from_fpuzzles(data["fpuzzles"]), tuple(int(d) for d in data["solution"])


def revealed(grid: Grid, solution: tuple[int, ...], share: float, seed: int) -> Grid:
    """``grid`` with a seeded ``share`` of ``solution``'s cells given as well."""
    rng = random.Random(seed)
    cells = [d or (solution[i] if rng.random() < share else 0) for i, d in enumerate(grid.cells)]
    return Grid(grid.shape, tuple(cells), variant=grid.variant)


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_family_fixture_solves(path: Path) -> None:
    grid, solution = fixture(path)
    result = KIND.solve(grid, limit=2)
    assert result.count >= 1
    assert all(not KIND.check(found) for found in result.found)
    # the listed solution is one: with half of it given, it is among the solutions
    hinted = revealed(grid, solution, 0.5, seed=1)
    every = solve(hinted, limit=0)
    assert every.exhausted and every.count >= 1
    full = solve(Grid(grid.shape, solution, variant=grid.variant))
    assert (full.count, full.exhausted) == (1, True)
    broken = json.loads(path.read_text(encoding="utf-8"))["broken"]
    wrong = Grid(grid.shape, tuple(int(d) for d in broken), variant=grid.variant)
    assert solve(wrong).count == 0


def _supported(flt: Filter, domains: dict[int, int], grid: Grid, distinct: bool,
               family_check: Any) -> dict[int, int] | None:
    """Brute force: per watched cell, the digits some assignment of the watched cells from
    ``domains`` keeps without breaking the constraint (``family_check(values) -> bool``)."""
    cells = list(dict.fromkeys(flt.cells))
    options = [[d for d in range(1, grid.size + 1) if domains[c] >> (d - 1) & 1] for c in cells]
    kept = dict.fromkeys(cells, 0)
    for combo in itertools.product(*options):
        if distinct and len(set(combo)) < len(combo):
            continue
        values = [0] * (grid.size * grid.size)
        for cell, digit in zip(cells, combo, strict=True):
            values[cell] = digit
        if family_check(tuple(values)):
            for cell, digit in zip(cells, combo, strict=True):
                kept[cell] |= 1 << (digit - 1)
    return kept


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_filters_keep_every_digit_the_rule_check_allows(path: Path) -> None:
    """Each filter of the family against the family's own rule check, by brute force over
    random candidate sets of its cells: every digit the check allows stays, and a fixed
    assignment passes the filter exactly when the check passes it."""
    grid, solution = fixture(path)
    assert grid.variant is not None
    variant, n = grid.variant, grid.size
    rng = random.Random(path.stem)
    tried = 0
    for constraint in variant.constraints:
        parts = constraint.solver_parts(n, variant)

        def passes(values: tuple[int, ...], constraint: Any = constraint) -> bool:
            return not constraint.violations(Board(n, values, variant))

        for flt in parts.filters:
            cells = list(dict.fromkeys(flt.cells))
            distinct = not isinstance(flt, Relation) and any(
                set(cells) <= set(unit) for unit in (*parts.units, *_lines_of(cells, n)))
            width = 3 if len(cells) <= 3 else 2
            for _ in range(6):
                domains = {}
                for cell in cells:
                    digits = {solution[cell], *rng.sample(range(1, n + 1), width - 1)}
                    domains[cell] = sum(1 << (d - 1) for d in digits)
                kept = _supported(flt, domains, grid, distinct, passes)
                assert kept is not None
                masks = [0] * (n * n)
                for cell, mask in domains.items():
                    masks[cell] = mask
                out = flt.run(masks)
                if any(kept[c] == 0 for c in cells):
                    continue  # nothing fits: the filter may fail or not
                assert out is not None, (constraint, domains)
                for cell in cells:
                    assert kept[cell] & ~masks[cell] == 0, (constraint, cell, domains, masks)
                tried += 1
            # a fixed assignment: the listed solution passes, and the filter is exact there
            fixed = [1 << (d - 1) for d in solution]
            assert flt.run(fixed) is not None, constraint
    if variant.constraints and any(c.solver_parts(n, variant).filters
                                   for c in variant.constraints):
        assert tried > 0


def _lines_of(cells: list[int], n: int) -> list[tuple[int, ...]]:
    """The row and the column of the cells (a sandwich's cells are one of them)."""
    return [tuple(r * n + c for c in range(n)) for r in range(n)] + [
        tuple(r * n + c for r in range(n)) for c in range(n)]


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_propagation_keeps_the_solution(path: Path) -> None:
    grid, solution = fixture(path)
    assert grid.variant is not None
    model = model_of(grid.variant, grid.size, tuple(grid.shape.units[2 * grid.size:]))
    for seed in range(4):
        hinted = revealed(grid, solution, 0.3, seed)
        full = (1 << grid.size) - 1
        masks = [1 << (d - 1) if d else full for d in hinted.cells]
        assert propagate(model, masks)
        assert all(mask >> (d - 1) & 1 for mask, d in zip(masks, solution, strict=True))


def test_solution_limit_and_budget() -> None:
    grid, _ = fixture(HERE / "killer.json")
    assert solve(grid, limit=3).count == 3
    stopped = solve(grid, limit=0, budget=5)
    assert stopped.budget_reached and not stopped.exhausted and stopped.nodes <= 5


BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def cpsat() -> Any:
    """The independent CP-SAT model (``benchmarks/variant_cpsat.py``; ortools is in the test
    extra), skipping the test where ortools is not installed."""
    pytest.importorskip("ortools", reason="ortools is not installed (pip install 'grille[test]')")
    spec = importlib.util.spec_from_file_location("variant_cpsat", BENCHMARKS / "variant_cpsat.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", FAMILY_FILES, ids=lambda p: p.stem)
def test_counts_agree_with_cpsat(path: Path, cpsat: Any) -> None:
    grid, solution = fixture(path)
    for seed in range(3):
        hinted = revealed(grid, solution, 0.35, seed)
        ours = solve(hinted, limit=40)
        theirs = cpsat.count(hinted, limit=40)
        assert (ours.count, ours.exhausted) == (theirs.count, theirs.exhausted), seed


def test_counts_agree_with_cpsat_on_random_mixed_puzzles(cpsat: Any) -> None:
    """Several fixtures' constraints at once (same 6x6 boxes), a few random givens each."""
    grids = [fixture(p)[0] for p in FAMILY_FILES if p.stem not in ("jigsaw", "disjoint")]
    rng = random.Random(19)
    for _ in range(6):
        picked = rng.sample(grids, 2)
        constraints = tuple(c for g in picked for c in g.variant.constraints)  # type: ignore[union-attr]
        base = Grid.empty(6)
        variant = type(picked[0].variant)(constraints)  # type: ignore[arg-type]
        cells = [0] * 36
        for cell in rng.sample(range(36), 8):
            cells[cell] = rng.randint(1, 6)
        puzzle = Grid(base.shape, tuple(cells), variant=variant)
        ours = solve(puzzle, limit=30)
        theirs = cpsat.count(puzzle, limit=30)
        assert (ours.count, ours.exhausted) == (theirs.count, theirs.exhausted)


SHARED = SHARED_DATA / "sudoku-variants"


SLOW = {"little_killer": 5_000, "mixed": 5_000}
"""Files whose puzzles the solver does not yet prove unique in a test's time: a small budget,
and only the check that nothing contradicts the listed solution (the benchmark tries all)."""

TIGHT = {"renban": 5_000, "sandwich": 5_000}
"""Files the sum reasoning made quick (their three puzzles take at most 2,400 nodes; with
bounds only, most took over 30,000): proven unique within these budgets."""


@pytest.mark.shared_data
def test_shared_puzzles_solve_to_their_listed_solution() -> None:
    """Three puzzles of every shared file (the benchmark solves them all)."""
    if not SHARED.is_dir():
        pytest.skip(f"shared puzzle set {SHARED} is absent (clone without ../shared/data)")
    for path in sorted(SHARED.glob("*.jsonl")):
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line]
        for line in random.Random(path.stem).sample(lines, 3):
            record = json.loads(line)
            budget = SLOW.get(path.stem, TIGHT.get(path.stem, 200_000))
            result = KIND.solve(from_fpuzzles(record["fpuzzles"]), limit=2, budget=budget)
            if path.stem in SLOW:
                assert result.count <= 1
                if result.count == 0:
                    assert result.budget_reached
                    continue
            else:
                assert result.unique, record["id"]
            assert result.solution is not None
            assert "".join(map(str, result.solution.cells)) == record["solution"], record["id"]


def test_cli_solves_counts_and_pencils_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    from grille.cli import main

    path = str(HERE / "thermo.json")
    assert main(["count", path]) == 0
    out, _ = capsys.readouterr()
    assert int(out.split()[-1]) == solve(fixture(HERE / "thermo.json")[0], limit=0).count
    assert main(["candidates", path]) == 1  # several solutions: written without marks
    assert main(["solve", str(HERE / "thermo_downhill.json")]) == 1
    _, err = capsys.readouterr()
    assert "no solution" in err
