"""Sudoku generation speed per level, grille beside hodoku-py's generator, in one run.

Not a test. For each level it generates ``--count`` 9x9 puzzles (and ``--count16`` 16x16
ones) with grille, seeds 0..count-1, rot180 symmetry, and prints the median and 90th
percentile seconds per puzzle (wall clock, and the process's CPU time, which a shared
machine disturbs less), then how the clue counts and the ER values of what it made are
distributed. Then hodoku-py's ``Generator.generate`` at the matching HoDoKu level, each call
in its own process with a time limit so a slow level cannot stall the run, and the ratio of
the medians.

    .venv/bin/python benchmarks/sudoku_generate.py --count 20 --count16 3 --hodoku-count 3

``--techniques`` times ``generate --technique`` instead (no levels, no hodoku-py): for each
technique, ``--technique-count`` 9x9 puzzles (seeds 0..count-1, rot180), each given up
after ``--technique-limit`` wall seconds or ``--technique-cpu`` CPU seconds (counted as
failed), and prints median and p90 wall seconds and the median CPU seconds per puzzle made,
then the median CPU seconds over every puzzle asked (a failed one counted as slower than
any: "fail" when at least half failed; with an even count the lower middle one) and each
made puzzle's CPU seconds. Which techniques: ``--techniques all`` (every
one that can be asked for), a comma-separated list of names, or ``common``: those used in
at least ``--share`` (default 1 %) of the explained paths of the puzzles of ``--census FILE``
(grille's default ``explain``, steps counted by the ladder technique that found them; the
count is printed, and written to / read back from ``--census-cache`` when given, since it
takes minutes on top1465).

    .venv/bin/python benchmarks/sudoku_generate.py --techniques common \
        --census ../shared/data/sudoku/magictour_top1465.txt --census-cache /tmp/census.tsv \
        --technique-count 10 --technique-limit 60
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from grille.sudoku.generate import GenerateParams, generate
from grille.sudoku.geometry import default_shape
from grille.sudoku.logic.explain import rate
from grille.sudoku.oracle import oracle_for

LEVELS_9 = ("any", "easy", "medium", "hard", "expert", "diabolical", "extreme")
LEVELS_16 = ("any", "easy", "medium", "hard")
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
    """Seconds per puzzle (wall and CPU), with what was made."""

    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    clues: list[int] = field(default_factory=list)
    ers: list[float] = field(default_factory=list)
    failed: int = 0

    @property
    def median(self) -> float:
        """Median wall seconds per puzzle (NaN when none was made)."""
        return statistics.median(self.seconds) if self.seconds else float("nan")

    def row(self, label: str, *, versus: float | None = None, width: int = 24,
            each: bool = False) -> str:
        """One line of the table; ``versus``: another generator's median, for the ratio;
        ``each``: the median CPU seconds over every puzzle asked (a failed one counts as
        slower than any made: "fail" when it is the median) and each made puzzle's CPU
        seconds."""
        if not self.seconds:
            return f"{label:<{width}} {0:>4}   failed {self.failed}"
        cpu = f"{statistics.median(self.cpu):>8.3f}" if self.cpu else f"{'-':>8}"
        ratio = f"   x{versus / self.median:,.0f}" if versus else ""
        line = (
            f"{label:<{width}} {len(self.seconds):>4} {self.median:>8.3f}"
            f" {_p90(self.seconds):>8.3f} {cpu}   failed {self.failed}{ratio}"
        )
        if each and self.cpu:
            asked = sorted(self.cpu) + [float("inf")] * self.failed
            middle = asked[(len(asked) - 1) // 2]  # the lower median, as a puzzle's time
            shown = "fail" if middle == float("inf") else f"{middle:.3f}"
            line += f"   cpu median of all {shown}   each {' '.join(f'{t:.2f}' for t in self.cpu)}"
        return line

    def distributions(self) -> str:
        """Clue counts and ER values as ``value:count`` lists."""
        clues = " ".join(f"{k}:{v}" for k, v in sorted(Counter(self.clues).items()))
        ers = " ".join(f"{k:.1f}:{v}" for k, v in sorted(Counter(self.ers).items()))
        return f"{'':<24}   clues {clues}" + (f"\n{'':<24}   ER    {ers}" if ers else "")


def _p90(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def time_grille(size: int, level: str, count: int, *, rate_them: bool) -> Timings:
    """Generate ``count`` puzzles of ``level`` with grille."""
    timings = Timings()
    for seed in range(count):
        started, started_cpu = time.perf_counter(), time.process_time()
        try:
            puzzle = generate(GenerateParams(size=size, level=level), seed)
        except ValueError:
            timings.failed += 1
            continue
        timings.seconds.append(time.perf_counter() - started)
        timings.cpu.append(time.process_time() - started_cpu)
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
    timings = Timings()
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


def census(path: str, cache: str | None) -> tuple[int, Counter[str]]:
    """How many puzzles of ``path`` there are, and in how many of their explained paths each
    ladder technique finds a step (read from ``cache`` when it exists, else written there)."""
    from grille.sudoku import KIND
    from grille.sudoku.practice import path_techniques

    if cache and os.path.exists(cache):
        with open(cache) as read:
            lines = [line.rstrip("\n") for line in read if not line.startswith("#")]
    else:
        lines = []
        with open(path) as read:
            entries = KIND.read(read.read())
        for entry in entries:
            used = Counter(found.name for found, _ in path_techniques(entry.puzzle))
            lines.append(";".join(f"{name}={count}" for name, count in used.items()))
        if cache:
            with open(cache, "w") as out:
                out.write(f"# ladder techniques of explain's path, one puzzle a line: {path}\n")
                out.writelines(line + "\n" for line in lines)
    used_in: Counter[str] = Counter()
    for line in lines:
        used_in.update(part.rsplit("=", 1)[0] for part in line.split(";") if part)
    return len(lines), used_in


def _practice_once(name: str, seed: int, queue: multiprocessing.Queue[tuple[float, float]],
                   cpu_limit: float | None = None) -> None:
    if cpu_limit:  # the kernel ends the process (SIGXCPU) past this much CPU time
        import resource

        spent = int(time.process_time())
        resource.setrlimit(resource.RLIMIT_CPU, (spent + max(1, round(cpu_limit)), -1))
    started, started_cpu = time.perf_counter(), time.process_time()
    generate(GenerateParams(technique=name), seed)
    queue.put((time.perf_counter() - started, time.process_time() - started_cpu))


def time_technique(name: str, count: int, limit: float, cpu_limit: float | None = None
                   ) -> Timings:
    """``count`` puzzles for technique ``name``, each in a forked process killed after
    ``limit`` wall seconds or ``cpu_limit`` CPU seconds (whole seconds; what a loaded
    machine does not stretch)."""
    timings = Timings()
    context = multiprocessing.get_context("fork")
    for seed in range(count):
        queue: multiprocessing.Queue[tuple[float, float]] = context.Queue()
        process = context.Process(target=_practice_once, args=(name, seed, queue, cpu_limit))
        process.start()
        process.join(limit)
        if process.is_alive():
            process.kill()
            process.join()
        if process.exitcode != 0:
            timings.failed += 1
            continue
        wall, cpu = queue.get()
        timings.seconds.append(wall)
        timings.cpu.append(cpu)
    return timings


def run_techniques(args: argparse.Namespace) -> int:
    """The ``--techniques`` table."""
    from grille.sudoku.practice import NEVER_IN_PATH, find_technique, practice_ladder

    askable = [t.name for t in practice_ladder() if t.name not in NEVER_IN_PATH]
    shares: dict[str, float] = {}
    if args.census:
        total, used_in = census(args.census, args.census_cache)
        print(f"census: {total} puzzles of {args.census}, share of paths using each technique")
        for name, count in used_in.most_common():
            shares[name] = count / total
            print(f"  {name:<34} {count:>5} {100 * count / total:6.1f} %")
    if args.techniques == "all":
        names = askable
    elif args.techniques == "common":
        if not args.census:
            raise SystemExit("--techniques common needs --census FILE")
        names = [name for name in askable if shares.get(name, 0.0) >= args.share]
        left = sorted(name for name, share in shares.items()
                      if share >= args.share and name not in names)
        if left:
            print(f"common but never asked for: {', '.join(left)} (see NEVER_IN_PATH)")
    else:
        names = [find_technique(name).name for name in args.techniques.split(",")]
    oracle_for(default_shape(9)).compile()
    generate(GenerateParams(technique="XY-Chain"), "warm-up")  # the chain kernels
    print(f"{'technique (share of paths)':<44} {'made':>4} {'median s':>8} {'p90 s':>8}"
          f" {'cpu s':>8}")
    for name in names:
        timings = time_technique(name, args.technique_count, args.technique_limit,
                                 args.technique_cpu)
        share = f" ({100 * shares[name]:.1f} %)" if name in shares else ""
        print(timings.row(f"{name}{share}", width=44, each=True), flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--techniques", metavar="WHICH",
                        help="time generate --technique instead: all, common, or names")
    parser.add_argument("--census", metavar="FILE", help="puzzles whose paths say which "
                        "techniques are common")
    parser.add_argument("--census-cache", metavar="FILE", help="the census, reused if present")
    parser.add_argument("--share", type=float, default=0.01,
                        help="the share of paths that makes a technique common (0.01)")
    parser.add_argument("--technique-count", type=int, default=5, help="puzzles per technique")
    parser.add_argument("--technique-limit", type=float, default=60.0,
                        help="seconds before a puzzle is given up (counted as failed)")
    parser.add_argument("--technique-cpu", type=float, metavar="SECONDS",
                        help="CPU seconds before a puzzle is given up (whole seconds; counted "
                        "as failed), beside the wall limit")
    parser.add_argument("--count", type=int, default=10, help="grille 9x9 puzzles per level")
    parser.add_argument("--count16", type=int, default=3, help="grille 16x16 puzzles per level")
    parser.add_argument("--levels16", default=",".join(LEVELS_16),
                        help="16x16 levels, comma-separated (default: %(default)s)")
    parser.add_argument("--hodoku-count", type=int, default=2, help="hodoku-py puzzles per level")
    parser.add_argument("--hodoku-limit", type=float, default=60.0,
                        help="seconds before a hodoku-py call is abandoned (counted as failed)")
    args = parser.parse_args(argv)
    if args.techniques:
        return run_techniques(args)
    oracle_for(default_shape(9)).compile()  # load the compiled kernels before timing
    for level in ("hard", "extreme"):
        generate(GenerateParams(level=level), "warm-up")
    print(f"{'generator, size, level':<24} {'made':>4} {'median s':>8} {'p90 s':>8} {'cpu s':>8}")
    grille_9 = {}
    for level in LEVELS_9:
        grille_9[level] = timings = time_grille(9, level, args.count, rate_them=True)
        print(timings.row(f"grille 9x9 {level}"), timings.distributions(), sep="\n", flush=True)
    for level in filter(None, args.levels16.split(",")):
        timings = time_grille(16, level, args.count16, rate_them=False)
        print(timings.row(f"grille 16x16 {level}"), timings.distributions(), sep="\n", flush=True)
    if not hodoku_available():
        print("hodoku-py: not installed (pip install -e '.[bench]')")
        return 0
    hodoku = {}
    for level in ("EASY", "MEDIUM", "HARD", "UNFAIR", "EXTREME"):
        hodoku[level] = timings = time_hodoku(level, args.hodoku_count, args.hodoku_limit)
        print(timings.row(f"hodoku-py 9x9 {level.lower()}"), flush=True)
    print("grille's speed-up over hodoku-py (median against median, matching levels):")
    for level, theirs in HODOKU_LEVEL.items():
        ours = grille_9[level]
        ratio = hodoku[theirs].median / ours.median if ours.seconds and hodoku[theirs].seconds \
            else float("nan")
        print(f"  {level:<11} ~ {theirs.lower():<8} x{ratio:,.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
