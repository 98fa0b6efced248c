"""Rating a solve path: Sudoku Explainer's ER/EP/ED and the level a player sees.

The walk is greedy, as SE's: the easiest step available is always taken, so the path and
its hardest step are well defined.

- **ER** the largest difficulty on the whole path;
- **EP** the largest difficulty up to and including the first step that places a digit;
- **ED** the difficulty of the first step.

A puzzle the ladder cannot finish is rated :data:`UNSOLVED` (20.0), SE's convention.

Levels, by ER (grille's mapping, chosen so each level adds a family of techniques; the
rating ladder has SE's techniques only, see :mod:`grille.sudoku.logic.explain`):

============  ==========  ============================================================
level         ER          techniques needed at most
============  ==========  ============================================================
easy          <= 2.3      singles (full house, hidden, naked) and SE's direct variants
medium        <= 2.9      pointing and claiming
hard          <= 4.4      naked/hidden pairs and triples, X-Wing, Swordfish, XY/XYZ-Wing
expert        <= 6.1      unique rectangles, quads, Jellyfish, BUG+1
diabolical    <= 7.4      single-digit patterns, X/XY-chains, cycles, AIC
extreme       >= 7.5      forcing chains and nets (Nishio and beyond), trial and error
============  ==========  ============================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grille.logic import Step
from grille.rating import LevelTable, rate_path
from grille.sudoku import info

__all__ = [
    "LEVELS", "SCALES", "SCALE_NAMES", "UNSOLVED", "Rating", "level_of", "rate_steps",
    "scale_name",
]

UNSOLVED = 20.0

SCALES = info.SCALES
"""The rating scales: ``se``, Sudoku Explainer 1.2.1's techniques and order (the default);
``sukaku``, Sukaku Explainer's default ladder: SE's plus strong-link chains and
WXYZ/VWXYZ-Wings (:mod:`~grille.sudoku.logic.sukaku.search`). Levels are the same on both."""

SCALE_NAMES: dict[str, str] = {"se": "SE", "sukaku": "Sukaku", "hodoku": "HoDoKu"}
"""Each scale's name as a player reads it (a scale not listed is read as spelled)."""


def scale_name(scale: str) -> str:
    """``"SE"`` for ``"se"``: the scale as a player reads it."""
    return SCALE_NAMES.get(scale, scale)


LEVELS: tuple[tuple[str, float], ...] = (
    ("easy", 2.3),
    ("medium", 2.9),
    ("hard", 4.4),
    ("expert", 6.1),
    ("diabolical", 7.4),
    ("extreme", UNSOLVED),
)
"""Each level with the largest ER it admits."""


_TABLE = LevelTable(LEVELS)


def level_of(er: float) -> str:
    """The level of a puzzle whose hardest step is ``er``."""
    return _TABLE.level_of(er)


@dataclass(frozen=True, slots=True)
class Rating:
    """How hard a puzzle is: level, SE-scale ER/EP/ED, the hardest technique, step counts."""

    level: str
    er: float
    ep: float
    ed: float
    hardest: str
    solved: bool
    techniques: tuple[tuple[str, int], ...]
    scale: str = "se"
    """The scale (one of :data:`SCALES`) whose ladder walked the path rated."""

    def __str__(self) -> str:
        return f"{self.level} (ER {self.er:.1f}, EP {self.ep:.1f}, ED {self.ed:.1f})"

    def __repr__(self) -> str:
        return (
            f"<Rating {self.level} {self.scale} ER={self.er:.1f} EP={self.ep:.1f} "
            f"ED={self.ed:.1f} hardest={self.hardest!r}>"
        )

    @property
    def scale_name(self) -> str:
        """The scale as a player reads it (``SE``, ``Sukaku``)."""
        return scale_name(self.scale)

    def fields(self) -> tuple[str, ...]:
        """Level, ER, EP and ED as text (the columns of ``grille rate``)."""
        return (self.level, f"{self.er:.1f}", f"{self.ep:.1f}", f"{self.ed:.1f}")

    def to_json(self) -> dict[str, Any]:
        """``{"scale", "level", "er", "ep", "ed", "hardest", "solved"}``."""
        return {"scale": self.scale, "level": self.level, "er": round(self.er, 1),
                "ep": round(self.ep, 1), "ed": round(self.ed, 1), "hardest": self.hardest,
                "solved": self.solved}

    @property
    def step_count(self) -> int:
        """How many steps the solve took."""
        return sum(count for _, count in self.techniques)


def rate_steps(steps: Sequence[Step], *, solved: bool, scale: str = "se") -> Rating:
    """The rating of a solve path ``steps`` walked by ``scale``'s ladder; ``solved`` says
    whether it reached the end: the shared :func:`~grille.rating.rate_path`, with EP and ED
    on top."""
    path = rate_path(steps, solved=solved, levels=_TABLE, unsolved=UNSOLVED)
    if not steps:
        return Rating(path.level, path.score, path.score, path.score, "", solved, (), scale)
    first_placement = next((i for i, step in enumerate(steps) if step.placements), len(steps) - 1)
    ep = max(step.difficulty for step in steps[: first_placement + 1])
    ed = steps[0].difficulty
    return Rating(path.level, path.score, ep, ed, path.hardest, solved, path.techniques, scale)
