"""OR-Tools CP-SAT as an independent reference solver for variant Sudoku (tests, benchmark).

The model is built from the constraint objects themselves (integer variables 1..n, one
``AddAllDifferent`` per row, column, box or region, then one encoding per family), never from
the grille solver's units and filters, so the two solvers share only the puzzle.
Needs ``ortools`` (the test and bench extras); importing this module without it raises
ImportError. It lives beside the benchmarks, not in the package: grille never needs it.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from grille.sudoku.geometry import default_shape
from grille.sudoku.grid import Grid
from grille.sudoku.variants.families._pairs import neighbour_pairs
from grille.sudoku.variants.families.anti_king import MOVES as KING
from grille.sudoku.variants.families.anti_king import AntiKing
from grille.sudoku.variants.families.anti_knight import MOVES as KNIGHT
from grille.sudoku.variants.families.anti_knight import AntiKnight
from grille.sudoku.variants.families.arrow import Arrow
from grille.sudoku.variants.families.diagonal import Diagonal
from grille.sudoku.variants.families.disjoint import DisjointGroups
from grille.sudoku.variants.families.extra import ExtraRegion
from grille.sudoku.variants.families.jigsaw import Regions
from grille.sudoku.variants.families.killer import KillerCage
from grille.sudoku.variants.families.kropki import KropkiDot, KropkiNegative
from grille.sudoku.variants.families.little_killer import LittleKiller
from grille.sudoku.variants.families.odd_even import Parity
from grille.sudoku.variants.families.palindrome import Palindrome
from grille.sudoku.variants.families.renban import Renban
from grille.sudoku.variants.families.sandwich import Sandwich
from grille.sudoku.variants.families.thermo import Thermometer
from grille.sudoku.variants.families.whispers import Whispers
from grille.sudoku.variants.families.xv import SUMS, XV, XVNegative
from grille.sudoku.variants.model import Cell, Constraint

__all__ = ["CpsatResult", "build", "count"]


@dataclass(frozen=True, slots=True)
class CpsatResult:
    """CP-SAT's count (up to the limit), whether it explored everything, the first solution
    (row-major digits) and the seconds spent searching (model building excluded): wall time,
    and ``cpu`` the process's CPU time."""

    count: int
    exhausted: bool
    first: tuple[int, ...] | None
    seconds: float
    cpu: float = 0.0


