"""Graded hints, as players ask for them, shaped from a logical step (any kind).

Depth 1 nudges (where to look), 2 names the technique, 3 shows the cells, 4 gives the
whole step with its explanation, 5 applies it. Before any of that, a wrong entry or a
pencil mark that rules out the right value is pointed out, so no hint builds on a mistake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from grille.logic import Step

__all__ = ["DEPTHS", "Hint", "Mistake", "hint_text"]

DEPTHS = {1: "nudge", 2: "technique", 3: "cells", 4: "step", 5: "apply"}


@dataclass(frozen=True, slots=True)
class Mistake:
    """A player's entry or pencil marks that contradict the solution."""

    row: int
    col: int
    message: str


G = TypeVar("G")


@dataclass(frozen=True, slots=True)
class Hint(Generic[G]):
    """A hint at some depth: its text, the cells to highlight, the step behind it.

    At depth 5 (apply), ``after`` is the player's state with the step applied.
    """

    depth: int
    text: str
    cells: tuple[tuple[int, int], ...] = ()
    step: Step | None = None
    mistakes: tuple[Mistake, ...] = ()
    after: G | None = None

    def __str__(self) -> str:
        return self.text


def hint_text(step: Step, depth: int, after: G | None = None) -> Hint[G]:
    """The hint for ``step`` at ``depth`` (1 nudge .. 5 apply)."""
    if depth not in DEPTHS:
        raise ValueError(f"hint depth must be 1 to 5, got {depth}")
    if depth == 1:
        where = step.area or "the whole grid"
        return Hint(1, f"Look at {where}.", step=step)
    if depth == 2:
        return Hint(2, f"Try a {step.technique}.", step=step)
    if depth == 3:
        cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in step.cells)
        return Hint(3, f"{step.technique} on {cells}.", step.cells, step)
    text = f"{step.technique}: {step.explanation}"
    return Hint(depth, text, step.cells, step, after=after if depth == 5 else None)
