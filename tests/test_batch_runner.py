"""The ordered runners: results in input order, a bounded window, failures surfaced."""

from __future__ import annotations

import concurrent.futures
import operator
import os
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grille.batch import BatchError
from grille.batch.runner import DaskRunner, make_runner
from grille.generating import generate_stream
from grille.kind import GenerateOptions
from grille.parallel import ProcessRunner, SerialRunner, WorkerError, ordered, ordered_map


class FakePool:
    """Futures finished in a random order, and a record of what was pulled and cancelled."""

    def __init__(self, seed: int, *, fail_at: int | None = None) -> None:
        self.random = random.Random(seed)
        self.fail_at = fail_at
        self.pulled = 0
        self.yielded = 0
        self.most_ahead = 0
        self.cancelled: list[concurrent.futures.Future[int]] = []

    def items(self, count: int) -> Iterator[int]:
        for item in range(count):
            self.pulled += 1
            self.most_ahead = max(self.most_ahead, self.pulled - self.yielded)
            yield item

    def submit(self, item: int) -> concurrent.futures.Future[int]:
        future: concurrent.futures.Future[int] = concurrent.futures.Future()
        future.item = item  # type: ignore[attr-defined]
        return future

    def first_done(
        self, futures: list[concurrent.futures.Future[int]]
    ) -> list[concurrent.futures.Future[int]]:
        done = self.random.sample(futures, self.random.randint(1, len(futures)))
        for future in done:
            item = future.item  # type: ignore[attr-defined]
            if item == self.fail_at:
                future.set_exception(RuntimeError(f"item {item} failed"))
            else:
                future.set_result(item * item)
        return done

    def cancel(self, futures: list[concurrent.futures.Future[int]]) -> None:
        self.cancelled.extend(futures)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 200), st.integers(1, 12), st.integers(0, 10**6))
def test_results_come_in_input_order_never_more_than_window_ahead(
    count: int, window: int, seed: int
) -> None:
    pool = FakePool(seed)
    results = []
    for value in ordered(pool.items(count), pool.submit, pool.first_done,
                         concurrent.futures.Future.result, pool.cancel, window=window):
        results.append(value)
        pool.yielded += 1
    assert results == [item * item for item in range(count)]
    assert pool.most_ahead <= window
    assert pool.cancelled == []


def test_a_failed_item_stops_the_run_and_cancels_the_rest() -> None:
    pool = FakePool(1, fail_at=5)
    results = ordered(pool.items(50), pool.submit, pool.first_done,
                      concurrent.futures.Future.result, pool.cancel, window=8)
    with pytest.raises(RuntimeError, match="item 5 failed"):
        list(results)
    assert pool.pulled < 50


def test_stopping_early_cancels_what_is_pending() -> None:
    pool = FakePool(2)
    results = ordered(pool.items(50), pool.submit, pool.first_done,
                      concurrent.futures.Future.result, pool.cancel, window=8)
    assert next(results) == 0
    results.close()
    assert pool.pulled <= 9
    assert all(not future.done() for future in pool.cancelled)


def test_window_must_be_positive() -> None:
    pool = FakePool(0)
    with pytest.raises(ValueError, match="window"):
        list(ordered([1], pool.submit, pool.first_done, concurrent.futures.Future.result,
                      pool.cancel, window=0))


def test_processes_give_the_serial_results_in_order() -> None:
    items = list(range(-300, 300, 7))
    with ProcessRunner(2, window=3) as runner:
        assert list(runner.map(operator.neg, items)) == [-item for item in items]
        assert runner.workers == 2 and runner.describe() == "2 processes"
    with SerialRunner() as serial:
        assert list(serial.map(operator.neg, items)) == [-item for item in items]
    assert list(ordered_map(operator.neg, items, jobs=2)) == [-item for item in items]


def die(item: int) -> int:
    """Ends its worker process abruptly."""
    os._exit(3)


def test_a_dead_worker_process_is_a_worker_error() -> None:
    with ProcessRunner(2) as runner, pytest.raises(WorkerError, match="worker process died"):
        list(runner.map(die, range(4)))


def test_choosing_a_runner() -> None:
    assert isinstance(make_runner(jobs=1, cluster=None), SerialRunner)
    assert isinstance(make_runner(jobs=3, cluster=None), ProcessRunner)
    assert isinstance(make_runner(jobs=3, cluster="tcp://127.0.0.1:8786"), DaskRunner)


def test_no_scheduler_is_a_batch_error() -> None:
    pytest.importorskip("distributed", reason="Dask distributed is not installed")
    runner = DaskRunner("tcp://127.0.0.1:9", timeout=2)
    with pytest.raises(BatchError, match="cannot reach a Dask scheduler"), runner:
        pass


def test_generate_stream_is_the_same_in_processes() -> None:
    options = GenerateOptions(size="4")
    alone = list(generate_stream("sudoku", options, count=6, seed=3))
    assert list(generate_stream("sudoku", options, count=6, seed=3, jobs=2)) == alone
