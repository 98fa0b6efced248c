"""Kakuro solve times per puzzle size over the shared set: grille's solver (compiled)
side by side with an OR-Tools CP-SAT model (sum + all-different per run), same run; with
``--generate``, generation times and white shares per size and level instead (with
``--baseline FILE``, beside another version of ``grille/kakuro/generate.py``, seed by seed
in the same run); with ``--density``, the white share of the shared (published) puzzles;
with ``--explain``, the time of ``explain`` on the largest shared puzzle.

The *white share* of a puzzle is its white cells over its inner cells, the cells below the
first row and right of the first column ((rows - 1) x (cols - 1)): those two lines are
clue blocks in every puzzle, so the share says how much of the area a solver fills.

    .venv/bin/python benchmarks/kakuro.py [--limit N]
    .venv/bin/python benchmarks/kakuro.py --generate [--sizes 8 10 ...] [--levels ...] [--count N]
        [--baseline OLD_GENERATE_PY]
    .venv/bin/python benchmarks/kakuro.py --density
    .venv/bin/python benchmarks/kakuro.py --explain
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from types import ModuleType

from grille.kakuro import KakuroGrid
from grille.kakuro.formats import read
from grille.kakuro.solver import solve

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "kakuro"


def cp_sat(grid: KakuroGrid) -> tuple[float, list[int]]:
    """Seconds to solve ``grid`` with CP-SAT (model building included), and the digits."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    model = cp_model.CpModel()
    var = {cell: model.new_int_var(1, 9, f"c{cell}") for cell in grid.whites}
    for run in grid.runs:
        cells = [var[cell] for cell in run.cells]
        model.add_all_different(cells)
        if run.total:
            model.add(sum(cells) == run.total)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    seconds = time.perf_counter() - start
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return seconds, []
    return seconds, [solver.value(var[cell]) for cell in grid.whites]


def white_share(grid: KakuroGrid) -> float:
    """White cells over inner cells (all but the first row and column)."""
    return len(grid.whites) / ((grid.rows - 1) * (grid.cols - 1))


def load_generator(path: str) -> ModuleType:
    """Another version of ``grille/kakuro/generate.py`` (a copy of an older commit's), as a
    module of its own: ``git show main:src/grille/kakuro/generate.py > /tmp/old.py``."""
    spec = importlib.util.spec_from_file_location("grille.kakuro._baseline_generate", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _timed(module: ModuleType, size: int, level: str, seed: int) -> tuple[float, KakuroGrid | None]:
    """CPU seconds to generate one puzzle, and the puzzle (``None``: it failed)."""
    from grille.errors import GrilleError

    start = time.process_time()
    try:
        puzzle = module.generate(module.GenerateParams(rows=size, cols=size, level=level), seed)
    except GrilleError:
        return time.process_time() - start, None
    return time.process_time() - start, puzzle


def _summary(runs: list[tuple[float, KakuroGrid | None]]) -> str:
    made = [(seconds, puzzle) for seconds, puzzle in runs if puzzle is not None]
    failed = len(runs) - len(made)
    count = f"{len(made)}" + (f"/{len(runs)}" if failed else "")
    if not made:
        return f"{count:>5} {'':>8} {'':>6} {'':>6} {'':>6} {'':>6} {'':>6}"
    times = sorted(seconds for seconds, _ in made)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    shares = [white_share(puzzle) for _, puzzle in made]
    whites = statistics.mean(len(puzzle.whites) for _, puzzle in made)
    return (f"{count:>5} {statistics.median(times):>8.2f} {p90:>6.2f} {max(times):>6.2f} "
            f"{whites:>6.0f} {statistics.median(shares):>6.1%} {min(shares):>6.1%}")


def generation(sizes: list[int], levels: list[str], count: int, baseline: str | None) -> None:
    """Median, p90 and max CPU seconds per size and level over seeds 0..count-1 (one
    process, the compiled kernel loaded first), mean white cells, median and lowest white
    share; with a ``baseline`` generator, the same for it (each seed run by both, one after
    the other) and the ratio of the total times (new / baseline)."""
    from grille.kakuro import generate as current
    from grille.kakuro.logic.explain import rate

    generators = [("new", current)]
    if baseline is not None:
        generators.append(("base", load_generator(baseline)))
    for _, module in generators:
        module.generate(module.GenerateParams(rows=10, cols=10), "warm-up")
    columns = f"{'made':>5} {'median s':>8} {'p90 s':>6} {'max s':>6} {'whites':>6} " \
              f"{'white':>6} {'lowest':>6}"
    header = f"{'size':>5} {'level':>9} " + " | ".join(columns for _ in generators)
    print(header + (" | time ratio" if baseline else ""))
    for size in sizes:
        for level in levels:
            runs: dict[str, list[tuple[float, KakuroGrid | None]]] = defaultdict(list)
            for seed in range(count):
                for name, module in generators:
                    seconds, puzzle = _timed(module, size, level, seed)
                    assert puzzle is None or level == "any" or rate(puzzle).level == level
                    runs[name].append((seconds, puzzle))
            line = f"{size:>5} {level:>9} " + " | ".join(_summary(runs[name])
                                                          for name, _ in generators)
            if baseline is not None:
                total = {name: sum(seconds for seconds, _ in runs[name]) for name in runs}
                line += f" | {total['new'] / total['base']:>10.2f}"
            print(line, flush=True)


def published_density() -> None:
    """The white share of the shared puzzles, by the length of their shorter side."""
    puzzles = [entry.puzzle for path in sorted(DATA.glob("*.txt"))
               for entry in read(path.read_text())]
    bands = [(6, 7), (8, 9), (10, 11), (12, 14), (15, 19), (20, 99), (10, 99)]
    print(f"{'sides':>7} {'puzzles':>7} {'median':>7} {'mean':>6} {'p10':>6} {'lowest':>6}")
    for low, high in bands:
        shares = sorted(white_share(grid) for grid in puzzles
                        if low <= min(grid.rows, grid.cols) <= high)
        if shares:
            name = f"{low}-{high}" if high < 99 else f"{low}+"
            print(f"{name:>7} {len(shares):>7} {statistics.median(shares):>7.1%} "
                  f"{statistics.mean(shares):>6.1%} {shares[len(shares) // 10]:>6.1%} "
                  f"{shares[0]:>6.1%}")


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
    parser.add_argument("--baseline", metavar="FILE",
                        help="with --generate: also time this version of generate.py")
    parser.add_argument("--density", action="store_true",
                        help="the white share of the shared (published) puzzles")
    parser.add_argument("--explain", action="store_true", help="time explain on the largest")
    args = parser.parse_args()
    if args.generate:
        generation(args.sizes, args.levels, args.count, args.baseline)
        return 0
    if args.density:
        published_density()
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
