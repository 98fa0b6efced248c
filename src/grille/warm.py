"""Compiling the solver kernels before they are needed, and saying so while it happens.

grille's hot loops are numba kernels, compiled for this machine on first use and then kept
in numba's on-disk cache (see :mod:`grille.engine._jit`). A cold compile takes seconds to
minutes, so nothing should wait for it by surprise or run out of time because of it:

- ``grille warm`` (``make run`` and ``make test`` run it) compiles every kernel the
  commands and the games use, once, with a progress line; run again it only loads them
  from the cache (a few seconds);
- :func:`ensure_warm` compiles what a command is about to run before it arms its time
  limit; :func:`warm_in_background` does it in a thread; the games (``grille play``, ``grille
  tui``) warm only in their worker processes' fork server (:mod:`grille.game.preload`),
  since their own process runs no kernel, so the first new game and hint wait no longer
  than later ones;
- :func:`announce_compiles` has any compile that still happens in the foreground say so on
  standard error when it lasts more than a second;
- time limits measure :func:`grille.engine._jit.work_clock`, which stands still while a
  kernel compiles.

Kinds name their kernels through :meth:`grille.kind.Kind.kernel_groups`; this module knows
no kind.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import json
import os
import platform
import sys
import threading
import time
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from grille.engine import _jit
from grille.kind import KERNEL_USES, KernelGroup
from grille.kinds import get_kind, kind_names

if TYPE_CHECKING:
    from grille.cliargs import CommandFactory
    from grille.kind import Kind

__all__ = [
    "ALL_USES",
    "GAME_USES",
    "NOTICE",
    "THRESHOLD",
    "Warmed",
    "add_commands",
    "announce_compiles",
    "ensure_warm",
    "kernel_groups",
    "main",
    "remember",
    "warm",
    "warm_in_background",
    "warmed",
]

ALL_USES: frozenset[str] = frozenset(KERNEL_USES) | {"xc"}
"""Every use: what ``grille warm`` compiles (``xc``: the exact cover engine)."""

GAME_USES: frozenset[str] = frozenset({"generate", "hint", "rate", "solve"})
"""What the web and terminal games run: new games (generating and rating), hints, and the
search that an entered puzzle has one solution (the variant solver's kernel among them)."""

NOTICE = "compiling solver kernels for this machine, once"
"""The start of what is said on standard error while kernels compile in the foreground."""

THRESHOLD = 1.0
"""Seconds of compiling before it is announced."""


@dataclass(frozen=True, slots=True)
class Warmed:
    """What a warm-up did: the groups it ran, the seconds it took, whether any compiled."""

    groups: tuple[str, ...]
    seconds: float
    compiled: bool

    def __str__(self) -> str:
        done = "compiled" if self.compiled else "ready (cached)"
        return f"{len(self.groups)} kernel groups {done} in {self.seconds:.1f} s"


def kernel_groups(
    kinds: Iterable[Kind[Any]], uses: Collection[str]
) -> tuple[KernelGroup, ...]:
    """The kernel groups ``kinds`` run for ``uses``, each once, in order (with the exact
    cover engine's for ``xc``)."""
    found: dict[str, KernelGroup] = {}
    for kind in kinds:
        for group in kind.kernel_groups(uses):
            found.setdefault(group.name, group)
    if "xc" in uses and _jit.jit_enabled():
        found.setdefault("exact cover engine", KernelGroup("exact cover engine", _warm_xcc))
    return tuple(found.values())


def _warm_xcc() -> None:
    from grille.engine.xcc import count_queens

    count_queens(5, backend="jit")


_RAN: dict[str, frozenset[tuple[str, str, str]]] = {}
"""The kernels each group's warm-up ran first in this process (what the note keeps)."""


def warm(
    groups: Sequence[KernelGroup], *, out: TextIO | None = None, what: str = NOTICE,
    threshold: float = THRESHOLD,
) -> Warmed:
    """Run each group's warm-up; when kernels compile for more than ``threshold`` seconds,
    say so on ``out`` (``None``: silently) with the group at work, ``n of m``."""
    progress = _Progress(out, what, len(groups), threshold)
    started = time.monotonic()
    with _NOTICES.paused(), progress:
        for index, group in enumerate(groups, start=1):
            progress.group(index, group.name)
            before = _kernels_run()
            group.warm()
            after = _kernels_run()
            # what it ran first here; when it ran nothing new (run before in this process,
            # or on other groups' kernels), every kernel loaded so far stands for it
            _RAN[group.name] = frozenset(after - before or after)
    return Warmed(tuple(g.name for g in groups), time.monotonic() - started, progress.compiled)


def ensure_warm(
    kinds: Iterable[Kind[Any]], uses: Collection[str], *, out: TextIO | None = None
) -> Warmed:
    """Compile the kernels ``kinds`` run for ``uses`` now, unless this installation has
    compiled them already, announcing a compile on ``out`` (default: standard error).

    Call it before starting any clock that should not count compiling. A warm-up leaves a
    note beside the package (:class:`_Note`), so that later calls with the same sources,
    Python and numba return at once and the kernels load from numba's cache as they are
    used (milliseconds each); anything compiled after all is not counted by time limits.
    """
    groups = kernel_groups(kinds, uses)
    note = _Note()
    if note.covers(group.name for group in groups):
        return Warmed((), 0.0, compiled=False)
    done = warm(groups, out=out if out is not None else sys.stderr)
    note.add(done.groups)
    return done


def warmed(uses: Collection[str] = GAME_USES) -> bool:
    """Whether this installation has compiled the kernels every kind runs for ``uses``
    already (a warm-up noted it), so that running them only loads them from the cache
    (seconds, not a minute or more); ``True`` when nothing is compiled (``GRILLE_JIT=0``)."""
    if not _jit.jit_enabled():
        return True
    groups = kernel_groups([get_kind(name) for name in kind_names()], uses)
    return _Note().covers(group.name for group in groups)


def remember(groups: Iterable[str]) -> None:
    """Note that the kernel groups named ``groups`` are warmed for these sources (what
    :func:`warmed` and :func:`ensure_warm` read), after a warm-up done elsewhere (the game
    workers' fork server)."""
    _Note().add(groups)


def warm_in_background(
    uses: Collection[str] = GAME_USES, *, kinds: Iterable[str] | None = None,
    out: TextIO | None = None,
) -> threading.Thread:
    """:func:`warm` in a daemon thread (started and returned): for servers and the terminal
    game, whose first request should not wait for a compile (nor for numba to import).
    ``kinds``: their names (``None``: every registered kind); ``out=None``: silently."""
    names = tuple(kind_names() if kinds is None else kinds)

    def run() -> None:
        try:
            groups = kernel_groups([get_kind(name) for name in names], uses)
            done = warm(groups, out=out, what=f"{NOTICE}, in the background")
            _Note().add(done.groups)
        except Exception as error:  # the real work compiles lazily instead
            if out is not None:
                print(f"grille: warning: warming up kernels failed: {error}", file=out)

    thread = threading.Thread(target=run, name="grille-warm", daemon=True)
    thread.start()
    return thread


class _Note:
    """Which kernel groups this installation has warmed, and the kernels each ran, for this
    Python, this numba and this machine: a small JSON file in the package's ``__pycache__``
    (beside numba's cache), or in the user's cache folder when the package is read-only.

    A group counts as warmed while numba's cache still holds every kernel its warm-up ran,
    compiled from the sources as they are now (:func:`_cached`: numba's own cache lookup,
    which stamps a kernel with its file and the grille files it depends on). An edit to a
    file no kernel depends on changes nothing; an edit to a kernel's sources, or an emptied
    cache, makes it a first time again. While no source file has changed since the
    warm-up (every file's time and size) and numba's index files are all there, the note
    holds at once, without asking (a command's start stays milliseconds). Where numba's
    cache cannot be asked (no kernel named, or its internals differ), the files' times and
    sizes alone key the note.
    """

    NAME = "grille-warm.json"

    def __init__(self) -> None:
        self.key = _platform_key()

    def covers(self, names: Iterable[str]) -> bool:
        asked = set(names)
        found = self._read()
        if not asked <= set(found.get("groups", ())):
            return False
        ran = found.get("kernels")
        kernels = [kernel for name in sorted(asked)
                   for kernel in (ran.get(name, []) if isinstance(ran, dict) else [])]
        unchanged = found.get("sources") == _sources_key()
        if not kernels:
            return unchanged
        if unchanged and all(len(k) == 3 and k[2] and os.path.exists(k[2]) for k in kernels):
            return True  # no source touched since, numba's index files all there: at once
        return all(_cached(tuple(kernel[:2])) for kernel in kernels)

    def add(self, names: Iterable[str]) -> None:
        found = self._read()
        kept = found.get("kernels")
        ran: dict[str, Any] = dict(kept) if isinstance(kept, dict) else {}
        warmed = set(found.get("groups", ())) | set(names)
        if found.get("sources") not in (None, _sources_key()) and not any(ran.values()):
            warmed = set(names)  # an older warm-up keyed on sources that changed since
        for name in names:
            ran[name] = sorted(list(kernel) for kernel in _RAN.get(name, ()))
        text = json.dumps({"key": self.key, "groups": sorted(warmed), "kernels": ran,
                           "sources": _sources_key()})
        for path in self._paths():
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
                temporary.write_text(text, encoding="utf-8")
                os.replace(temporary, path)
                return
            except OSError:
                continue

    def _read(self) -> dict[str, Any]:
        """The note for this Python, numba and machine (empty when there is none)."""
        for path in self._paths():
            try:
                found = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(found, dict) and found.get("key") == self.key:
                return found
            return {}
        return {}

    def _paths(self) -> list[Path]:
        import platformdirs

        return [_PACKAGE / "__pycache__" / self.NAME,
                platformdirs.user_cache_path("grille") / self.NAME]


_PACKAGE = Path(__file__).resolve().parent


def _platform_key() -> str:
    """A digest of what no kernel stamp covers: the Python and numba versions, the machine."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        numba = version("numba")
    except PackageNotFoundError:  # pragma: no cover - numba is a dependency
        numba = "?"
    return hashlib.sha256(f"{sys.version}|{numba}|{platform.machine()}".encode()).hexdigest()


def _sources_key() -> str:
    """A digest of every grille source file (name, time, size): the note's key when numba's
    cache cannot be asked."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*.py")):
        stat = path.stat()
        digest.update(f"|{path.relative_to(_PACKAGE)}:{stat.st_mtime_ns}:{stat.st_size}".encode())
    return digest.hexdigest()


