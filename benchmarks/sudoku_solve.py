"""Sudoku solving speed: grille against Python-installable solvers, in puzzles per second.

Run from the repository root (peers: ``.venv/bin/pip install -e '.[bench]'``)::

    .venv/bin/python benchmarks/sudoku_solve.py
    .venv/bin/python benchmarks/sudoku_solve.py --quick
    .venv/bin/python benchmarks/sudoku_solve.py --sets kaggle_9999 magictour_top1465 --sample 100

The puzzle sets are the shared ones (``../shared/data/sudoku`` next to the repository, or
``--data``). Every solver runs on one thread. grille's batch path (``solve_lines``) reads
each whole file, bytes to solutions; the one-at-a-time rows call ``solve`` on ``Grid``
objects made beforehand. Slow solvers get a random sample of each set (``--sample``) and
stop after ``--seconds`` per set; the ``puzzles`` column says how many they solved. Each
solver's answers are checked: every unit holds every digit and every clue is kept; solvers
that count up to two solutions must find one (two on the serg set).

``limit`` says what a solver does: 2 = it proves a solution unique (counts up to two),
1 = it stops at the first solution. The last column compares grille's batch path at the
same limit with the solver (how many times faster grille is).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from grille.sudoku import solver as grille_solver
from grille.sudoku.geometry import default_shape
from grille.sudoku.grid import Grid
from grille.sudoku.solver import BatchResult, solve, solve_lines

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sudoku"
DEFAULT_SETS = ("kaggle_9999", "17clue_10k", "magictour_top1465", "forum_hardest_1106_half")
ALL_SETS = (*DEFAULT_SETS, "forum_hardest_1905_11plus_1k", "serg_benchmark_multisolution")
UNITS = default_shape(9).units
DIGITS = "123456789"

Answer = tuple[int, str | None]
"""What a solver says about one puzzle: solutions counted (up to its limit), the first one."""


@dataclass(frozen=True)
class Solver:
    """A solver run one puzzle at a time: ``make`` imports it and returns its solve function."""

    name: str
    limit: int
    make: Callable[[], Callable[[str], Answer]]
    sampled: bool = True


@dataclass(frozen=True)
class Row:
    """One solver on one set."""

    solver: str
    limit: int
    puzzles: int
    rate: float | None
    note: str = ""


# -- the peers ---------------------------------------------------------------------------------


def make_grille(backend: str) -> Callable[[str], Answer]:
    """grille's ``solve`` on a ``Grid`` (made before the clock starts, see :func:`timed`).

    ``auto`` is timed as in a fresh process, where numba is not loaded yet: interpreted,
    moved to the compiled kernel after about ``INTERPRETED_SECONDS`` (once numba is loaded,
    ``auto`` is ``jit``).
    """

    def run(line: str) -> Answer:
        if backend == "auto":
            grille_solver._loaded.clear()
        result = solve(GRIDS[line], backend=backend)
        return result.count, result.solution.line() if result.solution else None

    return run


GRIDS: dict[str, Grid] = {}


def make_hodoku() -> Callable[[str], Answer]:
    """hodoku-py's backtracking solver (HoDoKu's SudokuGenerator, C accelerated)."""
    from hodoku.generator.generator import SudokuGenerator

    generator = SudokuGenerator()

    def run(line: str) -> Answer:
        generator.solve_string(line)
        count = generator.get_solution_count()
        return count, generator.get_solution_as_string() if count else None

    return run


def make_lib_sudoku() -> Callable[[str], Answer]:
    """lib-sudoku (Rust): ``solve`` on a bytearray of 81 digits."""
    import lib_sudoku

    def run(line: str) -> Answer:
        solved = lib_sudoku.solve(bytearray(0 if char == "." else int(char) for char in line))
        text = "".join(map(str, solved))
        return (1, text) if "0" not in text else (0, None)

    return run


def make_py_sudoku() -> Callable[[str], Answer]:
    """py-sudoku: ``Sudoku(3, 3, board=...).solve()``."""
    from sudoku import Sudoku  # type: ignore[import-untyped]

    def run(line: str) -> Answer:
        board = [[None if c == "." else int(c) for c in line[r : r + 9]] for r in range(0, 81, 9)]
        solved = Sudoku(3, 3, board=board).solve()
        text = "".join(str(digit or 0) for row in solved.board for digit in row)
        return (1, text) if "0" not in text else (0, None)

    return run


def make_ortools() -> Callable[[str], Answer]:
    """OR-Tools CP-SAT, one model per puzzle (all-different per unit), one worker."""
    from ortools.sat.python import cp_model

    def run(line: str) -> Answer:
        model = cp_model.CpModel()
        cells = [model.new_int_var(1, 9, f"c{i}") for i in range(81)]
        for unit in UNITS:
            model.add_all_different([cells[cell] for cell in unit])
        for cell, char in enumerate(line):
            if char != ".":
                model.add(cells[cell] == int(char))
        engine = cp_model.CpSolver()
        engine.parameters.num_workers = 1
        if engine.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return 0, None
        return 1, "".join(str(engine.value(cell)) for cell in cells)

    return run


def make_norvig() -> Callable[[str], Answer]:
    """Norvig-style pure Python: candidate strings, propagation on assignment, search."""
    return norvig_solve


PEERS_OF = default_shape(9).peers
UNITS_OF = tuple(tuple(unit for unit in UNITS if cell in unit) for cell in range(81))


def norvig_solve(line: str) -> Answer:
    """Propagate every clue, then search the cell with the fewest candidates, depth first."""
    values = [DIGITS] * 81
    for cell, char in enumerate(line):
        if char in DIGITS and not _assign(values, cell, char):
            return 0, None
    solved = _search(values)
    return (1, "".join(solved)) if solved else (0, None)


def _assign(values: list[str], cell: int, digit: str) -> bool:
    return all(_eliminate(values, cell, other) for other in values[cell].replace(digit, ""))


def _eliminate(values: list[str], cell: int, digit: str) -> bool:
    if digit not in values[cell]:
        return True
    left = values[cell] = values[cell].replace(digit, "")
    if not left:
        return False
    if len(left) == 1 and not all(_eliminate(values, peer, left) for peer in PEERS_OF[cell]):
        return False
    for unit in UNITS_OF[cell]:
        places = [other for other in unit if digit in values[other]]
        if not places or (len(places) == 1 and not _assign(values, places[0], digit)):
            return False
    return True


def _search(values: list[str]) -> list[str] | None:
    open_cells = [cell for cell in range(81) if len(values[cell]) > 1]
    if not open_cells:
        return values
    cell = min(open_cells, key=lambda c: len(values[c]))
    for digit in values[cell]:
        trial = values.copy()
        if _assign(trial, cell, digit):
            solved = _search(trial)
            if solved:
                return solved
    return None


SOLVERS = (
    Solver("grille solve(), auto (fresh process)", 2, lambda: make_grille("auto")),
    Solver("grille solve(), jit", 2, lambda: make_grille("jit"), sampled=False),
    Solver("hodoku-py backtracking", 2, make_hodoku, sampled=False),
    Solver("lib-sudoku", 1, make_lib_sudoku),
    Solver("py-sudoku", 1, make_py_sudoku),
    Solver("OR-Tools CP-SAT", 1, make_ortools),
    Solver("Norvig-style (this script)", 1, make_norvig),
)


# -- measuring ---------------------------------------------------------------------------------


def is_valid(puzzle: str, solution: str | None) -> bool:
    """Every unit holds 1-9 and every clue of ``puzzle`` is kept."""
    if solution is None or len(solution) != 81:
        return False
    if any(sorted(solution[cell] for cell in unit) != list(DIGITS) for unit in UNITS):
        return False
    return all(clue in (".", digit) for clue, digit in zip(puzzle, solution, strict=True))


def expected_count(set_name: str, limit: int) -> int:
    """The count a solver with ``limit`` must report on every puzzle of the set."""
    return min(limit, 2 if "multisolution" in set_name else 1)


def batch_problems(result: BatchResult, set_name: str, limit: int) -> int:
    """How many puzzles of a batch got a wrong count or an invalid solution."""
    units = np.array(UNITS)
    in_units = np.sort(result.solutions[:, units], axis=2)
    valid = (in_units == np.arange(1, 10)).all(axis=(1, 2))
    valid &= ((result.puzzles == 0) | (result.puzzles == result.solutions)).all(axis=1)
    valid &= result.counts == expected_count(set_name, limit)
    return int((~valid).sum())


def time_batch(data: bytes, set_name: str, limit: int, repeats: int, jobs: int = 1) -> Row:
    """grille's batch path on a whole file: the best of ``repeats`` runs."""
    best = float("inf")
    result = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = solve_lines(data, limit=limit, jobs=jobs)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    problems = batch_problems(result, set_name, limit)
    note = f"{problems} wrong" if problems else ""
    name = "grille solve_lines()" + (f", {jobs} threads" if jobs > 1 else "")
    return Row(name, limit, len(result), len(result) / best, note)


