"""Slow work (hints, solving, generating) in worker processes that can really be stopped.

A search on a big grid can run for minutes inside a compiled kernel, which no thread can
interrupt. So every such task runs in a process of its own, and stopping it (the player
cancels, the time limit passes) kills that process: the work stops at once, whatever it
was doing, and nothing it held is left locked.

Processes are forked from a fork server that imported grille and ran its kernels once
(``preload``, by default :mod:`grille.game.preload`), so a task starts in milliseconds
with every kernel compiled, and tasks never share memory with the front end or each
other. (Where the platform has no fork server, each task starts a fresh interpreter:
correct, but seconds slower.)

Tasks go into lanes, each with its own number of slots and OS priority, so that work of
one sort never waits behind another: the default lanes are ``play`` (hints and solving
for a player waiting), ``small`` and ``large`` (generating, by expected cost: a 4x4 easy
never waits behind a 16x16 extreme), and ``background`` (filling the pool of new games,
at the lowest priority, so it only uses what play leaves idle).

>>> workers = Workers(preload=())
>>> task = workers.submit(pow, 2, 10, lane="play", time_limit=30)
>>> task.result(), task.status
(1024, <TaskStatus.DONE: 'done'>)
>>> workers.shutdown()
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from grille.errors import BudgetExceededError, GrilleError
from grille.kinds import added_kinds, adopt_kinds

__all__ = [
    "LANES",
    "PRELOAD",
    "Lane",
    "Task",
    "TaskStatus",
    "WorkCancelledError",
    "WorkError",
    "WorkTimeLimitError",
    "Workers",
]

T = TypeVar("T")

PRELOAD = ("grille.game.preload",)
"""What the fork server imports before its first fork: grille, with its kernels ready."""

_log = logging.getLogger(__name__)


class WorkError(GrilleError):
    """A task failed; the message is its error's (``internal``: not an input error)."""

    def __init__(self, message: str, *, internal: bool = False) -> None:
        super().__init__(message)
        self.internal = internal


class WorkTimeLimitError(WorkError, BudgetExceededError):
    """A task ran past its time limit and was stopped."""


class WorkCancelledError(WorkError):
    """A task was cancelled before it finished."""


@dataclass(frozen=True, slots=True)
class Lane:
    """Tasks of one sort: how many run at once (``slots``), how much lower their OS
    priority is (``nice``, added to the server's)."""

    name: str
    slots: int = 1
    nice: int = 0


LANES = (
    Lane("play", slots=2),
    Lane("small", slots=2),
    Lane("large", slots=1, nice=5),
    Lane("background", slots=1, nice=19),
)
"""The default lanes (see the module's description)."""


