"""Run hodoku-py (the HoDoKu 2.2 oracle) on every STEP-th line of a file, appending puzzle,
level, score, seconds and the solve path to an oracle file (format: /work/oracle/README.md).

    python benchmarks/hodoku_oracle.py SOURCE OUT STEP OFFSET SECONDS_CAP
"""

from __future__ import annotations

import signal
import sys
import time
from types import FrameType

import hodoku
from hodoku.core.types import SolutionType

PLACING = {
    SolutionType.FULL_HOUSE, SolutionType.NAKED_SINGLE, SolutionType.HIDDEN_SINGLE,
    SolutionType.BRUTE_FORCE, SolutionType.FORCING_CHAIN_CONTRADICTION,
    SolutionType.FORCING_CHAIN_VERITY, SolutionType.FORCING_NET_CONTRADICTION,
    SolutionType.FORCING_NET_VERITY,
}


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise TimeoutError


def main() -> None:
    src, out = sys.argv[1], sys.argv[2]
    step, offset, cap = int(sys.argv[3]), int(sys.argv[4]), int(float(sys.argv[5]))
    signal.signal(signal.SIGALRM, _alarm)
    with open(src) as fh:
        lines = [line.strip() for line in fh if line.strip() and not line.startswith("#")]
    solver = hodoku.Solver()
    with open(out, "a") as fh:
        fh.write(f"# hodoku-py 0.2.1 Solver().solve on lines {offset}::{step} (0-based, "
                 f"non-comment) of {src}: line puzzle level score seconds "
                 "path(TYPE:cell=val/-cell.digit)\n")
        for i in range(offset, len(lines), step):
            puzzle = lines[i][:81]
            signal.alarm(cap)
            start = time.time()
            try:
                result = solver.solve(puzzle)
            except TimeoutError:
                fh.write(f"{i}\t{puzzle}\tTIMEOUT\t-1\t{cap}\t-\n")
                fh.flush()
                continue
            finally:
                signal.alarm(0)
            took = time.time() - start
            path = []
            for st in result.steps:
                parts = [st.type.name]
                if st.type in PLACING or not st.candidates_to_delete:
                    parts += [f"{a}={b}" for a, b in zip(st.indices, st.values, strict=False)]
                parts += [f"-{c.index}.{c.value}" for c in st.candidates_to_delete]
                path.append(":".join(parts))
            fh.write(f"{i}\t{puzzle}\t{result.level.name}\t{result.score}\t{took:.3f}\t"
                     f"{' '.join(path)}\n")
            fh.flush()


if __name__ == "__main__":
    main()
