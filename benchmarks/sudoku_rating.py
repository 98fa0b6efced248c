"""Sudoku rating: grille's SE-scale ratings against Sudoku Explainer's, and rating speed.

Run from the repository root::

    .venv/bin/python benchmarks/sudoku_rating.py --rated /tmp/se_rated/diabolical_sample.txt
    .venv/bin/python benchmarks/sudoku_rating.py --sets --sample 50 --seconds 60

``--rated FILE`` (fidelity) rates every puzzle of a file that carries Sudoku Explainer's
(SE) ER, one puzzle a line: ``<hash> <81 chars> <ER>``, ``<81 chars> <ER>`` or the same
tab-separated (``0`` or ``.`` for an empty cell). It prints the share of exact ERs and of
ERs within 0.1/0.3/1.0, Spearman's rank correlation (average ranks for ties), the mean
absolute error, a confusion table of SE's ER band against grille's, errors by grille's
hardest technique and by SE's ER, the largest disagreements, and the time per puzzle.
``--with-hodoku`` also rates the puzzles with hodoku-py (within ``--seconds``) and gives the
rank correlation of its score with SE's ER, for reference (its score is not on SE's scale).

``--sets`` (speed and coverage) rates a seeded sample (``--sample``) of each shared puzzle
set (``../shared/data/sudoku`` next to the repository, or ``--data``) with grille's
``rate`` and with hodoku-py's rating path (``hodoku.Solver().rate``: HoDoKu's human-style
solver, level and score), the latter within ``--seconds`` per set as it is slow. It prints
puzzles per second, mean and largest milliseconds per puzzle, how many puzzles grille
solves without trial and error (coverage) and the level distributions, and how many times
faster grille is than hodoku-py on the puzzles both rated.

Every puzzle is rated in this process, one at a time, on one thread; a puzzle cannot be
cut short, so the per-puzzle times are reported instead of a per-puzzle time limit.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from grille.sudoku.grid import Grid
from grille.sudoku.logic.explain import rate
from grille.sudoku.logic.rating import SCALES, Rating

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sudoku"
DEFAULT_SETS = ("kaggle_9999", "17clue_10k", "magictour_top1465", "forum_hardest_1106_half")
TRIAL_AND_ERROR = "Trial and Error"
"""The technique name of grille's last resort (``forcing.trial_and_error``)."""
BANDS: tuple[tuple[str, float], ...] = (
    ("<6", 6.0),
    ("6-7", 7.0),
    ("7-8", 8.0),
    ("8-9", 9.0),
    ("9+", float("inf")),
)
"""ER bands of the confusion table, each with its (exclusive) upper bound."""
SEED = 20240601


# -- input ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rated:
    """A puzzle with SE's ER."""

    label: str
    puzzle: str
    er: float


def parse_rated(path: Path) -> list[Rated]:
    """The puzzles of ``path``: lines ``[<label>] <81 chars> <ER>``, space or tab separated."""
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        fields = line.split()
        if not fields or line.lstrip().startswith("#"):
            continue
        if len(fields) not in (2, 3) or len(fields[-2]) != 81:
            raise ValueError(f"{path}:{number}: expected '[label] <81 chars> <rating>'")
        puzzle = fields[-2].replace("0", ".")
        label = fields[0] if len(fields) == 3 else str(number)
        found.append(Rated(label, puzzle, float(fields[-1])))
    return found


def read_set(data: Path, name: str) -> list[str]:
    """The puzzles of the shared set ``name``."""
    return [line.strip() for line in (data / f"{name}.txt").read_text().splitlines() if line]


def sample(items: Sequence[str], count: int, seed: int = SEED) -> list[str]:
    """``count`` items drawn with a fixed seed (all of them, in order, if there are fewer)."""
    if count <= 0 or count >= len(items):
        return list(items)
    return random.Random(seed).sample(list(items), count)


# -- rating ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timed:
    """grille's rating of one puzzle and the seconds it took."""

    puzzle: str
    rating: Rating
    seconds: float

    @property
    def coverage(self) -> bool:
        """Whether the puzzle was solved without trial and error."""
        return self.rating.solved and all(
            name != TRIAL_AND_ERROR for name, _ in self.rating.techniques
        )


