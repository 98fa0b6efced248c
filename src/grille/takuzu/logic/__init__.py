"""The human-style Takuzu solver: techniques as steps, explanations, rating, hints."""

from __future__ import annotations

from grille.takuzu.logic.explain import LADDER, explain, hint, ladder_for, rate, walk
from grille.takuzu.logic.rating import LEVEL_NAMES, LEVELS, Rating, level_of

__all__ = [
    "LADDER",
    "LEVELS",
    "LEVEL_NAMES",
    "Rating",
    "explain",
    "hint",
    "ladder_for",
    "level_of",
    "rate",
    "walk",
]
