"""Batch throughput: ``grille batch solve`` and ``rate`` in 1 and 2 processes and on Dask.

Not a test. One run times the same two files three ways each, every run a fresh
``python -m grille batch ...`` process as a user starts it (so the times include starting
Python, the pool or the cluster connection, and loading the compiled solver):

* ``--jobs 1``: this process alone;
* ``--jobs 2``: a pool of two local processes;
* ``--cluster``: a Dask ``LocalCluster`` of two worker processes of one thread each,
  started by this script (the ``dask`` and ``distributed`` packages are needed).

The files are seeded samples of a shared Sudoku set (``../shared/data/sudoku``):
``--sample`` puzzles to rate and twenty times as many to solve. Each configuration runs
once to warm the compiler's cache, then ``--repeat`` times; the best time counts. It
prints puzzles per second, the speed-up over one process, checks that the three outputs
are byte for byte the same, and estimates from the cluster's figures how long rating 10
million puzzles would take on a 100-worker cluster.

On a shared machine the wall times depend on what else runs, so the CPU seconds of the
processes that did the work are given too (the process itself for ``--jobs 1``, the two
Dask workers, asked with ``client.run``; not known for the pool, whose processes are not
this script's children): puzzles per CPU second is what a worker with a core to itself
would do, and the estimate gives both.

    .venv/bin/python benchmarks/batch.py [--sample 200] [--set 17clue_10k] [--repeat 1]
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "sudoku"
SEED = 20240601
SOLVE_FACTOR = 20
"""Puzzles solved per puzzle rated: solving is that much faster."""
TARGET_PUZZLES = 10_000_000
TARGET_WORKERS = 100


@dataclass(frozen=True, slots=True)
class Timing:
    """One configuration's best wall time over a file, and its output."""

    job: str
    where: str
    puzzles: int
    seconds: float
    output: bytes
    cpu: float | None = None
    """CPU seconds of the processes that did the work, when known."""

    @property
    def rate(self) -> float:
        """Puzzles per second."""
        return self.puzzles / self.seconds

    @property
    def cpu_rate(self) -> float | None:
        """Puzzles per CPU second of the working processes."""
        return self.puzzles / self.cpu if self.cpu else None


def sample_file(source: Path, count: int, folder: Path, name: str) -> tuple[Path, int]:
    """A seeded sample of ``count`` lines of ``source`` as a file of its own."""
    lines = [line for line in source.read_text().splitlines() if line.strip()]
    chosen = random.Random(SEED).sample(lines, min(count, len(lines)))
    path = folder / name
    path.write_text("".join(line + "\n" for line in chosen))
    return path, len(chosen)