def build(grid: Grid) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The CP-SAT model of ``grid`` and its cell variables (row-major)."""
    n = grid.size
    model = cp_model.CpModel()
    xs = [model.new_int_var(1, n, f"x{i}") for i in range(n * n)]
    for i, digit in enumerate(grid.cells):
        if digit:
            model.add(xs[i] == digit)

    def at(cell: Cell) -> Any:
        return xs[cell[0] * n + cell[1]]

    constraints = grid.variant.constraints if grid.variant else ()
    jigsaw = any(isinstance(c, Regions) for c in constraints)
    for index, unit in enumerate(grid.shape.units):
        if not (jigsaw and index >= 2 * n):
            model.add_all_different([xs[i] for i in unit])
    for constraint in constraints:
        _ENCODERS[type(constraint)](model, constraint, at, n, constraints)
    return model, xs


def _table(model: cp_model.CpModel, a: Any, b: Any, n: int,
           test: Callable[[int, int], bool]) -> None:
    pairs = [(x, y) for x in range(1, n + 1) for y in range(1, n + 1) if test(x, y)]
    model.add_allowed_assignments([a, b], pairs)


def _sandwich(model: cp_model.CpModel, c: Sandwich, at: Any, n: int) -> None:
    xs = [at(cell) for cell in c.line(n)]
    ones: list[Any] = []
    tops: list[Any] = []
    for i, x in enumerate(xs):
        for digit, store in ((1, ones), (n, tops)):
            flag = model.new_bool_var(f"s{i}_{digit}")
            model.add(x == digit).only_enforce_if(flag)
            model.add(x != digit).only_enforce_if(flag.negated())
            store.append(flag)
    for i, j in itertools.permutations(range(n), 2):
        both = model.new_bool_var(f"p{i}_{j}")
        model.add_bool_and([ones[i], tops[j]]).only_enforce_if(both)
        model.add_bool_or([ones[i].negated(), tops[j].negated(), both])
        a, b = min(i, j), max(i, j)
        model.add(sum(xs[a + 1:b]) == c.total).only_enforce_if(both)


def _arrow(model: cp_model.CpModel, c: Arrow, at: Any, n: int) -> None:
    number = sum(at(cell) * 10 ** (len(c.circle) - 1 - i)
                 for i, cell in enumerate(c.circle))
    model.add(sum(at(cell) for cell in c.shaft()) == number)


def _renban(model: cp_model.CpModel, c: Renban, at: Any, n: int) -> None:
    for line in c.lines:
        xs = [at(cell) for cell in line]
        model.add_all_different(xs)
        low, high = model.new_int_var(1, n, ""), model.new_int_var(1, n, "")
        model.add_min_equality(low, xs)
        model.add_max_equality(high, xs)
        model.add(high - low == len(line) - 1)


def _kropki(c: KropkiDot) -> Callable[[int, int], bool]:
    value = c.value if c.value is not None else 2 if c.black else 1
    if c.black:
        return lambda x, y: x == value * y or y == value * x
    return lambda x, y: abs(x - y) == value


def _negative(model: cp_model.CpModel, n: int, at: Any, marked: set[frozenset[Cell]],
              test: Callable[[int, int], bool]) -> None:
    for a, b in neighbour_pairs(n):
        if frozenset((a, b)) not in marked:
            _table(model, at(a), at(b), n, lambda x, y: not test(x, y))


def _disjoint(model: cp_model.CpModel, at: Any, n: int) -> None:
    shape = default_shape(n)
    for r in range(shape.box_rows):
        for c in range(shape.box_cols):
            model.add_all_different([at((br + r, bc + c)) for br in range(0, n, shape.box_rows)
                                   for bc in range(0, n, shape.box_cols)])


def _apart(model: cp_model.CpModel, at: Any, n: int, moves: Any) -> None:
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    model.add(at((r, c)) != at((r + dr, c + dc)))


def _regions(model: cp_model.CpModel, c: Regions, at: Any, n: int) -> None:
    for unit in c.units(n):
        model.add_all_different([at(x) for x in unit])


def _encoders() -> dict[type[Constraint], Callable[..., None]]:
    def killer(m: Any, c: KillerCage, at: Any, n: int, _: Any) -> None:
        m.add_all_different([at(x) for x in c.cells])
        if c.total is not None:
            m.add(sum(at(x) for x in c.cells) == c.total)

    def thermo(m: Any, c: Thermometer, at: Any, n: int, _: Any) -> None:
        for line in c.lines:
            for a, b in itertools.pairwise(line):
                m.add(at(a) < at(b))

    def whispers(m: Any, c: Whispers, at: Any, n: int, _: Any) -> None:
        gap = c.gap(n)
        for line in c.lines:
            for a, b in itertools.pairwise(line):
                _table(m, at(a), at(b), n, lambda x, y: abs(x - y) >= gap)

    def palindrome(m: Any, c: Palindrome, at: Any, n: int, _: Any) -> None:
        for line in c.lines:
            for a, b in zip(line[: len(line) // 2], reversed(line), strict=False):
                m.add(at(a) == at(b))

    def kropki_negative(m: Any, c: KropkiNegative, at: Any, n: int, cs: Any) -> None:
        marked = {frozenset(d.cells_of()) for d in cs if isinstance(d, KropkiDot)}
        value = 2 if c.black else 1
        _negative(m, n, at, marked, (lambda x, y: x == value * y or y == value * x)
                  if c.black else (lambda x, y: abs(x - y) == value))

    def xv_negative(m: Any, c: XVNegative, at: Any, n: int, cs: Any) -> None:
        marked = {frozenset(d.cells_of()) for d in cs if isinstance(d, XV)}
        _negative(m, n, at, marked, lambda x, y: x + y in (5, 10))

    return {
        Regions: lambda m, c, at, n, _: _regions(m, c, at, n),
        Diagonal: lambda m, c, at, n, _: m.add_all_different([at(x) for x in c.cells_for(n)]),
        ExtraRegion: lambda m, c, at, n, _: m.add_all_different([at(x) for x in c.cells]),
        DisjointGroups: lambda m, c, at, n, _: _disjoint(m, at, n),
        KillerCage: killer,
        LittleKiller: lambda m, c, at, n, _: m.add(sum(at(x) for x in c.cells) == c.total),
        Sandwich: lambda m, c, at, n, _: _sandwich(m, c, at, n),
        Thermometer: thermo,
        Arrow: lambda m, c, at, n, _: _arrow(m, c, at, n),
        KropkiDot: lambda m, c, at, n, _: _table(m, at(c.cells[0]), at(c.cells[1]), n,
                                                  _kropki(c)),
        KropkiNegative: kropki_negative,
        XV: lambda m, c, at, n, _: m.add(at(c.cells[0]) + at(c.cells[1]) == SUMS[c.letter]),
        XVNegative: xv_negative,
        Parity: lambda m, c, at, n, _: m.add_modulo_equality(int(c.odd), at(c.cell), 2),
        AntiKnight: lambda m, c, at, n, _: _apart(m, at, n, KNIGHT),
        AntiKing: lambda m, c, at, n, _: _apart(m, at, n, KING),
        Renban: lambda m, c, at, n, _: _renban(m, c, at, n),
        Whispers: whispers,
        Palindrome: palindrome,
    }


_ENCODERS = _encoders()


class _Counter(cp_model.CpSolverSolutionCallback):
    def __init__(self, xs: list[Any], limit: int) -> None:
        super().__init__()
        self.xs, self.limit, self.count = xs, limit, 0
        self.first: tuple[int, ...] | None = None

    def on_solution_callback(self) -> None:
        self.count += 1
        if self.first is None:
            self.first = tuple(self.value(x) for x in self.xs)
        if self.limit and self.count >= self.limit:
            self.stop_search()


def count(grid: Grid, limit: int = 2, workers: int = 1) -> CpsatResult:
    """Up to ``limit`` solutions of ``grid`` (0 = all) by CP-SAT on ``workers`` threads."""
    model, xs = build(grid)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = workers
    counter = _Counter(xs, limit)
    start, cpu = time.perf_counter(), time.process_time()
    status = solver.solve(model, counter)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    exhausted = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and not (
        limit and counter.count >= limit)
    return CpsatResult(counter.count, exhausted, counter.first, seconds, cpu)
