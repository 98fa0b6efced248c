"""Where a batch runs: in this process, a pool of local processes, or a Dask cluster.

The local runners are those of :mod:`grille.parallel` (:class:`~grille.parallel.SerialRunner`,
:class:`~grille.parallel.ProcessRunner`); :class:`DaskRunner` runs on the workers of a Dask
distributed cluster (``--cluster tcp://HOST:PORT``), where a task that fails, or whose
worker is lost, is retried by Dask (``retries``). All three keep a bounded window of items
in flight and yield results in input order (:func:`grille.parallel.ordered`).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar

from grille.batch import BatchError
from grille.parallel import WINDOW_PER_WORKER, ProcessRunner, Runner, SerialRunner, ordered

__all__ = ["PRELOAD", "DaskRunner", "default_jobs", "make_runner"]

T = TypeVar("T")
R = TypeVar("R")

CONNECT_SECONDS = 30
"""How long to wait for a Dask scheduler to answer, and for a first worker to join it."""

PRELOAD = ("grille.batch.jobs",)
"""Modules a batch's local worker processes start with, besides the kind's."""


class DaskRunner:
    """The workers of the Dask distributed cluster whose scheduler is at ``address``.

    Each item is one task, submitted with ``retries`` so that a task whose worker is lost
    or that fails is run again; the cluster itself is left running at the end.
    """

    def __init__(
        self, address: str, *, retries: int = 3, window: int | None = None,
        timeout: float = CONNECT_SECONDS,
    ) -> None:
        self.address = address
        self.retries = retries
        self.timeout = timeout
        self._window = window
        self._client: Any = None
        self._threads = 0

    def __repr__(self) -> str:
        return f"DaskRunner({self.address!r}, retries={self.retries})"

    @property
    def workers(self) -> int:
        """The number of worker threads of the cluster (when connected)."""
        return max(1, self._threads)

    def describe(self) -> str:
        """The scheduler's address and its workers."""
        count = len(self._client.nthreads()) if self._client is not None else 0
        return f"Dask cluster {self.address} ({count} workers, {self._threads} threads)"

    def __enter__(self) -> DaskRunner:
        distributed = _distributed()
        try:
            client = distributed.Client(self.address, timeout=self.timeout,
                                        set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise BatchError(f"cannot reach a Dask scheduler at {self.address}: {error}") from None
        try:
            client.wait_for_workers(1, timeout=self.timeout)
        except TimeoutError:
            client.close()
            raise BatchError(
                f"no Dask worker joined the scheduler at {self.address} within "
                f"{self.timeout:g} s (start some with: dask worker {self.address})"
            ) from None
        self._client = client
        self._threads = sum(client.nthreads().values())
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def map(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``function(item)`` for each item as a task on the cluster, in order."""
        client = self._client
        if client is None:
            raise RuntimeError("DaskRunner.map outside its 'with' block")
        retries = self.retries
        finished = _distributed().as_completed(loop=client.loop)

        def submit(item: T) -> Any:
            future = client.submit(function, item, retries=retries, pure=False)
            finished.add(future)
            return future

        def first_done(futures: list[Any]) -> list[Any]:
            return [next(finished), *finished.next_batch(block=False)]

        def result(future: Any) -> R:
            try:
                value: R = future.result()
            except Exception as error:
                raise BatchError(
                    f"a task failed on the cluster after {retries} retries: "
                    f"{type(error).__name__}: {error}"
                ) from None
            future.release()
            return value

        def cancel(futures: list[Any]) -> None:
            client.cancel(futures)

        window = self._window or WINDOW_PER_WORKER * self.workers
        return ordered(items, submit, first_done, result, cancel, window=window)


def _distributed() -> Any:
    """The ``distributed`` module (imported only for a cluster), or a ``BatchError``."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise BatchError(
            "--cluster needs the dask and distributed packages: pip install 'grille[cluster]'"
        ) from None


def default_jobs() -> int:
    """The number of processes a batch uses unless told: the machine's cores."""
    return os.cpu_count() or 1


def make_runner(
    *, jobs: int, cluster: str | None, retries: int = 3, preload: Sequence[str] = ()
) -> Runner:
    """The runner for the command line's ``--jobs`` and ``--cluster``."""
    if cluster is not None:
        return DaskRunner(cluster, retries=retries)
    return SerialRunner() if jobs <= 1 else ProcessRunner(jobs, preload=(*PRELOAD, *preload))
