"""Logical steps, as every kind's human-style solver reports them.

A :class:`Step` is one deduction a person can follow: the technique's name, what it
places and what it eliminates, the cells, units and links that justify it (for
highlighting), a sentence that explains it, and its difficulty on the kind's scale.
The explanation of a whole solve is the list of its steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from grille.kind import Puzzle

__all__ = ["Candidate", "Explanation", "Link", "Rating", "Replayable", "Step", "replay"]

Candidate = tuple[int, int, int]
"""A digit (or symbol) in a cell: (row, column, value), rows and columns 0-based."""


@dataclass(frozen=True, slots=True)
class Link:
    """An inference between two candidates of a chain: strong (one of them is true) or weak."""

    start: Candidate
    end: Candidate
    strong: bool


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction: placements and eliminations, what justifies them, and why in words."""

    technique: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[tuple[int, int], ...] = ()
    units: tuple[str, ...] = ()
    links: tuple[Link, ...] = ()
    explanation: str = ""
    difficulty: float = 0.0
    area: str = field(default="", compare=False)
    """Where to look, for the first hint depth ("box 4", "row 3", "the whole grid")."""

    def __str__(self) -> str:
        return f"{self.technique}: {self.explanation}"

    def __repr__(self) -> str:
        return (
            f"<Step {self.technique} ({self.difficulty:.1f}): "
            f"{len(self.placements)} placement(s), {len(self.eliminations)} elimination(s)>"
        )

    @property
    def is_placement(self) -> bool:
        """Whether the step places at least one value."""
        return bool(self.placements)

    def to_json(self) -> dict[str, Any]:
        """The step as JSON-ready data, rows and columns 1-based."""
        return {
            "technique": self.technique,
            "difficulty": round(self.difficulty, 1),
            "placements": [[r + 1, c + 1, v] for r, c, v in self.placements],
            "eliminations": [[r + 1, c + 1, v] for r, c, v in self.eliminations],
            "cells": [[r + 1, c + 1] for r, c in self.cells],
            "units": list(self.units),
            "explanation": self.explanation,
        }


G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class Explanation(Generic[G]):
    """A logical solve: its steps, whether it finished, and the grid it reached.

    ``start`` is the puzzle explained (every kind's explain sets it): from it
    :meth:`states` and :meth:`state_before` replay the steps through the kind's
    :meth:`~grille.kind.Kind.step_states` when asked, so an explanation costs nothing more
    for it (rating never asks).
    """

    steps: tuple[Step, ...]
    solved: bool
    final: G
    start: G | None = field(default=None, compare=False, repr=False)

    def states(self) -> list[G]:
        """The grid before each step and after the last (``len(steps) + 1`` grids), with
        the candidates the solve had then as pencil marks: what a step viewer shows."""
        return self._replayed(len(self.steps))

    def state_before(self, number: int) -> G:
        """The grid just before step ``number`` (1-based), candidates as pencil marks."""
        from grille.errors import GrilleError

        if not 1 <= number <= len(self.steps):
            raise GrilleError(f"step {number} does not exist: the explained solve has "
                              f"steps 1 to {len(self.steps)}")
        return self._replayed(number - 1)[-1]

    def _replayed(self, count: int) -> list[G]:
        from grille.errors import GrilleError
        from grille.kinds import get_kind

        if self.start is None:
            raise GrilleError("this explanation does not carry the puzzle it explains")
        kind = get_kind(cast("Puzzle", self.start).kind)
        states: list[G] = kind.step_states(self.start, self.steps[:count])
        return states


class Rating(Protocol):
    """What every kind's rating offers the front ends: a level and printable fields."""

    @property
    def level(self) -> str:
        """The level a player sees (easy ... extreme)."""
        ...

    def fields(self) -> tuple[str, ...]:
        """The rating as text columns, level first (for ``grille rate``)."""
        ...


B = TypeVar("B", bound="Replayable[Any]")


class Replayable(Protocol[G]):
    """A kind's candidate board, as :func:`replay` uses it."""

    def apply(self: B, step: Step) -> B:
        """The board after ``step``."""
        ...

    def to_grid(self, puzzle: G) -> G:
        """``puzzle`` with this board's digits, and its candidates as pencil marks."""
        ...


def replay(board: Replayable[G], puzzle: G, steps: Sequence[Step]) -> list[G]:
    """The grid of ``board`` before each of ``steps`` and after the last, candidates as
    marks: what a kind's :meth:`~grille.kind.Kind.step_states` gives for its own board."""
    states = [board.to_grid(puzzle)]
    for step in steps:
        board = board.apply(step)
        states.append(board.to_grid(puzzle))
    return states
