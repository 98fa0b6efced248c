"""Puzzle generation in a thread pool, so a slow level keeps the server answering.

A job is submitted, runs in one of a few worker threads, and is polled by the page
(which shows a spinner and the seconds so far) until it is done with a new game, or
failed with the reason. Finished jobs are forgotten after a while.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace

from grille.errors import GrilleError
from grille.web.models import GenerateRequest, JobOut

__all__ = ["KEEP_SECONDS", "MAX_PENDING", "BusyError", "Job", "Jobs"]

MAX_PENDING = 8
"""Jobs queued or running at once; more are refused until some finish."""

KEEP_SECONDS = 600.0
"""How long a finished job's result stays available."""


class BusyError(GrilleError):
    """Too many generation jobs are waiting already."""


@dataclass(frozen=True, slots=True)
class Job:
    """A generation job's state."""

    id: str
    request: GenerateRequest
    status: str = "queued"
    submitted: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    game_id: int | None = None
    error: str | None = None

    def to_out(self, now: float) -> JobOut:
        """The job as the API answers it."""
        begin = self.started if self.started is not None else now
        end = self.finished if self.finished is not None else now
        return JobOut(
            id=self.id, kind=self.request.kind, size=self.request.size,
            level=self.request.level, status=self.status,  # type: ignore[arg-type]
            elapsed=round(max(0.0, end - begin), 2), game_id=self.game_id, error=self.error,
        )


class Jobs:
    """Runs ``generate(request) -> game id`` in ``workers`` threads."""

    def __init__(
        self, generate: Callable[[GenerateRequest], int], *, workers: int = 2,
        max_pending: int = MAX_PENDING,
    ) -> None:
        self._generate = generate
        self._workers = workers
        self._pool: ThreadPoolExecutor | None = None
        self._max_pending = max_pending
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"<Jobs {len(self._jobs)} known>"

    def submit(self, request: GenerateRequest) -> JobOut:
        """Queue a generation; ``BusyError`` when too many are waiting."""
        now = time.monotonic()
        with self._lock:
            self._prune(now)
            pending = sum(job.finished is None for job in self._jobs.values())
            if pending >= self._max_pending:
                raise BusyError(
                    f"{pending} puzzles are being generated already; try again in a moment"
                )
            job = Job(secrets.token_hex(8), request, submitted=now)
            self._jobs[job.id] = job
            if self._pool is None:  # first job, or the first since a shutdown
                self._pool = ThreadPoolExecutor(
                    max_workers=self._workers, thread_name_prefix="grille-gen"
                )
            self._pool.submit(self._run, job.id)
        return job.to_out(now)

    def get(self, job_id: str) -> JobOut | None:
        """The job ``job_id`` (``None`` if unknown or long finished)."""
        with self._lock:
            job = self._jobs.get(job_id)
        return None if job is None else job.to_out(time.monotonic())

    def shutdown(self) -> None:
        """Cancel the queued jobs (running ones finish); a later job starts new threads."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _update(self, job_id: str, **changes: object) -> Job:
        with self._lock:
            job = replace(self._jobs[job_id], **changes)  # type: ignore[arg-type]
            self._jobs[job_id] = job
            return job

    def _run(self, job_id: str) -> None:
        job = self._update(job_id, status="running", started=time.monotonic())
        try:
            game_id = self._generate(job.request)
        except ValueError as error:  # GrilleError and the game layer's errors
            self._update(job_id, status="failed", finished=time.monotonic(), error=str(error))
        except Exception as error:
            message = f"generation failed: {type(error).__name__}: {error}"
            self._update(job_id, status="failed", finished=time.monotonic(), error=message)
        else:
            self._update(job_id, status="done", finished=time.monotonic(), game_id=game_id)

    def _prune(self, now: float) -> None:
        stale = [
            key for key, job in self._jobs.items()
            if job.finished is not None and now - job.finished > KEEP_SECONDS
        ]
        for key in stale:
            del self._jobs[key]
