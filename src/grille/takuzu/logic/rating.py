"""Rating a solve path: the hardest step decides the level.

============  ===========  ============================================================
level         difficulty   techniques needed at most
============  ===========  ============================================================
easy          <= 2.0       pair, sandwich, last empty cell, line balance, duplicate line
medium        <= 3.0       needs one more (Unruly's near-complete rule)
hard          <= 4.0       gap counting, line completions
very hard     > 4.0        lookahead (5.0), trial and error (6.0)
============  ===========  ============================================================

Calibrated on the shared data's ``unruly_level`` (Tatham's Unruly solver): trivial and
easy map to easy, normal to medium, beyond to hard or very hard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from grille.logic import Step

__all__ = ["LEVELS", "UNSOLVED", "Rating", "level_of", "rate_steps"]

UNSOLVED = 10.0

LEVELS: tuple[tuple[str, float], ...] = (
    ("easy", 2.0),
    ("medium", 3.0),
    ("hard", 4.0),
    ("very hard", UNSOLVED),
)
"""Each level with the largest difficulty it admits."""

LEVEL_NAMES = tuple(name for name, _ in LEVELS)


def level_of(difficulty: float) -> str:
    """The level of a puzzle whose hardest step is ``difficulty``."""
    for name, ceiling in LEVELS:
        if difficulty <= ceiling + 1e-9:
            return name
    return LEVELS[-1][0]


@dataclass(frozen=True, slots=True)
class Rating:
    """How hard a puzzle is: level, hardest difficulty and technique, step counts."""

    level: str
    score: float
    hardest: str
    solved: bool
    techniques: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return f"{self.level} ({self.score:.1f}, {self.hardest})"

    def __repr__(self) -> str:
        return f"<Rating {self.level} score={self.score:.1f} hardest={self.hardest!r}>"

    def fields(self) -> tuple[str, ...]:
        """Level, score and hardest technique as text (the columns of ``grille rate``)."""
        return (self.level.replace(" ", "-"), f"{self.score:.1f}", self.hardest)


def rate_steps(steps: Sequence[Step], *, solved: bool) -> Rating:
    """The rating of a solve path."""
    if not steps:
        return Rating("easy", 0.0, "none", solved, ())
    hardest = max(steps, key=lambda step: step.difficulty)
    score = hardest.difficulty if solved else UNSOLVED
    counts = Counter(step.technique for step in steps)
    return Rating(level_of(score), score, hardest.technique if solved else "unsolved", solved,
                  tuple(counts.items()))
