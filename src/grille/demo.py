"""The main job for now: the toolkit at work on a sample puzzle and on the shared puzzle sets.

It shows candidates, solving, counting, the logical solver and its rating and every grid size
on a Sudoku, a generated puzzle of every other registered kind with rating, hint and
solution, the exact cover engine, and then reads, solves and checks the uniqueness of every
shared Sudoku set.

Run as ``python -m grille.demo [--data DIR]`` (``make run`` does). ``DIR`` defaults to
``../shared/data`` beside the current directory; without it only the samples run.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from grille.kind import Verdict
from grille.kinds import get_kind, kind_infos
from grille.sudoku import Grid

__all__ = ["main"]

SAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
QUEENS_8 = 8


def show_sample() -> None:
    """Candidates and solution of one classic puzzle, and empty grids of other sizes."""
    kind = get_kind("sudoku")
    puzzle = Grid.from_string(SAMPLE)
    print("A 9x9 puzzle (Wikipedia's example), its candidates and its solution:\n")
    print(kind.write([kind.with_candidates(puzzle)], "marks"))
    result = kind.solve(puzzle)
    assert result.solution is not None
    solved = Grid(puzzle.shape, result.solution.cells)
    print(kind.write([solved], "ss"))
    print(f"verdict: {result.verdict.value}, {result.nodes} search node(s)")
    rating = kind.rate(puzzle)
    solve_path = kind.explain(puzzle)
    print(f"{rating.scale_name} rating: {rating}; first step: [{solve_path.scale_name} "
          f"{solve_path.value_text(solve_path.steps[0].difficulty)}] {solve_path.steps[0]}\n")
    for size in (4, 6, 12, 16, 25):
        empty = Grid.empty(size)
        started = time.perf_counter()
        first = kind.solve(empty, limit=1)
        took = time.perf_counter() - started
        assert first.solution is not None
        print(f"an empty {empty.shape} filled in {took * 1000:.1f} ms: "
              f"{first.solution.line()[:size]}...")
    counted = kind.solve(Grid.empty(4), limit=0)
    print(f"an empty 4x4 grid has {counted.count} solutions\n")


def show_other_kinds(shown: str = "sudoku") -> None:
    """A generated puzzle of every registered kind but ``shown`` (at its default size, medium
    or its easiest level): the puzzle, its rating, a hint, its solution."""
    from grille.kind import GenerateOptions

    for info in kind_infos():
        if info.name == shown:
            continue
        kind = get_kind(info.name)
        size, level = info.default_size, "medium" if "medium" in info.levels else info.levels[0]
        started = time.perf_counter()
        puzzle = kind.generate(GenerateOptions(size=size, level=level), "demo")
        took = time.perf_counter() - started
        print(f"a {level} {size} {info.name}, generated in {took:.2f} s:\n")
        print(kind.write([puzzle], kind.default_format))
        rating = kind.rate(puzzle)
        print(f"{rating.scale_name} rating: {rating}")
        print(f"hint: {kind.hint(puzzle, depth=4).text}")
        result = kind.solve(puzzle)
        assert result.solution is not None
        print(f"verdict: {result.verdict.value}; solution:\n")
        print(kind.write([result.solution], kind.default_format))


def show_queens() -> None:
    """The exact cover engine on the n-queens problem."""
    from grille.engine.xcc import count_queens

    started = time.perf_counter()
    found = count_queens(QUEENS_8)
    took = time.perf_counter() - started
    print(f"exact cover engine: {found} ways to place {QUEENS_8} queens ({took * 1000:.0f} ms)\n")


def survey(data: Path) -> None:
    """Read, solve and check the uniqueness of every shared Sudoku set."""
    folder = data / "sudoku"
    files = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not files:
        print(f"no shared puzzle sets at {folder}; skipping the survey")
        return
    kind = get_kind("sudoku")
    print(f"{'set':<40} {'puzzles':>8} {'unique':>8} {'several':>8} {'none':>6} "
          f"{'puzzles/s':>10}")
    for path in files:
        entries = kind.read(path.read_text(), source=str(path))
        started = time.perf_counter()
        results = kind.solve_many([entry.puzzle for entry in entries])
        took = time.perf_counter() - started
        verdicts = Counter(result.verdict for result in results)
        print(f"{path.name:<40} {len(entries):>8} {verdicts[Verdict.UNIQUE]:>8} "
              f"{verdicts[Verdict.SEVERAL]:>8} {verdicts[Verdict.NONE]:>6} "
              f"{len(entries) / took:>10,.0f}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tour; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m grille.demo", description=__doc__)
    parser.add_argument("--data", type=Path, default=Path.cwd().parent / "shared" / "data",
                        help="folder of the shared puzzle sets (default: ../shared/data)")
    args = parser.parse_args(argv)
    show_sample()
    show_other_kinds()
    show_queens()
    survey(args.data)
    print("\nNext: grille --help")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
