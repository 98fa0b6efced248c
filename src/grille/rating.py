"""Ratings from a solve path, shared by the kinds: level tables and the score-based rating.

A kind's level table lists each level with the largest step difficulty it admits; the
hardest step of a greedy solve decides the level. A kind may rate on top of it with scores
of its own (its ``logic.rating``) or use :class:`ScoreRating` as it is. What a kind's
rating takes (its scales, its options) is in its :class:`~grille.info.KindInfo`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grille.logic import Step

__all__ = ["LevelTable", "ScoreRating", "rate_path"]

_EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class LevelTable:
    """Levels in increasing order, each with the largest difficulty it admits."""

    levels: tuple[tuple[str, float], ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The level names, easiest first."""
        return tuple(name for name, _ in self.levels)

    def level_of(self, score: float) -> str:
        """The level of a puzzle whose hardest step has difficulty ``score``."""
        for name, ceiling in self.levels:
            if score <= ceiling + _EPSILON:
                return name
        return self.levels[-1][0]


@dataclass(frozen=True, slots=True)
class ScoreRating:
    """How hard a puzzle is: level, the hardest step's difficulty and technique, step counts."""

    level: str
    score: float
    hardest: str
    solved: bool
    techniques: tuple[tuple[str, int], ...] = ()
    scale: str = "grille"
    """The scale of ``score``: a kind's own (its techniques' values) unless it says."""

    def __str__(self) -> str:
        return f"{self.level} ({self.score:.1f}, {self.hardest or 'no step'})"

    def __repr__(self) -> str:
        return (f"<Rating {self.level} {self.scale} score={self.score:.1f} "
                f"hardest={self.hardest!r}>")

    @property
    def scale_name(self) -> str:
        """The scale as a player reads it: its name."""
        return self.scale

    def fields(self) -> tuple[str, ...]:
        """Level (one word), score and hardest technique as text (``grille rate``)."""
        return (self.level.replace(" ", "-"), f"{self.score:.1f}", self.hardest or "-")

    def to_json(self) -> dict[str, Any]:
        """``{"scale", "level", "score", "hardest", "solved"}``."""
        return {"scale": self.scale, "level": self.level, "score": round(self.score, 1),
                "hardest": self.hardest, "solved": self.solved}

    @property
    def step_count(self) -> int:
        """How many steps the solve took."""
        return sum(count for _, count in self.techniques)


def rate_path(
    steps: Sequence[Step], *, solved: bool, levels: LevelTable, unsolved: float
) -> ScoreRating:
    """The rating of a solve path; a path that does not finish scores ``unsolved``."""
    counts = tuple(Counter(step.technique for step in steps).most_common())
    if not steps:
        score = 0.0 if solved else unsolved
        return ScoreRating(levels.level_of(score), score, "", solved, counts)
    score = max(step.difficulty for step in steps)
    hardest = next(step.technique for step in steps if step.difficulty == score)
    if not solved:
        score = unsolved
    return ScoreRating(levels.level_of(score), score, hardest, solved, counts)
