"""HoDoKu 2.2's rating scale: its solve path, step scores and levels (``--scale hodoku``)."""

from grille.sudoku.logic.hodoku.scale import (
    HODOKU_LEVELS,
    HodokuRating,
    HodokuTechnique,
    explain_hodoku,
    hodoku_path,
    hodoku_steps,
    rate_hodoku,
)

__all__ = [
    "HODOKU_LEVELS",
    "HodokuRating",
    "HodokuTechnique",
    "explain_hodoku",
    "hodoku_path",
    "hodoku_steps",
    "rate_hodoku",
]
