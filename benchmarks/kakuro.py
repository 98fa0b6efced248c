"""Kakuro solve times per puzzle size over the shared set: grille's solver (compiled)
side by side with an OR-Tools CP-SAT model (sum + all-different per run), same run.

    .venv/bin/python benchmarks/kakuro.py [--limit N]
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    args = parser.parse_args()
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
