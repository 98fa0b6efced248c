"""Work in worker processes: results and errors come back, a time limit and a cancel stop
the process (a compiled kernel too), lanes keep small tasks from waiting behind big ones,
background work runs at the lowest priority."""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Iterator

import pytest

from grille.game.assist import SolveQuestion, solve
from grille.game.work import (
    Lane,
    TaskStatus,
    WorkCancelledError,
    WorkError,
    Workers,
    WorkTimeLimitError,
)
from grille.kind import Verdict
from grille.kinds import get_kind

LANES = (Lane("play", 2), Lane("small", 1), Lane("large", 1, nice=5),
         Lane("background", 1, nice=19))


@pytest.fixture(scope="module")
def workers() -> Iterator[Workers]:
    pool = Workers(LANES)
    yield pool
    pool.shutdown()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def running_pid(task: object) -> int:
    for _ in range(500):
        pid = getattr(task, "pid", None)
        if pid is not None:
            return int(pid)
        time.sleep(0.01)
    raise AssertionError(f"{task} never started")


def test_results_and_errors_come_back(workers: Workers) -> None:
    empty = get_kind("sudoku").read("." * 81)[0].puzzle
    found = workers.run(solve, SolveQuestion("sudoku", empty), time_limit=60)
    assert found.verdict is Verdict.SEVERAL
    with pytest.raises(WorkError, match="unknown puzzle kind 'chess'") as failed:
        workers.run(get_kind, "chess", time_limit=60)
    assert not failed.value.internal
    with pytest.raises(WorkError, match="ZeroDivisionError") as crashed:
        workers.run(divmod, 1, 0, time_limit=60)
    assert crashed.value.internal


def test_a_time_limit_stops_the_process(workers: Workers) -> None:
    task = workers.submit(time.sleep, 60, time_limit=0.5)
    pid = running_pid(task)
    with pytest.raises(WorkTimeLimitError, match=r"more than 0\.5 s"):
        task.result(timeout=30)
    assert task.status is TaskStatus.FAILED and not alive(pid)


def test_cancelling_stops_a_compiled_kernel_at_once(workers: Workers) -> None:
    kind = get_kind("sudoku")
    empty = kind.read("." * 256)[0].puzzle  # counting all 16x16 grids never ends
    task = workers.submit(functools.partial(kind.solve, limit=0, budget=None), empty)
    pid = running_pid(task)
    time.sleep(0.3)
    assert task.status is TaskStatus.RUNNING and alive(pid)
    assert task.cancel()
    with pytest.raises(WorkCancelledError):
        task.result(timeout=10)
    assert task.status is TaskStatus.CANCELLED and not alive(pid)
    assert not task.cancel()  # ended already


def test_small_tasks_do_not_wait_behind_big_ones(workers: Workers) -> None:
    big = workers.submit(time.sleep, 60, lane="large")
    waiting = workers.submit(time.sleep, 60, lane="large")
    running_pid(big)
    assert waiting.status is TaskStatus.QUEUED
    small = workers.submit(pow, 2, 5, lane="small", time_limit=60)
    assert small.result(timeout=30) == 32
    assert waiting.status is TaskStatus.QUEUED and big.status is TaskStatus.RUNNING
    assert waiting.cancel() and waiting.status is TaskStatus.CANCELLED
    assert workers.busy("large") == 1
    big.cancel()
    assert big.wait(10) and workers.busy("large") == 0


def test_background_work_runs_at_the_lowest_priority(workers: Workers) -> None:
    assert workers.run(os.nice, 0, lane="background", time_limit=30) == 19
    assert workers.run(os.nice, 0, lane="play", time_limit=30) == os.nice(0)
