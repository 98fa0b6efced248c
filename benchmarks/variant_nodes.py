"""Variant Sudoku: search nodes of grille's exact solver, file by file (load-independent).

Not a test. For every file of ``../shared/data/sudoku-variants`` (or ``--files``), each puzzle
(or the same seeded ``--sample`` of each file as ``sudoku_variants.py``) is solved and proven
unique (limit 2) with a node ``--budget``. Prints one row a file: puzzles, median and max
nodes (a puzzle that hits the budget counts as the budget), how many finished within the
budget (proven unique with the listed solution), wrong answers (must be 0), the process
CPU seconds for the file (the machine's load distorts wall time, so CPU time is given), and
the geometric mean of the nodes: dom/wdeg makes a search's size swing with any change in
the contradictions it meets (``benchmarks/README.md``), and every puzzle moves the mean
where a few decide the median and the max.

    .venv/bin/python benchmarks/variant_nodes.py [--sample N] [--files sandwich ...]
        [--budget 30000] [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

from grille.sudoku.variants.fpuzzles import from_fpuzzles
from grille.sudoku.variants.solve import solve

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku-variants"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--files", nargs="*", default=None)
    parser.add_argument("--sample", type=int, default=0, help="puzzles per file (0: all)")
    parser.add_argument("--budget", type=int, default=30_000)
    parser.add_argument("--each", action="store_true", help="one line per puzzle too")
    args = parser.parse_args(argv)
    paths = sorted(args.data.glob("*.jsonl"))
    if args.files:
        paths = [p for p in paths if p.stem in args.files]
    print(f"{'file':<16} {'n':>4} {'nodes med':>10} {'nodes max':>10} {'solved':>6} "
          f"{'wrong':>5} {'cpu s':>8} {'nodes geo':>10}")
    for path in paths:
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                   if line]
        if args.sample and args.sample < len(records):
            records = random.Random(path.stem).sample(records, args.sample)
        nodes, solved, wrong = [], 0, 0
        start = time.process_time()
        for record in records:
            grid = from_fpuzzles(record["fpuzzles"])
            result = solve(grid, limit=2, budget=args.budget)
            nodes.append(result.nodes)
            solution = result.solution
            right = solution is not None and "".join(map(str, solution.cells)) == record[
                "solution"]
            if (result.count and not right) or (result.exhausted and result.count != 1):
                wrong += 1
            elif result.unique and right:
                solved += 1
            if args.each:
                print(f"  {record['id']:<24} {result.nodes:>8} count={result.count} "
                      f"exhausted={result.exhausted}", flush=True)
        cpu = time.process_time() - start
        geo = math.exp(statistics.fmean(math.log(max(count, 1)) for count in nodes))
        print(f"{path.stem:<16} {len(records):>4} {statistics.median(nodes):>10.0f} "
              f"{max(nodes):>10} {solved:>6} {wrong:>5} {cpu:>8.1f} {geo:>10.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
