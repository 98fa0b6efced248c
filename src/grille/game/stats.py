"""Statistics of the saved games: how many played and solved, best and average times.

A game counts as solved when its grid is solved and the solution was never shown; hints
are allowed. Times are the seconds on the game's timer, which stops when the grid is solved.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from grille.kinds import kind_info, kind_names

__all__ = ["Statistic", "statistics"]


@dataclass(frozen=True, slots=True)
class Statistic:
    """The games of one kind, size and level (``None``: puzzles never rated)."""

    kind: str
    size: str
    level: str | None
    played: int
    """Games started, whatever became of them."""
    solved: int
    """Games solved without showing the solution."""
    best: float | None
    """Fewest seconds of a solved game (``None`` when none is solved)."""
    average: float | None
    """Mean seconds of the solved games."""

    def __str__(self) -> str:
        level = self.level or "unrated"
        if self.best is None or self.average is None:
            times = "none solved"
        else:
            times = f"best {_clock(self.best)}, average {_clock(self.average)}"
        return (
            f"{self.kind} {self.size} {level}: {self.solved}/{self.played} solved, {times}"
        )


_QUERY = """
SELECT p.kind, p.size, p.level, count(*),
       sum(g.status = 'solved' AND NOT g.solution_shown),
       min(CASE WHEN g.status = 'solved' AND NOT g.solution_shown THEN g.elapsed END),
       avg(CASE WHEN g.status = 'solved' AND NOT g.solution_shown THEN g.elapsed END)
FROM games AS g JOIN puzzles AS p ON p.id = g.puzzle_id
WHERE ? IS NULL OR p.kind = ?
GROUP BY p.kind, p.size, p.level
"""


def statistics(connection: sqlite3.Connection, kind: str | None = None) -> list[Statistic]:
    """One :class:`Statistic` per kind, size and level with games (of ``kind`` if given),
    ordered by kind, then size (smallest first), then level (easiest first, unrated last)."""
    rows = connection.execute(_QUERY, (kind, kind)).fetchall()
    found = [
        Statistic(row[0], row[1], row[2], row[3], row[4] or 0, row[5], row[6]) for row in rows
    ]
    return sorted(found, key=lambda s: (s.kind, _size_key(s.size), _level_key(s.kind, s.level)))


def _level_key(kind: str, level: str | None) -> tuple[int, str]:
    """Where ``level`` comes in ``kind``'s levels; unknown names after them, unrated last."""
    levels = kind_info(kind).levels if kind in kind_names() else ()
    if level in levels:
        return levels.index(level), ""
    return len(levels) + (level is None), level or ""


def _size_key(size: str) -> tuple[int, ...]:
    return tuple(int(part) if part.isdigit() else 0 for part in size.split("x"))


def _clock(seconds: float) -> str:
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
