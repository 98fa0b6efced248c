"""Batches on a Dask cluster: the bytes of the serial run, a lost worker's tasks done again."""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from conftest import FIXTURES, shared_file
from grille.batch.jobs import RateJob, run_chunk
from grille.batch.reader import Record
from grille.batch.runner import DaskRunner
from grille.cli import main

distributed = pytest.importorskip(
    "distributed", reason="Dask distributed is not installed (pip install 'grille[cluster]')"
)

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(scope="module")
def cluster() -> Iterator[distributed.LocalCluster]:
    """Two worker processes of one thread each, for the whole module."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as local:
        yield local


def run_to_bytes(args: list[str], out: Path) -> tuple[int, bytes]:
    status = main(["batch", *args, "--quiet", "-o", str(out)])
    return status, out.read_bytes()


def three_ways(
    job: list[str], path: str, tmp_path: Path, cluster: distributed.LocalCluster
) -> tuple[int, bytes]:
    """The serial run's status and bytes, checked equal in a pool and on the cluster."""
    serial = run_to_bytes([*job, path, "--jobs", "1"], tmp_path / "serial.txt")
    assert run_to_bytes([*job, path, "--jobs", "2"], tmp_path / "pool.txt") == serial
    on_cluster = run_to_bytes([*job, path, "--cluster", cluster.scheduler_address],
                              tmp_path / "cluster.txt")
    assert on_cluster == serial
    return serial


@pytest.mark.parametrize(("job", "fixture"), [
    (["solve"], "sudoku/line.txt"),
    (["count"], "sudoku/grid6.txt"),
    (["rate"], "sudoku/line.txt"),
    (["explain", "--chunk", "1"], "sudoku/line.txt"),
    (["solve"], "kakuro/small.txt"),
])
def test_fixtures_give_the_serial_bytes_on_the_cluster(
    job: list[str], fixture: str, tmp_path: Path, cluster: distributed.LocalCluster,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, output = three_ways(job, str(FIXTURES / fixture), tmp_path, cluster)
    assert status == 0 and output
    capsys.readouterr()


@pytest.mark.shared_data
@pytest.mark.parametrize(("job", "parts", "count"), [
    (["solve", "--chunk", "40"], ("sudoku", "serg_benchmark_multisolution.txt"), 400),
    (["count", "--limit", "3"], ("sudoku", "kaggle_9999.txt"), 1000),
    (["rate"], ("sudoku", "17clue_10k.txt"), 20),
])
def test_shared_files_give_the_serial_bytes_on_the_cluster(
    job: list[str], parts: tuple[str, ...], count: int, tmp_path: Path,
    cluster: distributed.LocalCluster, capsys: pytest.CaptureFixture[str],
) -> None:
    with shared_file(*parts).open() as handle:
        lines = [next(handle) for _ in range(count)]
    path = tmp_path / parts[-1]
    path.write_text("".join(lines))
    _, output = three_ways(job, str(path), tmp_path, cluster)
    assert len(output.splitlines()) == count
    capsys.readouterr()


def test_bad_lines_are_marked_on_the_cluster_too(
    tmp_path: Path, cluster: distributed.LocalCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.txt"
    path.write_text(f"{PUZZLE}\nnot a puzzle\n{PUZZLE}\n")
    status, output = three_ways(["solve", "--chunk", "1"], str(path), tmp_path, cluster)
    assert status == 1
    assert output.decode().splitlines()[1].startswith(f"# error: {path}:2:")
    assert capsys.readouterr().err.count(f"error: {path}:2:") == 3


def test_generation_on_the_cluster(
    tmp_path: Path, cluster: distributed.LocalCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["generate", "sudoku", "--size", "6", "--count", "5", "--seed", "2"]
    serial = run_to_bytes([*args, "--jobs", "1"], tmp_path / "serial.txt")
    assert run_to_bytes([*args, "--cluster", cluster.scheduler_address],
                        tmp_path / "cluster.txt") == serial
    capsys.readouterr()


def test_resume_on_the_cluster(
    tmp_path: Path, cluster: distributed.LocalCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.txt"
    path.write_text("".join(f"{PUZZLE}\n{'.' * 81}\n" for _ in range(20)))
    whole = run_to_bytes(["count", str(path), "--limit", "2", "--jobs", "1"],
                         tmp_path / "whole.txt")[1]
    out = tmp_path / "out.txt"
    out.write_bytes(whole[:13])
    args = ["count", str(path), "--limit", "2", "--cluster", cluster.scheduler_address,
            "--resume", "--chunk", "3"]
    assert run_to_bytes(args, out) == (0, whole)
    capsys.readouterr()


def records_killing_a_worker(
    records: list[Record], kill_at: int, cluster: distributed.LocalCluster
) -> Iterator[list[Record]]:
    """Chunks of two records; before chunk ``kill_at`` one worker process is killed."""
    with distributed.Client(cluster, set_as_default=False) as client:
        pids = client.run(os.getpid)
    for index in range(0, len(records), 2):
        if index // 2 == kill_at:
            os.kill(sorted(pids.values())[0], signal.SIGKILL)
        yield records[index:index + 2]


def test_a_lost_worker_s_tasks_are_run_again(cluster: distributed.LocalCluster) -> None:
    with (FIXTURES / "sudoku" / "line.txt").open() as handle:
        puzzles = [line.strip() for line in handle if line[:1].isdigit() or line[:1] == "."]
    records = [Record(number, puzzles[number % len(puzzles)]) for number in range(1, 61)]
    job = RateJob("sudoku", "line", "<test>", out_fmt="line")
    expected = run_chunk(job, records)
    with distributed.Client(cluster, set_as_default=False) as client:
        before = set(client.run(os.getpid).values())
    with DaskRunner(cluster.scheduler_address, retries=3) as runner:
        chunks = records_killing_a_worker(records, 6, cluster)
        found = [outcome for chunk in runner.map(partial(run_chunk, job), chunks)
                 for outcome in chunk]
    assert found == expected
    with distributed.Client(cluster, set_as_default=False) as client:
        client.wait_for_workers(2, timeout=60)
        after = set(client.run(os.getpid).values())
    assert len(before - after) == 1  # the killed worker was replaced by its nanny
