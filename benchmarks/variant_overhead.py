"""Variant Sudoku: the per-puzzle cost of grille's solver around the search, file by file.

Not a test. Every puzzle of the named files (``../shared/data/sudoku-variants``) is solved
(limit 2, the compiled kernel) with the solver's per-puzzle caches cleared first, so each
pays for its model, flat tables and arrays as a new puzzle does; ``warm``: the layouts (size
and boxes) stay built, as in a run over many puzzles; ``cold``: every cache is cleared, as
for a puzzle on a new layout. Prints the mean CPU microseconds a puzzle (process time, the
best of ``--repeat`` passes). No CP-SAT in between: the time is grille's alone.

    .venv/bin/python benchmarks/variant_overhead.py jigsaw small_sizes x [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from grille.sudoku.grid import Grid
from grille.sudoku.variants import _kernel, solve
from grille.sudoku.variants.fpuzzles import from_fpuzzles

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "sudoku-variants"


def _clear(cold: bool) -> None:
    """Forget what the last puzzle built (and, ``cold``, every layout)."""
    solve.model_of.cache_clear()
    solve._arrays.cache_clear()
    _kernel.flatten.cache_clear()
    if cold:
        solve.layout_of.cache_clear()
        solve._locked.cache_clear()
        flat_locked = getattr(_kernel, "_flat_locked_of", None)  # absent before fa51e37
        if flat_locked is not None:
            flat_locked.cache_clear()
        _kernel._MEMO.clear()
        for name in ("_peer_matrix", "_layout_peer_arrays",  # absent before h-varfast
                     "_units_of"):  # absent before h-varjig2
            layout_table = getattr(solve, name, None)
            if layout_table is not None:
                layout_table.cache_clear()


def _pass(grids: list[Grid], cold: bool) -> float:
    """CPU seconds of solving ``grids`` once, each after :func:`_clear`."""
    total = 0.0
    for grid in grids:
        _clear(cold)
        start = time.process_time()
        solve.solve(grid, limit=2, budget=200_000, backend="jit")
        total += time.process_time() - start
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    for name in args.files:
        lines = (args.data / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        grids = [from_fpuzzles(json.loads(line)["fpuzzles"]) for line in lines if line]
        for grid in grids:  # compile or load the kernel, and its types, outside the clock
            solve.solve(grid, limit=2, budget=10, backend="jit")
        means = [min(_pass(grids, cold) for _ in range(args.repeat)) / len(grids) * 1e6
                 for cold in (False, True)]
        print(f"{name:<14} {len(grids):>4} puzzles  warm {means[0]:>7.0f} us  "
              f"cold {means[1]:>7.0f} us", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
