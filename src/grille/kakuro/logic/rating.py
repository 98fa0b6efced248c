"""Rating a Kakuro solve path: the hardest technique it needs, and the level a player sees.

Levels, by the largest difficulty on the path (see :mod:`grille.kakuro.logic.techniques`):

==========  ==========  ==============================================================
level       difficulty  techniques needed at most
==========  ==========  ==============================================================
easy        <= 1.5      last cells, singles, unique combinations, two-run intersections
medium      <= 3.0      combinations that fit the cells, digits they all require
hard        <= 4.0      bounds, naked and hidden subsets, full consistency of a run, area sums
very hard   > 4.0       lookahead (a run left with no filling after assuming a digit)
==========  ==========  ==============================================================

The mapping follows the constraint-propagation ladder of the shared data's ``cp_level``:
per-run combination reasoning (``B``) is easy or medium, full consistency per run (``C``)
hard, and singleton consistency or shaving (``S``) very hard. A path the ladder cannot
finish rates :data:`UNSOLVED`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from grille.logic import Step

__all__ = ["LEVELS", "UNSOLVED", "Rating", "level_of", "rate_steps"]

UNSOLVED = 10.0

LEVELS: tuple[tuple[str, float], ...] = (
    ("easy", 1.5),
    ("medium", 3.0),
    ("hard", 4.0),
    ("very hard", UNSOLVED),
)
"""Each level with the largest difficulty it admits."""


def level_of(score: float) -> str:
    """The level of a puzzle whose hardest step has difficulty ``score``."""
    for name, ceiling in LEVELS:
        if score <= ceiling + 1e-9:
            return name
    return LEVELS[-1][0]


@dataclass(frozen=True, slots=True)
class Rating:
    """How hard a puzzle is: level, the hardest step's difficulty and technique, counts."""

    level: str
    score: float
    hardest: str
    solved: bool
    techniques: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        return f"{self.level} ({self.score:.1f}, {self.hardest or 'no step'})"

    def fields(self) -> tuple[str, ...]:
        """Level, score and hardest technique, as text (``grille rate``)."""
        return (self.level, f"{self.score:.1f}", self.hardest or "-")

    @property
    def step_count(self) -> int:
        """How many steps the solve took."""
        return sum(count for _, count in self.techniques)


def rate_steps(steps: Sequence[Step], *, solved: bool) -> Rating:
    """The rating of a solve path."""
    counts = tuple(Counter(step.technique for step in steps).most_common())
    if not steps:
        score = 0.0 if solved else UNSOLVED
        return Rating(level_of(score), score, "", solved, counts)
    score = max(step.difficulty for step in steps)
    hardest = next(step.technique for step in steps if step.difficulty == score)
    if not solved:
        score = UNSOLVED
    return Rating(level_of(score), score, hardest, solved, counts)
