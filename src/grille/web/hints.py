"""Hints as jobs: worked out in a worker process while the server stays free.

Asking for a hint takes the game's lock only for a moment: long enough to check that a
hint can be given (not paused, a puzzle with one solution: refused at once otherwise) and
to copy the question (:meth:`~grille.game.session.Session.hint_question`). The search then
runs in a worker process under a time limit (:mod:`grille.game.work`) while every other
request is answered; when it ends, the session takes the answer under the lock again.
The page gets the job at once when the hint is ready within :data:`QUICK_SECONDS` (most
are), else a running job to poll, which it can cancel: cancelling kills the process.
Depths 1 to 4 of a step already worked out are answered at once.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from grille.game.assist import HintAnswer, HintQuestion, answer_hint, deepest
from grille.game.work import Task, TaskStatus, WorkError, WorkTimeLimitError
from grille.hints import Hint
from grille.web.games import Games
from grille.web.models import GameState, HintJobOut, HintOut, HintResponse, MistakeOut

__all__ = [
    "HINT_SECONDS", "KEEP_SECONDS", "QUICK_SECONDS", "HintJob", "Hints", "hint_out",
    "hint_response",
]

HINT_SECONDS = 30.0
"""The time limit of one hint's search (with the node budget of its solve)."""

QUICK_SECONDS = 0.5
"""How long a request for a hint waits for it before answering with a running job."""

KEEP_SECONDS = 300.0
"""How long a finished hint job can still be read."""


@dataclass(slots=True)
class HintJob:
    """One hint being worked out for a game."""

    id: str
    game_id: int
    depth: int
    started: float = field(default_factory=time.monotonic)
    finished: float | None = None
    status: str = "running"
    result: HintResponse | None = None
    error: str | None = None
    task: Task[HintAnswer[Any]] | None = field(default=None, repr=False)
    ended: threading.Event = field(default_factory=threading.Event, repr=False)

    def to_out(self, now: float) -> HintJobOut:
        """The job as the API answers it."""
        return HintJobOut(
            id=self.id, game_id=self.game_id, depth=self.depth,
            status=self.status,  # type: ignore[arg-type]
            elapsed=round((self.finished or now) - self.started, 2),
            result=self.result, error=self.error,
        )


class Hints:
    """Hint jobs of the games in ``games``: one at a time per game. ``answer`` is what the
    worker process runs on a session's question (a module-level function)."""

    def __init__(
        self,
        games: Games,
        *,
        time_limit: float = HINT_SECONDS,
        quick: float = QUICK_SECONDS,
        answer: Callable[[HintQuestion[Any]], HintAnswer[Any]] = answer_hint,
    ) -> None:
        self.games = games
        self.time_limit = time_limit
        self.quick = quick
        self.answer = answer
        self._jobs: dict[str, HintJob] = {}
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"<Hints {len(self._jobs)} jobs>"

    def ask(self, game_id: int, depth: int) -> HintJobOut:
        """Start a hint at ``depth`` for game ``game_id``; the job, done when the hint was
        ready within :attr:`quick` seconds. A hint still running for the game is cancelled.
        ``SessionError`` at once when no hint can be given."""
        question = self.games.read(game_id, lambda live: live.session.hint_question())
        job = HintJob(secrets.token_hex(8), game_id, depth)
        with self._lock:
            self._prune(time.monotonic())
            older = [j for j in self._jobs.values()
                     if j.game_id == game_id and j.status == "running"]
            self._jobs[job.id] = job
        for stale in older:
            self._cancel(stale)
        if question is None:  # the step is known: no search
            self._settle(job, lambda: self._give(job, None))
        else:
            task = self.games.work.submit(self.answer, question, lane="play",
                                          time_limit=self.time_limit, label="hint")
            job.task = task
            task.add_done_callback(lambda done: self._settle(job, lambda: self._taken(job, done)))
        job.ended.wait(self.quick)
        return job.to_out(time.monotonic())

    def get(self, game_id: int, job_id: str) -> HintJobOut | None:
        """The hint job ``job_id`` of game ``game_id`` (``None`` if unknown)."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None or job.game_id != game_id:
            return None
        return job.to_out(time.monotonic())

    def cancel(self, game_id: int, job_id: str) -> bool:
        """Stop the hint job (its process is killed); ``False`` if there is no such job."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None or job.game_id != game_id:
            return False
        self._cancel(job)
        return True

    def shutdown(self) -> None:
        """Cancel every running hint job."""
        with self._lock:
            running = [job for job in self._jobs.values() if job.status == "running"]
        for job in running:
            self._cancel(job)

    # -- inside -------------------------------------------------------------------------------

    def _cancel(self, job: HintJob) -> None:
        if job.task is not None:
            job.task.cancel()  # its callback marks the job cancelled

    def _taken(self, job: HintJob, task: Task[HintAnswer[Any]]) -> HintResponse:
        if task.status is TaskStatus.CANCELLED:
            raise _CancelledError
        try:
            answer = task.result()
        except WorkTimeLimitError:
            raise WorkError(
                f"no hint found within {self.time_limit:g} s: the next step needs more work "
                "than a hint may take"
            ) from None
        return self._give(job, answer)

    def _give(self, job: HintJob, answer: HintAnswer[Any] | None) -> HintResponse:
        def give(session: Any) -> tuple[Hint[Any], bool]:
            before = session.position
            found = session.hint(job.depth, answer)
            return found, session.position != before

        (found, applied), state = self.games.act(job.game_id, give)
        return hint_response(found, applied, state)

    def _settle(self, job: HintJob, outcome: Callable[[], HintResponse]) -> None:
        status, result, error = "done", None, None
        try:
            result = outcome()
        except _CancelledError:
            status = "cancelled"
        except ValueError as failure:  # the grid changed, the game was paused or deleted
            status, error = "failed", str(failure)
        except Exception as failure:
            status, error = "failed", f"internal error: {type(failure).__name__}: {failure}"
        job.status, job.result, job.error = status, result, error
        job.finished = time.monotonic()
        job.ended.set()

    def _prune(self, now: float) -> None:
        stale = [key for key, job in self._jobs.items()
                 if job.finished is not None and now - job.finished > KEEP_SECONDS]
        for key in stale:
            del self._jobs[key]


class _CancelledError(Exception):
    """The hint's task was cancelled."""


def hint_response(found: Hint[Any], applied: bool, state: GameState) -> HintResponse:
    """A hint the session gave and the game after it, as the API answers them."""
    return HintResponse(hint=hint_out(found, applied), game=state)


def hint_out(found: Hint[Any], applied: bool) -> HintOut:
    """A hint as the API answers it: what its depth shows, no more."""
    step = found.step
    return HintOut(
        depth=found.depth,
        deepest=deepest(found),
        about="step" if step is not None else "mistakes" if found.mistakes else "note",
        text=found.text,
        cells=[(r, c) for r, c in found.cells],
        technique=step.technique if step is not None and found.depth >= 2 else None,
        explanation=step.explanation if step is not None and found.depth >= 4 else None,
        placements=list(step.placements) if step is not None and found.depth >= 4 else [],
        eliminations=list(step.eliminations) if step is not None and found.depth >= 4 else [],
        mistakes=[MistakeOut(row=m.row, col=m.col, message=m.message)
                  for m in found.mistakes] if found.depth >= 3 else [],
        applied=applied,
    )
