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

import os
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["compiled", "jit_allowed", "jit_enabled"]

F = TypeVar("F", bound=Callable[..., Any])

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
