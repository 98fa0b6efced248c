"""Takuzu solve and generate times per size: grille beside an OR-Tools CP-SAT model, same run.

Not a test. For each size it generates ``--count`` puzzles with grille (level ``any``:
cleared while the solution stays unique, so the puzzles are minimal), times each
generation, then solves each puzzle with grille's compiled solver (``limit=2``: solving and
proving the solution unique) and with CP-SAT on the same rules (balanced lines, no three
in a row as "every window of three holds one or two 1s", distinct rows and columns by
difference literals), both to the first solution and to a proof of uniqueness (a second
solve with the first solution excluded). Times are medians in milliseconds; CP-SAT runs
with ``--workers`` search workers (default 1) and its time includes building the model.
The first lines report the counts of empty grids with their times.

    .venv/bin/python benchmarks/takuzu.py [--count 5] [--sizes 6,8,10,12,14,16,20,30]
"""

from __future__ import annotations

import argparse
import statistics
import time

from grille.takuzu import TakuzuGrid
from grille.takuzu.generate import GenerateParams, generate
from grille.takuzu.grid import EMPTY
from grille.takuzu.solver import solve


def cp_sat(grid: TakuzuGrid, *, workers: int, prove: bool) -> tuple[float, int]:
    """Seconds to solve ``grid`` with CP-SAT (and, if ``prove``, to exclude a second
    solution), and how many solutions it found (at most 2)."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    h, w = grid.height, grid.width
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x{r}_{c}") for c in range(w)] for r in range(h)]
    for r in range(h):
        for c in range(w):
            if grid[r, c] != EMPTY:
                model.add(x[r][c] == grid[r, c])
    lines = [x[r] for r in range(h)] + [[x[r][c] for r in range(h)] for c in range(w)]
    for line in lines:
        model.add(sum(line) == len(line) // 2)
        for i in range(len(line) - 2):
            model.add_linear_constraint(sum(line[i : i + 3]), 1, 2)
    if grid.unique_lines:
        for group in (lines[:h], lines[h:]):
            for i in range(len(group)):
                for j in range(i + 1, len(group)):
                    diffs = []
                    for a, b in zip(group[i], group[j], strict=True):
                        d = model.new_bool_var("")
                        model.add_bool_xor([a, b, d.negated()])
                        diffs.append(d)
                    model.add_bool_or(diffs)
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = workers
    found = 0
    if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        found = 1
        if prove:
            first = [x[r][c] if solver.value(x[r][c]) else x[r][c].negated()
                     for r in range(h) for c in range(w)]
            model.add_bool_or([lit.negated() for lit in first])
            if solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                found = 2
    return time.perf_counter() - start, found


def _median_ms(values: list[float]) -> float:
    return 1000 * statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="puzzles per size (default 5)")
    parser.add_argument("--sizes", default="6,8,10,12,14,16,20,30",
                        help="square sizes, comma-separated")
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT search workers")
    parser.add_argument("--no-count", action="store_true", help="skip counting empty grids")
    args = parser.parse_args()

    solve(TakuzuGrid.empty(4), limit=0, backend="jit")  # load numba, compile the kernel
    solve(TakuzuGrid.empty(14), limit=2, backend="jit")  # the big-line path too
    if not args.no_count:
        for size, strict in ((4, True), (6, True), (8, True), (4, False), (6, False)):
            start = time.perf_counter()
            result = solve(TakuzuGrid.empty(size, unique_lines=strict), limit=0, backend="jit")
            rules = "" if strict else " (no unique lines)"
            print(f"count {size}x{size}{rules}: {result.count:,} in "
                  f"{time.perf_counter() - start:.2f} s, {result.nodes:,} nodes")
    print()
    header = ("size", "clues", "generate", "grille solve", "CP-SAT first", "CP-SAT unique",
              "speed-up")
    print("{:>6} {:>6} {:>10} {:>13} {:>13} {:>14} {:>9}".format(*header))
    for size in (int(s) for s in args.sizes.split(",")):
        generated, solved, first, unique, clues = [], [], [], [], []
        for seed in range(args.count):
            start = time.perf_counter()
            puzzle = generate(GenerateParams(size, size), seed)
            generated.append(time.perf_counter() - start)
            clues.append(puzzle.clue_count)
            start = time.perf_counter()
            result = solve(puzzle, limit=2, backend="jit")
            solved.append(time.perf_counter() - start)
            assert result.unique
            seconds, found = cp_sat(puzzle, workers=args.workers, prove=False)
            first.append(seconds)
            seconds, found = cp_sat(puzzle, workers=args.workers, prove=True)
            unique.append(seconds)
            assert found == 1
        ratio = statistics.median(unique) / statistics.median(solved)
        print(f"{size:>4}x{size:<1} {statistics.median(clues):>6.0f} "
              f"{_median_ms(generated):>8.1f}ms {_median_ms(solved):>11.2f}ms "
              f"{_median_ms(first):>11.1f}ms {_median_ms(unique):>12.1f}ms {ratio:>8.0f}x")
    shared_data(args.workers)


def shared_data(workers: int) -> None:
    """The same comparison on the shared data (puzzles grille did not make), per size."""
    from collections import defaultdict
    from pathlib import Path

    from grille.takuzu import formats

    folder = Path(__file__).resolve().parents[2] / "shared" / "data" / "takuzu"
    if not folder.is_dir():
        print(f"\n(no shared data at {folder})")
        return
    by_size: dict[str, list[TakuzuGrid]] = defaultdict(list)
    for path in sorted(folder.glob("*.txt")):
        for entry in formats.read(path.read_text()):
            by_size[entry.puzzle.size].append(entry.puzzle)
    print("\nshared data: median ms to solve and prove unique")
    print("{:>6} {:>8} {:>13} {:>14} {:>9}".format("size", "puzzles", "grille solve",
                                                    "CP-SAT unique", "speed-up"))
    for size, puzzles in sorted(by_size.items(), key=lambda item: len(item[1][0].cells)):
        ours, theirs = [], []
        for puzzle in puzzles:
            start = time.perf_counter()
            assert solve(puzzle, limit=2, backend="jit").unique
            ours.append(time.perf_counter() - start)
            theirs.append(cp_sat(puzzle, workers=workers, prove=True)[0])
        ratio = statistics.median(theirs) / statistics.median(ours)
        print(f"{size:>6} {len(puzzles):>8} {_median_ms(ours):>11.2f}ms "
              f"{_median_ms(theirs):>12.1f}ms {ratio:>8.0f}x")


if __name__ == "__main__":
    main()
