"""Sudoku generation speed per level, grille beside hodoku-py's generator, in one run.

Not a test. For each level it generates ``--count`` puzzles with grille (seeds 0..count-1,
rot180 symmetry) and prints the median and 90th percentile seconds per puzzle, the clue
counts and the ER values of what it made; then hodoku-py's ``Generator.generate`` at the
matching HoDoKu level, each call in its own process with a time limit so a slow level
cannot stall the run.

    .venv/bin/python benchmarks/sudoku_generate.py --count 20 --hodoku-count 3
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from grille.sudoku.generate import GenerateParams, generate
from grille.sudoku.logic.explain import rate

LEVELS_9 = ("any", "easy", "medium", "hard", "expert", "diabolical", "extreme")
LEVELS_16 = ("any", "easy", "medium")
HODOKU_LEVEL = {
    "easy": "EASY",
    "medium": "MEDIUM",
    "hard": "HARD",
    "expert": "UNFAIR",
    "diabolical": "UNFAIR",
    "extreme": "EXTREME",
}
"""The HoDoKu level compared with each grille level (HoDoKu has five, grille six)."""


@dataclass
class Timings:
    """Seconds per puzzle, with what was made."""

    seconds: list[float]
    clues: list[int]
    ers: list[float]
    failed: int = 0

    def row(self, label: str) -> str:
        """One line of the table."""
        if not self.seconds:
            return f"{label:<28} {'-':>6} {'-':>8} {'-':>8}   failed {self.failed}"
        ordered = sorted(self.seconds)
        p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
        clue_text = f"{min(self.clues)}-{max(self.clues)}" if self.clues else "-"
        er_text = f"{min(self.ers):.1f}-{max(self.ers):.1f}" if self.ers else "-"
        return (
            f"{label:<28} {len(self.seconds):>6} {statistics.median(ordered):>8.3f} {p90:>8.3f}"
            f"   clues {clue_text:<7} ER {er_text:<9} failed {self.failed}"
        )


def time_grille(size: int, level: str, count: int, *, rate_them: bool) -> Timings:
    """Generate ``count`` puzzles of ``level`` with grille."""
    timings = Timings([], [], [])
    for seed in range(count):
        started = time.perf_counter()
        try:
            puzzle = generate(GenerateParams(size=size, level=level, attempts=100), seed)
        except ValueError:
            timings.failed += 1
            continue
        timings.seconds.append(time.perf_counter() - started)
        timings.clues.append(puzzle.clue_count)
        if rate_them:
            timings.ers.append(rate(puzzle).er)
    return timings


def _hodoku_once(level: str, queue: multiprocessing.Queue[str]) -> None:
    from hodoku.api import Generator
    from hodoku.core.types import DifficultyType

    queue.put(Generator().generate(DifficultyType[level], symmetric=True))


def time_hodoku(level: str, count: int, limit: float) -> Timings:
    """``count`` calls of hodoku-py's generator at ``level``, each killed after ``limit`` s."""
    timings = Timings([], [], [])
    context = multiprocessing.get_context("fork")
    for _ in range(count):
        queue: multiprocessing.Queue[str] = context.Queue()
        process = context.Process(target=_hodoku_once, args=(level, queue))
        started = time.perf_counter()
        process.start()
        process.join(limit)
        if process.is_alive():
            process.kill()
            process.join()
            timings.failed += 1
            continue
        if process.exitcode != 0:
            timings.failed += 1
            continue
        timings.seconds.append(time.perf_counter() - started)
        made = queue.get()
        timings.clues.append(sum(char not in ".0" for char in made))
    return timings


def hodoku_available() -> bool:
    """Whether hodoku-py imports."""
    try:
        import hodoku.api  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10, help="grille puzzles per level")
    parser.add_argument("--count16", type=int, default=5, help="grille 16x16 puzzles per level")
    parser.add_argument("--hodoku-count", type=int, default=2, help="hodoku-py puzzles per level")
    parser.add_argument("--hodoku-limit", type=float, default=60.0,
                        help="seconds before a hodoku-py call is abandoned (counted as failed)")
    args = parser.parse_args(argv)
    generate(GenerateParams(), "warm-up")  # load the compiled kernels once
    header = f"{'generator, size, level':<28} {'made':>6} {'median s':>8} {'p90 s':>8}"
    print(header)
    for level in LEVELS_9:
        print(time_grille(9, level, args.count, rate_them=True).row(f"grille 9x9 {level}"),
              flush=True)
    for level in LEVELS_16:
        timings = time_grille(16, level, args.count16, rate_them=False)
        print(timings.row(f"grille 16x16 {level}"), flush=True)
    if not hodoku_available():
        print("hodoku-py: not installed (pip install -e '.[bench]')")
        return 0
    for level in ("EASY", "MEDIUM", "HARD", "UNFAIR", "EXTREME"):
        timings = time_hodoku(level, args.hodoku_count, args.hodoku_limit)
        print(timings.row(f"hodoku-py 9x9 {level.lower()}"), flush=True)
    print("grille levels compared with HoDoKu's: "
          + ", ".join(f"{g}~{h.lower()}" for g, h in HODOKU_LEVEL.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
