"""The slow work of the terminal game, run in worker processes and followed from the UI thread.

A hint, the solve of a puzzle, a generation or a step-by-step explanation can take seconds
to minutes inside a compiled kernel, which no thread can interrupt. So the app hands each
to its :class:`grille.game.work.Workers` (under a time limit; the searches of hints and
solves within a node budget too), and a screen follows the task with a :class:`Pending`:
a poll on the UI thread every :data:`POLL_SECONDS`, so the screen never blocks, nothing
crosses threads, and cancelling kills the worker process at once.

The functions a worker runs must be importable by name there, so they live here, away
from Textual: :func:`explain_puzzle`, and :func:`grille.game.assist.answer_hint`,
:func:`grille.game.assist.solve`, :func:`grille.game.pool.generate_puzzle`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from grille.game.work import Task, TaskStatus, WorkError, Workers, WorkTimeLimitError
from grille.kind import Kind
from grille.kinds import get_kind
from grille.logic import Explanation, Rating

if TYPE_CHECKING:
    from textual.message_pump import MessagePump

__all__ = [
    "ENTER_SECONDS",
    "EXPLAIN_SECONDS",
    "GENERATE_SECONDS",
    "HINT_SECONDS",
    "POLL_SECONDS",
    "SOLVE_SECONDS",
    "Pending",
    "explain_puzzle",
    "failure",
    "start_workers",
    "waiting_text",
]

T = TypeVar("T")

POLL_SECONDS = 0.1
"""How often a screen looks whether the task it waits for ended."""

HINT_SECONDS = 30.0
"""The time limit of one hint's search (as in the browser game)."""

SOLVE_SECONDS = 30.0
"""The time limit of the search of a game's solutions (to check against it)."""

ENTER_SECONDS = 20.0
"""The time limit of the check that an entered puzzle has one solution."""

EXPLAIN_SECONDS = 120.0
"""The time limit of a step-by-step solve."""

GENERATE_SECONDS = 900.0
"""The time limit of one generation (a 16x16 extreme can take minutes)."""


def start_workers(work: Workers, log: Path) -> None:
    """Launch the fork server of ``work`` now, from this thread, its standard error (and
    so its worker processes') appended to ``log``.

    Textual draws the screen on the terminal's standard error, which anything a worker
    wrote there would scramble; and once the app runs, its standard streams are Textual's
    captures, which a new process cannot inherit. So the app launches its workers first.
    """
    log.parent.mkdir(parents=True, exist_ok=True)
    sys.stderr.flush()
    with open(log, "ab") as target:
        saved = os.dup(2)
        try:
            os.dup2(target.fileno(), 2)
            work.start(wait=True)
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def explain_puzzle(kind_name: str, puzzle: Any) -> tuple[Explanation[Any], list[Any], Rating]:
    """The logical solve of ``puzzle``, the grid before each step as ``grille render --step``
    draws it (the kind's replay: a placed digit leaves its peers' marks), and the rating
    (what a worker process runs for the step-by-step viewer)."""
    kind: Kind[Any] = get_kind(kind_name)
    explanation = kind.explain(puzzle)
    return explanation, kind.step_states(puzzle, explanation.steps), kind.rate(puzzle)


def waiting_text(what: str, seconds: float, *, ready: bool, warmed: bool) -> str:
    """What a screen says while a task doing ``what`` ("Checking that the puzzle has one
    solution") has waited ``seconds``: while the worker processes are not ``ready``, that
    they are preparing the solver (compiling it when not ``warmed``: the first time only).

    >>> waiting_text("Checking", 0.4, ready=True, warmed=True)
    'Checking… Esc stops.'
    >>> waiting_text("Checking", 42.7, ready=False, warmed=False)
    'Preparing the solver the first time (a minute or more)… 42 s. Esc stops.'
    >>> waiting_text("Checking", 3.2, ready=False, warmed=True)
    'Starting the solver… 3 s. Esc stops.'
    """
    if ready:
        doing = what
    elif warmed:
        doing = "Starting the solver"
    else:
        doing = "Preparing the solver the first time (a minute or more)"
    counted = f" {int(seconds)} s." if seconds >= 1 else ""
    return f"{doing}…{counted} Esc stops."


def failure(task: Task[Any], what: str) -> str:
    """Why ``task`` (doing ``what``, e.g. "the hint") gave no result, as a sentence."""
    if task.status is TaskStatus.CANCELLED:
        return f"{what[:1].upper()}{what[1:]} was cancelled."
    error = task.error
    if isinstance(error, WorkTimeLimitError):
        limit = f"{task.time_limit:g} s" if task.time_limit is not None else "its time limit"
        return f"{what[:1].upper()}{what[1:]} took more than {limit} and was stopped."
    if isinstance(error, WorkError) and error.internal:
        return f"{what[:1].upper()}{what[1:]} failed: {error}"
    return str(error) if error is not None else f"{what} gave no answer"


class Pending(Generic[T]):
    """A task a screen (``node``) waits for, named ``what`` ("a hint"): polled on the UI
    thread; ``then(task)`` runs there once the task ended (done, failed, or stopped by its
    time limit), unless :meth:`cancel` came first."""

    def __init__(
        self,
        node: MessagePump,
        task: Task[T],
        what: str,
        then: Callable[[Task[T]], None],
        *,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        self.task = task
        self.what = what
        self._then = then
        self._on_error = on_error
        self._timer = node.set_interval(POLL_SECONDS, self._poll)

    def __repr__(self) -> str:
        return f"<Pending {self.what}: {self.task!r}>"

    @property
    def elapsed(self) -> float:
        """Seconds the task has run so far."""
        return self.task.elapsed

    def cancel(self) -> None:
        """Stop the task (a running one's process is killed) and forget it."""
        self._timer.stop()
        self.task.cancel()

    def _poll(self) -> None:
        if not self.task.status.finished:
            return
        self._timer.stop()
        try:
            self._then(self.task)
        except Exception as error:
            if self._on_error is None:
                raise
            self._on_error(error)
