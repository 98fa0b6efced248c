"""Compiling hot loops with numba, lazily, with an interpreted fallback.

Kernels are plain functions written in the subset of Python that numba compiles: integer
arithmetic, loops, and indexing into flat buffers that the caller passes in (they allocate
nothing). The same source then runs two ways:

- interpreted, on Python lists: no numba import, no compile time, best for one small job
  (this keeps ``grille solve`` on one puzzle well under a second from a cold start);
- compiled by numba (``compiled(kernel)``) on NumPy arrays: for files, batches, big grids.

Set ``GRILLE_JIT=0`` in the environment to never compile (useful to debug a kernel).
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, ParamSpec, TypeVar

__all__ = ["PerThread", "compiled", "jit_allowed", "jit_enabled", "per_thread", "popcount"]

F = TypeVar("F", bound=Callable[..., Any])
P = ParamSpec("P")
T = TypeVar("T")

_compiled: dict[Callable[..., Any], Callable[..., Any]] = {}


def jit_allowed() -> bool:
    """Whether compiling is allowed at all (``GRILLE_JIT=0`` forbids it); imports nothing."""
    return os.environ.get("GRILLE_JIT", "1") != "0"


def jit_enabled() -> bool:
    """Whether kernels may be compiled (numba importable and not disabled by GRILLE_JIT=0)."""
    if not jit_allowed():
        return False
    try:
        import numba  # noqa: F401
    except ImportError:  # pragma: no cover - numba is a dependency
        return False
    return True


def compiled(kernel: F) -> F:
    """``kernel`` compiled by numba (nopython, cached on disk), or itself when JIT is off."""
    if not jit_enabled():
        return kernel
    fast = _compiled.get(kernel)
    if fast is None:
        import numba

        fast = numba.njit(cache=True, nogil=True)(kernel)
        _compiled[kernel] = fast
    return fast  # type: ignore[return-value]


class PerThread(Generic[P, T]):
    """A function's results cached by arguments, one cache per thread (see :func:`per_thread`)."""

    def __init__(self, factory: Callable[P, T]) -> None:
        self._factory = factory
        self._local = threading.local()
        functools.update_wrapper(self, factory)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        store = self._store()
        key = (args, tuple(sorted(kwargs.items())))
        if key not in store:
            store[key] = self._factory(*args, **kwargs)
        return store[key]

    def cache_clear(self) -> None:
        """Forget this thread's results."""
        self._store().clear()

    def _store(self) -> dict[Hashable, T]:
        store: dict[Hashable, T] | None = getattr(self._local, "store", None)
        if store is None:
            store = self._local.store = {}
        return store


def per_thread(factory: Callable[P, T]) -> PerThread[P, T]:
    """``factory``'s results cached by arguments, one cache per thread.

    For the reusable arrays a kernel writes into: a cache shared by threads (the web app's
    workers, the terminal game's hint worker) would let one thread read another's answer
    between the kernel call and the read.
    """
    return PerThread(factory)


def popcount(mask: int) -> int:
    """How many bits ``mask`` has set: a kernel helper (modules compile it with their kernels)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
