"""Work in worker processes: results and errors come back, a time limit and a cancel stop
the process (a compiled kernel too), lanes keep small tasks from waiting behind big ones,
background work runs at the lowest priority."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

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
from work_support import alive

LANES = (Lane("play", 2), Lane("small", 1), Lane("large", 1, nice=5),
         Lane("background", 1, nice=19))


@pytest.fixture(scope="module")
def workers() -> Iterator[Workers]:
    pool = Workers(LANES)
    yield pool
    pool.shutdown()


def running_pid(task: object) -> int:
    for _ in range(500):
        pid = getattr(task, "pid", None)
        if pid is not None:
            return int(pid)
        time.sleep(0.01)
    raise AssertionError(f"{task} never started")


def test_start_can_launch_the_fork_server_before_returning(workers: Workers) -> None:
    """A terminal app launches it before it takes the standard streams over."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork server on this platform")
    from multiprocessing import forkserver

    workers.start(wait=True)
    pid = forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined]
    assert pid is not None and alive(pid)


ORPHAN = """
import os, signal, sys, time
from grille.game.work import Workers

if __name__ == "__main__":
    task = Workers(preload=()).submit(time.sleep, 120, time_limit=300)
    while task.pid is None:
        time.sleep(0.01)
    print(task.pid, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_task_ends_when_the_process_that_started_it_is_killed(tmp_path: Path) -> None:
    """``kill -9`` of the app leaves no search running for minutes."""
    script = tmp_path / "orphan.py"
    script.write_text(ORPHAN)
    with subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True) as app:
        assert app.stdout is not None
        pid = int(app.stdout.readline())
        assert app.wait(60) == -signal.SIGKILL
    for _ in range(200):
        if not alive(pid):
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        raise AssertionError(f"worker {pid} outlived the process that started it")


READY = """
import time
from grille.game.work import Workers

if __name__ == "__main__":
    workers = Workers(preload=("slowstart",))
    print(Workers(preload=()).ready, workers.ready, flush=True)
    workers.start()
    started = time.monotonic()
    print(workers.ready, flush=True)
    while not workers.ready and time.monotonic() - started < 60:
        time.sleep(0.02)
    print(workers.ready, time.monotonic() - started, flush=True)
    print(workers.submit(pow, 2, 10, time_limit=30).result(), flush=True)
"""


def test_workers_say_when_their_warm_up_is_over(tmp_path: Path) -> None:
    """While the fork server still loads (or compiles) the kernels, a front end can say
    why a search has not started (a new fork server in a process of its own: the one
    other tests share is warm)."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork server on this platform")
    (tmp_path / "slowstart.py").write_text("import time\ntime.sleep(2)\n")
    (tmp_path / "ready.py").write_text(READY)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), *sys.path])
    done = subprocess.run([sys.executable, "ready.py"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    before, at_start, after, result = done.stdout.splitlines()
    assert before == "True False"  # no warm-up to wait for / not started yet
    assert at_start == "False"
    ready, seconds = after.split()
    assert ready == "True" and float(seconds) >= 1.5  # once the preload's two seconds passed
    assert result == "1024"


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