def timed(
    solver: Solver, lines: list[str], set_name: str, seconds: float
) -> Row:
    """``solver`` on ``lines`` one at a time, until done or ``seconds`` are spent."""
    try:
        run = solver.make()
    except ImportError as error:
        return Row(solver.name, solver.limit, 0, None, f"not installed ({error.name})")
    GRIDS.update((line, Grid.from_string(line)) for line in lines if line not in GRIDS)
    answers: list[Answer] = []
    spent = 0.0
    for line in lines:
        start = time.perf_counter()
        answers.append(run(line))
        spent += time.perf_counter() - start
        if spent > seconds:
            break
    wrong = sum(
        count != expected_count(set_name, solver.limit) or not is_valid(line, solution)
        for line, (count, solution) in zip(lines, answers, strict=False)
    )
    return Row(solver.name, solver.limit, len(answers), len(answers) / spent,
               f"{wrong} wrong" if wrong else "")


def warm_up() -> float:
    """Load (or compile) the numba kernels; returns the seconds it took."""
    start = time.perf_counter()
    solve_lines("." * 81 + "\n")
    solve(Grid.empty(9), backend="jit")
    return time.perf_counter() - start


def bench_set(set_name: str, data_dir: Path, options: argparse.Namespace) -> Iterator[Row]:
    """Every solver on one set."""
    data = (data_dir / f"{set_name}.txt").read_bytes()
    lines = data.decode().split()
    order = random.Random(f"sample:{set_name}").sample(lines, len(lines))
    repeats = 1 if options.quick else 3
    for limit in (2, 1):
        yield time_batch(data, set_name, limit, repeats)
    if options.jobs > 1:
        yield time_batch(data, set_name, 2, repeats, jobs=options.jobs)
    for solver in SOLVERS:
        chosen = order[: options.sample] if solver.sampled else lines
        yield timed(solver, chosen, set_name, options.seconds)