def _kernels_run() -> set[tuple[str, str, str]]:
    """The kernels this process has run (compiled or loaded from numba's cache), as
    (module, qualified name) of their Python functions and the path of numba's index of
    them (``""`` when numba does not say); nested functions are left out (they cannot be
    looked up again)."""
    return {(function.__module__, function.__qualname__, _index_path(dispatcher))
            for function, dispatcher in _jit.dispatchers().items()
            if getattr(dispatcher, "signatures", None) and "<locals>" not in function.__qualname__
            and function.__module__.partition(".")[0] == __name__.partition(".")[0]}


def _index_path(dispatcher: Any) -> str:
    """Where numba keeps the index of ``dispatcher``'s cached code (``""``: unknown)."""
    found = getattr(getattr(getattr(dispatcher, "_cache", None), "_cache_file", None),
                    "_index_path", "")
    return found if isinstance(found, str) else ""


def _cached(kernel: tuple[str, ...]) -> bool:
    """Whether numba's on-disk cache holds compiled code of the kernel (module, qualified
    name) for its sources as they are now: its index, found and checked as numba finds and
    checks it when the kernel is first called (the same locator and stamp)."""
    try:
        module, qualname = kernel
        return _index_holds(module, qualname, _sources_stamp(module, qualname))
    except Exception:  # a kernel gone or renamed, numba's internals changed: not known
        return False