def rate_timed(puzzle: str, nesting: int, scale: str = "se") -> Timed:
    """Rate ``puzzle`` on ``scale`` (parsing outside the clock)."""
    grid = Grid.from_string(puzzle)
    start = time.perf_counter()
    rating = rate(grid, nesting=nesting, scale=scale)
    return Timed(puzzle, rating, time.perf_counter() - start)


def warm_up(nesting: int) -> float:
    """Rate one hard puzzle so that compiled kernels are loaded before timing; the seconds."""
    start = time.perf_counter()
    rate_timed(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        nesting,
    )
    return time.perf_counter() - start


def make_hodoku() -> Callable[[str], tuple[str, int]] | None:
    """hodoku-py's rating path (``Solver().rate``: level and score), or None if not installed."""
    try:
        from hodoku import Solver
    except ImportError:
        return None
    solver = Solver()

    def run(puzzle: str) -> tuple[str, int]:
        result = solver.rate(puzzle)
        return result.level.name.lower(), result.score

    return run


def time_hodoku(
    run: Callable[[str], tuple[str, int]], puzzles: Sequence[str], budget: float
) -> list[tuple[str, str, int, float]]:
    """hodoku-py on ``puzzles`` in order until ``budget`` seconds: (puzzle, level, score, s)."""
    done = []
    spent = 0.0
    for puzzle in puzzles:
        if spent >= budget:
            break
        start = time.perf_counter()
        level, score = run(puzzle)
        seconds = time.perf_counter() - start
        spent += seconds
        done.append((puzzle, level, score, seconds))
    return done


# -- statistics ------------------------------------------------------------------------------------


