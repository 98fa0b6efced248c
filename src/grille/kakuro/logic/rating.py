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

from collections.abc import Sequence

from grille.logic import Step
from grille.rating import LevelTable, ScoreRating, rate_path

__all__ = ["LEVELS", "UNSOLVED", "Rating", "level_of", "rate_steps"]

UNSOLVED = 10.0

LEVELS: tuple[tuple[str, float], ...] = (
    ("easy", 1.5),
    ("medium", 3.0),
    ("hard", 4.0),
    ("very hard", UNSOLVED),
)
"""Each level with the largest difficulty it admits."""


TABLE = LevelTable(LEVELS)
level_of = TABLE.level_of
Rating = ScoreRating


def rate_steps(steps: Sequence[Step], *, solved: bool) -> Rating:
    """The rating of a solve path."""
    return rate_path(steps, solved=solved, levels=TABLE, unsolved=UNSOLVED)