def children_cpu() -> float:
    """CPU seconds of this script's finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def process_cpu() -> float:
    """CPU seconds of the calling process (run on each Dask worker)."""
    times = os.times()
    return times.user + times.system


def run_batch(job: str, path: Path, where: list[str], out: Path,
              client: Any) -> tuple[float, float | None]:
    """Wall seconds of one ``grille batch JOB PATH`` in a fresh process, and the CPU
    seconds of whatever did the work (``None`` for a pool)."""
    command = [sys.executable, "-m", "grille", "batch", job, str(path), "--quiet",
               "-o", str(out), *where]
    on_cluster = "--cluster" in where
    before = sum(client.run(process_cpu).values()) if on_cluster else children_cpu()
    start = time.perf_counter()
    subprocess.run(command, check=False, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    if on_cluster:
        return seconds, sum(client.run(process_cpu).values()) - before
    return seconds, children_cpu() - before if "1" in where else None


def measure(job: str, path: Path, puzzles: int, where: tuple[str, list[str]], folder: Path,
            repeat: int, client: Any) -> Timing:
    """The best of ``repeat`` runs after a warm-up."""
    out = folder / f"{job}-{where[0].replace(' ', '_')}.out"
    run_batch(job, path, where[1], out, client)
    seconds, cpu = min(run_batch(job, path, where[1], out, client) for _ in range(repeat))
    return Timing(job, where[0], puzzles, seconds, out.read_bytes(), cpu)


def report(timings: Sequence[Timing]) -> None:
    """The table of rates and speed-ups, one job after the other."""
    print(f"{'job':<6} {'where':<22} {'puzzles':>8} {'seconds':>8} {'puzzles/s':>10} "
          f"{'speed-up':>8} {'CPU s':>7} {'per CPU s':>9}")
    for job in dict.fromkeys(timing.job for timing in timings):
        rows = [timing for timing in timings if timing.job == job]
        base = rows[0].rate
        for timing in rows:
            cpu = "-" if timing.cpu is None else f"{timing.cpu:.2f}"
            per_cpu = "-" if timing.cpu_rate is None else f"{timing.cpu_rate:,.1f}"
            print(f"{timing.job:<6} {timing.where:<22} {timing.puzzles:>8,} "
                  f"{timing.seconds:>8.2f} {timing.rate:>10,.1f} {timing.rate / base:>7.2f}x "
                  f"{cpu:>7} {per_cpu:>9}")
        same = all(timing.output == rows[0].output for timing in rows)
        print(f"{job}: outputs {'identical' if same else 'DIFFER'} across the three runs\n")


def estimate(on_cluster: Timing, workers: int) -> str:
    """Rating ``TARGET_PUZZLES`` on ``TARGET_WORKERS`` workers, scaled from the cluster's run."""
    lines = []
    figures = [("as measured here", on_cluster.rate / workers)]
    if on_cluster.cpu_rate is not None:
        figures.append(("with a core each", on_cluster.cpu_rate))
    for label, per_worker in figures:
        minutes = TARGET_PUZZLES / (per_worker * TARGET_WORKERS) / 60
        lines.append(f"  {label}: {per_worker:,.1f} puzzles/s per worker -> {minutes:,.0f} "
                     f"minutes ({minutes / 60:.1f} h) for {TARGET_PUZZLES:,} puzzles on "
                     f"{TARGET_WORKERS} workers")
    tasks = TARGET_PUZZLES // 256
    return "\n".join([
        f"estimate for rating {TARGET_PUZZLES:,} puzzles like these on {TARGET_WORKERS} "
        "Dask workers (the work splits evenly, so it scales with the workers while the "
        f"scheduler keeps up; --chunk 256 makes {tasks:,} tasks):", *lines,
    ])


def main(argv: Sequence[str] | None = None) -> int:
    """Time the six runs and print the table and the estimate."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=200,
                        help="puzzles to rate (twenty times as many are solved; default 200)")
    parser.add_argument("--set", default="17clue_10k", help="shared Sudoku set (no .txt)")
    parser.add_argument("--repeat", type=int, default=1, help="timed runs per configuration")
    parser.add_argument("--data", type=Path, default=DATA, help="the shared Sudoku folder")
    args = parser.parse_args(argv)
    source = args.data / f"{args.set}.txt"
    if not source.is_file():
        print(f"no puzzle set at {source}", file=sys.stderr)
        return 2
    import distributed

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")
    timings: list[Timing] = []
    with tempfile.TemporaryDirectory() as tmp, distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster, distributed.Client(  # type: ignore[no-untyped-call]
        cluster, set_as_default=False,
    ) as client:
        folder = Path(tmp)
        places = [("1 process (--jobs 1)", ["--jobs", "1"]),
                  ("2 processes (--jobs 2)", ["--jobs", "2"]),
                  ("Dask, 2 workers", ["--cluster", cluster.scheduler_address])]
        files = {
            "solve": sample_file(source, SOLVE_FACTOR * args.sample, folder, "solve.txt"),
            "rate": sample_file(source, args.sample, folder, "rate.txt"),
        }
        for job, (path, count) in files.items():
            for where in places:
                timings.append(measure(job, path, count, where, folder, args.repeat, client))
    print(f"set {args.set}; load average after: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    report(timings)
    print(estimate(timings[-1], 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
