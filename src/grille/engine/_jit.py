"""Compiling hot loops with numba, lazily, with an interpreted fallback.

Kernels are plain functions written in the subset of Python that numba compiles: integer
arithmetic, loops, and indexing into flat buffers that the caller passes in (they allocate
nothing). The same source then runs two ways:

- interpreted, on Python lists: no numba import, no compile time, best for one small job
  (this keeps ``grille solve`` on one puzzle well under a second from a cold start);
- compiled by numba (``compiled(kernel)``) on NumPy arrays: for files, batches, big grids.

Set ``GRILLE_JIT=0`` in the environment to never compile (useful to debug a kernel).

A family of kernels that call helpers (functions of their own or of other files) declares
them once as :class:`Kernels`: on first use it holds, for the whole process, either the
plain functions or numba dispatchers compiled from *copies* of them whose globals see the
compiled helpers (:func:`backend`). No module rewrites its own globals, so the plain
functions keep calling each other and stay the reference that ``GRILLE_JIT=0`` runs.

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
import types
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, ParamSpec, TypeVar

__all__ = [
    "CompileListener",
    "Kernels",
    "PerThread",
    "add_compile_listener",
    "backend",
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
    """``kernel`` compiled by numba (nopython, cached on disk), or itself when JIT is off.

    Helpers ``kernel`` calls must have been compiled already (by :func:`backend`); a kernel
    with helpers is better declared as :class:`Kernels`.
    """
    if not jit_enabled():
        return kernel
    with _COMPILED_LOCK:  # threads (a warm-up, a request) may reach a module's kernels at once
        fast = _compiled.get(kernel)
        if fast is None:
            _compile((kernel,))
            fast = _compiled[kernel]
    return fast  # type: ignore[return-value]


def backend(
    functions: Sequence[Callable[..., Any]],
) -> dict[Callable[..., Any], Callable[..., Any]]:
    """Each of ``functions`` as this process runs it: itself when compiling is off, else a
    numba dispatcher (nopython, cached on disk) of a copy of it.

    This is the one place that chooses compiled or plain Python. A copy runs the same code
    as its function, with globals copied from its module (one copy per module, shared by
    every copy from it) in which each function compiled so far, here or by an earlier call,
    stands for its dispatcher: a kernel calls compiled helpers, found by the names its
    source uses, and the module's own globals are left alone. List helpers with the entry
    points they serve (in any order; numba resolves them when it first compiles).
    """
    if not jit_enabled():
        return {function: function for function in functions}
    with _COMPILED_LOCK:
        _compile(functions)
        return {function: _compiled[function] for function in functions}


_spaces: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
"""The globals of the compiled copies, by the identity of the globals they copy (a module's):
those globals, and a copy of them in which functions compiled so far are replaced by their
dispatchers."""


def _compile(functions: Sequence[Callable[..., Any]]) -> None:
    """Make a dispatcher of a copy of each of ``functions`` not made yet (``_COMPILED_LOCK``
    held), and point every copied namespace at the dispatchers made so far."""
    import numba

    from grille.engine import kernel_cache

    for function in functions:
        if function in _compiled:
            continue
        if not isinstance(function, types.FunctionType):
            raise TypeError(f"not a plain function, cannot compile: {function!r}")
        found = _spaces.get(id(function.__globals__))
        if found is None:
            found = _spaces[id(function.__globals__)] = (
                function.__globals__, dict(function.__globals__))
        space = found[1]
        copy = types.FunctionType(function.__code__, space, function.__name__,
                                  function.__defaults__, function.__closure__)
        copy.__qualname__ = function.__qualname__
        copy.__doc__ = function.__doc__
        kernel_cache.track(copy)
        _compiled[function] = numba.njit(cache=True, nogil=True)(copy)
    for _, space in _spaces.values():
        for name, value in space.items():
            if isinstance(value, types.FunctionType) and value in _compiled:
                space[name] = _compiled[value]


class Kernels:
    """A family's kernel entry points, the helpers they call and the families whose kernels
    they call, declared once (at the bottom of the kernels' module), run compiled or plain
    as :func:`backend` decides on first use.

    Entry points are attributes named without their leading underscores
    (``KERNELS.scan`` for ``_scan``); :attr:`compiled` says which backend runs them.
    """

    def __init__(
        self,
        entries: Sequence[Callable[..., Any]],
        helpers: Sequence[Callable[..., Any]] = (),
        uses: Sequence[Kernels] = (),
    ) -> None:
        self._entries = tuple(entries)
        self._helpers = tuple(helpers)
        self._uses = tuple(uses)
        self._compiled: bool | None = None
        self._lock = threading.Lock()

    def functions(self) -> tuple[Callable[..., Any], ...]:
        """Every plain function the entry points run: theirs, their helpers', the used
        families'."""
        used = tuple(function for family in self._uses for function in family.functions())
        return (*used, *self._helpers, *self._entries)

    def _build(self) -> bool:
        """Choose the backend (once): the entry points become attributes of this object,
        so that later calls find them as fast as any attribute; whether they compile."""
        with self._lock:
            if self._compiled is None:
                found = backend(self.functions())
                for entry in self._entries:
                    setattr(self, entry.__name__.lstrip("_"), found[entry])
                self._compiled = found[self._entries[0]] is not self._entries[0]
            return self._compiled

    @property
    def compiled(self) -> bool:
        """Whether the entry points run compiled (numba present, ``GRILLE_JIT`` not 0)."""
        found = self._compiled
        return self._build() if found is None else found

    def __getattr__(self, name: str) -> Callable[..., Any]:
        """An entry point, before the backend is chosen (afterwards they are attributes)."""
        if name.startswith("_") or self.__dict__.get("_compiled") is not None:
            raise AttributeError(f"no kernel named {name!r}")
        self._build()
        found: Callable[..., Any] | None = self.__dict__.get(name)
        if found is None:
            raise AttributeError(f"no kernel named {name!r}")
        return found


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
