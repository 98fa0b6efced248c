"""Paired timing of HoDoKu's rating: hodoku-py and grille's ``--scale hodoku`` on the same
puzzles, one after the other in one process (so machine load hits both alike). Times are
the process's CPU seconds (``time.process_time``: both run on one thread here), so a loaded
machine does not inflate them.

    PYTHONPATH=src python benchmarks/hodoku_paired_time.py ORACLE_FILE COUNT

ORACLE_FILE is one of helper "hodoku"'s ``/work/oracle/hodoku_<set>.txt`` (tab-separated
lines; the odd rows, the measured half, are timed), COUNT how many.
"""

from __future__ import annotations

import statistics
import sys
import time

import hodoku

from grille.sudoku import parse
from grille.sudoku.logic.hodoku import rate_hodoku

WARM = (
    "..............1..2..3....4.........5...36....27......1.......8...68..3..5..4.2...",
    "..............1..2.34....5.......53.2...16...6..............7.8...4........539...",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
)


def main() -> None:
    path, count = sys.argv[1], int(sys.argv[2])
    for puzzle in WARM:
        rate_hodoku(parse(puzzle))
    solver = hodoku.Solver()
    solver.rate(WARM[0])
    with open(path) as lines:
        rows = [line.split("\t")[1] for line in lines if "\t" in line][1::2][:count]
    ours: list[float] = []
    theirs: list[float] = []
    for puzzle in rows:
        start = time.process_time()
        solver.rate(puzzle)
        theirs.append(time.process_time() - start)
        grid = parse(puzzle)
        start = time.process_time()
        rate_hodoku(grid)
        ours.append(time.process_time() - start)
    ratio = statistics.mean(theirs) / statistics.mean(ours)
    median = statistics.median(a / b for a, b in zip(theirs, ours, strict=True))
    print(f"{path}: {len(rows)} puzzles, CPU: hodoku-py mean "
          f"{1000 * statistics.mean(theirs):.1f} ms, "
          f"grille mean {1000 * statistics.mean(ours):.1f} ms, ratio of means {ratio:.1f}x, "
          f"median ratio {median:.1f}x")


if __name__ == "__main__":
    main()
