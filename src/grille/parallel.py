"""Running a function over a stream of items, results in input order, here or in processes.

Two runners share one shape (a context manager whose :meth:`~Runner.map` yields
``function(item)`` for each item, in order, as soon as it and those before it are done):

:class:`SerialRunner`
    in this process, one item after the other;
:class:`ProcessRunner`
    a pool of local processes (:mod:`concurrent.futures`).

A parallel runner keeps at most ``window`` items submitted and not yet yielded (running,
or done and waiting for an earlier one), pulling the next item only when one leaves: memory
stays flat however long the stream, and results come back in order whatever order the
workers finish in (:func:`ordered`). Generating many puzzles (:mod:`grille.generating`) and
batch work (:mod:`grille.batch.runner`, which adds a Dask cluster) both run on these.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import signal
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from types import TracebackType
from typing import Any, Protocol, TypeVar

from grille.errors import GrilleError

__all__ = [
    "EXIT_TERMINATED",
    "PRELOAD",
    "WINDOW_PER_WORKER",
    "ProcessRunner",
    "Runner",
    "SerialRunner",
    "WorkerError",
    "ordered",
    "ordered_map",
]

T = TypeVar("T")
R = TypeVar("R")
F = TypeVar("F", bound=Hashable)

WINDOW_PER_WORKER = 4
"""Items submitted and not yet yielded, per worker: enough to keep every worker busy."""

EXIT_TERMINATED = 128 + signal.SIGTERM
"""The exit status of a process that SIGTERM stopped while it ran a pool, once the pool is
shut down (as the shell reports a process killed by SIGTERM)."""

PRELOAD = ("grille.kinds",)
"""Modules the fork server imports once, so that each new worker process starts warm."""


class WorkerError(GrilleError):
    """A worker process died (killed, out of memory) while it ran an item."""


def ordered(
    items: Iterable[T],
    submit: Callable[[T], F],
    first_done: Callable[[list[F]], Iterable[F]],
    result: Callable[[F], R],
    cancel: Callable[[list[F]], None],
    *,
    window: int,
) -> Iterator[R]:
    """The results of ``submit(item)`` for each item, in order, ``window`` items at most ahead.

    ``first_done(futures)`` waits until some of ``futures`` are done and returns them,
    ``result(future)`` gives (or raises) a future's outcome, and ``cancel`` drops the
    futures still pending when the caller stops early or a result raises.
    """
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    source = iter(items)
    pending: dict[F, int] = {}
    ready: dict[int, R] = {}
    submitted = emitted = 0
    exhausted = False
    try:
        while True:
            while not exhausted and submitted - emitted < window:
                try:
                    item = next(source)
                except StopIteration:
                    exhausted = True
                    break
                pending[submit(item)] = submitted
                submitted += 1
            if emitted in ready:
                yield ready.pop(emitted)
                emitted += 1
                continue
            if not pending:
                return
            for future in first_done(list(pending)):
                ready[pending.pop(future)] = result(future)
    finally:
        if pending:
            cancel(list(pending))


class Runner(Protocol):
    """Runs a function over items, results in order (a context manager)."""

    @property
    def workers(self) -> int:
        """How many items run at once."""
        ...

    def describe(self) -> str:
        """Where the work runs, for people."""
        ...

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``function(item)`` for each item, in order."""
        ...

    def __enter__(self) -> Runner: ...

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...


class SerialRunner:
    """Everything in this process, one item after the other."""

    def __repr__(self) -> str:
        return "SerialRunner()"

    @property
    def workers(self) -> int:
        """One."""
        return 1

    def describe(self) -> str:
        """This process."""
        return "1 process"

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``function(item)`` for each item, lazily."""
        return (function(item) for item in items)

    def __enter__(self) -> SerialRunner:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None


def _context(preload: Sequence[str]) -> multiprocessing.context.BaseContext:
    """A fork server where there is one (workers start warm and thread-safe), else spawn.

    The fork server imports :data:`PRELOAD` and ``preload`` once, the first time this
    process starts one; its workers are forked from it with those modules loaded.
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([*PRELOAD, *preload])
        return context
    return multiprocessing.get_context("spawn")