def ranks(values: Sequence[float]) -> np.ndarray:
    """1-based ranks of ``values``, tied values sharing their average rank."""
    data = np.asarray(values, dtype=float)
    order = np.argsort(data, kind="mergesort")
    result = np.empty(len(data))
    sorted_values = data[order]
    start = 0
    while start < len(data):
        end = start
        while end + 1 < len(data) and sorted_values[end + 1] == sorted_values[start]:
            end += 1
        result[order[start : end + 1]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the average ranks."""
    if len(xs) < 2:
        return float("nan")
    rx, ry = ranks(xs), ranks(ys)
    if rx.std() == 0 or ry.std() == 0:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])


def band(er: float) -> str:
    """The confusion-table band of ``er``."""
    for name, upper in BANDS:
        if er < upper - 1e-9:
            return name
    return BANDS[-1][0]


def share(flags: Sequence[bool]) -> str:
    return f"{100 * sum(flags) / len(flags):.1f} %" if flags else "-"


def milliseconds(seconds: Sequence[float]) -> str:
    """Mean, median, 90th percentile and largest time per puzzle."""
    ms = np.asarray(seconds) * 1000
    return (
        f"mean {ms.mean():.0f} ms, median {np.median(ms):.0f} ms, "
        f"p90 {np.percentile(ms, 90):.0f} ms, max {ms.max():.0f} ms"
    )


def table(header: Sequence[str], rows: Sequence[Sequence[str]], *, left: int = 1) -> str:
    """A Markdown table, the first ``left`` columns left-aligned and the others right-aligned."""
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join(["---"] * left + ["---:"] * (len(header) - left)) + "|")
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return "\n".join(lines)


# -- fidelity --------------------------------------------------------------------------------------


def fidelity(options: argparse.Namespace) -> int:
    puzzles = parse_rated(options.rated)
    if options.sample:
        chosen = {p.puzzle for p in puzzles}
        kept = set(sample(sorted(chosen), options.sample))
        puzzles = [p for p in puzzles if p.puzzle in kept]
    print(f"# Rating fidelity: {options.rated} ({len(puzzles)} puzzles)\n")
    print(f"warm-up (loading compiled kernels): {warm_up(options.nesting):.1f} s")
    results: list[tuple[Rated, Timed]] = []
    out = options.out.open("w") if options.out else None
    for index, item in enumerate(puzzles, 1):
        timed = rate_timed(item.puzzle, options.nesting, options.scale)
        results.append((item, timed))
        if out:
            out.write(
                f"{item.label}\t{item.puzzle}\t{item.er:.1f}\t{timed.rating.er:.1f}\t"
                f"{timed.rating.hardest}\t{timed.seconds:.3f}\n"
            )
            out.flush()
        if index % 50 == 0:
            print(f"  ... {index}/{len(puzzles)}", file=sys.stderr, flush=True)
    if out:
        out.close()
    report_fidelity(results)
    if options.with_hodoku:
        report_hodoku_fidelity(puzzles, options.seconds)
    return 0


def report_fidelity(results: Sequence[tuple[Rated, Timed]]) -> None:
    se = [item.er for item, _ in results]
    ours = [round(timed.rating.er, 1) for _, timed in results]
    diff = [b - a for a, b in zip(se, ours, strict=True)]
    higher, lower = sum(d > 0.05 for d in diff), sum(d < -0.05 for d in diff)
    print(f"\nN = {len(results)}")
    rows = [["exact ER", share([abs(d) < 0.05 for d in diff])]]
    rows += [[f"within ±{t}", share([abs(d) <= t + 0.05 for d in diff])] for t in (0.1, 0.3, 1.0)]
    rows += [
        ["Spearman rank correlation", f"{spearman(se, ours):.3f}"],
        ["mean absolute error", f"{np.mean(np.abs(diff)):.3f}"],
        ["mean signed error (grille - SE)", f"{np.mean(diff):+.3f}"],
        ["grille higher / equal / lower", f"{higher} / {len(diff) - higher - lower} / {lower}"],
        ["solved without trial and error", share([timed.coverage for _, timed in results])],
        ["time per puzzle", milliseconds([timed.seconds for _, timed in results])],
    ]
    print(table(["measure", "value"], rows))

    names = [name for name, _ in BANDS]
    counts = Counter((band(a), band(b)) for a, b in zip(se, ours, strict=True))
    print("\nSE's ER band (rows) against grille's (columns):\n")
    print(table(
        ["SE \\ grille", *names, "total"],
        [
            [name, *(str(counts[name, other]) for other in names),
             str(sum(counts[name, other] for other in names))]
            for name in names
        ],
    ))

    by_technique: dict[str, list[float]] = {}
    for (_, timed), d in zip(results, diff, strict=True):
        by_technique.setdefault(timed.rating.hardest or "-", []).append(d)
    print("\nBy grille's hardest technique (error = grille - SE):\n")
    print(table(
        ["hardest technique", "puzzles", "exact", "mean error", "mean |error|"],
        [
            [name, str(len(ds)), share([abs(d) < 0.05 for d in ds]),
             f"{np.mean(ds):+.2f}", f"{np.mean(np.abs(ds)):.2f}"]
            for name, ds in sorted(by_technique.items(), key=lambda kv: -len(kv[1]))
        ],
    ))

    by_se: dict[float, list[float]] = {}
    for a, b in zip(se, ours, strict=True):
        by_se.setdefault(a, []).append(b)
    print("\nBy SE's ER:\n")
    print(table(
        ["SE ER", "puzzles", "exact", "grille mean ER", "grille min-max"],
        [
            [f"{er:.1f}", str(len(bs)), share([abs(b - er) < 0.05 for b in bs]),
             f"{np.mean(bs):.2f}", f"{min(bs):.1f}-{max(bs):.1f}"]
            for er, bs in sorted(by_se.items())
        ],
    ))

    worst = sorted(
        zip(results, diff, strict=True), key=lambda pair: (-abs(pair[1]), pair[0][0].label)
    )[:10]
    print("\nLargest disagreements:\n")
    print(table(
        ["puzzle", "SE", "grille", "grille's hardest", "ms"],
        [
            [f"`{item.puzzle}`", f"{item.er:.1f}", f"{timed.rating.er:.1f}",
             timed.rating.hardest, f"{1000 * timed.seconds:.0f}"]
            for (item, timed), _ in worst
        ],
    ))


def report_hodoku_fidelity(puzzles: Sequence[Rated], budget: float) -> None:
    run = make_hodoku()
    if run is None:
        print("\nhodoku-py: not installed")
        return
    by_puzzle = {item.puzzle: item.er for item in puzzles}
    done = time_hodoku(run, [item.puzzle for item in puzzles], budget)
    se = [by_puzzle[puzzle] for puzzle, _, _, _ in done]
    scores = [float(score) for _, _, score, _ in done]
    print(
        f"\nhodoku-py score against SE's ER, {len(done)} puzzles in {budget:.0f} s: "
        f"Spearman {spearman(se, scores):.3f}; "
        f"{milliseconds([seconds for *_, seconds in done])}"
    )


# -- speed and coverage ----------------------------------------------------------------------------


def speed(options: argparse.Namespace) -> int:
    names = options.set_names or list(DEFAULT_SETS)
    print(f"# Rating speed and coverage (sample {options.sample} per set, seed {SEED})\n")
    print(f"warm-up (loading compiled kernels): {warm_up(options.nesting):.1f} s\n")
    hodoku = make_hodoku()
    rows = []
    levels = []
    for name in names:
        puzzles = sample(read_set(options.data, name), options.sample)
        if name.startswith("forum") and options.forum_sample:
            puzzles = puzzles[: options.forum_sample]
        ours = []
        spent = 0.0
        for puzzle in puzzles:
            if options.grille_seconds and spent >= options.grille_seconds:
                break
            timed = rate_timed(puzzle, options.nesting, options.scale)
            spent += timed.seconds
            ours.append(timed)
        seconds = [timed.seconds for timed in ours]
        rate_ours = len(ours) / sum(seconds)
        row = [
            name, str(len(ours)), f"{rate_ours:,.1f}",
            f"{1000 * np.mean(seconds):,.0f}", f"{1000 * max(seconds):,.0f}",
            share([timed.coverage for timed in ours]),
        ]
        level_ours = Counter(timed.rating.level for timed in ours)
        level_theirs: Counter[str] = Counter()
        if hodoku is None:
            row += ["not installed", "-", "-", "-"]
        else:
            done = time_hodoku(hodoku, [timed.puzzle for timed in ours], options.seconds)
            level_theirs = Counter(level for _, level, _, _ in done)
            theirs = [s for *_, s in done]
            # the ratio compares the two on the puzzles both rated
            ours_same = sum(seconds[: len(done)])
            ratio = sum(theirs) / ours_same if ours_same else float("nan")
            row += [
                str(len(done)), f"{len(done) / sum(theirs):,.2f}",
                f"{1000 * np.mean(theirs):,.0f}", f"×{ratio:,.1f}",
            ] if done else ["0", "-", "-", "-"]
        rows.append(row)
        levels.append((name, level_ours, level_theirs))
        print(f"  ... {name} done", file=sys.stderr, flush=True)
    print(table(
        ["set", "grille puzzles", "grille /s", "mean ms", "max ms", "no T&E",
         "hodoku puzzles", "hodoku /s", "hodoku mean ms", "grille ÷ hodoku"],
        rows,
    ))
    print("\nLevels (grille; hodoku-py):\n")
    print(table(
        ["set", "grille levels", "hodoku-py levels"],
        [
            [name, ", ".join(f"{k} {v}" for k, v in sorted(ours.items())),
             ", ".join(f"{k} {v}" for k, v in sorted(theirs.items())) or "-"]
            for name, ours, theirs in levels
        ],
        left=3,
    ))
    return 0


# -- main ------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--rated", type=Path, metavar="FILE", help="puzzles with SE's ER")
    mode.add_argument("--sets", dest="set_names", nargs="*", metavar="NAME",
                      help=f"shared sets to time (default: {' '.join(DEFAULT_SETS)})")
    parser.add_argument("--sample", type=int, default=0,
                        help="puzzles per set (--sets, default 50) or from FILE (default all)")
    parser.add_argument("--forum-sample", type=int, default=10,
                        help="at most this many puzzles of the forum sets (default 10; 0: all)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="hodoku-py's time budget per set (default 60)")
    parser.add_argument("--grille-seconds", type=float, default=0.0,
                        help="grille's time budget per set (default 0: the whole sample)")
    parser.add_argument("--nesting", type=int, default=0,
                        help="nested forcing levels passed to rate (default 0)")
    parser.add_argument("--scale", choices=SCALES, default="se",
                        help="rating scale passed to rate: se (default) or sukaku")
    parser.add_argument("--with-hodoku", action="store_true",
                        help="--rated: also rank hodoku-py's score against SE's ER")
    parser.add_argument("--out", type=Path, help="--rated: write per-puzzle results (TSV)")
    parser.add_argument("--data", type=Path, default=DATA, help=f"shared sets (default {DATA})")
    options = parser.parse_args(argv)
    if options.rated:
        return fidelity(options)
    if not options.sample:
        options.sample = 50
    return speed(options)


if __name__ == "__main__":
    sys.exit(main())
