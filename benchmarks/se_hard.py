"""SE's hard end: grille's default rating of puzzles Sudoku Explainer rated, band by band.

Run from the repository root, on files of ``<81 chars> <ER> <EP> <ED> [seconds]`` lines
(serate's ``--format="%r %p %d"`` with the seconds its call took, ``#`` lines skipped, lines
without a rating skipped)::

    .venv/bin/python benchmarks/se_hard.py ../oracle/se_hard_1106_1-40.txt [--nesting 5]

Each puzzle is rated in this process, one at a time, with ``grille.sudoku.logic.explain.rate``
at its defaults (SE's whole ladder) after a warm-up. Prints one line per puzzle (SE's and
grille's ER/EP/ED, seconds of each, wall and CPU for grille), then per SE band (9.5-9.9,
10.0-10.9, 11.0-11.9, and what else appears) the exact ER/EP/ED counts, those within 0.1, and
mean and p90 seconds of grille and of SE.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from grille.sudoku.grid import Grid
from grille.sudoku.logic.explain import MAX_NESTING, rate

BANDS = ((0.0, 9.5, "<9.5"), (9.5, 10.0, "9.5-9.9"), (10.0, 11.0, "10.0-10.9"),
         (11.0, 12.0, "11.0-11.9"), (12.0, 99.0, "12+"))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Row:
    """One puzzle: SE's rating and seconds, grille's rating, wall and CPU seconds."""

    puzzle: str
    se: tuple[float, float, float]
    se_seconds: float
    ours: tuple[float, float, float]
    wall: float
    cpu: float


def read(paths: list[Path]) -> list[tuple[str, tuple[float, float, float], float]]:
    """The rated puzzles of ``paths``."""
    found = []
    for path in paths:
        for line in path.read_text().splitlines():
            fields = line.split()
            if not fields or line.startswith("#") or len(fields) < 4:
                continue
            try:
                er, ep, ed = (float(x) for x in fields[1:4])
            except ValueError:  # no rating: serate ran out of time
                continue
            try:
                seconds = float(fields[4]) if len(fields) > 4 else float("nan")
            except ValueError:  # another writer's time format
                seconds = float("nan")
            found.append((fields[0], (er, ep, ed), seconds))
    return found


def band(er: float) -> str:
    """SE's band of ``er``."""
    return next(name for low, high, name in BANDS if low <= er < high)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--nesting", type=int, default=MAX_NESTING)
    options = parser.parse_args(argv)
    rated = read(options.files)
    start = time.perf_counter()
    rate(Grid.from_string(rated[0][0]), nesting=options.nesting)  # warm-up: load the kernels
    print(f"warm-up {time.perf_counter() - start:.1f} s; {len(rated)} puzzles")
    rows = []
    for puzzle, se, se_seconds in rated:
        wall, cpu = time.perf_counter(), time.process_time()
        rating = rate(Grid.from_string(puzzle), nesting=options.nesting)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        ours = (rating.er, rating.ep, rating.ed)
        rows.append(Row(puzzle, se, se_seconds, ours, wall, cpu))
        print(f"{puzzle} SE {se[0]:.1f} {se[1]:.1f} {se[2]:.1f} ({se_seconds:.0f} s)  grille "
              f"{ours[0]:.1f} {ours[1]:.1f} {ours[2]:.1f} ({wall:.1f} s, CPU {cpu:.1f} s)"
              f"{'' if ours == se else '  *'}", flush=True)
    print(f"\n{'band':10} {'n':>3} {'ER':>7} {'EP':>7} {'ED':>7} {'ER±0.1':>7} "
          f"{'grille mean/p90 s':>18} {'CPU mean/p90 s':>15} {'SE mean/p90 s':>14}")
    for _, _, name in BANDS:
        group = [row for row in rows if band(row.se[0]) == name]
        if not group:
            continue

        def exact(i: int, group: list[Row] = group) -> str:
            return f"{sum(round(r.ours[i], 1) == r.se[i] for r in group)}/{len(group)}"

        near = sum(abs(r.ours[0] - r.se[0]) <= 0.1 + 1e-9 for r in group)
        walls = np.array([r.wall for r in group])
        cpus = np.array([r.cpu for r in group])
        ses = np.array([r.se_seconds for r in group])
        print(f"{name:10} {len(group):3} {exact(0):>7} {exact(1):>7} {exact(2):>7} "
              f"{near:>3}/{len(group):<3} {walls.mean():8.1f} /{np.percentile(walls, 90):6.1f}  "
              f"{cpus.mean():6.1f} /{np.percentile(cpus, 90):6.1f} "
              f"{np.nanmean(ses):6.0f} /{np.nanpercentile(ses, 90):5.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
