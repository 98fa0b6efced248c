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
from typing import Any, ParamSpec, TypeVar

__all__ = ["compiled", "jit_allowed", "jit_enabled", "per_thread"]

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


def per_thread(factory: Callable[P, T]) -> Callable[P, T]:
    """``factory``'s results cached by arguments, one cache per thread.

    For the reusable arrays a kernel writes into: a cache shared by threads (the web app's
    workers, the terminal game's hint worker) would let one thread read another's answer
    between the kernel call and the read.
    """
    local = threading.local()

    @functools.wraps(factory)
    def cached(*args: P.args, **kwargs: P.kwargs) -> T:
        store: dict[Hashable, T] | None = getattr(local, "store", None)
        if store is None:
            store = local.store = {}
        key = (args, tuple(sorted(kwargs.items())))
        if key not in store:
            store[key] = factory(*args, **kwargs)
        return store[key]

    return cached
