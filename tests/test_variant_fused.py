"""The one-call kernel path of the variant solver (:func:`grille.sudoku.variants.solve.
_solve_fused`: the constraints' filters laid out as flat records, the model built and
searched by one compiled call) against the model-and-flatten kernel path and the Python
reference: the same counts, solutions, nodes and stops on every family's fixture, the same
grouped sums, and the fallback when a filter has no flat encoding."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES
from grille.engine._jit import jit_enabled
from grille.sudoku.grid import Grid
from grille.sudoku.variants import _kernel
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants import solve as solver
from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.sudoku.variants.model import Constraint, Variant

HERE = FIXTURES / "variants"
FILES = sorted(HERE.glob("*.json"))

pytestmark = pytest.mark.skipif(not jit_enabled(), reason="GRILLE_JIT=0: the kernel runs "
                                "interpreted, and the one-call path only runs compiled")


@pytest.fixture(scope="module", autouse=True)
def _kernel_loaded() -> None:
    """The one-call path runs once the kernel has run compiled in the process."""
    grid, _ = fixture(HERE / "killer.json")
    solver.solve(grid, limit=2, backend="jit")
    assert solver._loaded


def fixture(path: Path) -> tuple[Grid, tuple[int, ...]]:
    """A fixture's puzzle and solution (the reference's, for a bare f-puzzles file; none
    when it has no solution)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if "fpuzzles" in data:
        return from_fpuzzles(data["fpuzzles"]), tuple(int(d) for d in data["solution"])
    grid = from_fpuzzles(data)
    found = solver.solve(grid, limit=1, backend="python").solution
    return grid, found.cells if found is not None else (0,) * grid.size ** 2


def outcome(result: Any) -> tuple[Any, ...]:
    return (result.count, result.nodes, result.exhausted, result.budget_reached,
            [g.cells for g in result.found], [g.marks for g in result.found])


def by_model(grid: Grid, limit: int, budget: int | None) -> Any:
    """The kernel on the model's flat encoding (the path before the one-call kernel)."""
    n = grid.size
    found = solver.model_of(grid.variant or Variant(), n, tuple(grid.shape.units[2 * n:]))
    flat = _kernel.flatten(found)
    assert flat is not None
    return solver._solve_kernel(grid, flat, limit, budget)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_one_call_searches_as_the_model_path_and_the_reference(path: Path) -> None:
    grid, solution = fixture(path)
    variant = grid.variant or Variant()
    rng = random.Random(path.stem)
    for share in (0.0, 0.3):
        cells = tuple(d or (solution[i] if rng.random() < share else 0)
                      for i, d in enumerate(grid.cells))
        puzzle = Grid(grid.shape, cells, variant=grid.variant)
        for limit, budget in ((2, None), (0, 400), (1, 5)):
            ours = solver._solve_fused(puzzle, variant, limit, budget)
            if ours is None:  # units alone take the model path
                assert not any(c.solver_parts(grid.size, variant).filters
                               for c in variant.constraints), path.stem
                continue
            assert outcome(ours) == outcome(by_model(puzzle, limit, budget)), (share, limit)
            reference = solver.solve(puzzle, limit=limit, budget=budget, backend="python")
            assert outcome(ours) == outcome(reference), (share, limit, budget)