def _sources_stamp(module: str, qualname: str) -> tuple[int, int, int]:
    """The times and sizes of the kernel's module file (memo key: re-checked on a change)."""
    import importlib.util

    spec = importlib.util.find_spec(module)
    origin = spec.origin if spec is not None else None
    stat = os.stat(origin) if origin else None
    return (stat.st_mtime_ns, stat.st_size, int(time.time() // 5)) if stat else (0, 0, 0)


@functools.lru_cache(maxsize=1024)
def _index_holds(module: str, qualname: str, stamp: tuple[int, int, int]) -> bool:
    """:func:`_cached` for a (module, qualified name), asked again when ``stamp`` changes
    (its file, or every five seconds for the files it depends on)."""
    from numba.core.caching import FunctionCache

    copy = _tracked_copy(module, qualname)
    if copy is None:
        return False
    cache = FunctionCache(copy)  # type: ignore[no-untyped-call]  # stamps the sources now
    return bool(cache._cache_file._load_index())  # type: ignore[no-untyped-call]


@functools.cache
def _tracked_copy(module: str, qualname: str) -> Any:
    """A copy of the kernel's Python function, cached under the same locator and stamp as
    the copy :mod:`grille.engine._jit` compiles (``None`` when it is not a function)."""
    import importlib
    import types

    from grille.engine import kernel_cache

    target: Any = importlib.import_module(module)
    for part in qualname.split("."):
        target = getattr(target, part)
    function = getattr(target, "py_func", target)
    if not isinstance(function, types.FunctionType):
        return None
    copy = types.FunctionType(function.__code__, function.__globals__, function.__name__,
                              function.__defaults__, function.__closure__)
    copy.__qualname__ = function.__qualname__
    kernel_cache.track(copy)
    return copy


# -- saying so ---------------------------------------------------------------------------------


class _Progress:
    """The progress line of a warm-up: shown once kernels have compiled for ``threshold``
    seconds, one line per group (rewritten in place on a terminal), and a closing line."""

    def __init__(self, out: TextIO | None, what: str, total: int, threshold: float) -> None:
        self._out = out
        self._what = what
        self._total = total
        self._threshold = threshold
        self._lock = threading.Lock()
        self._current = ""
        self._shown = ""
        self._started = time.monotonic()
        self._compile_started = 0.0
        self._done = threading.Event()
        self._ticker: threading.Thread | None = None
        self.compiled = False
        self._tty = bool(out is not None and getattr(out, "isatty", lambda: False)())

    def __enter__(self) -> _Progress:
        _jit.add_compile_listener(self._heard)
        if self._out is not None:
            self._ticker = threading.Thread(target=self._tick, name="grille-warm-progress",
                                            daemon=True)
            self._ticker.start()
        return self

    def __exit__(self, *exc: object) -> None:
        _jit.remove_compile_listener(self._heard)
        self._done.set()
        if self._ticker is not None:
            self._ticker.join()
        with self._lock:
            if self._shown and self._out is not None:
                seconds = time.monotonic() - self._started
                ending = "ready" if exc[0] is None else "stopped"
                self._write(f"grille: solver kernels {ending} ({_duration(seconds)})", last=True)

    def group(self, index: int, name: str) -> None:
        with self._lock:
            self._current = f"{name} ({index} of {self._total})"
        self._show()

    def _heard(self, starting: bool, name: str) -> None:
        if starting:
            with self._lock:
                if not self.compiled:
                    self._compile_started = time.monotonic()
                self.compiled = True

    def _tick(self) -> None:
        while not self._done.wait(0.2):
            self._show()

    def _show(self) -> None:
        with self._lock:
            due = self.compiled and time.monotonic() - self._compile_started >= self._threshold
            if not due or self._out is None or self._current == self._shown:
                return
            self._shown = self._current
            self._write(f"grille: {self._what}: {self._current}")

    def _write(self, line: str, *, last: bool = False) -> None:
        assert self._out is not None
        if self._tty:  # one line, rewritten in place
            _say_on(self._out, f"\r\x1b[K{line}" + ("\n" if last else ""))
        else:
            _say_on(self._out, line + "\n")


class _Notices:
    """Says on a stream when a kernel compiles outside a warm-up for over a second."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._out: TextIO | None = None
        self._paused = 0
        self._timer: threading.Timer | None = None
        self._said = 0.0

    def to(self, out: TextIO | None) -> None:
        with self._lock:
            first = self._out is None and out is not None
            self._out = out
        if first:
            _jit.add_compile_listener(self._heard)

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        with self._lock:
            self._paused += 1
        try:
            yield
        finally:
            with self._lock:
                self._paused -= 1

    def _heard(self, starting: bool, name: str) -> None:
        with self._lock:
            if self._out is None or self._paused:
                return
            if starting:
                self._timer = threading.Timer(THRESHOLD, self._say, (name, time.monotonic()))
                self._timer.daemon = True
                self._timer.start()
                return
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._said:
                seconds = time.monotonic() - self._said
                _say_on(self._out, f"grille: compiled in {_duration(seconds)}\n")
                self._said = 0.0

    def _say(self, name: str, started: float) -> None:
        with self._lock:
            if self._out is None or self._paused or self._timer is None:
                return
            self._said = started
            _say_on(self._out, f"grille: {NOTICE}: {name} (grille warm does them all)\n")


_NOTICES = _Notices()


def announce_compiles(out: TextIO | None) -> None:
    """From now on, say on ``out`` (``None``: stop) when a kernel compiles for more than
    :data:`THRESHOLD` seconds outside a warm-up (which has its own progress line)."""
    _NOTICES.to(out)


def _say_on(out: TextIO, text: str) -> None:
    """Write ``text`` on ``out``; a closed stream or a broken pipe is not worth failing a
    compile for (these run inside numba's compile events)."""
    try:
        out.write(text)
        out.flush()
    except (OSError, ValueError):
        pass


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"


# -- grille warm ---------------------------------------------------------------------------


def cmd_warm(args: argparse.Namespace) -> int:
    """Compile every kernel the commands and the games use (of the kinds named)."""
    names = args.kinds or list(kind_names())
    uses = ALL_USES - {"xc"} if args.kinds else ALL_USES
    if not _jit.jit_enabled():
        print("grille: compiling is off (GRILLE_JIT=0): nothing to warm", file=sys.stderr)
        return 0
    done = warm(kernel_groups([get_kind(name) for name in names], uses),
                out=None if args.quiet else sys.stderr)
    _Note().add(done.groups)
    if not args.quiet:
        print(f"grille: {done}", file=sys.stderr)
    return 0


def _kind_name(text: str) -> str:
    if text not in kind_names():
        raise argparse.ArgumentTypeError(
            f"unknown kind {text!r} (choose from {', '.join(kind_names())})"
        )
    return text


def add_commands(command: CommandFactory) -> None:
    """Add ``grille warm``."""
    sub = command(
        "warm", cmd_warm,
        "Compile the solver kernels for this machine now (make run does), so that no "
        "command or game waits for it later: every kernel rate, explain, hint, generate, "
        "solve and the games use, all nesting levels and scales. Once compiled they stay in "
        "numba's cache, and this command only checks them (seconds).",
    )
    sub.add_argument("kinds", nargs="*", type=_kind_name, metavar="KIND",
                     help=f"only these kinds ({', '.join(kind_names())}; default: all, and "
                     "the exact cover engine)")
    sub.add_argument("--quiet", action="store_true", help="no progress line")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m grille.warm [KIND ...]``: the same as ``grille warm``."""
    parser = argparse.ArgumentParser(prog="python -m grille.warm", description=__doc__)
    commands = parser.add_subparsers(dest="command")

    def command(name: str, handler: Any, text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=text)
        sub.set_defaults(handler=handler)
        return sub

    add_commands(command)
    args = parser.parse_args(["warm", *(argv if argv is not None else sys.argv[1:])])
    status: int = args.handler(args)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
