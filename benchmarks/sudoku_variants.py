"""Variant Sudoku: grille's exact solver against OR-Tools CP-SAT, file by file.

Not a test. For every file of ``../shared/data/sudoku-variants`` (or ``--files``), each puzzle
(or a seeded ``--sample`` of each file) is solved and proven unique (limit 2) by grille's
variant solver (``grille.sudoku.variants.solve``: the compiled kernel, ``--backend jit``, or
the Python reference, ``--backend python``) and by CP-SAT on one worker, with the model built
from the same constraint objects (``benchmarks/variant_cpsat.py``; building excluded from its
time). Both answers are checked against the listed solution. grille gets a node ``--budget``
per puzzle; a puzzle it does not finish within it counts as failed (its time still counts).
Times are CPU seconds of this process (``--clock wall`` for wall time), which the machine's
load distorts less; the kernel is compiled (or loaded) before the clock starts. With
``--collect``, Python's garbage is collected before each solve (grille's and CP-SAT's), off
the clock: CP-SAT's model building (not timed) leaves thousands of Python objects, and the
collection they trigger otherwise lands in whichever solve allocates next, most often
grille's (0.5-1.2 ms on one arrow puzzle that takes 0.5 ms).

Prints one row a file: puzzles, grille's median and max seconds, its median and max nodes
and median microseconds per node, CP-SAT's median and max seconds, the ratio of the medians
(CP-SAT / grille: above 1, grille is faster), puzzles over 1 s for grille, failures.

    .venv/bin/python benchmarks/sudoku_variants.py [--sample N] [--files x killer ...]
        [--budget 200000] [--backend jit|python] [--clock cpu|wall] [--collect] [--data DIR]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from pathlib import Path

import variant_cpsat as cpsat  # beside this script

from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.sudoku.variants.solve import BACKENDS, solve
from grille.sudoku.warm import _warm_variants

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku-variants"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--files", nargs="*", default=None)
    parser.add_argument("--sample", type=int, default=0, help="puzzles per file (0: all)")
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--backend", choices=BACKENDS, default="jit")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--collect", action="store_true",
                        help="collect Python's garbage before each timed solve")
    args = parser.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    paths = sorted(args.data.glob("*.jsonl"))
    if args.files:
        paths = [p for p in paths if p.stem in args.files]
    print(f"grille backend {args.backend}, {args.clock} seconds, budget {args.budget:,} nodes"
          + (", garbage collected before each solve" if args.collect else ""))
    print(f"{'file':<14} {'n':>4} {'grille med':>10} {'max':>7} {'nodes med':>9} {'max':>7} "
          f"{'us/node':>7} {'cpsat med':>9} {'max':>7} {'ratio':>7} {'>1s':>4} {'failed':>6}")
    warmed = False
    for path in paths:
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                   if line]
        if args.sample and args.sample < len(records):
            records = random.Random(path.stem).sample(records, args.sample)
        ours, nodes, per_node, theirs, failed = [], [], [], [], 0
        for record in records:
            grid = from_fpuzzles(record["fpuzzles"])
            if not warmed:  # compile or load the kernels outside the clock
                solve(grid, limit=2, budget=10, backend=args.backend)
                if args.backend == "jit":
                    _warm_variants()  # both: the filters' kernel and all-different groups'
                warmed = True
            if args.collect:
                gc.collect()
            start = clock()
            result = solve(grid, limit=2, budget=args.budget, backend=args.backend)
            ours.append(clock() - start)
            nodes.append(result.nodes)
            per_node.append(ours[-1] / max(result.nodes, 1) * 1e6)
            solution = result.solution
            if not (result.unique and solution is not None
                    and "".join(map(str, solution.cells)) == record["solution"]):
                failed += 1
            if args.collect:
                gc.collect()
            reference = cpsat.count(grid, limit=2)
            theirs.append(reference.cpu if args.clock == "cpu" else reference.seconds)
            if reference.count != 1 or "".join(map(str, reference.first or ())) != record[
                    "solution"]:
                print(f"  CP-SAT disagrees on {record['id']}", file=sys.stderr)
        med_o, med_t = statistics.median(ours), statistics.median(theirs)
        slow = sum(1 for seconds in ours if seconds > 1.0)
        print(f"{path.stem:<14} {len(records):>4} {med_o:>10.5f} {max(ours):>7.3f} "
              f"{statistics.median(nodes):>9.0f} {max(nodes):>7} "
              f"{statistics.median(per_node):>7.1f} {med_t:>9.5f} {max(theirs):>7.3f} "
              f"{med_t / max(med_o, 1e-9):>7.1f} {slow:>4} {failed:>6}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
