"""Kakuro solve times per puzzle size over the shared set: grille's solver (compiled)
side by side with an OR-Tools CP-SAT model (sum + all-different per run), same run; with
``--generate``, generation times per size and level instead; with ``--explain``, the time
of ``explain`` on the largest shared puzzle.

    .venv/bin/python benchmarks/kakuro.py [--limit N]
    .venv/bin/python benchmarks/kakuro.py --generate [--sizes 8 10 ...] [--levels ...] [--count N]
    .venv/bin/python benchmarks/kakuro.py --explain
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from grille.kakuro import KakuroGrid
from grille.kakuro.formats import read
from grille.kakuro.solver import solve

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "kakuro"


def cp_sat(grid: KakuroGrid) -> tuple[float, list[int]]:
    """Seconds to solve ``grid`` with CP-SAT (model building included), and the digits."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    model = cp_model.CpModel()
    var = {cell: model.NewIntVar(1, 9, f"c{cell}") for cell in grid.whites}
    for run in grid.runs:
        cells = [var[cell] for cell in run.cells]
        model.AddAllDifferent(cells)
        if run.total:
            model.Add(sum(cells) == run.total)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    seconds = time.perf_counter() - start
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return seconds, []
    return seconds, [solver.Value(var[cell]) for cell in grid.whites]


def generation(sizes: list[int], levels: list[str], count: int) -> None:
    """Median, p90 and max seconds per size and level over seeds 0..count-1 (one process,
    the compiled kernel loaded first), with white cells and failures."""
    from grille.errors import GrilleError
    from grille.kakuro.generate import GenerateParams, generate
    from grille.kakuro.logic.explain import rate

    generate(GenerateParams(rows=10, cols=10), "warm-up")
    print(f"{'size':>6} {'level':>10} {'made':>5} {'median s':>9} {'p90 s':>7} {'max s':>7} "
          f"{'whites':>7}")
    for size in sizes:
        for level in levels:
            times, whites, failed = [], [], 0
            for seed in range(count):
                start = time.perf_counter()
                try:
                    puzzle = generate(GenerateParams(rows=size, cols=size, level=level), seed)
                except GrilleError:
                    failed += 1
                    continue
                times.append(time.perf_counter() - start)
                whites.append(len(puzzle.whites))
                assert level == "any" or rate(puzzle).level == level
            if not times:
                print(f"{size:>6} {level:>10} {0:>5}   (all {failed} failed)")
                continue
            ordered = sorted(times)
            p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
            made = f"{len(times)}" + (f"/{len(times) + failed}" if failed else "")
            print(f"{size:>6} {level:>10} {made:>5} {statistics.median(times):>9.2f} "
                  f"{p90:>7.2f} {max(times):>7.2f} {statistics.mean(whites):>7.0f}", flush=True)


def explain_largest() -> None:
    """Seconds to explain the largest shared puzzle (best of two), and its steps."""
    from grille.kakuro.logic.explain import explain

    puzzles = [entry.puzzle for path in sorted(DATA.glob("*.txt"))
               for entry in read(path.read_text())]
    largest = max(puzzles, key=lambda grid: len(grid.whites))
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        result = explain(largest)
        best = min(best, time.perf_counter() - start)
    print(f"explain {largest.meta('id')} ({len(largest.whites)} white cells): {best:.2f} s, "
          f"{len(result.steps)} steps, solved={result.solved}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    parser.add_argument("--generate", action="store_true", help="time the generator")
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 10, 12, 15, 20, 25])
    parser.add_argument("--levels", nargs="+",
                        default=["any", "easy", "medium", "hard", "very hard"])
    parser.add_argument("--count", type=int, default=5, help="seeds per size and level")
    parser.add_argument("--explain", action="store_true", help="time explain on the largest")
    args = parser.parse_args()
    if args.generate:
        generation(args.sizes, args.levels, args.count)
        return 0
    if args.explain:
        explain_largest()
        return 0
    puzzles = []
    for path in sorted(DATA.glob("*.txt")):
        puzzles += [entry.puzzle for entry in read(path.read_text())]
    if args.limit:
        puzzles = puzzles[: args.limit]
    solve(puzzles[0], backend="jit")  # load the compiled kernel
    rows: dict[str, list[tuple[float, float]]] = defaultdict(list)
    largest: tuple[int, str, float, float] = (0, "", 0.0, 0.0)
    for grid in puzzles:
        start = time.perf_counter()
        result = solve(grid, limit=2, backend="jit")
        ours = time.perf_counter() - start
        theirs, digits = cp_sat(grid)
        assert result.unique and result.solution is not None
        assert digits == [result.solution.cells[cell] for cell in grid.whites]
        rows[f"{grid.rows}x{grid.cols}"].append((ours, theirs))
        if len(grid.whites) > largest[0]:
            largest = (len(grid.whites), grid.meta("id") or "?", ours, theirs)
    print(f"{'size':>8} {'n':>4} {'grille ms':>10} {'CP-SAT ms':>10} {'speed-up':>9}")
    total_ours = total_theirs = 0.0
    for size in sorted(rows, key=lambda s: tuple(map(int, s.split("x")))):
        times = rows[size]
        ours = statistics.mean(t[0] for t in times) * 1000
        theirs = statistics.mean(t[1] for t in times) * 1000
        total_ours += sum(t[0] for t in times)
        total_theirs += sum(t[1] for t in times)
        print(f"{size:>8} {len(times):>4} {ours:>10.2f} {theirs:>10.2f} {theirs / ours:>8.1f}x")
    whites, name, ours, theirs = largest
    print(f"all {len(puzzles)}: grille {total_ours:.3f} s (proves uniqueness), CP-SAT "
          f"{total_theirs:.3f} s (one solution), {total_theirs / total_ours:.1f}x")
    print(f"largest ({name}, {whites} white cells): grille {ours * 1000:.1f} ms, "
          f"CP-SAT {theirs * 1000:.1f} ms, {theirs / ours:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
