"""The game clock: seconds the game was shown and playable, advanced by signs of life.

A front end gives signs of life while a game is on screen: every action, and a heartbeat
every :data:`HEARTBEAT` seconds while the player only looks (the page while it is
visible, the terminal game while it runs). The clock counts the time between two signs of
life, but never more than :data:`GRACE` for one silence: a server that was down, an app
killed with ``kill -9``, a laptop asleep or a tab in the background add at most that much,
however long they last. A game that was never shown counts nothing.

A :class:`Timer` is a value: the seconds counted up to the last sign of life, and that
sign's clock reading while the clock runs. Readings come from the session's clock
(``time.time`` by default, injectable), so a saved timer is read the same way by any
process, and tests control time.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GRACE", "HEARTBEAT", "Timer"]

HEARTBEAT = 5.0
"""Seconds between two heartbeats a front end sends while a game is shown."""

GRACE = 2 * HEARTBEAT
"""The most one silence counts: a heartbeat may come late, but a longer gap means the game
was not being played (nothing was shown, or nothing could be done)."""


@dataclass(frozen=True, slots=True)
class Timer:
    """Seconds ``elapsed`` up to the sign of life at clock reading ``seen`` (``None``: the
    clock is stopped)."""

    elapsed: float = 0.0
    seen: float | None = None

    @property
    def running(self) -> bool:
        """Whether the clock counts (the game is shown and playable)."""
        return self.seen is not None

    def elapsed_at(self, now: float) -> float:
        """Seconds played at clock reading ``now``: a silence since the last sign of life
        counts up to :data:`GRACE`.

        >>> Timer(60.0, seen=100.0).elapsed_at(103.0), Timer(60.0, seen=100.0).elapsed_at(5000.0)
        (63.0, 70.0)
        """
        if self.seen is None:
            return self.elapsed
        return self.elapsed + min(max(0.0, now - self.seen), GRACE)

    def touched(self, now: float) -> Timer:
        """A sign of life at ``now``: the time since the last one counted, running from
        ``now`` on (a stopped clock starts)."""
        return Timer(self.elapsed_at(now), now)

    def stopped(self, now: float) -> Timer:
        """This clock stopped at ``now``, keeping the seconds counted so far."""
        return Timer(self.elapsed_at(now)) if self.running else self