def test_solve_takes_the_one_call_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the kernel is loaded, ``solve`` builds no model and flattens nothing."""
    grid, solution = fixture(HERE / "thermo_arrow_kropki_6x6_unique.json")

    def refuse(*args: object) -> None:
        raise AssertionError("the model path ran")

    monkeypatch.setattr(solver, "model_of", refuse)
    monkeypatch.setattr(_kernel, "flatten", refuse)
    result = solver.solve(grid, limit=2, backend="jit")
    assert result.unique and result.solution is not None
    assert result.solution.cells == solution


@pytest.mark.parametrize("name", ["arrow", "little_killer", "killer", "thermo", "jigsaw"])
def test_the_filters_learn_the_same_peers(name: str) -> None:
    """Grouped sums group their terms by the same peers as the model's (the layout's
    grown by the puzzle's units), and those peers are the model's."""
    grid, _ = fixture(HERE / f"{name}.json")
    variant = grid.variant or Variant()
    n = grid.size
    found = solver.model_of(variant, n, tuple(grid.shape.units[2 * n:]))
    parts = [c.solver_parts(n, variant) for c in variant.constraints]
    units = [unit for part in parts for unit in part.units]
    regions = any(part.regions for part in parts)
    layout = solver.layout_of(n, () if regions else tuple(grid.shape.units[2 * n:]))
    sees = solver._UnitPeers(layout, units)
    for cell in range(n * n):
        assert set(sees[cell]) == {cell, *found.peers[cell]}, (name, cell)
    filters = [flt.with_peers(sees, n) for part in parts for flt in part.filters]
    assert len(filters) == len(found.filters)
    for ours, theirs in zip(filters, found.filters, strict=True):
        assert type(ours) is type(theirs)
        if isinstance(ours, pr.SumTo):
            assert isinstance(theirs, pr.SumTo)
            assert (ours.terms, ours.starts, ours.total, ours.target) == (
                theirs.terms, theirs.starts, theirs.total, theirs.target)
    if name in ("arrow", "little_killer"):
        assert any(isinstance(f, pr.SumTo) and f.starts for f in filters)


def test_records_share_each_relation_table() -> None:
    """A relation's record names its table in the shared tables, which hold each table
    once, whatever the puzzle."""
    grid, _ = fixture(HERE / "xv.json")
    variant = grid.variant or Variant()
    n = grid.size
    filters = [f for c in variant.constraints for f in c.solver_parts(n, variant).filters]
    relations = [f for f in filters if isinstance(f, pr.Relation)]
    encoded = _kernel.records_of(filters, n)
    assert encoded is not None
    records, _ = encoded
    before = len(_kernel.TABLES)
    assert _kernel.records_of(filters, n) == encoded  # the same records, no new table
    assert len(_kernel.TABLES) == before
    laid = []
    at = 0
    while at < len(records):  # each record: its kind, how many numbers follow, the numbers
        if records[at] == _kernel.RELATION:
            laid.append(records[at + 2:at + 5])
        at += 2 + records[at + 1]
    assert len(laid) == len(relations)
    for (a, b, table), flt in zip(laid, relations, strict=True):
        assert (a, b) == (flt.a, flt.b)
        images = _kernel.relation_images(flt.forward, flt.backward)
        assert _kernel.TABLES[table:table + len(images)] == list(images)


def laid_out(grid: Grid, direct: bool) -> tuple[Any, ...]:
    """Every constraint of ``grid`` laid into records: by its own ``solver_records``, or by
    the default one (through its ``solver_parts``)."""
    variant = grid.variant or Variant()
    out = _kernel.Records(grid.size)
    for constraint in variant.constraints:
        lay = constraint.solver_records if direct else partial(
            Constraint.solver_records, constraint)
        assert lay(grid.size, variant, out)
    return (out.units, out.laid_out(), out.regions, out.scratch,
            [(at, type(flt), flt.cells) for at, flt in out.deferred])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_families_lay_out_what_their_parts_hold(path: Path) -> None:
    """A family that lays its records out itself lays the same units and records, in the
    same order, as its solver parts."""
    grid, _ = fixture(path)
    assert laid_out(grid, True) == laid_out(grid, False)


def test_cage_records_are_remembered_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cage's record, laid out afresh, remembered, or after the remembered ones were
    cleared (the table full), is the one its CageSum filter encodes to: every count and
    total of a 6x6 (totals with no digit set, and past any, included)."""
    monkeypatch.setattr(_kernel, "_CAGE_LAID", {})
    monkeypatch.setattr(_kernel, "_CAGE_LAID_SIZE", 50)
    n = 6
    for _ in range(2):  # laid out, then remembered (cleared on the way when full)
        for count in range(1, n + 1):
            cells = tuple(range(3, 3 + count))
            for total in (*range(23), 10**9):
                out = _kernel.Records(n)
                out.cage(cells, total)
                code, numbers, _ = _kernel.ENCODERS[pr.CageSum](
                    pr.CageSum(cells, n, total), n)
                assert out.records == [code, len(numbers), *numbers]
                assert len(_kernel._CAGE_LAID) <= 50


@pytest.mark.parametrize("negative", ["xv", "nonconsecutive", "ratio"])
def test_negative_rules_lay_out_every_unmarked_pair(negative: str) -> None:
    """All XV / Kropki dots given: every unmarked neighbour pair's relation, marked pairs
    left out, as the solver parts hold them (the blocks are laid out once per size)."""
    data: dict[str, Any] = json.loads((HERE / ("xv.json" if negative == "xv" else
                                               "kropki.json")).read_text(encoding="utf-8"))
    puzzle = dict(data["fpuzzles"])
    if negative == "nonconsecutive":
        puzzle["nonconsecutive"] = True
    else:
        puzzle["negative"] = [negative]
    grid = from_fpuzzles(puzzle)
    variant = grid.variant or Variant()
    assert any(not c.cells_of() for c in variant.constraints)  # the negative rule is there
    for _ in range(2):  # the block built, then the block remembered
        assert laid_out(grid, True) == laid_out(grid, False)
    result = solver._solve_fused(grid, variant, 2, 2000)
    assert result is not None
    assert outcome(result) == outcome(solver.solve(grid, limit=2, budget=2000,
                                                   backend="python"))


