"""Compiling hot loops with numba, lazily, with an interpreted fallback.

Kernels are plain functions written in the subset of Python that numba compiles: integer
arithmetic, loops, and indexing into flat buffers that the caller passes in (they allocate
nothing). The same source then runs two ways:

- interpreted, on Python lists: no numba import, no compile time, best for one small job
  (this keeps ``grille solve`` on one puzzle well under a second from a cold start);
- compiled by numba (``compiled(kernel)``) on NumPy arrays: for files, batches, big grids.

Set ``GRILLE_JIT=0`` in the environment to never compile (useful to debug a kernel).

numba caches what it compiles on disk (``cache=True``), keyed on the sources of the kernel
and of every helper and constant it takes from other grille files
(:mod:`grille.engine.kernel_cache`), so each kernel compiles once per machine and source.
Compiling takes seconds to minutes, so this module also keeps the time spent compiling in
this process: :func:`work_clock` is a clock that stands still while a kernel compiles, for
time limits that should measure the search alone, and :func:`add_compile_listener` lets a
front end say that it is compiling (see :mod:`grille.warm`).
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any, Generic, ParamSpec, TypeVar

__all__ = [
    "CompileListener",
    "PerThread",
    "add_compile_listener",
    "compile_seconds",
    "compiled",
    "compiling",
    "dispatchers",
    "jit_allowed",
    "jit_enabled",
    "per_thread",
    "remove_compile_listener",
    "work_clock",
]

F = TypeVar("F", bound=Callable[..., Any])
P = ParamSpec("P")
T = TypeVar("T")

_compiled: dict[Callable[..., Any], Callable[..., Any]] = {}
_COMPILED_LOCK = threading.Lock()

CompileListener = Callable[[bool, str], None]
"""Called with ``(True, name)`` when numba starts compiling the function ``name`` (its
callees compile inside it) and ``(False, name)`` when it has finished."""


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
    _CLOCK.listen()
    return True


def compiled(kernel: F) -> F:
    """``kernel`` compiled by numba (nopython, cached on disk), or itself when JIT is off."""
    if not jit_enabled():
        return kernel
    with _COMPILED_LOCK:  # threads (a warm-up, a request) may reach a module's kernels at once
        fast = _compiled.get(kernel)
        if fast is None and getattr(kernel, "py_func", None) in _compiled:
            return kernel  # compiled already (a module's helper, replaced by another thread)
        if fast is None:
            import numba

            from grille.engine import kernel_cache

            kernel_cache.track(kernel)
            fast = numba.njit(cache=True, nogil=True)(kernel)
            _compiled[kernel] = fast
    return fast  # type: ignore[return-value]


def dispatchers() -> dict[Callable[..., Any], Any]:
    """Every kernel compiled through :func:`compiled` so far, with its numba dispatcher."""
    return dict(_compiled)


# -- the time spent compiling --------------------------------------------------------------


class _CompileClock:
    """Seconds spent in numba compiling, from its ``numba:compile`` events (one compile at
    a time in a process: numba holds a global lock; callees compile inside their caller)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._started = 0.0
        self._total = 0.0
        self._listeners: list[CompileListener] = []

    def listen(self) -> None:
        """Register with numba's event API (once; numba is imported by then)."""
        _register_with_numba(self)

    def seconds(self) -> float:
        with self._lock:
            running = time.monotonic() - self._started if self._depth else 0.0
            return self._total + running

    def busy(self) -> bool:
        with self._lock:
            return self._depth > 0

    def add(self, listener: CompileListener) -> None:
        with self._lock:
            self._listeners.append(listener)

    def remove(self, listener: CompileListener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def start(self, name: str) -> None:
        with self._lock:
            self._depth += 1
            outermost = self._depth == 1
            if outermost:
                self._started = time.monotonic()
            listeners = list(self._listeners)
        if outermost:
            _tell(listeners, True, name)

    def end(self, name: str) -> None:
        with self._lock:
            self._depth = max(0, self._depth - 1)
            outermost = self._depth == 0
            if outermost:
                self._total += time.monotonic() - self._started
            listeners = list(self._listeners)
        if outermost:
            _tell(listeners, False, name)


def _tell(listeners: list[CompileListener], starting: bool, name: str) -> None:
    """Call each listener; one that fails must not fail numba's compile (these calls run
    inside its compile events), so its error is logged and dropped."""
    for listener in listeners:
        try:
            listener(starting, name)
        except Exception:
            logging.getLogger(__name__).exception("a compile listener failed")


_CLOCK = _CompileClock()


@functools.cache
def _register_with_numba(clock: _CompileClock) -> None:
    from numba.core import event

    def name_of(data: Any) -> str:
        dispatcher = data.get("dispatcher") if isinstance(data, dict) else None
        function = getattr(dispatcher, "py_func", None)
        module = getattr(function, "__module__", "") or ""
        return f"{module.rpartition('.')[2]}.{getattr(function, '__name__', '?')}"

    class Listener(event.Listener):
        def on_start(self, found: Any) -> None:
            clock.start(name_of(found.data))

        def on_end(self, found: Any) -> None:
            clock.end(name_of(found.data))

    event.register("numba:compile", Listener())  # type: ignore[no-untyped-call]


def compile_seconds() -> float:
    """Seconds this process has spent compiling kernels (a compile under way included)."""
    return _CLOCK.seconds()


def compiling() -> bool:
    """Whether a kernel is being compiled in this process right now."""
    return _CLOCK.busy()


def work_clock() -> float:
    """A monotonic clock in seconds that stands still while kernels compile.

    Time limits on a search measure it, so that compiling a kernel on first use never
    counts against them.
    """
    return time.monotonic() - _CLOCK.seconds()


def add_compile_listener(listener: CompileListener) -> None:
    """Call ``listener`` when a compile starts and ends (see :data:`CompileListener`)."""
    _CLOCK.add(listener)


def remove_compile_listener(listener: CompileListener) -> None:
    """Stop calling ``listener``."""
    _CLOCK.remove(listener)


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