# -- reporting ---------------------------------------------------------------------------------


def rate_text(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"


def print_set(set_name: str, count: int, rows: list[Row]) -> None:
    """One set's table, with grille's batch rate over each solver's at the same limit."""
    batch = {row.limit: row.rate for row in rows if row.solver == "grille solve_lines()"}
    print(f"\n### {set_name} ({count:,} puzzles)\n")
    print("| solver | limit | puzzles | puzzles/s | grille batch ÷ solver | note |")
    print("|---|---:|---:|---:|---:|---|")
    for row in rows:
        reference = batch.get(row.limit)
        ratio = "-" if row.rate is None or reference is None else f"{reference / row.rate:,.1f}"
        print(f"| {row.solver} | {row.limit} | {row.puzzles:,} | {rate_text(row.rate)} "
              f"| {ratio} | {row.note} |")
    sys.stdout.flush()


def print_summary(results: dict[str, list[Row]]) -> None:
    """Puzzles per second: one row per solver, one column per set."""
    names = list(results)
    print("\n### Summary: puzzles per second (grille batch ÷ solver at the same limit)\n")
    print("| solver | limit | " + " | ".join(names) + " |")
    print("|---|---:|" + "---:|" * len(names))
    solvers = [(row.solver, row.limit) for row in next(iter(results.values()))]
    for solver, limit in solvers:
        cells = []
        for rows in results.values():
            row = next(r for r in rows if (r.solver, r.limit) == (solver, limit))
            batch = next(r.rate for r in rows if r.solver == "grille solve_lines()"
                         and r.limit == limit)
            ratio = "" if row.rate is None or batch is None else f" (×{batch / row.rate:,.1f})"
            cells.append(rate_text(row.rate) + ("" if row.solver.startswith("grille") else ratio))
        print(f"| {solver} | {limit} | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", default=list(DEFAULT_SETS),
                        help=f"set names, or 'all' (default: {' '.join(DEFAULT_SETS)})")
    parser.add_argument("--sample", type=int, default=200,
                        help="puzzles per set for the slow solvers (default 200)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="time budget per slow solver and set (default 10)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="also time solve_lines on this many threads")
    parser.add_argument("--quick", action="store_true",
                        help="sample 30, 2 s per solver and set, one batch run")
    parser.add_argument("--data", type=Path, default=DATA, help=f"puzzle folder ({DATA})")
    options = parser.parse_args(argv)
    if options.quick:
        options.sample = min(options.sample, 30)
        options.seconds = min(options.seconds, 2.0)
    sets = list(ALL_SETS) if options.sets == ["all"] else [s.removesuffix(".txt")
                                                           for s in options.sets]
    if not options.data.is_dir():
        print(f"no puzzle folder at {options.data} (use --data)", file=sys.stderr)
        return 2
    print(f"grille numba kernels loaded in {warm_up():.2f} s (compiled on the first run ever)")
    print(f"slow solvers: a random sample of {options.sample} puzzles per set, "
          f"at most {options.seconds:g} s each")
    results: dict[str, list[Row]] = {}
    for set_name in sets:
        count = len((options.data / f"{set_name}.txt").read_bytes().split())
        results[set_name] = list(bench_set(set_name, options.data, options))
        print_set(set_name, count, results[set_name])
    print_summary(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