def test_marks_written_either_way_round_leave_their_pair_out() -> None:
    """A mark whose cells are written right to left or bottom to top (and one written
    twice) leaves its pair out of the negative rule's records as the solver parts do."""
    from grille.sudoku.variants.families.kropki import KropkiDot, KropkiNegative
    from grille.sudoku.variants.families.xv import XV, XVNegative

    xv = Variant((XV(((0, 1), (0, 0)), "X"), XV(((2, 3), (1, 3)), "V"),
                  XV(((4, 4), (4, 5)), "X"), XV(((4, 5), (4, 4)), "X"), XVNegative()))
    dots = Variant((KropkiNegative(False), KropkiDot(((3, 2), (2, 2)), False),
                    KropkiDot(((5, 6), (5, 5)), True), KropkiNegative(True)))
    for variant in (xv, dots):
        grid = Grid(Grid.empty(9).shape, (0,) * 81, variant=variant)
        direct, by_parts = laid_out(grid, True), laid_out(grid, False)
        assert direct == by_parts
        relations = [f for c in variant.constraints
                     for f in c.solver_parts(9, variant).filters]
        marked = sum(len(c.cells_of()) == 2 for c in variant.constraints)
        assert len(relations) == marked + (2 * 9 * 8 - (3 if variant is xv else 2)) * (
            1 if variant is xv else 2)


def test_units_alone_take_the_model_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle of units and no filter (X) gets no records; its classes are remembered,
    and the next such puzzle goes straight to the model path, with the same answer."""
    data: dict[str, Any] = json.loads((HERE / "x.json").read_text(encoding="utf-8"))
    solution = tuple(int(d) for d in data["solution"])
    cells = tuple(d if i % 3 else 0 for i, d in enumerate(solution))  # two thirds given
    grid = Grid(from_fpuzzles(data["fpuzzles"]).shape, cells,
                variant=from_fpuzzles(data["fpuzzles"]).variant)
    variant = grid.variant or Variant()
    solver._UNITS_ONLY.clear()
    assert solver._solve_fused(grid, variant, 2, None) is None
    assert frozenset(map(type, variant.constraints)) in solver._UNITS_ONLY

    def refuse(*args: object) -> None:
        raise AssertionError("the one-call path ran")

    monkeypatch.setattr(solver, "_solve_fused", refuse)
    result = solver.solve(grid, limit=2, budget=500, backend="jit")
    assert outcome(result) == outcome(solver.solve(grid, limit=2, budget=500,
                                                   backend="python"))
    assert result.count and result.found[0].cells == solution


def test_a_filter_without_encoding_falls_back() -> None:
    """A filter class the kernel does not know: no records, and ``solve`` still answers
    (through the reference engine)."""

    class Odd(pr.Restrict):
        """Not a Restrict for the kernel (a subclass may reason otherwise)."""

    assert _kernel.records_of([Odd(0, 0b0101)], 4) is None
    grid, solution = fixture(HERE / "killer_4x4_unique.json")
    result = solver.solve(grid, limit=2, backend="jit")
    assert result.unique and result.solution is not None
    assert result.solution.cells == solution


@pytest.mark.parametrize("name", ["killer_4x4_unique", "jigsaw_6x6_unique", "x"])
@pytest.mark.parametrize("path", ["jit", "model"])
def test_solution_grids_are_the_references(name: str, path: str) -> None:
    """The grids every compiled path returns (the groups path for jigsaw and X, the
    one-call path for killer, the model's kernel) equal the reference's field by field
    (clues, no marks, metadata, variant), though they skip the checks of ``with_cells``;
    a puzzle with marks, a digit entered that is no clue, and one with two solutions."""
    grid, solution = fixture(HERE / f"{name}.json")
    n = grid.size
    empty = [i for i, d in enumerate(grid.cells) if not d]
    givens = tuple(map(bool, grid.cells))  # the digit entered below is not a clue
    cells = tuple(d or (solution[i] if i == empty[0] else 0) for i, d in enumerate(grid.cells))
    marked = Grid(grid.shape, cells, givens, ((1 << n) - 1,) * (n * n), (("title", name),),
                  grid.variant)
    for puzzle in (grid, marked, Grid(grid.shape, (0,) * n * n, variant=grid.variant)):
        reference = solver.solve(puzzle, limit=2, backend="python")
        ours = (solver.solve(puzzle, limit=2, backend="jit") if path == "jit"
                else by_model(puzzle, 2, None))
        assert ours.found == reference.found and ours.count == reference.count
        clues = puzzle.givens or tuple(map(bool, puzzle.cells))
        assert all(g.marks is None and g.givens == clues for g in ours.found)
