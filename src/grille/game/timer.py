"""The game clock: seconds played, counted only while the timer runs.

A :class:`Timer` is a value: the seconds counted before the last start and, while it runs,
the clock reading at that start. Readings come from the session's clock (``time.time`` by
default, injectable), so a saved running timer keeps counting across processes, and tests
control time.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Timer"]


@dataclass(frozen=True, slots=True)
class Timer:
    """Seconds ``elapsed`` before ``running_since`` (a clock reading; ``None``: stopped)."""

    elapsed: float = 0.0
    running_since: float | None = None

    @property
    def running(self) -> bool:
        """Whether the timer counts."""
        return self.running_since is not None

    def elapsed_at(self, now: float) -> float:
        """Seconds played at clock reading ``now`` (never less than when it last started)."""
        if self.running_since is None:
            return self.elapsed
        return self.elapsed + max(0.0, now - self.running_since)

    def started(self, now: float) -> Timer:
        """This timer running from ``now`` on (itself when it already runs)."""
        return self if self.running else Timer(self.elapsed, now)

    def stopped(self, now: float) -> Timer:
        """This timer stopped at ``now``, keeping the seconds counted so far."""
        return Timer(self.elapsed_at(now)) if self.running else self
