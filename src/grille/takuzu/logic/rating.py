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

from collections.abc import Sequence

from grille.logic import Step
from grille.rating import LevelTable, ScoreRating, rate_path

__all__ = ["LEVELS", "LEVEL_NAMES", "UNSOLVED", "Rating", "level_of", "rate_steps"]

UNSOLVED = 10.0

LEVELS: tuple[tuple[str, float], ...] = (
    ("easy", 2.0),
    ("medium", 3.0),
    ("hard", 4.0),
    ("very hard", UNSOLVED),
)
"""Each level with the largest difficulty it admits."""

LEVEL_NAMES = tuple(name for name, _ in LEVELS)

TABLE = LevelTable(LEVELS)
level_of = TABLE.level_of
Rating = ScoreRating


def rate_steps(steps: Sequence[Step], *, solved: bool) -> Rating:
    """The rating of a solve path."""
    return rate_path(steps, solved=solved, levels=TABLE, unsolved=UNSOLVED)