class ProcessRunner:
    """A pool of ``jobs`` local processes (``preload``: modules they start with).

    As with every pool of processes started afresh, a script that uses one must guard
    its top level with ``if __name__ == "__main__":``.
    """

    def __init__(
        self, jobs: int, *, window: int | None = None, preload: Sequence[str] = ()
    ) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, got {jobs}")
        self.jobs = jobs
        self.window = window or WINDOW_PER_WORKER * jobs
        self.preload = tuple(preload)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._sigterm: Any = None

    def __repr__(self) -> str:
        return f"ProcessRunner({self.jobs}, window={self.window})"

    @property
    def workers(self) -> int:
        """The number of processes."""
        return self.jobs

    def describe(self) -> str:
        """How many processes."""
        return f"{self.jobs} processes"

    def __enter__(self) -> ProcessRunner:
        """Start the pool; until it is shut down, SIGTERM exits (status
        :data:`EXIT_TERMINATED`) through :meth:`__exit__` instead of leaving the workers
        running and their locks leaked."""
        if threading.current_thread() is threading.main_thread():
            self._sigterm = signal.signal(signal.SIGTERM, _exit_on_sigterm)
        from grille.kinds import added_kinds, adopt_kinds

        self._pool = concurrent.futures.ProcessPoolExecutor(
            self.jobs, mp_context=_context(self.preload), initializer=adopt_kinds,
            initargs=(added_kinds(),),
        )
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Shut the pool down: wait for the tasks running, or, when leaving on an error (an
        interrupt, SIGTERM, a reader gone), end the workers first. Either way every process,
        queue and lock is released, so nothing leaks."""
        pool, self._pool = self._pool, None
        try:
            if pool is not None:
                if error is not None:
                    _end_workers(pool)
                pool.shutdown(wait=True, cancel_futures=True)
        finally:
            if self._sigterm is not None:
                signal.signal(signal.SIGTERM, self._sigterm)
                self._sigterm = None

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``function(item)`` for each item in the pool, in order."""
        pool = self._pool
        if pool is None:
            raise RuntimeError("ProcessRunner.map outside its 'with' block")

        def submit(item: T) -> concurrent.futures.Future[R]:
            return pool.submit(function, item)

        return ordered(items, submit, _first_done, _local_result, _cancel_local,
                       window=self.window)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(EXIT_TERMINATED)


def _end_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Terminate the worker processes of ``pool``, abandoning the tasks they run."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    processes: dict[int, multiprocessing.process.BaseProcess] = (
        getattr(pool, "_processes", None) or {}  # before 3.14: the pool's own table
    )
    for process in list(processes.values()):
        if process.is_alive():
            process.terminate()


def _first_done(futures: list[concurrent.futures.Future[R]]) -> set[concurrent.futures.Future[R]]:
    return concurrent.futures.wait(futures, return_when=concurrent.futures.FIRST_COMPLETED).done


def _local_result(future: concurrent.futures.Future[R]) -> R:
    try:
        return future.result()
    except concurrent.futures.process.BrokenProcessPool as error:
        raise WorkerError(f"a worker process died ({error})") from None


def _cancel_local(futures: list[concurrent.futures.Future[R]]) -> None:
    for future in futures:
        future.cancel()


def ordered_map(
    function: Callable[[T], R], items: Iterable[T], *, jobs: int = 1,
    preload: Sequence[str] = (),
) -> Iterator[R]:
    """``function(item)`` for each item, in order: here if ``jobs`` is 1, else in processes."""
    if jobs <= 1:
        yield from SerialRunner().map(function, items)
        return
    with ProcessRunner(jobs, preload=preload) as runner:
        yield from runner.map(function, items)