class TaskStatus(enum.Enum):
    """Where a task is."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        """Whether the task ended (done, failed or cancelled)."""
        return self in (TaskStatus.DONE, TaskStatus.FAILED, TaskStatus.CANCELLED)


class Task(Generic[T]):
    """One call of a function in a worker process: its status, its result or error."""

    def __init__(
        self, task_id: int, function: Callable[..., T], args: tuple[Any, ...], lane: Lane,
        time_limit: float | None, label: str,
    ) -> None:
        self.id = task_id
        self.lane = lane
        self.label = label or getattr(function, "__name__", "task")
        self.time_limit = time_limit
        self.submitted = time.monotonic()
        self.started: float | None = None
        self.finished: float | None = None
        self._function = function
        self._args = args
        self._status = TaskStatus.QUEUED
        self._result: T | None = None
        self._error: WorkError | None = None
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._process: Any = None
        self._cancelled = False
        self._callbacks: list[Callable[[Task[T]], None]] = []

    def __repr__(self) -> str:
        return f"<Task {self.id} {self.label} in {self.lane.name}: {self._status.value}>"

    @property
    def status(self) -> TaskStatus:
        """Queued, running, done, failed or cancelled."""
        return self._status

    @property
    def pid(self) -> int | None:
        """The id of the task's process while it runs."""
        process = self._process
        return None if process is None else int(process.pid)

    @property
    def error(self) -> WorkError | None:
        """Why the task failed or was cancelled (``None`` otherwise)."""
        return self._error

    @property
    def elapsed(self) -> float:
        """Seconds the task has run (so far, or in all)."""
        if self.started is None:
            return 0.0
        return (self.finished or time.monotonic()) - self.started

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the task ends, at most ``timeout`` seconds; whether it ended."""
        return self._done.wait(timeout)

    def result(self, timeout: float | None = None) -> T:
        """The function's result, once the task ends (at most ``timeout`` seconds from
        now: ``TimeoutError`` beyond). Raises :class:`WorkError` when it failed,
        :class:`WorkTimeLimitError` past its limit, :class:`WorkCancelledError` when
        cancelled."""
        if not self._done.wait(timeout):
            raise TimeoutError(f"{self.label} is still running")
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]

    def cancel(self) -> bool:
        """Stop the task (a running one's process is killed); ``False`` when it had ended
        already."""
        with self._lock:
            if self._status.finished:
                return False
            self._cancelled = True
            process = self._process
            queued = self._status is TaskStatus.QUEUED
        if queued:
            self._finish(TaskStatus.CANCELLED, None, _cancelled(self))
        elif process is not None:
            with contextlib.suppress(OSError, ValueError):
                process.kill()
        return True

    def add_done_callback(self, callback: Callable[[Task[T]], None]) -> None:
        """Call ``callback(task)`` when the task ends (at once if it has)."""
        with self._lock:
            if not self._status.finished:
                self._callbacks.append(callback)
                return
        callback(self)

    def _finish(self, status: TaskStatus, result: T | None, error: WorkError | None) -> None:
        with self._lock:
            if self._status.finished:
                return
            self._status = status
            self._result = result
            self._error = error
            self.finished = time.monotonic()
            self._process = None
            callbacks, self._callbacks = self._callbacks, []
        self._done.set()
        for callback in callbacks:
            try:
                callback(self)
            except Exception:  # a callback's failure must not stop the others
                _log.exception("callback of %r failed", self)


class Workers:
    """Runs tasks in worker processes, lane by lane (see the module's description)."""

    def __init__(self, lanes: Sequence[Lane] = LANES, *, preload: Sequence[str] = PRELOAD) -> None:
        self.lanes = {lane.name: lane for lane in lanes}
        self._queues: dict[str, deque[Task[Any]]] = {name: deque() for name in self.lanes}
        self._running: dict[str, set[Task[Any]]] = {name: set() for name in self.lanes}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._context = _context(preload)
        self._ready = threading.Event()
        if self._context.get_start_method() != "forkserver" or not preload:
            self._ready.set()  # nothing is warmed before a task can start

    def __repr__(self) -> str:
        running = sum(len(tasks) for tasks in self._running.values())
        queued = sum(len(tasks) for tasks in self._queues.values())
        return f"<Workers {running} running, {queued} queued>"

    def start(self, *, wait: bool = False) -> None:
        """Start the fork server now, so its warm-up runs while nobody waits for it.

        ``wait``: launch it from this thread before returning (its warm-up still runs in
        the server meanwhile), for a front end that must launch it while the process's
        standard streams are still the real ones (a terminal app redirects them later)."""
        if self._context.get_start_method() == "forkserver":
            from multiprocessing import forkserver

            if wait:
                forkserver.ensure_running()
                threading.Thread(target=self._probe, name="grille-forkserver",
                                 daemon=True).start()
                return
            threading.Thread(target=self._launch, name="grille-forkserver",
                             daemon=True).start()

    @property
    def ready(self) -> bool:
        """Whether a task starts at once: the fork server finished its warm-up (a worker
        process has started). Until then a task waits for the kernels to load, or on a
        new installation to compile (a minute or more): a front end can say so."""
        return self._ready.is_set()

    def _launch(self) -> None:
        from multiprocessing import forkserver

        forkserver.ensure_running()
        self._probe()

    def _probe(self) -> None:
        """Start a process that does nothing: it starts once the warm-up is over."""
        with contextlib.suppress(Exception):  # a task started later finds out as well
            process = self._context.Process(target=_nothing, daemon=True,  # type: ignore[attr-defined]
                                            name="grille-ready")
            process.start()
            self._ready.set()
            process.join()

    def submit(
        self,
        function: Callable[..., T],
        *args: Any,
        lane: str = "play",
        time_limit: float | None = None,
        label: str = "",
    ) -> Task[T]:
        """Run ``function(*args)`` in a worker process of ``lane`` (it must be a module-level
        function, and its arguments and result picklable); stopped after ``time_limit``
        seconds of running."""
        if lane not in self.lanes:
            raise WorkError(f"no lane {lane!r}; lanes: {', '.join(self.lanes)}", internal=True)
        task: Task[T] = Task(next(self._ids), function, args, self.lanes[lane], time_limit, label)
        with self._lock:
            self._queues[lane].append(task)
        task.add_done_callback(self._dequeue)
        self._dispatch()
        return task

    def run(
        self, function: Callable[..., T], *args: Any, lane: str = "play",
        time_limit: float | None = None,
    ) -> T:
        """``function(*args)`` run in a worker process (see :meth:`submit`), waited for."""
        return self.submit(function, *args, lane=lane, time_limit=time_limit).result()

    def busy(self, lane: str) -> int:
        """Tasks of ``lane`` running or queued."""
        with self._lock:
            return len(self._running[lane]) + len(self._queues[lane])

    def shutdown(self) -> None:
        """Cancel every task, queued or running (tasks submitted later run as usual)."""
        with self._lock:
            tasks = [t for queue in self._queues.values() for t in queue]
            tasks += [t for running in self._running.values() for t in running]
        for task in tasks:
            task.cancel()

    def _dequeue(self, task: Task[Any]) -> None:
        """Forget a task cancelled while it was queued."""
        with self._lock:
            queue = self._queues[task.lane.name]
            if task in queue:
                queue.remove(task)

    def _dispatch(self) -> None:
        starting = []
        with self._lock:
            for name, lane in self.lanes.items():
                queue, running = self._queues[name], self._running[name]
                while queue and len(running) < lane.slots:
                    task = queue.popleft()
                    if task.status.finished:  # cancelled while queued
                        continue
                    running.add(task)
                    starting.append(task)
        for task in starting:
            threading.Thread(target=self._supervise, args=(task,), daemon=True,
                             name=f"grille-task-{task.id}").start()

    def _supervise(self, task: Task[Any]) -> None:
        try:
            status, result, error = self._run(task)
        except Exception as failure:  # the process could not even start
            status, result = TaskStatus.FAILED, None
            error = WorkError(f"{task.label} could not start: {failure}", internal=True)
        with self._lock:
            self._running[task.lane.name].discard(task)
        task._finish(status, result, error)
        self._dispatch()

    def _run(self, task: Task[Any]) -> tuple[TaskStatus, Any, WorkError | None]:
        receiver, sender = self._context.Pipe(duplex=False)
        process = self._context.Process(  # type: ignore[attr-defined]
            target=_child,
            args=(sender, task.lane.nice, task._function, task._args, added_kinds()),
            daemon=True, name=f"grille-{task.label}",
        )
        with task._lock:
            if task._status.finished:
                receiver.close()
                sender.close()
                return TaskStatus.CANCELLED, None, _cancelled(task)
            task._status = TaskStatus.RUNNING
        process.start()  # waits while the fork server warms up: not counted as the task's
        self._ready.set()
        with task._lock:
            task.started = time.monotonic()
            task._process = process
            cancelled = task._cancelled
        sender.close()
        if cancelled:
            process.kill()
        deadline = None if task.time_limit is None else task.started + task.time_limit
        message = None
        try:
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready = multiprocessing.connection.wait([receiver, process.sentinel], timeout)
            if receiver in ready:
                with contextlib.suppress(EOFError, OSError):
                    message = receiver.recv()
            elif not ready:  # the time limit
                process.kill()
        finally:
            process.join()
            receiver.close()
            exitcode = process.exitcode
            with contextlib.suppress(ValueError):
                process.close()
        if message is not None:
            outcome, value = message
            if outcome == "ok":
                return TaskStatus.DONE, value, None
            text, internal = value
            return TaskStatus.FAILED, None, WorkError(text, internal=internal)
        if task._cancelled:
            return TaskStatus.CANCELLED, None, _cancelled(task)
        if deadline is not None and time.monotonic() >= deadline:
            return TaskStatus.FAILED, None, WorkTimeLimitError(
                f"{task.label} took more than {task.time_limit:g} s and was stopped"
            )
        return TaskStatus.FAILED, None, WorkError(
            f"{task.label}: its worker process ended without an answer "
            f"(exit code {exitcode})", internal=True,
        )


def _nothing() -> None:
    """What the process that finds out whether the workers are ready runs."""


def _cancelled(task: Task[Any]) -> WorkCancelledError:
    return WorkCancelledError(f"{task.label} was cancelled")


def _child(
    sender: Any, nice: int, function: Callable[..., Any], args: tuple[Any, ...],
    kinds: tuple[tuple[str, ...], tuple[str, ...]],
) -> None:
    """A worker process: run the function, send ``("ok", result)`` or ``("error", (message,
    internal))``. It first registers the kinds the parent registered after the fork
    server started (:func:`grille.kinds.adopt_kinds`)."""
    _follow_parent()
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    try:
        adopt_kinds(kinds)
        message: tuple[str, Any] = ("ok", function(*args))
    except ValueError as error:  # grille's input errors: their sentence is the answer
        message = ("error", (str(error) or type(error).__name__, False))
    except Exception as error:
        message = ("error", (f"{type(error).__name__}: {error}", True))
    try:
        sender.send(message)
    except Exception as error:  # an unpicklable result
        sender.send(("error", (f"the result could not be sent: {error}", True)))
    sender.close()


def _follow_parent() -> None:
    """End this worker process when the process that started it is gone (``kill -9`` of the
    app or the server): nobody waits for the answer any more, and a search could otherwise
    run on for minutes. A thread waits for the parent's end (kernels release the GIL)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="grille-parent-watch", daemon=True).start()


def _context(preload: Sequence[str]) -> multiprocessing.context.BaseContext:
    """A fork server that imported ``preload`` (where the platform has one), else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        if preload:
            context.set_forkserver_preload(list(preload))
        return context
    return multiprocessing.get_context("spawn")
