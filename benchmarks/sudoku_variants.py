"""Variant Sudoku: grille's exact solver against OR-Tools CP-SAT, file by file.

Not a test. For every file of ``../shared/data/sudoku-variants`` (or ``--files``), each puzzle
(or a seeded ``--sample`` of each file) is solved and proven unique (limit 2) by grille's
variant solver (``grille.sudoku.variants.solve``) and by CP-SAT on one worker, with the
model built from the same constraint objects (``benchmarks/variant_cpsat.py``; building
excluded from its time). Both answers are checked against the listed solution. grille gets
a node ``--budget`` per puzzle; a puzzle it does not finish within it counts as failed (its
time still counts). Prints one row a file: puzzles, grille's and CP-SAT's median and max
seconds, the ratio of the medians (CP-SAT / grille: above 1, grille is faster), failures.

    .venv/bin/python benchmarks/sudoku_variants.py [--sample N] [--files x killer ...]
        [--budget 200000] [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

import variant_cpsat as cpsat  # beside this script

from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.sudoku.variants.solve import solve

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku-variants"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--files", nargs="*", default=None)
    parser.add_argument("--sample", type=int, default=0, help="puzzles per file (0: all)")
    parser.add_argument("--budget", type=int, default=200_000)
    args = parser.parse_args(argv)
    paths = sorted(args.data.glob("*.jsonl"))
    if args.files:
        paths = [p for p in paths if p.stem in args.files]
    print(f"{'file':<16} {'n':>4} {'grille med':>10} {'grille max':>10} {'cpsat med':>10} "
          f"{'cpsat max':>10} {'ratio':>7} {'failed':>6}")
    for path in paths:
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                   if line]
        if args.sample and args.sample < len(records):
            records = random.Random(path.stem).sample(records, args.sample)
        ours, theirs, failed = [], [], 0
        for record in records:
            grid = from_fpuzzles(record["fpuzzles"])
            start = time.perf_counter()
            result = solve(grid, limit=2, budget=args.budget)
            ours.append(time.perf_counter() - start)
            solution = result.solution
            if not (result.unique and solution is not None
                    and "".join(map(str, solution.cells)) == record["solution"]):
                failed += 1
            reference = cpsat.count(grid, limit=2)
            theirs.append(reference.seconds)
            if reference.count != 1 or "".join(map(str, reference.first or ())) != record[
                    "solution"]:
                print(f"  CP-SAT disagrees on {record['id']}", file=sys.stderr)
        med_o, med_t = statistics.median(ours), statistics.median(theirs)
        print(f"{path.stem:<16} {len(records):>4} {med_o:>10.4f} {max(ours):>10.3f} "
              f"{med_t:>10.4f} {max(theirs):>10.3f} {med_t / med_o:>7.2f} {failed:>6}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
